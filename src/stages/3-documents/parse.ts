import { LineCounter, isMap, isSeq, visit, type Document, type Node } from 'yaml';
import { parseAllDocuments } from '../../model/yaml.js';
import type { Diagnostic, ManifestObject } from '../../model/types.js';
import { isRecord } from '../../model/values.js';
import { declaredName } from '../../model/identity.js';
import { describeYamlError } from '../../model/yaml-mistakes.js';
import {
  documentsAt,
  documentsOfKinds,
  isListKind,
  mayHoldKind,
  mayHoldObjects,
  newlines,
  opensWithAction,
  renderDocuments,
} from './lines.js';
import { readBlockYaml } from '../../model/block-yaml.js';
import { remember } from './positions.js';

/** Larger files are reported and skipped: manifests that size are generated bundles or data, not config. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** Real manifests use a handful of aliases; thousands mean an alias bomb. */
export const MAX_ALIAS_COUNT = 1000;

export interface ParsedFile {
  objects: ManifestObject[];
  diagnostics: Diagnostic[];
}

/**
 * Every Kubernetes object in one file, each with the line it starts on. Documents that are not
 * Kubernetes objects are skipped quietly; a document that cannot be read becomes one diagnostic and
 * the other documents of the file are still returned.
 */
export function parseManifests(file: string, text: string, maxBytes = MAX_FILE_BYTES): ParsedFile {
  if (Buffer.byteLength(text) > maxBytes) {
    const message = `skipped: larger than ${Math.round(maxBytes / 1024 / 1024)} MiB.`;
    return { objects: [], diagnostics: [{ file, line: 1, severity: 'warning', message }] };
  }
  if (!mayHoldObjects(text)) return { objects: [], diagnostics: [] };
  // Most of a chart's templates open with an action; yaml would read all of one only to say so.
  if (opensWithAction(text)) {
    const line = newlines(text.slice(0, text.indexOf(GO_TEMPLATE.mark))) + 1;
    return { objects: [], diagnostics: [looksLike(file, line, GO_TEMPLATE)] };
  }
  return readPrinted(file, text) ?? parseWithLibrary(file, text);
}

/**
 * `parseManifests` by the YAML library, whatever the text holds; `firstLine` is the file's line the
 * text starts on (a document read alone).
 */
export function parseWithLibrary(file: string, text: string, firstLine = 1): ParsedFile {
  const diagnostics: Diagnostic[] = [];
  const warn = (line: number, message: string) =>
    diagnostics.push({ file, line, severity: 'warning', message });
  const lines = new LineCounter();
  // Kubernetes reads manifests as YAML 1.1 (sigs.k8s.io/yaml); so do we, so `on`, `0644` mean the same.
  const documents = parseAllDocuments(text, { lineCounter: lines, version: '1.1', prettyErrors: false });
  const before = firstLine - 1;
  const lineOf = (offset: number) => lines.linePos(offset).line + before;
  const at = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return `line ${line + before}, column ${col}`;
  };
  const objects: ManifestObject[] = [];
  const written = { text, firstLine };

  // One diagnostic for a template file says more than one per document it breaks.
  const [template] = TEMPLATES.filter(
    ({ mark }) => text.includes(mark) && documents.some((doc) => isTemplate(doc, text, mark)),
  ).sort((a, b) => text.indexOf(a.mark) - text.indexOf(b.mark));
  if (template)
    return { objects, diagnostics: [looksLike(file, lineOf(text.indexOf(template.mark)), template)] };

  const indented = indentClosingQuotes(text, documents);
  if (indented) written.text = indented.text;
  for (const [index, original] of documents.entries()) {
    const doc = indented?.documents.get(index) ?? original;
    const docLine = (offset: number) =>
      (doc === original ? lines : indented!.lines).linePos(offset).line + before;
    if (doc.errors.length > 0) {
      const error = doc.errors[0];
      warn(
        docLine(error.pos[0]),
        `skipped a document: invalid YAML at ${at(error.pos[0])}: ${describeYamlError(error.code)}.`,
      );
      continue;
    }
    if (!isMap(doc.contents)) continue;
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      // toJS's messages quote the alias name, which is source text; say what happened in our words.
      const message = (error as Error).message;
      const what = /alias count/i.test(message)
        ? `more than ${MAX_ALIAS_COUNT} aliases (an alias bomb?)`
        : /alias/i.test(message)
          ? 'an alias (*name) names no anchor'
          : 'its values could not be read';
      warn(docLine(doc.contents.range[0]), `skipped a document: ${what}.`);
      continue;
    }
    const line = docLine(doc.contents.range[0]);
    const object = toObject(file, line, value, warn);
    if (!object) continue;
    if (isListKind(object.kind)) {
      const itemNodes = doc.contents.get('items', true);
      const items = Array.isArray(object.body.items) ? object.body.items : [];
      items.forEach((item, i) => {
        const node = isSeq(itemNodes) ? (itemNodes.items[i] as Node | undefined) : undefined;
        const itemObject = toObject(file, node?.range ? docLine(node.range[0]) : line, item, warn);
        if (!itemObject) return;
        remember(itemObject.body, written, index, ['items', i]);
        objects.push(itemObject);
      });
    } else {
      remember(object.body, written, index);
      objects.push(object);
    }
  }
  return { objects, diagnostics };
}

