/**
 * What a run tells a person while it works (a terminal line, CI log lines, the Action's log groups)
 * and what it measured (the report's `stats`). The engine only reports stages and steps; an adapter
 * decides how they look, and none of it reaches stdout.
 */
export type Stage = 'changes' | 'search' | 'roots' | 'render' | 'judge';

export const STAGE_TITLES: Record<Stage, string> = {
  changes: 'reading the changed files',
  search: 'finding what reads them',
  roots: 'finding the rendered roots',
  render: 'rendering',
  judge: 'judging the impacts',
};

export interface ProgressListener {
  begin(stage: Stage): void;
  /** `done` of `total` items of the current stage; `item` is the one that just finished. */
  step(stage: Stage, done: number, total: number, item: string): void;
  end(stage: Stage, ms: number): void;
}

/** Per-stage wall time and the counts that explain it; in the JSON report, never in its comparison. */
export interface Stats {
  /** Milliseconds per stage, in the order they ran; a stage the change did not need is absent. */
  stages: Partial<Record<Stage, number>>;
  /** Builds run (a root at base and at head is two). */
  builds: number;
  /** Remote charts and bases taken from the cache, and fetched. */
  cacheHits: number;
  fetched: number;
}

export class Progress {
  private readonly stages: Partial<Record<Stage, number>> = {};
  private readonly counts = { builds: 0, cacheHits: 0, fetched: 0 };
  private readonly work: Partial<Record<Stage, { done: number; total: number }>> = {};

  constructor(private readonly listener: ProgressListener | null = null) {}

  async stage<T>(stage: Stage, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    this.listener?.begin(stage);
    try {
      return await work();
    } finally {
      const ms = Math.round(performance.now() - start);
      this.stages[stage] = (this.stages[stage] ?? 0) + ms;
      this.listener?.end(stage, ms);
    }
  }

  /** `n` more items of work in the current stage (renderers running side by side each add theirs). */
  expect(stage: Stage, n: number): void {
    const work = (this.work[stage] ??= { done: 0, total: 0 });
    work.total += n;
  }

  /** One item of `stage` finished. */
  done(stage: Stage, item: string): void {
    const work = (this.work[stage] ??= { done: 0, total: 0 });
    work.done++;
    this.listener?.step(stage, work.done, Math.max(work.total, work.done), item);
  }

  count(what: keyof Progress['counts'], n = 1): void {
    this.counts[what] += n;
  }

  stats(): Stats {
    return { stages: { ...this.stages }, ...this.counts };
  }
}
