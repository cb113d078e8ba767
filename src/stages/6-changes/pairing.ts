import { idKey } from '../../model/identity.js';
import type { ManifestObject } from '../../model/types.js';
import { groupBy } from '../../model/collections.js';

/** The objects of one changed file at base and at head (a renamed file pairs its old and new paths). */
export interface FileVersions {
  base: ManifestObject[];
  head: ManifestObject[];
}

export interface Pairing {
  /** Head object → the same object at base (same kind, namespace and name). */
  baseOf: Map<ManifestObject, ManifestObject>;
  added: ManifestObject[];
  deleted: ManifestObject[];
}

/**
 * Matches objects across base and head: first within the same file, so that repositories holding the
 * same object in several bundles keep each copy apart; then across files, so that moving an object
 * to another file is not a deletion plus an addition.
 */
export function pairObjects(files: FileVersions[], key: (o: ManifestObject) => string = idKey): Pairing {
  const baseOf = new Map<ManifestObject, ManifestObject>();
  const leftBase: ManifestObject[] = [];
  const leftHead: ManifestObject[] = [];
  for (const file of files) {
    const { unmatchedBase, unmatchedHead } = match(file.base, file.head, baseOf, key);
    leftBase.push(...unmatchedBase);
    leftHead.push(...unmatchedHead);
  }
  const { unmatchedBase, unmatchedHead } = match(leftBase, leftHead, baseOf, key);
  return { baseOf, added: unmatchedHead, deleted: unmatchedBase };
}

function match(
  base: ManifestObject[],
  head: ManifestObject[],
  baseOf: Map<ManifestObject, ManifestObject>,
  key: (o: ManifestObject) => string,
) {
  const byKey = groupBy(base, key);
  const unmatchedHead: ManifestObject[] = [];
  for (const object of head) {
    const candidate = byKey.get(key(object))?.shift();
    if (candidate) baseOf.set(object, candidate);
    else unmatchedHead.push(object);
  }
  return { unmatchedBase: [...byKey.values()].flat(), unmatchedHead };
}
