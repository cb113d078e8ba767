import { compareText } from './text.js';
import type {
  ConfigKind,
  ConfigRef,
  Location,
  ManifestObject,
  ObjectId,
  WorkloadRefSummary,
} from './types.js';
import { groupBy } from './collections.js';

/** Which object is which: identity, the namespace rule, and which definition a reference reads. */

export const idKey = (o: ObjectId): string => `${o.kind}\0${o.namespace ?? ''}\0${o.name}`;

/**
 * A workload as deployed: its root, identity and place. Readers of a config that several roots
 * deploy are judged once with each copy, and are still one workload each.
 */
export const deployedKey = (w: WorkloadRefSummary): string =>
  JSON.stringify([w.source?.root ?? null, w.kind, w.namespace, w.name, w.file, w.line]);

export const sameObject = (a: ObjectId, b: ObjectId): boolean =>
  a.kind === b.kind && a.name === b.name && a.namespace === b.namespace;

/**
 * The name an object is known by, from its metadata's fields: `name`, else the `generateName`
 * prefix of an object that has none (an Argo CD hook Job, which each sync creates anew); '' for none.
 */
export function declaredName(field: (key: 'name' | 'generateName') => unknown): string {
  const name = field('name');
  if (typeof name === 'string' && name !== '') return name;
  const prefix = field('generateName');
  return typeof prefix === 'string' ? prefix : '';
}

/** How a report names an object: `namespace/name`, or the name alone where none is set. */
export function objectName(o: { namespace: string | null; name: string }): string {
  return o.namespace ? `${o.namespace}/${o.name}` : o.name;
}

/** How a report names a workload: who it is and where it is written. */
export function summarise(object: ManifestObject): WorkloadRefSummary {
  const { kind, namespace, name, file, line, source } = object;
  return source ? { kind, namespace, name, file, line, source } : { kind, namespace, name, file, line };
}

/**
 * Whether a text spells `name` as a whole name, as Kubernetes spells one (letters, digits, `-`,
 * `.`): `prometheus-server-configmap-reload` does not spell `prometheus-server-conf`, nor
 * `sidecar.istio.io` `istio` (lisenet/kubernetes-homelab).
 */
export function spellsName(text: string, name: string): boolean {
  const part = /[A-Za-z0-9_.-]/;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1];
    const after = text[at + name.length];
    if (!(before && part.test(before)) && !(after && part.test(after))) return true;
  }
  return false;
}

export const sameLocation = (a: Location, b: Location): boolean => a.file === b.file && a.line === b.line;

/** Whether two objects' namespaces are one: written alike (`exact`), or one of them names none (`assumed`). */
export type NamespaceMatch = 'exact' | 'assumed' | null;

/**
 * The namespace rule. A reference resolves in its workload's namespace. A manifest without
 * `metadata.namespace` lands in whatever namespace it is applied to, so it can meet an object of
 * any namespace: we match it rather than miss a reference `kubectl apply -n` could make real, and
 * flag the match as assumed when exactly one side names a namespace. Two manifests that both omit
 * it are taken to be applied together (the common kustomize-base layout) and match without a flag.
 */
export function namespaceMatch(
  workloadNamespace: string | null,
  configNamespace: string | null,
): NamespaceMatch {
  if (workloadNamespace === configNamespace) return 'exact';
  if (workloadNamespace === null || configNamespace === null) return 'assumed';
  return null;
}

export function refersTo(ref: Pick<ConfigRef, 'kind' | 'name'>, config: ObjectId): boolean {
  return ref.kind === config.kind && ref.name === config.name;
}

/** Every definition of each ConfigMap and Secret among some objects, and the rule that picks one. */
export class ConfigIndex {
  private readonly byName: Map<string, ManifestObject[]>;

  constructor(configs: Iterable<ManifestObject>) {
    this.byName = groupBy(configs, (config) => `${config.kind}\0${config.name}`);
  }

  /**
   * The definition a workload reads when several could match: one in the workload's own file, then
   * one in its own namespace, then the first by path and line. Deterministic, so the hash is too.
   */
  resolve(workload: ManifestObject, kind: ConfigKind, name: string): ManifestObject | null {
    return this.matching(workload, kind, name).sort(preferred(workload))[0] ?? null;
  }

  /**
   * A definition the workload reads rather than `config` (written in `files`), by the rule's own
   * preferences (its own file, its own namespace), never by the order of paths: a workload without a
   * namespace that keeps its config beside it does not read a namesake elsewhere, but one that keeps
   * none may read any.
   */
  before(
    workload: ManifestObject,
    config: ObjectId & { kind: ConfigKind; files: readonly string[] },
  ): ManifestObject | null {
    const outranked = Math.min(...config.files.map((file) => rank(workload, { ...config, file })));
    return (
      this.matching(workload, config.kind, config.name)
        .filter((c) => !sameObject(c, config) && rank(workload, c) < outranked)
        .sort(preferred(workload))[0] ?? null
    );
  }

  private matching(workload: ManifestObject, kind: ConfigKind, name: string): ManifestObject[] {
    return (this.byName.get(`${kind}\0${name}`) ?? []).filter((c) =>
      namespaceMatch(workload.namespace, c.namespace),
    );
  }
}

/** 0 in the workload's own file and namespace, 1 in its file, 2 in its namespace, 3 elsewhere. */
const rank = (workload: ManifestObject, c: ObjectId & Pick<Location, 'file'>) =>
  (c.file === workload.file ? 0 : 2) + (c.namespace === workload.namespace ? 0 : 1);

const preferred = (workload: ManifestObject) => (a: ManifestObject, b: ManifestObject) =>
  rank(workload, a) - rank(workload, b) || compareText(a.file, b.file) || a.line - b.line;
