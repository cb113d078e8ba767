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
export function dormantExposure(workload: Consumer, context: ExposureContext): Diagnostic[] {
  const { object } = workload;
  if (!workload.behaviour.rolls) return [];
  const hashed = workload.templates.some((t) =>
    Object.keys(annotationsOf(t.template)).some((k) => CHECKSUM_LIKE.test(k) || k === context.hashAnnotation),
  );
  const exposed = undelivered(workload, context.configs, context.rules).filter(
    (c) => logicalName(c.name, true) === c.name,
  );
  // A config the repository does not hold (an operator issues it, or it is made in the cluster)
  // changes without Git knowing: no hash in Git can follow it, whatever the template carries.
  const absent = exposed.filter((c) => !context.configs.resolve(object, c.kind, c.name));
  const present = hashed ? [] : exposed.filter((c) => !absent.includes(c));
  const at = { file: object.file, line: object.line, severity: 'notice' as const };
  const list = (configs: typeof exposed) => configs.map((c) => `${c.kind} ${c.name}`).join(', ');
  return [
    ...(present.length
      ? [
          {
            ...at,
            message:
              `${object.kind} ${object.name}: reads ${list(present)} with no content hash, checksum or reloader on its pod ` +
              `template: a change to ${present.length === 1 ? 'it' : 'them'} will lie dormant until the pods are next replaced. ` +
              '`config-rollout-guard fix` stamps the hash.',
          },
        ]
      : []),
    ...(absent.length
      ? [
          {
            ...at,
            message:
              `${object.kind} ${object.name}: reads ${list(absent)}, which ${absent.length === 1 ? 'is' : 'are'} not in this repository ` +
              '(issued in the cluster, by an operator such as cert-manager, or by hand): a hash in Git cannot follow a change there. ' +
              'Let Reloader roll it (reloader.stakater.com/auto), or have the operator that issues it restart its readers.',
          },
        ]
      : []),
  ];
}
