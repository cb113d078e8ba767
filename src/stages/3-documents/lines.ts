import type { ConfigKind } from '../../model/types.js';
import { isRecord } from '../../model/values.js';

// What a manifest's lines tell without a YAML parser: which documents a file holds, which kinds
// they write plainly, whether one may be an object at all (`mayHoldObjects`; JSON is asked of JSON's
// own parser), and (`skimConfigs`) which ConfigMaps and Secrets they declare. No YAML parser here,
// so what runs before the engine loads can read files too.

/**
 * A CustomResourceDefinition, by its top-level `kind:` line: a schema, often megabytes, never a
 * workload, a config or what declares a root. A document that opens a flow collection at the top
 * is not judged by its lines.
 */
const DEFINITION = /^kind:[ \t]*(["']?)CustomResourceDefinition\1[ \t]*(#.*)?$/m;
export const isDefinition = (document: string): boolean =>
  DEFINITION.test(document) && !FLOW_AT_TOP.test(document);

/**
 * A line at the margin that opens a flow collection: its document's top-level keys need not be
 * lines of their own. A line that opens with `{{`, `{%` or `{#` is a template's action (a chart's
 * CRD inside `{{- if .Values.installCRDs }}`), not a flow collection.
 */
const FLOW_AT_TOP = /^[{[](?![%{#])/m;

/** `text` with its CustomResourceDefinitions blank (lines kept), or only those of them `drop` picks. */
export function withoutDefinitions(text: string, drop: (document: string) => boolean = () => true): string {
  return DEFINITION.test(text) ? keepDocuments(text, (d) => !(isDefinition(d) && drop(d))) : text;
}

/** The CustomResourceDefinition documents written alike in both sets of texts: nothing of them changed. */
export function definitionsAlike(
  base: readonly (string | null)[],
  head: readonly (string | null)[],
): Set<string> {
  const definitions = (texts: readonly (string | null)[]) =>
    texts.flatMap((t) => (t !== null && DEFINITION.test(t) ? renderDocuments(t).filter(isDefinition) : []));
  const atBase = new Set(definitions(base));
  return new Set(definitions(head).filter((d) => atBase.has(d)));
}

/**
 * A line at the left margin that may key an object's `kind` or `apiVersion` in the document's root
 * mapping: one spelling either, or opening with what a plain key cannot open with (a quote, an
 * anchor, an alias, a tag, an explicit key, a merge key `<<`, a flow collection, a sequence entry).
 */
const MAY_KEY_OBJECT = /^(?:kind|apiVersion)\b|^[-?:,[\]{}&*!|>'"%@`<\t\uFEFF]/m;

/**
 * Whether some document of `text` may be a Kubernetes object, whose root mapping keys `kind` and
 * `apiVersion`. A root mapping at the left margin keys everything there (what goes on a line
 * below a key is indented, to the margin's right); one whose lines there are all plain keys,
 * spelling neither word, is no object, and need not be parsed: a chart's values file of 130 KB of
 * anchors and merge keys took yaml half a second at each revision.
 */
export function mayHoldObjects(text: string): boolean {
  return renderDocuments(text).some((document) => {
    const json = asJson(document);
    if (json !== NOT_JSON)
      return isRecord(json) && ['kind', 'apiVersion'].every((key) => Object.hasOwn(json, key));
    return MAY_KEY_OBJECT.test(document) || indentedRoot(document);
  });
}

/** Blank, comment and bare `---` lines, then a line opening with `{{`. */
const OPENING_ACTION = /^(?:[ \t]*(?:#.*)?\r?\n|---[ \t]*(?:#.*)?\r?\n)* *\{\{/;

/**
 * Whether `text` is a Go template by its first line of content, which opens an action (`{{- if
 * .Values.enabled }}`, as most of a chart's templates do). No scalar can hold that line, as
 * nothing above it is content: YAML reads it as a flow mapping keyed by a flow mapping, or fails
 * there, a template either way. Where another template language's mark appears too, which one the
 * file is written in is for the parser to say.
 */
export const opensWithAction = (text: string): boolean =>
  OPENING_ACTION.test(text) && !text.includes('<#') && !text.includes('{%');

const NOT_JSON = Symbol('not JSON');

/**
 * A document that is JSON, as JSON reads it: its root has the keys yaml finds there (a quoted
 * `"<<"` is no merge key). JSON's own parser takes a millisecond where yaml took half a second for
 * a `package-lock.json` (GoogleCloudPlatform/microservices-demo: every Dependabot bump).
 */
function asJson(document: string): unknown {
  if (!/^\s*[{[]/.test(document)) return NOT_JSON;
  try {
    return JSON.parse(document) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** The document's first line of content, and its indentation: off the margin, its root is keyed there. */
const FIRST_CONTENT = /^([ \t]*)[^ \t\r\n#]/m;
const indentedRoot = (document: string) => (FIRST_CONTENT.exec(document)?.[1].length ?? 0) > 0;

const kindWords = new WeakMap<readonly string[], RegExp>();
const KIND_KEY = /kind['"]?\s*:/g;

/**
 * Whether `text` can hold an object of one of `kinds`: some line names `kind` and one of them. A
 * file or document without such a line holds none, so it need not be parsed to find them: a CRD
 * whose schema mentions argoproj.io or Secret is megabytes of YAML. Quotes, tags and anchors on the
 * line are allowed; a kind written only through an alias is not seen.
 */
export function mayHoldKind(text: string, kinds: readonly string[]): boolean {
  let words = kindWords.get(kinds);
  if (!words) kindWords.set(kinds, (words = new RegExp(`\\b(?:${kinds.join('|')})\\b`)));
  // Each line is searched once, from its first `kind:` on, which sees all that a later one on the
  // line sees: one pattern trying every `kind:` against the rest of its line takes the square of
  // a long line's length (a pull request can write one).
  let searched = -1;
  for (const key of text.matchAll(KIND_KEY)) {
    const from = key.index + key[0].length;
    if (from <= searched) continue;
    const newline = text.indexOf('\n', from);
    searched = newline < 0 ? text.length : newline;
    if (words.test(text.slice(from, searched))) return true;
  }
  return false;
}

/**
 * Whether `text` may define an object of one of `kinds`: stricter than `mayHoldKind`, which also
 * sees a `kind:` nested in an object (a HelmRelease's `chartRef`). A document whose top-level
 * `kind:` lines all name another kind plainly (not a List) defines none; one opening a flow
 * collection at the top, without a top-level `kind:` line, or whose kind is not written plainly (an
 * alias, a tag) is judged by `mayHoldKind`.
 */
export function mayDefineKind(text: string, kinds: readonly string[]): boolean {
  if (!mayHoldKind(text, kinds)) return false;
  return renderDocuments(text).some((document) => {
    const plain = plainKinds(document);
    return plain
      ? plain.some((kind) => kinds.includes(kind) || isListKind(kind))
      : mayHoldKind(document, kinds);
  });
}

/**
 * Whether no document of `text` can define an object of one of `kinds`, judged by its lines alone,
 * as for a file that cannot be parsed: each document with content writes its top-level kinds plainly
 * (`plainKinds`) and none is one of them or a List (whose items are objects too), or it never
 * spells `kind` (nor escapes or templates anything). One whose kind is templated, written in flow
 * style or missing may be anything.
 */
export function definesNoneOf(text: string, kinds: readonly string[]): boolean {
  return renderDocuments(text).every((document) => {
    if (!/^[ \t]*[^\s#]/m.test(document)) return true;
    // A key is spelled as written unless escaped or brought in by a template: a document that
    // never spells `kind` has none (a JSON file with comments, such as a dev container's).
    if (!/kind|\\|\{\{|\{%/.test(document)) return true;
    const plain = plainKinds(document);
    return plain !== null && !plain.some((kind) => kinds.includes(kind) || isListKind(kind));
  });
}

/**
 * The kinds a document's top-level `kind:` lines write plainly, or null where one is not plain (an
 * alias, a tag, a template), there is none, or the document opens a flow collection at the top.
 */
function plainKinds(document: string): string[] | null {
  const lines = [...document.matchAll(/^["']?kind["']?[ \t]*:(.*)$/gm)].map((m) => m[1]);
  const plain = lines.map((value) => /^[ \t]*(["']?)([A-Za-z0-9]+)\1[ \t]*(#.*)?$/.exec(value)?.[2]);
  if (FLOW_AT_TOP.test(document) || lines.length === 0 || plain.includes(undefined)) return null;
  return plain as string[];
}

/**
 * The type a document writes plainly on its one top-level `apiVersion:` line and its one `kind:`
 * line, read from its lines alone (for a document that cannot be parsed), or null where either is
 * missing, written twice (two objects run together without a `---`) or not plain.
 */
export function plainType(document: string): { apiVersion: string; kind: string } | null {
  const kinds = plainKinds(document);
  const versions = [...document.matchAll(/^["']?apiVersion["']?[ \t]*:(.*)$/gm)].map(
    (m) => /^[ \t]*(["']?)([A-Za-z0-9./-]+)\1[ \t]*(#.*)?$/.exec(m[1])?.[2],
  );
  if (kinds?.length !== 1 || versions.length !== 1 || versions[0] === undefined) return null;
  return { apiVersion: versions[0], kind: kinds[0] };
}

/**
 * A render's (or a file's) documents, split at each `---` line. A `---` line cannot sit inside a
 * document's content (a block scalar is indented; a quoted one ends there); a marker with more on
 * its line is left inside its piece, which only makes that piece two documents.
 */
export const renderDocuments = (text: string): string[] => text.split(/^---\n/m);

/** `renderDocuments`, each with the line of `text` it starts on. */
export function documentsAt(text: string): { text: string; line: number }[] {
  const documents: { text: string; line: number }[] = [];
  let line = 1;
  for (const document of renderDocuments(text)) {
    documents.push({ text: document, line });
    line += newlines(document) + 1;
  }
  return documents;
}

/** The line breaks in `text`: the lines a document takes before the `---` line after it. */
export function newlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/**
 * The documents of `text` that may define an object of one of `kinds` (`mayDefineKind`), and that
 * hold `word` where one is given, never a CustomResourceDefinition (whose `names` say `kind:
 * Application`); the others blank, so lines stay the file's own.
 */
export function documentsOfKinds(text: string, kinds: readonly string[], word?: string): string {
  return keepDocuments(
    text,
    (d) => (word === undefined || d.includes(word)) && mayDefineKind(d, kinds) && !isDefinition(d),
  );
}

/**
 * The render (or its documents, already split) with only the documents `keep` picks, the others
 * blank: every line keeps its number, so what is read later points at the same lines of the render.
 */
export function keepDocuments(text: string | readonly string[], keep: (document: string) => boolean): string {
  return (typeof text === 'string' ? renderDocuments(text) : text)
    .map((d) => (keep(d) ? d : '\n'.repeat(d.split('\n').length - 1)))
    .join('---\n');
}

export function isListKind(kind: string): boolean {
  return kind === 'List' || kind.endsWith('List');
}

const CONFIG_KINDS = ['ConfigMap', 'Secret'];

/** A ConfigMap or Secret as the lines of its document write it. */
export interface SkimmedConfig {
  kind: ConfigKind;
  namespace: string | null;
  name: string;
  /** Its metadata holds a label: a sidecar may watch it by one. */
  labelled: boolean;
  /** The whole document: two revisions that write it alike define the same config. */
  document: string;
}

/**
 * The ConfigMaps and Secrets `text` declares, read from its lines in the block style nearly every
 * manifest is written in, or null where the lines do not tell plainly: JSON, flow style, a
 * template, indentation by tabs, a document marker with more on its line, a key or name that is not a plain word, a List, or a kind
 * in `makers` (what makes configs of its own, as an ExternalSecret does). A skim can still misread
 * subtle YAML; whatever uses one must check it against the parse.
 */
export function skimConfigs(text: string, makers: readonly string[]): SkimmedConfig[] | null {
  if (!mayHoldKind(text, CONFIG_KINDS) && !mayHoldKind(text, makers)) return [];
  // A template is not YAML until rendered: what it declares is the parse's to say (it skips it).
  if (/\{\{|\{%/.test(text)) return null;
  const configs: SkimmedConfig[] = [];
  for (const document of renderDocuments(text)) {
    const skimmed = skimDocument(document, makers);
    if (skimmed === null) return null;
    if (skimmed !== 'none') configs.push(skimmed);
  }
  return configs;
}

/** `key: rest` at the start of a line, the key a plain word and the colon followed by a space or the end. */
const KEY = /^( *)([A-Za-z][\w./-]*):(?: (.*))?$/;

/** A value as written on its line, without the comment after it. */
const uncommented = (rest: string) => rest.replace(/(^|\s)#[\s\S]*$/, '').trim();

/**
 * A string written as a plain word, quoted or not, with any comment after it; otherwise null. YAML
 * 1.1 reads some unquoted words as something else (`on` is true, `1e3` a number): null too.
 */
function plainWord(rest: string): string | null {
  const value = uncommented(rest);
  const [, quote, word] = /^(["']?)([A-Za-z0-9][\w.-]*)\1$/.exec(value) ?? [];
  if (word === undefined) return null;
  const other = /^(y|n|yes|no|true|false|on|off|null)$|^(0x[\da-f_]+|[\d_]+(\.[\d_]*)?(e[-+]?\d+)?)$/i;
  return quote || !other.test(word) ? word : null;
}

/** What one document declares: a config, none ('none'), or null where its lines do not say plainly. */
function skimDocument(document: string, makers: readonly string[]): SkimmedConfig | 'none' | null {
  const top = new Map<string, string>();
  const metadata: string[] = [];
  let current: string | null = null;
  for (const line of document.split('\n')) {
    if (/^ *(#.*)?$/.test(line)) continue;
    if (/^(---|\.\.\.|%| *\t)/.test(line)) return null;
    // Indented lines, and a sequence written at the margin (`rules:` then `- apiGroups:`), belong to the key above.
    if (line.startsWith(' ') || (/^-( |$)/.test(line) && current !== null && top.get(current) === '')) {
      if (current === 'metadata') metadata.push(line);
      continue;
    }
    const key = KEY.exec(line);
    if (!key || top.has(key[2])) return null;
    current = key[2];
    top.set(current, uncommented(key[3] ?? ''));
  }
  if (!top.has('kind')) return 'none';
  const kind = plainWord(top.get('kind')!);
  if (
    kind === null ||
    isListKind(kind) ||
    (makers.includes(kind) && kind !== 'ConfigMap' && kind !== 'Secret')
  )
    return null;
  if (kind !== 'ConfigMap' && kind !== 'Secret') return 'none';
  if (plainWord(top.get('apiVersion') ?? '') !== 'v1' || top.get('metadata') !== '' || !metadata.length)
    return null;
  // metadata's own keys sit at the indentation of its first line; deeper lines belong to the key above.
  const indent = /^ */.exec(metadata[0])![0].length;
  const own = new Map<string, { rest: string; deeper: number }>();
  let last: { rest: string; deeper: number } | null = null;
  for (const line of metadata) {
    const lead = /^ */.exec(line)![0].length;
    if (lead > indent && last) last.deeper++;
    else {
      const key = lead === indent ? KEY.exec(line) : null;
      if (!key || own.has(key[2])) return null;
      own.set(key[2], (last = { rest: key[3] ?? '', deeper: 0 }));
    }
  }
  const name = plainWord(own.get('name')?.rest ?? '');
  const written = own.get('namespace');
  const namespace = written ? plainWord(written.rest) : null;
  if (name === null || (written && namespace === null)) return null;
  const labels = own.get('labels');
  const value = uncommented(labels?.rest ?? '');
  // A flow mapping on the line, `{}` or with something in it; tested without a pattern that
  // backtracks, as a line can be as long as the file.
  const flow = value.startsWith('{') && value.endsWith('}');
  if (labels && value !== '' && !flow) return null;
  const labelled =
    labels !== undefined && (value === '' ? labels.deeper > 0 : value.slice(1, -1).trim() !== '');
  return { kind, namespace, name, labelled, document };
}
