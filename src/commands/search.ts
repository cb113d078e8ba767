import { posix } from 'node:path';
import { idKey } from '../model/identity.js';
import type { FileChange, Repository, Revision } from '../stages/1-git/repository.js';
import { declaringFilesAt } from '../stages/2-sources/declaring.js';
import { JSONNET_FILES } from '../stages/2-sources/jsonnet.js';
import { repoPath } from '../stages/2-sources/paths.js';
import { mayRenderFrom, pluginFiles } from '../stages/2-sources/plugins.js';
import { skimConfigs, type SkimmedConfig } from '../stages/3-documents/lines.js';
import { SECRET_MAKERS } from '../stages/4-objects/made-secrets.js';
import { WATCHER_WORD } from '../stages/5-references/extract.js';
import type { Settings } from './options.js';

/**
 * What the search at head looks for: the changed configs' names (what reads them), the changed
 * files' names (what may build them), `workloadRef` (an Argo Rollout that borrows a Deployment's
 * pods), and a watching sidecar's word when a changed config has labels (it never names one).
 * Nothing changed, nothing to look for.
 */
export function needlesFor(
  configNames: readonly string[],
  changedPaths: readonly string[],
  watched: boolean,
): string[] {
  if (configNames.length + changedPaths.length === 0) return [];
  return [
    ...new Set([...configNames, ...changedPaths.map((p) => posix.basename(p)), 'workloadRef']),
    ...(watched ? [WATCHER_WORD] : []),
  ];
}

/**
 * Where the search at head looks: the manifests, and jsonnet, which may import a changed file or
 * name a changed config (`unrunInputs`). An empty scope is every file already.
 */
export const headScope = (scope: readonly string[]): string[] =>
  scope.length ? [...scope, ...JSONNET_FILES] : [];

/** Changed files skimmed at most: past them, the search waits for the parse. */
const SKIMMED_FILES = 32;
const SKIMMED_BYTES = 256 * 1024;

/** The files that mark a root. */
const ROOT_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization', 'Chart.yaml', 'Chart.lock'];
export const isRootFile = (path: string) => ROOT_FILES.includes(posix.basename(path));

/**
 * Whether a change touches a rendered root by its paths alone: a changed file that is a root file
 * or a values file of a release the configuration declares (`charts:`), or a root file in a
 * directory above a changed file, at either revision. Trees answer it, before the engine loads.
 */
export async function touchesRootsByPath(
  repo: Repository,
  base: string,
  head: Revision,
  changedPaths: readonly string[],
  settings: Pick<Settings, 'charts'>,
): Promise<boolean> {
  const declaredValues = new Set(
    settings.charts.flatMap((c) => (c.values ?? []).flatMap((f) => repoPath(f) ?? [])),
  );
  if (changedPaths.some((p) => isRootFile(p) || declaredValues.has(p))) return true;
  const above = new Set<string>();
  for (const path of changedPaths)
    for (let d = posix.dirname(path); ; d = posix.dirname(d)) {
      for (const name of ROOT_FILES) above.add(d === '.' ? name : `${d}/${name}`);
      if (d === '.') break;
    }
  const found = await Promise.all([base, head].map((rev) => repo.existing(rev, [...above])));
  return found.some((paths) => paths.length > 0);
}

/** What discovery asks git at both revisions (the trees, the declaring files), begun for later. */
export function beginDiscovery(
  repo: Repository,
  base: string,
  head: Revision,
  scope: readonly string[],
): void {
  for (const begun of [
    ...[base, head].map((rev) => repo.listFiles(rev)),
    ...declaringFilesAt(repo, [base, head], scope),
  ])
    begun.catch(() => undefined);
}

/**
 * Begins what a check asks git first while the engine loads (about 30 ms to compile) and parses
 * the changed files (yaml's first parse, 10–20 ms): the search at head, the longest step of a
 * plain check; discovery, where the changed paths touch a root; else the search for what may
 * declare a plugin, where a changed file is no manifest. Their askers get these answers
 * (`Repository.grep`, `listFiles`).
 */
export async function searchEarly(
  repo: Repository,
  base: string,
  head: Revision,
  changes: readonly FileChange[],
  settings: Pick<Settings, 'selected' | 'grepScope' | 'render' | 'charts'>,
): Promise<void> {
  const paths = changes.flatMap((f) => [f.basePath, f.headPath].filter((p) => p !== null));
  const touching =
    settings.render === 'off'
      ? false
      : touchesRootsByPath(repo, base, head, paths, settings).catch(() => false);
  await searchHead(repo, base, head, changes, settings);
  if (await touching) {
    beginDiscovery(repo, base, head, settings.grepScope);
    return;
  }
  // Where discovery runs, its search and its listing of the trees serve what follows; else a file
  // that is no manifest may be a plugin's input (what may declare plugins at head is searched),
  // and a link may lead a root into it (the links at head, `reachesRoots`).
  const unread = paths.filter((p) => !settings.selected(p));
  if (unread.some(mayRenderFrom)) pluginFiles(repo, head, settings.grepScope).catch(() => undefined);
  if (unread.length) repo.links(head).catch(() => undefined);
}

/**
 * The search at head: a skim of the changed files' lines names the configs they change, and the
 * engine asking for the same needles gets this answer. Nothing is begun where a changed file is
 * not plain enough to skim, or there are many.
 */
async function searchHead(
  repo: Repository,
  base: string,
  head: Revision,
  changes: readonly FileChange[],
  settings: Pick<Settings, 'selected' | 'grepScope'>,
): Promise<void> {
  const chosen = changes.filter(
    (f) => (f.basePath && settings.selected(f.basePath)) || (f.headPath && settings.selected(f.headPath)),
  );
  if (chosen.length > SKIMMED_FILES) return;
  const skim = async (rev: Revision, paths: string[]) =>
    (await repo.readBytes(rev, paths)).map((bytes) =>
      bytes === null
        ? []
        : bytes.length > SKIMMED_BYTES
          ? null
          : skimConfigs(bytes.toString('utf8'), SECRET_MAKERS),
    );
  const basePaths = chosen.flatMap((f) => f.basePath ?? []);
  const headPaths = chosen.flatMap((f) => f.headPath ?? []);
  const [atBase, atHead] = await Promise.all([skim(base, basePaths), skim(head, headPaths)]);
  const byId = (files: (SkimmedConfig[] | null)[]) => {
    if (files.includes(null)) return null;
    const configs = files.flat() as SkimmedConfig[];
    const ids = new Map(configs.map((c) => [idKey(c), c]));
    // One config written twice at a revision: which one counts is the parse's to say.
    return ids.size === configs.length ? ids : null;
  };
  const [before, after] = [byId(atBase), byId(atHead)];
  if (!before || !after) return;
  // A config written alike at both revisions did not change; one written otherwise is taken for
  // changed, and if only its formatting did, the engine's needles differ and it searches again.
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
    (id) => before.get(id)?.document !== after.get(id)?.document,
  );
  const needles = needlesFor(
    changed.map((id) => (after.get(id) ?? before.get(id))!.name),
    changes.flatMap((f) => [f.basePath, f.headPath].filter((p) => p !== null)),
    changed.some((id) => after.get(id)?.labelled),
  );
  // An answer no one asks for is dropped, and so is its failure.
  repo.grep(head, needles, headScope(settings.grepScope)).catch(() => undefined);
}
