import { posix } from 'node:path';
import { ConfigIndex, objectName, sameLocation, sameObject } from '../model/identity.js';
import { stampCures } from '../model/status.js';
import type { Diagnostic, Impact, Location, Report } from '../model/types.js';
import type { Repository, Revision } from '../stages/1-git/repository.js';
import { isConfig, secretTexts } from '../stages/4-objects/configs.js';
import { redactText } from '../model/redact.js';
import type { Consumer, ConsumingTemplate } from '../stages/5-references/consumers.js';
import { patchFileName } from '../stages/8-stamps/kustomize-patch.js';
import { applyStamps, type FileEdit, type FixResult, type Stamp } from '../stages/8-stamps/plan.js';
import { renderedStampEdits, type RenderedStamp } from '../stages/8-stamps/rendered-stamps.js';
import { annotationOf, templateHashes } from '../stages/8-stamps/template-hashes.js';
import { managedElsewhere } from '../stages/7-impacts/reloaders.js';
import { rolloutRisks } from '../stages/7-impacts/rollout-notes.js';
import { check } from './check.js';
import { HeadView } from './head-view.js';
import { loadObjects } from './load.js';
import { settings as resolve, type EngineOptions, type Settings } from './options.js';
import { chartStampEdits } from './rendered/chart-stamps.js';
import { checkRendered, closureFiles } from './rendered/part.js';

export interface FixOptions extends EngineOptions {
  /** With a base: only the workloads this change leaves dormant or with a stale hash. Without: adoption. */
  base: string | null;
  /** A revision, or `null` for the working tree. */
  head: string | null;
  /** The check of base..head, when the caller has already run it (the Action has). */
  report?: Report;
}

/**
 * Computes the content hash each target pod template should carry and the file edits that write it.
 * Nothing is written here: the CLI writes the working tree, the Action commits through the API.
 */
