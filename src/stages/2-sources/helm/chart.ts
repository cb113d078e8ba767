import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { parse, parseAllDocuments } from '../../../model/yaml.js';
import type { ManifestObject } from '../../../model/types.js';
import { valueDigest } from '../../../model/digest.js';
import { field, isRecord } from '../../../model/values.js';
import { trimEnd } from '../../../model/text.js';
import { KUBE_VERSION } from '../../../programs/invocation.js';
import { repoPath } from '../paths.js';
import { argoSources, type Refusal, type RenderRoot } from '../tools.js';
import { gitChart, httpChart, ociChart, repositoryKey, type RemoteChart } from '../remote/sources.js';
import { fluxPostRender, type PostRender } from './post-render.js';
import type { ControllerIndex } from '../controllers.js';

export const CHART_FILE = 'Chart.yaml';
const CHART_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** What a chart's Chart.yaml says that rendering needs. */
export interface Chart {
  dir: string;
  file: string;
  name: string;
  version: string;
  /** Dependencies in a chart repository or registry (versions as Chart.lock pins them), fetched when not vendored in `charts/`. */
  dependencies: RemoteChart[];
  /**
   * Dependencies kept in this repository (`repository: file://…`), copied into `charts/` as `helm
   * dependency build` copies them: `dir` their chart's directory, null when the path leaves the repository.
   */
  local: LocalDependency[];
  /** `type: library`: templates other charts include; helm installs nothing of it on its own. */
  library: boolean;
}

/**
 * Whether a chart's `charts/` (of these repository paths) holds dependency `name`: unpacked, as a
 * symbolic link, or as the archive `helm dependency build` writes.
 */
