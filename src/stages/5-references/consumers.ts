import type { ConfigRef } from '../../model/types.js';
import type { PodTemplate, Workload } from '../4-objects/workloads.js';
import { extractRefs } from './extract.js';

export interface ConsumingTemplate extends PodTemplate {
  /** Every ConfigMap and Secret this template's pod spec reads, computed once. */
  refs: ConfigRef[];
}

/** A workload with the references of each of its pod templates: what every later stage works on. */
export interface Consumer extends Omit<Workload, 'templates'> {
  templates: ConsumingTemplate[];
}

export function consumerOf(workload: Workload): Consumer {
  return {
    ...workload,
    templates: workload.templates.map((t) => ({ ...t, refs: extractRefs(t.template.spec) })),
  };
}