export async function planFix(repo: Repository, options: FixOptions): Promise<FixResult> {
  const settings = await resolve(options);
  const { hash } = settings;
  const head: Revision = options.head === null ? null : await repo.resolveCommit(options.head);
  const diagnostics: Diagnostic[] = [];

  let report: Report | null = null;
  let view: HeadView;
  let isTarget: (workload: Consumer) => boolean;
  const renderedEdits: FileEdit[] = [];
  const renderedTargets: Consumer[] = [];
  if (options.base !== null) {
    report = options.report ?? (await check(repo, { ...options, base: options.base, head: options.head }));
    // Rolling a workload whose new pods cannot start (a key it still reads is gone) turns a dormant
    // change into an outage: those are left alone, and said.
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    const broken = (i: Impact) =>
      errors.find(
        (d) => d.workload && sameObject(d.workload, i.workload) && sameLocation(d.workload, i.workload),
      );
    for (const impact of report.impacts.filter((i) => stampCures(i.status))) {
      const error = broken(impact);
      if (error)
        diagnostics.push({
          file: impact.workload.file,
          line: impact.workload.line,
          severity: 'warning',
          message: `did not stamp ${impact.workload.kind} ${impact.workload.name}: its new pods could not start (the error at ${error.file}:${error.line}), so rolling it now would break it. Fix the reference or the config first.`,
        });
    }
    const cured = report.impacts.filter((i) => stampCures(i.status) && !broken(i));
    const wanted: Location[] = cured.filter((i) => !i.workload.source).map((i) => i.workload);
    const files = [...new Set(wanted.map((w) => w.file))];
    view = new HeadView(repo, head, settings, await loadObjects(repo, head, files, settings), diagnostics);
    isTarget = (w) => wanted.some((location) => sameLocation(location, w.object));
    const rendered = cured.filter((i) => i.workload.source);
    if (rendered.length) {
      const built = await stampRendered(repo, options.base, head, rendered, settings, diagnostics);
      renderedEdits.push(...built.edits);
      renderedTargets.push(...built.targets);
    }
  } else {
    // Adoption: every workload that would roll, or already carries the hash. Files that kustomize
    // builds are left alone: their hash is what the build reads, so it goes through a patch
    // (`fix --base`), never into the base file.
    const closures = await closureFiles(repo, head, settings);
    const all = await loadObjects(
      repo,
      head,
      (await repo.listFiles(head)).filter((f) => settings.selected(f) && !closures.has(f)),
      settings,
    );
    view = new HeadView(
      repo,
      head,
      { ...settings, selected: (f) => settings.selected(f) && !closures.has(f) },
      all,
      diagnostics,
    );
    diagnostics.push(...all.diagnostics);
    isTarget = (w) =>
      !managedElsewhere(w) &&
      (w.behaviour.rolls || w.templates.some((t) => annotationOf(t, hash.annotation) !== null));
  }

  // A Rollout with workloadRef has no template of its own: the Deployment it points at is stamped.
  const targets = view.consumers().filter((w) => isTarget(w) && w.templates.length > 0);
  await view.readConfigsOf(targets);
  const configs = new ConfigIndex(view.objects().filter(isConfig));
  const stamps: Stamp[] = targets.flatMap((workload) =>
    templateHashes(workload, configs, hash, diagnostics)
      .filter(
        (h) =>
          h.expected !== null &&
          h.expected !== h.actual &&
          !outsideOnly(workload, h.template, configs, diagnostics),
      )
      .map((h) => ({ workload, template: h.template, value: h.expected! })),
  );
  const files = [...new Set(stamps.map((s) => s.workload.object.file))];
  const texts = await repo.readMany(head, files);
  const byFile = new Map(files.flatMap((file, i) => (texts[i] === null ? [] : [[file, texts[i]!] as const])));
  const edits = [...applyStamps(stamps, hash.annotation, byFile, diagnostics), ...renderedEdits];
  const unkeyed = hash.key === null ? unkeyedSecretWarning(edits, targets) : null;
  if (unkeyed) diagnostics.push(unkeyed);
  // Every workload stamped rolls when the stamp lands: what that rollout risks is said here, as
  // check says it for a workload that rolls on its own.
  const stamped = edits.flatMap((e) => e.workloads);
  for (const workload of [...targets, ...renderedTargets].filter((w) =>
    stamped.some((s) => sameObject(s, w.object) && sameLocation(s, w.object)),
  )) {
    const impact = report?.impacts.find(
      (i) => sameObject(i.workload, workload.object) && sameLocation(i.workload, workload.object),
    );
    const delivery = impact?.delivery ?? workload.templates.flatMap((t) => t.refs.map((r) => r.delivery));
    diagnostics.push(...rolloutRisks(workload, delivery));
  }
  // Files read by both the check and the fix would report their problems twice.
  const known = new Set(report?.diagnostics.map((d) => `${d.file}:${d.line}:${d.message}`));
  // The edits are file texts to write, never shown whole; only the messages are redacted.
  return {
    annotation: hash.annotation,
    edits,
    diagnostics: redactText(
      { diagnostics: diagnostics.filter((d) => !known.has(`${d.file}:${d.line}:${d.message}`)) },
      secretTexts(view.objects()),
    ).diagnostics,
  };
}

/**
 * A template whose configs are all outside the repository (a certificate cert-manager issues, a
 * Secret made in the cluster) would get a hash over nothing, constant whatever happens to them: a
 * false cure. It is not stamped, and said.
 */
function outsideOnly(
  workload: Consumer,
  template: ConsumingTemplate,
  configs: ConfigIndex,
  diagnostics: Diagnostic[],
): boolean {
  const refs = template.refs.filter((r) => r.delivery !== 'image-pull' && r.delivery !== 'unmounted');
  if (refs.length === 0 || refs.some((r) => configs.resolve(workload.object, r.kind, r.name))) return false;
  const names = [...new Set(refs.map((r) => `${r.kind} ${r.name}`))].join(', ');
  diagnostics.push({
    file: workload.object.file,
    line: workload.object.line,
    severity: 'warning',
    message:
      `did not stamp ${workload.object.kind} ${workload.object.name}: it reads only ${names}, which this repository does not hold, ` +
      'so a hash in Git would never change. Let Reloader roll it (reloader.stakater.com/auto), or the operator that issues the config.',
  });
  return true;
}

/**
 * Stamps for workloads of rendered roots, built again at head to read them: a patch beside a
 * kustomization, a checksum line in a chart's template.
 */
