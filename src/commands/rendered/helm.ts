import { posix } from 'node:path';
import type { Unjudged } from '../../model/not-checked.js';
import { compareText } from '../../model/text.js';
import type { ConfigChange, Diagnostic, ManifestObject } from '../../model/types.js';
import {
  CHART_FILE,
  chartReleases,
  DEPENDENCY_FILES,
  ignoredValuesLine,
  parseValues,
  readChart,
  valuesFromObject,
  atPath,
  standIn,
  type ChartRoot,
} from '../../stages/2-sources/helm/chart.js';
import {
  changedValues,
  kindLine,
  sourceLines,
  templateAt,
  namedTemplates,
  valueReadBy,
  withHelpers,
} from '../../stages/2-sources/helm/origin.js';
import { findHelm, renderCharts, type Helm } from '../../stages/2-sources/helm/render.js';
import { filesUnder } from '../../stages/2-sources/paths.js';
import { repoPath } from '../../stages/2-sources/paths.js';
import { firstDifference, type Origin } from '../../stages/2-sources/tools.js';
import { generatorEntries, type GeneratorEntry } from '../../stages/2-sources/kustomize/origin.js';
import { KUSTOMIZATION_FILES } from '../../stages/2-sources/kustomize/kustomization.js';
import { parseKinds, parseManifests } from '../../stages/3-documents/parse.js';
import { RENDER_LIMITS } from '../../programs/invocation.js';
import { CHECKSUM_LIKE, checksumNotices, versionBumped } from '../../stages/7-impacts/checksums.js';
import { annotationsOf, reloadPatternsFor } from '../../stages/7-impacts/reloaders.js';
import type { Settings } from '../options.js';
import {
  parsedOnce,
  reaching,
  type Builds,
  type Discovered,
  type Rendered,
  type Renderer,
  type Snapshot,
} from './renderer.js';
import { chartLabel, repositoryKey } from '../../stages/2-sources/remote/sources.js';

/** What declares a release of a chart: also what a kustomize build can deploy beside its configs. */
export const RELEASE_KINDS = ['HelmRelease', 'Application', 'ApplicationSet'];

