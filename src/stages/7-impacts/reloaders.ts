import { posix } from 'node:path';
import type { RE2JS } from 're2js';
import type { ConfigIndex } from '../../model/identity.js';
import type { ConfigKind, ConfigRef, ManifestObject, ObjectId } from '../../model/types.js';
import { field, isRecord } from '../../model/values.js';
import type { Consumer, ConsumingTemplate } from '../5-references/consumers.js';
import { groupBy } from '../../model/collections.js';
import { parse } from '../../model/yaml.js';

/** The workload annotation by which a team opts a workload (or a config) out, with the reason as value. */
export const IGNORE_ANNOTATION = 'config-rollout-guard/ignore';
/** The workload annotation by which a team says its application re-reads mounted config files. */
export const RELOADS_ANNOTATION = 'config-rollout-guard/reloads';

/**
 * Images of sidecars that watch a mounted volume and tell the application to reload. They cover
 * changes delivered through the volume they mount, never `env`, `envFrom` or `subPath`.
 */
export const RELOAD_SIDECARS = [
  'jimmidyson/configmap-reload',
  'prometheus-operator/prometheus-config-reloader',
  'kiwigrid/k8s-sidecar',
];

type Annotations = Record<string, string>;

/** The team's rules from the configuration file: opt-outs, volume reloads, more sidecar images. */
export interface TeamRules {
  ignore: {
    workload: ((o: ObjectId) => boolean) | null;
    config: ((o: ObjectId) => boolean) | null;
    reason: string;
  }[];
  reloads: ((o: ObjectId) => boolean)[];
  sidecars: string[];
  /** The cluster's Reloader runs with --auto-reload-all: every workload not opted out is reloaded. */
  reloaderAutoReloadAll: boolean;
}

export function annotationsOf(value: unknown): Annotations {
  const annotations = field(value, 'metadata.annotations');
  if (!isRecord(annotations)) return {};
  return Object.fromEntries(Object.entries(annotations).map(([k, v]) => [k, String(v)]));
}

/**
 * The opt-out that applies: the workload's annotation, a changed config's annotation, then the
 * first rule of the configuration file whose selectors all match.
 */
export function optOut(
  workload: Consumer,
  configs: readonly { id: ObjectId; annotations: Annotations }[],
  rules: TeamRules,
): string | null {
  const own = annotationsOf(workload.object.body)[IGNORE_ANNOTATION];
  if (own !== undefined) return own;
  for (const { annotations } of configs)
    if (annotations[IGNORE_ANNOTATION] !== undefined) return annotations[IGNORE_ANNOTATION];
  const rule = rules.ignore.find(
    (r) =>
      (r.workload === null || r.workload(workload.object)) &&
      (r.config === null || configs.some((c) => r.config!(c.id))),
  );
  return rule ? `${rule.reason} (configuration file)` : null;
}

/**
 * Workloads that `fix` leaves alone whatever they read: opted out, or restarted by Reloader or Wave
 * (a hash stamp would roll them a second time).
 */
export function managedElsewhere(workload: Consumer): boolean {
  const own = annotationsOf(workload.object.body);
  const pod = workload.templates.map((t) => annotationsOf(t.template));
  const keys = [own, ...pod].flatMap((a) => Object.entries(a));
  return keys.some(
    ([k, v]) =>
      k === IGNORE_ANNOTATION ||
      (k.endsWith('reloader.stakater.com/auto') && v === 'true') ||
      (k.endsWith('.reloader.stakater.com/reload') && !k.includes('exclude')) ||
      (k === 'wave.pusher.com/update-on-config-change' && v === 'true'),
  );
}

/**
 * How a config change reaches running pods without a template change: which mechanisms cover
 * which of the references it is read through. Reloader and Wave restart the workload in the
 * cluster, so they cover every path; a reload sidecar or the application itself re-reads files of
 * a mounted volume, so they cover volume deliveries only.
 */
