import { manifestSelector } from '../stages/2-sources/select.js';
import type { Repository, Revision } from '../stages/1-git/repository.js';
import { applyStamps, type FileEdit, type Stamp } from '../stages/8-stamps/plan.js';
import { DEFAULT_HASH_ANNOTATION } from '../stages/8-stamps/hash-spec.js';
import { annotationOf, configLookup, templateHashes, type HashOptions } from '../stages/8-stamps/template-hashes.js';
import type { PodTemplatePaths, Workload } from '../stages/4-objects/workloads.js';
import { extractRefs } from '../stages/5-references/extract.js';
import type { Diagnostic, Report } from '../model/types.js';
import { check } from './check.js';
import { HeadView } from './head-view.js';
import { loadObjects } from './load.js';

export interface FixOptions {
  /** With a base: only the workloads this change leaves dormant or with a stale hash. Without: adoption. */
  base: string | null;
  /** A revision, or `null` for the working tree. */
  head: string | null;
  include?: readonly string[];
  exclude?: readonly string[];
  podTemplatePaths?: PodTemplatePaths;
  hash?: Partial<HashOptions>;
  /** The check of base..head, when the caller has already run it (the Action has). */
  report?: Report;
}

export interface FixResult {
  edits: FileEdit[];
  diagnostics: Diagnostic[];
}

/**
 * Computes the content hash each target pod template should carry and the file edits that write it.
 * Nothing is written here: the CLI writes the working tree, the Action commits through the API.
 */
export async function planFix(repo: Repository, options: FixOptions): Promise<FixResult> {
  const hash: HashOptions = {
    annotation: options.hash?.annotation ?? DEFAULT_HASH_ANNOTATION,
    key: options.hash?.key ?? null,
  };
  const podTemplatePaths = options.podTemplatePaths ?? new Map();
  const selected = manifestSelector(options.include, options.exclude);
  const head: Revision = options.head === null ? null : await repo.resolveCommit(options.head);
  const diagnostics: Diagnostic[] = [];

  let report: Report | null = null;
  let view: HeadView;
  let isTarget: (workload: Workload) => boolean;
  if (options.base !== null) {
    report =
      options.report ?? (await check(repo, { ...options, base: options.base, head: options.head, hash }));
    const wanted = new Set(
      report.impacts
        .filter((i) => i.status === 'dormant' || i.status === 'stale-hash')
        .map((i) => `${i.workload.file}:${i.workload.line}`),
    );
    view = new HeadView(
      repo,
      head,
      selected,
      podTemplatePaths,
      await loadObjects(repo, head, [...new Set([...wanted].map((w) => w.slice(0, w.lastIndexOf(':'))))]),
      diagnostics,
    );
    isTarget = (w) => wanted.has(`${w.object.file}:${w.object.line}`);
  } else {
    // Adoption: every workload that would roll, or already carries the hash.
    const all = await loadObjects(repo, head, (await repo.listFiles(head)).filter(selected));
    view = new HeadView(repo, head, selected, podTemplatePaths, all, diagnostics);
    diagnostics.push(...all.diagnostics);
    isTarget = (w) => w.behaviour.rolls || w.templates.some((t) => annotationOf(t, hash.annotation) !== null);
  }

  // A Rollout with workloadRef has no template of its own: the Deployment it points at is stamped.
  const targets = view.workloads().filter((w) => isTarget(w) && w.templates.length > 0);
  await view.readMentioning(
    targets.flatMap((w) => w.templates.flatMap((t) => extractRefs(t.template.spec).map((r) => r.name))),
  );
  const lookup = configLookup(view.objects());
  const stamps: Stamp[] = targets.flatMap((workload) =>
    templateHashes(workload, lookup, hash, diagnostics)
      .filter((h) => h.expected !== null && h.expected !== h.actual)
      .map((h) => ({ workload, template: h.template, value: h.expected! })),
  );
  const files = [...new Set(stamps.map((s) => s.workload.object.file))];
  const texts = await repo.readMany(head, files);
  const byFile = new Map(files.flatMap((file, i) => (texts[i] === null ? [] : [[file, texts[i]!] as const])));
  const edits = applyStamps(stamps, hash.annotation, byFile, diagnostics);
  // Files read by both the check and the fix would report their problems twice.
  const known = new Set(report?.diagnostics.map((d) => `${d.file}:${d.line}:${d.message}`));
  return { edits, diagnostics: diagnostics.filter((d) => !known.has(`${d.file}:${d.line}:${d.message}`)) };
}
