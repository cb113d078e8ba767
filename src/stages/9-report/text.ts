import { forTerminal } from './escape.js';
import { objectName } from '../../model/identity.js';
import { trimEnd } from '../../model/text.js';
import { headline, nextStep, toneOf, type Tone } from '../../model/status.js';
import type { ConfigChange, Diagnostic, Report, ScanReport, WorkloadRefSummary } from '../../model/types.js';
import type { FixResult } from '../8-stamps/plan.js';
import {
  DELIVERY_TEXT,
  builtRoots,
  changeSummary,
  impactLine,
  impactsWithoutChange,
  groupChanges,
  groupLabel,
  groupNotChecked,
  groupTitle,
  inRoot,
  noReader,
  shortSha,
  unaffectedBy,
  verdict,
} from './wording.js';

export interface TextOptions {
  colour: boolean;
  verbose: boolean;
}

const CODES = { red: 31, yellow: 33, green: 32, cyan: 36, dim: 2, bold: 1 } as const;
type Style = keyof typeof CODES;

const TONE_STYLE: Record<Tone, Style> = { bad: 'red', warn: 'yellow', info: 'cyan', good: 'green' };

export function renderText(raw: Report, options: TextOptions): string {
  const report = forTerminal(raw);
  const paint = painter(options.colour);
  const out: string[] = [];
  out.push(paint('bold', `config-rollout-guard ${shortSha(report.base)} → ${shortSha(report.head)}`));
  out.push(headline(report));
  if (report.changes.length) out.push(verdict(report));
  const built = builtRoots(report);
  if (built) out.push(paint('dim', built));
  out.push('');

  for (const { changes, consumers } of groupChanges(report)) {
    const [change] = changes;
    const where = (c: ConfigChange) => paint('dim', `${c.file}:${c.line}`);
    if (changes.length === 1)
      out.push(
        `${paint('bold', `${change.kind} ${objectName(change)}`)}${inRoot(change)}  ${changeSummary(change)}  ${where(change)}`,
      );
    else {
      // Each config of a group on its own line; what reads them, once.
      out.push(paint('bold', groupTitle(changes)));
      for (const c of changes) out.push(`  ${objectName(c)}  ${changeSummary(c)}  ${where(c)}`);
    }
    if (consumers.length === 0) out.push(paint('dim', `  ${noReader(report, change).replace(/\.$/, '')}`));
    for (const { impact, config } of consumers) {
      const label = paint(TONE_STYLE[toneOf(impact.status)], impact.status.toUpperCase().padEnd(8));
      out.push(
        `  ${label} ${impactLine(impact)}  ${paint('dim', `${impact.workload.file}:${impact.workload.line}`)}`,
      );
      out.push(`           ${impact.reason}`);
      if (changes.length === 1)
        for (const via of config.via)
          out.push(paint('dim', `           via ${via.path} (${DELIVERY_TEXT[via.delivery]})`));
      else
        for (const delivery of new Set(config.via.map((v) => v.delivery)))
          out.push(paint('dim', `           via each config (${DELIVERY_TEXT[delivery]})`));
      if (config.namespaceAssumed)
        out.push(paint('dim', '           matched assuming both are applied to the same namespace'));
    }
    if (options.verbose) {
      for (const u of new Set(changes.flatMap((c) => unaffectedBy(report, c)))) {
        out.push(
          paint(
            'dim',
            `  ${'unaffected'.padEnd(8)} ${u.workload.kind} ${objectName(u.workload)}: ${u.reason}`,
          ),
        );
      }
    }
    out.push('');
  }

  const unexplained = impactsWithoutChange(report);
  if (unexplained.length) {
    out.push(paint('bold', 'Workloads whose config did not change in this range'));
    for (const impact of unexplained) {
      const label = paint(TONE_STYLE[toneOf(impact.status)], impact.status.toUpperCase().padEnd(8));
      out.push(
        `  ${label} ${impactLine(impact)}  ${paint('dim', `${impact.workload.file}:${impact.workload.line}`)}`,
      );
      out.push(`           ${impact.reason}`);
    }
    out.push('');
  }

  if (report.notChecked.length) {
    out.push(paint('red', `Not checked (${report.notChecked.length})`));
    for (const group of groupNotChecked(report.notChecked))
      out.push(
        group.entries[0].kind === 'include'
          ? `  ${group.message}`
          : `  ${groupLabel(group.entries, (n) => (n.name === n.file ? `${n.file}:${n.line}` : `${n.name} (${n.file}:${n.line})`))}: ${group.message}`,
      );
    out.push('');
  }
  const errors = report.diagnostics.filter((d) => d.severity === 'error');
  const warnings = report.diagnostics.filter((d) => d.severity === 'warning');
  const notes = report.diagnostics.filter((d) => d.severity === 'notice');
  if (errors.length) {
    out.push(paint('red', 'Errors'));
    for (const d of errors) out.push(`  ${d.file}:${d.line}  ${d.message}`);
    out.push('');
  }
  if (warnings.length) {
    out.push(paint('yellow', `Skipped or suspicious input (${warnings.length})`));
    for (const d of warnings) out.push(paint('dim', `  ${d.file}:${d.line}  ${d.message}`));
    out.push('');
  }
  if (notes.length) {
    out.push(paint('cyan', `Notes (${notes.length})`));
    for (const d of notes) out.push(`  ${d.file}:${d.line}  ${d.message}`);
    out.push('');
  }
  const next = nextStep(report, shortSha(report.base), 'terminal');
  if (next) out.push(`${paint('bold', 'Next:')} ${next}`);
  return trimEnd(out.join('\n'), '\n') + '\n';
}

