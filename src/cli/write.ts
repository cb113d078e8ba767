import { lstat, realpath, rename, stat, writeFile, rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../model/errors.js';

/**
 * Writes a file of the repository, and nowhere else: the path must stay under the root, outside
 * `.git/`, with no symlink on the way (a tracked symlink could point anywhere). The text goes to a
 * temporary file beside the target, with the target's mode, then replaces it in one rename.
 */
export async function writeInside(root: string, file: string, text: string): Promise<void> {
  const target = resolve(root, file);
  const rel = relative(root, target);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep)[0] === '.git')
    throw new UsageError(`refusing to write ${file}: it is not a file of the repository.`);
  const realRoot = await realpath(root);
  const realDir = await realpath(dirname(target)).catch(() => null);
  if (realDir === null || realDir !== join(realRoot, dirname(rel)))
    throw new UsageError(`refusing to write ${file}: a directory on its path is a symlink.`);
  const existing = await lstat(target).catch(() => null);
  if (existing?.isSymbolicLink()) throw new UsageError(`refusing to write ${file}: it is a symlink.`);
  if (existing && !existing.isFile())
    throw new UsageError(`refusing to write ${file}: it is not a regular file.`);
  const mode = existing ? (await stat(target)).mode & 0o7777 : 0o644;
  const temp = join(dirname(target), `.${basename(target)}.config-rollout-guard-${process.pid}`);
  try {
    await writeFile(temp, text, { mode, flag: 'wx' });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