export function coverage(
  workload: Consumer,
  template: ConsumingTemplate,
  config: ObjectId & { kind: ConfigKind },
  configAnnotations: Annotations,
  refs: readonly ConfigRef[],
  rules: TeamRules,
  definitions: ConfigIndex,
): { mechanisms: string[]; uncovered: ConfigRef[] } {
  const reloader = reloaderCovers(workload, template, config, configAnnotations, rules.reloaderAutoReloadAll);
  if (reloader) return { mechanisms: [`Reloader: ${reloader}`], uncovered: [] };
  const wave = annotationsOf(workload.object.body)['wave.pusher.com/update-on-config-change'];
  if (wave === 'true' && ['Deployment', 'StatefulSet', 'DaemonSet'].includes(workload.object.kind))
    return { mechanisms: ['Wave: wave.pusher.com/update-on-config-change'], uncovered: [] };
  const declared =
    annotationsOf(workload.object.body)[RELOADS_ANNOTATION] === 'volume' ||
    rules.reloads.some((r) => r(workload.object));
  const mechanisms: string[] = [];
  const uncovered: ConfigRef[] = [];
  for (const ref of refs) {
    const by =
      ref.delivery !== 'volume' || !ref.volume
        ? null
        : declared
          ? `the application re-reads mounted files (${RELOADS_ANNOTATION}: volume)`
          : (sidecarWatching(template, ref.volume, [...RELOAD_SIDECARS, ...rules.sidecars]) ??
            grafanaRescans(workload, template, ref, definitions));
    if (by) mechanisms.push(by);
    else uncovered.push(ref);
  }
  return { mechanisms, uncovered };
}

/**
 * The configs a workload reads whose changes reach its running pods only through a template change:
 * no Reloader or Wave rule, no opt-out, and no reload sidecar or declared re-read on the volume they
 * come through. What `scan --risks` and a chart's checksum notices ask, with `check`'s rules.
 */
export function undelivered(
  workload: Consumer,
  configs: ConfigIndex,
  rules: TeamRules,
): { kind: ConfigKind; name: string }[] {
  const found = new Map<string, { kind: ConfigKind; name: string }>();
  for (const template of workload.templates) {
    const byConfig = groupBy(
      template.refs.filter((r) => r.delivery !== 'image-pull' && r.delivery !== 'unmounted'),
      (ref) => `${ref.kind} ${ref.name}`,
    );
    for (const [key, refs] of byConfig) {
      const { kind, name } = refs[0];
      const defined = configs.resolve(workload.object, kind, name);
      const config = { kind, name, namespace: defined?.namespace ?? workload.object.namespace };
      const annotations = defined ? annotationsOf(defined.body) : {};
      if (optOut(workload, [{ id: config, annotations }], rules) !== null) continue;
      if (coverage(workload, template, config, annotations, refs, rules, configs).uncovered.length)
        found.set(key, { kind, name });
    }
  }
  return [...found.values()];
}

/** Reloader's own rules, read from the workload's annotations, else its pod template's (as Reloader does). */
function reloaderCovers(
  workload: Consumer,
  template: ConsumingTemplate,
  config: { kind: ConfigKind; name: string },
  configAnnotations: Annotations,
  autoReloadAll: boolean,
): string | null {
  if (configAnnotations['reloader.stakater.com/ignore'] === 'true') return null;
  const own = annotationsOf(workload.object.body);
  const pod = annotationsOf(template.template);
  const read = (key: string) => own[key] ?? pod[key];
  const kind = config.kind === 'ConfigMap' ? 'configmap' : 'secret';
  const excluded = read(`${kind}s.exclude.reloader.stakater.com/reload`);
  if (excluded && matchesList(excluded, config.name)) return null;
  const named = read(`${kind}.reloader.stakater.com/reload`);
  if (named && matchesList(named, config.name)) return `${kind}.reloader.stakater.com/reload`;
  if (read('reloader.stakater.com/auto') === 'true') return 'reloader.stakater.com/auto';
  if (read(`${kind}.reloader.stakater.com/auto`) === 'true') return `${kind}.reloader.stakater.com/auto`;
  if (
    read('reloader.stakater.com/search') === 'true' &&
    configAnnotations['reloader.stakater.com/match'] === 'true'
  )
    return 'reloader.stakater.com/search with reloader.stakater.com/match on the config';
  // With --auto-reload-all, Reloader skips only a workload that says auto: "false" (either form).
  if (
    autoReloadAll &&
    read('reloader.stakater.com/auto') !== 'false' &&
    read(`${kind}.reloader.stakater.com/auto`) !== 'false'
  )
    return '--auto-reload-all (configuration file)';
  return null;
}

/** The entries of a reload list: comma-separated, each an anchored regular expression. */
const entriesOf = (list: string) =>
  list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** An entry no regular expression is needed for: a name, where `.` stands for any one character. */
const NAME_LIKE = /^[A-Za-z0-9_.-]+$/;

