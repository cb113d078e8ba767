import { objectName } from '../../model/identity.js';
import type { ManifestObject } from '../../model/types.js';
import type { Repository, Revision } from '../1-git/repository.js';
import { isRecord } from '../../model/values.js';
import { generatorDirectories } from './appset-directories.js';
import { parentOf, repoPath } from './paths.js';
import { argoSources } from './tools.js';

/** What makes a directory a kustomization or a chart: built as kustomize or helm build it, plugin or not. */
const BUILT = ['kustomization.yaml', 'kustomization.yml', 'Kustomization', 'Chart.yaml'];

/** Whether a plugin may read a changed file: markdown is documentation, which none renders. */
export const mayRenderFrom = (path: string): boolean => !path.endsWith('.md');

/** An Argo CD source a plugin renders, said for a person, and the directory it renders. */
export interface PluginSource {
  what: string;
  dir: string;
}

/** What a file must spell to declare a plugin source: the key, however YAML or JSON quotes it. */
const PLUGIN_WORDS = ['plugin:', '"plugin"', "'plugin'"];

/** The files at `rev` that may declare a plugin source (a search a caller may begin early). */
export const pluginFiles = (repo: Repository, rev: Revision, scope: readonly string[]): Promise<string[]> =>
  repo.grep(rev, PLUGIN_WORDS, scope);

/**
 * The Argo CD sources among `objects` (declared at `rev`) that a Config Management Plugin renders
 * from a directory holding no kustomization or chart: the plugin's program makes what is deployed
 * from the directory's files (cdk8s, ytt, CUE, a jsonnet tool), and this check never runs a
 * program of the repository's choosing. Only Applications written in the repository: those an app
 * of apps renders are known once it is rendered.
 */
export async function pluginSources(
  repo: Repository,
  rev: Revision,
  objects: readonly ManifestObject[],
): Promise<PluginSource[]> {
  // Every directory, for an ApplicationSet's generators only: most sources name theirs.
  let dirs: Promise<string[]> | null = null;
  const allDirs = () =>
    (dirs ??= repo.listFiles(rev).then((files) => {
      const found = new Set<string>();
      for (const f of files) for (let d = parentOf(f); d !== ''; d = parentOf(d)) found.add(d);
      return [...found];
    }));
  const found = await Promise.all(
    objects.flatMap((object) =>
      (argoSources(object)?.sources ?? [])
        .filter((source) => 'plugin' in source)
        .map(async (source): Promise<PluginSource[]> => {
          const dir = repoPath(source.path);
          const candidates =
            dir !== null
              ? [dir]
              : object.kind === 'ApplicationSet'
                ? generatorDirectories(object, await allDirs())
                : [];
          const built = new Set(
            (
              await repo.existing(
                rev,
                candidates.flatMap((d) => BUILT.map((mark) => (d ? `${d}/${mark}` : mark))),
              )
            ).map(parentOf),
          );
          const name =
            isRecord(source.plugin) && typeof source.plugin.name === 'string' ? ` ${source.plugin.name}` : '';
          return candidates
            .filter((d) => !built.has(d))
            .map((d) => ({
              what: `Argo CD ${object.kind} ${objectName(object)} (${object.file}:${object.line}) with the Config Management Plugin${name}`,
              dir: d,
            }));
        }),
    ),
  );
  return found.flat();
}
