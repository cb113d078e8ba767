import { compareText } from '../order.js';
import { diffConfigs } from '../changes/diff.js';
import { idKey, pairObjects, type FileVersions } from '../changes/pairing.js';
import { manifestSelector } from '../documents/select.js';
import type { Repository } from '../git/repository.js';
import { computeImpacts } from '../impacts/impacts.js';
import { isConfig } from '../objects/configs.js';
import { asWorkload, type PodTemplatePaths, type Workload } from '../objects/workloads.js';
import type { Diagnostic, ManifestObject, Report } from '../types.js';
import { loadObjects } from './load.js';

export interface CheckOptions {
  base: string;
  /** A revision, or `null` for the working tree. */
  head: string | null;
  include?: readonly string[];
  exclude?: readonly string[];
  podTemplatePaths?: PodTemplatePaths;
}

/**
 * The whole engine for one base..head range. Cost follows the change: the changed files are parsed
 * at both revisions, and at head only the files that can mention a changed name (one `git grep`).
 */
export async function check(repo: Repository, options: CheckOptions): Promise<Report> {
  const podTemplatePaths = options.podTemplatePaths ?? new Map();
  const selected = manifestSelector(options.include, options.exclude);
  const base = await repo.resolveCommit(options.base);
  const head = options.head === null ? null : await repo.resolveCommit(options.head);

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
  if (changes.length === 0) return finish(report);

  const headObjects = new Map(atHead.objects);
  const readMore = async (names: string[]) => {
    const paths = (await repo.grep(head, names)).filter((p) => selected(p) && !headObjects.has(p));
    const more = await loadObjects(repo, head, paths);
    for (const [path, objects] of more.objects) headObjects.set(path, objects);
    diagnostics.push(...more.diagnostics);
  };
  await readMore([...new Set(changes.map((c) => c.name))]);

  // An object deleted from one file but still defined in another is not gone.
  const definedAtHead = new Set([...headObjects.values()].flat().filter(isConfig).map(idKey));
  changes = changes.filter((c) => c.change !== 'deleted' || !definedAtHead.has(idKey(c)));
  report.changes = changes;

  const workloadsOf = () =>
    [...headObjects.values()].flat().flatMap((o) => asWorkload(o, podTemplatePaths) ?? []) as Workload[];
  // Argo Rollouts with workloadRef name the Deployment, not the config: look for them once we know which
  // Deployments consume a changed name.
  const changedNames = new Set(changes.map((c) => c.name));
  const consumingDeployments = workloadsOf().filter(
    (w) => w.object.kind === 'Deployment' && mentionsAny(w, changedNames),
  );
  if (consumingDeployments.length > 0)
    await readMore([...new Set(consumingDeployments.map((w) => w.object.name))]);

  const workloads = workloadsOf();
  const deployments = new Map(
    workloads.filter((w) => w.object.kind === 'Deployment').map((w) => [idKey(w.object), w]),
  );
  const changedHeadFiles = new Set(headPaths);
  const previous = (object: ManifestObject) =>
    changedHeadFiles.has(object.file) ? (pairing.baseOf.get(object) ?? null) : ('unchanged' as const);

  const result = computeImpacts({ changes, workloads, deployments, previous, podTemplatePaths });
  report.impacts = result.impacts;
  report.unaffected = result.unaffected;
  diagnostics.push(...result.diagnostics);
  return finish(report);
}

function mentionsAny(workload: Workload, names: Set<string>): boolean {
  const text = JSON.stringify(workload.templates.map((t) => t.template));
  return [...names].some((name) => text.includes(JSON.stringify(name)));
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