async function stampRendered(
  repo: Repository,
  base: string,
  head: Revision,
  impacts: readonly Impact[],
  settings: Settings,
  diagnostics: Diagnostic[],
): Promise<{ edits: FileEdit[]; targets: Consumer[] }> {
  const baseSha = await repo.resolveCommit(base);
  const changed = (await repo.changedFiles(baseSha, head)).flatMap((f) =>
    [f.basePath, f.headPath].filter((p) => p !== null),
  );
  const part = await checkRendered(repo, baseSha, head, changed, settings, true);
  // A workload that reads a config another root deploys (beside its release, or a root of its own),
  // or a plain one: nothing its own root builds renders that config, so nothing there can hash it.
  for (const impact of impacts.filter((i) => i.configs.some((c) => c.root !== undefined))) {
    const config = impact.configs.find((c) => c.root !== undefined)!;
    const which = config.root === null ? 'is a plain manifest' : `${config.root} deploys`;
    const cure =
      impact.workload.source?.renderer === 'helm'
        ? "outside its chart, so no template of the chart can hash it. Let Reloader roll it (reloader.stakater.com/auto in the release's values), " +
          "or give the release's values a pod annotation that changes with the config."
        : `outside ${impact.workload.source?.root ?? 'its root'}, the root that builds it, so no stamp there can follow it. ` +
          'Let Reloader roll it (reloader.stakater.com/auto), or deploy the config from the root that builds it.';
    diagnostics.push({
      file: impact.workload.file,
      line: impact.workload.line,
      severity: 'warning',
      message: `did not stamp ${impact.workload.kind} ${impact.workload.name}: it reads ${config.kind} ${objectName(config)}, which ${which}, ${cure}`,
    });
  }
  const charts = impacts.filter(
    (i) => i.workload.source?.renderer === 'helm' && i.configs.every((c) => c.root === undefined),
  );
  const chartEdits = await chartStampEdits(part.heads, charts, settings, await repo.top(), diagnostics);
  const stamps: RenderedStamp[] = impacts.flatMap((impact) => {
    const built = part.heads.find(
      (h) => h.renderer === 'kustomize' && h.root.id === impact.workload.source?.root,
    );
    const workload = built?.consumers.find((c) => sameObject(c.object, impact.workload));
    if (!built || !workload) return [];
    const written = built.origins.get(workload.object)?.written ?? workload.object.name;
    return [{ kustomization: built.root.file, workload, written, configs: built.configs }];
  });
  const files = stamps.flatMap((s) => [
    s.kustomization,
    posix.join(
      posix.dirname(s.kustomization),
      patchFileName({ ...s.workload.object, name: s.written, templatePath: '' }),
    ),
  ]);
  const texts = await repo.readMany(head, files);
  const byFile = new Map(files.flatMap((file, i) => (texts[i] === null ? [] : [[file, texts[i]!] as const])));
  const targets = part.heads.flatMap((h) =>
    h.consumers.filter((c) =>
      impacts.some((i) => sameObject(c.object, i.workload) && h.root.id === i.workload.source?.root),
    ),
  );
  return {
    edits: [...renderedStampEdits(stamps, settings.hash, byFile, diagnostics), ...chartEdits],
    targets,
  };
}

/**
 * A plain SHA-256 of a Secret's value in a pod template can be brute-forced by anyone who can read
 * pod specs when the value is short (a 4-digit PIN falls in well under a second): said once per run.
 */
function unkeyedSecretWarning(edits: readonly FileEdit[], targets: readonly Consumer[]): Diagnostic | null {
  const stamped = edits.flatMap((e) => e.workloads);
  const readers = targets.filter(
    (w) =>
      stamped.some((s) => sameLocation(s, w.object)) &&
      w.templates.some((t) =>
        t.refs.some((r) => r.kind === 'Secret' && r.delivery !== 'image-pull' && r.delivery !== 'unmounted'),
      ),
  );
  if (readers.length === 0) return null;
  const first = readers[0].object;
  return {
    file: first.file,
    line: first.line,
    severity: 'warning',
    message:
      `${readers.length} stamped workload${readers.length === 1 ? ' reads' : 's read'} a Secret, and the hash is unkeyed: ` +
      'a short Secret value can be recovered from it by trial (a 4-digit PIN in well under a second). ' +
      'Set CONFIG_ROLLOUT_GUARD_HASH_KEY (Action input hash-key) for keyed hashes.',
  };
}
