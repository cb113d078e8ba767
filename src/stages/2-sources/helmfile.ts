import { posix } from 'node:path';

/**
 * helmfile: a tool this check does not run. Its state file names a release's chart and values
 * files, in Go templates that read the environment and files outside the repository
 * (wikimedia/operations-deployment-charts: `/etc/helmfile-defaults/…`), so what it renders cannot be
 * known here. What is known: which changed files it reads, so that a change to one is not checked
 * rather than all clear.
 */
const HELMFILES = ['helmfile.yaml', 'helmfile.yml', 'helmfile.yaml.gotmpl'];

/** A helmfile by its name, or a state file of a `helmfile.d` directory, which helmfile reads each of. */
export const isHelmfile = (path: string) =>
  HELMFILES.includes(posix.basename(path)) || /(?:^|\/)helmfile\.d\/[^/]+\.(?:ya?ml|gotmpl)$/.test(path);

/** Files only helmfile reads, whatever the include globs select: its own, and Go-templated values. */
export const helmfileOnly = (path: string) => isHelmfile(path) || path.endsWith('.gotmpl');

/** A template action, innermost first (`{{`{{ .Release.Name }}`}}` escapes one inside another). */
const ACTION = /\{\{[^{}\n]*\}\}/g;
/** What can end a path written in YAML: space, a quote, a flow indicator, a comment. */
const DELIMITER = /[\s"'`,[\]{}#]+/;
const PATH_END = /\.(?:ya?ml|gotmpl|json)$/;

/**
 * Whether the helmfile at `helmfile` names `file` (both from the repository's top) in its text: a
 * path written in it, relative to its directory, where a template action stands for any part of one
 * name (`values-{{ .Environment.Name }}.yaml` names `values-eqiad.yaml`).
 */
export function namedBy(helmfile: { path: string; text: string }, file: string): boolean {
  let text = helmfile.text;
  // Each pass takes the innermost actions; a path never nests many.
  for (let pass = 0; pass < 4 && text.includes('{{'); pass++) text = text.replace(ACTION, '\0');
  const dir = posix.dirname(helmfile.path);
  return text
    .split(DELIMITER)
    .filter((word) => PATH_END.test(word) && !word.startsWith('/') && !word.includes('://'))
    .some((word) => matches(posix.join(dir, word).split('\0'), file));
}

/**
 * Whether `file` is the parts with any run of characters but `/` between each two: a glob matched
 * by hand, in one pass, so that no pattern is compiled from the repository's text.
 */
function matches(parts: readonly string[], file: string): boolean {
  const [first, ...rest] = parts;
  if (rest.length === 0) return first === file;
  if (!file.startsWith(first)) return false;
  let at = first.length;
  const last = rest.pop()!;
  for (const part of rest) {
    const found = file.indexOf(part, at);
    if (found < 0 || file.slice(at, found).includes('/')) return false;
    at = found + part.length;
  }
  const end = file.length - last.length;
  return end >= at && file.endsWith(last) && !file.slice(at, end).includes('/');
}
