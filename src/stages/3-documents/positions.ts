import { LineCounter, isMap, isNode, isScalar, isSeq, type Document } from 'yaml';
import { parseAllDocuments } from '../../model/yaml.js';
import type { ManifestObject } from '../../model/types.js';

/**
 * Where a field of an object is written, for notes that point at the line a reviewer would edit
 * (a strategy, a container, an env entry) rather than the object's first line. Only the file's
 * text is kept; it is parsed again, once per file, when a line is first asked for, so a run that
 * asks for none (most of `scan`) pays nothing but the reference.
 */
interface Written {
  /** The text parsed, and the file's line it starts on (a document read alone). */
  file: { text: string; firstLine: number; parsed?: { docs: Document[]; lines: LineCounter } };
  document: number;
  /** The object's place in its document: `[]`, or `['items', i]` for an item of a List. */
  at: (string | number)[];
}

const written = new WeakMap<object, Written>();

/** Called by the parser for each object it makes from `text`. */
export function remember(
  body: object,
  file: Written['file'],
  document: number,
  at: (string | number)[] = [],
): void {
  written.set(body, { file, document, at });
}

/**
 * The line of the first of `paths` the object's manifest writes, else the object's own line.
 * A path is dotted keys with `[n]` for a list index and `[name]` for the list item of that name
 * (`spec.template.spec.containers[web].env[TIMEOUT]`), as references' `via` are written; text
 * after a space (`← mount`, `(prefix …)`) is ignored. Rendered objects keep the line their
 * renderer gave: what was parsed is the build, not the file a reviewer edits.
 */
export function lineAt(object: ManifestObject, ...paths: string[]): number {
  return lineOfSteps(object, paths.map(pathSteps));
}

/** The line of a ConfigMap or Secret key (which may hold dots) under `field`, else the object's. */
export function keyLine(object: ManifestObject, field: string, key: string): number {
  return lineOfSteps(object, [[field, key]]);
}

function lineOfSteps(object: ManifestObject, paths: (string | { item: string })[][]): number {
  const source = written.get(object.body);
  if (!source || object.source) return object.line;
  const file = source.file;
  file.parsed ??= (() => {
    const lines = new LineCounter();
    return {
      docs: parseAllDocuments(file.text, { lineCounter: lines, version: '1.1' }) as Document[],
      lines,
    };
  })();
  const doc = file.parsed.docs[source.document];
  for (const path of paths) {
    const node = walk(doc?.getIn(source.at, true), path);
    if (isNode(node) && node.range) return file.parsed.lines.linePos(node.range[0]).line + file.firstLine - 1;
  }
  return object.line;
}

/**
 * The steps of a reference's path (`containers[app].env[LEVEL].value`): keys, and the items in
 * brackets. Read by position: a pattern retried each `[` of a container's name to the path's end.
 */
export function pathSteps(path: string): (string | { item: string })[] {
  const text = path.split(' ')[0];
  const lastClose = text.lastIndexOf(']');
  const out: (string | { item: string })[] = [];
  for (let at = 0; at < text.length;) {
    if (text[at] === '[') {
      // A `[` no `]` follows is no item: what comes after it is read as keys.
      if (at > lastClose) {
        at++;
        continue;
      }
      const close = text.indexOf(']', at + 1);
      out.push({ item: text.slice(at + 1, close) });
      at = close + 1;
      continue;
    }
    const start = text[at] === '.' ? at + 1 : at;
    let end = start;
    while (end < text.length && text[end] !== '.' && text[end] !== '[') end++;
    if (end > start) out.push(text.slice(start, end));
    at = Math.max(end, at + 1);
  }
  return out;
}

function walk(start: unknown, path: (string | { item: string })[]): unknown {
  let node = start;
  for (const step of path) {
    if (typeof step === 'string') node = isMap(node) ? node.get(step, true) : undefined;
    else if (isSeq(node)) {
      const named = node.items.find((i) => isMap(i) && scalar(i.get('name', true)) === step.item);
      node = named ?? (/^\d+$/.test(step.item) ? node.items[Number(step.item)] : undefined);
    } else node = undefined;
  }
  return node;
}

function scalar(node: unknown): string | undefined {
  return isScalar(node) ? String(node.value) : undefined;
}
