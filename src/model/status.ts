import type { ImpactStatus, Report } from './types.js';

export type FailOn = 'dormant' | 'manual' | 'none';
export const FAIL_ON_VALUES: readonly FailOn[] = ['dormant', 'manual', 'none'];

/** A stale hash is a dormant change waiting to happen: it fails wherever dormant does. */
const FAILING: Record<FailOn, readonly ImpactStatus[]> = {
  dormant: ['dormant', 'stale-hash'],
  manual: ['dormant', 'stale-hash', 'manual'],
  none: [],
};

/**
 * Why the run should fail, or null. Impacts at or above the level count, and so do errors (a change
 * the API server will reject); diagnostics about unreadable files never fail a run on their own.
 */
export function failureReason(report: Report, failOn: FailOn): string | null {
  if (failOn === 'none') return null;
  const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
  const findings = report.impacts.filter((i) => FAILING[failOn].includes(i.status));
  if (!errors && !findings.length) return null;
  const parts: string[] = [];
  if (findings.length) {
    const statuses = [...new Set(findings.map((i) => i.status))].join(' or ');
    parts.push(`${findings.length} workload${findings.length === 1 ? '' : 's'} ${statuses}`);
  }
  if (errors) parts.push(`${errors} error${errors === 1 ? '' : 's'}`);
  return `${parts.join(' and ')} (fail-on: ${failOn})`;
}
