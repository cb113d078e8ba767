import { sameLocation, summarise } from '../../model/identity.js';
import type { Delivery, Diagnostic, Impact } from '../../model/types.js';
import { field, isRecord } from '../../model/values.js';
import { lineAt } from '../3-documents/positions.js';
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

/**
 * The risks of rolling one workload, whichever change starts it (`scan --risks` asks without one,
 * `fix` for each workload it stamps). Each note sits on the line that sets what it is about.
 */
export function rolloutRisks(workload: Consumer, delivery: readonly Delivery[]): Diagnostic[] {
  const notes: Diagnostic[] = [];
  const { object } = workload;
  const note = (message: string, ...at: string[]) =>
    notes.push({
      file: object.file,
      line: lineAt(object, ...at),
      severity: 'notice',
      message: `${object.kind} ${object.name}: ${message}`,
      workload: summarise(object),
    });
  const spec = isRecord(object.body.spec) ? object.body.spec : {};
  const replicas = typeof spec.replicas === 'number' ? spec.replicas : 1;
  const held = delivery.some((d) => d === 'env' || d === 'subPath' || d === 'init')
    ? ' Old pods keep the old values until they are replaced.'
    : '';
  const settled =
    typeof spec.minReadySeconds === 'number' && spec.minReadySeconds > 0
      ? `, minReadySeconds ${spec.minReadySeconds}`
      : '';
  const side = 'old and new config serve side by side';

  if (object.kind === 'Deployment') {
    const strategy = isRecord(spec.strategy) ? spec.strategy : {};
    if (strategy.type === 'Recreate')
      note(
        'strategy Recreate stops every pod before new ones start: downtime during the rollout.',
        'spec.strategy.type',
      );
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
          'spec.strategy.rollingUpdate.maxUnavailable',
          'spec.replicas',
        );
      else if (replicas > 1)
        note(
          `while it rolls (${replicas} replicas, maxSurge ${surge}, maxUnavailable ${unavailable}${settled}) ${side}: up to ${replicas + surge} pods at once, and requests can reach either.${held}`,
          'spec.replicas',
          'spec.strategy',
        );
    }
  }
  if (object.kind === 'StatefulSet') {
    const partition = field(spec, 'updateStrategy.rollingUpdate.partition');
    if (typeof partition === 'number' && partition > 0)
      note(
        `partition ${partition}: only pods with an ordinal of ${partition} or more get the change until someone lowers it.`,
        'spec.updateStrategy.rollingUpdate.partition',
      );
    else if (replicas > 1)
      note(
        `while it rolls (${replicas} replicas, replaced one at a time from the highest ordinal${settled}) ${side}, and requests can reach either.${held}`,
        'spec.replicas',
      );
  }
  if (object.kind === 'Rollout') {
    // Argo Rollouts: a pause with no duration, or a blue-green with auto-promotion off, waits for a person.
    const steps = field(spec, 'strategy.canary.steps');
    const waits = (Array.isArray(steps) ? steps : []).findIndex(
      (s) => isRecord(s) && isRecord(s.pause) && s.pause.duration === undefined,
    );
    if (waits >= 0)
      note(
        `canary step ${waits + 1} pauses with no duration: the change reaches only the canary's share of pods until someone promotes it.`,
        `spec.strategy.canary.steps[${waits}]`,
      );
    if (field(spec, 'strategy.blueGreen.autoPromotionEnabled') === false)
      note(
        'blueGreen autoPromotionEnabled false: the new pods take no live traffic until someone promotes them.',
        'spec.strategy.blueGreen.autoPromotionEnabled',
      );
  }
  for (const template of workload.templates) {
    const containers = field(template.template, 'spec.containers');
    for (const container of (Array.isArray(containers) ? containers : []).filter(isRecord))
      if (Array.isArray(container.ports) && container.ports.length && !container.readinessProbe)
        note(
          `container ${String(container.name)} declares ports but has no readinessProbe: new pods take traffic before they are ready.`,
          `${template.path}.spec.containers[${String(container.name)}]`,
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
