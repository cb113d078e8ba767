import type { Report } from '../types.js';
import {
  DELIVERY_TEXT,
  changeSummary,
  countByStatus,
  impactsOf,
  nextStep,
  objectName,
  shortSha,
  verdict,
} from './wording.js';

export interface MarkdownOptions {
  /** A URL for a file line at head (the PR's head commit), or null to print the bare location. */
  link?: (file: string, line: number) => string | null;
}

const STATUS_BADGE = {
  dormant: '🔴 dormant',
  manual: '🟠 manual',
  'next-run': '🔵 next-run',
  rolling: '🟢 rolling',
};

export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const at = (file: string, line: number, label: string) => {
    const url = options.link?.(file, line);
    return url ? `[${label}](${url})` : `${label} (\`${file}:${line}\`)`;
  };
  const counts = countByStatus(report);
  const errors = report.diagnostics.filter((d) => d.severity === 'error');
  const icon = counts.dormant || errors.length ? '❌' : counts.manual ? '⚠️' : '✅';
  const out: string[] = [];
  out.push(`### ${icon} Config Rollout Guard`, '', `**${verdict(report)}**`, '');

  const rows = report.changes.flatMap((change) => {
    const config = `${change.kind} \`${objectName(change)}\`<br>${escape(changeSummary(change))}`;
    const consumers = impactsOf(report, change);
    if (consumers.length === 0)
      return [
        `| ${at(change.file, change.line, config)} | — | — | no workload here reads the changed keys |`,
      ];
    return consumers.map(({ impact, config: consumed }) => {
      const workload = at(
        impact.workload.file,
        impact.workload.line,
        `${impact.workload.kind} \`${objectName(impact.workload)}\``,
      );
      const delivery = [...new Set(consumed.via.map((v) => DELIVERY_TEXT[v.delivery]))].join('; ');
      return `| ${at(change.file, change.line, config)} | ${workload} | ${STATUS_BADGE[impact.status]} | ${impact.reason}. ${escape(delivery)} |`;
    });
  });
  if (rows.length) out.push('| Config | Workload | Status | Why |', '| --- | --- | --- | --- |', ...rows, '');

  if (errors.length) {
    out.push('**Errors**', '');
    for (const d of errors)
      out.push(`- ${at(d.file, d.line, `\`${d.file}:${d.line}\``)}: ${escape(d.message)}`);
    out.push('');
  }
  const next = nextStep(report);
  if (next) out.push(`**Next:** ${next}`, '');

  const details: string[] = [];
  for (const impact of report.impacts) {
    details.push(`- ${impact.workload.kind} \`${objectName(impact.workload)}\` (${impact.status})`);
    for (const config of impact.configs) {
      const keys = config.keys.length ? ` keys ${config.keys.map((k) => `\`${k}\``).join(', ')}` : '';
      const assumed = config.namespaceAssumed ? ' (namespace assumed: one side sets none)' : '';
      details.push(`  - ${config.kind} \`${objectName(config)}\`${keys}${assumed}`);
      for (const via of config.via) details.push(`    - \`${via.path}\` — ${DELIVERY_TEXT[via.delivery]}`);
    }
  }
  const warnings = report.diagnostics.filter((d) => d.severity !== 'error');
  if (warnings.length) {
    details.push('', `Skipped or suspicious input (${warnings.length}):`, '');
    for (const d of warnings) details.push(`- \`${d.file}:${d.line}\` ${escape(d.message)}`);
  }
  if (details.length) out.push('<details><summary>Details</summary>', '', ...details, '', '</details>', '');
  out.push(`<sub>base \`${shortSha(report.base)}\` → head \`${shortSha(report.head)}\`</sub>`);
  return out.join('\n') + '\n';
}

function escape(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/</g, '&lt;');
}

/** What a sticky comment becomes once a later push leaves nothing to act on. */
export function renderAllClear(report: Report): string {
  const counts = countByStatus(report);
  const rolling = counts.rolling + counts['next-run'];
  const detail =
    report.changes.length === 0
      ? 'This change no longer modifies any ConfigMap or Secret content.'
      : `Every workload that reads the changed config picks it up${rolling ? ` (${verdict(report).replace(/\.$/, '')})` : ''}.`;
  return [
    '### ✅ Config Rollout Guard',
    '',
    `**All clear.** ${detail}`,
    '',
    `<sub>base \`${shortSha(report.base)}\` → head \`${shortSha(report.head)}\`</sub>`,
    '',
  ].join('\n');
}
