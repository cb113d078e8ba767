import { namespaceMatch, objectName } from '../../model/identity.js';
import type { ConfigChange, ManifestObject } from '../../model/types.js';
import { field, isRecord } from '../../model/values.js';
import { repoPath } from '../2-sources/paths.js';
import { changedKeys } from '../6-changes/diff.js';

// Flux post-build substitution: a Flux Kustomization replaces `${VAR}` in what it applies with the
// values of `postBuild.substitute` and of the ConfigMaps and Secrets `postBuild.substituteFrom`
// names. A change to such a value changes every config that spells the variable, in the cluster
// only: the files stay as written, so no diff shows it and nothing rolls the pods that read them.

/** A Flux Kustomization whose variables this change moves. */
export interface Substitution {
  kustomization: ManifestObject;
  /** The directory it applies (`spec.path`), in this repository ('' for the top). */
  path: string;
  /** Each variable whose value moves, with where the value comes from. */
  variables: Map<string, string>;
}

/** What Flux accepts as a variable name; a key such as `app.conf` is never one. */
const VARIABLE = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
const FLUX_KUSTOMIZATION = 'kustomize.toolkit.fluxcd.io/';
/** Objects Flux leaves as written (annotation or label). */
const DISABLED = 'kustomize.toolkit.fluxcd.io/substitute';

/**
 * The Flux Kustomizations at head (`kustomizations`) whose substituted values this change moves:
 * a changed config one names in `substituteFrom`, or its own `substitute` map against `before`
 * (itself when its file did not change; undefined when it is new, and what it applies is new too).
 */
export function substitutions(
  kustomizations: readonly ManifestObject[],
  changes: readonly ConfigChange[],
  before: (kustomization: ManifestObject) => ManifestObject | undefined,
): Substitution[] {
  return kustomizations.flatMap((k): Substitution[] => {
    if (k.kind !== 'Kustomization' || !k.apiVersion.startsWith(FLUX_KUSTOMIZATION)) return [];
    const path = repoPath(field(k.body, 'spec.path') ?? '');
    if (path === null) return [];
    const variables = new Map<string, string>();
    const from = field(k.body, 'spec.postBuild.substituteFrom');
    for (const entry of Array.isArray(from) ? from : []) {
      if (!isRecord(entry)) continue;
      // Flux reads them in the Kustomization's namespace; every copy of the config that changed counts.
      for (const change of changes.filter(
        (c) => c.kind === entry.kind && c.name === entry.name && namespaceMatch(k.namespace, c.namespace),
      ))
        for (const key of changedKeys(change))
          if (VARIABLE.test(key)) variables.set(key, `${change.kind} ${objectName(change)}`);
    }
    const inline = (o: ManifestObject) => {
      const map = field(o.body, 'spec.postBuild.substitute');
      return isRecord(map) ? map : {};
    };
    const previous = before(k);
    const [was, is] = [inline(previous ?? k), inline(k)];
    for (const key of new Set([...Object.keys(was), ...Object.keys(is)]))
      if (VARIABLE.test(key) && String(was[key]) !== String(is[key]))
        variables.set(key, `its own postBuild.substitute`);
    return variables.size ? [{ kustomization: k, path, variables }] : [];
  });
}

/**
 * The variables of `variables` that an object's body, or a file's text, spells as Flux substitutes
 * them (`$${VAR}` is an escape); none in an object Flux leaves as written.
 */
export function spelledVariables(
  spelling: Record<string, unknown> | string,
  variables: readonly string[],
): string[] {
  if (typeof spelling !== 'string') {
    const metadata = isRecord(spelling.metadata) ? spelling.metadata : {};
    const marked = [metadata.annotations, metadata.labels].some(
      (m) => isRecord(m) && m[DISABLED] === 'disabled',
    );
    if (marked) return [];
  }
  const text = typeof spelling === 'string' ? spelling : JSON.stringify(spelling);
  return variables.filter((v) => new RegExp(`(?<!\\$)\\$\\{${v}(?![A-Za-z0-9_])`).test(text));
}
