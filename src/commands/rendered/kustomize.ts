import { posix } from 'node:path';
import type { ConfigIndex } from '../../model/identity.js';
import type { ConfigChange, Diagnostic, Impact, ManifestObject, Source } from '../../model/types.js';
import {
  KUSTOMIZATION_FILES,
  isKustomizationFile,
  readKustomization,
  vetPluginText,
  type Kustomization,
} from '../../stages/2-sources/kustomize/kustomization.js';
import {
  generatorEntries,
  generatorFor,
  logicalName,
  takeOrigin,
} from '../../stages/2-sources/kustomize/origin.js';
import {
  builtFrom,
  findKustomize,
  remoteChartOf,
  renderRoots,
  type Kustomize,
} from '../../stages/2-sources/kustomize/render.js';
import { normalizeSource } from '../../stages/2-sources/remote/sources.js';
import { parseGitBase } from '../../stages/2-sources/remote/git-base.js';
import type { Root } from '../../stages/2-sources/kustomize/roots.js';
import { findReaching, KustomizationIndex } from '../../stages/2-sources/kustomize/reach.js';
import { findHelm } from '../../stages/2-sources/helm/render.js';
import { filesUnder } from '../../stages/2-sources/paths.js';
import { firstDifference, type Origin } from '../../stages/2-sources/tools.js';
import { keepDocuments, mayHoldKind } from '../../stages/3-documents/lines.js';
import { parseRender, type DocumentCache } from '../../stages/3-documents/parse.js';
import { RENDER_LIMITS } from '../../programs/invocation.js';
import { isConfig } from '../../stages/4-objects/configs.js';
import type { Consumer } from '../../stages/5-references/consumers.js';
import type { Settings } from '../options.js';
import type { Builds, Discovered, Rendered, Renderer, Snapshot } from './renderer.js';
import { parsedOnce, reaching } from './renderer.js';
import { groupBy } from '../../model/collections.js';

/** kustomize as a renderer: roots are kustomizations, objects point at their resource or generator. */
export function kustomizeRenderer(settings: Settings, repositoryRoot: string): Renderer<Root, Kustomize> {
  // Most kustomizations are the same text at both revisions: parsed once. So are most documents
  // of the two builds of a root, and the files their objects come from.
  const parsed = new Map<string, Kustomization>();
  const documents: DocumentCache = new Map();
  let found: ReturnType<typeof findKustomize> | null = null;
  let helmProbe: ReturnType<typeof findHelm> | null = null;
  const helm = () => (helmProbe ??= findHelm(settings.helm, repositoryRoot, settings.kustomize));
  return {
    name: 'kustomize',
    rootFiles: KUSTOMIZATION_FILES,
    discover: (snapshot) => discover(snapshot, parsed),
    tool: async () => (found ??= findKustomize(settings.kustomize, repositoryRoot)),
    // Roots that inflate charts (`helmCharts`) build with helm: found only when one needs it.
    render: async (kustomize, roots, files, timeoutMs, access, finished) =>
      renderRoots(
        kustomize,
        roots,
        files,
        timeoutMs,
        roots.some((r) => r.charts.length) ? await helm() : null,
        access,
        finished,
      ),
    fills: () => [],
    verbatim: (root) => root.verbatim,
    // kustomize's generators and hashes are deterministic.
    varies: () => null,
    sources: (root) => [
      ...root.remote.map(normalizeSource),
      ...root.remoteBases.map((b) => parseGitBase(b.entry)?.source ?? normalizeSource(b.entry)),
      ...root.remoteFiles.map((f) => normalizeSource(f.entry)),
      ...root.charts.flatMap((c) => (c.chart.repo ? [remoteChartOf(c.chart).source] : [])),
    ],
    read: (yaml, root, tree, diagnostics) =>
      readRender(yaml, { root: root.id, renderer: 'kustomize' }, root, tree, diagnostics, documents),
    logicalName: (object, origin) => logicalName(object.name, Boolean(origin?.generator)),
    pointAtEdit,
    review: async (builds, _tool, { workloads, configs, impacts }) => ({
      impacts: impacts.map((impact) => withAlternative(impact, builds.head)),
      diagnostics: missingGenerated(workloads, builds.head, configs),
      notChecked: [],
    }),
  };
}

