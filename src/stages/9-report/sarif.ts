import { createHash } from 'node:crypto';
import packageJson from '../../../package.json' with { type: 'json' };
import { needsAction, toneOf, STATUS_ORDER } from '../../model/status.js';
import type { Diagnostic, Impact, ImpactStatus, NotChecked, Report } from '../../model/types.js';
import { objectName } from '../../model/identity.js';
import { groupBy } from '../../model/collections.js';
import { changeSummary, impactsOf, inRoot } from './wording.js';

/**
 * SARIF 2.1.0 for GitHub code scanning, the route past the 10-annotations-per-step limit. One rule
 * per status and per kind of diagnostic; a result at each workload that needs action, related to the
 * config change line; fingerprints from identities, never lines, so a result survives pushes that
 * move it. Like every output, it names objects and keys, never values.
 */

const HELP: Record<ImpactStatus, string> = {
  dormant:
    'The ConfigMap or Secret this workload reads changes, but its pod template does not, so running pods keep the old config until they are next replaced. Run `config-rollout-guard fix` to stamp a content hash into the pod template, or opt out with `config-rollout-guard/ignore: "<reason>"`.',
  'stale-hash':
    'The pod template carries a config-hash annotation that disagrees with the config it reads. Run `config-rollout-guard fix` to write the current hash.',
  manual:
    'Nothing replaces the pods of this workload, even when its template changes: replace them by hand after applying (a finished Job: re-create it).',
  'next-run':
    'CronJobs, and Jobs the deploy creates anew (sync and upgrade hooks, Jobs deleted when they finish), read the config when their next pods start.',
  reloaded:
    'Reloader, Wave, a reload sidecar or the application itself picks the change up without a rollout.',
  ignored: 'The team opted this workload or config out, with a reason.',
  rolling: 'The pod template changes too, so the rollout carries the config change.',
};

const DIAGNOSTIC_RULES = {
  'invalid-change': {
    text: 'A change the API server will reject or that stops new pods from starting (an immutable object changed in place, a deleted config still referenced, a generated name a custom kind does not follow).',
    level: 'error',
  },
  'unreadable-input': {
    text: 'A file that could not be read as manifests; the rest was checked.',
    level: 'warning',
  },
  note: {
    text: 'Something a reviewer should know that never fails a run (what a rollout brings: mixed config, downtime, no readiness probe, a pause; a chart checksum that never or always rolls; a whole re-encryption).',
    level: 'note',
  },
  'not-checked': {
    text: 'A kustomize or Helm root, or a changed file, that could not be read: nothing in it was checked.',
    level: 'warning',
  },
} as const;

const SARIF_LEVEL = { bad: 'error', warn: 'warning', info: 'note', good: 'note' } as const;

/** Where a reader of any result learns what its rule means: the README's "What it reports". */
const HELP_URI = `${packageJson.homepage.split('#')[0]}#what-it-reports`;

/** `repositoryUri`: the repository's web address, when known (SARIF requires one for provenance). */
export function renderSarif(report: Report, repositoryUri: string | null = null): string {
  const rules = [
    ...STATUS_ORDER.map((status) => ({
      id: status,
      name: status.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()),
      shortDescription: { text: `Workload ${status}` },
      fullDescription: { text: HELP[status] },
      help: { text: HELP[status] },
      helpUri: HELP_URI,
      defaultConfiguration: { level: SARIF_LEVEL[toneOf(status)] },
    })),
    ...Object.entries(DIAGNOSTIC_RULES).map(([id, rule]) => ({
      id,
      shortDescription: { text: rule.text.split(' (')[0] },
      fullDescription: { text: rule.text },
      help: { text: rule.text },
      helpUri: HELP_URI,
      defaultConfiguration: { level: rule.level },
    })),
  ];
  const results = [
    ...findings(report).map((same) => impactResult(report, same)),
    ...report.diagnostics.map(diagnosticResult),
    ...report.notChecked.map(notCheckedResult),
  ];
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'config-rollout-guard',
            version: packageJson.version,
            informationUri: packageJson.homepage,
            rules,
          },
        },
        ...(report.head && repositoryUri
          ? { versionControlProvenance: [{ repositoryUri, revisionId: report.head }] }
          : {}),
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}

const location = (file: string, line: number, message?: string) => ({
  physicalLocation: { artifactLocation: { uri: encodeURI(file) }, region: { startLine: line } },
  ...(message ? { message: { text: message } } : {}),
});

export const fingerprint = (...parts: (string | null | undefined)[]) =>
  createHash('sha256')
    .update(parts.map((p) => p ?? '').join('\0'))
    .digest('hex');

/** One sentence for a workload that needs action: what it is, what it reads, why. */
export function impactSentence(impact: Impact): string {
  const w = impact.workload;
  const configs = impact.configs.map(
    (c) => `${c.kind} ${objectName(c)}${c.keys.length ? ` (keys ${c.keys.join(', ')})` : ''}`,
  );
  return `${w.kind} ${objectName(w)}${inRoot(w)}${configs.length ? ` reads ${configs.join(', ')}` : ''}: ${impact.reason}.`;
}

/** Stable across pushes that move lines: the status, the workload and the configs it reads. */
export function impactFingerprint(impact: Impact): string {
  const w = impact.workload;
  return fingerprint(
    impact.status,
    w.kind,
    w.namespace,
    w.name,
    w.source?.root,
    ...impact.configs.map((c) => `${c.kind}/${c.namespace ?? ''}/${c.name}`).sort(),
  );
}

/**
 * The impacts that need action, by finding: a workload judged with several roots' copies of a config
 * is one finding, as its fingerprint says, that each copy's change relates to.
 */
export const findings = (report: Report): Impact[][] => [
  ...groupBy(
    report.impacts.filter((i) => needsAction(i.status)),
    impactFingerprint,
  ).values(),
];

function impactResult(report: Report, same: readonly Impact[]) {
  const [impact] = same;
  const w = impact.workload;
  const changes = report.changes.filter((change) =>
    impactsOf(report, change).some((x) => same.includes(x.impact)),
  );
  return {
    ruleId: impact.status,
    level: SARIF_LEVEL[toneOf(impact.status)],
    message: { text: impactSentence(impact) },
    locations: [location(w.file, w.line)],
    relatedLocations: changes.map((c, id) => ({
      id,
      ...location(c.file, c.line, `${c.kind} ${objectName(c)}: ${changeSummary(c)}`),
    })),
    partialFingerprints: { 'configRolloutGuard/v1': impactFingerprint(impact) },
  };
}

const DIAGNOSTIC_RULE = { error: 'invalid-change', warning: 'unreadable-input', notice: 'note' } as const;

function diagnosticResult(d: Diagnostic) {
  const ruleId = DIAGNOSTIC_RULE[d.severity];
  return {
    ruleId,
    level: DIAGNOSTIC_RULES[ruleId].level,
    message: { text: d.message },
    locations: [location(d.file, d.line)],
    ...(d.related
      ? { relatedLocations: d.related.map((r, id) => ({ id, ...location(r.file, r.line) })) }
      : {}),
    partialFingerprints: { 'configRolloutGuard/v1': fingerprint(ruleId, d.file, d.message) },
  };
}

function notCheckedResult(n: NotChecked) {
  return {
    ruleId: 'not-checked',
    level: n.fails ? 'error' : 'warning',
    message: { text: n.message },
    locations: [location(n.file, n.line)],
    partialFingerprints: { 'configRolloutGuard/v1': fingerprint('not-checked', n.kind, n.name) },
  };
}
