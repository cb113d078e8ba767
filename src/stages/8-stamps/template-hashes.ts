import type { ConfigIndex } from '../../model/identity.js';
import type { Diagnostic, ManifestObject } from '../../model/types.js';
import { isRecord } from '../../model/values.js';
import type { PodTemplate } from '../4-objects/workloads.js';
import type { Consumer, ConsumingTemplate } from '../5-references/consumers.js';
import { canonicalContent, contentHash } from './hash-spec.js';

export interface HashOptions {
  /** The pod-template annotation that carries the hash. */
  annotation: string;
  /** HMAC key for the keyed mode, or null for plain SHA-256. */
  key: string | null;
}

export interface TemplateHash {
  template: ConsumingTemplate;
  /** What the annotation should say, or null when the template reads no config. */
  expected: string | null;
  /** What it says now, or null when it carries none. */
  actual: string | null;
}

/** Per pod template: a workload with several (a RayCluster's head and workers) hashes each on its own. */
export function templateHashes(
  workload: Consumer,
  configs: ConfigIndex,
  options: HashOptions,
  diagnostics: Diagnostic[] = [],
): TemplateHash[] {
  return workload.templates.map((template) => {
    const canonical = canonicalContent(workload.object, template.refs, configs, diagnostics);
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

/**
 * Whether a template's annotation disagrees with what it reads. A keyed hash cannot be checked
 * without the key: that is said once, not reported as stale.
 */
export function isStale(hash: TemplateHash, options: HashOptions): boolean | 'unverifiable' {
  if (hash.actual === null || hash.expected === null) return hash.actual !== null && hash.expected === null;
  if (hash.actual.startsWith('hmac-sha256:') && options.key === null) return 'unverifiable';
  return hash.actual !== hash.expected;
}

/**
 * The workloads among `workloads` whose hash annotation disagrees with what they read. A keyed hash
 * that cannot be verified without the key is said once per workload, not reported as stale.
 */
export function staleWorkloads(
  workloads: readonly Consumer[],
  configs: ConfigIndex,
  hash: HashOptions,
  diagnostics: Diagnostic[],
): Set<ManifestObject> {
  const stale = new Set<ManifestObject>();
  for (const workload of workloads) {
    if (!workload.templates.some((t) => annotationOf(t, hash.annotation) !== null)) continue;
    const verdicts = templateHashes(workload, configs, hash, diagnostics).map((h) => isStale(h, hash));
    if (verdicts.includes(true)) stale.add(workload.object);
    if (verdicts.includes('unverifiable'))
      diagnostics.push({
        file: workload.object.file,
        line: workload.object.line,
        severity: 'notice',
        message: `${workload.object.kind} ${workload.object.name}: its keyed (hmac-sha256) hash was not verified, as no hash key was given.`,
      });
  }
  return stale;
}
