#!/usr/bin/env node
// The content hash of everything dist/ is built from. `npm run build` records it in
// dist/inputs.sha256; the test set-up rebuilds only when the source's content differs from what
// that build read (mtimes say nothing in a fresh clone, where every file is new).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
export const STAMP = join(root, 'dist', 'inputs.sha256');
const INPUTS = [
  'src',
  'docs',
  'package-lock.json',
  'rollup.config.js',
  'tsconfig.json',
  'tsconfig.build.json',
];

function files(path) {
  try {
    return readdirSync(path, { withFileTypes: true })
      .flatMap((entry) => files(join(path, entry.name)))
      .filter((file) => !file.startsWith(join(root, 'docs')) || file.endsWith('.json'));
  } catch (error) {
    if (error.code === 'ENOTDIR') return [path];
    throw error;
  }
}

export function distInputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => files(join(root, input))).sort()) {
    const content = readFileSync(file);
    hash.update(`${relative(root, file)}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--write')
  writeFileSync(STAMP, `${distInputsHash()}\n`);
