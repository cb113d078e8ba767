import { toneOf } from '../../model/status.js';
import type { Report } from '../../model/types.js';
import { findings, fingerprint, impactFingerprint, impactSentence } from './sarif.js';

/**
 * GitLab's Code Quality report (a JSON array of issues, shown in the merge request widget and
 * diff): the same findings as SARIF, with the same fingerprints, at GitLab's five severities.
 * A finding that fails the run is `major`, one that asks for a hand is `minor`.
 */
type Severity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

const TONE_SEVERITY = { bad: 'major', warn: 'minor', info: 'info', good: 'info' } as const;
const DIAGNOSTIC_SEVERITY = { error: 'major', warning: 'minor', notice: 'info' } as const;

interface Issue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: Severity;
  location: { path: string; lines: { begin: number } };
}

const issue = (
  check_name: string,
  description: string,
  severity: Severity,
  path: string,
  line: number,
  id: string,
): Issue => ({
  description,
  check_name,
  fingerprint: id,
  severity,
  location: { path, lines: { begin: Math.max(1, line) } },
});

export function renderCodeQuality(report: Report): string {
  const issues = [
    ...findings(report).map(([impact]) =>
      issue(
        `config-rollout-guard/${impact.status}`,
        impactSentence(impact),
        TONE_SEVERITY[toneOf(impact.status)],
        impact.workload.file,
        impact.workload.line,
        impactFingerprint(impact),
      ),
    ),
    ...report.diagnostics.map((d) =>
      issue(
        `config-rollout-guard/${d.severity}`,
        d.message,
        DIAGNOSTIC_SEVERITY[d.severity],
        d.file,
        d.line,
        fingerprint(d.severity, d.file, d.message),
      ),
    ),
    ...report.notChecked.map((n) =>
      issue(
        'config-rollout-guard/not-checked',
        n.message,
        n.fails ? 'major' : 'minor',
        n.file,
        n.line,
        fingerprint('not-checked', n.kind, n.name),
      ),
    ),
  ];
  return JSON.stringify(issues, null, 2) + '\n';
}
