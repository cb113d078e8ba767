import type { NotChecked, NotCheckedReason, UnrunProgram } from './types.js';

/**
 * The one not-checked rule: whatever the tool saw change, or could not rule out as changed, but
 * could not judge, fails the run; the base configuration may let named reasons or paths only warn
 * (`warn-not-checked`), and `render: best-effort` lets every root warn. The reason is shown either way.
 */
export type Unjudged = Omit<NotChecked, 'fails'>;

export interface NotCheckedPolicy {
  /** `render: best-effort`: a root that could not be rendered warns. */
  rootsWarn: boolean;
  /** Entries of `warn-not-checked`: every field given must match. */
  warn: readonly { reason?: NotCheckedReason; path?: (path: string) => boolean }[];
}

export const STRICT: NotCheckedPolicy = { rootsWarn: false, warn: [] };

export function judge(entries: readonly Unjudged[], policy: NotCheckedPolicy): NotChecked[] {
  return entries.map((entry) => ({ ...entry, fails: fails(entry, policy) }));
}

function fails(entry: Unjudged, policy: NotCheckedPolicy): boolean {
  if (entry.kind === 'root' && policy.rootsWarn) return false;
  return !policy.warn.some(
    (rule) =>
      (rule.reason === undefined || rule.reason === entry.reason) &&
      (rule.path === undefined || rule.path(entry.file) || rule.path(entry.name)),
  );
}

/** What to do about each reason: the step a reader takes next (for `unrendered`, `unrunNext`). */
const NEXT: Record<Exclude<NotCheckedReason, 'unrendered'>, string> = {
  'render-failed': 'Fix the render error above: it would fail in the cluster too.',
  refused:
    'Keep every path inside the repository and use only built-in kustomize plugins: this check never reads or runs anything else.',
  cycle: 'Break the cycle of includes.',
  'too-deep': 'Shorten the chain of includes.',
  remote:
    "To check it, name the source in the base configuration's `remote.allow` (it applies once merged), or vendor it into the repository.",
  'fetch-failed':
    'Make the source reachable from the runner (proxy settings; with `--offline` nothing is fetched), or keep a warm cache (`cache-dir`).',
  limit: 'Raise `--timeout` (input `timeout`), or split what renders so much.',
  tool: 'Install kustomize (or kubectl) and helm where the check runs, or pass `--kustomize`/`--helm`.',
  unreadable:
    'Fix the YAML the message names; if the file is no manifest (a template, test data), leave it out with `exclude` in the base configuration.',
  'too-large': 'Raise `max-file-mib` in the base configuration.',
  lfs: 'Fetch the Git LFS content before the check (`git lfs pull`; actions/checkout with `lfs: true`).',
  'not-in-clone':
    'Check out the content the check reads: actions/checkout without `filter`, or keep its credentials (`persist-credentials`) so git can fetch what a partial clone lacks.',
  'missing-input': 'Define what the render needs in the repository.',
  encrypted:
    'What the encrypted values set is not seen here: review what the release deploys, or keep the values that shape its configs out of the encrypted file.',
  unsupported:
    'Give it a source this check reads: a file in the repository (vendor what a URL serves), a git base (`…//dir?ref=`), a chart repository or an OCI registry.',
  include: 'Fix the include pattern.',
  'off-by-default':
    'Say which values the chart is installed with: a `charts:` entry in the base configuration (its path, and values files that turn the template on, such as its `ci/` values), or the HelmRelease or Argo CD Application that deploys it, in the repository.',
  substituted:
    'Each listed object changes in the cluster with the new value. Nothing rolls what reads a listed config: restart it once the change applies, or keep the value where a rollout follows it. Review what a listed HelmRelease deploys with it.',
};

/**
 * The next step for what failed unchecked: the most frequent reason's. Where the team accepts it,
 * `warn-not-checked` in the base configuration says so.
 */
export function notCheckedNext(entries: readonly NotChecked[]): string | null {
  const failing = entries.filter((n) => n.fails);
  if (failing.length === 0) return null;
  const count = new Map<NotCheckedReason, number>();
  for (const n of failing) count.set(n.reason, (count.get(n.reason) ?? 0) + 1);
  const [reason] = [...count].sort((a, b) => b[1] - a[1])[0];
  // A change that repairs a broken base has nothing to fix: only nothing to be compared with. One
  // that fails at both revisions may be no deployment at all (linkerd2's `charts/patch` renders a
  // JSON patch, which helm cannot read as an object).
  const sides = new Set(failing.filter((n) => n.reason === reason).map((n) => n.side));
  const next =
    reason === 'unrendered'
      ? unrunNext(failing.filter((n) => n.reason === reason))
      : reason !== 'render-failed' || sides.has('head')
        ? NEXT[reason]
        : sides.has('both')
          ? 'It does not render at base either: fix it, or, if nothing deploys it as it stands (a chart of patches, a test fixture), leave it out with `exclude` in the base configuration.'
          : 'The base revision does not render, so this change has nothing to be compared with: review what it deploys before merging.';
  return `${next} To accept it as it is: \`warn-not-checked: [{reason: ${reason}}]\` in the base configuration.`;
}

/** The step for the programs this check does not run, each said once: only those the entries name. */
function unrunNext(entries: readonly NotChecked[]): string {
  // A report from an earlier version names no program: every step is said.
  const runs = (program: UnrunProgram) => entries.some((n) => (n.program ?? program) === program);
  const generators = [runs('jsonnet') ? 'jsonnet' : null, runs('plugin') ? 'the plugin' : null].filter(
    (g) => g !== null,
  );
  const steps = [
    runs('helmfile')
      ? "declare the helmfile's releases in the base configuration's `charts:` (the chart's path in the repository, the release's name, namespace and values files), which this check renders with helm"
      : null,
    generators.length
      ? `commit what ${generators.join(' or ')} generates and deploy that, which this check reads as written`
      : null,
  ].filter((step) => step !== null);
  return `To check it: ${steps.join('; ')}.`;
}
