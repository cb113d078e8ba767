import { isRecord } from '../../model/values.js';
import type { ConfigKind, ConfigRef, Delivery, RefPath } from '../../model/types.js';

const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;

/** Volume plugins that read a Secret when the volume is mounted: field that holds the reference. */
const PLUGIN_SECRET_FIELDS: Record<string, string> = {
  cephfs: 'secretRef',
  rbd: 'secretRef',
  iscsi: 'secretRef',
  scaleIO: 'secretRef',
  flexVolume: 'secretRef',
  storageos: 'secretRef',
};

/** `subPath`: the literal one, `true` for a `subPathExpr`, null for a whole-volume mount. */
type Mount = { container: string; init: boolean; at: string; subPath: string | true | null };

/** Every ConfigMap and Secret a pod spec consumes, one `ConfigRef` per reference and mount. */
export function extractRefs(podSpec: unknown): ConfigRef[] {
  if (!isRecord(podSpec)) return [];
  const refs: ConfigRef[] = [];
  const mounts = volumeMounts(podSpec);

  for (const volume of list(podSpec.volumes)) {
    const volumeName = str(volume.name) ?? '?';
    const at = `volumes[${volumeName}]`;
    const consumers = mounts.get(volumeName) ?? [];
    const mounted = (
      ref: Omit<ConfigRef, 'container' | 'delivery' | 'via'>,
      via: string,
      source: Record<string, unknown>,
    ) => {
      if (!ref.name) return;
      if (consumers.length === 0) refs.push({ ...ref, via, container: null, delivery: 'unmounted' });
      for (const m of consumers) {
        // What an init container made from the files stays as it was: it never runs again in a pod.
        const delivery: Delivery = m.subPath !== null ? 'subPath' : m.init ? 'init' : 'volume';
        const keys = typeof m.subPath === 'string' ? subPathKeys(ref.keys, source, m.subPath) : ref.keys;
        refs.push({
          ...ref,
          keys,
          via: `${via} ← ${m.at}`,
          container: m.container,
          delivery,
          volume: volumeName,
        });
      }
    };

    if (isRecord(volume.configMap)) {
      const source = volume.configMap;
      mounted(keyed('ConfigMap', str(source.name), source, 'volume'), `${at}.configMap`, source);
    }
    if (isRecord(volume.secret)) {
      const source = volume.secret;
      mounted(keyed('Secret', str(source.secretName), source, 'volume'), `${at}.secret`, source);
    }
    if (isRecord(volume.projected)) {
      list(volume.projected.sources).forEach((source, i) => {
        if (isRecord(source.configMap))
          mounted(
            keyed('ConfigMap', str(source.configMap.name), source.configMap, 'projected'),
            `${at}.projected.sources[${i}].configMap`,
            source.configMap,
          );
        if (isRecord(source.secret))
          mounted(
            keyed('Secret', str(source.secret.name), source.secret, 'projected'),
            `${at}.projected.sources[${i}].secret`,
            source.secret,
          );
      });
    }
    if (isRecord(volume.csi) && isRecord(volume.csi.nodePublishSecretRef)) {
      const name = str(volume.csi.nodePublishSecretRef.name);
      if (name) refs.push(mountCredentials(name, 'csi', `${at}.csi.nodePublishSecretRef`));
    }
    for (const [plugin, fieldName] of Object.entries(PLUGIN_SECRET_FIELDS)) {
      const source = volume[plugin];
      if (!isRecord(source) || !isRecord(source[fieldName])) continue;
      const name = str(source[fieldName].name);
      if (name) refs.push(mountCredentials(name, 'volume-plugin', `${at}.${plugin}.${fieldName}`));
    }
    if (isRecord(volume.azureFile) && str(volume.azureFile.secretName)) {
      refs.push(
        mountCredentials(str(volume.azureFile.secretName)!, 'volume-plugin', `${at}.azureFile.secretName`),
      );
    }
  }

  for (const listName of CONTAINER_LISTS) {
    for (const container of list(podSpec[listName])) {
      const containerName = str(container.name) ?? '?';
      const at = `${listName}[${containerName}]`;
      for (const env of list(container.env)) {
        const from = isRecord(env.valueFrom) ? env.valueFrom : {};
        const via = `${at}.env[${str(env.name) ?? '?'}]`;
        for (const [field, kind] of [
          ['configMapKeyRef', 'ConfigMap'],
          ['secretKeyRef', 'Secret'],
        ] as const) {
          const ref = from[field];
          if (!isRecord(ref) || !str(ref.name)) continue;
          refs.push({
            kind,
            name: str(ref.name)!,
            keys: str(ref.key) !== undefined ? [str(ref.key)!] : [],
            optional: ref.optional === true,
            path: 'env',
            via: `${via}.valueFrom.${field}`,
            container: containerName,
            delivery: 'env',
          });
        }
      }
      list(container.envFrom).forEach((source, i) => {
        for (const [field, kind] of [
          ['configMapRef', 'ConfigMap'],
          ['secretRef', 'Secret'],
        ] as const) {
          const ref = source[field];
          if (!isRecord(ref) || !str(ref.name)) continue;
          const prefix = str(source.prefix);
          refs.push({
            kind,
            name: str(ref.name)!,
            keys: null,
            optional: ref.optional === true,
            path: 'envFrom',
            via: `${at}.envFrom[${i}].${field}${prefix ? ` (prefix ${prefix})` : ''}`,
            container: containerName,
            delivery: 'env',
          });
        }
      });
    }
  }

  list(podSpec.imagePullSecrets).forEach((secret, i) => {
    const name = str(secret.name);
    if (!name) return;
    refs.push({
      kind: 'Secret',
      name,
      keys: null,
      optional: false,
      path: 'imagePullSecrets',
      via: `imagePullSecrets[${i}]`,
      container: null,
      delivery: 'image-pull',
    });
  });
  return refs;
}

