import { posix } from 'node:path';

/** A repository path for `entry` read in `dir`, or null when it is absolute or leaves the repository. */
export function insideRepository(dir: string, entry: string): string | null {
  if (posix.isAbsolute(entry) || /^[A-Za-z]:[\\/]/.test(entry) || entry.includes('\0')) return null;
  const p = posix.normalize(posix.join(dir, entry)).replace(/\/$/, '');
  if (p === '..' || p.startsWith('../') || posix.isAbsolute(p)) return null;
  return p === '.' ? '' : p;
}
