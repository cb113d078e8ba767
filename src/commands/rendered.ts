import { posix } from 'node:path';
import { ConfigIndex, idKey } from '../model/identity.js';
import type {
  ConfigChange,
  Diagnostic,
  Impact,
  ManifestObject,
  NotChecked,
  Source,
  Unaffected,
} from '../model/types.js';
import type { Repository, Revision } from '../stages/1-git/repository.js';
import {
  KUSTOMIZATION_FILES,
  isKustomizationFile,
  readKustomization,
  type Kustomization,
} from '../stages/2-sources/kustomize/kustomization.js';
import {
  generatorEntries,
  generatorFor,
  logicalName,
  takeOrigin,
  type Origin,
} from '../stages/2-sources/kustomize/origin.js';
import { findKustomize, renderRoots, type RenderResult } from '../stages/2-sources/kustomize/render.js';
import { findRoots, type Root } from '../stages/2-sources/kustomize/roots.js';
import { parseManifests } from '../stages/3-documents/parse.js';
import { isConfig } from '../stages/4-objects/configs.js';
import { asWorkload } from '../stages/4-objects/workloads.js';
import { consumerOf, type Consumer } from '../stages/5-references/consumers.js';
import { diffConfigs } from '../stages/6-changes/diff.js';
import { pairObjects } from '../stages/6-changes/pairing.js';
import { computeImpacts } from '../stages/7-impacts/impacts.js';
import { configAnnotations } from '../stages/7-impacts/reloaders.js';
import { staleWorkloads } from '../stages/8-stamps/template-hashes.js';
import type { Settings } from './options.js';

/** What the rendered roots a change touches contribute to a check. */
export interface RenderedPart {
  /** Every file some root's build reads, at either revision: never also read as a plain manifest. */
  closureFiles: Set<string>;
  changes: ConfigChange[];
  impacts: Impact[];
  unaffected: Unaffected[];
  diagnostics: Diagnostic[];
  notChecked: NotChecked[];
  /** The roots built and checked. */
  rendered: string[];
  /** What each built root deploys at head, for `fix`. */
  heads: RenderedRoot[];
}

/** One root as built at head: its workloads with their references, and the configs they can read. */
export interface RenderedRoot {
  root: Root;
  consumers: Consumer[];
  configs: ConfigIndex;
  origins: ReadonlyMap<ManifestObject, Origin>;
}

const EMPTY = (): RenderedPart => ({
  closureFiles: new Set(),
  changes: [],
  impacts: [],
  unaffected: [],
  diagnostics: [],
  notChecked: [],
  rendered: [],
  heads: [],
});

/** One revision's view of the kustomize roots: which exist, and the file texts they read. */
interface RevisionRoots {
  rev: Revision;
  roots: Map<string, Root>;
}

/**
 * The rendered mode of a check: find the kustomize roots at both revisions, build only those whose
 * closure holds a changed file, and diff what each deploys. Objects are matched within a root, so
 * two overlays of one base are two deployments, each with its own namespace and names.
 */
