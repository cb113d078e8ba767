import { posix } from 'node:path';

/**
 * The files of a listing under a directory, at any depth ('' is the whole repository), each
 * directory listed once: discovery asks again for every root, and for every file `reads` answers
 * alone (argo-cd's charts listed their files from 5,574 paths 49 times over).
 */
export function filesUnder(files: string[]): (dir: string) => string[] {
  const listed = new Map<string, string[]>();
  return (dir) => {
    let found = listed.get(dir);
    if (!found) listed.set(dir, (found = dir ? files.filter((f) => f.startsWith(`${dir}/`)) : files));
    return found;
  };
}

/** A repository path for `entry` read in `dir`, or null when it is absolute or leaves the repository. */
export function insideRepository(dir: string, entry: string): string | null {
  if (posix.isAbsolute(entry) || /^[A-Za-z]:[\\/]/.test(entry) || entry.includes('\0')) return null;
  const p = posix.normalize(posix.join(dir, entry)).replace(/\/$/, '');
  if (p === '..' || p.startsWith('../') || posix.isAbsolute(p)) return null;
  return p === '.' ? '' : p;
}

/** A path in this repository; templated paths (ApplicationSet generators), `$ref` sources and escapes are not. */
export function repoPath(value: unknown): string | null {
  if (typeof value !== 'string' || /\{\{|\$\{|^\$/.test(value)) return null;
  const p = posix.normalize(value.replace(/^\/+/, '')).replace(/\/$/, '');
  if (p === '..' || p.startsWith('../')) return null;
  return p === '.' ? '' : p;
}

/** The directory a path is in, the top being ''. */
export const parentOf = (path: string): string => (posix.dirname(path) === '.' ? '' : posix.dirname(path));
