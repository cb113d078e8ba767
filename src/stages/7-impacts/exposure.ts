import type { ConfigIndex } from '../../model/identity.js';
import type { Diagnostic } from '../../model/types.js';
import { logicalName } from '../2-sources/kustomize/origin.js';
import type { Consumer } from '../5-references/consumers.js';
import { CHECKSUM_LIKE } from './checksums.js';
import { annotationsOf, undelivered, type TeamRules } from './reloaders.js';

export interface ExposureContext {
  hashAnnotation: string;
  /** The configs the workload reads, for their annotations (Reloader's opt-outs live there). */
  configs: ConfigIndex;
  rules: TeamRules;
}

/**
 * A workload whose next config change would lie dormant, whichever change it is: it rolls on a
 * template change, carries no content hash or checksum on its pod template, and some config it
 * reads has no kustomize hash suffix (renamed, and its readers rewritten, on every content change)
 * and nothing else that delivers a change (`undelivered`). `scan --risks`.
 */
export function dormantExposure(workload: Consumer, context: ExposureContext): Diagnostic | null {
  const { object } = workload;
  if (!workload.behaviour.rolls) return null;
  const hashed = workload.templates.some((t) =>
    Object.keys(annotationsOf(t.template)).some((k) => CHECKSUM_LIKE.test(k) || k === context.hashAnnotation),
  );
  if (hashed) return null;
  const names = undelivered(workload, context.configs, context.rules)
    .filter((c) => logicalName(c.name, true) === c.name)
    .map((c) => `${c.kind} ${c.name}`);
  if (names.length === 0) return null;
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