export async function checkRendered(
  repo: Repository,
  base: string,
  head: Revision,
  changedPaths: readonly string[],
  settings: Settings,
): Promise<RenderedPart> {
  if (settings.render === 'off') return EMPTY();
  const parsed = new Map<string, Kustomization>();
  // The kustomize version check runs while the kustomizations are read, once any exist.
  let probing: ReturnType<typeof findKustomize> | null = null;
  const probe = () => (probing ??= findKustomize(settings.kustomize));
  const [atBase, atHead] = await Promise.all([
    discover(repo, base, settings, parsed, probe),
    discover(repo, head, settings, parsed, probe),
  ]);
  const part = EMPTY();
  for (const side of [atBase, atHead])
    for (const root of side.roots.values()) root.closure.forEach((f) => part.closureFiles.add(f));
  const changed = new Set(changedPaths);
  const touched = [...new Set([...atBase.roots.keys(), ...atHead.roots.keys()])].filter((id) =>
    [atBase.roots.get(id), atHead.roots.get(id)].some(
      (root) => root && [...root.closure].some((f) => changed.has(f)),
    ),
  );
  if (touched.length === 0) return part;

  const notChecked = (root: Root, message: string) =>
    part.notChecked.push({
      kind: 'root',
      name: root.id,
      file: root.file,
      line: 1,
      message,
      fails: settings.render === 'auto',
    });
  const kustomize = await probe();
  if ('error' in kustomize) {
    for (const id of touched) notChecked((atHead.roots.get(id) ?? atBase.roots.get(id))!, kustomize.error);
    return part;
  }

  const [builtBase, builtHead] = await Promise.all(
    [atBase, atHead].map(async (side) => {
      const roots = touched.flatMap((id) => side.roots.get(id) ?? []);
      const files = [...new Set(roots.flatMap((r) => [...r.closure]))];
      const bytes = await repo.readBytes(side.rev, files);
      const tree = new Map(files.flatMap((f, i) => (bytes[i] ? [[f, bytes[i]!] as const] : [])));
      const results = await renderRoots(kustomize, roots, tree, settings.renderTimeoutMs);
      return { results, tree };
    }),
  );

  for (const id of touched) {
    const baseRoot = atBase.roots.get(id);
    const headRoot = atHead.roots.get(id);
    const root = (headRoot ?? baseRoot)!;
    const before: RenderResult = baseRoot ? builtBase.results.get(baseRoot)! : { ok: true, yaml: '' };
    const after: RenderResult = headRoot ? builtHead.results.get(headRoot)! : { ok: true, yaml: '' };
    const failed = [
      ...(before.ok ? [] : [`at base: ${before.message}`]),
      ...(after.ok ? [] : [`at head: ${after.message}`]),
    ];
    if (failed.length) {
      const remote = root.remote.length
        ? ` It fetches ${root.remote.length} remote base(s) over the network.`
        : '';
      notChecked(root, `kustomize could not build ${root.id} ${failed.join('; ')}.${remote}`);
      continue;
    }
    const source: Source = { root: root.id, renderer: 'kustomize' };
    const baseObjects = readRender(
      before.ok ? before.yaml : '',
      source,
      baseRoot,
      builtBase.tree,
      part.diagnostics,
    );
    const headObjects = readRender(
      after.ok ? after.yaml : '',
      source,
      headRoot,
      builtHead.tree,
      part.diagnostics,
    );
    part.rendered.push(root.id);
    compare(root, baseObjects, headObjects, changed, builtHead.tree, builtBase.tree, settings, part);
  }
  return part;
}

/** Every file a kustomize root reads at one revision (adoption leaves them to `fix --base`). */
export async function closureFiles(
  repo: Repository,
  rev: Revision,
  settings: Settings,
): Promise<Set<string>> {
  if (settings.render === 'off') return new Set();
  const { roots } = await discover(repo, rev, settings);
  return new Set([...roots.values()].flatMap((r) => [...r.closure]));
}

/** `parsed` is shared by both revisions: most kustomizations are the same text at each. */
async function discover(
  repo: Repository,
  rev: Revision,
  settings: Settings,
  parsed = new Map<string, Kustomization>(),
  found: () => void = () => {},
): Promise<RevisionRoots> {
  // Kustomization files first: a repository without any pays for one walk of its trees, no more.
  const kustomizationFiles = (await repo.findByName(rev, KUSTOMIZATION_FILES)).filter(settings.selected);
  if (kustomizationFiles.length === 0) return { rev, roots: new Map() };
  found();
  // Argo CD and Flux objects that may point at a root: found while the kustomizations are parsed.
  const controllerFiles = repo.grep(rev, ['argoproj.io', 'kustomize.toolkit.fluxcd.io']);
  const files = await repo.listFiles(rev);
  const dirs = new Set<string>();
  for (const file of files) for (let d = posix.dirname(file); d !== '.'; d = posix.dirname(d)) dirs.add(d);
  // Where two spellings sit in one directory kustomize refuses to build; the first is enough to say so.
  const texts = await repo.readMany(rev, kustomizationFiles);
  const kustomizations = new Map<string, Kustomization>();
  kustomizationFiles.forEach((file, i) => {
    const key = `${file}\0${texts[i] ?? ''}`;
    const k = parsed.get(key) ?? readKustomization(file, texts[i] ?? '', (d) => dirs.has(d));
    parsed.set(key, k);
    if (!kustomizations.has(k.dir)) kustomizations.set(k.dir, k);
  });
  if (kustomizations.size === 0) return { rev, roots: new Map() };

  const candidates = (await controllerFiles).filter(settings.selected);
  const candidateTexts = await repo.readMany(rev, candidates);
  const controllers = candidates.flatMap((file, i) =>
    candidateTexts[i] === null
      ? []
      : parseManifests(file, candidateTexts[i]!).objects.filter((o) =>
          ['Application', 'ApplicationSet', 'Kustomization'].includes(o.kind),
        ),
  );
  const byDir = new Map<string, string[]>();
  for (const file of files) byDir.set(posix.dirname(file), [...(byDir.get(posix.dirname(file)) ?? []), file]);
  const roots = findRoots(kustomizations, controllers, (dir) => byDir.get(dir) ?? [], settings.roots);
  return { rev, roots: new Map(roots.map((r) => [r.id, r])) };
}

interface Rendered {
  objects: ManifestObject[];
  origins: Map<ManifestObject, Origin>;
}

/**
 * A root's build as objects that point back at what a reviewer edits: the source file and line of
 * each resource, the generator entry of each generated config.
 */
