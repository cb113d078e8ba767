import { posix } from 'node:path';
import { parse, parseAllDocuments } from '../../model/yaml.js';
import { namespaceMatch, spellsName, type NamespaceMatch } from '../../model/identity.js';
import type { ManifestObject, ObjectId } from '../../model/types.js';
import { isConfig } from '../4-objects/configs.js';
import { SECRET_MAKERS } from '../4-objects/made-secrets.js';
import { isRecord } from '../../model/values.js';
import { KUSTOMIZATION_FILES } from '../2-sources/kustomize/kustomization.js';
import { keepDocuments } from '../3-documents/lines.js';
import { MAX_ALIAS_COUNT, parseManifests } from '../3-documents/parse.js';
import { asWorkload, type PodTemplatePaths } from '../4-objects/workloads.js';
import { extractRefs, namedBy } from './extract.js';

/** What a release's values or source hold is the chart's to map onto references, as it likes. */
const RELEASES = ['HelmRelease', 'Application', 'ApplicationSet'];

/**
 * A name written as a YAML value, whole: after `: `, a list's `- `, `=`, `/`, `[`, `{` or `,` (`name: app-env`,
 * `--config=ns/app-env`, `{name: app-env}`), quoted or not, and before the end of the line or of a
 * flow entry. A key (`values:`), a label's part or a template's `.Values.values` is no value. One
 * blank run before a dash and one after: `[ \t]*-?[ \t]*` split a line of blanks every way, the
 * square of its length (model/text.ts). The end is looked at, not taken: it may begin the next value.
 */