/** `parsed` is shared by both revisions: most kustomizations are the same text at each. */
async function discover(at: Snapshot, parsed: Map<string, Kustomization>): Promise<Discovered<Root>> {
  const { repo, rev, settings, files: listFiles, named, controllers: declaring } = at;
  // The tree is listed first: discovery runs only when a root file lies near the change, so there
  // almost always are some, and the kustomization files are found in that listing. The Argo CD
  // and Flux objects that may point at a root (helm's discovery asks for them too) are found
  // meanwhile.
  const listing = listFiles();
  listing.catch(() => {});
  const controllersRead = declaring();
  controllersRead.catch(() => {});
  const kustomizationFiles = await named(KUSTOMIZATION_FILES);
  if (kustomizationFiles.length === 0) return { roots: [], setAside: [] };
  const files = await listing;
  const fileSet = new Set(files);
  const byDir = groupBy(files, (file) => posix.dirname(file));
  // Each directory's parents once: a walk stops at one already seen.
  const dirs = new Set<string>();
  for (const dir of byDir.keys())
    for (let d = dir; d !== '.' && !dirs.has(d); d = posix.dirname(d)) dirs.add(d);
  const tree = { isDir: (p: string) => dirs.has(p), exists: (p: string) => dirs.has(p) || fileSet.has(p) };
  const deep = filesUnder(files);
  const under = (dir: string, recursive: boolean) =>
    recursive ? deep(dir) : (byDir.get(dir === '' ? '.' : dir) ?? []);
  const texts = await repo.readMany(rev, kustomizationFiles);
  const index = new KustomizationIndex(
    kustomizationFiles,
    texts,
    parsedOnce(parsed, (file, text) => readKustomization(file, text, tree)),
    under,
  );
  const discovered = findReaching(index, await controllersRead, await reaching(at), under, settings.roots);
  // What a kustomization this clone cannot read reads is not known: a root that includes one may
  // read any changed file, so the change touches it (and it is not checked).
  const unread = index.unreadFiles;
  if (unread.size && at.changed)
    for (const root of [...discovered.roots, ...discovered.setAside])
      if ([...root.closure].some((f) => unread.has(f))) at.changed.forEach((p) => root.closure.add(p));
  await vetPluginFiles(repo, rev, [...discovered.roots, ...discovered.setAside]);
  return discovered;
}

/**
 * Plugin configurations in files (named by `generators`/`transformers`/`validators`, or made by a
 * directory named there) are vetted like inline ones before any build: a root whose plugins would
 * read outside the repository, or are not built in, is refused.
 */