function readRender(
  yaml: string,
  source: Source,
  root: Root | undefined,
  tree: ReadonlyMap<string, Buffer>,
  diagnostics: Diagnostic[],
): Rendered {
  const origins = new Map<ManifestObject, Origin>();
  if (!root) return { objects: [], origins };
  const parsed = parseManifests(root.file, yaml);
  diagnostics.push(
    ...parsed.diagnostics.map((d) => ({ ...d, message: `${source.root}: rendered output: ${d.message}` })),
  );
  const sources = new Map<string, ManifestObject[]>();
  const objectsOf = (file: string) => {
    if (!sources.has(file)) {
      const text = tree.get(file)?.toString('utf8');
      sources.set(file, text === undefined ? [] : parseManifests(file, text).objects);
    }
    return sources.get(file)!;
  };
  const objects = parsed.objects.map((rendered): ManifestObject => {
    // Namespaces a controller gives only to objects that set none (Argo CD's destination).
    const namespace = rendered.namespace ?? root.options.defaultNamespace ?? null;
    const origin = takeOrigin(rendered.body);
    const object: ManifestObject = {
      ...rendered,
      namespace,
      file: origin.file ?? root.file,
      line: 1,
      source,
    };
    if (origin.file && origin.generator) {
      const text = tree.get(origin.file)?.toString('utf8') ?? '';
      object.line =
        generatorFor(generatorEntries(origin.file, text, origin.generator), rendered.name)?.line ?? 1;
    } else if (origin.file) {
      const written = objectsOf(origin.file).filter((o) => o.kind === rendered.kind);
      const named = written
        .filter((o) => rendered.name.includes(o.name))
        .sort((a, b) => b.name.length - a.name.length);
      object.line = (named[0] ?? written[0])?.line ?? 1;
      origin.written = (named[0] ?? written[0])?.name ?? null;
    }
    origins.set(object, origin);
    return object;
  });
  return { objects, origins };
}

/** Pairs, diffs and resolves one root's two builds, into `part`. */
function compare(
  root: Root,
  base: Rendered,
  head: Rendered,
  changed: ReadonlySet<string>,
  headTree: ReadonlyMap<string, Buffer>,
  baseTree: ReadonlyMap<string, Buffer>,
  settings: Settings,
  part: RenderedPart,
): void {
  const origins = new Map([...base.origins, ...head.origins]);
  const logicalKey = (o: ManifestObject) =>
    idKey({
      kind: o.kind,
      namespace: o.namespace,
      name: logicalName(o.name, Boolean(origins.get(o)?.generator)),
    });
  const pairing = pairObjects([{ base: base.objects, head: head.objects }], logicalKey);
  const diagnostics: Diagnostic[] = [];
  const changes = diffConfigs(pairing, diagnostics).map((change) =>
    pointAtEdit(change, pairing.baseOf, head, changed, headTree, baseTree),
  );
  const workloads = head.objects.flatMap((o): Consumer[] => {
    const workload = asWorkload(o, settings.podTemplatePaths);
    return workload ? [consumerOf(workload)] : [];
  });
  const configs = new ConfigIndex(head.objects.filter(isConfig));
  missingGenerated(workloads, head, configs, diagnostics);
  const result = computeImpacts({
    changes,
    workloads,
    deployments: new Map(
      workloads.filter((w) => w.object.kind === 'Deployment').map((w) => [idKey(w.object), w]),
    ),
    previous: (object) => {
      const before = pairing.baseOf.get(object);
      return before ? (asWorkload(before, settings.podTemplatePaths) ?? { templates: [] }) : null;
    },
    staleHash: staleWorkloads(workloads, configs, settings.hash, diagnostics),
    rules: settings.rules,
    configAnnotations: configAnnotations([...head.objects, ...base.objects].filter(isConfig)),
  });
  part.heads.push({ root, consumers: workloads, configs, origins: head.origins });
  part.changes.push(...changes);
  part.impacts.push(...result.impacts.map((impact) => withAlternative(impact, head)));
  part.unaffected.push(...result.unaffected);
  part.diagnostics.push(...diagnostics, ...result.diagnostics);
}

/**
 * Where a reviewer sees a config change: the changed line of a generator's env input, the input
 * file of a changed `files` key, or a changed patch that names the object; else where it is made.
 */
