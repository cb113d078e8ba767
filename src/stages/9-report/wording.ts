import type { ConfigChange, Delivery, Impact, ImpactStatus, ObjectId, Report } from '../../model/types.js';

/** The words every front end uses, so the terminal, the PR comment and the summary say the same thing. */

export const STATUS_ORDER: ImpactStatus[] = ['dormant', 'stale-hash', 'manual', 'next-run', 'rolling'];

export const DELIVERY_TEXT: Record<Delivery, string> = {
  env: 'env: read only when a container starts',
  subPath: 'subPath mount: never updated in a running pod',
  volume: 'volume: files update in place after a minute or so, and the app must re-read them',
  mount: 'read when the volume is mounted, at pod start',
  'image-pull': 'read at each image pull',
  unmounted: 'not mounted by any container',
};

const sameObject = (a: ObjectId, b: ObjectId) =>
  a.kind === b.kind && a.name === b.name && a.namespace === b.namespace;

export function objectName(o: { namespace: string | null; name: string }): string {
  return o.namespace ? `${o.namespace}/${o.name}` : o.name;
}

export function shortSha(sha: string | null): string {
  return sha ? sha.slice(0, 7) : 'working tree';
}

export function countByStatus(report: Report): Record<ImpactStatus, number> {
  const counts: Record<ImpactStatus, number> = {
    dormant: 0,
    'stale-hash': 0,
    manual: 0,
    'next-run': 0,
    rolling: 0,
  };
  for (const impact of report.impacts) counts[impact.status]++;
  return counts;
}

export function changeSummary(change: ConfigChange): string {
  if (change.change !== 'modified') return `${change.change}`;
  const parts: string[] = [];
  if (change.keys.modified.length) parts.push(`changed ${change.keys.modified.join(', ')}`);
  if (change.keys.added.length) parts.push(`added ${change.keys.added.join(', ')}`);
  if (change.keys.removed.length) parts.push(`removed ${change.keys.removed.join(', ')}`);
  return parts.join('; ');
}

/** The impacts under one changed config, each with the part of it that reads this config. */
export function impactsOf(report: Report, change: ConfigChange) {
  return report.impacts.flatMap((impact) => {
    const config = impact.configs.find((c) => sameObject(c, change));
    return config ? [{ impact, config }] : [];
  });
}

/** Impacts that no changed config explains: a stale hash on a workload whose config did not change. */
export function impactsWithoutChange(report: Report): Impact[] {
  return report.impacts.filter(
    (impact) => !impact.configs.some((c) => report.changes.some((change) => sameObject(c, change))),
  );
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One sentence: what the reader should do about the worst findings. */
export function nextStep(report: Report): string | null {
  const counts = countByStatus(report);
  if (counts.dormant > 0 || counts['stale-hash'] > 0)
    return (
      `Run \`npx config-rollout-guard fix --base ${shortSha(report.base)}\` and commit the result: it writes a ` +
      'content-hash annotation into each affected pod template, so applying the change rolls the pods ' +
      '(the GitHub Action does the same with `mode: fix`).'
    );
  if (counts.manual > 0)
    return 'After applying, replace the pods of each manual workload yourself (delete the pods, or recreate the object).';
  return null;
}

/** The one line a reader needs: how many workloads need action, and of what kind. */
export function headline(report: Report): string {
  const counts = countByStatus(report);
  const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (report.changes.length === 0) return 'No ConfigMap or Secret content changes.';
  const parts: string[] = [];
  if (counts.dormant) parts.push(`${plural(counts.dormant, 'workload')} will not pick up this change`);
  if (counts['stale-hash'])
    parts.push(
      `${plural(counts['stale-hash'], 'workload')} carr${counts['stale-hash'] === 1 ? 'ies' : 'y'} a stale config hash`,
    );
  if (counts.manual)
    parts.push(
      `${plural(counts.manual, 'workload')} need${counts.manual === 1 ? 's' : ''} pods replaced by hand`,
    );
  if (errors) parts.push(`${plural(errors, 'error')}`);
  if (parts.length) return parts.join('; ') + '.';
  return report.impacts.length
    ? 'Every workload that reads the changed config picks it up.'
    : 'No workload in the repository reads the changed keys.';
}

/** The counts behind the headline: what changed and every status present. */
export function verdict(report: Report): string {
  const counts = countByStatus(report);
  const kinds = (['ConfigMap', 'Secret'] as const)
    .map((kind) => [kind, report.changes.filter((c) => c.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}${n === 1 ? '' : 's'} changed`);
  return [...kinds, ...STATUS_ORDER.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`)].join(' · ');
}

export function impactLine(impact: Impact): string {
  return `${impact.workload.kind} ${objectName(impact.workload)}`;
}
