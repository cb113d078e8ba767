export const DEFAULT_INCLUDE = ['**/*.yaml', '**/*.yml', '**/*.json'];
export const DEFAULT_EXCLUDE = ['.github/**'];

/**
 * Which repository paths are read as manifests. Globs match paths relative to the repository root;
 * a glob without a slash matches a file name at any depth, as in `.gitignore` (`*.yaml` is every
 * YAML file, `apps/*.yaml` only those directly in `apps/`).
 */
export async function manifestSelector(
  include: readonly string[] = [],
  exclude: readonly string[] = [],
): Promise<(path: string) => boolean> {
  if (include.length === 0 && exclude.length === 0) return byDefault;
  // The glob library loads only for globs: a third of the engine's code a check of nothing compiles.
  const picomatch = (await import('picomatch')).default;
  const options = { dot: true };
  const anywhere = (glob: string) => (glob.includes('/') ? glob : `**/${glob}`);
  const included = picomatch((include.length ? [...include] : DEFAULT_INCLUDE).map(anywhere), options);
  const excluded = picomatch([...DEFAULT_EXCLUDE, ...exclude].map(anywhere), options);
  return (path: string): boolean => included(path) && !excluded(path);
}

/**
 * The default globs, matched as picomatch matches them (no `.` or `..` segment) without compiling
 * them: that took a check 3–5 ms before its first search could start.
 */
const byDefault = (path: string): boolean =>
  /\.(?:ya?ml|json)$/.test(path) && !path.startsWith('.github/') && !/(?:^|\/)\.\.?(?:\/|$)/.test(path);

/**
 * Pathspecs that hold every file the include globs can select, for `git grep` to read only those
 * (a repository's images and sources are never opened): `*.yaml` for any glob that ends in
 * `*.yaml`. A glob that is not a plain extension match leaves the scope empty: grep then reads every file.
 */
export function grepScope(include: readonly string[] = []): string[] {
  const globs = include.length ? include : DEFAULT_INCLUDE;
  const extensions = globs.map((g) => /^(?:[^*?[{(!]*\/)?(?:\*\*\/)?\*(\.[\w.-]+)$/.exec(g)?.[1] ?? null);
  return extensions.every((e) => e !== null) ? [...new Set(extensions.map((e) => `*${e}`))] : [];
}