export function renderScanText(raw: ScanReport, options: TextOptions): string {
  const report = forTerminal(raw);
  const paint = painter(options.colour);
  const out: string[] = [];
  out.push(paint('bold', `config-rollout-guard scan ${shortSha(report.rev)}`));
  const refs = report.workloads.reduce((n, w) => n + w.refs.length, 0);
  const n = report.workloads.length;
  out.push(`${n} workload${n === 1 ? '' : 's'}, ${refs} config reference${refs === 1 ? '' : 's'}.`);
  const roots = report.rendered.length;
  if (roots) out.push(paint('dim', `${roots} root${roots === 1 ? '' : 's'} rendered`));
  out.push('');
  if (report.notChecked.length) {
    out.push(paint('red', `Not checked (${report.notChecked.length})`));
    for (const group of groupNotChecked(report.notChecked))
      out.push(`  ${groupLabel(group.entries, (n) => `${n.name} (${n.file}:${n.line})`)}: ${group.message}`);
    out.push('');
  }
  for (const workload of report.workloads) {
    out.push(
      `${paint('bold', `${workload.kind} ${objectName(workload)}`)}${inRoot(workload)}  ${paint('dim', `${workload.file}:${workload.line}`)}`,
    );
    for (const ref of workload.refs) {
      const keys = ref.keys === null ? 'all keys' : ref.keys.join(', ') || 'no keys';
      const defined = ref.definedAt
        ? `${ref.definedAt.file}:${ref.definedAt.line}`
        : 'not defined in this repository';
      const optional = ref.optional ? ', optional' : '';
      out.push(`  ${ref.kind} ${ref.name} [${keys}${optional}] via ${ref.via} (${ref.delivery})`);
      out.push(paint('dim', `    → ${defined}`));
    }
  }
  out.push(...diagnosticLines(report.diagnostics, paint, 'Skipped or suspicious input', Infinity));
  return out.join('\n') + '\n';
}

