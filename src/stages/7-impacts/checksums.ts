import type { ConfigIndex } from '../../model/identity.js';
import type { Diagnostic, ManifestObject } from '../../model/types.js';
import { asWorkload } from '../4-objects/workloads.js';
import type { Consumer } from '../5-references/consumers.js';
import { annotationsOf, managedElsewhere, undelivered, type TeamRules } from './reloaders.js';

/** Helm's documented cure, and its spellings: `checksum/config`, `configHash`, our own stamp. */
export const CHECKSUM_LIKE = /checksum|hash/i;

export interface ChecksumContext {
  /** The workload's template file text, to point at the annotation's own line. */
  template: (workload: ManifestObject) => string | null;
  /** The pod-template annotations of the same workload rendered with only the chart version changed. */
  afterVersionBump: (workload: ManifestObject) => Record<string, string>[] | null;
  hashAnnotation: string;
  rules: TeamRules;
}

/**
 * What a chart's own checksum annotations get wrong, as notices on the workload template: none on a
 * pod template that reads a config the chart renders (its changes never roll the pods); a
 * `checksum/*` on the workload's own metadata (Kubernetes rolls only on pod-template changes); a
 * checksum that moves with the chart version (it hashes labels, so every upgrade restarts the pods).
 */
export function checksumNotices(
  workloads: readonly Consumer[],
  configs: ConfigIndex,
  context: ChecksumContext,
): Diagnostic[] {
  const notices: Diagnostic[] = [];
  for (const workload of workloads) {
    const object = workload.object;
    if (!workload.behaviour.rolls || managedElsewhere(workload)) continue;
    const read: string[] = [
      ...new Map(
        workload.templates
          .flatMap((t) => t.refs)
          .filter((r) => r.delivery !== 'image-pull' && r.delivery !== 'unmounted')
          .flatMap((r) => configs.resolve(object, r.kind, r.name) ?? [])
          .map((c) => [`${c.kind} ${c.name}`, c] as const),
      ).keys(),
    ];
    if (read.length === 0) continue;
    // A config a reload sidecar (or the application, or Reloader for that config) already delivers needs no checksum.
    const exposed = undelivered(workload, configs, context.rules)
      .map((c) => `${c.kind} ${c.name}`)
      .filter((c) => read.includes(c));
    const text = context.template(object);
    const lineOf = (key: string) => {
      const at = text?.split('\n').findIndex((l) => l.includes(key)) ?? -1;
      return at < 0 ? object.line : at + 1;
    };
    const notice = (line: number, message: string) =>
      notices.push({
        file: object.file,
        line,
        severity: 'notice',
        message: `${object.kind} ${object.name}: ${message}`,
      });

    for (const key of Object.keys(annotationsOf(object.body)).filter((k) => k.startsWith('checksum/')))
      notice(
        lineOf(key),
        `${key} is on the ${object.kind}'s own metadata, where it never rolls the pods: move it under spec.template.metadata.annotations.`,
      );
    const bumped = context.afterVersionBump(object);
    workload.templates.forEach((t, i) => {
      const annotations = annotationsOf(t.template);
      const sums = Object.keys(annotations).filter(
        (k) => CHECKSUM_LIKE.test(k) || k === context.hashAnnotation,
      );
      if (sums.length === 0) {
        if (exposed.length)
          notice(
            object.line,
            `reads ${exposed.join(', ')} rendered by the chart, and its pod template has no checksum annotation: a change to ${exposed.length === 1 ? 'it' : 'them'} will not roll the pods. Add a data-only checksum (config-rollout-guard fix does, for a change it finds dormant).`,
          );
        return;
      }
      // One note for the template: its checksums are written alike, and mended alike.
      const moving = sums.filter((k) => bumped?.[i] && bumped[i][k] !== annotations[k]);
      if (moving.length)
        notice(
          lineOf(moving[0]),
          `${moving.join(', ')} ${moving.length === 1 ? 'changes' : 'change'} when only the chart version changes, so ${moving.length === 1 ? 'it restarts' : 'they restart'} the pods on every chart upgrade: hash only the data, e.g. (include … | fromYaml).data | toJson | sha256sum.`,
        );
    });
  }
  return notices;
}

/** The pod-template annotations of each workload of a render, looked up by kind and name. */
export function versionBumped(objects: readonly ManifestObject[]): ChecksumContext['afterVersionBump'] {
  return (workload) => {
    const twin = objects.find((o) => o.kind === workload.kind && o.name === workload.name);
    const templates = twin ? asWorkload(twin)?.templates : null;
    return templates ? templates.map((t) => annotationsOf(t.template) as Record<string, string>) : null;
  };
}
