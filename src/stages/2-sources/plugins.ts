import { objectName } from '../../model/identity.js';
import type { ManifestObject } from '../../model/types.js';
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

/**
 * The Argo CD sources among `objects` that a Config Management Plugin renders from a directory
 * holding no kustomization or chart, given every file of the revision: the plugin's program makes
 * what is deployed from the directory's files (cdk8s, ytt, CUE, a jsonnet tool), and this check
 * never runs a program of the repository's choosing. Only Applications written in the repository:
 * those an app of apps renders are known once it is rendered.
 */
export function pluginSources(
  objects: readonly ManifestObject[],
  files: ReadonlySet<string>,
): PluginSource[] {
  const dirs = new Set<string>();
  for (const f of files) for (let d = parentOf(f); d !== ''; d = parentOf(d)) dirs.add(d);
  return objects.flatMap((object) =>
    (argoSources(object)?.sources ?? []).flatMap((source): PluginSource[] => {
      if (!('plugin' in source)) return [];
      const dir = repoPath(source.path);
      const candidates =
        dir !== null
          ? [dir]
          : object.kind === 'ApplicationSet'
            ? generatorDirectories(object, [...dirs])
            : [];
      const name =
        isRecord(source.plugin) && typeof source.plugin.name === 'string' ? ` ${source.plugin.name}` : '';
      return candidates
        .filter((d) => !BUILT.some((mark) => files.has(d ? `${d}/${mark}` : mark)))
        .map((d) => ({
          what: `Argo CD ${object.kind} ${objectName(object)} (${object.file}:${object.line}) with the Config Management Plugin${name}`,
          dir: d,
        }));
    }),
  );
}
