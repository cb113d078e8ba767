import { ConfigIndex, summarise } from '../model/identity.js';
import { orderScan } from '../model/order.js';
import type { Report, ScanReport, ScannedWorkload } from '../model/types.js';
import type { Repository } from '../stages/1-git/repository.js';
import { isConfig, secretTexts } from '../stages/4-objects/configs.js';
import { redactText } from '../model/redact.js';
import { judge } from '../model/not-checked.js';
import { asWorkload } from '../stages/4-objects/workloads.js';
import { consumerOf } from '../stages/5-references/consumers.js';
import { loadObjects } from './load.js';
import { scanRendered } from './rendered/part.js';
import { dormantExposure } from '../stages/7-impacts/exposure.js';
import { rolloutRisks } from '../stages/7-impacts/rollout-notes.js';
import { reloadPatternsFor } from '../stages/7-impacts/reloaders.js';
import { settings as resolve, type EngineOptions } from './options.js';

export interface ScanOptions extends EngineOptions {
  /** A revision, or `null` for the working tree. */
  rev: string | null;
  /** Also list every workload whose next config change would lie dormant, and its rollout risks. */
  risks?: boolean;
}

/**
 * Every workload → config reference at one revision, the rendered roots' included (every root is
 * rendered, and a chart's checksum notices come with it). The one question that needs the whole
 * repository.
 */
export async function scan(repo: Repository, options: ScanOptions): Promise<ScanReport> {
  const settings = await resolve(options);
  const rev = options.rev === null ? null : await repo.resolveCommit(options.rev);
  const rendered = await scanRendered(repo, rev, settings);
  const plain = (await repo.listFiles(rev)).filter(
    (f) => settings.selected(f) && !rendered.closureFiles.has(f),
  );
  const loaded = await loadObjects(repo, rev, plain, settings);
  const objects = [...loaded.objects.values()].flat();
  const sets = [
    {
      consumers: objects.flatMap((o) => {
        const workload = asWorkload(o, settings.podTemplatePaths);
        return workload ? [consumerOf(workload)] : [];
      }),
      configs: new ConfigIndex(objects.filter(isConfig)),
    },
    ...rendered.heads.map((h) => ({ consumers: h.consumers, configs: h.configs })),
  ];
  const workloads = sets.flatMap(({ consumers, configs }) =>
    consumers.flatMap((workload): ScannedWorkload[] => {
      const refs = workload.templates.flatMap((t) => t.refs);
      if (refs.length === 0 && !workload.workloadRef) return [];
      return [
        {
          ...summarise(workload.object),
          refs: refs.map((ref) => {
            const target = configs.resolve(workload.object, ref.kind, ref.name);
            return { ...ref, definedAt: target ? { file: target.file, line: target.line } : null };
          }),
        },
      ];
    }),
  );
  // The repository's exposure before the next incident, not only in the next pull request.
  if (options.risks) await reloadPatternsFor(sets.flatMap(({ consumers }) => consumers));
  const risks = options.risks
    ? sets.flatMap(({ consumers, configs }) =>
        consumers.flatMap((w) => {
          const exposed = dormantExposure(w, {
            hashAnnotation: settings.hash.annotation,
            configs,
            rules: settings.rules,
          });
          const delivery = [...new Set(w.templates.flatMap((t) => t.refs.map((r) => r.delivery)))];
          return [...exposed, ...(w.templates.some((t) => t.refs.length) ? rolloutRisks(w, delivery) : [])];
        }),
      )
    : [];
  const report: ScanReport = orderScan({
    version: 1,
    rev,
    workloads,
    diagnostics: [...loaded.diagnostics, ...rendered.diagnostics, ...risks],
    rendered: rendered.heads.map((h) => h.root.id),
    notChecked: judge(rendered.notChecked, settings.notChecked),
  });
  return redactText(report, [...secretTexts(objects), ...rendered.secretTexts]);
}

/**
 * What a scan found, in the shape of a check's report with no change: its notes (the `--risks`
 * exposures among them), suspicious input and roots not checked. The formats that carry findings,
 * not inventories (SARIF, GitLab Code Quality), render it as they render a check.
 */
export function scanFindings(scan: ScanReport): Report {
  return {
    version: 2,
    base: scan.rev ?? 'working tree',
    head: scan.rev,
    changes: [],
    impacts: [],
    unaffected: [],
    diagnostics: scan.diagnostics,
    rendered: scan.rendered,
    notChecked: scan.notChecked,
  };
}
