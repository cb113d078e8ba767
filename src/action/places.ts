import { LineCounter, isMap, isNode, isScalar, isSeq, type Document } from 'yaml';
import { parseAllDocuments } from '../model/yaml.js';
import type { ConfigChange, Impact, Report } from '../model/types.js';
import type { Repository } from '../stages/1-git/repository.js';

/** Where an annotation shows inline: a changed key's line, a reference's line; else the object's. */
export interface Places {
  change: (change: ConfigChange) => number;
  impact: (impact: Impact) => number;
}

/**
 * Reviewers see annotations inline only on lines of the diff: the changed key of a config, and in a
 * workload the line that names the config it reads. Files written as manifests are read at head and
 * searched; rendered objects keep the line their renderer gave.
 */
export async function annotationPlaces(repo: Repository, report: Report): Promise<Places> {
  const files = [
    ...new Set([
      ...report.changes.filter((c) => !c.source && c.change !== 'deleted').map((c) => c.file),
      ...report.impacts.filter((i) => !i.workload.source).map((i) => i.workload.file),
    ]),
  ];
  const texts = await repo.readMany(report.head, files);
  const documents = new Map<string, { docs: Document[]; lines: LineCounter }>();
  files.forEach((file, i) => {
    if (texts[i] === null) return;
    const lines = new LineCounter();
    const docs = parseAllDocuments(texts[i]!, { lineCounter: lines, version: '1.1' });
    if (Array.isArray(docs)) documents.set(file, { docs, lines });
  });
  /** The document of `file` that holds line `at`. */
  const docAt = (file: string, at: number) => {
    const parsed = documents.get(file);
    const doc = parsed?.docs.find(
      (d) =>
        d.range !== undefined &&
        parsed.lines.linePos(d.range[0]).line <= at &&
        at <= parsed.lines.linePos(d.range[2]).line,
    );
    return parsed && doc ? { doc, lines: parsed.lines } : null;
  };
  const lineAt = (file: string, at: number, path: (string | number)[]): number | null => {
    const found = docAt(file, at);
    const node = found?.doc.getIn(path, true);
    return found && isNode(node) && node.range ? found.lines.linePos(node.range[0]).line : null;
  };
  /** The first line in the object's document that names `name` as a value (`name: x`, `secretName: x`). */
  const namingLine = (file: string, at: number, name: string): number | null => {
    const found = docAt(file, at);
    if (!found || !isMap(found.doc.contents)) return null;
    let line: number | null = null;
    const visit = (node: unknown): void => {
      if (line !== null || !isNode(node)) return;
      if (isMap(node)) {
        for (const pair of node.items) {
          const key = isScalar(pair.key) ? String(pair.key.value) : '';
          if (
            /^(name|secretName)$/.test(key) &&
            isScalar(pair.value) &&
            pair.value.value === name &&
            pair.value.range
          ) {
            line = found.lines.linePos(pair.value.range[0]).line;
            return;
          }
          visit(pair.value);
        }
      } else if (isSeq(node)) node.items.forEach(visit);
    };
    visit(found.doc.contents);
    return line;
  };
  return {
    change: (c) => {
      if (c.source || c.change === 'deleted') return c.line;
      const key = [...c.keys.modified, ...c.keys.added][0];
      if (key === undefined) return c.line;
      return (
        ['data', 'stringData', 'binaryData']
          .map((field) => lineAt(c.file, c.line, [field, key]))
          .find((l) => l !== null) ?? c.line
      );
    },
    impact: (i) => {
      if (i.workload.source) return i.workload.line;
      const named = i.configs
        .map((c) => namingLine(i.workload.file, i.workload.line, c.name))
        .find((l) => l !== null);
      return named ?? i.workload.line;
    },
  };
}