/**
 * Where a container names a config by its name without mounting it: an env value (`CONFIG_MAP_NAME:
 * postgres-operator`) or an argument (`--configmap=$(POD_NAMESPACE)/ingress-nginx-controller`). Such
 * a program reads the config through the Kubernetes API, where only a watch sees a change; none of
 * this is a `ConfigRef`, as Kubernetes delivers nothing. Only where the variable or flag says it
 * names a config: a value that merely equals the name (`MYSQL_DATABASE: catalog`) names a database.
 * The first place (never the value), or null.
 */
export function namedBy(podSpec: unknown, name: string): string | null {
  if (!isRecord(podSpec) || name === '') return null;
  // The name alone, or after one namespace segment (`ns/name`, `$(POD_NAMESPACE)/name`).
  const names = (value: unknown) =>
    typeof value === 'string' &&
    (value === name || (value.endsWith(`/${name}`) && !value.slice(0, -name.length - 1).includes('/')));
  for (const kind of CONTAINER_LISTS)
    for (const container of list(podSpec[kind])) {
      const label = `container ${str(container.name) ?? '?'}`;
      const env = list(container.env).find((e) => NAMES_CONFIG.test(str(e.name) ?? '') && names(e.value));
      if (env) return `env ${str(env.name) ?? '?'} of ${label}`;
      for (const field of ['command', 'args'] as const) {
        const values: unknown[] = Array.isArray(container[field]) ? container[field] : [];
        // `--configmap=ns/name`, or `--configmap` and then `ns/name`.
        const at = values.findIndex((a, i) => {
          if (typeof a !== 'string') return false;
          const equals = a.indexOf('=');
          if (a.startsWith('-') && equals > 0)
            return NAMES_CONFIG.test(a.slice(0, equals)) && names(a.slice(equals + 1));
          const flag = values[i - 1];
          return (
            typeof flag === 'string' &&
            flag.startsWith('-') &&
            !flag.includes('=') &&
            NAMES_CONFIG.test(flag) &&
            names(a)
          );
        });
        if (at >= 0) return `${field}[${at}] of ${label}`;
      }
    }
  return null;
}

/**
 * Every name `namedBy` can find in a pod spec: each string of its containers' env values, commands
 * and args (an arg also after its `=`), whole and after its first `/`. A workload is asked about
 * every changed config; this set, built once, answers most of those asks without a walk.
 */
export function namedCandidates(podSpec: unknown): Set<string> {
  const found = new Set<string>();
  if (!isRecord(podSpec)) return found;
  const add = (value: unknown) => {
    if (typeof value !== 'string') return;
    for (const part of [value, value.slice(value.indexOf('=') + 1)]) {
      found.add(part);
      found.add(part.slice(part.indexOf('/') + 1));
    }
  };
  for (const kind of CONTAINER_LISTS)
    for (const container of list(podSpec[kind])) {
      for (const e of list(container.env)) add(e.value);
      for (const field of ['command', 'args'] as const)
        if (Array.isArray(container[field])) container[field].forEach(add);
    }
  return found;
}

/**
 * The word every pod spec with a label-watching sidecar holds (its required `FOLDER`): what a search
 * for the readers of a config that has labels looks for besides the config's name.
 */
export const WATCHER_WORD = 'FOLDER';

/**
 * Where a container watches configs by label and keeps their files up to date as they change:
 * kiwigrid's k8s-sidecar (Grafana's dashboard and datasource sidecars, Jenkins' configuration as
 * code), known by its two required variables, `LABEL` and `FOLDER`. It lists `RESOURCE` (configmap,
 * the default, secret or both) labelled `LABEL` (=`LABEL_VALUE` when set) in `NAMESPACE` (its own
 * when unset, `ALL`, or a comma-separated list). One that only lists at start (`METHOD=LIST`, as an
 * init container) is no watch. The place (container, label), or null.
 */
