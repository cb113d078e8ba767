import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isSeq, parseAllDocuments, type Document } from 'yaml';

export interface Touched {
  kind: string;
  namespace: string | null;
  name: string;
}

/**
 * Gives every ConfigMap and Secret in `files` (under `dir`) a new key, so every reference that reads
 * all keys is impacted. Template files and files the YAML parser rejects are left alone: the tool
 * skips them, so touching them would prove nothing.
 */
export function touchEveryConfig(
  dir: string,
  files: string[],
): { touched: Touched[]; edits: Map<string, string> } {
  const touched: Touched[] = [];
  const edits = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    const documents = parseAllDocuments(text, { version: '1.1' });
    if (text.includes('{{') || documents.some((d) => d.errors.length > 0)) continue;
    let edited = false;
    for (const doc of documents) {
      for (const path of configPaths(doc)) {
        const field = doc.getIn([...path, 'kind']) === 'Secret' ? 'stringData' : 'data';
        if (isMap(doc.getIn([...path, field]))) doc.setIn([...path, field, 'crg-probe'], 'probe');
        else doc.setIn([...path, field], doc.createNode({ 'crg-probe': 'probe' }));
        edited = true;
        const namespace = doc.getIn([...path, 'metadata', 'namespace']);
        touched.push({
          kind: String(doc.getIn([...path, 'kind'])),
          namespace: typeof namespace === 'string' && namespace ? namespace : null,
          name: String(doc.getIn([...path, 'metadata', 'name'])),
        });
      }
    }
    if (edited) edits.set(file, documents.map((d) => d.toString()).join(''));
  }
  return { touched, edits };
}

/** Paths to the ConfigMaps and Secrets of one document, List items included. */
function configPaths(doc: Document.Parsed): (string | number)[][] {
  const isConfig = (path: (string | number)[]) =>
    ['ConfigMap', 'Secret'].includes(String(doc.getIn([...path, 'kind']))) &&
    doc.getIn([...path, 'apiVersion']) === 'v1' &&
    typeof doc.getIn([...path, 'metadata', 'name']) === 'string';
  if (!isMap(doc.contents)) return [];
  const items = doc.getIn(['items']);
  if (isSeq(items)) return items.items.map((_, i) => ['items', i]).filter(isConfig);
  return isConfig([]) ? [[]] : [];
}
