import stringify from 'fast-json-stable-stringify';
import {
  LineCounter,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseAllDocuments,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import { isRecord } from '../../model/values.js';

/** Which pod template to annotate: the object that starts at `line`, and the template's path in it. */
export interface AnnotationTarget {
  line: number;
  kind: string;
  name: string;
  /** As PodTemplate.path: '' for a bare Pod, `spec.template`, `spec.workerGroupSpecs[1].template`. */
  templatePath: string;
}

export type AnnotateResult = { text: string; changed: boolean } | { error: string };

interface Edit {
  at: number;
  end: number;
  text: string;
}

/**
 * Sets one annotation on a pod template by editing the text, not by re-serialising it: only the
 * annotation line changes (plus `metadata:` / `annotations:` lines when they are missing, indented
 * in the file's own style). Comments, quoting, key order, flow style, separators, line endings and
 * every other document stay byte for byte. The result is re-parsed and must equal the original
 * plus the annotation, or nothing is written.
 */
export function setTemplateAnnotation(
  text: string,
  target: AnnotationTarget,
  key: string,
  value: string,
): AnnotateResult {
  const lines = new LineCounter();
  const documents = parseAllDocuments(text, { version: '1.1', lineCounter: lines });
  const style = new Style(text);
  const object = findObject(documents, (offset) => lines.linePos(offset).line, target);
  if (!object) return { error: `no ${target.kind} ${target.name} starts at line ${target.line}` };
  const located = locate(object.node, target.templatePath, style);
  if (!located || !isMap(located.map))
    return {
      error: `${target.kind} ${target.name} has no pod template at ${target.templatePath || 'its root'}`,
    };

  const edit = planEdit(located.map, located.keyColumn, key, value, style);
  if (edit === null) return { text, changed: false };
  if (typeof edit === 'string') return { error: `${target.kind} ${target.name}: ${edit}` };
  const result = text.slice(0, edit.at) + edit.text + text.slice(edit.end);
  return verify(text, result, object.position, target.templatePath, key, value)
    ? { text: result, changed: true }
    : { error: `could not edit ${target.kind} ${target.name} without changing anything else` };
}

/** The file's own conventions: line ending and indentation step. */
class Style {
  readonly eol: string;
  constructor(readonly text: string) {
    this.eol = text.includes('\r\n') ? '\r\n' : '\n';
  }
  column(offset: number): number {
    return offset - (this.text.lastIndexOf('\n', offset - 1) + 1);
  }
}

/** The edit, `null` when the annotation is already there, or why the template cannot take it. */
function planEdit(
  template: YAMLMap,
  templateKeyColumn: number | null,
  key: string,
  value: string,
  style: Style,
): Edit | null | string {
  const metadata = pairOf(template, 'metadata');
  if (!metadata)
    return insertPair(
      template,
      templateKeyColumn,
      'metadata',
      { annotations: { [key]: value } },
      style,
      true,
    );
  const metadataKeyColumn = style.column(metadata.key.range![0]);
  if (isNull(metadata.value))
    return fillNull(metadata, templateKeyColumn, { annotations: { [key]: value } }, style);
  if (!isMap(metadata.value)) return 'its pod template metadata is not a mapping';
  const annotations = pairOf(metadata.value, 'annotations');
  if (!annotations)
    return insertPair(metadata.value, metadataKeyColumn, 'annotations', { [key]: value }, style, false);
  // `annotations:` with nothing after it is seen in the wild (kubeflow's katib postgres).
  if (isNull(annotations.value)) return fillNull(annotations, metadataKeyColumn, { [key]: value }, style);
  if (!isMap(annotations.value)) return 'its pod template annotations are not a mapping';
  const existing = pairOf(annotations.value, key);
  if (!existing)
    return insertPair(annotations.value, style.column(annotations.key.range![0]), key, value, style, false);
  if (isScalar(existing.value) && existing.value.value === value) return null;
  const node = existing.value as Node;
  return { at: node.range![0], end: node.range![1], text: JSON.stringify(value) };
}

function isNull(node: Node | null): boolean {
  return node === null || (isScalar(node) && node.value === null);
}

/** Gives a key whose value is empty or null its first entries: lines below it, or a flow map in place of `null`. */
function fillNull(
  pair: Pair<Node, Node | null>,
  ownerKeyColumn: number | null,
  entries: Record<string, Value>,
  style: Style,
): Edit {
  const node = pair.value;
  if (node && node.range![1] > node.range![0])
    return {
      at: node.range![0],
      end: node.range![1],
      text: `{${Object.entries(entries)
        .map(([k, v]) => flowEntry(k, v))
        .join(', ')}}`,
    };
  const keyStart = pair.key.range![0];
  const column = style.column(keyStart);
  const step = ownerKeyColumn !== null && column > ownerKeyColumn ? column - ownerKeyColumn : 2;
  const lines = Object.entries(entries)
    .flatMap(([k, v]) => blockLines(k, v, column + step, step))
    .join(style.eol);
  const lineEnd = style.text.indexOf('\n', keyStart);
  if (lineEnd < 0) return { at: style.text.length, end: style.text.length, text: style.eol + lines };
  return { at: lineEnd + 1, end: lineEnd + 1, text: lines + style.eol };
}

type Value = string | { [key: string]: Value };

/** Inserts `key: value` into a map, in its own style: a line of its own in a block map, an entry in a flow map. */
function insertPair(
  map: YAMLMap,
  ownerKeyColumn: number | null,
  key: string,
  value: Value,
  style: Style,
  first: boolean,
): Edit | null {
  const { text, eol } = style;
  if (map.flow) {
    const [start, end] = map.range!;
    if (map.items.length === 0) return { at: start, end, text: `{${flowEntry(key, value)}}` };
    const last = map.items[map.items.length - 1] as Pair<Node, Node>;
    const lastEnd = (last.value ?? last.key).range![1];
    const multiline = text.slice(start, end).includes('\n');
    const indent = ' '.repeat(style.column(last.key.range![0]));
    return { at: lastEnd, end: lastEnd, text: `,${multiline ? eol + indent : ' '}${flowEntry(key, value)}` };
  }
  if (map.items.length === 0) return null;
  const firstKey = (map.items[0] as Pair<Node, Node>).key;
  const column = style.column(firstKey.range![0]);
  const step = ownerKeyColumn !== null && column > ownerKeyColumn ? column - ownerKeyColumn : 2;
  const lines = blockLines(key, value, column, step).join(eol) + eol;
  if (first) {
    const lineStart = firstKey.range![0] - column;
    // A first key that shares its line with a `- ` indicator cannot be preceded by a line.
    if (text.slice(lineStart, firstKey.range![0]).trim() === '')
      return { at: lineStart, end: lineStart, text: lines };
  }
  const last = map.items[map.items.length - 1] as Pair<Node, Node>;
  const lastEnd = (last.value ?? last.key).range![1];
  const lineEnd = text.indexOf('\n', Math.max(lastEnd - 1, 0));
  if (lineEnd < 0) return { at: text.length, end: text.length, text: eol + lines.slice(0, -eol.length) };
  return { at: lineEnd + 1, end: lineEnd + 1, text: lines };
}

function blockLines(key: string, value: Value, column: number, step: number): string[] {
  const indent = ' '.repeat(column);
  if (typeof value === 'string') return [`${indent}${key}: ${JSON.stringify(value)}`];
  return [
    `${indent}${key}:`,
    ...Object.entries(value).flatMap(([k, v]) => blockLines(k, v, column + step, step)),
  ];
}

function flowEntry(key: string, value: Value): string {
  if (typeof value === 'string') return `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  return `${JSON.stringify(key)}: {${Object.entries(value)
    .map(([k, v]) => flowEntry(k, v))
    .join(', ')}}`;
}

function pairOf(map: YAMLMap, key: string): Pair<Node, Node | null> | undefined {
  return map.items.find(
    (p): p is Pair<Node, Node | null> => isPair(p) && isScalar(p.key) && p.key.value === key,
  );
}

/** Where the object is: its document, and its index in that document's `items` when it is a List item. */
interface Position {
  document: number;
  item: number | null;
}

function findObject(
  documents: Document.Parsed[],
  lineOf: (offset: number) => number,
  target: AnnotationTarget,
): { node: YAMLMap; position: Position } | null {
  for (const [document, doc] of documents.entries()) {
    if (doc.errors.length || !isMap(doc.contents)) continue;
    const candidates: [YAMLMap, number | null][] = [[doc.contents, null]];
    const items = doc.contents.get('items', true);
    if (isSeq(items)) items.items.forEach((item, i) => isMap(item) && candidates.push([item, i]));
    for (const [node, item] of candidates) {
      if (lineOf(node.range![0]) !== target.line) continue;
      const metadata = node.get('metadata', true);
      if (node.get('kind') === target.kind && isMap(metadata) && metadata.get('name') === target.name)
        return { node, position: { document, item } };
    }
  }
  return null;
}

/** The map at a PodTemplate path, and the column of the key that holds it (for the indentation step). */
function locate(
  root: YAMLMap,
  path: string,
  style: Style,
): { map: unknown; keyColumn: number | null } | null {
  let node: unknown = root;
  let keyColumn: number | null = null;
  for (const step of path ? path.split('.') : []) {
    const match = PATH_STEP.exec(step);
    if (!match || !isMap(node)) return null;
    const pair = pairOf(node, match[1]);
    if (!pair) return null;
    node = pair.value;
    keyColumn = style.column(pair.key.range![0]);
    if (match[2] !== undefined) {
      node = isSeq(node) ? node.items[Number(match[2])] : undefined;
      keyColumn = null;
    }
  }
  return { map: node, keyColumn };
}

const PATH_STEP = /^([^[\]]+)(?:\[(\d+)\])?$/;

/** The edited file must read as the original with exactly one annotation added or changed. */
function verify(
  before: string,
  after: string,
  at: Position,
  templatePath: string,
  key: string,
  value: string,
): boolean {
  const read = (text: string) => {
    const docs = parseAllDocuments(text, { version: '1.1' });
    if (docs.some((d) => d.errors.length)) return null;
    return docs.map((d) => d.toJS({ maxAliasCount: 1000 }) as unknown);
  };
  const expected = read(before);
  const edited = read(after);
  if (!expected || !edited || expected.length !== edited.length) return false;
  const doc = expected[at.document];
  const object =
    at.item === null ? doc : isRecord(doc) && Array.isArray(doc.items) ? doc.items[at.item] : undefined;
  const template = walk(object, templatePath);
  if (!isRecord(template)) return false;
  const metadata = (template.metadata = isRecord(template.metadata) ? template.metadata : {});
  const annotations = (metadata.annotations = isRecord(metadata.annotations) ? metadata.annotations : {});
  annotations[key] = value;
  return stringify(expected) === stringify(edited);
}

function walk(value: unknown, path: string): unknown {
  for (const step of path ? path.split('.') : []) {
    const match = PATH_STEP.exec(step);
    if (!match) return undefined;
    value = isRecord(value) ? value[match[1]] : undefined;
    if (match[2] !== undefined) value = Array.isArray(value) ? value[Number(match[2])] : undefined;
  }
  return value;
}
