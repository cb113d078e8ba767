import { posix } from 'node:path';
import { parse } from 'yaml';
import type { ManifestObject } from '../../../model/types.js';
import { field, isRecord } from '../../../model/values.js';
import { argoSources, repoPath, type Refusal, type RenderRoot } from '../tools.js';

export const CHART_FILE = 'Chart.yaml';

/** What a chart's Chart.yaml says that rendering needs. */
export interface Chart {
  dir: string;
  file: string;
  name: string;
  version: string;
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
  /** Flux `valuesFrom`: merged before the inline values, once read from the repository. */
  valuesFrom: ValuesFrom[];
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

export function readChart(file: string, text: string): Chart | null {
  let body: unknown;
  try {
    body = parse(text, { maxAliasCount: 100 });
  } catch {
    body = null;
  }
  const dir = posix.dirname(file) === '.' ? '' : posix.dirname(file);
  // A Chart.yaml helm cannot read still names a root: rendering it says what is wrong.
  const name = isRecord(body) && typeof body.name === 'string' ? body.name : posix.basename(dir || '.');
  const version = isRecord(body) && body.version !== undefined ? String(body.version) : '';
  return { dir, file, name, version };
}

/**
 * The chart releases at one revision: each chart an Argo CD Application/ApplicationSet or a Flux
 * HelmRelease deploys from this repository, with that object's values; a chart nobody declares
 * renders once with its defaults, named after itself. Subcharts (in another chart's `charts/`) are
 * part of their parent. `only` (from `--root`) replaces discovery.
 */
export function findCharts(
  charts: readonly Chart[],
  controllers: readonly ManifestObject[],
  releases: readonly ChartRelease[],
  filesUnder: (dir: string) => string[],
  only: readonly string[] | null,
): ChartRoot[] {
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
    return {
      id: by ? `${chart.dir || '.'} (${by.kind} ${by.name})` : chart.dir || '.',
      dir: chart.dir,
      file: chart.file,
      closure: new Set([...filesUnder(chart.dir), ...(declaration.valueFiles ?? [])]),
      chart,
      release,
      namespace: declaration.namespace ?? null,
      valueFiles: declaration.valueFiles ?? [],
      values: declaration.values ?? [],
      parameters: declaration.parameters ?? [],
      valuesFrom: declaration.valuesFrom ?? [],
      refused: [...(declaration.refused ?? [])],
      declaredBy: by,
    };
  };
  if (only)
    return only.flatMap((dir) => {
      const chart = byDir.get(dir.replace(/^\.\/|\/$/g, ''));
      return chart ? [make(chart, { declaredBy: null })] : [];
    });
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
  const declared = [...controllers.flatMap(declarations), ...configured].flatMap((d) => {
    const chart = byDir.get(d.dir);
    return chart && top.includes(chart) ? [make(chart, d)] : [];
  });
  const pointedAt = new Set(declared.map((r) => r.dir));
  return [...top.filter((c) => !pointedAt.has(c.dir)).map((c) => make(c, { declaredBy: null })), ...declared];
}

type Declaration = Partial<ChartRoot> & { dir: string; declaredBy: NonNullable<ChartRoot['declaredBy']> };

/** The chart directories an Argo CD or Flux object deploys from this repository, with its values. */
function declarations(object: ManifestObject): Declaration[] {
  const declaredBy = { kind: object.kind, name: object.name, file: object.file, line: object.line };
  const group = object.apiVersion.split('/')[0];
  const argo = argoSources(object);
  if (argo) {
    const { sources, destination } = argo;
    return sources.flatMap((source): Declaration[] => {
      const dir = repoPath(source.path);
      if (dir === null) return [];
      const helm = isRecord(source.helm) ? source.helm : {};
      const inline = typeof helm.values === 'string' ? parseValues(helm.values) : null;
      const parameters = (Array.isArray(helm.parameters) ? helm.parameters : []).filter(isRecord);
      return [
        {
          dir,
          declaredBy,
          release: plain(helm.releaseName) ?? plain(object.kind === 'Application' ? object.name : undefined),
          namespace: plain(destination.namespace),
          // Relative to the chart; `$ref/…` files of another source are outside this repository.
          ...valueFilesOf(strings(helm.valueFiles), (f) => repoPath(posix.join(dir, f))),
          values: [...(inline ? [inline] : []), ...(isRecord(helm.valuesObject) ? [helm.valuesObject] : [])],
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
    const chartSpec = field(spec, 'chart.spec');
    if (!isRecord(chartSpec)) return [];
    const sourceKind = field(chartSpec, 'sourceRef.kind');
    // A HelmRepository or OCI chart is fetched by name; only a GitRepository chart is a path here.
    if (sourceKind !== 'GitRepository') return [];
    const dir = repoPath(chartSpec.chart);
    if (dir === null) return [];
    const target = plain(spec.targetNamespace);
    return [
      {
        dir,
        declaredBy,
        release: plain(spec.releaseName) ?? (target ? `${target}-${object.name}` : object.name),
        namespace: target ?? object.namespace ?? undefined,
        ...valueFilesOf(strings(chartSpec.valuesFiles), repoPath),
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
        reason: 'remote',
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

function parseValues(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = parse(text, { maxAliasCount: 100 });
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

const plain = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' && !value.includes('{{') ? value : undefined;

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : []).filter((x): x is string => typeof x === 'string');

/**
 * The values a `valuesFrom` entry gives, from the ConfigMaps and Secrets defined in the repository:
 * the parsed values document, or the text set at `targetPath` (as `--set path=text`). `null` when
 * the object or its key is not there.
 */
export function valuesFromObject(
  source: ValuesFrom,
  objects: readonly ManifestObject[],
): Record<string, unknown> | null {
  const object = objects.find(
    (o) =>
      o.kind === source.kind &&
      o.name === source.name &&
      (o.namespace === source.namespace || o.namespace === null || source.namespace === null),
  );
  if (!object) return null;
  const field = (name: string) =>
    isRecord(object.body[name]) ? (object.body[name] as Record<string, unknown>) : {};
  const plain = source.kind === 'Secret' ? field('stringData')[source.valuesKey] : undefined;
  const encoded = field('data')[source.valuesKey];
  const text =
    typeof plain === 'string'
      ? plain
      : typeof encoded !== 'string'
        ? null
        : source.kind === 'Secret'
          ? Buffer.from(encoded, 'base64').toString('utf8')
          : encoded;
  if (text === null) return null;
  if (!source.targetPath) return parseValues(text);
  const keys = source.targetPath.split('.');
  let value: Record<string, unknown> = { [keys.pop()!]: text };
  for (const key of keys.reverse()) value = { [key]: value };
  return value;
}