export function watchedBy(
  podSpec: unknown,
  podNamespace: string | null,
  config: { kind: ConfigKind; namespace: string | null; labels: Readonly<Record<string, string>> },
): string | null {
  if (!isRecord(podSpec)) return null;
  for (const container of list(podSpec.containers)) {
    const env = watcherEnv(container);
    if (!env) continue;
    const label = env.get('LABEL')!;
    const resource = (env.get('RESOURCE') ?? 'configmap').toLowerCase();
    if (resource !== 'both' && resource !== config.kind.toLowerCase()) continue;
    const value = env.get('LABEL_VALUE');
    if (!(label in config.labels) || (value !== undefined && config.labels[label] !== value)) continue;
    const namespaces = (env.get('NAMESPACE') ?? '').split(',').map((n) => n.trim());
    const inScope =
      namespaces.includes('ALL') ||
      config.namespace === null ||
      (namespaces.some(Boolean)
        ? namespaces.includes(config.namespace)
        : podNamespace === null || podNamespace === config.namespace);
    if (inScope)
      return `container ${str(container.name) ?? '?'}, label ${label}${value === undefined ? '' : `=${value}`}`;
  }
  return null;
}

/** Whether a container of the pod spec watches configs by label (what `watchedBy` then asks of each). */
export const watchesByLabel = (podSpec: unknown): boolean =>
  isRecord(podSpec) && list(podSpec.containers).some((c) => watcherEnv(c) !== null);

/** A label-watching sidecar's environment (`LABEL`, `FOLDER`, not `METHOD=LIST`), or null for another container. */
function watcherEnv(container: Record<string, unknown>): Map<string, string> | null {
  const env = new Map(
    list(container.env).flatMap((e) =>
      str(e.name) && typeof e.value === 'string' ? [[str(e.name)!, e.value]] : [],
    ),
  );
  const label = env.get('LABEL');
  if (!label || !env.has(WATCHER_WORD) || env.get('METHOD')?.toUpperCase() === 'LIST') return null;
  return env;
}

/** A variable or flag that says it names a config: CONFIG_MAP_NAME, WEBHOOK_SECRET_NAME, --configmap, --default-ssl-certificate. */
const NAMES_CONFIG = /conf|secret|cert|(^|[^a-z])cm([^a-z]|$)/i;

/** Whole-object references read the keys listed in `items`, or every key when there are none. */
function keyed(kind: ConfigKind, name: string | undefined, source: Record<string, unknown>, path: RefPath) {
  const items = list(source.items)
    .map((item) => str(item.key))
    .filter((key): key is string => key !== undefined);
  return {
    kind,
    name: name ?? '',
    keys: Array.isArray(source.items) ? items : null,
    optional: source.optional === true,
    path,
  };
}

/**
 * The keys a container reads through a `subPath` of a ConfigMap or Secret volume: the file it names
 * is one key (by its name, or by the `items` path), or the keys of the items under a directory.
 * A path this cannot tie to keys keeps what the volume holds.
 */
function subPathKeys(
  keys: string[] | null,
  source: Record<string, unknown>,
  subPath: string,
): string[] | null {
  const path = subPath.replace(/^\.\/|\/$/g, '');
  if (!Array.isArray(source.items)) return path.includes('/') || path.startsWith('..') ? keys : [path];
  const under = list(source.items).filter((item) => {
    const at = str(item.path);
    return at !== undefined && (at === path || at.startsWith(`${path}/`));
  });
  const named = under.map((item) => str(item.key)).filter((key): key is string => key !== undefined);
  return named.length ? named : keys;
}

function mountCredentials(name: string, path: RefPath, via: string): ConfigRef {
  return { kind: 'Secret', name, keys: null, optional: false, path, via, container: null, delivery: 'mount' };
}

function volumeMounts(podSpec: Record<string, unknown>): Map<string, Mount[]> {
  const mounts = new Map<string, Mount[]>();
  for (const listName of CONTAINER_LISTS) {
    for (const container of list(podSpec[listName])) {
      const containerName = str(container.name) ?? '?';
      for (const mount of list(container.volumeMounts)) {
        const volume = str(mount.name);
        if (!volume) continue;
        const subPath = str(mount.subPath) || (str(mount.subPathExpr) ? true : null);
        const at = `${listName}[${containerName}] ${str(mount.mountPath) ?? ''}`.trim();
        const mounted: Mount = { container: containerName, init: listName === 'initContainers', at, subPath };
        mounts.set(volume, [...(mounts.get(volume) ?? []), mounted]);
      }
    }
  }
  return mounts;
}

function list(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