/** Helm as a renderer: roots are chart releases, objects point at the template that made them. */
export function helmRenderer(settings: Settings, repositoryRoot: string): Renderer<ChartRoot, Helm> {
  let probing: ReturnType<typeof findHelm> | null = null;
  const probe = () => (probing ??= findHelm(settings.helm, repositoryRoot, settings.kustomize));
  // What `valuesFrom` reads is mostly the same text at both revisions: parsed once for the check.
  const parses: ValuesFromParses = {
    configs: parsedOnce(new Map(), (file, text) => parseKinds(file, text, VALUES_HOLDERS)),
    generators: parsedOnce(new Map(), (file, text) =>
      GENERATED.flatMap(([kind, generator]) =>
        generatorEntries(file, text, generator).map((entry) => ({ kind, entry })),
      ),
    ),
    values: parsedOnce(new Map(), (_, text) => parseValues(text)),
  };
  return {
    name: 'helm',
    rootFiles: [CHART_FILE],
    discover: (snapshot) => discover(snapshot, probe, parses),
    tool: probe,
    render: renderCharts,
    fills: (root) => root.local.map((c) => posix.join(root.dir, c.at)),
    // Every file of a chart is a template or a value: none is deployed as written.
    verbatim: () => new Set(),
    varies: (root, tree) => {
      // A fetched chart's templates are not in the tree: rendered twice whatever they hold.
      if (root.remote) return 'a function that varies (genCA, randAlphaNum or the like)';
      // Its own templates and those of the dependencies it keeps in this repository.
      const dirs = [root.dir, ...root.local.map((c) => c.dir)];
      for (const [file, bytes] of tree) {
        if (!dirs.some((dir) => file.startsWith(dir ? `${dir}/` : '')) || !/\.(ya?ml|tpl)$/.test(file))
          continue;
        const found =
          /\b(genCA|genSignedCert|genSelfSignedCert|genPrivateKey|randAlphaNum|randAlpha|randNumeric|randAscii|randBytes|uuidv4)\b/.exec(
            bytes.toString('utf8'),
          );
        if (found) return found[1];
      }
      return null;
    },
    sources: (root) => [
      ...(root.remote && root.remote.repository ? [root.remote.source] : []),
      ...root.chart.dependencies.map((d) => d.source),
    ],
    read: readRender,
    logicalName: (object) => object.name,
    pointAtEdit,
    review: async (builds, helm, { workloads, configs, impacts, changes }, timeoutMs, access) => {
      const ignored = ignoredValues(builds);
      // A chart from a registry is not ours to annotate: its version moving is what is said.
      if (builds.root.remote)
        return { impacts, diagnostics: [...versionNote(builds), ...ignored], notChecked: [] };
      // The chart rendered again at head with only its version changed: a checksum that moves then
      // hashes labels, not data, and restarts the pods on every chart upgrade.
      const chartText = builds.headTree.get(builds.root.file)?.toString('utf8');
      const summed = workloads.some((w) =>
        w.templates.some((t) => Object.keys(annotationsOf(t.template)).some((k) => CHECKSUM_LIKE.test(k))),
      );
      // A check asks it only where the change moves a config the checksum is there to follow.
      const bumped =
        chartText === undefined || !summed || changes?.length === 0 ? null : bumpVersion(chartText);
      let probe: ManifestObject[] = [];
      if (bumped !== null) {
        const tree = new Map(builds.headTree).set(builds.root.file, Buffer.from(bumped));
        settings.progress.count('builds');
        const result = (await renderCharts(helm, [builds.root], tree, timeoutMs, access)).get(builds.root)!;
        if (result.ok) probe = parseManifests(builds.root.file, result.yaml).objects;
      }
      await reloadPatternsFor(workloads);
      return {
        impacts,
        diagnostics: [
          ...checksumNotices(workloads, configs, {
            template: (object) => templateText(object, builds.headTree),
            afterVersionBump: versionBumped(probe),
            hashAnnotation: settings.hash.annotation,
            rules: settings.rules,
          }),
          ...ignored,
        ],
        notChecked: changes === null ? [] : offByDefault(builds),
      };
    },
  };
}

async function discover(
  at: Snapshot,
  found: () => void,
  parses: ValuesFromParses,
): Promise<Discovered<ChartRoot>> {
  const { repo, rev, settings, files, named, controllers } = at;
  // Charts in the repository, and releases of charts from Helm repositories and OCI registries,
  // which only their declaring objects name.
  const [chartFiles, index] = await Promise.all([named([CHART_FILE]), controllers()]);
  if (chartFiles.length === 0 && !index.mayDefine(RELEASE_KINDS)) return { roots: [], setAside: [] };
  found();
  const besides = chartFiles.flatMap((f) => DEPENDENCY_FILES.map((d) => posix.join(posix.dirname(f), d)));
  const [all, changed, texts, besideTexts, own] = await Promise.all([
    files(),
    reaching(at),
    repo.readMany(rev, chartFiles),
    repo.readMany(rev, besides),
    repo.ownUrls(),
  ]);
  const charts = chartFiles.flatMap(
    (file, i) =>
      readChart(
        file,
        texts[i] ?? '',
        Object.fromEntries(DEPENDENCY_FILES.map((d, j) => [d, besideTexts[i * DEPENDENCY_FILES.length + j]])),
      ) ?? [],
  );
  const discovered = chartReleases(
    charts,
    index,
    changed,
    settings.charts,
    filesUnder(all),
    settings.roots,
    new Set(own.map(repositoryKey)),
  );
  await readValuesFrom(repo, rev, settings, discovered.roots, parses);
  for (const root of discovered.roots) root.kubeVersion ??= settings.kubeVersion;
  return discovered;
}

/** The namespace `helm template` gives a release that names none. */
const RELEASE_NAMESPACE_UNKNOWN = 'default';

/** What a `valuesFrom` source can be, or be made by. */
const VALUES_HOLDERS = ['ConfigMap', 'Secret', 'SealedSecret', 'ExternalSecret'];
const GENERATED = [
  ['ConfigMap', 'ConfigMapGenerator'],
  ['Secret', 'SecretGenerator'],
] as const;

