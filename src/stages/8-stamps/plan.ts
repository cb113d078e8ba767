import { createTwoFilesPatch, structuredPatch } from 'diff';
import { LineCounter } from 'yaml';
import { parseAllDocuments } from '../../model/yaml.js';
import type { PodTemplate, Workload } from '../4-objects/workloads.js';
import { compareText } from '../../model/text.js';
import type { Diagnostic, WorkloadRefSummary } from '../../model/types.js';
import { setTemplateAnnotations } from './yaml-edit.js';
import { groupBy } from '../../model/collections.js';

/** One template to stamp with the hash it should carry. */
export interface Stamp {
  workload: Workload;
  template: PodTemplate;
  value: string;
}

/** The new text of one file, and who in it was stamped. */
export interface FileEdit {
  file: string;
  /** '' for a file the edit creates. */
  before: string;
  after: string;
  created?: boolean;
  workloads: WorkloadRefSummary[];
}

/** What `fix` would write, and what it could not. */
export interface FixResult {
  /** The annotation written. */
  annotation: string;
  edits: FileEdit[];
  diagnostics: Diagnostic[];
}

/**
 * Applies stamps file by file, all stamps of a file in one pass (see setTemplateAnnotations).
 */
export function applyStamps(
  stamps: readonly Stamp[],
  annotation: string,
  texts: ReadonlyMap<string, string>,
  diagnostics: Diagnostic[],
): FileEdit[] {
  const byFile = groupBy(stamps, (stamp) => stamp.workload.object.file);
  const edits: FileEdit[] = [];
  for (const [file, fileStamps] of [...byFile].sort(([a], [b]) => compareText(a, b))) {
    const before = texts.get(file);
    if (before === undefined) continue;
    const { text, results } = setTemplateAnnotations(
      before,
      fileStamps.map(({ workload, template, value }) => ({
        target: {
          line: workload.object.line,
          kind: workload.object.kind,
          name: workload.object.name,
          templatePath: template.path,
        },
        value,
      })),
      annotation,
    );
    const stamped: WorkloadRefSummary[] = [];
    fileStamps.forEach(({ workload }, i) => {
      const result = results[i];
      const { kind, name, namespace, line } = workload.object;
      if ('error' in result)
        diagnostics.push({
          file,
          line,
          severity: 'warning',
          message: `could not write the config hash: ${result.error}.`,
        });
      else if (result.changed && !stamped.some((s) => s.line === line))
        stamped.push({ kind, namespace, name, file, line });
    });
    stamped.sort((a, b) => a.line - b.line);
    if (text !== before) edits.push({ file, before, after: text, workloads: stamped });
  }
  return edits;
}

/** Every workload the edits stamp, once each: a kustomize stamp is two edits for one workload. */
export function stampedWorkloads(edits: readonly FileEdit[]): WorkloadRefSummary[] {
  const seen = new Map<string, WorkloadRefSummary>();
  for (const w of edits.flatMap((e) => e.workloads)) {
    const key = `${w.kind}\0${w.namespace ?? ''}\0${w.name}\0${w.source?.root ?? w.file}`;
    if (!seen.has(key)) seen.set(key, w);
  }
  return [...seen.values()];
}

/**
 * A patch that plain `git apply` takes, three lines of context to each hunk, so it lands exactly
 * where `fix` writes. Context lines are repository text: a file whose context would show a line of
 * a Secret is left out of the patch (`withheld`), never shown with less context.
 */
export function unifiedDiff(edits: readonly FileEdit[]): { patch: string; withheld: string[] } {
  const withheld: string[] = [];
  const patch = edits
    .map((edit) => {
      if (touchesSecret(edit, 3, secretLines(edit.before))) {
        withheld.push(edit.file);
        return '';
      }
      const from = edit.created ? '/dev/null' : `a/${edit.file}`;
      const body = createTwoFilesPatch(from, `b/${edit.file}`, edit.before, edit.after, '', '', {
        context: 3,
      });
      const header = `diff --git a/${edit.file} b/${edit.file}\n${edit.created ? 'new file mode 100644\n' : ''}`;
      return header + body.replace(/^=+\n/, '').replace(/\t$/gm, '');
    })
    .join('');
  return { patch, withheld };
}

function touchesSecret(edit: FileEdit, context: number, secret: ReadonlySet<number>): boolean {
  if (secret.size === 0) return false;
  const { hunks } = structuredPatch(edit.file, edit.file, edit.before, edit.after, '', '', { context });
  return hunks.some((hunk) => {
    let line = hunk.oldStart;
    for (const text of hunk.lines) {
      if (text.startsWith(' ') && secret.has(line)) return true;
      if (!text.startsWith('+')) line++;
    }
    return false;
  });
}

/**
 * The lines (1-based) of every document that is a Secret. A document the parser cannot read (a Helm
 * template) counts when its text says `kind: Secret`.
 */
function secretLines(text: string): Set<number> {
  const lines = new Set<number>();
  if (!text.includes('Secret')) return lines;
  const counter = new LineCounter();
  for (const doc of parseAllDocuments(text, { version: '1.1', lineCounter: counter })) {
    let kind: unknown;
    try {
      kind = doc.errors.length ? null : (doc.toJS({ maxAliasCount: 100 }) as { kind?: unknown } | null)?.kind;
    } catch {
      kind = null;
    }
    if (kind === null || kind === undefined)
      kind = /^kind:\s*["']?Secret["']?\s*$/m.test(text.slice(doc.range[0], doc.range[2]))
        ? 'Secret'
        : 'unknown';
    if (typeof kind === 'string' && kind !== 'Secret' && !kind.endsWith('List')) continue;
    const first = counter.linePos(doc.range[0]).line;
    const last = counter.linePos(doc.range[2]).line;
    for (let l = first; l <= last; l++) lines.add(l);
  }
  return lines;
}
