import { sameLocation } from '../../model/identity.js';
import type { Delivery, Diagnostic, Impact } from '../../model/types.js';
import { field, isRecord } from '../../model/values.js';
import type { Consumer } from '../5-references/consumers.js';

/**
 * What a reviewer should know about a rollout this change starts: old and new config side by side
 * while it runs, pods that take traffic before they are ready, downtime, and rollouts that stop
 * part-way. Notices only: they never fail a run.
 */
export function rolloutNotes(impacts: readonly Impact[], workloads: readonly Consumer[]): Diagnostic[] {
  return impacts
    .filter((i) => i.status === 'rolling')
    .flatMap((impact) => {
      const workload = workloads.find(
        (w) => sameLocation(w.object, impact.workload) && w.object.name === impact.workload.name,
      );
      return workload ? rolloutRisks(workload, impact.delivery) : [];
    });
}

/** The risks of rolling one workload, whichever change starts it (`scan --risks` asks without one). */
export function rolloutRisks(workload: Consumer, delivery: readonly Delivery[]): Diagnostic[] {
  const notes: Diagnostic[] = [];
  const { object } = workload;
  const note = (message: string) =>
    notes.push({
      file: object.file,
      line: object.line,
      severity: 'notice',
      message: `${object.kind} ${object.name}: ${message}`,
    });
  const spec = isRecord(object.body.spec) ? object.body.spec : {};
  const replicas = typeof spec.replicas === 'number' ? spec.replicas : 1;
  if (object.kind === 'Deployment') {
    const strategy = isRecord(spec.strategy) ? spec.strategy : {};
    if (strategy.type === 'Recreate')
      note('strategy Recreate stops every pod before new ones start: downtime during the rollout.');
    else {
      const surge = count(field(strategy, 'rollingUpdate.maxSurge') ?? '25%', replicas, Math.ceil);
      const unavailable = count(
        field(strategy, 'rollingUpdate.maxUnavailable') ?? '25%',
        replicas,
        Math.floor,
      );
      if (unavailable >= replicas && replicas > 0)
        note(
          `maxUnavailable ${unavailable} reaches all ${replicas} replicas: every pod can be down at once during the rollout.`,
        );
      else if (replicas > 1) {
        const held = delivery.some((d) => d === 'env' || d === 'subPath')
          ? ' Old pods keep the old values until they are replaced.'
          : '';
        note(
          `while it rolls (${replicas} replicas, maxSurge ${surge}, maxUnavailable ${unavailable}) old and new config serve side by side: up to ${replicas + surge} pods at once, and requests can reach either.${held}`,
        );
      }
    }
  }
  if (object.kind === 'StatefulSet') {
    const partition = field(spec, 'updateStrategy.rollingUpdate.partition');
    if (typeof partition === 'number' && partition > 0)
      note(
        `partition ${partition}: only pods with an ordinal of ${partition} or more get the change until someone lowers it.`,
      );
  }
  for (const template of workload.templates) {
    const containers = field(template.template, 'spec.containers');
    for (const container of (Array.isArray(containers) ? containers : []).filter(isRecord))
      if (Array.isArray(container.ports) && container.ports.length && !container.readinessProbe)
        note(
          `container ${String(container.name)} declares ports but has no readinessProbe: new pods take traffic before they are ready.`,
        );
  }
  return notes;
}

/** A rolling-update bound, as kubectl computes it: an integer, or a percentage of the replicas. */
function count(value: unknown, replicas: number, round: (n: number) => number): number {
  if (typeof value === 'number') return value;
  const percent = /^(\d+)%$/.exec(String(value));
  return percent ? round((Number(percent[1]) / 100) * replicas) : 0;
}
