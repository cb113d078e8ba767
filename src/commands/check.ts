import { ConfigIndex, idKey } from '../model/identity.js';
import { compareText } from '../model/order.js';
import type { Diagnostic, ManifestObject, Report, Side } from '../model/types.js';
import { judge, type Unjudged } from '../model/not-checked.js';
import type { Repository, Revision } from '../stages/1-git/repository.js';
import { manifestSelector } from '../stages/2-sources/select.js';
import { isConfig, secretTexts } from '../stages/4-objects/configs.js';
import { redactText, redactor } from '../model/redact.js';
import { asWorkload } from '../stages/4-objects/workloads.js';
import type { Consumer } from '../stages/5-references/consumers.js';
import { diffConfigs } from '../stages/6-changes/diff.js';
import { pairObjects, type FileVersions } from '../stages/6-changes/pairing.js';
import { compareImpacts, computeImpacts } from '../stages/7-impacts/impacts.js';
import { configAnnotations } from '../stages/7-impacts/reloaders.js';
import { annotationOf, staleWorkloads } from '../stages/8-stamps/template-hashes.js';
import { HeadView } from './head-view.js';
import { loadObjects } from './load.js';
import { checkRendered } from './rendered/part.js';
import { settings as resolve, type EngineOptions, type Settings } from './options.js';

export interface CheckOptions extends EngineOptions {
  base: string;
  /** A revision, or `null` for the working tree. */
  head: string | null;
  /** The configuration file the options were read from, at the base: a change to it is said, and applies after merge. */
  configFile?: string;
}

/**
 * The whole engine for one base..head range. Cost follows the change: the changed files are parsed
 * at both revisions, and at head only the files that can mention a changed name (one `git grep`).
 */
