import { plainType } from '../3-documents/lines.js';
import { apiGroup, type PodTemplatePaths } from './workloads.js';

/**
 * Built-in kinds that hold no config, run no pods and declare no root, by API group. Named by group
 * too: Knative's `serving.knative.dev` Service runs pods. Namespaces are not among them: a build's
 * namespaces are read first, for the objects placed in them.
 */
const INERT: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    '': [
      'Service',
      'ServiceAccount',
      'Endpoints',
      'PersistentVolumeClaim',
      'PersistentVolume',
      'LimitRange',
      'ResourceQuota',
    ],
    'networking.k8s.io': ['Ingress', 'IngressClass', 'NetworkPolicy'],
    'discovery.k8s.io': ['EndpointSlice'],
    'rbac.authorization.k8s.io': ['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding'],
    policy: ['PodDisruptionBudget'],
    autoscaling: ['HorizontalPodAutoscaler'],
    'scheduling.k8s.io': ['PriorityClass'],
    'storage.k8s.io': ['StorageClass'],
  }),
);

/**
 * The type a document that cannot be parsed writes plainly (`plainType`) when it is inert, or null:
 * such a document hides nothing a check asks about. A kind given pod-template paths runs pods,
 * whatever its group.
 */
export function inertType(
  document: string,
  custom: PodTemplatePaths,
): { apiVersion: string; kind: string } | null {
  const type = plainType(document);
  return type && INERT.get(apiGroup(type.apiVersion))?.includes(type.kind) && !custom.has(type.kind)
    ? type
    : null;
}
