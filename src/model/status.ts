import type { ConfigChange, Impact, ImpactStatus, NotChecked, Report } from './types.js';
import { notCheckedNext } from './not-checked.js';
import { deployedKey } from './identity.js';

/**
 * The status policy: the one place that says how bad each status is, which statuses fail a run at
 * each `fail-on` level, in what order they are listed, and how the headline and the next step put
 * them into words. Every output and the exit code ask this module; a new status is one row here.
 */

export type FailOn = 'dormant' | 'manual' | 'none';
export const FAIL_ON_VALUES: readonly FailOn[] = ['dormant', 'manual', 'none'];

/** How an output should mark a status: `bad` fails at the default level, `good` needs nothing. */
export type Tone = 'bad' | 'warn' | 'info' | 'good';

interface StatusRule {
  tone: Tone;
  /** The `fail-on` levels at which an impact with this status fails the run. */
  failsAt: readonly FailOn[];
  /** Its clause in the headline, for `n` workloads; null when the status needs no action. */
  headline: ((n: number) => string) | null;
  /** What to do about it, or null. The worst status with a next step decides the one shown. */
  next: ((base: string, where: Where) => string) | null;
  /** Whether `fix` cures it: a content hash in the pod template makes the next apply roll the pods. */
  stampCures: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const verb = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Where a next step is read: in a terminal the installed command works, on a pull request the Action's fix mode. */
export type Where = 'terminal' | 'pull-request';

const FIX = (base: string, where: Where) =>
  where === 'terminal'
    ? `Run \`config-rollout-guard fix --base ${base}\` and commit the result: it writes a content-hash ` +
      'annotation (in a chart, a data-only checksum in its template) into each affected pod template, so applying the change rolls the pods.'
    : 'Set `mode: fix` on this workflow step and the next run commits a content-hash annotation (in a chart, a ' +
      "data-only checksum in its template) into each affected pod template; on a fork's pull request it posts them " +
      `as review suggestions. Locally: \`config-rollout-guard fix --base ${base}\`.`;

/** Worst first: the order of this table is the order of every list of impacts. */
const RULES: Record<ImpactStatus, StatusRule> = {
  dormant: {
    tone: 'bad',
    failsAt: ['dormant', 'manual'],
    headline: (n) => `${plural(n, 'workload')} will not pick up this change`,
    next: FIX,
    stampCures: true,
  },
  // A stale hash is a dormant change waiting to happen: it fails wherever dormant does.
  'stale-hash': {
    tone: 'bad',
    failsAt: ['dormant', 'manual'],
    headline: (n) => `${plural(n, 'workload')} ${verb(n, 'carries', 'carry')} a stale config hash`,
    next: FIX,
    stampCures: true,
  },
  manual: {
    tone: 'warn',
    failsAt: ['manual'],
    headline: (n) => `${plural(n, 'workload')} ${verb(n, 'needs', 'need')} pods replaced by hand`,
    next: () =>
      'After applying, replace the pods of each manual workload yourself: delete them, or re-create the object (a finished Job: delete it, or give it a new name).',
    stampCures: false,
  },
  'next-run': { tone: 'info', failsAt: [], headline: null, next: null, stampCures: false },
  // A controller or the application itself picks the change up (Reloader, Wave, a reload sidecar,
  // or the team's own declaration); nothing to do in Git.
  reloaded: { tone: 'good', failsAt: [], headline: null, next: null, stampCures: false },
  // The team said to leave this one alone, with a reason.
  ignored: { tone: 'info', failsAt: [], headline: null, next: null, stampCures: false },
  rolling: { tone: 'good', failsAt: [], headline: null, next: null, stampCures: false },
};

export const STATUS_ORDER = Object.keys(RULES) as ImpactStatus[];

/** Lower is worse; for sorting impacts worst first. */
export const statusRank = (status: ImpactStatus): number => STATUS_ORDER.indexOf(status);

export const toneOf = (status: ImpactStatus): Tone => RULES[status].tone;

/** Whether an impact fails a run at the default `fail-on` (dormant). */
export const failsAtDefault = (status: ImpactStatus): boolean => RULES[status].failsAt.includes('dormant');

/** Statuses a reviewer has to act on: the ones that fail at some level. */
export const needsAction = (status: ImpactStatus): boolean => RULES[status].failsAt.length > 0;

export const stampCures = (status: ImpactStatus): boolean => RULES[status].stampCures;

export function countByStatus(report: Report): Record<ImpactStatus, number> {
  return Object.fromEntries(
    STATUS_ORDER.map((s) => [s, workloadCount(report.impacts.filter((i) => i.status === s))]),
  ) as Record<ImpactStatus, number>;
}

/** How many workloads some impacts are about: one judged with two roots' copies of a config is one. */
export const workloadCount = (impacts: readonly Impact[]): number =>
  new Set(impacts.map((i) => deployedKey(i.workload))).size;

const errorCount = (report: Report) => report.diagnostics.filter((d) => d.severity === 'error').length;

/**
 * Why the run should fail, or null. Impacts at or above the level count, and so do errors (a change
 * the API server will reject); diagnostics about unreadable files never fail a run on their own.
 */
export function failureReason(report: Report, failOn: FailOn): string | null {
  if (failOn === 'none') return null;
  const errors = errorCount(report);
  const findings = report.impacts.filter((i) => RULES[i.status].failsAt.includes(failOn));
  const unchecked = notCheckedClauses(report.notChecked.filter((n) => n.fails));
  if (!errors && !findings.length && !unchecked.length) return null;
  const parts: string[] = [...unchecked];
  if (findings.length) {
    const statuses = [...new Set(findings.map((i) => i.status))].join(' or ');
    parts.push(`${plural(workloadCount(findings), 'workload')} ${statuses}`);
  }
  if (errors) parts.push(plural(errors, 'error'));
  return `${parts.join(' and ')} (fail-on: ${failOn})`;
}

/** The report's overall tone, for a headline icon: the worst tone present, errors counting as `bad`. */
export function overallTone(report: Report): Tone {
  if (errorCount(report) > 0 || report.notChecked.some((n) => n.fails)) return 'bad';
  const tones = report.impacts.map((i) => toneOf(i.status));
  if (tones.includes('bad')) return 'bad';
  return report.notChecked.length || tones.includes('warn') ? 'warn' : 'good';
}

/** Whether the report holds anything to act on (the PR comment is posted only then). */
export const hasFindings = (report: Report): boolean =>
  errorCount(report) > 0 || report.notChecked.length > 0 || report.impacts.some((i) => needsAction(i.status));

/** The one line a reader needs: how many workloads need action, and of what kind. */
export function headline(report: Report): string {
  const counts = countByStatus(report);
  const errors = errorCount(report);
  const parts = STATUS_ORDER.flatMap((s) =>
    counts[s] && RULES[s].headline ? [RULES[s].headline(counts[s])] : [],
  );
  // What could not be judged comes first: nothing below it speaks for those roots and files.
  parts.unshift(...notCheckedClauses(report.notChecked));
  if (errors) parts.push(plural(errors, 'error'));
  if (parts.length) return parts.join('; ') + '.';
  if (report.changes.length === 0) return 'No ConfigMap or Secret content changes.';
  if (report.impacts.length) return 'Every workload that reads the changed config picks it up.';
  const added = new Set(
    report.unaffected
      .filter((u) => u.reason === NEW_WORKLOAD)
      .map((u) => `${u.workload.file}:${u.workload.line}`),
  ).size;
  if (added)
    return `Read only by ${plural(added, 'workload')} this change adds: ${verb(added, 'it starts', 'they start')} with the new config.`;
  const count = (place: (reason: string) => string | null) =>
    new Set(
      report.unaffected
        .filter((u) => place(u.reason) !== null)
        .map((u) => `${u.workload.file}:${u.workload.line}`),
    ).size;
  const [watched, named] = [count(watchedPlace), count(namedPlace)];
  return (
    [
      watched
        ? `${plural(watched, 'workload')} ${verb(watched, 'watches', 'watch')} a changed config by label and ${verb(watched, 'has', 'have')} it as soon as it is applied`
        : `No workload in ${searched(report.changes)} reads the changed keys`,
      ...(named
        ? [
            `${plural(named, 'workload')} ${verb(named, 'names', 'name')} a changed config and may read it through the Kubernetes API`,
          ]
        : []),
    ].join('; ') + '.'
  );
}

/**
 * Where readers of these changes were looked for: plain manifests anywhere in the repository; a
 * rendered config's in its own root's build (and what that deploys beside it), not in roots the
 * change does not touch, which are not rendered.
 */
export function searched(changes: readonly ConfigChange[]): string {
  const rendered = changes.filter((c) => c.source).length;
  if (rendered === 0) return 'the repository';
  if (changes.length === 1) return 'its root';
  return rendered === changes.length ? 'the roots rendered' : 'the plain manifests or the roots rendered';
}

/** Why a reader needs nothing: it is new, so its first pods read the new config. */
export const NEW_WORKLOAD = 'new workload: its pods start with the new config';

/** Why a workload that names a config without mounting it (`namedBy`) is left alone, and where it names it. */
const BY_NAME = 'names it, and may read it through the Kubernetes API';
export const namedReason = (place: string): string => `${BY_NAME} (${place})`;
/** Where an unaffected workload names its config, when that is why it is left alone. */
export const namedPlace = (reason: string): string | null =>
  reason.startsWith(`${BY_NAME} (`) ? reason.slice(BY_NAME.length + 2, -1) : null;

/** Why a workload whose sidecar watches configs by label (`watchedBy`) is left alone, and which sidecar. */
const BY_LABEL = 'watches it by label, and has its files as it changes';
export const watchedReason = (place: string): string => `${BY_LABEL} (${place})`;
/** Which sidecar of an unaffected workload watches its config, when that is why it is left alone. */
export const watchedPlace = (reason: string): string | null =>
  reason.startsWith(`${BY_LABEL} (`) ? reason.slice(BY_LABEL.length + 2, -1) : null;

/** Rendered roots, files and include patterns not checked, counted, in that order. */
function notCheckedClauses(entries: readonly NotChecked[]): string[] {
  const count = (kind: NotChecked['kind']) => entries.filter((n) => n.kind === kind).length;
  const [roots, files, patterns] = [count('root'), count('file'), count('include')];
  return [
    ...(roots ? [`${plural(roots, 'rendered root')} not checked`] : []),
    ...(files ? [`${plural(files, 'file')} not checked`] : []),
    ...(patterns
      ? [`${plural(patterns, 'include pattern')} ${patterns === 1 ? 'matches' : 'match'} no file`]
      : []),
  ];
}

/**
 * What the reader should do about the worst findings. An error comes first: `fix` will not roll a
 * workload into one, and the apply or the new pods would fail whatever else is done.
 */
export function nextStep(report: Report, base: string, where: Where): string | null {
  const counts = countByStatus(report);
  const worst = STATUS_ORDER.find((s) => counts[s] > 0 && RULES[s].next);
  // Readers of a config another root deploys, or a plain one: nothing their own root builds can hash it.
  const worstImpacts = report.impacts.filter((i) => i.status === worst);
  const outsideOnly = worstImpacts.every((i) => i.configs.some((c) => c.root !== undefined));
  const releasesOnly = worstImpacts.every((i) => i.workload.source?.renderer === 'helm');
  const step = !worst
    ? null
    : worst === 'dormant' && outsideOnly
      ? releasesOnly
        ? "Let Reloader roll the release's workloads (reloader.stakater.com/auto in its values), or give its values a pod annotation that changes with the config: the config is outside the release's chart, so no chart template can hash it."
        : 'Let Reloader roll the workloads (reloader.stakater.com/auto), or deploy the config from the root that builds them: it is outside that root, so no stamp there can follow it.'
      : RULES[worst].next!(base, where);
  const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
  const unchecked = notCheckedNext(report.notChecked);
  const first = errors
    ? `First fix the ${errors === 1 ? 'error' : `${errors} errors`} above: the apply or the new pods would fail.`
    : null;
  const steps = [unchecked, first, step].filter((s): s is string => s !== null);
  return steps.length
    ? steps.map((s, i) => (i === 0 ? s : `Then ${s[0].toLowerCase()}${s.slice(1)}`)).join(' ')
    : null;
}
