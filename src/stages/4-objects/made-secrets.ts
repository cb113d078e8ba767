import stringify from 'fast-json-stable-stringify';
import type { Diagnostic, ManifestObject } from '../../model/types.js';
import { field, isRecord } from '../../model/values.js';

/** The kinds whose objects make Secrets here. */
export const SECRET_MAKERS = ['ExternalSecret', 'ClusterExternalSecret', 'SealedSecret'] as const;

/**
 * The Secret an ExternalSecret (external-secrets.io v1beta1/v1) makes, as a Secret object at the
 * ExternalSecret's place, so that pairing, diff and impacts treat it as any committed Secret. Each
 * key's "content" is what Git decides about it: its `spec.data[]` entry (`secretKey` ← `remoteRef`),
 * plus `dataFrom` and `target.template`, which can reach every key, so a change there changes every
 * key. Keys only `dataFrom` yields are unknown from Git: they stand as one key, `(dataFrom)`.
 * `refreshInterval` and other fields change no key. Nothing here is a secret value: Git holds only
 * references to them.
 */
export function madeSecrets(
  objects: readonly ManifestObject[],
  namespaces: readonly ManifestObject[] = [],
  diagnostics: Diagnostic[] = [],
): ManifestObject[] {
  return objects.flatMap((object): ManifestObject[] => {
    if (object.kind === 'SealedSecret' && object.apiVersion.startsWith('bitnami.com/'))
      return [unsealed(object)];
    if (isClusterExternalSecret(object)) return madeSecrets(perNamespace(object, namespaces, diagnostics));
    if (object.kind !== 'ExternalSecret' || !object.apiVersion.startsWith('external-secrets.io/')) return [];
    const spec = isRecord(object.body.spec) ? object.body.spec : {};
    const target = isRecord(spec.target) ? spec.target : {};
    const template = isRecord(target.template) ? target.template : null;
    const shared = { dataFrom: spec.dataFrom ?? null, template };
    const data = (Array.isArray(spec.data) ? spec.data : []).filter(isRecord);
    const keys: Record<string, string> = {};
    for (const entry of data)
      if (typeof entry.secretKey === 'string')
        keys[entry.secretKey] = stringify({
          remoteRef: entry.remoteRef ?? null,
          sourceRef: entry.sourceRef ?? null,
          ...shared,
        });
    // Keys a template writes are known by name.
    const templated = isRecord(template?.data) ? Object.keys(template.data) : [];
    for (const key of templated) keys[key] ??= stringify(shared);
    if (Array.isArray(spec.dataFrom) && spec.dataFrom.length) keys['(dataFrom)'] = stringify(shared);
    const name = typeof target.name === 'string' && target.name ? target.name : object.name;
    return [
      {
        apiVersion: 'v1',
        kind: 'Secret',
        namespace: object.namespace,
        name,
        file: object.file,
        line: object.line,
        body: {
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name, annotations: { [MADE_BY]: `ExternalSecret ${object.name}` } },
          stringData: keys,
        },
      },
    ];
  });
}

/** On a Secret that a controller makes from a committed object: which one. */
export const MADE_BY = 'config-rollout-guard/made-by';

/**
 * The Secret a SealedSecret (bitnami.com/v1alpha1) unseals into: same name and namespace, one key
 * per `spec.encryptedData` entry whose "content" is its ciphertext, and `spec.template`'s type and
 * metadata. Ciphertexts are compared as digests, never shown; sealing is randomised, so a re-sealed
 * object changes every key at once (said by the diff).
 */
function unsealed(object: ManifestObject): ManifestObject {
  const spec = isRecord(object.body.spec) ? object.body.spec : {};
  const encrypted = isRecord(spec.encryptedData) ? spec.encryptedData : {};
  const template = isRecord(spec.template) ? spec.template : {};
  const metadata = isRecord(template.metadata) ? template.metadata : {};
  const annotations = isRecord(metadata.annotations) ? metadata.annotations : {};
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    namespace: object.namespace,
    name: object.name,
    file: object.file,
    line: object.line,
    body: {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        ...metadata,
        name: object.name,
        annotations: { ...annotations, [MADE_BY]: `SealedSecret ${object.name}` },
      },
      ...(typeof template.type === 'string' ? { type: template.type } : {}),
      stringData: Object.fromEntries(Object.entries(encrypted).map(([k, v]) => [k, String(v)])),
    },
  };
}

const isClusterExternalSecret = (object: ManifestObject) =>
  object.kind === 'ClusterExternalSecret' && object.apiVersion.startsWith('external-secrets.io/');

