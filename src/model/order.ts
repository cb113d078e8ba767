import stringify from 'fast-json-stable-stringify';
import { statusRank } from './status.js';
import { compareText } from './text.js';
import type { Diagnostic, Impact, Location, Report, ScanReport } from './types.js';

/** Worst first, then by where the workload is written. */
export const compareImpacts = (a: Impact, b: Impact): number =>
  statusRank(a.status) - statusRank(b.status) ||
  compareText(a.workload.file, b.workload.file) ||
  a.workload.line - b.workload.line ||
  compareText(a.workload.source?.root ?? '', b.workload.source?.root ?? '');

const byPlace = (a: Location, b: Location) => compareText(a.file, b.file) || a.line - b.line;

/** Ties broken by content, so the order is total: the same report whichever way it was assembled. */
const total =
  <T>(compare: (a: T, b: T) => number) =>
  (a: T, b: T): number =>
    compare(a, b) || compareText(stringify(a), stringify(b));

/**
 * The one order of every list in a report: errors first among diagnostics, impacts worst first, the
 * rest by place. A check and a merge of its shards put the same entries in the same places.
 */
export function orderReport(report: Report): Report {
  return {
    ...report,
    changes: [...report.changes].sort(total(byPlace)),
    impacts: [...report.impacts].sort(total(compareImpacts)),
    unaffected: [...report.unaffected].sort(total((a, b) => byPlace(a.workload, b.workload))),
    rendered: [...report.rendered].sort(compareText),
    notChecked: [...report.notChecked].sort(total(byPlace)),
    diagnostics: orderDiagnostics(report.diagnostics),
  };
}

/** A scan's lists in the same orders: the same inventory whichever root finished rendering first. */
export function orderScan(report: ScanReport): ScanReport {
  return {
    ...report,
    workloads: [...report.workloads].sort(
      total((a, b) => byPlace(a, b) || compareText(a.source?.root ?? '', b.source?.root ?? '')),
    ),
    rendered: [...report.rendered].sort(compareText),
    notChecked: [...report.notChecked].sort(total(byPlace)),
    diagnostics: orderDiagnostics(report.diagnostics),
  };
}

/** Errors first, then by place; the same words about the same line, once (a file both revisions' renders read warns twice). */
const orderDiagnostics = (diagnostics: readonly Diagnostic[]): Diagnostic[] =>
  [...new Map(diagnostics.map((d) => [stringify(d), d])).values()].sort(
    total((a, b) => Number(b.severity === 'error') - Number(a.severity === 'error') || byPlace(a, b)),
  );