interface ValuesFromParses {
  configs: (file: string, text: string) => ManifestObject[];
  generators: (file: string, text: string) => { kind: 'ConfigMap' | 'Secret'; entry: GeneratorEntry }[];
  values: (file: string, text: string) => Record<string, unknown> | null;
}

/**
 * Flux `valuesFrom`: the ConfigMaps and Secrets named are looked up where they are defined in the
 * repository (their files join the closure); one that is not there, and not optional, leaves the
 * release unrenderable as Flux would render it.
 */
async function readValuesFrom(
  repo: Snapshot['repo'],
  rev: Snapshot['rev'],
  settings: Settings,
  roots: ChartRoot[],
  parses: ValuesFromParses,
): Promise<void> {
  const names = [...new Set(roots.flatMap((r) => r.valuesFrom.map((v) => v.name)))];
  if (names.length === 0) return;
  const files = (await repo.grep(rev, names, settings.grepScope)).filter(settings.selected);
  const texts = await repo.readMany(rev, files);
  const objects = files.flatMap((file, i) => (texts[i] === null ? [] : parses.configs(file, texts[i]!)));
  const generated = await generatedConfigs(repo, rev, files, texts, names, parses);
  objects.push(...generated.keys());
  for (const root of roots) {
    const values: Record<string, unknown>[] = [];
    for (const source of root.valuesFrom) {
      const found = valuesFromObject(source, objects, parses.values);
      const defined = objects.find((o) => o.kind === source.kind && o.name === source.name);
      if (defined && !generated.has(defined)) root.closure.add(defined.file);
      const inputs = (defined && generated.get(defined)) ?? [];
      for (const { path } of inputs) root.closure.add(path);
      const whole = source.targetPath ? undefined : inputs.find((f) => f.key === source.valuesKey);
      if (whole) root.valuesFromFiles.push(whole.path);
      const hidden = typeof found === 'object' && 'hidden' in found ? found.hidden : null;
      if (hidden) root.closure.add(hidden.holder.file);
      const lacks = typeof found === 'object' && 'lacks' in found ? found.lacks : null;
      if (lacks) root.closure.add(lacks.file);
      const from = `valuesFrom ${source.kind} ${source.name} (key ${source.valuesKey})`;
      if (typeof found === 'object' && 'values' in found) values.push(found.values);
      // A single value kept out of the repository cannot change with it: rendered with a stand-in,
      // which moves only when what holds it does; a whole values document hides too much for that.
      else if (source.targetPath && (hidden || (found === 'missing' && !source.optional)))
        values.push(atPath(source.targetPath, standIn(source, hidden?.version ?? '')));
      else if (hidden)
        root.refused.push({
          reason: hidden.encrypted ? 'encrypted' : 'missing-input',
          message: `${from} ${hidden.how} (${hidden.holder.file}:${hidden.holder.line}), so its values are read only in the cluster`,
        });
      else if (found === 'not a map')
        root.refused.push({
          reason: 'unreadable',
          message: `${from} does not hold a map of values, which Flux cannot install`,
        });
      else if (lacks && !source.optional)
        root.refused.push({
          reason: 'missing-input',
          message: `${from} is defined without that key (${lacks.kind} ${lacks.name}, ${lacks.file}:${lacks.line}), so Flux cannot install the release`,
        });
      else if (found === 'missing' && !source.optional)
        root.refused.push({
          reason: 'missing-input',
          message: `${from} is not defined in this repository`,
        });
    }
    root.values = [...values, ...root.values];
  }
}

/**
 * The ConfigMaps and Secrets a kustomization's generators make from files (`files: [values.yaml=…]`),
 * as objects, each with the files it reads: how Flux's own example feeds a HelmRelease `valuesFrom`
 * (a `nameReference` configuration keeps the name in step with the hash suffix).
 */
