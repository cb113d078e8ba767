import { isRecord } from '../3-documents/parse.js';
import { isConfig } from '../4-objects/configs.js';
import type { PodTemplate, Workload } from '../4-objects/workloads.js';
import { extractRefs } from '../5-references/extract.js';
import type { ConfigKind, Diagnostic, ManifestObject } from '../../model/types.js';
import { canonicalContent, contentHash, type ConfigLookup } from './hash-spec.js';

export interface HashOptions {
  /** The pod-template annotation that carries the hash. */
  annotation: string;
  /** HMAC key for the keyed mode, or null for plain SHA-256. */
  key: string | null;
}

export interface TemplateHash {
  template: PodTemplate;
  /** What the annotation should say, or null when the template reads no config. */
  expected: string | null;
  /** What it says now, or null when it carries none. */
  actual: string | null;
}

/** Per pod template: a workload with several (a RayCluster's head and workers) hashes each on its own. */
export function templateHashes(
  workload: Workload,
  lookup: ConfigLookup,
  options: HashOptions,
  diagnostics: Diagnostic[] = [],
): TemplateHash[] {
  return workload.templates.map((template) => {
    const canonical = canonicalContent(
      workload.object,
      extractRefs(template.template.spec),
      lookup,
      diagnostics,
    );
    return {
      template,
      expected: canonical ? contentHash(canonical, options.key) : null,
      actual: annotationOf(template, options.annotation),
    };
  });
}

export function annotationOf(template: PodTemplate, key: string): string | null {
  const metadata = template.template.metadata;
  const annotations = isRecord(metadata) ? metadata.annotations : undefined;
  const value = isRecord(annotations) ? annotations[key] : undefined;
  return typeof value === 'string' ? value : null;
}

/** Every ConfigMap and Secret among `objects`, by kind and name. */
export function configLookup(objects: Iterable<ManifestObject>): ConfigLookup {
  const byName = new Map<string, ManifestObject[]>();
  for (const object of objects) {
    if (!isConfig(object)) continue;
    const key = `${object.kind}/${object.name}`;
    byName.set(key, [...(byName.get(key) ?? []), object]);
  }
  return (kind: ConfigKind, name: string) => byName.get(`${kind}/${name}`) ?? [];
}

/**
 * Whether a template's annotation disagrees with what it reads. A keyed hash cannot be checked
 * without the key: that is said once, not reported as stale.
 */
export function isStale(hash: TemplateHash, options: HashOptions): boolean | 'unverifiable' {
  if (hash.actual === null || hash.expected === null) return hash.actual !== null && hash.expected === null;
  if (hash.actual.startsWith('hmac-sha256:') && options.key === null) return 'unverifiable';
  return hash.actual !== hash.expected;
}
