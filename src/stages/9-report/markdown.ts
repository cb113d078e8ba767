import type { NotChecked, Report, ScanReport } from '../../model/types.js';
import { code, markdown } from './escape.js';
import { deployedKey, objectName } from '../../model/identity.js';
import { headline, nextStep, overallTone, type Tone, type Where } from '../../model/status.js';
import {
  DELIVERY_TEXT,
  builtRoots,
  badge,
  capitalise,
  changeSummary,
  impactsWithoutChange,
  groupLabel,
  groupChanges,
  groupNotChecked,
  groupTitle,
  inRoot,
  noReader,
  shortSha,
  verdict,
} from './wording.js';

export interface MarkdownOptions {
  /** A URL for a file line at head (the PR's head commit), or null to print the bare location. */
  link?: (file: string, line: number) => string | null;
  /** Where it is read, for the next step (default: by someone with the CLI at hand). */
  where?: Where;
}

/** How many configs of a group the table names; the rest are counted (and listed under paths and keys). */
const GROUP_SHOWN = 8;

const HEADLINE_ICON: Record<Tone, string> = { bad: '❌', warn: '⚠️', info: '✅', good: '✅' };

/**
 * The table's rows, a reason the row above already gives not written again: a change many
 * workloads read would repeat the same sentences down the whole table.
 */
function tableRows(rows: readonly (readonly [string, string, string, string])[]): string[] {
  return rows.map(([config, workload, status, why], i) => {
    const same = i > 0 && why === rows[i - 1][3];
    return `| ${config} | ${workload} | ${status} | ${same ? 'Same as above.' : why} |`;
  });
}

/** The report for a reviewer: PR comment, job summary, `--format markdown`. */
export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  // A place with no other name (an error's) is its own label, shown once.
  const at = (file: string, line: number, label?: string) => {
    const url = options.link?.(file, line);
    const place = code(`${file}:${line}`);
    return url ? `[${label ?? place}](${url})` : label ? `${label} (${place})` : place;
  };
  const errors = report.diagnostics.filter((d) => d.severity === 'error');
  const out: string[] = [
    `### ${HEADLINE_ICON[overallTone(report)]} Config Rollout Guard: ${headline(report)}`,
    '',
  ];
  if (report.changes.length) out.push(verdict(report), '');

  const rows = groupChanges(report).flatMap(({ changes, consumers }): [string, string, string, string][] => {
    const [change] = changes;
    const shown = changes.slice(0, GROUP_SHOWN).map((c) => at(c.file, c.line, code(objectName(c))));
    const more = changes.length - shown.length;
    const config =
      changes.length === 1
        ? at(change.file, change.line, `${change.kind} ${code(objectName(change))}`) +
          markdown(inRoot(change)) +
          `<br>${markdown(changeSummary(change))}`
        : `${markdown(groupTitle(changes))}:<br>${shown.join(', ')}${more ? `, and ${more} more` : ''}`;
    if (consumers.length === 0) return [[config, '—', '—', markdown(noReader(report, change))]];
    // The config cell only on its first row: the table reads as config → its workloads.
    return consumers.map(({ impact, config: consumed }, i) => {
      const workload =
        at(
          impact.workload.file,
          impact.workload.line,
          `${markdown(impact.workload.kind)} ${code(objectName(impact.workload))}`,
        ) + markdown(inRoot(impact.workload));
      const delivery = [...new Set(consumed.via.map((v) => DELIVERY_TEXT[v.delivery]))].join('; ');
      const why = `${markdown(capitalise(impact.reason))}. ${capitalise(delivery)}.`;
      return [i === 0 ? config : '', workload, badge(impact.status), why];
    });
  });
  for (const impact of impactsWithoutChange(report)) {
    const workload = at(
      impact.workload.file,
      impact.workload.line,
      `${markdown(impact.workload.kind)} ${code(objectName(impact.workload))}`,
    );
    rows.push(['(unchanged)', workload, badge(impact.status), `${markdown(capitalise(impact.reason))}.`]);
  }
  if (rows.length)
    out.push('| Config | Workload | Status | Why |', '| --- | --- | --- | --- |', ...tableRows(rows), '');

  if (report.notChecked.length) {
    out.push(`**Not checked** (${report.notChecked.length})`, '');
    for (const group of groupNotChecked(report.notChecked)) {
      // A file is named by its place alone; a root by its id, at its file.
      const name = (n: NotChecked) =>
        n.kind === 'include'
          ? code(n.name)
          : at(n.file, n.line, n.name === n.file ? undefined : code(n.name));
      out.push(`- ${groupLabel(group.entries, name)}: ${markdown(group.message)}`);
    }
    out.push('');
  }
  if (errors.length) {
    out.push('**Errors**', '');
    for (const d of errors) out.push(`- ${at(d.file, d.line)}: ${markdown(d.message)}`);
    out.push('');
  }
  if (report.impacts.some((i) => i.status === 'dormant'))
    out.push(
      '<sub>_dormant_: the config changes but the pod template does not, so running pods keep the old config until ' +
        'they are replaced for another reason — weeks later, all at once. To accept one on purpose, annotate the ' +
        'workload `config-rollout-guard/ignore: "<reason>"`.</sub>',
      '',
    );
  const next = nextStep(report, shortSha(report.base), options.where ?? 'terminal');
  if (next) out.push(`**Next:** ${next}`, '');

  // One entry per workload and status: one judged with several roots' copies of a config reads
  // them by the same paths, said once.
  const entries = new Map<string, { head: string; blocks: Set<string> }>();
  for (const impact of report.impacts) {
    const key = `${deployedKey(impact.workload)}\0${impact.status}`;
    const entry = entries.get(key) ?? {
      head: `- ${markdown(impact.workload.kind)} ${code(objectName(impact.workload))}${markdown(inRoot(impact.workload))} (${impact.status})`,
      blocks: new Set<string>(),
    };
    entries.set(key, entry);
    for (const config of impact.configs) {
      const keys = config.keys.length ? ` keys ${config.keys.map(code).join(', ')}` : '';
      const assumed = config.namespaceAssumed ? ' (namespace assumed: one side sets none)' : '';
      entry.blocks.add(
        [
          `  - ${config.kind} ${code(objectName(config))}${keys}${assumed}`,
          ...config.via.map((via) => `    - ${code(via.path)} — ${DELIVERY_TEXT[via.delivery]}`),
        ].join('\n'),
      );
    }
  }
  const details = [...entries.values()].flatMap(({ head, blocks }) => [head, ...blocks]);
  const warnings = report.diagnostics.filter((d) => d.severity === 'warning');
  if (warnings.length) {
    details.push('', `Skipped or suspicious input (${warnings.length}):`, '');
    for (const d of warnings) details.push(`- ${code(`${d.file}:${d.line}`)} ${markdown(d.message)}`);
  }
  const notes = report.diagnostics.filter((d) => d.severity === 'notice');
  if (notes.length) {
    details.push('', `Notes (${notes.length}):`, '');
    for (const d of notes) details.push(`- ${code(`${d.file}:${d.line}`)} ${markdown(d.message)}`);
  }
  // The summary line says what is folded, so a rollout note is not missed behind "paths and keys".
  const folded = [
    ...(report.impacts.length ? ['paths', 'keys'] : []),
    ...(warnings.length ? ['skipped input'] : []),
    ...(notes.length ? [`${notes.length} note${notes.length === 1 ? '' : 's'}`] : []),
  ];
  if (details.length)
    out.push(
      `<details><summary>${capitalise(folded.join(', ').replace(/, ([^,]*)$/, ' and $1'))}</summary>`,
      '',
      ...details,
      '',
      '</details>',
      '',
    );
  const built = builtRoots(report);
  out.push(
    `<sub>base \`${shortSha(report.base)}\` → head \`${shortSha(report.head)}\`${built ? ` · ${markdown(built)}` : ''}</sub>`,
  );
  return out.join('\n') + '\n';
}

