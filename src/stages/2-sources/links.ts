import { posix } from 'node:path';
import type { Repository, Revision } from '../1-git/repository.js';
import { insideRepository } from './paths.js';

/**
 * Linux's bound on the symbolic links one lookup passes through (MAXSYMLINKS): past it, `ELOOP`.
 */
const HOPS = 40;

/**
 * Where a symbolic link of a revision leads. A build reads through it what `file` holds, and what
 * it reads changes when any of `reads` does (the links it passes, the file): a root that reads the
 * link reads those too. Refused, the link is not followed, and a root that reads it is not checked,
 * saying `refused`; one that ends at a directory reads whatever changes under `dir`.
 */
export type LinkEnd = { file: string; reads: string[] } | { refused: string; reads: string[]; dir?: string };

/**
 * The symbolic links of one revision, followed as Argo CD's repo-server allows them: one that
 * stays inside the repository reads as the file it ends at; one that leaves it (an absolute path,
 * `..` past the top), ends at a directory or at nothing, or goes round, is refused. Nothing is
 * followed outside the listing of the revision: a path is a file only if git lists it as one.
 * What is kept grows with the links and the hops they take, never with the files under a linked
 * directory: a head of thousands of links to its top costs what thousands of links cost.
 */
export class Links {
  /** The links of a revision, followed through its listing. */
  static async at(repo: Repository, rev: Revision): Promise<Links> {
    const [links, files] = await Promise.all([repo.links(rev), repo.listFiles(rev)]);
    return new Links(links, files);
  }

  readonly ends = new Map<string, LinkEnd>();
  /** Path → the links whose reading changes when it does. */
  private readonly readers = new Map<string, string[]>();
  /** Directory → the links that end at it. */
  private readonly dirReaders = new Map<string, string[]>();

  /** `links`: each link and the path it holds; `files`: every file of the revision, links among them. */
  constructor(links: ReadonlyMap<string, string>, files: readonly string[]) {
    if (links.size === 0) return;
    const isFile = new Set(files.filter((f) => !links.has(f)));
    const dirs = new Set(['']);
    for (const file of isFile)
      for (let d = posix.dirname(file); d !== '.' && !dirs.has(d); d = posix.dirname(d)) dirs.add(d);
    for (const link of links.keys()) {
      const end = follow(link, links, isFile, dirs);
      this.ends.set(link, end);
      for (const path of end.reads) add(this.readers, path, link);
      if ('dir' in end && end.dir !== undefined) add(this.dirReaders, end.dir, link);
    }
  }

  /** The links whose reading changes when `path` does. */
  through(path: string): string[] {
    const found = [...(this.readers.get(path) ?? [])];
    if (this.dirReaders.size)
      for (let d = path; d !== '';) {
        d = posix.dirname(d) === '.' ? '' : posix.dirname(d);
        found.push(...(this.dirReaders.get(d) ?? []));
      }
    return found;
  }

  /** `changed` and every link whose reading one of its paths changes. */
  reaching(changed: ReadonlySet<string>): ReadonlySet<string> {
    if (this.ends.size === 0) return changed;
    return new Set([...changed, ...[...changed].flatMap((path) => this.through(path))]);
  }

  /**
   * What a root that reads `path` reads through it, of `changed` too: the paths its link reads,
   * and the changed paths under the directory it ends at (so a change there touches the root).
   */
  readBy(path: string, changed: ReadonlySet<string> | null): string[] {
    const end = this.ends.get(path);
    if (!end) return [];
    if (!('dir' in end) || end.dir === undefined || changed === null) return end.reads;
    const dir = end.dir;
    return [...end.reads, ...[...changed].filter((p) => dir === '' || p.startsWith(`${dir}/`))];
  }
}

function add(map: Map<string, string[]>, key: string, link: string): void {
  const known = map.get(key);
  if (known) known.push(link);
  else map.set(key, [link]);
}

function follow(
  link: string,
  links: ReadonlyMap<string, string>,
  isFile: ReadonlySet<string>,
  dirs: ReadonlySet<string>,
): LinkEnd {
  const reads: string[] = [];
  const seen = new Set([link]);
  for (let at = link, hop = 0; hop < HOPS; hop++) {
    const dir = posix.dirname(at) === '.' ? '' : posix.dirname(at);
    const next = insideRepository(dir, links.get(at)!);
    if (next === null) return { refused: 'points outside the repository', reads };
    reads.push(next);
    if (isFile.has(next)) return { file: next, reads };
    if (dirs.has(next)) return { refused: 'points at a directory', reads, dir: next };
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
  const reached = new Set<string>();
  for (const path of changed)
    for (let p = path; !reached.has(p); p = posix.dirname(p) === '.' ? '' : posix.dirname(p)) reached.add(p);
  for (const [link, target] of links) {
    const to = insideRepository(posix.dirname(link) === '.' ? '' : posix.dirname(link), target);
    if (to !== null && reached.has(to)) return true;
  }
  return false;
}