export function holds(paths: Iterable<string>, charts: string, name: string): boolean {
  const archive = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-v?\\d[^/]*\\.tgz$`);
  for (const path of paths)
    if (
      path === `${charts}/${name}` ||
      path.startsWith(`${charts}/${name}/`) ||
      (path.startsWith(`${charts}/`) && archive.test(path.slice(charts.length + 1)))
    )
      return true;
  return false;
}

/** A chart of this repository rendered as a dependency: its directory, and its place in the chart (`charts/NAME`, nested). */
export interface LocalChart {
  dir: string;
  at: string;
  /** What the chart that keeps it says of it: the dependency it is, with its version constraint. */
  dependency: LocalDependency;
  /** The version its own Chart.yaml gives. */
  version: string;
}

export interface LocalDependency {
  name: string;
  /** As Chart.yaml writes it, for messages. */
  repository: string;
  dir: string | null;
  /** The version constraint Chart.yaml gives it, as written; null where it gives none. */
  constraint: string | null;
}

/** One release of a chart in this repository: the chart, and the values a controller renders it with. */
export interface ChartRoot extends RenderRoot {
  chart: Chart;
  release: string;
  /** `--namespace`: the controller's target namespace; `null` renders as Helm's `default`. */
  namespace: string | null;
  /** Values files after the chart's own values.yaml, in order, as repository paths. */
  valueFiles: string[];
  /** Inline values of the declaration (Argo CD `values`/`valuesObject`, Flux `spec.values`), after the files. */
  values: Record<string, unknown>[];
  /** Argo CD `helm.parameters`: `--set`, or `--set-string` when `forceString`. */
  parameters: { name: string; value: string; string: boolean }[];
  /** The Kubernetes version it renders for: Argo CD's `helm.kubeVersion`, else the base configuration's `kube-version`. */
  kubeVersion: string | null;
  /** Flux `valuesFrom`: merged before the inline values, once read from the repository. */
  valuesFrom: ValuesFrom[];
  /** Repository files a `valuesFrom` source takes whole as its values: a kustomize generator's input. */
  valuesFromFiles: string[];
  /** The charts of this repository it keeps as dependencies, and where in the chart each is copied. */
  local: LocalChart[];
  /**
   * Its own dependencies kept here that it does not vendor in `charts/` (a directory, a link or an
   * archive): what `helm dependency build` copies, which Argo CD and Flux run for it.
   */
  unvendored: LocalChart[];
  /** A chart from a Helm repository or an OCI registry; null for a chart in this repository. */
  remote: RemoteChart | null;
  /** Values files inside a remote chart (Argo CD `valueFiles` relative to the chart). */
  chartValueFiles: string[];
  /** The version a remote chart resolved to when it was fetched for a render. */
  resolvedVersion: string | null;
  /** Flux `postRenderers`: kustomize patches and images over helm's output. */
  postRender: PostRender | null;
}

/** One Flux `valuesFrom` entry: values kept in a ConfigMap or Secret beside the HelmRelease. */
export interface ValuesFrom {
  kind: 'ConfigMap' | 'Secret';
  name: string;
  namespace: string | null;
  valuesKey: string;
  targetPath: string | null;
  optional: boolean;
}

/** A release the configuration file declares: a chart rendered once more, with these values. */
export interface ChartRelease {
  path: string;
  release?: string;
  namespace?: string;
  values?: string[];
  declaredAt: { file: string; line: number };
}

/** The files beside a chart's Chart.yaml that name its dependencies: the lock, and Helm 2's pair. */
export const DEPENDENCY_FILES = ['Chart.lock', 'requirements.yaml', 'requirements.lock'] as const;

/**
 * `beside`: the texts of DEPENDENCY_FILES in the chart's directory (null when absent). As helm
 * loads a chart, a `requirements.yaml` (Helm 2 charts, still rendered by Helm 3) replaces the
 * dependencies of Chart.yaml, and `requirements.lock` pins them when there is no Chart.lock.
 */
export function readChart(
  file: string,
  text: string,
  beside: Partial<Record<(typeof DEPENDENCY_FILES)[number], string | null>> = {},
): Chart | null {
  const read = (t: string | null | undefined) => {
    try {
      return t === null || t === undefined ? null : (parse(t, { maxAliasCount: 100 }) as unknown);
    } catch {
      return null;
    }
  };
  const body = read(text);
  const dir = posix.dirname(file) === '.' ? '' : posix.dirname(file);
  // A Chart.yaml helm cannot read still names a root: rendering it says what is wrong.
  const name = isRecord(body) && typeof body.name === 'string' ? body.name : posix.basename(dir || '.');
  const version = isRecord(body) && body.version !== undefined ? String(body.version) : '';
  const entries = (doc: unknown) =>
    isRecord(doc) && Array.isArray(doc.dependencies) ? doc.dependencies.filter(isRecord) : null;
  const lock = read(beside['Chart.lock']) ?? read(beside['requirements.lock']);
  const locked = (dep: string) => (entries(lock) ?? []).find((d) => d.name === dep)?.version;
  const declared = entries(read(beside['requirements.yaml'])) ?? entries(body) ?? [];
  const dependencies = declared.flatMap((d): RemoteChart[] => {
    if (typeof d.name !== 'string' || typeof d.repository !== 'string') return [];
    const pinned = locked(d.name) ?? d.version;
    const v = pinned === undefined ? null : String(pinned);
    if (d.repository.startsWith('oci://'))
      return [ociChart(`${trimEnd(d.repository, '/')}/${d.name}`, v, null, false)];
    if (/^https?:\/\//.test(d.repository)) return [httpChart(d.repository, d.name, v)];
    return [];
  });
  // A path from the chart's directory; an absolute one, or one that climbs out, is not the repository's.
  const local = declared.flatMap((d): LocalDependency[] => {
    if (typeof d.name !== 'string' || typeof d.repository !== 'string' || !d.repository.startsWith('file://'))
      return [];
    const path = d.repository.slice('file://'.length);
    return [
      {
        name: d.name,
        repository: d.repository,
        dir: path.startsWith('/') ? null : repoPath(posix.join(dir, path)),
        constraint: d.version === undefined || d.version === null ? null : String(d.version),
      },
    ];
  });
  const library = isRecord(body) && body.type === 'library';
  return { dir, file, name, version, dependencies, local, library };
}

/**
 * The charts of this repository a chart renders with: its own directory, and each dependency it
 * keeps here with where in the chart `helm dependency build` would copy it (theirs in turn); a
 * dependency outside the repository, or not a chart, is refused.
 */
function localCharts(
  chart: Chart,
  byDir: ReadonlyMap<string, Chart>,
): { dirs: string[]; copies: LocalChart[]; refused: Refusal[] } {
  const copies: LocalChart[] = [];
  const refused: Refusal[] = [];
  const walk = (from: Chart, into: string, seen: readonly string[]) => {
    for (const dependency of from.local) {
      const { dir, name, repository } = dependency;
      const found = dir === null ? undefined : byDir.get(dir);
      // The name becomes a directory of the render tree: a chart name, never a path.
      if (!CHART_NAME.test(name))
        refused.push({
          reason: 'refused',
          message: `its dependency ${JSON.stringify(name)} is not a chart name`,
        });
      else if (dir === null)
        refused.push({
          reason: 'refused',
          message: `its dependency ${name} is at ${repository}, outside the repository, which this check never reads`,
        });
      else if (!found)
        refused.push({
          reason: 'missing-input',
          message: `its dependency ${name} (${repository}) is not a chart of this repository`,
        });
      else if (!seen.includes(dir)) {
        const at = posix.join(into, 'charts', name);
        copies.push({ dir, at, dependency, version: found.version });
        walk(found, at, [...seen, dir]);
      }
    }
  };
  walk(chart, '', [chart.dir]);
  return { dirs: [chart.dir, ...copies.map((c) => c.dir)], copies, refused };
}

/**
 * The chart releases at one revision: each chart an Argo CD Application/ApplicationSet or a Flux
 * HelmRelease deploys from this repository, with that object's values; a chart nobody declares
 * renders once with its defaults, named after itself; a library chart nobody declares is set aside.
 * Subcharts (in another chart's `charts/`) are part of their parent. `only` (from `--root`) replaces
 * discovery.
 */
function findCharts(
  charts: readonly Chart[],
  controllers: readonly ManifestObject[],
  releases: readonly ChartRelease[],
  filesUnder: (dir: string) => string[],
  only: readonly string[] | null,
  /** This repository's own URLs (its git remotes, as `repositoryKey`s): Argo CD multi-source `$ref` values files, Flux GitRepositories of this repository. */
  ownUrls: ReadonlySet<string>,
): { roots: ChartRoot[]; setAside: ChartRoot[] } {
  const byDir = new Map(charts.map((c) => [c.dir, c]));
  const top = charts.filter(
    (c) =>
      !charts.some(
        (parent) => parent !== c && c.dir.startsWith(`${parent.dir ? `${parent.dir}/` : ''}charts/`),
      ),
  );
  const make = (chart: Chart, declaration: Partial<ChartRoot> & Pick<ChartRoot, 'declaredBy'>): ChartRoot => {
    const release = declaration.release ?? chart.name;
    const by = declaration.declaredBy;
    const { dirs, copies, refused } = localCharts(chart, byDir);
    const charts = posix.join(chart.dir, 'charts');
    return {
      id: by ? `${chart.dir || '.'} (${by.kind} ${by.name})` : chart.dir || '.',
      dir: chart.dir,
      file: chart.file,
      closure: new Set([...dirs.flatMap(filesUnder), ...(declaration.valueFiles ?? [])]),
      chart,
      release,
      namespace: declaration.namespace ?? null,
      valueFiles: declaration.valueFiles ?? [],
      values: declaration.values ?? [],
      parameters: declaration.parameters ?? [],
      kubeVersion: declaration.kubeVersion ?? null,
      valuesFrom: declaration.valuesFrom ?? [],
      valuesFromFiles: [],
      refused: [...refused, ...(declaration.refused ?? [])],
      declaredBy: by,
      local: copies,
      unvendored: copies.filter(
        ({ at, dependency }) =>
          at === posix.join('charts', dependency.name) && !holds(filesUnder(charts), charts, dependency.name),
      ),
      remote: null,
      chartValueFiles: [],
      resolvedVersion: null,
      postRender: declaration.postRender ?? null,
    };
  };
  // A chart from a repository or registry: the declaring object (and the source objects it names)
  // is its closure in this repository; the chart itself is fetched when the root is rendered.
  const remote = (d: Declaration & { remote: RemoteChart }): ChartRoot => {
    const by = d.declaredBy;
    const namespace = d.namespace ?? null;
    return {
      id: `${d.remote.chart} (${by.kind} ${namespace && by.kind === 'HelmRelease' ? `${namespace}/` : ''}${by.name})`,
      dir: '',
      file: by.file,
      closure: new Set([by.file, ...(d.sourceFiles ?? []), ...(d.valueFiles ?? [])]),
      chart: {
        dir: '',
        file: by.file,
        name: d.remote.chart,
        version: d.remote.version ?? '',
        dependencies: [],
        local: [],
        library: false,
      },
      release: d.release ?? by.name,
      namespace,
      valueFiles: d.valueFiles ?? [],
      values: d.values ?? [],
      parameters: d.parameters ?? [],
      kubeVersion: d.kubeVersion ?? null,
      valuesFrom: d.valuesFrom ?? [],
      valuesFromFiles: [],
      refused: [...(d.refused ?? [])],
      declaredBy: by,
      local: [],
      unvendored: [],
      remote: d.remote,
      chartValueFiles: d.chartValueFiles ?? [],
      resolvedVersion: null,
      postRender: d.postRender ?? null,
    };
  };
  if (only)
    return {
      roots: only.flatMap((dir) => {
        const chart = byDir.get(dir.replace(/^\.\/|\/$/g, ''));
        return chart ? [make(chart, { declaredBy: null })] : [];
      }),
      setAside: [],
    };
  const configured = releases.flatMap((r): Declaration[] => {
    const dir = repoPath(r.path);
    if (dir === null) return [];
    const release = r.release ?? byDir.get(dir)?.name ?? posix.basename(dir);
    return [
      {
        dir,
        declaredBy: { kind: 'release', name: release, ...r.declaredAt },
        release,
        namespace: r.namespace,
        valueFiles: (r.values ?? []).flatMap((f) => repoPath(f) ?? []),
      },
    ];
  });
  const sources = controllers.filter((o) => o.apiVersion.startsWith('source.toolkit.fluxcd.io/'));
  const releasesOf = (o: ManifestObject) => declarations(o, sources, ownUrls, (dir) => byDir.has(dir));
  const declared = [...controllers.flatMap(releasesOf), ...configured].flatMap((d) => {
    if (d.remote) return [remote({ ...d, remote: d.remote })];
    const chart = byDir.get(d.dir);
    return chart && top.includes(chart) ? [make(chart, d)] : [];
  });
  const pointedAt = new Set(declared.filter((r) => !r.remote).map((r) => r.dir));
  // A library chart nobody declares deploys nothing (bitnami's `common`): set aside, its files are
  // still a chart's, never manifests. One a release names is rendered, and helm says why it cannot be.
  const undeclared = top.filter((c) => !pointedAt.has(c.dir)).map((c) => make(c, { declaredBy: null }));
  return {
    roots: [...undeclared.filter((r) => !r.chart.library), ...declared],
    setAside: undeclared.filter((r) => r.chart.library),
  };
}

/**
 * The chart releases at one revision that a change of `changed` can touch (every one when null):
 * the charts are all known, and only the Argo CD and Flux objects that can make such a release are
 * read (`ControllerIndex.releasing`). What a release found reads is what a whole discovery says;
 * `reads` answers for any other file, from the objects that can name it, once the closures are
 * complete (`valuesFrom` adds to them after discovery; every release with one is found).
 */
export function chartReleases(
  charts: readonly Chart[],
  index: ControllerIndex,
  changed: ReadonlySet<string> | null,
  releases: readonly ChartRelease[],
  filesUnder: (dir: string) => string[],
  only: readonly string[] | null,
  ownUrls: ReadonlySet<string>,
): { roots: ChartRoot[]; setAside: ChartRoot[]; reads?: (path: string) => boolean } {
  const find = (objects: ManifestObject[]) =>
    findCharts(
      charts,
      objects.filter((o) => o.kind !== 'Kustomization'),
      releases,
      filesUnder,
      only,
      ownUrls,
    );
  if (changed === null || only !== null) return find(index.all());
  const byDir = new Map(charts.map((c) => [c.dir, c]));
  const touched = charts.filter((c) =>
    localCharts(c, byDir).dirs.some((dir) => [...changed].some((p) => dir === '' || p.startsWith(`${dir}/`))),
  );
  const found = find(
    index.releasing(
      changed,
      touched.map((c) => c.dir),
    ),
  );
  let read: Set<string> | null = null;
  const answers = new Map<string, boolean>();
  const reads = (path: string) => {
    let answer = answers.get(path);
    if (answer === undefined) {
      // Every chart is a root, declared or not (one nobody declares renders with its defaults), so
      // a chart's files are among these closures.
      read ??= new Set([...found.roots, ...found.setAside].flatMap((r) => [...r.closure]));
      answer = read.has(path);
      if (!answer) {
        const alone = find(index.releasing(new Set([path]), []));
        answer = [...alone.roots, ...alone.setAside].some((r) => r.closure.has(path));
      }
      answers.set(path, answer);
    }
    return answer;
  };
  return { ...found, reads };
}

type Declaration = Partial<ChartRoot> & {
  dir: string;
  declaredBy: NonNullable<ChartRoot['declaredBy']>;
  /** Files of the Flux source objects it names: a tag bump there touches the release. */
  sourceFiles?: string[];
};

/**
 * The charts an Argo CD or Flux object deploys, with its values: a directory of this repository, or
 * a chart from a Helm repository or OCI registry (`remote`).
 */
function declarations(
  object: ManifestObject,
  sources: readonly ManifestObject[],
  ownUrls: ReadonlySet<string>,
  isChartHere: (dir: string) => boolean,
): Declaration[] {
  const declaredBy = { kind: object.kind, name: object.name, file: object.file, line: object.line };
  const group = object.apiVersion.split('/')[0];
  const argo = argoSources(object);
  if (argo) {
    const { sources: appSources, destination } = argo;
    // Multi-source: a `ref` source is where `$ref/…` values files come from.
    const refs = new Map(
      appSources.flatMap((s) =>
        typeof s.ref === 'string' && typeof s.repoURL === 'string' ? [[s.ref, s] as const] : [],
      ),
    );
    return appSources.flatMap((source): Declaration[] => {
      const remoteChart =
        typeof source.chart === 'string' && typeof source.repoURL === 'string' ? argoChart(source) : null;
      // An ApplicationSet's template may name its chart by generator parameters: which chart, from
      // where and at which version is known only once Argo CD has generated the Applications.
      const templated = [source.repoURL, source.chart, source.targetRevision].find(
        (v) => typeof v === 'string' && v.includes('{{'),
      );
      if (remoteChart && templated !== undefined)
        return [
          {
            dir: '',
            declaredBy,
            remote: remoteChart,
            refused: [
              {
                reason: 'unsupported',
                message: `its chart is named by generator parameters (${String(templated)}), which only Argo CD resolves; the Applications it generates are not checked`,
              },
            ],
          },
        ];
      const dir = remoteChart ? '' : repoPath(source.path);
      if (dir === null) return [];
      const helm = isRecord(source.helm) ? source.helm : {};
      const inline = typeof helm.values === 'string' ? parseValues(helm.values) : null;
      const parameters = (Array.isArray(helm.parameters) ? helm.parameters : []).filter(isRecord);
      const files = strings(helm.valueFiles);
      // Argo CD passes it to helm as written; here it must read as a version before it reaches an argv.
      const kubeVersion = plain(helm.kubeVersion);
      const versioned = kubeVersion === undefined || KUBE_VERSION.test(kubeVersion);
      const fromRef = (f: string) => {
        const [ref, ...rest] = f.slice(1).split('/');
        const other = refs.get(ref);
        const own = other && ownUrls.has(repositoryKey(String(other.repoURL)));
        return own ? repoPath(posix.join(String(other.path ?? ''), rest.join('/'))) : null;
      };
      const values = valueFilesOf(
        files.filter((f) => f.startsWith('$') || !remoteChart),
        (f) => (f.startsWith('$') ? fromRef(f) : repoPath(posix.join(dir, f))),
      );
      return [
        {
          dir,
          declaredBy,
          release: plain(helm.releaseName) ?? plain(object.kind === 'Application' ? object.name : undefined),
          namespace: plain(destination.namespace),
          ...values,
          // A remote chart's own values files are named relative to the chart.
          ...(remoteChart
            ? { remote: remoteChart, chartValueFiles: files.filter((f) => !f.startsWith('$')) }
            : {}),
          values: [...(inline ? [inline] : []), ...(isRecord(helm.valuesObject) ? [helm.valuesObject] : [])],
          ...(versioned ? { kubeVersion } : {}),
          refused: [
            ...values.refused,
            ...(versioned
              ? []
              : [
                  {
                    reason: 'refused' as const,
                    message: `its helm.kubeVersion ${JSON.stringify(kubeVersion)} is not a Kubernetes version`,
                  },
                ]),
          ],
          parameters: parameters.flatMap((p) =>
            typeof p.name === 'string'
              ? [{ name: p.name, value: String(p.value ?? ''), string: p.forceString === true }]
              : [],
          ),
        },
      ];
    });
  }
  if (group === 'helm.toolkit.fluxcd.io' && object.kind === 'HelmRelease') {
    const spec = isRecord(object.body.spec) ? object.body.spec : {};
    const chart = fluxChart(object, spec, sources, ownUrls, isChartHere);
    if (chart === null) return [];
    const target = plain(spec.targetNamespace);
    return [
      {
        dir: chart.dir ?? '',
        declaredBy,
        ...(chart.remote ? { remote: chart.remote } : {}),
        sourceFiles: chart.files,
        release: plain(spec.releaseName) ?? (target ? `${target}-${object.name}` : object.name),
        namespace: target ?? object.namespace ?? undefined,
        ...valueFilesOf(chart.dir === null ? [] : chart.valuesFiles, repoPath),
        refused: chart.refused,
        postRender: fluxPostRender(spec),
        values: isRecord(spec.values) ? [spec.values] : [],
        valuesFrom: (Array.isArray(spec.valuesFrom) ? spec.valuesFrom : [])
          .filter(isRecord)
          .flatMap((v): ValuesFrom[] =>
            (v.kind === 'ConfigMap' || v.kind === 'Secret') && typeof v.name === 'string'
              ? [
                  {
                    kind: v.kind,
                    name: v.name,
                    namespace: object.namespace,
                    valuesKey: typeof v.valuesKey === 'string' ? v.valuesKey : 'values.yaml',
                    targetPath: typeof v.targetPath === 'string' ? v.targetPath : null,
                    optional: v.optional === true,
                  },
                ]
              : [],
          ),
      },
    ];
  }
  return [];
}

/** An Argo CD chart source: `repoURL` an HTTP(S) chart repository, or an OCI registry (with or without `oci://`). */
function argoChart(source: Record<string, unknown>): RemoteChart {
  const url = String(source.repoURL);
  const chart = String(source.chart);
  const revision = plain(source.targetRevision);
  const version = revision === undefined || revision === '*' || revision === 'HEAD' ? null : revision;
  return /^https?:\/\//i.test(url)
    ? httpChart(url, chart, version)
    : ociChart(`${trimEnd(url, '/')}/${chart}`, version, null, false);
}

/**
 * Where a Flux HelmRelease's chart comes from: a path of this repository (`sourceRef: GitRepository`),
 * or a chart in a HelmRepository (HTTP or OCI) or OCIRepository, found among the repository's Flux
 * source objects (`chart.spec.sourceRef`, `chartRef` to an OCIRepository or a HelmChart).
 */
function fluxChart(
  release: ManifestObject,
  spec: Record<string, unknown>,
  sources: readonly ManifestObject[],
  ownUrls: ReadonlySet<string>,
  isChartHere: (dir: string) => boolean,
): {
  dir: string | null;
  remote?: RemoteChart;
  valuesFiles: string[];
  files: string[];
  refused: Refusal[];
} | null {
  // Flux looks a source up in the release's namespace. Where the file does not say it (the
  // kustomization or Flux Kustomization that deploys the release sets it), the source nearest the
  // release's file: a namespace is set per directory, and home-labs keep a copy of a shared source
  // (app-template) in every namespace's directory.
  const find = (ref: unknown) => {
    if (!isRecord(ref) || typeof ref.kind !== 'string' || typeof ref.name !== 'string') return undefined;
    const namespace = typeof ref.namespace === 'string' ? ref.namespace : release.namespace;
    const named = sources.filter(
      (o) =>
        o.kind === ref.kind &&
        o.name === ref.name &&
        (o.namespace === namespace || o.namespace === null || namespace === null),
    );
    const shared = (o: ManifestObject) => commonDirs(o.file, release.file);
    return (
      named.find((o) => namespace !== null && o.namespace === namespace) ??
      named.reduce<ManifestObject | undefined>(
        (best, o) => (!best || shared(o) > shared(best) ? o : best),
        undefined,
      )
    );
  };
  const missing = (ref: unknown): Refusal => ({
    reason: 'missing-input',
    message: `its chart source ${isRecord(ref) ? `${String(ref.kind)} ${String(ref.name)}` : ''} is not defined in this repository`,
  });
  const fromSpec = (chartSpec: Record<string, unknown>, extra: string[]) => {
    // No chart named: a fragment an overlay patches a release with (`version:` only), not a release.
    if (typeof chartSpec.chart !== 'string' || chartSpec.chart === '') return null;
    const ref = chartSpec.sourceRef;
    const valuesFiles = strings(chartSpec.valuesFiles);
    // Flux reads no version of a chart in a git repository.
    const inGit = isRecord(ref) && ref.kind === 'GitRepository';
    const variable = fluxVariable({
      chart: chartSpec.chart,
      ...(inGit ? {} : { version: chartSpec.version }),
    });
    if (variable)
      return {
        dir: null,
        remote: httpChart('', chartSpec.chart, null),
        valuesFiles,
        files: extra,
        refused: [variable],
      };
    if (inGit) {
      const dir = repoPath(chartSpec.chart);
      if (dir === null) return null;
      // A GitRepository of another repository: its chart is fetched from there, at the ref it names.
      const git = find(ref);
      const gitSpec = git && isRecord(git.body.spec) ? git.body.spec : {};
      const url = typeof gitSpec.url === 'string' ? gitSpec.url : '';
      if (!git || !url || ownUrls.has(repositoryKey(url)) || isChartHere(dir))
        return { dir, valuesFiles, files: extra, refused: [] };
      const at = isRecord(gitSpec.ref) ? gitSpec.ref : {};
      const files = [...extra, git.file];
      // Flux reads the ref fields in this order: commit, name, semver, tag, branch.
      const remote = gitChart(
        url,
        plain(at.commit) ?? plain(at.name) ?? plain(at.tag) ?? plain(at.branch) ?? null,
        dir,
      );
      return typeof at.semver === 'string' && !at.commit && !at.name
        ? {
            dir: null,
            remote,
            valuesFiles,
            files,
            refused: [
              {
                reason: 'unsupported' as const,
                message: `its GitRepository ${git.name} takes a semver range of tags, which this check does not resolve`,
              },
            ],
          }
        : { dir: null, remote, valuesFiles, files, refused: [] };
    }
    const source = find(ref);
    const chart = typeof chartSpec.chart === 'string' ? chartSpec.chart : '';
    const version = plain(chartSpec.version) ?? null;
    // Without its source the release is still a root, said not checked, never left out.
    const unknown = httpChart('', chart, version);
    if (!source) return { dir: null, remote: unknown, valuesFiles, files: extra, refused: [missing(ref)] };
    const sourceSpec = isRecord(source.body.spec) ? source.body.spec : {};
    const url = typeof sourceSpec.url === 'string' ? sourceSpec.url : '';
    const insecure = sourceSpec.insecure === true;
    const files = [...extra, source.file];
    if (source.kind !== 'HelmRepository')
      return {
        dir: null,
        remote: unknown,
        valuesFiles,
        files,
        refused: [
          source.kind === 'OCIRepository'
            ? {
                reason: 'render-failed' as const,
                message: `its chart.spec.sourceRef names an OCIRepository, which Flux accepts only as spec.chartRef`,
              }
            : {
                reason: 'unsupported' as const,
                message: `its chart comes from a ${source.kind}, which this check does not fetch`,
              },
        ],
      };
    const unsubstituted = fluxVariable({ 'repository URL': url });
    if (unsubstituted) return { dir: null, remote: unknown, valuesFiles, files, refused: [unsubstituted] };
    const remote =
      sourceSpec.type === 'oci' || url.startsWith('oci://')
        ? ociChart(`${trimEnd(url, '/')}/${chart}`, version === '*' ? null : version, null, insecure)
        : httpChart(url, chart, version === '*' ? null : version, insecure);
    return { dir: null, remote, valuesFiles, files, refused: [] };
  };
  const chartRef = spec.chartRef;
  if (isRecord(chartRef)) {
    const source = find(chartRef);
    const unknown = httpChart('', String(chartRef.name ?? ''), null);
    if (!source)
      return { dir: null, remote: unknown, valuesFiles: [], files: [], refused: [missing(chartRef)] };
    const sourceSpec = isRecord(source.body.spec) ? source.body.spec : {};
    if (source.kind === 'HelmChart') return fromSpec(sourceSpec, [source.file]);
    if (source.kind !== 'OCIRepository')
      return {
        dir: null,
        remote: unknown,
        valuesFiles: [],
        files: [source.file],
        refused: [
          {
            reason: 'unsupported',
            message: `its chartRef names a ${source.kind}, which this check does not fetch`,
          },
        ],
      };
    const ref = isRecord(sourceSpec.ref) ? sourceSpec.ref : {};
    const variable = fluxVariable({
      URL: sourceSpec.url,
      tag: ref.tag,
      semver: ref.semver,
      digest: ref.digest,
    });
    if (variable)
      return { dir: null, remote: unknown, valuesFiles: [], files: [source.file], refused: [variable] };
    const remote = ociChart(
      String(sourceSpec.url ?? ''),
      plain(ref.semver) ?? plain(ref.tag) ?? null,
      plain(ref.digest) ?? null,
      sourceSpec.insecure === true,
    );
    return { dir: null, remote, valuesFiles: [], files: [source.file], refused: [] };
  }
  const chartSpec = field(spec, 'chart.spec');
  return isRecord(chartSpec) ? fromSpec(chartSpec, []) : null;
}

/**
 * A field that names a Flux release's chart and holds a post-build variable (`${version}`): Flux
 * substitutes it from the deploying Kustomization's `postBuild`, which this check does not, so
 * the chart it would fetch is unknown.
 */
function fluxVariable(fields: Record<string, unknown>): Refusal | null {
  for (const [label, value] of Object.entries(fields))
    if (typeof value === 'string' && spellsVariable(value))
      return {
        reason: 'missing-input',
        message: `its chart ${label} ${value} is a Flux post-build variable, which this check does not substitute`,
      };
  return null;
}

/** `${` closed by a later `}`, found by position: /\$\{[^}]*\}/ took the square of a run of `${` (model/text.ts). */
export function spellsVariable(value: string): boolean {
  const open = value.indexOf('${');
  return open >= 0 && value.includes('}', open + 2);
}

/** How many leading directories two files share. */
function commonDirs(a: string, b: string): number {
  const [x, y] = [posix.dirname(a).split('/'), posix.dirname(b).split('/')];
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n] && x[n] !== '.') n++;
  return n;
}

