import { idKey, type ConfigIndex } from '../model/identity.js';
import type { ConfigChange, Diagnostic, ManifestObject } from '../model/types.js';
import { isConfig } from '../stages/4-objects/configs.js';
import { asWorkload, type PodTemplatePaths } from '../stages/4-objects/workloads.js';
import type { Consumer } from '../stages/5-references/consumers.js';
import { diffConfigs } from '../stages/6-changes/diff.js';
import { pairObjects, type FileVersions, type Pairing } from '../stages/6-changes/pairing.js';
import { computeImpacts, type ImpactResult } from '../stages/7-impacts/impacts.js';
import {
  configAnnotations,
  configLabels,
  reloadPatternsFor,
  type TeamRules,
} from '../stages/7-impacts/reloaders.js';

/**
 * What every kind of source yields for a check — the changed plain files, a kustomize root, a chart
 * of this repository, a chart from a registry — and the few things in which the kinds differ. The
 * rest of the pipeline (pairing → changes → references → impacts) is `judgeSource`, the same for all.
 */
export interface Source {
  /** Objects at both revisions, with file and line, in the groups that pair first: a changed file's two sides, or a root's two builds. */
  groups: readonly FileVersions[];
  /** How an object is matched across revisions: its identity, or a renderer's name for it within its root. */
  key?: (object: ManifestObject) => string;
  /** The changes this source can judge, pointed where a reviewer edits them. */
  judged: (changes: ConfigChange[], pairing: Pairing) => Promise<ConfigChange[]> | ConfigChange[];
  /** The workloads at head that may read those changes, with their references. */
  consumers: () => Promise<Consumer[]> | Consumer[];
  /** A workload's templates at base; by default its paired base object's. */
  previous?: (object: ManifestObject, pairing: Pairing) => ReturnType<Previous> | undefined;
  /** Workloads whose content-hash annotation no longer matches what they read; notes go to `diagnostics`. */
  staleHash: (
    consumers: Consumer[],
    definitions: ConfigIndex,
    diagnostics: Diagnostic[],
  ) => Promise<Set<ManifestObject>> | Set<ManifestObject>;
  /** Every config definition at head, once the consumers are read: which one a reference resolves to. */
  definitions: () => ConfigIndex;
  /** Every config this source holds at either revision: what their annotations say about reloading. */
  configs: () => ManifestObject[];
}

type Previous = Parameters<typeof computeImpacts>[0]['previous'];

export interface Judged extends ImpactResult {
  pairing: Pairing;
  changes: ConfigChange[];
  /** The workloads the changes were judged against. */
  workloads: Consumer[];
}

/** One source judged: its objects paired, their config changes, who reads them, and how each will roll. */
export async function judgeSource(
  source: Source,
  settings: { podTemplatePaths: PodTemplatePaths; rules: TeamRules },
): Promise<Judged> {
  const diagnostics: Diagnostic[] = [];
  const pairing = pairObjects([...source.groups], source.key);
  const changes = await source.judged(diffConfigs(pairing, diagnostics), pairing);
  const workloads = await source.consumers();
  const definitions = source.definitions();
  const staleHash = await source.staleHash(workloads, definitions, diagnostics);
  await reloadPatternsFor(workloads);
  const result = computeImpacts({
    changes,
    workloads,
    deployments: new Map(
      workloads.filter((w) => w.object.kind === 'Deployment').map((w) => [idKey(w.object), w]),
    ),
    previous: (object) => {
      const given = source.previous?.(object, pairing);
      if (given !== undefined) return given;
      const before = pairing.baseOf.get(object);
      return before ? (asWorkload(before, settings.podTemplatePaths) ?? { templates: [] }) : null;
    },
    definitions,
    staleHash,
    rules: settings.rules,
    configAnnotations: configAnnotations(source.configs().filter(isConfig)),
    configLabels: configLabels(source.configs().filter(isConfig)),
  });
  return { ...result, pairing, changes, workloads, diagnostics: [...diagnostics, ...result.diagnostics] };
}
