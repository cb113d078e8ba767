import { ConfigIndex, summarise } from '../model/identity.js';
import { compareText } from '../model/order.js';
import type { ScanReport, ScannedWorkload } from '../model/types.js';
import type { Repository } from '../stages/1-git/repository.js';
import { isConfig } from '../stages/4-objects/configs.js';
import { asWorkload } from '../stages/4-objects/workloads.js';
import { consumerOf } from '../stages/5-references/consumers.js';
import { loadObjects } from './load.js';
import { settings as resolve, type EngineOptions } from './options.js';

export interface ScanOptions extends EngineOptions {
  /** A revision, or `null` for the working tree. */
  rev: string | null;
}

/** Every workload → config reference at one revision. The one question that needs the whole repository. */
export async function scan(repo: Repository, options: ScanOptions): Promise<ScanReport> {
  const settings = resolve(options);
  const rev = options.rev === null ? null : await repo.resolveCommit(options.rev);
  const loaded = await loadObjects(repo, rev, (await repo.listFiles(rev)).filter(settings.selected));
  const objects = [...loaded.objects.values()].flat();
  const configs = new ConfigIndex(objects.filter(isConfig));
  const workloads = objects.flatMap((object): ScannedWorkload[] => {
    const workload = asWorkload(object, settings.podTemplatePaths);
    if (!workload) return [];
    const refs = consumerOf(workload).templates.flatMap((t) => t.refs);
    if (refs.length === 0 && !workload.workloadRef) return [];
    return [
      {
        ...summarise(object),
        refs: refs.map((ref) => {
          const target = configs.resolve(object, ref.kind, ref.name);
          return { ...ref, definedAt: target ? { file: target.file, line: target.line } : null };
        }),
      },
    ];
  });
  workloads.sort((a, b) => compareText(a.file, b.file) || a.line - b.line);
  return { version: 1, rev, workloads, diagnostics: loaded.diagnostics };
}
