import { compareText } from '../model/order.js';
import { manifestSelector } from '../stages/2-sources/select.js';
import type { Repository } from '../stages/1-git/repository.js';
import { summarise } from '../stages/7-impacts/impacts.js';
import { isConfig } from '../stages/4-objects/configs.js';
import { asWorkload, type PodTemplatePaths } from '../stages/4-objects/workloads.js';
import { extractRefs } from '../stages/5-references/extract.js';
import { namespaceMatch } from '../model/identity.js';
import type { ConfigRef, Diagnostic, Location, ManifestObject, WorkloadRefSummary } from '../model/types.js';
import { loadObjects } from './load.js';

export interface ScanOptions {
  /** A revision, or `null` for the working tree. */
  rev: string | null;
  include?: readonly string[];
  exclude?: readonly string[];
  podTemplatePaths?: PodTemplatePaths;
}

export interface ScannedWorkload extends WorkloadRefSummary {
  refs: (ConfigRef & { definedAt: Location | null })[];
}

export interface ScanReport {
  version: 1;
  rev: string | null;
  workloads: ScannedWorkload[];
  diagnostics: Diagnostic[];
}

/** Every workload → config reference at one revision. The one question that needs the whole repository. */
export async function scan(repo: Repository, options: ScanOptions): Promise<ScanReport> {
  const rev = options.rev === null ? null : await repo.resolveCommit(options.rev);
  const selected = manifestSelector(options.include, options.exclude);
  const paths = (await repo.listFiles(rev)).filter(selected);
  const loaded = await loadObjects(repo, rev, paths);
  const objects = [...loaded.objects.values()].flat();
  const configsByName = new Map<string, ManifestObject[]>();
  for (const config of objects.filter(isConfig)) {
    const key = `${config.kind}/${config.name}`;
    configsByName.set(key, [...(configsByName.get(key) ?? []), config]);
  }

  const workloads: ScannedWorkload[] = [];
  for (const object of objects) {
    const workload = asWorkload(object, options.podTemplatePaths);
    if (!workload) continue;
    const refs = workload.templates.flatMap((t) => extractRefs(t.template.spec));
    if (refs.length === 0 && !workload.workloadRef) continue;
    workloads.push({
      ...summarise(object),
      refs: refs.map((ref) => {
        const target = configsByName
          .get(`${ref.kind}/${ref.name}`)
          ?.find((c) => namespaceMatch(object.namespace, c.namespace));
        return { ...ref, definedAt: target ? { file: target.file, line: target.line } : null };
      }),
    });
  }
  workloads.sort((a, b) => compareText(a.file, b.file) || a.line - b.line);
  return { version: 1, rev, workloads, diagnostics: loaded.diagnostics };
}