const VALUES =
  /(?:^[ \t]*(?:-[ \t]*)?|[:=/,[{][ \t]*)["']?([A-Za-z0-9][A-Za-z0-9._-]*)(?=["']?[ \t]*(?:[,\]}]|[ \t]#|$))/gm;

/** Up to this many names, each is looked at where it occurs; more, in one pass over every value. */
const FEW_NAMES = 8;

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const LINE_END = '\n\r\u2028\u2029';
const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
const isQuote = (c: string | undefined) => c === '"' || c === "'";

/**
 * The `names` that `text` writes as a value. A few are found where they occur: a bundle of
 * megabytes that spells a name a few times costs a search for it, not a pass over every value (on
 * argo-cd's release bundles, 85 ms). Many are found in one pass over every value: a pattern per name
 * read the whole text once per name, and a pull request writes both. A value is read as the
 * characters of Kubernetes' names, so a name with others (one Kubernetes refuses) names nothing here.
 */
export function valuesSpelled(text: string, names: readonly string[]): Set<string> {
  if (names.length <= FEW_NAMES)
    return new Set(names.filter((name) => NAME.test(name) && writtenAsValue(text, name)));
  const wanted = new Set(names);
  const found = new Set<string>();
  for (const [, value] of text.matchAll(VALUES)) {
    if (wanted.has(value)) found.add(value);
    if (found.size === wanted.size) break;
  }
  return found;
}

/** Whether `VALUES` finds `name` in `text`: each place it occurs is read as the pattern reads it. */
function writtenAsValue(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const end = at + name.length;
    // After: a quote, blanks, then the end of a flow entry, a comment after a blank, or of the line.
    const afterQuote = isQuote(text[end]) ? end + 1 : end;
    let next = afterQuote;
    while (isBlank(text[next])) next++;
    const ends =
      next === text.length ||
      LINE_END.includes(text[next]) ||
      ',]}'.includes(text[next]) ||
      (text[next] === '#' && next > afterQuote);
    if (
      ends &&
      [at, isQuote(text[at - 1]) ? at - 1 : -1].some((start) => start >= 0 && valueStart(text, start))
    )
      return true;
  }
  return false;
}

/** Whether a value may begin at `start`: after a delimiter and blanks, or a line's blanks and a dash. */
function valueStart(text: string, start: number): boolean {
  const lineStart = (i: number) => i === 0 || LINE_END.includes(text[i - 1]);
  let i = start;
  while (isBlank(text[i - 1])) i--;
  if (i > 0 && ':=/,[{'.includes(text[i - 1])) return true;
  if (lineStart(i)) return true;
  if (text[i - 1] !== '-') return false;
  i--;
  while (isBlank(text[i - 1])) i--;
  return lineStart(i);
}

/** What a file that writes a config's name as a value may be to that config once its root is built. */
export interface ByName {
  /** It may hold a reader (see `byName`). */
  mayRead: boolean;
  /**
   * It defines a config of that kind and name: in the config's namespace (`exact`), in one that may
   * be its (`assumed`: one of the two names none), or not at all (null).
   */
  defines: NamespaceMatch;
}

const NEITHER: ByName = { mayRead: false, defines: null };

/** The closest of some matches: one exact match outweighs any assumed. */
const closest = (matches: readonly NamespaceMatch[]): NamespaceMatch =>
  matches.includes('exact') ? 'exact' : matches.includes('assumed') ? 'assumed' : null;

/**
 * What a repository file may be to the `configs` whose names it writes as values. It may hold a
 * reader: a workload (or a patch of one) whose pod spec references one or names it to a container;
 * a release whose spec holds the name as a value; a kustomization whose inline patches or chart
 * values hold it; or a file that is no plain manifest (a chart template, a values file, a JSON
 * patch), which may say anything. A Service, a webhook or a label that spells the name reads
 * nothing, and its root is not rendered for it: in kubeflow's manifests, a ConfigMap named `values`
 * is spelled by a hundred files that never mount it. It defines one: a ConfigMap or Secret, what
 * makes a Secret, or a kustomize generator, of that name, in a namespace that may be the config's.
 */
export function byName(
  file: string,
  text: string,
  configs: readonly ObjectId[],
  podTemplatePaths: PodTemplatePaths,
): ByName {
  const written = valuesSpelled(
    text,
    configs.map((c) => c.name),
  );
  const spelled = configs.filter((c) => written.has(c.name));
  if (spelled.length === 0) return NEITHER;
  return KUSTOMIZATION_FILES.includes(posix.basename(file))
    ? kustomization(file, text, spelled, podTemplatePaths)
    : manifests(file, text, spelled, podTemplatePaths);
}

function manifests(
  file: string,
  text: string,
  spelled: readonly ObjectId[],
  podTemplatePaths: PodTemplatePaths,
): ByName {
  const names = spelled.map((c) => c.name);
  // Only the documents that write a name as a value are parsed: a 10,000-line bundle that spells
  // `values` once, as a volume's name, costs a search, not a parse.
  const written = keepDocuments(text, (d) => valuesSpelled(d, names).size > 0);
  const { objects, diagnostics } = parseManifests(file, written);
  // A template may say anything; values and JSON patches name a config by a value, never by a key.
  if (diagnostics.length > 0) return { mayRead: true, defines: null };
  if (objects.length === 0) return { mayRead: valueSpells(written, names), defines: null };
  const makes = (o: ManifestObject, c: ObjectId): NamespaceMatch =>
    o.name === c.name &&
    ((isConfig(o) && o.kind === c.kind) ||
      (c.kind === 'Secret' && (SECRET_MAKERS as readonly string[]).includes(o.kind)))
      ? namespaceMatch(o.namespace, c.namespace)
      : null;
  return {
    defines: closest(objects.flatMap((o) => spelled.map((c) => makes(o, c)))),
    mayRead: objects.some((o) => {
      if (RELEASES.includes(o.kind)) return names.some((n) => JSON.stringify(o.body).includes(`"${n}"`));
      const workload = asWorkload(o, podTemplatePaths);
      return (
        workload !== null &&
        workload.templates.some(
          (t) =>
            extractRefs(t.template.spec).some((r) => names.includes(r.name)) ||
            names.some((n) => namedBy(t.template.spec, n) !== null),
        )
      );
    }),
  };
}

/** A kustomization reads nothing itself: its inline patches and inflated charts' values may. Its generators define. */
function kustomization(
  file: string,
  text: string,
  spelled: readonly ObjectId[],
  podTemplatePaths: PodTemplatePaths,
): ByName {
  let body: unknown;
  try {
    body = parse(text, { version: '1.1' });
  } catch {
    return { mayRead: true, defines: null };
  }
  if (!isRecord(body)) return NEITHER;
  const entries = (key: string): unknown[] => (Array.isArray(body[key]) ? body[key] : []);
  const patches = [
    ...entries('patches').map((p) => (isRecord(p) ? p.patch : null)),
    ...entries('patchesStrategicMerge'),
    ...entries('patchesJson6902').map((p) => (isRecord(p) ? p.patch : null)),
    // A patch written inline, not the path of a file (which the root's closure holds, searched itself).
  ].filter((p): p is string => typeof p === 'string' && (p.includes('\n') || /^\s*[[{]/.test(p)));
  const values = entries('helmCharts').map((c) =>
    isRecord(c) ? JSON.stringify(c.valuesInline ?? null) : '',
  );
  const namespace = typeof body.namespace === 'string' ? body.namespace : null;
  const generated = (key: string, kind: string) =>
    entries(key).flatMap((g) =>
      isRecord(g)
        ? spelled.map((c) =>
            c.kind === kind && g.name === c.name
              ? namespaceMatch(typeof g.namespace === 'string' ? g.namespace : namespace, c.namespace)
              : null,
          )
        : [],
    );
  const names = spelled.map((c) => c.name);
  return {
    mayRead:
      patches.some((p) => manifests(file, p, spelled, podTemplatePaths).mayRead) ||
      values.some((v) => names.some((n) => v.includes(`"${n}"`))),
    defines: closest([
      ...generated('configMapGenerator', 'ConfigMap'),
      ...generated('secretGenerator', 'Secret'),
    ]),
  };
}

/** Whether a string value (not a key) of some YAML document spells one of `names`. */
function valueSpells(text: string, names: readonly string[]): boolean {
  const spells = (value: unknown): boolean =>
    typeof value === 'string'
      ? names.some((n) => spellsName(value, n))
      : Array.isArray(value)
        ? value.some(spells)
        : isRecord(value) && Object.values(value).some(spells);
  return parseAllDocuments(text, { version: '1.1' }).some((d) => {
    try {
      return d.errors.length > 0 || spells(d.toJS({ maxAliasCount: MAX_ALIAS_COUNT }));
    } catch {
      return true;
    }
  });
}