/** RE2, loaded only when a workload lists configs by a pattern: loading it costs a check ~10 ms. */
let re2: typeof RE2JS | null = null;

/** Loads what `matchesList` needs for the reload lists of `workloads`; call before judging them. */
export async function reloadPatternsFor(workloads: readonly Consumer[]): Promise<void> {
  if (re2) return;
  const patterned = workloads.some((w) =>
    [w.object.body, ...w.templates.map((t) => t.template)].some((holder) =>
      Object.entries(annotationsOf(holder)).some(
        ([key, list]) =>
          key.endsWith('.reloader.stakater.com/reload') && entriesOf(list).some((e) => !NAME_LIKE.test(e)),
      ),
    ),
  );
  if (patterned) re2 = (await import('re2js')).RE2JS;
}

/**
 * A reload list as Reloader reads it. The expressions come from the repository: they run on RE2,
 * Go's own syntax (Reloader's), in time linear in the name, so `(a+)+b` cannot stall a check.
 */
function matchesList(list: string, name: string): boolean {
  const chars = [...name];
  return entriesOf(list).some((entry) => {
    if (NAME_LIKE.test(entry))
      return entry.length === chars.length && [...entry].every((c, i) => c === '.' || c === chars[i]);
    if (!re2) throw new Error(`reload pattern ${JSON.stringify(entry)} met before reloadPatternsFor`);
    try {
      return re2.compile(`^(?:${entry})$`).matches(name);
    } catch {
      return entry === name;
    }
  });
}

/** A reload sidecar in the pod that mounts `volume`, described for the reader, or null. */
function sidecarWatching(
  template: ConsumingTemplate,
  volume: string,
  images: readonly string[],
): string | null {
  const spec = template.template.spec;
  const containers = [
    ...(isRecord(spec) && Array.isArray(spec.containers) ? spec.containers : []),
    ...(isRecord(spec) && Array.isArray(spec.initContainers) ? spec.initContainers : []),
  ].filter(isRecord);
  for (const container of containers) {
    const image = typeof container.image === 'string' ? container.image : '';
    const sidecar = images.find((known) => imageName(image).endsWith(known));
    if (!sidecar) continue;
    const mounts = Array.isArray(container.volumeMounts) ? container.volumeMounts.filter(isRecord) : [];
    const mount = mounts.find((m) => m.name === volume);
    if (mount) return `sidecar ${sidecar.split('/').pop()} watches ${String(mount.mountPath ?? volume)}`;
  }
  return null;
}

/** Grafana's images, as `grafana/grafana` or under a registry (`docker.io/grafana/grafana`). */
const GRAFANA_IMAGES = ['grafana/grafana', 'grafana/grafana-oss', 'grafana/grafana-enterprise'];

/**
 * Grafana scans the folder of each of its file dashboard providers every `updateIntervalSeconds`
 * (10 s unless set) and applies the dashboards that changed there; its providers, datasources and
 * grafana.ini it reads at start only. A volume the Grafana container mounts whole at or under a
 * provider's folder is covered, where the provider is read from a config the same container mounts
 * into provisioning/dashboards (kube-prometheus's layout), as it is defined at head. Said for the
 * reader, or null.
 */
function grafanaRescans(
  workload: Consumer,
  template: ConsumingTemplate,
  ref: ConfigRef,
  definitions: ConfigIndex,
): string | null {
  const grafana = grafanaContainers(template).find((c) => c.name === ref.container);
  if (!grafana) return null;
  const paths = records(grafana.volumeMounts)
    .filter((m) => m.name === ref.volume && !m.subPath && !m.subPathExpr)
    .map((m) => folderPath(String(m.mountPath)));
  const providers = providersOf(workload, template, grafana, definitions);
  const covering = paths.map((path) =>
    providers.find((p) => path === p.path || path.startsWith(p.path === '/' ? '/' : `${p.path}/`)),
  );
  if (covering.length === 0 || covering.some((p) => p === undefined)) return null;
  const { path, name, seconds, secret } = covering[0]!;
  // What a Secret holds is never said: the dashboard's own mount, from the pod spec, instead.
  return secret
    ? `Grafana re-reads the dashboards at ${paths[0]} (a file provider in Secret ${secret})`
    : `Grafana re-reads the dashboards under ${path} (provider ${name}, every ${seconds} s)`;
}

