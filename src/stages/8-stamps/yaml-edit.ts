import {
  LineCounter,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import { parseAllDocuments } from '../../model/yaml.js';
import { isRecord } from '../../model/values.js';
import { declaredName } from '../../model/identity.js';
import { valueDigest } from '../../model/digest.js';

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
  const { text: result, results } = setTemplateAnnotations(text, [{ target, value }], key);
  const [outcome] = results;
  return 'error' in outcome ? outcome : { text: result, changed: outcome.changed };
}

export interface AnnotationStamp {
  target: AnnotationTarget;
  value: string;
}

/**
 * Every stamp of one file in one pass: the file is parsed once, the edits are planned on that one
 * parse and applied bottom-up, and the result is verified once — so the cost follows the file, not
 * the file times its workloads. Should the combined result not verify, each stamp is tried alone,
 * so one odd object costs only its own stamp.
 */
export function setTemplateAnnotations(
  text: string,
  stamps: readonly AnnotationStamp[],
  key: string,
): { text: string; results: ({ changed: boolean } | { error: string })[] } {
  const lines = new LineCounter();
  const documents = parseAllDocuments(text, { version: '1.1', lineCounter: lines });
  const style = new Style(text);
  const objects = objectsByLine(documents, (offset) => lines.linePos(offset).line);
  const planned = stamps.map((stamp) => plan(stamp, objects, key, style));
  const edits = planned.filter((p): p is Planned => typeof p === 'object' && p !== null && 'edit' in p);
  const results = planned.map((p) =>
    p === null ? { changed: false } : 'error' in p ? { error: p.error } : { changed: true },
  );
  if (edits.length === 0) return { text, results };
  const sorted = edits.map((e) => e.edit).sort((a, b) => a.at - b.at);
  // Two edits at one place (two templates sharing an insertion point) cannot both apply blindly.
  const overlapping = sorted.some((e, i) => i > 0 && e.at < sorted[i - 1].end);
  // Joined once from slices: splicing the string per edit would copy the file once per workload.
  const parts: string[] = [];
  let from = 0;
  for (const edit of sorted) {
    parts.push(text.slice(from, edit.at), edit.text);
    from = edit.end;
  }
  const result = parts.join('') + text.slice(from);
  if (!overlapping && verify(text, result, edits, key)) return { text: result, results };
  if (stamps.length === 1)
    return {
      text,
      results: [
        {
          error: `could not edit ${stamps[0].target.kind} ${stamps[0].target.name} without changing anything else`,
        },
      ],
    };
  // One at a time, each on the text the previous ones left, bottom-up so start lines stay true.
  let current = text;
  const alone = stamps.map(() => ({ changed: false }) as { changed: boolean } | { error: string });
  const order = stamps.map((_, i) => i).sort((a, b) => stamps[b].target.line - stamps[a].target.line);
  for (const i of order) {
    const single = setTemplateAnnotations(current, [stamps[i]], key);
    alone[i] = single.results[0];
    current = single.text;
  }
  return { text: current, results: alone };
}

interface Planned {
  stamp: AnnotationStamp;
  position: Position;
  edit: Edit;
}

function plan(
  stamp: AnnotationStamp,
  objects: ReadonlyMap<number, { node: YAMLMap; position: Position }[]>,
  key: string,
  style: Style,
): Planned | { error: string } | null {
  const { target, value } = stamp;
  const object = (objects.get(target.line) ?? []).find(
    ({ node }) =>
      node.get('kind') === target.kind &&
      declaredName((key) => (node.get('metadata') as YAMLMap | undefined)?.get?.(key)) === target.name,
  );
  if (!object) return { error: `no ${target.kind} ${target.name} starts at line ${target.line}` };
  const located = locate(object.node, target.templatePath, style);
  if (!located || !isMap(located.map))
    return {
      error: `${target.kind} ${target.name} has no pod template at ${target.templatePath || 'its root'}`,
    };
  // The object itself may carry an anchor that other documents alias; only the nodes below it matter.
  const anchored = shared(...located.through.slice(1));
  if (anchored) return { error: `${target.kind} ${target.name}: ${anchored}` };
  const edit = planEdit(located.map, located.keyColumn, key, value, style);
  if (edit === null) return null;
  if (typeof edit === 'string') return { error: `${target.kind} ${target.name}: ${edit}` };
  return { stamp, position: object.position, edit };
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
  const anchored = shared(template, pairOf(template, 'metadata')?.value, annotationsOf(template));
  if (anchored) return anchored;
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
  if (existing.value && (existing.value as Node & { anchor?: string }).anchor)
    return 'its hash annotation is an anchor that others may alias; set it by hand';
  const node = existing.value as Node;
  // A block scalar (`>-`, `|`) owns its line break; the quoted replacement must keep one.
  const block = isScalar(node) && (node.type === 'BLOCK_FOLDED' || node.type === 'BLOCK_LITERAL');
  return { at: node.range![0], end: node.range![1], text: JSON.stringify(value) + (block ? style.eol : '') };
}

