import { parseManifests } from '../stages/3-documents/parse.js';
import type { Repository, Revision } from '../stages/1-git/repository.js';
import type { Diagnostic, ManifestObject } from '../model/types.js';
import { madeSecrets } from '../stages/4-objects/made-secrets.js';

export interface Loaded {
  objects: Map<string, ManifestObject[]>;
  diagnostics: Diagnostic[];
}

/** Reads and parses `paths` at `rev`; a path that does not exist there yields no objects. */
export async function loadObjects(
  repo: Repository,
  rev: Revision,
  paths: readonly string[],
): Promise<Loaded> {
  const texts = await repo.readMany(rev, paths);
  const loaded: Loaded = { objects: new Map(), diagnostics: [] };
  paths.forEach((path, i) => {
    const text = texts[i];
    if (text === null) return;
    const parsed = parseManifests(path, text);
    // Secrets made by controllers from committed objects stand beside them, as configs.
    loaded.objects.set(path, [...parsed.objects, ...madeSecrets(parsed.objects)]);
    loaded.diagnostics.push(...parsed.diagnostics);
  });
  return loaded;
}
