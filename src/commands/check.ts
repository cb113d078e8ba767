import { Progress } from '../model/progress.js';
import type { Report } from '../model/types.js';
import type { Repository } from '../stages/1-git/repository.js';
import { settings as resolve, type EngineOptions } from './options.js';

export interface CheckOptions extends EngineOptions {
  base: string;
  /** A revision, or `null` for the working tree. */
  head: string | null;
  /** The configuration file the options were read from, at the base: a change to it is said, and applies after merge. */
  configFile?: string;
}

/**
 * The whole engine for one base..head range. Cost follows the change: a range that changes no file
 * costs the diff and nothing else (the engine itself is loaded only for a range that changes some).
 */
export async function check(repo: Repository, given: CheckOptions): Promise<Report> {
  const progress = given.progress ?? new Progress();
  const options = { ...given, progress };
  const [base, head] = await Promise.all([
    repo.resolveCommit(options.base),
    options.head === null ? null : repo.resolveCommit(options.head),
  ]);
  const allChanges = base === head ? [] : await repo.changedFiles(base, head);
  if (allChanges.length === 0 && !options.include?.length)
    return withStats({
      version: 2,
      base,
      head,
      changes: [],
      impacts: [],
      unaffected: [],
      diagnostics: [],
      rendered: [],
      notChecked: [],
    });
  const settings = await resolve(options);
  // The search at head starts first, then the engine loads (a synchronous compile) while it runs.
  if (allChanges.length)
    await (await import('./search.js')).searchEarly(repo, base, head, allChanges, settings);
  const { judgeChange } = await import('./judge.js');
  return withStats(await judgeChange(repo, options, settings, base, head, allChanges));

  function withStats(report: Report): Report {
    return { ...report, stats: progress.stats() };
  }
}