/**
 * A map with an anchor (`&name`) can be aliased elsewhere: an edit there would change every alias —
 * another workload's template and its hash.
 */
function shared(...nodes: unknown[]): string | null {
  for (const node of nodes) {
    const anchor = (node as { anchor?: string } | null)?.anchor;
    if (anchor)
      return `its pod template shares &${anchor} with other places (an anchor); give it its own annotations to stamp it`;
  }
  return null;
}

function annotationsOf(template: YAMLMap): unknown {
  const metadata = pairOf(template, 'metadata')?.value;
  return isMap(metadata) ? pairOf(metadata, 'annotations')?.value : null;
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

/** Every object of the file (documents and List items), by the line it starts on. */
function objectsByLine(
  documents: Document.Parsed[],
  lineOf: (offset: number) => number,
): Map<number, { node: YAMLMap; position: Position }[]> {
  const byLine = new Map<number, { node: YAMLMap; position: Position }[]>();
  const add = (node: YAMLMap, position: Position) => {
    const line = lineOf(node.range![0]);
    byLine.set(line, [...(byLine.get(line) ?? []), { node, position }]);
  };
  for (const [document, doc] of documents.entries()) {
    if (doc.errors.length || !isMap(doc.contents)) continue;
    add(doc.contents, { document, item: null });
    const items = doc.contents.get('items', true);
    if (isSeq(items)) items.items.forEach((item, i) => isMap(item) && add(item, { document, item: i }));
  }
  return byLine;
}

/** The map at a PodTemplate path, and the column of the key that holds it (for the indentation step). */
function locate(
  root: YAMLMap,
  path: string,
  style: Style,
): { map: unknown; keyColumn: number | null; through: unknown[] } | null {
  let node: unknown = root;
  let keyColumn: number | null = null;
  const through: unknown[] = [];
  for (const step of path ? path.split('.') : []) {
    through.push(node);
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
  return { map: node, keyColumn, through };
}

const PATH_STEP = /^([^[\]]+)(?:\[(\d+)\])?$/;

/** The edited file must read as the original with exactly the planned annotations added or changed. */
function verify(before: string, after: string, planned: readonly Planned[], key: string): boolean {
  const read = (text: string) => {
    const docs = parseAllDocuments(text, { version: '1.1' });
    if (docs.some((d) => d.errors.length)) return null;
    return docs.map((d) => d.toJS({ maxAliasCount: 1000 }) as unknown);
  };
  const expected = read(before);
  const edited = read(after);
  if (!expected || !edited || expected.length !== edited.length) return false;
  for (const { stamp, position } of planned) {
    const doc = expected[position.document];
    const object =
      position.item === null
        ? doc
        : isRecord(doc) && Array.isArray(doc.items)
          ? doc.items[position.item]
          : undefined;
    const template = walk(object, stamp.target.templatePath);
    if (!isRecord(template)) return false;
    const metadata = (template.metadata = isRecord(template.metadata) ? template.metadata : {});
    const annotations = (metadata.annotations = isRecord(metadata.annotations) ? metadata.annotations : {});
    annotations[key] = stamp.value;
  }
  return valueDigest(expected) === valueDigest(edited);
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