/** A line that only closes a quoted scalar (and the flow collections around it): `']`, `"`. */
const CLOSING_QUOTE = /^([ \t]*)(['"][ \t]*(?:[\]},][^\n]*)?)$/gm;

/**
 * The documents that read only once the lines closing a multi-line quoted scalar are indented, and
 * the text so indented. go-yaml, which Kubernetes and helm read with, takes a closing quote at its
 * key's indentation (bitwarden's self-host chart: `args: ['` … `']`); this parser does not. The
 * spaces added change no value: a continuation line's leading white space folds away. Lines keep
 * their numbers; only documents that did not read are taken from the indented text.
 */
function indentClosingQuotes(
  text: string,
  documents: readonly Document.Parsed[],
): { text: string; lines: LineCounter; documents: Map<number, Document.Parsed> } | null {
  if (!documents.some((d) => d.errors.length > 0)) return null;
  const indented = text.replace(CLOSING_QUOTE, '$1  $2');
  if (indented === text) return null;
  const lines = new LineCounter();
  const again = parseAllDocuments(indented, { lineCounter: lines, version: '1.1', prettyErrors: false });
  if (again.length !== documents.length) return null;
  const read = new Map(
    documents.flatMap((d, i) =>
      d.errors.length > 0 && again[i].errors.length === 0 ? [[i, again[i]] as const] : [],
    ),
  );
  return read.size ? { text: indented, lines, documents: read } : null;
}

/**
 * The objects of `kinds` in a file, parsing only the documents that may define one
 * (`documentsOfKinds`: not a HelmRelease for the `kind: ConfigMap` of its `valuesFrom`).
 */
export function parseKinds(file: string, text: string, kinds: readonly string[]): ManifestObject[] {
  if (!mayHoldKind(text, kinds)) return [];
  return parseManifests(file, documentsOfKinds(text, kinds)).objects.filter((o) => kinds.includes(o.kind));
}

/** Documents already parsed in this run, by file and text (see `parseRender`). */
export type DocumentCache = Map<string, Map<string, ParsedFile>>;

/**
 * A renderer's output, parsed one document at a time, each text once per run: the base and head
 * builds of a root, and roots that share bases, print mostly the same documents. Objects of equal
 * documents share their bodies, so a reader must copy a body before it changes one.
 */
export function parseRender(
  file: string,
  text: string,
  cache: DocumentCache,
  maxBytes = MAX_FILE_BYTES,
): ParsedFile {
  if (Buffer.byteLength(text) > maxBytes) return parseManifests(file, text, maxBytes);
  const objects: ManifestObject[] = [];
  const diagnostics: Diagnostic[] = [];
  let offset = 0;
  let known = cache.get(file);
  if (!known) cache.set(file, (known = new Map()));
  for (const document of renderDocuments(text)) {
    let parsed = known.get(document);
    if (!parsed) {
      parsed = parseManifests(file, document, maxBytes);
      known.set(document, parsed);
    }
    const at = offset;
    objects.push(...parsed.objects.map((o) => (at ? { ...o, line: o.line + at } : { ...o })));
    // A document with a problem (rare in a render) is said at its place: parsed again where it stands.
    if (parsed.diagnostics.length)
      diagnostics.push(...parseManifests(file, '\n'.repeat(at) + document, maxBytes).diagnostics);
    // The document's own lines, and the `---` line after it.
    offset += newlines(document) + 1;
  }
  return { objects, diagnostics };
}

/**
 * A file as `parseWithLibrary` reads it, each document written as renderers print read without the
 * library (`model/block-yaml.ts`), any other by the library alone, where it stands: one odd document
 * (a quoted string over several lines) no longer sends a release bundle of hundreds to the library.
 * Null when a document is a template, or one the library reads with a note or as more than one:
 * the whole file's reading says those. Its documents are what yaml makes of it: text before the
 * first `---` is one unless it is only comments; any other of blank lines and comments is an empty
 * one (a check blanks the CustomResourceDefinitions a change leaves alike, most of a bundle).
 */
export function readPrinted(file: string, text: string): ParsedFile | null {
  // Nothing but blank lines and comments (a file's documents of other kinds blanked out) holds nothing.
  if (commentsOnly(text)) return { objects: [], diagnostics: [] };
  const documents = documentsAt(text);
  if (documents.length > 1 && commentsOnly(documents[0].text)) documents.shift();
  const objects: ManifestObject[] = [];
  const diagnostics: Diagnostic[] = [];
  const warn = (line: number, message: string) =>
    diagnostics.push({ file, line, severity: 'warning', message });
  const written = { text, firstLine: 1 };
  const marks = TEMPLATES.filter(({ mark }) => text.includes(mark));
  const goMarked = marks.includes(GO_TEMPLATE);
  for (const [index, document] of documents.entries()) {
    // A document that spells a template's mark is the library's (a rendered bundle's alerting rules
    // write `{{ $labels.instance }}` in a block scalar), so a template is known as one.
    const marked = marks.some(({ mark }) => document.text.includes(mark));
    const read = marked ? undefined : readBlockYaml(document.text);
    if (read) {
      const object = toObject(file, document.line + read.line - 1, read.value, warn);
      if (!object) continue;
      if (!isListKind(object.kind)) {
        remember(object.body, written, index);
        objects.push(object);
        continue;
      }
    } else if (commentsOnly(document.text)) continue;
    // Whether the library calls a document a template can turn on a `{{` elsewhere in the file
    // (Go's `{ {…} }`, read as a mapping keyed by a mapping): only the whole file's reading says.
    if (goMarked && !document.text.includes(GO_TEMPLATE.mark)) return null;
    const alone = documentByLibrary(file, document);
    if (!alone) return null;
    objects.push(...alone);
  }
  return { objects, diagnostics };
}

/**
 * A document's objects as the library reads it alone, its lines shifted to the file's (not read
 * after as many blank lines as precede it: yaml lexes each, and a bundle's documents lie thousands
 * of lines down); null when that reading has a note, or the text holds a marker of another
 * document that the split at `---` lines does not see.
 */
function documentByLibrary(file: string, document: { text: string; line: number }): ManifestObject[] | null {
  if (/^(?:---|\.\.\.|%)/m.test(document.text)) return null;
  const parsed = parseWithLibrary(file, document.text, document.line);
  return parsed.diagnostics.length ? null : parsed.objects;
}

/** Whether every line of `text` is blank or a comment: one pass, without splitting a bundle into lines. */
const commentsOnly = (text: string) => !/(?:^|\n)[^\S\n]*[^\s#]/.test(text);

function toObject(
  file: string,
  line: number,
  value: unknown,
  warn: (line: number, message: string) => void,
): ManifestObject | null {
  if (!isRecord(value)) return null;
  const { apiVersion, kind, metadata } = value;
  if (typeof kind !== 'string' || typeof apiVersion !== 'string') return null;
  if (isListKind(kind)) return { apiVersion, kind, namespace: null, name: '', file, line, body: value };
  if (!isRecord(metadata)) return null;
  for (const field of ['name', 'namespace'] as const) {
    const v = metadata[field];
    // YAML 1.1, as Kubernetes reads it, turns unquoted `no`, `on`, `n`, `0755` into booleans and numbers.
    if (v !== undefined && v !== null && typeof v !== 'string')
      warn(line, `skipped ${kind}: metadata.${field} reads as ${JSON.stringify(v)}, not a string; quote it.`);
  }
  const name = declaredName((key) => metadata[key]);
  if (name === '') return null;
  const namespace =
    typeof metadata.namespace === 'string' && metadata.namespace !== '' ? metadata.namespace : null;
  return { apiVersion, kind, namespace, name, file, line, body: value };
}

interface TemplateLanguage {
  mark: string;
  name: string;
}

const looksLike = (file: string, line: number, template: TemplateLanguage): Diagnostic => ({
  file,
  line,
  severity: 'warning',
  message: `skipped: looks like ${template.name}, which is not YAML until rendered. Check the rendered manifests instead.`,
});

const GO_TEMPLATE: TemplateLanguage = { mark: '{{', name: 'a Helm or Go template ({{ … }})' };

/** Template languages met in manifest folders, by the mark that opens their actions. */
const TEMPLATES: TemplateLanguage[] = [
  GO_TEMPLATE,
  // cloudogu/gitops-playground keeps FreeMarker templates (`<#if …>`) as `*.ftl.yaml`.
  { mark: '<#', name: 'a FreeMarker template (<#…>)' },
  { mark: '{%', name: 'a Jinja template ({% … %})' },
];

/**
 * A template action either breaks the document, or (Go's unquoted `{{ x }}`) parses as a flow
 * mapping whose key is another flow mapping, which no hand-written manifest contains.
 */
function isTemplate(doc: Document.Parsed, text: string, mark: string): boolean {
  if (doc.errors.length > 0) {
    const action = text.indexOf(mark, doc.range[0]);
    return action >= 0 && action < doc.range[2];
  }
  if (mark !== '{{') return false;
  let found = false;
  visit(doc, {
    Map(_, node) {
      const first = node.items[0];
      if (node.flow && first && isMap(first.key) && first.key.flow) {
        found = true;
        return visit.BREAK;
      }
    },
  });
  return found;
}