/**
 * A Grafana container's providers, read once per check and definitions: every dashboard it mounts
 * asks, and a provider config is the head's to write, as large as it likes.
 */
const providersRead = new WeakMap<object, { definitions: ConfigIndex; providers: DashboardProvider[] }>();

function providersOf(
  workload: Consumer,
  template: ConsumingTemplate,
  grafana: Record<string, unknown>,
  definitions: ConfigIndex,
): DashboardProvider[] {
  const read = providersRead.get(grafana);
  if (read?.definitions === definitions) return read.providers;
  const providers = providerFiles(template, grafana).flatMap((file) =>
    dashboardProviders(workload, file, definitions),
  );
  providersRead.set(grafana, { definitions, providers });
  return providers;
}

/**
 * The configs a workload's Grafana reads its dashboard providers from. They decide what is said of
 * its dashboards, so a check reads their definitions even where this change leaves them alone.
 */
export function dashboardProviderConfigs(workload: Consumer): { kind: ConfigKind; name: string }[] {
  return workload.templates.flatMap((template) =>
    grafanaContainers(template).flatMap((grafana) =>
      providerFiles(template, grafana).flatMap((file) =>
        file.sources.map(([kind, source]) => ({ kind, name: source.name })),
      ),
    ),
  );
}

function grafanaContainers(template: ConsumingTemplate): Record<string, unknown>[] {
  const spec = template.template.spec;
  return records(isRecord(spec) ? spec.containers : undefined).filter(
    (c) =>
      typeof c.image === 'string' &&
      GRAFANA_IMAGES.some((known) =>
        [known, `/${known}`].some((end) => imageName(String(c.image)).endsWith(end)),
      ),
  );
}

/**
 * Where a Grafana container's dashboard providers come from: each volume it mounts at its
 * provisioning/dashboards folder (every .yaml and .yml file in it), or into it by subPath (that
 * one file), with the configs the volume shows.
 */
interface ProviderFiles {
  /** The file the subPath mount shows, under the name Grafana sees; null for the whole folder. */
  only: { file: string; seen: string } | null;
  sources: [ConfigKind, { name: string; items: Record<string, unknown>[] }][];
}

function providerFiles(template: ConsumingTemplate, grafana: Record<string, unknown>): ProviderFiles[] {
  const set = records(grafana.env).find((e) => e.name === 'GF_PATHS_PROVISIONING');
  if (set && typeof set.value !== 'string') return [];
  const folder = posix.join(set ? String(set.value) : '/etc/grafana/provisioning', 'dashboards');
  const spec = template.template.spec;
  const volumes = records(isRecord(spec) ? spec.volumes : undefined);
  return records(grafana.volumeMounts).flatMap((mount): ProviderFiles[] => {
    if (typeof mount.mountPath !== 'string' || mount.subPathExpr) return [];
    const at = folderPath(mount.mountPath);
    const subPath = typeof mount.subPath === 'string' && mount.subPath ? mount.subPath : null;
    const only =
      at === folder && subPath === null
        ? null
        : posix.dirname(at) === folder && subPath !== null
          ? { file: subPath, seen: posix.basename(at) }
          : undefined;
    const volume = volumes.find((v) => v.name === mount.name);
    return only === undefined || !volume ? [] : [{ only, sources: volumeSources(volume) }];
  });
}

/** The ConfigMaps and Secrets a configMap, secret or projected volume shows. */
function volumeSources(volume: Record<string, unknown>): ProviderFiles['sources'] {
  const named = (source: Record<string, unknown>, name: unknown) =>
    typeof name === 'string' ? [{ name, items: records(source.items) }] : [];
  const sources: ProviderFiles['sources'] = [];
  if (isRecord(volume.configMap))
    for (const s of named(volume.configMap, volume.configMap.name)) sources.push(['ConfigMap', s]);
  if (isRecord(volume.secret))
    for (const s of named(volume.secret, volume.secret.secretName)) sources.push(['Secret', s]);
  if (isRecord(volume.projected))
    for (const source of records(volume.projected.sources)) {
      if (isRecord(source.configMap))
        for (const s of named(source.configMap, source.configMap.name)) sources.push(['ConfigMap', s]);
      if (isRecord(source.secret))
        for (const s of named(source.secret, source.secret.name)) sources.push(['Secret', s]);
    }
  return sources;
}

interface DashboardProvider {
  name: string;
  path: string;
  seconds: number;
  /** The Secret it is written in, whose content is never said; null for a ConfigMap. */
  secret: string | null;
}

