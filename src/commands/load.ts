import { parseManifests } from '../stages/3-documents/parse.js';
import type { Repository, Revision } from '../stages/1-git/repository.js';
import type { Diagnostic, ManifestObject } from '../model/types.js';
import { madeSecrets, selectsNamespaces } from '../stages/4-objects/made-secrets.js';

export interface Loaded {
  objects: Map<string, ManifestObject[]>;
  diagnostics: Diagnostic[];
}

/**
 * Reads and parses `paths` at `rev`; a path that does not exist there yields no objects. `scope`
 * bounds the search for Namespaces, when a ClusterExternalSecret needs them (`Settings.grepScope`).
 */
export async function loadObjects(
  repo: Repository,
  rev: Revision,
  paths: readonly string[],
  scope: readonly string[],
): Promise<Loaded> {
  const texts = await repo.readMany(rev, paths);
  const loaded: Loaded = { objects: new Map(), diagnostics: [] };
  const parsed = paths.flatMap((path, i) => (texts[i] === null ? [] : [parseManifests(path, texts[i]!)]));
  const objects = parsed.flatMap((p) => p.objects);
  const namespaces = selectsNamespaces(objects) ? await namespacesAt(repo, rev, objects, scope) : [];
  paths
    .filter((_, i) => texts[i] !== null)
    .forEach((path, i) => {
      // Secrets made by controllers from committed objects stand beside them, as configs.
      const made = madeSecrets(parsed[i].objects, namespaces, loaded.diagnostics);
      loaded.objects.set(path, [...parsed[i].objects, ...made]);
      loaded.diagnostics.push(...parsed[i].diagnostics);
    });
  return loaded;
}

/**
 * Every Namespace the repository defines at `rev`: a ClusterExternalSecret's label selectors pick
 * among them. Read only when one is loaded, so a change that touches none pays nothing.
 */
async function namespacesAt(
  repo: Repository,
  rev: Revision,
  loaded: readonly ManifestObject[],
  scope: readonly string[],
): Promise<ManifestObject[]> {
  const files = await repo.grep(rev, ['kind: Namespace', 'kind: "Namespace"', "kind: 'Namespace'"], scope);
  const texts = await repo.readMany(rev, files);
  return [
    ...loaded,
    ...files.flatMap((file, i) => (texts[i] === null ? [] : parseManifests(file, texts[i]!).objects)),
  ].filter((o) => o.kind === 'Namespace' && o.apiVersion === 'v1');
}
