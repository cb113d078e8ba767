import { needsAction } from '../model/status.js';
import type { Report } from '../model/types.js';
import type { Places } from './places.js';
import { forTerminal } from '../stages/9-report/escape.js';
import { objectName } from '../model/identity.js';
import { capitalise, changeSummary, impactsOf, inRoot } from '../stages/9-report/wording.js';

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  title: string;
  message: string;
  file: string;
  line: number;
}

/**
 * Most important first: the platform shows only the first 10 of each level per step, so errors and
 * dormant workloads come before changed config lines and unreadable files.
 */
export function annotations(raw: Report, places?: Places): Annotation[] {
  // Annotations land in the job log as plain text: no control character from the repository may steer it.
  const report = forTerminal(raw);
  const out: Annotation[] = [];
  // An error shows where it is made as well as where it breaks (a removed key: the config and the reader).
  for (const d of report.diagnostics.filter((d) => d.severity === 'error'))
    for (const at of [d, ...(d.related ?? [])])
      out.push({
        level: 'error',
        title: 'Config Rollout Guard',
        message: d.message,
        file: at.file,
        line: at.line,
      });
  for (const n of report.notChecked.filter((n) => n.kind !== 'include')) {
    out.push({
      level: n.fails ? 'error' : 'warning',
      title: `Not checked: ${n.name}`,
      message: n.message,
      file: n.file,
      line: n.line,
    });
  }
  for (const impact of report.impacts.filter((i) => needsAction(i.status))) {
    const configs = impact.configs.map((c) => `${c.kind} ${objectName(c)}`).join(', ');
    out.push({
      level: 'warning',
      title: `${impact.status}: ${impact.workload.kind} ${objectName(impact.workload)}${inRoot(impact.workload)}`,
      message: configs
        ? `Reads ${configs}, which this change modifies, but ${impact.reason}.`
        : `${capitalise(impact.reason)}.`,
      file: impact.workload.file,
      line: places?.impact(impact) ?? impact.workload.line,
    });
  }
  for (const change of report.changes) {
    const readers = impactsOf(report, change).map((r) => r.impact);
    const dormant = readers.filter((i) => i.status === 'dormant').length;
    out.push({
      level: 'notice',
      title: `${change.kind} ${objectName(change)}${inRoot(change)}: ${changeSummary(change)}`,
      message: `${readers.length} workload${readers.length === 1 ? ' reads' : 's read'} the changed keys; ${dormant} will not roll.`,
      file: change.file,
      line: places?.change(change) ?? change.line,
    });
  }
  for (const d of report.diagnostics.filter((d) => d.severity === 'warning')) {
    out.push({ level: 'warning', title: 'Skipped input', message: d.message, file: d.file, line: d.line });
  }
  for (const d of report.diagnostics.filter((d) => d.severity === 'notice')) {
    out.push({
      level: 'notice',
      title: 'Config Rollout Guard note',
      message: d.message,
      file: d.file,
      line: d.line,
    });
  }
  // A workload judged with several roots' copies of a config is one finding on its line.
  return [
    ...new Map(out.map((a) => [JSON.stringify([a.level, a.title, a.message, a.file, a.line]), a])).values(),
  ];
}