/** What a sticky comment becomes once a later push leaves nothing to act on. */
export function renderAllClear(report: Report): string {
  return [
    `### ✅ Config Rollout Guard: all clear`,
    '',
    `${headline(report)}${report.changes.length ? ` ${verdict(report)}.` : ''}`,
    '',
    `<sub>base \`${shortSha(report.base)}\` → head \`${shortSha(report.head)}\`</sub>`,
    '',
  ].join('\n');
}

/**
 * `scan --format markdown`: what to act on first (roots not checked, notes such as `--risks`), then
 * every workload and the configs it reads, folded: a scan of a repository is long.
 */
export function renderScanMarkdown(scan: ScanReport): string {
  const refs = scan.workloads.reduce((n, w) => n + w.refs.length, 0);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const notes = scan.diagnostics.filter((d) => d.severity === 'notice');
  const problems = scan.diagnostics.filter((d) => d.severity !== 'notice');
  const icon = scan.notChecked.length || problems.some((d) => d.severity === 'error') ? '⚠️' : '✅';
  const out = [
    `### ${icon} Config Rollout Guard scan: ${plural(scan.workloads.length, 'workload')}, ${plural(refs, 'config reference')}`,
    '',
  ];
  if (scan.notChecked.length) {
    out.push(`**Not checked** (${scan.notChecked.length})`, '');
    for (const group of groupNotChecked(scan.notChecked))
      out.push(`- ${groupLabel(group.entries, (n) => code(n.name))}: ${markdown(group.message)}`);
    out.push('');
  }
  for (const [title, list] of [
    ['Notes', notes],
    ['Skipped or suspicious input', problems],
  ] as const)
    if (list.length) {
      out.push(`**${title}** (${list.length})`, '');
      for (const d of list) out.push(`- ${code(`${d.file}:${d.line}`)} ${markdown(d.message)}`);
      out.push('');
    }
  if (scan.workloads.length) {
    out.push(
      '<details><summary>Workloads and the configs they read</summary>',
      '',
      '| Workload | Reads | Defined at |',
      '| --- | --- | --- |',
    );
    for (const w of scan.workloads) {
      const workload = `${markdown(w.kind)} ${code(objectName(w))}${markdown(inRoot(w))} (${code(`${w.file}:${w.line}`)})`;
      if (w.refs.length === 0) out.push(`| ${workload} | — | — |`);
      w.refs.forEach((ref, i) => {
        const keys = ref.keys === null ? 'all keys' : ref.keys.map(code).join(', ') || 'no keys';
        const reads = `${ref.kind} ${code(ref.name)} (${keys}${ref.optional ? ', optional' : ''}) via ${code(ref.via)}`;
        const defined = ref.definedAt
          ? code(`${ref.definedAt.file}:${ref.definedAt.line}`)
          : 'not in this repository';
        out.push(`| ${i === 0 ? workload : ''} | ${reads} | ${defined} |`);
      });
    }
    out.push('', '</details>', '');
  }
  const roots = scan.rendered.length;
  out.push(`<sub>at \`${shortSha(scan.rev)}\`${roots ? ` · ${plural(roots, 'root')} rendered` : ''}</sub>`);
  return out.join('\n') + '\n';
}