/** The label selectors by which a ClusterExternalSecret picks namespaces, beside those it names. */
function selectorsOf(object: ManifestObject): unknown[] {
  const spec = isRecord(object.body.spec) ? object.body.spec : {};
  return [
    ...(spec.namespaceSelector !== undefined ? [spec.namespaceSelector] : []),
    ...(Array.isArray(spec.namespaceSelectors) ? spec.namespaceSelectors : []),
  ];
}

/** Whether any of `objects` picks namespaces by labels, so the Namespaces of the repository are needed. */
export const selectsNamespaces = (objects: readonly ManifestObject[]): boolean =>
  objects.some((o) => isClusterExternalSecret(o) && selectorsOf(o).length > 0);

/**
 * A ClusterExternalSecret makes one ExternalSecret in each namespace it names (`spec.namespaces`)
 * and in each namespace its label selectors (`namespaceSelectors`, or the older
 * `namespaceSelector`) pick. Labels live on Namespace objects: those the repository defines are
 * matched, and every namespace carries `kubernetes.io/metadata.name`, so a selector by that label
 * needs none. A selector that picks nothing here is said: the namespaces it means are defined
 * elsewhere, and their readers are not checked.
 */
function perNamespace(
  object: ManifestObject,
  namespaces: readonly ManifestObject[],
  diagnostics: Diagnostic[],
): ManifestObject[] {
  const spec = isRecord(object.body.spec) ? object.body.spec : {};
  const inner = isRecord(spec.externalSecretSpec) ? spec.externalSecretSpec : {};
  const name =
    typeof spec.externalSecretName === 'string' && spec.externalSecretName
      ? spec.externalSecretName
      : object.name;
  const picked = new Set(
    (Array.isArray(spec.namespaces) ? spec.namespaces : []).filter((n): n is string => typeof n === 'string'),
  );
  const selectors = selectorsOf(object);
  const candidates = new Map<string, Record<string, string>>();
  for (const n of namespaces) candidates.set(n.name, { ...stringLabels(n.body), [NAME_LABEL]: n.name });
  for (const named of selectors.flatMap(namesSelected))
    if (!candidates.has(named)) candidates.set(named, { [NAME_LABEL]: named });
  for (const selector of selectors) {
    const matched = [...candidates].filter(([, labels]) => matches(selector, labels)).map(([n]) => n);
    matched.forEach((n) => picked.add(n));
    if (matched.length === 0)
      diagnostics.push({
        file: object.file,
        line: object.line,
        severity: 'notice',
        message:
          `ClusterExternalSecret ${object.name} picks namespaces by labels that no Namespace in this repository carries: ` +
          'the Secrets it makes there, and their readers, are not checked.',
      });
  }
  return [...picked].sort().map((namespace) => ({
    ...object,
    kind: 'ExternalSecret',
    name,
    namespace,
    body: {
      apiVersion: object.apiVersion,
      kind: 'ExternalSecret',
      metadata: { name, namespace },
      spec: inner,
    },
  }));
}

/** The label the API server sets on every namespace, whose value is the namespace's name. */
const NAME_LABEL = 'kubernetes.io/metadata.name';

function stringLabels(body: unknown): Record<string, string> {
  const labels = field(body, 'metadata.labels');
  return isRecord(labels) ? Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, String(v)])) : {};
}

/** Namespace names a selector spells out through their name label. */
function namesSelected(selector: unknown): string[] {
  const byLabel = field(selector, 'matchLabels');
  const named = isRecord(byLabel) && typeof byLabel[NAME_LABEL] === 'string' ? [byLabel[NAME_LABEL]] : [];
  const expressions = field(selector, 'matchExpressions');
  for (const e of Array.isArray(expressions) ? expressions.filter(isRecord) : [])
    if (e.key === NAME_LABEL && e.operator === 'In' && Array.isArray(e.values))
      named.push(...e.values.filter((v): v is string => typeof v === 'string'));
  return named;
}

/** A Kubernetes LabelSelector: every matchLabels pair and every expression must hold; `{}` picks all. */
function matches(selector: unknown, labels: Record<string, string>): boolean {
  if (!isRecord(selector)) return false;
  const byLabel = isRecord(selector.matchLabels) ? selector.matchLabels : {};
  if (!Object.entries(byLabel).every(([k, v]) => labels[k] === String(v))) return false;
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions : [];
  return expressions.every((e) => {
    if (!isRecord(e) || typeof e.key !== 'string') return false;
    const values = Array.isArray(e.values) ? e.values.map(String) : [];
    const has = e.key in labels;
    switch (e.operator) {
      case 'In':
        return has && values.includes(labels[e.key]);
      case 'NotIn':
        return !has || !values.includes(labels[e.key]);
      case 'Exists':
        return has;
      case 'DoesNotExist':
        return !has;
      default:
        return false;
    }
  });
}
