import type { ConfigRef, ObjectId } from './types.js';

/**
 * The namespace rule. A reference resolves in its workload's namespace. A manifest without
 * `metadata.namespace` lands in whatever namespace it is applied to, so it can meet an object of
 * any namespace: we match it rather than miss a reference `kubectl apply -n` could make real, and
 * flag the match as assumed when exactly one side names a namespace. Two manifests that both omit
 * it are taken to be applied together (the common kustomize-base layout) and match without a flag.
 */
export function namespaceMatch(
  workloadNamespace: string | null,
  configNamespace: string | null,
): 'exact' | 'assumed' | null {
  if (workloadNamespace === configNamespace) return 'exact';
  if (workloadNamespace === null || configNamespace === null) return 'assumed';
  return null;
}

export function refersTo(ref: ConfigRef, config: ObjectId): boolean {
  return ref.kind === config.kind && ref.name === config.name;
}