export async function check(repo: Repository, options: CheckOptions): Promise<Report> {
  const options_ = resolve(options);
  const [base, head] = await Promise.all([
    repo.resolveCommit(options.base),
    options.head === null ? null : repo.resolveCommit(options.head),
  ]);

  const allChanges = await repo.changedFiles(base, head);
  const changedPaths = allChanges.flatMap((f) => [f.basePath, f.headPath].filter((p) => p !== null));
  const rendered = await checkRendered(repo, base, head, changedPaths, options_);
  // A file some kustomize root reads is checked through that root's build, never as it is written.
  const settings: Settings = {
    ...options_,
    selected: (path) => options_.selected(path) && !rendered.closureFiles.has(path),
  };
  const fileChanges = allChanges.filter(
    (f) =>
      (f.basePath !== null && settings.selected(f.basePath)) ||
      (f.headPath !== null && settings.selected(f.headPath)),
  );
  const basePaths = fileChanges.flatMap((f) => (f.basePath ? [f.basePath] : []));
  const headPaths = fileChanges.flatMap((f) => (f.headPath ? [f.headPath] : []));
  const [atBase, atHead] = await Promise.all([
    loadObjects(repo, base, basePaths, settings),
    loadObjects(repo, head, headPaths, settings),
  ]);
  // A file that could not be read whole at either side is not checked: its objects there are
  // unknown, so nothing in it is reported added or deleted. Its parser diagnostics say the same
  // thing, once, in the not-checked entry.
  const unreadable = [...fileChanges].flatMap((f) => {
    const atB = f.basePath ? atBase.unreadable.get(f.basePath) : undefined;
    const atH = f.headPath ? atHead.unreadable.get(f.headPath) : undefined;
    const side: Side | null = atB && atH ? 'both' : atB ? 'base' : atH ? 'head' : null;
    if (!side) return [];
    const file = (atH ? f.headPath : f.basePath)!;
    const why = (atH ?? atB)!;
    return [{ ...why, side, file, paths: [f.basePath, f.headPath].filter((p) => p !== null) }];
  });
  const unreadablePaths = new Set(unreadable.flatMap((u) => u.paths));
  // Diagnostics about base files describe what is already merged; the report is about what this change brings.
  const diagnostics: Diagnostic[] = atHead.diagnostics.filter((d) => !atHead.unreadable.has(d.file));
  const configChange = options.configFile && allChanges.find((f) => f.headPath === options.configFile);
  if (configChange)
    diagnostics.push({
      file: options.configFile!,
      line: 1,
      severity: 'notice',
      message: `${options.configFile} changes here; this check used it as the base has it, and the change applies once it is merged.`,
    });

  const versions: FileVersions[] = fileChanges.map((f) => ({
    base: (f.basePath && atBase.objects.get(f.basePath)) || [],
    head: (f.headPath && atHead.objects.get(f.headPath)) || [],
  }));
  const pairing = pairObjects(versions);
  const diffed = diffConfigs(pairing, diagnostics);
  const view = new HeadView(repo, head, settings, atHead, diagnostics);
  // One grep finds the consumers and, through the literal `workloadRef`, the Argo Rollouts that take
  // their pod template from a Deployment (they name the Deployment, never the config).
  await view.readMentioning(diffed.length ? [...diffed.map((c) => c.name), 'workloadRef'] : []);

  // An object deleted from one file but still defined in another is not gone.
  const definedAtHead = new Set(view.objects().filter(isConfig).map(idKey));
  const basePathOf = new Map(
    fileChanges.flatMap((f) => (f.basePath && f.headPath ? [[f.headPath, f.basePath] as const] : [])),
  );
  const changes = diffed.filter(
    (c) =>
      !unreadablePaths.has(c.file) &&
      !unreadablePaths.has(basePathOf.get(c.file) ?? '') &&
      (c.change !== 'deleted' || !definedAtHead.has(idKey(c))),
  );
  const unjudged: Unjudged[] = [
    ...unreadable.map(({ file, line, reason, side, message }) => ({
      kind: 'file' as const,
      name: file,
      file,
      line,
      reason,
      side,
      message: `${file} could not be read ${side === 'both' ? 'at either revision' : `at ${side}`}, so a ConfigMap or Secret change in it would go unseen: ${message}`,
    })),
    // A file that mentions a changed config but cannot be read may hold a reader of it.
    ...[...view.unreadable()].map(([file, why]) => ({
      kind: 'file' as const,
      name: file,
      file,
      line: why.line,
      reason: why.reason,
      side: 'head' as const,
      message: `${file} names a changed config but could not be read, so a workload in it that reads the config is not checked: ${why.message}`,
    })),
    ...rendered.notChecked,
    ...(await unmatchedIncludes(repo, head, options.include ?? [])),
  ];
  const staleHash = await findStaleHashes(view, settings, diagnostics);

  const workloads = view.consumers();
  const changedHeadFiles = new Set(headPaths);
  const previous = (object: ManifestObject) => {
    if (!changedHeadFiles.has(object.file)) return 'unchanged' as const;
    const before = pairing.baseOf.get(object);
    return before ? (asWorkload(before, settings.podTemplatePaths) ?? { templates: [] }) : null;
  };
  const result = computeImpacts({
    changes,
    workloads,
    deployments: new Map(
      workloads.filter((w) => w.object.kind === 'Deployment').map((w) => [idKey(w.object), w]),
    ),
    previous,
    staleHash,
    rules: settings.rules,
    configAnnotations: configAnnotations(
      [...view.objects(), ...[...atBase.objects.values()].flat()].filter(isConfig),
    ),
  });
  const redact = redactor(
    secretTexts([...[...atBase.objects.values()].flat(), ...view.objects()]).concat(rendered.secretTexts),
  );
  const report: Report = {
    version: 2,
    base,
    head,
    changes: [...changes, ...rendered.changes].sort((a, b) => compareText(a.file, b.file) || a.line - b.line),
    impacts: [...result.impacts, ...rendered.impacts].sort(compareImpacts),
    unaffected: [...result.unaffected, ...rendered.unaffected],
    rendered: rendered.rendered.sort(compareText),
    notChecked: judge(unjudged, settings.notChecked),
    diagnostics: [...diagnostics, ...result.diagnostics, ...rendered.diagnostics].sort(
      (a, b) =>
        Number(b.severity === 'error') - Number(a.severity === 'error') ||
        compareText(a.file, b.file) ||
        a.line - b.line,
    ),
  };
  return redactText(report, redact);
}

/**
 * Annotated workloads among those read (changed files and consumers of changed configs; no other
 * hash can have gone stale in this change) are verified against every definition at head of what
 * they read, so the choice among duplicate definitions is the one `fix` makes.
 */
async function findStaleHashes(
  view: HeadView,
  { hash }: Settings,
  diagnostics: Diagnostic[],
): Promise<Set<ManifestObject>> {
  const annotated = (): Consumer[] =>
    view.consumers().filter((w) => w.templates.some((t) => annotationOf(t, hash.annotation) !== null));
  await view.readConfigsOf(annotated());
  return staleWorkloads(annotated(), new ConfigIndex(view.objects().filter(isConfig)), hash, diagnostics);
}

/**
 * Patterns given to `include` that select no file of the repository: a typo there would read as
 * "no ConfigMap or Secret content changes". Only asked when patterns are given (it lists every file).
 */
async function unmatchedIncludes(
  repo: Repository,
  head: Revision,
  include: readonly string[],
): Promise<Unjudged[]> {
  if (include.length === 0) return [];
  const files = await repo.listFiles(head);
  return include
    .filter((pattern) => !files.some(manifestSelector([pattern])))
    .map((pattern) => ({
      kind: 'include' as const,
      name: pattern,
      file: '.',
      line: 1,
      reason: 'include' as const,
      side: 'head' as const,
      message: `include pattern '${pattern}' matches no file in the repository, so nothing it was meant to select was checked.`,
    }));
}
