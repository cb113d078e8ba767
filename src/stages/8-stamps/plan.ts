import { createTwoFilesPatch } from 'diff';
import type { PodTemplate, Workload } from '../4-objects/workloads.js';
import { compareText } from '../../model/order.js';
import type { Diagnostic, WorkloadRefSummary } from '../../model/types.js';
import { setTemplateAnnotation } from './yaml-edit.js';

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
 * Applies stamps file by file. Within a file, objects further down are edited first: an edit adds
 * lines only inside its own object, so the start lines of the objects above stay true.
 */
export function applyStamps(
  stamps: readonly Stamp[],
  annotation: string,
  texts: ReadonlyMap<string, string>,
  diagnostics: Diagnostic[],
): FileEdit[] {
  const byFile = new Map<string, Stamp[]>();
  for (const stamp of stamps)
    byFile.set(stamp.workload.object.file, [...(byFile.get(stamp.workload.object.file) ?? []), stamp]);
  const edits: FileEdit[] = [];
  for (const [file, fileStamps] of [...byFile].sort(([a], [b]) => compareText(a, b))) {
    const before = texts.get(file);
    if (before === undefined) continue;
    let text = before;
    const stamped: WorkloadRefSummary[] = [];
    fileStamps.sort(
      (a, b) =>
        b.workload.object.line - a.workload.object.line || compareText(b.template.path, a.template.path),
    );
    for (const { workload, template, value } of fileStamps) {
      const { kind, name, namespace, line } = workload.object;
      const result = setTemplateAnnotation(
        text,
        { line, kind, name, templatePath: template.path },
        annotation,
        value,
      );
      if ('error' in result) {
        diagnostics.push({
          file,
          line,
          severity: 'warning',
          message: `could not write the config hash: ${result.error}.`,
        });
        continue;
      }
      text = result.text;
      if (result.changed && !stamped.some((s) => s.line === line))
        stamped.push({ kind, namespace, name, file, line });
    }
    if (text !== before) edits.push({ file, before, after: text, workloads: stamped.reverse() });
  }
  return edits;
}

/** A patch `git apply` takes, for every edited file. */
export function unifiedDiff(edits: readonly FileEdit[]): string {
  return edits
    .map((edit) => {
      const from = edit.created ? '/dev/null' : `a/${edit.file}`;
      const patch = createTwoFilesPatch(from, `b/${edit.file}`, edit.before, edit.after, '', '', {
        context: 3,
      });
      const header = `diff --git a/${edit.file} b/${edit.file}\n${edit.created ? 'new file mode 100644\n' : ''}`;
      return header + patch.replace(/^=+\n/, '').replace(/\t$/gm, '');
    })
    .join('');
}
