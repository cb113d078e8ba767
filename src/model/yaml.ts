import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseAllDocuments as parseAllWith,
  parseDocument as parseWith,
  YAMLParseError,
  type Document,
  type DocumentOptions,
  type ParseOptions,
  type SchemaOptions,
} from 'yaml';
import { readBlockYaml } from './block-yaml.js';

// Every YAML the tool reads goes through here (ESLint forbids yaml's own parse functions elsewhere).
// yaml's check for a key written twice compares each key of a mapping with every key before it: a
// ConfigMap of 20,000 keys, 400 KB a pull request can write, took 6 s, and sixteen megabytes would
// hold the main thread for hours, where no deadline reaches. Keys are compared through a set here,
// and the error yaml would have recorded is recorded the same way: `DUPLICATE_KEY`, at the key.

type Options = Omit<ParseOptions & DocumentOptions & SchemaOptions, 'uniqueKeys'> & { uniqueKeys?: boolean };

/**
 * yaml's own checks off (keys written twice are found below), and its warnings unsaid: yaml prints
 * them through node's, with the repository's text in them (a template's `{{ .ns }}` read as a key),
 * unescaped on the terminal and beside every report.
 */
const QUIET = { uniqueKeys: false, logLevel: 'error' } as const;

export function parseAllDocuments(text: string, options: Options = {}) {
  const documents = withoutStacks(() => parseAllWith(text, { ...options, ...QUIET }));
  if (options.uniqueKeys !== false) for (const doc of documents) markDuplicateKeys(doc);
  return documents;
}

export function parseDocument(text: string, options: Options = {}) {
  const doc = withoutStacks(() => parseWith(text, { ...options, ...QUIET }));
  if (options.uniqueKeys !== false) markDuplicateKeys(doc);
  return doc;
}

/**
 * yaml makes an Error, stack and all, of every problem it meets: a Helm template read as YAML holds
 * thousands, and capturing their stacks was a third of a chart change's reading (argo-helm: 205 ms
 * of 600). The tool reads a recorded error's code and place, never its stack. What the parse throws
 * is a fault, not a finding: the parse runs again with stacks, so the fault says where it is.
 */
function withoutStacks<T>(parse: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return parse();
  } catch {
    Error.stackTraceLimit = limit;
    return parse();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * The value of a single-document text, as yaml's `parse` reads it: its first error is thrown. A
 * mapping written in the block style renderers print is read without the library (`block-yaml.ts`),
 * which gives the plain objects yaml gives under these options, and only these.
 */
export function parse(
  text: string,
  options: { version?: '1.1' | '1.2'; maxAliasCount?: number } = {},
): unknown {
  const printed = readBlockYaml(text);
  if (printed) return printed.value;
  const doc = parseDocument(text, options);
  if (doc.errors.length > 0) throw doc.errors[0];
  return doc.toJS(options);
}

function markDuplicateKeys(doc: Document.Parsed): void {
  const twice: YAMLParseError[] = [];
  // Every collection once, without recursion: a document nested a thousand levels deep is valid YAML.
  const open: unknown[] = [doc.contents];
  while (open.length > 0) {
    const node = open.pop();
    if (isMap(node)) {
      // yaml compares keys by `===`: scalars by value (NaN never equal), other keys never.
      const seen = new Set<unknown>();
      for (const { key, value } of node.items) {
        open.push(value);
        if (!isScalar(key)) open.push(key);
        else if (seen.has(key.value)) {
          const at = key.range?.[0] ?? 0;
          twice.push(new YAMLParseError([at, at + 1], 'DUPLICATE_KEY', 'Map keys must be unique'));
        } else if (!Number.isNaN(key.value)) seen.add(key.value);
      }
    } else if (isSeq(node)) for (const item of node.items) open.push(item);
    else if (isPair(node)) open.push(node.key, node.value);
  }
  if (twice.length === 0) return;
  // Merged in the order of the text, as yaml records errors while it reads: the first is what a
  // caller says.
  twice.sort((a, b) => a.pos[0] - b.pos[0]);
  const others = doc.errors.splice(0);
  let next = 0;
  for (const error of others) {
    while (next < twice.length && twice[next].pos[0] < error.pos[0]) doc.errors.push(twice[next++]);
    doc.errors.push(error);
  }
  while (next < twice.length) doc.errors.push(twice[next++]);
}
