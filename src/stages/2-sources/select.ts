import picomatch from 'picomatch';

export const DEFAULT_INCLUDE = ['**/*.yaml', '**/*.yml', '**/*.json'];
export const DEFAULT_EXCLUDE = ['.github/**'];

/** Which repository paths are read as manifests. Globs match paths relative to the repository root. */
export function manifestSelector(include: readonly string[] = [], exclude: readonly string[] = []) {
  const options = { dot: true };
  const included = picomatch(include.length ? [...include] : DEFAULT_INCLUDE, options);
  const excluded = picomatch([...DEFAULT_EXCLUDE, ...exclude], options);
  return (path: string): boolean => included(path) && !excluded(path);
}