/** The file providers (`type: file`) of the provider configs in `files`, as defined at head. */
function dashboardProviders(
  workload: Consumer,
  files: ProviderFiles,
  definitions: ConfigIndex,
): DashboardProvider[] {
  const texts = files.sources.flatMap(([kind, source]) =>
    configFiles(definitions.resolve(workload.object, kind, source.name), source.items).flatMap(
      ([file, text]) => {
        // The name Grafana sees: it reads the folder's own .yaml and .yml files, not its subfolders.
        const seen = files.only === null ? file : file === files.only.file ? files.only.seen : null;
        return seen !== null && !seen.includes('/') && /\.ya?ml$/.test(seen)
          ? [{ text, secret: kind === 'Secret' ? source.name : null }]
          : [];
      },
    ),
  );
  return texts.flatMap(({ text, secret }) => {
    let read: unknown;
    try {
      read = parse(text);
    } catch {
      return [];
    }
    return records(isRecord(read) ? read.providers : undefined).flatMap((p) => {
      const path = isRecord(p.options) ? p.options.path : undefined;
      // A path with $VARIABLES in it is expanded from Grafana's environment, which this does not know.
      if (p.type !== 'file' || typeof path !== 'string' || !path.startsWith('/') || path.includes('$'))
        return [];
      const seconds = typeof p.updateIntervalSeconds === 'number' ? p.updateIntervalSeconds : 10;
      return [{ name: String(p.name ?? '?'), path: folderPath(path), seconds, secret }];
    });
  });
}

/** The files a config shows in a volume, by their path in it (`items` choose and rename), with their text. */
function configFiles(
  defined: ManifestObject | null,
  items: readonly Record<string, unknown>[],
): [string, string][] {
  if (!defined || !isRecord(defined.body)) return [];
  const body = defined.body;
  const secret = defined.kind === 'Secret';
  const data = new Map<string, string>();
  if (isRecord(body.data))
    for (const [key, value] of Object.entries(body.data))
      if (typeof value === 'string')
        data.set(key, secret ? Buffer.from(value, 'base64').toString('utf8') : value);
  if (secret && isRecord(body.stringData))
    for (const [key, value] of Object.entries(body.stringData))
      if (typeof value === 'string') data.set(key, value);
  if (items.length === 0) return [...data];
  return items.flatMap((i): [string, string][] =>
    typeof i.key === 'string' && typeof i.path === 'string' && data.has(i.key)
      ? [[i.path, data.get(i.key)!]]
      : [],
  );
}

/** A path as Grafana and the kubelet mean it: `/a//b/` is `/a/b`. */
const folderPath = (path: string) => {
  // normalize leaves one trailing slash at most.
  const normal = posix.normalize(path);
  return normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
};

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

/** `registry:5000/org/name:tag@sha256:…` → `registry:5000/org/name`. */
function imageName(image: string): string {
  const withoutDigest = image.split('@')[0];
  const slash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  return colon > slash ? withoutDigest.slice(0, colon) : withoutDigest;
}

type Defined = { kind: string; namespace: string | null; name: string; body: unknown };

/** The annotations of each config among `objects` (later definitions do not replace earlier ones). */
export const configAnnotations = (objects: Iterable<Defined>) => perConfig(objects, annotationsOf);

/** The labels of each config among `objects`, as `configAnnotations`: what a watcher by label selects. */
export const configLabels = (objects: Iterable<Defined>) => perConfig(objects, labelsOf);

export function labelsOf(value: unknown): Record<string, string> {
  const labels = field(value, 'metadata.labels');
  if (!isRecord(labels)) return {};
  return Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, String(v)]));
}

/** Whether a config has labels, by which a sidecar may watch it (`watchedBy`) without naming it. */
export const mayBeWatched = (config: ManifestObject): boolean =>
  Object.keys(labelsOf(config.body)).length > 0;

function perConfig(objects: Iterable<Defined>, read: (body: unknown) => Record<string, string>) {
  const byId = new Map<string, Record<string, string>>();
  for (const o of objects) {
    const key = `${o.kind}\0${o.namespace ?? ''}\0${o.name}`;
    if (!byId.has(key)) byId.set(key, read(o.body));
  }
  return (id: ObjectId): Record<string, string> =>
    byId.get(`${id.kind}\0${id.namespace ?? ''}\0${id.name}`) ?? {};
}
