import type { RE2JS } from 're2js';
import type { ConfigIndex } from '../../model/identity.js';
import type { ConfigKind, ConfigRef, ManifestObject, ObjectId } from '../../model/types.js';
import { field, isRecord } from '../../model/values.js';
import type { Consumer, ConsumingTemplate } from '../5-references/consumers.js';
import { groupBy } from '../../model/collections.js';

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
          : sidecarWatching(template, ref.volume, [...RELOAD_SIDECARS, ...rules.sidecars]);
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
      if (coverage(workload, template, config, annotations, refs, rules).uncovered.length)
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
