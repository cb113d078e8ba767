import type { ManifestObject } from '../../model/types.js';
import { isRecord } from '../../model/values.js';

// Which directories an Argo CD ApplicationSet deploys where its path is a generator's (`{{path}}`):
// the rules that find what deploys jsonnet, or a plugin's directory, share them.

/** Git directory entries of one ApplicationSet matched at most (real ones have a few). */
const MAX_ENTRIES = 256;

/**
 * The directories of `dirs` an ApplicationSet's git directory generators name, at any depth of
 * matrix and merge generators, less those an `exclude: true` entry names.
 */
export function generatorDirectories(appSet: ManifestObject, dirs: readonly string[]): string[] {
  const entries: Record<string, unknown>[] = [];
  const walk = (generators: unknown) => {
    if (!Array.isArray(generators)) return;
    for (const g of generators.filter(isRecord)) {
      const git = isRecord(g.git) && Array.isArray(g.git.directories) ? g.git.directories : [];
      entries.push(...git.filter(isRecord));
      for (const nested of [g.matrix, g.merge]) if (isRecord(nested)) walk(nested.generators);
    }
  };
  walk(isRecord(appSet.body.spec) ? appSet.body.spec.generators : undefined);
  // Past so many, matching them all could hold the run: every directory counts as named.
  if (entries.length > MAX_ENTRIES) return [...dirs];
  const globs = (exclude: boolean) =>
    entries
      .filter((e) => (e.exclude === true) === exclude && typeof e.path === 'string')
      .flatMap((e) => {
        const glob = compileGlob(e.path as string, !exclude);
        return glob ? [glob] : [];
      });
  const [included, excluded] = [globs(false), globs(true)];
  return dirs.filter((d) => {
    const path = d.split('/');
    return included.some((glob) => globMatch(glob, path)) && !excluded.some((glob) => globMatch(glob, path));
  });
}

/**
 * A git directory generator's path as Argo CD matches it (Go's `path.Match`): name for name, `*`
 * any run of characters within a name and `?` one; a run of `*` is one, so a glob however long is
 * matched in steps bounded by its directory's names. A character class or an escape is read as `?`
 * where that names more directories (an entry that includes), and the entry is dropped where it
 * would name fewer (one that excludes): what deploys a directory is never missed. No pattern is compiled
 * from the repository's text.
 */
function compileGlob(text: string, broaden: boolean): string[][] | null {
  if (/[[\\]/.test(text) && !broaden) return null;
  return text.split('/').map((name) => {
    const chars: string[] = [];
    for (let i = 0; i < name.length; i++) {
      const c = name[i];
      if (c === '[') {
        const close = name.indexOf(']', i + 2);
        i = close < 0 ? name.length : close;
        chars.push('?');
      } else if (c === '\\') {
        i++;
        chars.push('?');
      } else if (c !== '*' || chars.at(-1) !== '*') chars.push(c);
    }
    return chars;
  });
}

const globMatch = (glob: readonly string[][], path: readonly string[]): boolean =>
  glob.length === path.length && glob.every((chars, i) => nameMatch(chars, path[i]));

/**
 * Whether `name` matches a glob's characters: the positions its prefix can end at, carried along
 * it. Each character but `*` moves the first of them on by one, so past as many as the name has
 * none is left, and it stops.
 */
function nameMatch(chars: readonly string[], name: string): boolean {
  let ends = [0];
  for (const c of chars) {
    if (ends.length === 0) return false;
    ends =
      c === '*'
        ? Array.from({ length: name.length - ends[0] + 1 }, (_, k) => ends[0] + k)
        : ends.filter((at) => at < name.length && (c === '?' || c === name[at])).map((at) => at + 1);
  }
  return ends.includes(name.length);
}