export function renderFixText(raw: FixResult, options: { colour: boolean; dryRun: boolean }): string {
  // The edits' texts are not printed here; only names and messages are.
  const result = {
    ...raw,
    edits: raw.edits.map((e) => ({ ...e, workloads: forTerminal(e.workloads) })),
    diagnostics: forTerminal(raw.diagnostics),
  };
  const paint = painter(options.colour);
  const out: string[] = [];
  // A kustomize stamp is two edits (a new patch file, and its entry in the kustomization) for one
  // workload: each workload is listed once, with its root and every file written for it.
  const stamped = new Map<string, { workload: WorkloadRefSummary; files: string[] }>();
  for (const edit of result.edits)
    for (const w of edit.workloads) {
      const key = `${w.kind}\0${w.namespace ?? ''}\0${w.name}\0${w.source?.root ?? w.file}`;
      const entry = stamped.get(key) ?? { workload: w, files: [] };
      entry.files.push(edit.created ? `${edit.file} (new)` : edit.file);
      stamped.set(key, entry);
    }
  if (stamped.size === 0) {
    // A workload left unstamped says why below: "nothing to fix" would contradict it.
    out.push(
      result.diagnostics.some((d) => d.severity === 'warning' && d.message.startsWith('did not '))
        ? 'Nothing stamped: the workloads below need another cure.'
        : 'Nothing to fix: every pod template already carries the hash of the config it reads.',
    );
  } else {
    const verb = options.dryRun ? 'Would stamp' : 'Stamped';
    // A chart's workloads get Helm's own checksum in their template, the others our hash annotation.
    const chart = (w: WorkloadRefSummary) => w.source?.renderer === 'helm';
    const all = [...stamped.values()];
    const hashed = all.some(({ workload }) => !chart(workload)) ? ` with ${result.annotation}` : '';
    out.push(
      `${verb} ${all.length} workload${all.length === 1 ? '' : 's'} in ${result.edits.length} file${result.edits.length === 1 ? '' : 's'}${hashed}:`,
    );
    for (const { workload: w, files } of all) {
      const root = w.source ? ` in ${w.source.root}` : '';
      const written = w.source ? files.join(', ') : `${w.file}:${w.line}`;
      out.push(
        `  ${w.kind} ${objectName(w)}${root}  ${paint('dim', written)}${chart(w) ? '  (data-only checksum in its chart template)' : ''}`,
      );
    }
    out.push(
      options.dryRun
        ? 'Nothing was written (--dry-run).'
        : 'Review with `git diff`, and commit it together with the config change: each stamped workload rolls when it is applied.',
    );
  }
  // Adopting the hash across a repository stamps hundreds of workloads: past 20 notes, a count.
  out.push(...diagnosticLines(result.diagnostics, paint, 'Warnings', 20));
  return out.join('\n') + '\n';
}

/**
 * Warnings, then notes, under a scan or a fix. Past `shown` notes the rest are counted: `scan
 * --risks` lists every workload's.
 */
function diagnosticLines(
  diagnostics: readonly Diagnostic[],
  paint: ReturnType<typeof painter>,
  warningsTitle: string,
  shown: number,
): string[] {
  const out: string[] = [];
  const warnings = diagnostics.filter((d) => d.severity !== 'notice');
  const notes = diagnostics.filter((d) => d.severity === 'notice');
  if (warnings.length) {
    out.push('', paint('yellow', `${warningsTitle} (${warnings.length})`));
    for (const d of warnings) out.push(paint('dim', `  ${d.file}:${d.line}  ${d.message}`));
  }
  if (notes.length) {
    out.push('', paint('cyan', `Notes (${notes.length})`));
    for (const d of notes.slice(0, shown)) out.push(`  ${d.file}:${d.line}  ${d.message}`);
    if (notes.length > shown)
      out.push(
        `  … and ${notes.length - shown} more; \`config-rollout-guard scan --risks\` lists the rollout risks of every workload.`,
      );
  }
  return out;
}

function painter(colour: boolean) {
  return (style: Style, text: string) => (colour ? `\x1b[${CODES[style]}m${text}\x1b[0m` : text);
}

// The colour codes painter() writes: they take no width on a terminal.
// eslint-disable-next-line no-control-regex
const ESCAPE = /\x1b\[[0-9;]*m/g;

/**
 * Text for a terminal `width` columns wide: a longer line breaks at spaces, its continuation
 * indented two more than the line. Colour codes take no width; a word longer than the line stays
 * whole. Without a width (piped, redirected) lines stay whole, for grep and for files.
 */
export function wrapToWidth(text: string, width: number | undefined): string {
  if (!width || width < 40) return text;
  return text
    .split('\n')
    .map((line) => wrapLine(line, width))
    .join('\n');
}

function wrapLine(line: string, width: number): string {
  const visible = (s: string) => s.replace(ESCAPE, '').length;
  if (visible(line) <= width) return line;
  const plain = line.replace(ESCAPE, '');
  const indent = ' '.repeat(plain.length - plain.trimStart().length + 2);
  const words = line.split(' ');
  const lines: string[] = [];
  let current = words[0];
  let used = visible(current);
  for (const word of words.slice(1)) {
    const length = visible(word);
    // Leading spaces are never a place to break.
    if (used + 1 + length > width && current.replace(ESCAPE, '').trim() !== '') {
      lines.push(current.trimEnd());
      current = indent + word;
      used = indent.length + length;
    } else {
      current += ` ${word}`;
      used += 1 + length;
    }
  }
  return [...lines, current].join('\n');
}
