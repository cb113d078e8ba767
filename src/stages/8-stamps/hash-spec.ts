import { compareText } from '../../model/text.js';
import { createHash, createHmac } from 'node:crypto';
import stringify from 'fast-json-stable-stringify';
import { configContent } from '../4-objects/configs.js';
import type { ConfigIndex } from '../../model/identity.js';
import type { ConfigKind, ConfigRef, Diagnostic, ManifestObject } from '../../model/types.js';

/** One consumed ConfigMap or Secret in the canonical form of hash spec v1. */
export type CanonicalConfig =
  | { kind: ConfigKind; namespace: string | null; name: string; present: false }
  | {
      kind: ConfigKind;
      namespace: string | null;
      name: string;
      present: true;
      data: Record<string, string>;
      binaryData?: Record<string, string>;
    };

export interface Canonical {
  version: 1;
  configs: CanonicalConfig[];
}

/**
 * Exactly the content a workload's pods read: per referenced object, only the consumed keys (all of
 * them for envFrom and whole volumes), each as the SHA-256 of its bytes. Image pull secrets and
 * unmounted volumes are not read by the pods and do not count; reference order and duplicates
 * cannot change the result, and metadata never enters it.
 */
export function canonicalContent(
  workload: ManifestObject,
  refs: readonly ConfigRef[],
  configs: ConfigIndex,
  diagnostics: Diagnostic[] = [],
): Canonical | null {
  const consumed = new Map<string, { kind: ConfigKind; name: string; keys: Set<string> | null }>();
  for (const ref of refs) {
    if (ref.delivery === 'image-pull' || ref.delivery === 'unmounted') continue;
    const id = `${ref.kind}/${ref.name}`;
    const seen = consumed.get(id) ?? { kind: ref.kind, name: ref.name, keys: new Set<string>() };
    if (ref.keys === null || seen.keys === null) seen.keys = null;
    else ref.keys.forEach((key) => seen.keys!.add(key));
    consumed.set(id, seen);
  }
  if (consumed.size === 0) return null;

  const canonical = [...consumed.values()].map(({ kind, name, keys }): CanonicalConfig => {
    const object = configs.resolve(workload, kind, name);
    const namespace = object?.namespace ?? workload.namespace;
    if (!object) return { kind, namespace, name, present: false };
    const data: Record<string, string> = {};
    const binaryData: Record<string, string> = {};
    for (const [key, entry] of configContent(object, diagnostics).entries) {
      if (keys !== null && !keys.has(key)) continue;
      (entry.field === 'data' ? data : binaryData)[key] = entry.sha256;
    }
    return Object.keys(binaryData).length
      ? { kind, namespace, name, present: true, data, binaryData }
      : { kind, namespace, name, present: true, data };
  });
  canonical.sort(
    (a, b) =>
      compareText(a.kind, b.kind) ||
      compareText(a.namespace ?? '', b.namespace ?? '') ||
      compareText(a.name, b.name),
  );
  return { version: 1, configs: canonical };
}

/**
 * `sha256:<hex>` of the canonical JSON, or `hmac-sha256:<hex>` with a key: a plain digest of a
 * low-entropy Secret value on a pod spec can be brute-forced by anyone who can read the pod spec.
 */
export function contentHash(canonical: Canonical, key: string | null = null): string {
  const json = stringify(canonical);
  return key
    ? `hmac-sha256:${createHmac('sha256', key).update(json).digest('hex')}`
    : `sha256:${createHash('sha256').update(json).digest('hex')}`;
}
