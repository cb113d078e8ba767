import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The tool's own per-user cache (XDG): fetched charts and sources, and V8's compiled code of the
 * CLI. Never the system temporary directory, which other users share and a run must leave clean.
 */
export function cacheHome(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'config-rollout-guard');
}

/**
 * `folder` and the parents it lacks, made one at a time, for this user alone. Node's recursive
 * mkdir, sync or not, never returns where a file system answers that a directory it will not make
 * does not exist (an XDG_CACHE_HOME under /proc spun the exit of every run): here that fails. A
 * level another run made meanwhile is no failure.
 */
export function makeCacheFolder(folder: string): void {
  const missing: string[] = [];
  for (let at = folder; !existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.unshift(at);
  for (const dir of missing)
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
}
