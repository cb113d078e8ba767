import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The tool's own per-user cache (XDG): fetched charts and sources, and V8's compiled code of the
 * CLI. Never the system temporary directory, which other users share and a run must leave clean.
 */
export function cacheHome(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'config-rollout-guard');
}