async function vetPluginFiles(repo: Snapshot['repo'], rev: Snapshot['rev'], roots: Root[]): Promise<void> {
  const files = [...new Set(roots.flatMap((r) => r.pluginFiles.map((p) => p.file)))];
  if (files.length === 0) return;
  const texts = new Map(files.map((f, i) => [f, i] as const));
  const read = await repo.readMany(rev, files);
  for (const root of roots)
    for (const { file, dir } of root.pluginFiles) {
      const text = read[texts.get(file)!];
      if (text === null) continue;
      root.refused.push(...vetPluginText(text, file, dir));
    }
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
  documents: DocumentCache,
): Rendered {
  const origins = new Map<ManifestObject, Origin>();
  if (!root) return { objects: [], origins };
  const parsed = parseRender(root.file, yaml, documents, RENDER_LIMITS.maxOutputBytes);
  const from = builtFrom(root, tree);
  diagnostics.push(
    ...parsed.diagnostics.map((d) => ({ ...d, message: `line ${d.line} of the render: ${d.message}` })),
  );
  // The objects of one kind in a resource file, for their lines: only documents that may hold the
  // kind are parsed (a bundle of hundreds, for the one Secret a build holds).
  const sources = new Map<string, ManifestObject[]>();
  const objectsOf = (file: string, kind: string) => {
    const key = `${kind}\0${file}`;
    if (!sources.has(key)) {
      const text = tree.get(file)?.toString('utf8');
      const kinds = [kind];
      const ofKind = text === undefined ? '' : keepDocuments(text, (d) => mayHoldKind(d, kinds));
      sources.set(
        key,
        parseRender(file, ofKind, documents).objects.filter((o) => o.kind === kind),
      );
    }
    return sources.get(key)!;
  };
  const objects = parsed.objects.map((rendered): ManifestObject => {
    // Namespaces a controller gives only to objects that set none (Argo CD's destination).
    const namespace = rendered.namespace ?? root.options.defaultNamespace ?? null;
    const { origin, body } = takeOrigin(rendered.body, from);
    const object: ManifestObject = {
      ...rendered,
      body,
      namespace,
      file: origin.file ?? root.file,
      line: 1,
      source,
    };
    // From a remote base or a file by URL the root names: the line that names it.
    const remote = origin.remoteBase === undefined ? undefined : root.remoteBases[origin.remoteBase];
    if (!origin.file && remote?.file === root.file) {
      const lines = (tree.get(root.file)?.toString('utf8') ?? '').split('\n');
      object.line = lines.findIndex((l) => l.includes(remote.entry)) + 1 || 1;
    }
    if (origin.file && origin.generator) {
      const text = tree.get(origin.file)?.toString('utf8') ?? '';
      object.line =
        generatorFor(generatorEntries(origin.file, text, origin.generator), rendered.name)?.line ?? 1;
    } else if (origin.file) {
      const written = objectsOf(origin.file, rendered.kind);
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

/**
 * Where a reviewer sees a config change: the changed line of a generator's env input, the input
 * file of a changed `files` key, or a changed patch that names the object; else where it is made.
 */
function pointAtEdit(
  change: ConfigChange,
  { root, baseOf, head, changed, headTree, baseTree }: Builds<Root>,
): ConfigChange {
  const object = head.objects.find(
    (o) => o.kind === change.kind && o.name === change.name && o.namespace === change.namespace,
  );
  if (!object || change.change === 'deleted') return change;
  const origin = head.origins.get(object);
  const keys = [...change.keys.added, ...change.keys.modified, ...change.keys.removed];
  // From a remote base: the line that names it (a new ref) in the kustomization that changed.
  if (!origin?.file) {
    const naming = root.remoteBases.map((b) => b.file).find((f) => changed.has(f));
    return naming
      ? { ...change, file: naming, line: firstDifference(baseTree.get(naming), headTree.get(naming)) }
      : change;
  }
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
  // Made by a chart the kustomization inflates: its changed line (inline values, a version).
  if (origin?.file && isKustomizationFile(origin.file) && changed.has(origin.file))
    return {
      ...change,
      file: origin.file,
      line: firstDifference(baseTree.get(origin.file), headTree.get(origin.file)),
    };
  return change;
}

/**
 * kustomize rewrites references to a generated name only in the kinds it knows: a custom kind (an
 * Argo Rollout) keeps the bare name and reads a config that will not exist (kustomize#2524).
 */
function missingGenerated(workloads: Consumer[], head: Rendered, configs: ConfigIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
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
  return diagnostics;
}

/**
 * For a dormant workload whose config a generator makes without a hash suffix, name kustomize's own
 * cure beside ours: with the suffix, every content change renames the config and rolls its readers.
 */
function withAlternative(impact: Impact, head: Rendered): Impact {
  if (impact.status !== 'dormant') return impact;
  // A release deployed beside the config names it through its chart, which a suffix would not follow.
  const generated = impact.configs.filter(
    (c) =>
      c.root === undefined &&
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
