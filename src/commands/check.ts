import { compareText } from '../model/order.js';
import { diffConfigs } from '../stages/6-changes/diff.js';
import { idKey, pairObjects, type FileVersions } from '../stages/6-changes/pairing.js';
import { manifestSelector } from '../stages/2-sources/select.js';
import type { Repository } from '../stages/1-git/repository.js';
import { computeImpacts } from '../stages/7-impacts/impacts.js';
import { isConfig } from '../stages/4-objects/configs.js';
import type { PodTemplatePaths, Workload } from '../stages/4-objects/workloads.js';
import type { Diagnostic, ManifestObject, Report } from '../model/types.js';
import { loadObjects } from './load.js';
import { HeadView } from './head-view.js';
import { DEFAULT_HASH_ANNOTATION } from '../stages/8-stamps/hash-spec.js';
import { annotationOf, configLookup, isStale, templateHashes, type HashOptions } from '../stages/8-stamps/template-hashes.js';
import { extractRefs } from '../stages/5-references/extract.js';

export interface CheckOptions {
  base: string;
  /** A revision, or `null` for the working tree. */
  head: string | null;
  include?: readonly string[];
  exclude?: readonly string[];
  podTemplatePaths?: PodTemplatePaths;
  hash?: Partial<HashOptions>;
}

/**
 * The whole engine for one base..head range. Cost follows the change: the changed files are parsed
 * at both revisions, and at head only the files that can mention a changed name (one `git grep`).
 */
export async function check(repo: Repository, options: CheckOptions): Promise<Report> {
  const podTemplatePaths = options.podTemplatePaths ?? new Map();
  const selected = manifestSelector(options.include, options.exclude);
  const [base, head] = await Promise.all([
    repo.resolveCommit(options.base),
    options.head === null ? null : repo.resolveCommit(options.head),
  ]);

  const fileChanges = (await repo.changedFiles(base, head)).filter(
    (f) => (f.basePath !== null && selected(f.basePath)) || (f.headPath !== null && selected(f.headPath)),
  );
  const basePaths = fileChanges.flatMap((f) => (f.basePath ? [f.basePath] : []));
  const headPaths = fileChanges.flatMap((f) => (f.headPath ? [f.headPath] : []));
  const [atBase, atHead] = await Promise.all([
    loadObjects(repo, base, basePaths),
    loadObjects(repo, head, headPaths),
  ]);
  // Diagnostics about base files describe what is already merged; the report is about what this change brings.
  const diagnostics: Diagnostic[] = [...atHead.diagnostics];

  const versions: FileVersions[] = fileChanges.map((f) => ({
    base: (f.basePath && atBase.objects.get(f.basePath)) || [],
    head: (f.headPath && atHead.objects.get(f.headPath)) || [],
  }));
  const pairing = pairObjects(versions);
  let changes = diffConfigs(pairing, diagnostics);
  const report: Report = { version: 1, base, head, changes, impacts: [], unaffected: [], diagnostics };
  const view = new HeadView(repo, head, selected, podTemplatePaths, atHead, diagnostics);
  // One grep finds the consumers and, through the literal `workloadRef`, the Argo Rollouts that take
  // their pod template from a Deployment (they name the Deployment, never the config).
  await view.readMentioning(changes.length ? [...changes.map((c) => c.name), 'workloadRef'] : []);

  // An object deleted from one file but still defined in another is not gone.
  const definedAtHead = new Set(view.objects().filter(isConfig).map(idKey));
  changes = changes.filter((c) => c.change !== 'deleted' || !definedAtHead.has(idKey(c)));
  report.changes = changes;

  const hash: HashOptions = {
    annotation: options.hash?.annotation ?? DEFAULT_HASH_ANNOTATION,
    key: options.hash?.key ?? null,
  };
  const staleHash = await findStaleHashes(view, hash, diagnostics);

  const workloads = view.workloads();
  const deployments = new Map(
    workloads.filter((w) => w.object.kind === 'Deployment').map((w) => [idKey(w.object), w]),
  );
  const changedHeadFiles = new Set(headPaths);
  const previous = (object: ManifestObject) =>
    changedHeadFiles.has(object.file) ? (pairing.baseOf.get(object) ?? null) : ('unchanged' as const);

  const result = computeImpacts({ changes, workloads, deployments, previous, podTemplatePaths, staleHash });
  report.impacts = result.impacts;
  report.unaffected = result.unaffected;
  diagnostics.push(...result.diagnostics);
  return finish(report);
}

/**
 * Annotated workloads among those read (changed files and consumers of changed configs; no other
 * hash can have gone stale in this change) are verified against every definition at head of what
 * they read, so the choice among duplicate definitions is the one `fix` makes.
 */
async function findStaleHashes(
  view: HeadView,
  hash: HashOptions,
  diagnostics: Diagnostic[],
): Promise<Set<Workload>> {
  const annotated = () =>
    view.workloads().filter((w) => w.templates.some((t) => annotationOf(t, hash.annotation) !== null));
  await view.readMentioning(
    annotated().flatMap((w) => w.templates.flatMap((t) => extractRefs(t.template.spec).map((r) => r.name))),
  );
  const lookup = configLookup(view.objects());
  const stale = new Set<Workload>();
  for (const workload of annotated()) {
    const verdicts = templateHashes(workload, lookup, hash, diagnostics).map((h) => isStale(h, hash));
    if (verdicts.includes(true)) stale.add(workload);
    if (verdicts.includes('unverifiable'))
      diagnostics.push({
        file: workload.object.file,
        line: workload.object.line,
        severity: 'notice',
        message: `${workload.object.kind} ${workload.object.name}: its keyed (hmac-sha256) hash was not verified, as no hash key was given.`,
      });
  }
  return stale;
}

function finish(report: Report): Report {
  report.changes.sort((a, b) => compareText(a.file, b.file) || a.line - b.line);
  report.diagnostics.sort(
    (a, b) =>
      Number(b.severity === 'error') - Number(a.severity === 'error') ||
      compareText(a.file, b.file) ||
      a.line - b.line,
  );
  return report;
}