function pointAtEdit(
  change: ConfigChange,
  baseOf: ReadonlyMap<ManifestObject, ManifestObject>,
  head: Rendered,
  changed: ReadonlySet<string>,
  headTree: ReadonlyMap<string, Buffer>,
  baseTree: ReadonlyMap<string, Buffer>,
): ConfigChange {
  const object = head.objects.find(
    (o) => o.kind === change.kind && o.name === change.name && o.namespace === change.namespace,
  );
  if (!object || change.change === 'deleted') return change;
  const origin = head.origins.get(object);
  const keys = [...change.keys.added, ...change.keys.modified, ...change.keys.removed];
  if (origin?.file && origin.generator) {
    // The generator that made it, or one in an overlay that merges into it (`behavior: merge`).
    const kustomizations = [
      origin.file,
      ...[...changed].filter((f) => f !== origin.file && isKustomizationFile(f)),
    ];
    for (const file of kustomizations) {
      const text = headTree.get(file)?.toString('utf8');
      const entry =
        text === undefined ? null : generatorFor(generatorEntries(file, text, origin.generator), object.name);
      if (!entry) continue;
      for (const env of entry.envs.filter((f) => changed.has(f))) {
        const lines = (headTree.get(env)?.toString('utf8') ?? '').split('\n');
        const at = lines.findIndex((l) => keys.some((k) => l.trimStart().startsWith(`${k}=`)));
        return {
          ...change,
          file: env,
          line: at >= 0 ? at + 1 : firstDifference(baseTree.get(env), headTree.get(env)),
        };
      }
      const input = entry.files.find((f) => keys.includes(f.key) && changed.has(f.path));
      if (input)
        return {
          ...change,
          file: input.path,
          line: firstDifference(baseTree.get(input.path), headTree.get(input.path)),
        };
      if (changed.has(file)) return { ...change, file, line: entry.line };
    }
    return change;
  }
  // The object's own file did not change: a patch elsewhere in the root did.
  if (origin?.file && !changed.has(origin.file) && baseOf.has(object)) {
    const name = object.name;
    const patch = [...changed].find(
      (f) =>
        f !== origin.file &&
        headTree.has(f) &&
        (headTree.get(f)!.toString('utf8').includes(name) ||
          name.includes(posix.basename(f, posix.extname(f)))),
    );
    if (patch) {
      const lines = headTree.get(patch)!.toString('utf8').split('\n');
      const at = lines.findIndex((l) => l.includes(name));
      return { ...change, file: patch, line: at >= 0 ? at + 1 : 1 };
    }
  }
  return change;
}

function firstDifference(before: Buffer | undefined, after: Buffer | undefined): number {
  const a = (before?.toString('utf8') ?? '').split('\n');
  const b = (after?.toString('utf8') ?? '').split('\n');
  const i = b.findIndex((line, n) => line !== a[n]);
  return i < 0 ? Math.max(1, b.length) : i + 1;
}

/**
 * kustomize rewrites references to a generated name only in the kinds it knows: a custom kind (an
 * Argo Rollout) keeps the bare name and reads a config that will not exist (kustomize#2524).
 */
function missingGenerated(
  workloads: Consumer[],
  head: Rendered,
  configs: ConfigIndex,
  diagnostics: Diagnostic[],
) {
  const generated = head.objects.filter(
    (o) => isConfig(o) && head.origins.get(o)?.generator && o.name !== logicalName(o.name, true),
  );
  for (const workload of workloads) {
    for (const ref of workload.templates.flatMap((t) => t.refs)) {
      if (configs.resolve(workload.object, ref.kind, ref.name)) continue;
      const made = generated.find((g) => g.kind === ref.kind && logicalName(g.name, true).endsWith(ref.name));
      if (!made) continue;
      diagnostics.push({
        file: workload.object.file,
        line: workload.object.line,
        severity: 'error',
        message:
          `${workload.object.kind} ${workload.object.name} reads ${ref.kind} ${ref.name} (${ref.via}), but kustomize generates ` +
          `${made.name}: it renames references only in the kinds it knows, so ${ref.name} will not exist. Add a ` +
          `configurations: nameReference entry for ${workload.object.kind}, or set disableNameSuffixHash and let ` +
          '`config-rollout-guard fix` stamp the hash.',
      });
    }
  }
}

/**
 * For a dormant workload whose config a generator makes without a hash suffix, name kustomize's own
 * cure beside ours: with the suffix, every content change renames the config and rolls its readers.
 */
function withAlternative(impact: Impact, head: Rendered): Impact {
  if (impact.status !== 'dormant') return impact;
  const generated = impact.configs.filter((c) =>
    head.objects.some(
      (o) =>
        o.kind === c.kind &&
        o.name === c.name &&
        o.namespace === c.namespace &&
        head.origins.get(o)?.generator &&
        logicalName(o.name, true) === o.name,
    ),
  );
  if (generated.length === 0) return impact;
  return {
    ...impact,
    reason: `${impact.reason}; ${generated.map((c) => c.name).join(', ')} ${generated.length === 1 ? 'is' : 'are'} generated with disableNameSuffixHash: without it kustomize renames the config on every change and the pods roll`,
  };
}
