import stringify from 'fast-json-stable-stringify';
import type { ManifestObject } from '../../model/types.js';
import { isRecord } from '../../model/values.js';

/**
 * The Secret an ExternalSecret (external-secrets.io v1beta1/v1) makes, as a Secret object at the
 * ExternalSecret's place, so that pairing, diff and impacts treat it as any committed Secret. Each
 * key's "content" is what Git decides about it: its `spec.data[]` entry (`secretKey` ← `remoteRef`),
 * plus `dataFrom` and `target.template`, which can reach every key, so a change there changes every
 * key. Keys only `dataFrom` yields are unknown from Git: they stand as one key, `(dataFrom)`.
 * `refreshInterval` and other fields change no key. Nothing here is a secret value: Git holds only
 * references to them.
 */
export function madeSecrets(objects: readonly ManifestObject[]): ManifestObject[] {
  return objects.flatMap((object): ManifestObject[] => {
    if (object.kind === 'SealedSecret' && object.apiVersion.startsWith('bitnami.com/'))
      return [unsealed(object)];
    if (object.kind === 'ClusterExternalSecret' && object.apiVersion.startsWith('external-secrets.io/'))
      return madeSecrets(perNamespace(object));
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

/**
 * A ClusterExternalSecret makes one ExternalSecret in each namespace it names (`spec.namespaces`);
 * namespaces chosen by label selectors are unknown from Git and are not followed.
 */
function perNamespace(object: ManifestObject): ManifestObject[] {
  const spec = isRecord(object.body.spec) ? object.body.spec : {};
  const inner = isRecord(spec.externalSecretSpec) ? spec.externalSecretSpec : {};
  const name =
    typeof spec.externalSecretName === 'string' && spec.externalSecretName
      ? spec.externalSecretName
      : object.name;
  const namespaces = (Array.isArray(spec.namespaces) ? spec.namespaces : []).filter(
    (n): n is string => typeof n === 'string',
  );
  return namespaces.map((namespace) => ({
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
