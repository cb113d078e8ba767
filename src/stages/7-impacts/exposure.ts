import type { Diagnostic } from '../../model/types.js';
import { logicalName } from '../2-sources/kustomize/origin.js';
import type { Consumer } from '../5-references/consumers.js';
import { CHECKSUM_LIKE } from './checksums.js';
import { annotationsOf, managedElsewhere } from './reloaders.js';

/**
 * A workload whose next config change would lie dormant, whichever change it is: it rolls on a
 * template change, reads configs, and nothing ties the two (no content hash or checksum on its pod
 * template, no kustomize hash suffix on every config it reads, no Reloader or Wave). `scan --risks`.
 */
export function dormantExposure(workload: Consumer, hashAnnotation: string): Diagnostic | null {
  const { object } = workload;
  if (!workload.behaviour.rolls || managedElsewhere(workload)) return null;
  const refs = workload.templates
    .flatMap((t) => t.refs)
    .filter((r) => r.delivery !== 'image-pull' && r.delivery !== 'unmounted');
  if (refs.length === 0) return null;
  const hashed = workload.templates.some((t) =>
    Object.keys(annotationsOf(t.template)).some((k) => CHECKSUM_LIKE.test(k) || k === hashAnnotation),
  );
  // A hash-suffixed name is renamed, and its readers rewritten, on every content change.
  if (hashed || refs.every((r) => logicalName(r.name, true) !== r.name)) return null;
  const names = [...new Set(refs.map((r) => `${r.kind} ${r.name}`))];
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