async function generatedConfigs(
  repo: Snapshot['repo'],
  rev: Snapshot['rev'],
  files: readonly string[],
  texts: readonly (string | null)[],
  names: readonly string[],
  parses: ValuesFromParses,
): Promise<Map<ManifestObject, { key: string; path: string }[]>> {
  const made: {
    kind: 'ConfigMap' | 'Secret';
    entry: GeneratorEntry;
    file: string;
    namespace: string | null;
  }[] = [];
  files.forEach((file, i) => {
    if (!KUSTOMIZATION_FILES.includes(posix.basename(file)) || texts[i] === null) return;
    const namespace = /^namespace:[ \t]*["']?([a-z0-9-]+)["']?[ \t]*$/m.exec(texts[i]!)?.[1] ?? null;
    for (const { kind, entry } of parses.generators(file, texts[i]!))
      if (names.includes(entry.name) && entry.files.every((f) => repoPath(f.path) !== null))
        made.push({ kind, entry, file, namespace });
  });
  const inputs = [...new Set(made.flatMap((m) => m.entry.files.map((f) => f.path)))];
  const read = new Map(inputs.map((path, i) => [path, i] as const));
  const contents = await repo.readMany(rev, inputs);
  const readable = (m: (typeof made)[number]) =>
    m.entry.files.every((f) => contents[read.get(f.path)!] !== null);
  return new Map(
    made.filter(readable).map(({ kind, entry, file, namespace }) => {
      const data = Object.fromEntries(entry.files.map((f) => [f.key, contents[read.get(f.path)!]!]));
      const object: ManifestObject = {
        apiVersion: 'v1',
        kind,
        name: entry.name,
        namespace,
        file,
        line: entry.line,
        body: {
          apiVersion: 'v1',
          kind,
          metadata: { name: entry.name },
          [kind === 'Secret' ? 'stringData' : 'data']: data,
        },
      };
      // Its inputs join the release's closure; the kustomization stays a root of its own (it may
      // deploy more than the release).
      return [object, entry.files];
    }),
  );
}

/** A chart's render as objects that point at their template (file, and the line of its `kind:`). */
function readRender(
  yaml: string,
  root: ChartRoot,
  tree: ReadonlyMap<string, Buffer>,
  diagnostics: Diagnostic[],
): Rendered {
  const origins = new Map<ManifestObject, Origin>();
  const parsed = parseManifests(root.file, yaml, RENDER_LIMITS.maxOutputBytes);
  const sources = sourceLines(yaml);
  // A document the parser skips is named by its template, and by its line in the render.
  diagnostics.push(
    ...parsed.diagnostics.map((d) => {
      const template = templateAt(sources, d.line, root.dir, root.local);
      return {
        ...d,
        file: template ?? root.file,
        message: `${template ?? 'the render'} (line ${d.line} of the render): ${d.message}`,
      };
    }),
  );
  // A chart from a registry has no file here: its objects point at the object that declares it.
  const declared = root.remote ? root.declaredBy : null;
  const objects = parsed.objects.map((rendered): ManifestObject => {
    const template = declared ? null : templateAt(sources, rendered.line, root.dir, root.local);
    const text = template === null ? undefined : tree.get(template)?.toString('utf8');
    const object: ManifestObject = {
      ...rendered,
      // Helm applies objects that set no namespace into the release's. A chart nobody declares has
      // none: helm says `default` for it, which is what a template that writes
      // `{{ .Release.Namespace }}` gets, the same namespace as one that writes none.
      namespace:
        root.namespace === null && rendered.namespace === RELEASE_NAMESPACE_UNKNOWN
          ? null
          : (rendered.namespace ?? root.namespace),
      file: text === undefined ? root.file : template!,
      line: text === undefined ? (declared?.line ?? 1) : kindLine(text, rendered.kind),
      source: {
        root: root.id,
        renderer: 'helm',
        release: root.release,
        ...(root.remote ? { chart: chartLabel(root.remote, root.resolvedVersion) } : {}),
      },
    };
    origins.set(object, {
      file: text === undefined ? null : template,
      generator: null,
      written: rendered.name,
    });
    return object;
  });
  return { objects, origins };
}

/**
 * Where a reviewer sees a chart config change: the changed line of the template that makes it, else
 * the changed values line that template reads, else the first changed values line, else the
 * declaring object (its inline values).
 */
function pointAtEdit(
  change: ConfigChange,
  { root, head, changed, headTree, baseTree }: Builds<ChartRoot>,
): ConfigChange {
  if (change.change === 'deleted') return change;
  const object = head.objects.find(
    (o) => o.kind === change.kind && o.name === change.name && o.namespace === change.namespace,
  );
  const template = object ? head.origins.get(object)?.file : null;
  const text = (tree: ReadonlyMap<string, Buffer>, f: string) => tree.get(f)?.toString('utf8');
  // A chart from a registry: the edit is in the declaring object (values, version) or its sources.
  if (root.remote) {
    const edited = [root.file, ...root.valueFiles, ...root.closure].find(
      (f) => changed.has(f) && baseTree.has(f),
    );
    return edited
      ? { ...change, file: edited, line: firstDifference(text(baseTree, edited), text(headTree, edited)) }
      : change;
  }
  if (template && changed.has(template) && baseTree.has(template))
    return {
      ...change,
      file: template,
      line: firstDifference(text(baseTree, template), text(headTree, template)),
    };

  // The subchart the template belongs to: a chart of this repository copied in, or one in `charts/`.
  const copy = template
    ? root.local
        .filter((c) => template.startsWith(`${c.dir}/`))
        .sort((a, b) => b.dir.length - a.dir.length)[0]
    : undefined;
  const sub = copy
    ? posix.basename(copy.at)
    : template
      ? /\/charts\/([^/]+)\/templates\//.exec(`/${posix.relative(root.dir || '.', template)}`)?.[1]
      : undefined;
  const subValues = copy
    ? posix.join(copy.dir, 'values.yaml')
    : sub
      ? posix.join(root.dir, 'charts', sub, 'values.yaml')
      : null;
  const valuesFiles = [
    posix.join(root.dir, 'values.yaml'),
    ...(subValues ? [subValues] : []),
    ...root.valueFiles,
  ].filter((f) => changed.has(f));
  const candidates = valuesFiles.map((file) => {
    const values = changedValues(text(baseTree, file) ?? '', text(headTree, file) ?? '').map((v) => ({
      ...v,
      file,
    }));
    // A subchart's own values.yaml is read without its key in the parent's values.
    const prefix = sub && file !== subValues ? `${sub}.` : '';
    return { values, prefix };
  });
  const written = template ? text(headTree, template) : undefined;
  const templateText =
    written === undefined ? undefined : withHelpers(written, helpersOf(headTree, root.dir));
  for (const { values, prefix } of candidates) {
    const read = templateText === undefined ? null : valueReadBy(templateText, values, prefix);
    if (read) return { ...change, ...read };
  }
  const first = candidates.flatMap((c) => c.values)[0];
  if (first) return { ...change, file: first.file, line: first.line };
  const declaring = root.declaredBy?.file;
  if (declaring && changed.has(declaring))
    return {
      ...change,
      file: declaring,
      line: firstDifference(text(baseTree, declaring), text(headTree, declaring)),
    };
  // A values file outside the chart (a Flux valuesFrom ConfigMap) changed: its first changed line.
  const input = [...changed].find(
    (f) => root.dir !== '' && root.closure.has(f) && !f.startsWith(`${root.dir}/`) && baseTree.has(f),
  );
  if (input)
    return { ...change, file: input, line: firstDifference(text(baseTree, input), text(headTree, input)) };
  return change;
}

/**
 * A values file this change touches that goes on past its first document: helm (and Flux's
 * `valuesFrom`, through helm) reads the first and ignores the rest without a word, so an edit
 * there changes nothing in the cluster.
 */
function ignoredValues({ root, changed, headTree }: Builds<ChartRoot>): Diagnostic[] {
  const own = root.remote ? [] : [posix.join(root.dir, 'values.yaml')];
  return [...new Set([...own, ...root.valueFiles, ...root.valuesFromFiles])]
    .filter((file) => changed.has(file))
    .flatMap((file): Diagnostic[] => {
      const text = headTree.get(file)?.toString('utf8');
      const line = text === undefined ? null : ignoredValuesLine(text);
      return line === null
        ? []
        : [
            {
              file,
              line,
              severity: 'warning',
              message:
                'what follows this --- is never read: helm (and Flux valuesFrom through it) takes only the first document of a values file.',
            },
          ];
    });
}

/**
 * The ConfigMap and Secret templates this change edits, or whose values it changes, that render
 * nothing at either revision, in a chart no release in the repository deploys: rendered with its
 * own values, which leave them off (`{{- if .Values.collector.create }}`), while where the chart is
 * installed other values may turn them on. A release declared here that leaves one off does not
 * deploy it: nothing to judge.
 */
function offByDefault({ root, changed, base, head, baseTree, headTree }: Builds<ChartRoot>): Unjudged[] {
  if (root.remote || root.declaredBy) return [];
  const made = new Set(
    [...base.origins.values(), ...head.origins.values()].flatMap((origin) => origin.file ?? []),
  );
  const changedIn = new Map<string, { path: string; line: number; file: string }[]>();
  const valuesChanged = (file: string) => {
    if (!changed.has(file)) return [];
    let found = changedIn.get(file);
    if (!found) {
      const before = baseTree.get(file)?.toString('utf8') ?? '';
      const after = headTree.get(file)?.toString('utf8') ?? '';
      changedIn.set(file, (found = changedValues(before, after).map((v) => ({ ...v, file }))));
    }
    return found;
  };
  // Its own templates, and those of the subcharts it keeps in `charts/` (a chart of this repository
  // it copies in is a root of its own, and judged there).
  const own = posix.join(root.dir, 'values.yaml');
  /** The values files a template reads, with the key its paths sit under in each; null for no template. */
  const valuesOf = (file: string) => {
    const inside = templatePath(root.dir, file);
    if (inside === null) return null;
    if (inside.startsWith('templates/')) return [{ file: own, prefix: '' }];
    const sub = /^charts\/([^/]+)\/templates\//.exec(inside)?.[1];
    if (sub)
      return [
        { file: posix.join(root.dir, 'charts', sub, 'values.yaml'), prefix: '' },
        { file: own, prefix: `${sub}.` },
      ];
    // A subchart's subchart: found by its own edits only.
    return [];
  };
  const files = [...new Set([...headTree.keys(), ...baseTree.keys()])].sort(compareText);
  return files.flatMap((file): Unjudged[] => {
    const name = posix.basename(file);
    const values = valuesOf(file);
    if (values === null || made.has(file) || name.startsWith('_') || name === 'NOTES.txt') return [];
    const before = baseTree.get(file)?.toString('utf8') ?? '';
    const after = headTree.get(file)?.toString('utf8') ?? '';
    // Only what its ConfigMaps and Secrets hold counts: an image tag bumped beside one, or a
    // namespace added to one's metadata, changes no config's content.
    const [atBase, atHead] = [configsOf(before), configsOf(after)];
    const configs = after ? atHead : atBase;
    if (configs.length === 0) return [];
    const edited = changed.has(file) ? unmatched(atBase, atHead) : [];
    let content: string | undefined;
    const read = () =>
      (content ??= withHelpers(
        configs.map((c) => c.content).join('\n'),
        helpersOf(after ? headTree : baseTree, root.dir),
      ));
    const feeding = edited.length
      ? null
      : values.reduce<{ file: string; line: number } | null>(
          (found, { file: v, prefix }) => found ?? valueReadBy(read(), valuesChanged(v), prefix),
          null,
        );
    if (edited.length === 0 && !feeding) return [];
    const { kind } = edited[0] ?? configs[0];
    const how = feeding
      ? `from values this change moves (${feeding.file}:${feeding.line})`
      : 'this change edits';
    return [
      {
        kind: 'file',
        name: file,
        file,
        line: kindLine(after || before, kind),
        reason: 'off-by-default',
        side: 'both',
        message: `${file} makes a ${kind} ${how}, which the chart's own values leave off; no release in the repository says which values ${root.dir || 'the chart'} is installed with, so what the change does to it is not checked.`,
      },
    ];
  });
}

/** A template of the chart in `dir` or of a subchart it keeps, as a path inside the chart; else null. */
function templatePath(dir: string, file: string): string | null {
  const inside = dir === '' ? file : file.startsWith(`${dir}/`) ? file.slice(dir.length + 1) : null;
  return inside !== null && /^(?:charts\/[^/]+\/)*templates\//.test(inside) ? inside : null;
}

const named = new WeakMap<ReadonlyMap<string, Buffer>, Map<string, Map<string, string>>>();

/**
 * The named templates of the chart in `dir` and of its subcharts, which helm shares among them all:
 * read once per tree.
 */
function helpersOf(tree: ReadonlyMap<string, Buffer>, dir: string): ReadonlyMap<string, string> {
  let byDir = named.get(tree);
  if (!byDir) named.set(tree, (byDir = new Map()));
  let found = byDir.get(dir);
  if (!found) {
    const texts = [...tree].flatMap(([file, bytes]) =>
      templatePath(dir, file) === null ? [] : [bytes.toString('utf8')],
    );
    byDir.set(dir, (found = namedTemplates(texts)));
  }
  return found;
}

const CONFIG_KIND = /^kind:[ \t]*["']?(ConfigMap|Secret)["']?[ \t]*(?:#.*)?$/m;

/**
 * The ConfigMap and Secret documents of a template (split where helm splits what it renders, at
 * `---` lines), each with its content: the lines from a top-level `data:`, `stringData:` or
 * `binaryData:` to the next top-level key.
 */
function configsOf(template: string): { kind: string; content: string }[] {
  return template.split(/^---[ \t]*$/m).flatMap((document) => {
    const kind = CONFIG_KIND.exec(document)?.[1];
    if (!kind) return [];
    let inside = false;
    const content = document.split('\n').filter((line) => {
      if (/^[A-Za-z_][\w.-]*[ \t]*:/.test(line)) inside = /^(?:data|stringData|binaryData)[ \t]*:/.test(line);
      return inside;
    });
    return [{ kind, content: content.join('\n') }];
  });
}

/** The configs one revision's template has and the other's has not, by content. */
function unmatched<T extends { content: string }>(before: readonly T[], after: readonly T[]): T[] {
  const left = new Map<string, T[]>();
  for (const config of before) {
    const same = left.get(config.content);
    if (same) same.push(config);
    else left.set(config.content, [config]);
  }
  const edited = after.filter((config) => !left.get(config.content)?.pop());
  return [...edited, ...[...left.values()].flat()];
}

/** A release whose chart version moves between the revisions: said, with both versions. */
function versionNote({ root, baseRoot }: Builds<ChartRoot>): Diagnostic[] {
  const before = baseRoot?.resolvedVersion;
  const after = root.resolvedVersion;
  if (!root.remote || !before || !after || before === after) return [];
  return [
    {
      file: root.file,
      line: root.declaredBy?.line ?? 1,
      severity: 'notice',
      message: `${root.id}: chart ${root.remote.chart} ${before} → ${after}.`,
    },
  ];
}

function templateText(object: ManifestObject, tree: ReadonlyMap<string, Buffer>): string | null {
  return object.source && object.file.endsWith(CHART_FILE)
    ? null
    : (tree.get(object.file)?.toString('utf8') ?? null);
}

/** Chart.yaml with its version changed and nothing else: a pre-release of the same version. */
export function bumpVersion(chartYaml: string): string | null {
  const at = /^version:[ \t]*["']?([^"'\s#]+)["']?/m.exec(chartYaml);
  if (!at) return null;
  const [, core, pre, build] = /^([^+-]+)(-[^+]*)?(\+.*)?$/.exec(at[1]) ?? [];
  if (!core) return null;
  const version = `${core}${pre ? `${pre}.crgprobe` : '-crgprobe'}${build ?? ''}`;
  return chartYaml.slice(0, at.index) + `version: "${version}"` + chartYaml.slice(at.index + at[0].length);
}
