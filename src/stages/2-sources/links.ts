import { posix } from 'node:path';
import { insideRepository } from './paths.js';

/**
 * Linux's bound on the symbolic links one lookup passes through (MAXSYMLINKS): past it, `ELOOP`.
 */
const HOPS = 40;

/**
 * Where a symbolic link of a revision leads. A build reads through it what `file` holds, and what
 * it reads changes when any of `reads` does (the links it passes, the file, a directory's files):
 * a root that reads the link reads those too. Refused, the link is not followed, and a root that
 * reads it is not checked, saying `refused`.
 */
export type LinkEnd = { file: string; reads: string[] } | { refused: string; reads: string[] };

/**
 * The symbolic links of one revision, followed as Argo CD's repo-server allows them: one that
 * stays inside the repository reads as the file it ends at; one that leaves it (an absolute path,
 * `..` past the top), ends at a directory or at nothing, or goes round, is refused. Nothing is
 * followed outside the listing of the revision: a path is a file only if git lists it as one.
 */
export class Links {
  readonly ends = new Map<string, LinkEnd>();
  /** Path → the links whose reading changes when it does. */
  private readonly readers = new Map<string, string[]>();

  /** `links`: each link and the path it holds; `files`: every file of the revision, links among them. */
  constructor(links: ReadonlyMap<string, string>, files: readonly string[]) {
    if (links.size === 0) return;
    const isFile = new Set(files.filter((f) => !links.has(f)));
    const dirs = new Map<string, string[]>();
    for (const file of isFile)
      for (let d = posix.dirname(file); ; d = posix.dirname(d)) {
        const dir = d === '.' ? '' : d;
        const under = dirs.get(dir);
        if (under) under.push(file);
        else dirs.set(dir, [file]);
        if (dir === '') break;
      }
    for (const link of links.keys()) {
      const end = follow(link, links, isFile, dirs);
      this.ends.set(link, end);
      for (const path of end.reads) {
        const known = this.readers.get(path);
        if (known) known.push(link);
        else this.readers.set(path, [link]);
      }
    }
  }

  /** The links whose reading changes when `path` does. */
  through(path: string): readonly string[] {
    return this.readers.get(path) ?? [];
  }

  /** `changed` and every link whose reading one of its paths changes. */
  reaching(changed: ReadonlySet<string>): ReadonlySet<string> {
    if (this.readers.size === 0) return changed;
    return new Set([...changed, ...[...changed].flatMap((path) => this.through(path))]);
  }
}

function follow(
  link: string,
  links: ReadonlyMap<string, string>,
  isFile: ReadonlySet<string>,
  dirs: ReadonlyMap<string, string[]>,
): LinkEnd {
  const reads: string[] = [];
  const seen = new Set([link]);
  for (let at = link, hop = 0; hop < HOPS; hop++) {
    const dir = posix.dirname(at) === '.' ? '' : posix.dirname(at);
    const next = insideRepository(dir, links.get(at)!);
    if (next === null) return { refused: 'points outside the repository', reads };
    reads.push(next);
    if (isFile.has(next)) return { file: next, reads };
    const under = dirs.get(next);
    if (under)
      return {
        refused: 'points at a directory',
        reads: [...reads, ...under],
      };
    if (!links.has(next)) return { refused: 'points at no file of the repository', reads };
    if (seen.has(next)) return { refused: 'is part of a loop of symbolic links', reads };
    seen.add(next);
    at = next;
  }
  return { refused: `passes through more than ${HOPS} symbolic links`, reads };
}

/**
 * Whether a symbolic link leads, in its first step, to a changed path or a directory above one:
 * then some link reads what the change changes (a chain does through its last link, a linked
 * directory through the link to it), and what reads the links must be found.
 */
export function leadsInto(links: ReadonlyMap<string, string>, changed: readonly string[]): boolean {
  for (const [link, target] of links) {
    const dir = posix.dirname(link) === '.' ? '' : posix.dirname(link);
    const to = insideRepository(dir, target);
    if (to !== null && changed.some((p) => p === to || to === '' || p.startsWith(`${to}/`))) return true;
  }
  return false;
}
