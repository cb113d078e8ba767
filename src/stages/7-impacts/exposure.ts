import type { ConfigIndex } from '../../model/identity.js';
import type { ConfigKind, ConfigRef, Diagnostic } from '../../model/types.js';
import { logicalName } from '../2-sources/kustomize/origin.js';
import type { Consumer } from '../5-references/consumers.js';
import { CHECKSUM_LIKE } from './checksums.js';
import { annotationsOf, coverage, optOut, type TeamRules } from './reloaders.js';

export interface ExposureContext {
  hashAnnotation: string;
  /** The configs the workload reads, for their annotations (Reloader's opt-outs live there). */
  configs: ConfigIndex;
  rules: TeamRules;
}

/**
 * A workload whose next config change would lie dormant, whichever change it is: it rolls on a
 * template change, and some config it reads is tied to it by nothing (no content hash or checksum
 * on its pod template, no kustomize hash suffix on the name, no Reloader or Wave, no reload sidecar
 * or declared re-read on the volume it comes through, no opt-out). The rules `check` applies to a
 * change, applied to every config the workload reads. `scan --risks`.
 */
export function dormantExposure(workload: Consumer, context: ExposureContext): Diagnostic | null {
  const { object } = workload;
  if (!workload.behaviour.rolls) return null;
  const hashed = workload.templates.some((t) =>
    Object.keys(annotationsOf(t.template)).some((k) => CHECKSUM_LIKE.test(k) || k === context.hashAnnotation),
  );
  if (hashed) return null;
  const exposed = new Set<string>();
  for (const template of workload.templates) {
    // A hash-suffixed name is renamed, and its readers rewritten, on every content change.
    const reading = template.refs.filter(
      (r) =>
        r.delivery !== 'image-pull' && r.delivery !== 'unmounted' && logicalName(r.name, true) === r.name,
    );
    const byConfig = new Map<string, { kind: ConfigKind; name: string; refs: ConfigRef[] }>();
    for (const ref of reading) {
      const key = `${ref.kind} ${ref.name}`;
      byConfig.set(key, {
        kind: ref.kind,
        name: ref.name,
        refs: [...(byConfig.get(key)?.refs ?? []), ref],
      });
    }
    for (const [key, { kind, name, refs }] of byConfig) {
      const defined = context.configs.resolve(object, kind, name);
      const config = { kind, name, namespace: defined?.namespace ?? object.namespace };
      const annotations = defined ? annotationsOf(defined.body) : {};
      if (optOut(workload, [{ id: config, annotations }], context.rules) !== null) continue;
      const { uncovered } = coverage(workload, template, config, annotations, refs, context.rules);
      if (uncovered.length) exposed.add(key);
    }
  }
  if (exposed.size === 0) return null;
  const names = [...exposed];
  return {
    file: object.file,
    line: object.line,
    severity: 'notice',
    message:
      `${object.kind} ${object.name}: reads ${names.join(', ')} with no content hash, checksum or reloader on its pod ` +
      `template: a change to ${names.length === 1 ? 'it' : 'them'} will lie dormant until the pods are next replaced. ` +
      '`config-rollout-guard fix` stamps the hash.',
  };
}