const isUrl = (f: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(f);

/** Values files as repository paths; one that is not here (another source's, a URL, an escape) leaves the release unrendered, said. */
function valueFilesOf(
  files: readonly string[],
  path: (file: string) => string | null,
): { valueFiles: string[]; refused: Refusal[] } {
  const valueFiles: string[] = [];
  const refused: Refusal[] = [];
  for (const f of files) {
    const p = isUrl(f) ? null : path(f);
    if (p !== null) valueFiles.push(p);
    else if (isUrl(f))
      refused.push({
        reason: 'unsupported',
        message: `values file ${f} is fetched over the network, which this check does not do for it`,
      });
    else if (f.startsWith('$'))
      refused.push({
        reason: 'missing-input',
        message: `values file ${f} comes from another source of the Application, which this check does not read`,
      });
    else
      refused.push({
        reason: 'refused',
        message: `values file ${f} is outside the repository, which is never read`,
      });
  }
  return { valueFiles, refused };
}

/**
 * The line of the `---` after which a values text goes on with a document that is not empty, which
 * helm ignores (it reads the first); null when there is none.
 */
export function ignoredValuesLine(text: string): number | null {
  if (!/^---/m.test(text)) return null;
  const later = parseAllDocuments(text)
    .slice(1)
    .find((doc) => doc.contents !== null);
  if (!later?.contents) return null;
  const before = text.slice(0, later.contents.range[0]).split('\n');
  let line = before.length - 1;
  while (line > 0 && !before[line].startsWith('---')) line--;
  return line + 1;
}

/**
 * Helm values from YAML text, read as helm reads a values file: its first document only (what
 * follows a `---` is ignored, by Flux's `valuesFrom` too). A document that is empty or only
 * comments sets none; one that is not a map, null.
 */
export function parseValues(text: string): Record<string, unknown> | null {
  const [first] = parseAllDocuments(text);
  if (!first) return {};
  if (first.errors.length) return null;
  try {
    const value: unknown = first.toJS({ maxAliasCount: 100 });
    return value === null || value === undefined ? {} : isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

const plain = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' && !value.includes('{{') ? value : undefined;

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : []).filter((x): x is string => typeof x === 'string');

/**
 * Where a `valuesFrom` source's values are kept out of the repository's plain text: encrypted in
 * it (SOPS, a SealedSecret) or made in the cluster from an external store (an ExternalSecret).
 */
export interface HiddenValues {
  /** The object that holds them, or has them made. */
  holder: ManifestObject;
  /** For a message: "is encrypted with SOPS", "is sealed by SealedSecret x", … */
  how: string;
  encrypted: boolean;
  /** What the values change with: their ciphertext, or the ExternalSecret's spec. */
  version: string;
}

/**
 * The values a `valuesFrom` entry gives, from the ConfigMaps and Secrets defined in the repository:
 * the parsed values document (none for an empty one, as Flux merges nothing), or the text set at
 * `targetPath` (as `--set path=text`); `missing` when the object is not there, the object that
 * `lacks` the key, `not a map` when the document holds something else (Flux fails the release for
 * these two), and what hides them when they are encrypted or made in the cluster.
 */
export function valuesFromObject(
  source: ValuesFrom,
  objects: readonly ManifestObject[],
  /** `parseValues`, or one that remembers its answers (the parsed map is never changed). */
  parse: (file: string, text: string) => Record<string, unknown> | null,
):
  | { values: Record<string, unknown> }
  | { hidden: HiddenValues }
  | { lacks: ManifestObject }
  | 'missing'
  | 'not a map' {
  const named = (kind: string, name: (o: ManifestObject) => unknown = (o) => o.name) =>
    objects.find(
      (o) =>
        o.kind === kind &&
        name(o) === source.name &&
        (o.namespace === source.namespace || o.namespace === null || source.namespace === null),
    );
  const object = named(source.kind);
  if (!object) return hiddenValues(source, named) ?? 'missing';
  const entry = (name: string) =>
    isRecord(object.body[name]) ? object.body[name][source.valuesKey] : undefined;
  const plain = source.kind === 'Secret' ? entry('stringData') : undefined;
  const encoded = entry('data');
  const raw = typeof plain === 'string' ? plain : typeof encoded === 'string' ? encoded : null;
  if (raw === null) return { lacks: object };
  if (isRecord(object.body.sops) && raw.startsWith('ENC['))
    return { hidden: { holder: object, how: 'is encrypted with SOPS', encrypted: true, version: raw } };
  const text = raw === plain || source.kind !== 'Secret' ? raw : Buffer.from(raw, 'base64').toString('utf8');
  if (source.targetPath) return { values: atPath(source.targetPath, text) };
  const values = parse(object.file, text);
  return values ? { values } : 'not a map';
}

/**
 * The Secret a SealedSecret or an ExternalSecret makes in the cluster, when one here does; or the
 * SealedSecret that seals no such key.
 */
function hiddenValues(
  source: ValuesFrom,
  named: (kind: string, name?: (o: ManifestObject) => unknown) => ManifestObject | undefined,
): { hidden: HiddenValues } | { lacks: ManifestObject } | null {
  if (source.kind !== 'Secret') return null;
  const sealed = named('SealedSecret');
  if (sealed) {
    const value = field(sealed.body, 'spec.encryptedData');
    const text = isRecord(value) ? value[source.valuesKey] : undefined;
    return typeof text !== 'string'
      ? { lacks: sealed }
      : {
          hidden: {
            holder: sealed,
            how: `is sealed by SealedSecret ${sealed.name}`,
            encrypted: true,
            version: text,
          },
        };
  }
  const external = named('ExternalSecret', (o) => field(o.body, 'spec.target.name') ?? o.name);
  if (!external) return null;
  return {
    hidden: {
      holder: external,
      how: `is made in the cluster by ExternalSecret ${external.name}`,
      encrypted: false,
      version: valueDigest(external.body.spec),
    },
  };
}

/** A text set at a dotted `targetPath`, as a map of values. */
export function atPath(targetPath: string, text: string): Record<string, unknown> {
  const keys = targetPath.split('.');
  let value: Record<string, unknown> = { [keys.pop()!]: text };
  for (const key of keys.reverse()) value = { [key]: value };
  return value;
}

/**
 * The text a `targetPath` value is rendered with when the repository does not hold it: a name
 * safe wherever a template puts it, the same at both revisions unless what holds it changed.
 */
export function standIn(source: ValuesFrom, version: string): string {
  const digest = createHash('sha256').update(`${source.kind}\0${source.valuesKey}\0${version}`).digest('hex');
  return `${source.kind.toLowerCase()}-${source.name}-${digest.slice(0, 10)}`;
}
