import { objectName } from '../model/identity.js';
import type { Unjudged } from '../model/not-checked.js';
import type { ConfigChange, ManifestObject } from '../model/types.js';
import type { Repository, Revision } from '../stages/1-git/repository.js';
import { parseManifests } from '../stages/3-documents/parse.js';
import type { ControllerIndex } from '../stages/2-sources/controllers.js';
import { spelledVariables, substitutions, type Substitution } from '../stages/7-impacts/substitution.js';
import { SECRET_MAKERS } from '../stages/4-objects/made-secrets.js';
import type { Settings } from './options.js';

/** What takes a substituted value and can change a workload's config: configs, what makes Secrets, chart values. */
const TAKERS = ['ConfigMap', 'Secret', 'HelmRelease', ...SECRET_MAKERS];

/**
 * The configs whose content this change moves in the cluster through Flux post-build substitution
 * (see `substitutions`), each not checked with the variables it takes and where from. The Flux
 * Kustomizations are among the objects the check already read (`known`: the changed files, those
 * that name a changed config, and what discovery read for a config only a render changes); a grep
 * at head, only when some value moves, finds what spells a moved variable.
 */
export async function substitutedConfigs(
  repo: Repository,
  head: Revision,
  changes: readonly ConfigChange[],
  known: {
    head: readonly ManifestObject[];
    base: readonly ManifestObject[];
    /** The changed files at head, whose Kustomizations are compared with their base. */
    changed: ReadonlySet<string>;
    names: ReadonlySet<string>;
    /** What discovery read at head: a config only a render changes is a rendered root's. */
    controllers: (() => Promise<ControllerIndex>) | null;
  },
  settings: Settings,
): Promise<Unjudged[]> {
  const unsearched = [...new Set(changes.map((c) => c.name))].filter((n) => !known.names.has(n));
  const found =
    unsearched.length && known.controllers ? (await known.controllers()).spelling(unsearched) : [];
  const kustomizations = [...known.head, ...found].filter((o) => o.kind === 'Kustomization');
  const moved = substitutions(kustomizations, changes, (k) =>
    known.changed.has(k.file)
      ? known.base.find((o) => o.kind === k.kind && o.name === k.name && o.namespace === k.namespace)
      : k,
  );
  if (moved.length === 0) return [];
  // What each applies: its kustomization's closure, or every file under it (Flux makes a
  // kustomization of them when the directory has none).
  const closures = await (
    await import('./rendered/part.js')
  ).kustomizeClosures(repo, head, settings, [...new Set(moved.map((s) => s.path))]);
  const applies = (s: Substitution, file: string) =>
    closures.get(s.path)?.has(file) ?? (s.path === '' || file.startsWith(`${s.path}/`));
  const variables = [...new Set(moved.flatMap((s) => [...s.variables.keys()]))];
  const files = (
    await repo.grep(
      head,
      variables.map((v) => `\${${v}`),
      settings.grepScope,
    )
  ).filter((f) => settings.selected(f) && moved.some((s) => applies(s, f)));
  const texts = await repo.readMany(head, files);
  const entries: Unjudged[] = [];
  files.forEach((file, i) => {
    const text = texts[i];
    if (text === null) return;
    const parsed = parseManifests(file, text).objects;
    // A file of no object (a generator's input, a values file) is substituted where it lands.
    const takers = parsed.length ? parsed.filter((o) => TAKERS.includes(o.kind)) : [null];
    for (const object of takers) {
      for (const s of moved.filter((m) => applies(m, file))) {
        const spelled = spelledVariables(object?.body ?? text, [...s.variables.keys()]);
        if (spelled.length === 0) continue;
        const sources = [...new Set(spelled.map((v) => s.variables.get(v)!))].join(' and ');
        const what = object ? `${object.kind} ${objectName(object)}` : file;
        entries.push({
          kind: 'file',
          name: file,
          file,
          line: object?.line ?? lineOfVariable(text, spelled[0]),
          reason: 'substituted',
          side: 'head',
          message: `${what} takes ${spelled.map((v) => `\${${v}}`).join(', ')} from ${sources}, whose value this change moves, by Flux post-build substitution (Kustomization ${objectName(s.kustomization)}); this check does not substitute, so what that changes in the cluster is not checked.`,
        });
        break;
      }
    }
  });
  return entries;
}

/** The 1-based line where a text first spells `${variable}`. */
const lineOfVariable = (text: string, variable: string): number =>
  text.slice(0, text.indexOf(`\${${variable}`)).split('\n').length;
