import stringify from 'fast-json-stable-stringify';
import { UsageError } from '../model/errors.js';
import { orderReport } from '../model/order.js';
import type { Report, Shard } from '../model/types.js';

type Lists = Pick<Report, 'changes' | 'impacts' | 'unaffected' | 'diagnostics' | 'notChecked'>;
const LISTS: (keyof Lists)[] = ['changes', 'impacts', 'unaffected', 'diagnostics', 'notChecked'];

/**
 * The reports of the N shards of one check, as one report: the report the check makes unsharded.
 * Every shard judges the plain files and differs only in the rendered roots it builds, so an entry
 * is kept as often as the shard that has it most often has it: the plain part once, each root's
 * part from the one shard that built the root.
 */
export function mergeReports(reports: readonly Report[]): Report {
  const [first] = reports;
  const count = first.shard?.count;
  const indexes = reports.map((r) => r.shard?.index).sort((a, b) => (a ?? 0) - (b ?? 0));
  if (
    count === undefined ||
    reports.some((r) => r.shard?.count !== count) ||
    indexes.join() !== Array.from({ length: count }, (_, i) => i + 1).join()
  )
    throw new UsageError(
      `merge takes the reports of every shard of one check, each once (shards ${reports.map((r) => (r.shard ? `${r.shard.index}/${r.shard.count}` : 'none')).join(', ')}).`,
    );
  const other = reports.find((r) => r.base !== first.base || r.head !== first.head);
  if (other)
    throw new UsageError(
      `the shards checked different ranges (${first.base.slice(0, 12)}..${String(first.head).slice(0, 12)} and ${other.base.slice(0, 12)}..${String(other.head).slice(0, 12)}); merge the shards of one check.`,
    );
  const merged: Report = {
    version: 2,
    base: first.base,
    head: first.head,
    changes: [],
    impacts: [],
    unaffected: [],
    diagnostics: [],
    rendered: [...new Set(reports.flatMap((r) => r.rendered))],
    notChecked: [],
  };
  for (const list of LISTS) {
    const most = new Map<string, { entry: Lists[typeof list][number]; times: number }>();
    for (const report of reports) {
      const times = new Map<string, number>();
      for (const entry of report[list]) {
        const key = stringify(entry);
        times.set(key, (times.get(key) ?? 0) + 1);
        const seen = most.get(key);
        if (!seen || seen.times < times.get(key)!) most.set(key, { entry, times: times.get(key)! });
      }
    }
    (merged[list] as unknown[]) = [...most.values()].flatMap(({ entry, times }) =>
      Array.from({ length: times }, () => entry),
    );
  }
  return orderReport(merged);
}

/** `K/N` with 1 ≤ K ≤ N, as `--shard` and the `shard` input take it. */
export function parseShard(option: string, text: string): Shard {
  const m = /^(\d{1,4})\/(\d{1,4})$/.exec(text);
  const [index, count] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
  if (!m || index < 1 || index > count)
    throw new UsageError(`${option} takes K/N with 1 ≤ K ≤ N (e.g. 2/3), not '${text}'.`);
  return { index, count };
}
