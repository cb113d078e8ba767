import { deployedKey, objectName, sameObject } from '../../model/identity.js';
import {
  NEW_WORKLOAD,
  STATUS_ORDER,
  countByStatus,
  namedPlace,
  searched,
  watchedPlace,
  toneOf,
  type Tone,
} from '../../model/status.js';
import type {
  ConfigChange,
  NotChecked,
  Delivery,
  Impact,
  ImpactedConfig,
  ObjectId,
  ImpactStatus,
  Report,
  Source,
  Unaffected,
} from '../../model/types.js';

/** The words every front end uses, so the terminal, the PR comment and the summary say the same thing. */

export const DELIVERY_TEXT: Record<Delivery, string> = {
  env: 'env: read only when a container starts',
  subPath: 'subPath mount: never updated in a running pod',
  volume: 'volume: files update in place',
  init: 'init container: reads the files once, before the app starts',
  mount: 'read when the volume is mounted, at pod start',
  'image-pull': 'read at each image pull',
  unmounted: 'not mounted by any container',
};

export function shortSha(sha: string | null): string {
  return sha ? sha.slice(0, 7) : 'working tree';
}

export function changeSummary(change: ConfigChange): string {
  if (change.change !== 'modified') return `${change.change}`;
  const parts: string[] = [];
  if (change.keys.modified.length) parts.push(`changed ${change.keys.modified.join(', ')}`);
  if (change.keys.added.length) parts.push(`added ${change.keys.added.join(', ')}`);
  if (change.keys.removed.length) parts.push(`removed ${change.keys.removed.join(', ')}`);
  return parts.join('; ');
}

/** Whether a workload's config is this change: the same object, deployed by the same root. */
const explains = (
  change: ConfigChange,
  workload: { source?: { root: string } },
  config: ObjectId & { root?: string | null },
) =>
  sameObject(config, change) &&
  (change.source?.root ?? null) ===
    (config.root !== undefined ? config.root : (workload.source?.root ?? null));

/** The impacts under one changed config, each with the part of it that reads this config. */
export function impactsOf(report: Report, change: ConfigChange) {
  return report.impacts.flatMap((impact) => {
    const config = impact.configs.find((c) => explains(change, impact.workload, c));
    return config ? [{ impact, config }] : [];
  });
}

/** Changed configs that the same workloads read the same way, with those readings (the first config's). */
export interface ChangeGroup {
  changes: ConfigChange[];
  consumers: { impact: Impact; config: ImpactedConfig }[];
}

/** Fewer configs than this with the same readers stay a row each, with their keys. */
const GROUP_FROM = 3;

/**
 * The changes, those with the same readers together (at the first one's place): thirty dashboard
 * ConfigMaps one Grafana mounts are one verdict about one workload, not thirty. Configs group when
 * they are of one kind, changed the same way in the same root, and every reader reads each with
 * the same status, reason and delivery; or when nothing reads any of them.
 */
export function groupChanges(report: Report): ChangeGroup[] {
  const keyed = report.changes.map((change) => {
    const consumers = impactsOf(report, change);
    const readings = consumers.map(({ impact, config }) => [
      deployedKey(impact.workload),
      impact.status,
      impact.reason,
      [...new Set(config.via.map((v) => v.delivery))].sort(),
      config.namespaceAssumed,
    ]);
    const key = JSON.stringify([
      change.kind,
      change.change,
      change.source?.root ?? null,
      consumers.length ? readings : noReader(report, change),
    ]);
    return { change, consumers, key };
  });
  const groups = new Map<string, ChangeGroup>();
  for (const { change, consumers, key } of keyed) {
    const group = groups.get(key);
    if (group) group.changes.push(change);
    else groups.set(key, { changes: [change], consumers });
  }
  const out: ChangeGroup[] = [];
  for (const { change, consumers, key } of keyed) {
    const group = groups.get(key)!;
    if (group.changes.length < GROUP_FROM) out.push({ changes: [change], consumers });
    else if (group.changes[0] === change) out.push(group);
  }
  return out;
}

const CHANGED: Record<ConfigChange['change'], string> = {
  added: 'added',
  modified: 'changed',
  deleted: 'deleted',
};

/** A group's heading: `32 ConfigMaps changed in overlays/prod`. */
export const groupTitle = (changes: readonly ConfigChange[]): string =>
  `${changes.length} ${changes[0].kind}s ${CHANGED[changes[0].change]}${inRoot(changes[0])}`;

/** The workloads a change leaves alone: those of its own root, and releases beside it. */
export const unaffectedBy = (report: Report, change: ConfigChange): Unaffected[] =>
  report.unaffected.filter((u) => explains(change, u.workload, u.config));

/** What a change's row says when no existing workload reads its changed keys. */
export function noReader(report: Report, change: ConfigChange): string {
  const unaffected = unaffectedBy(report, change);
  const added = unaffected.filter((u) => u.reason === NEW_WORKLOAD);
  if (added.length)
    return `Read only by ${added.map((u) => `${u.workload.kind} ${objectName(u.workload)}`).join(', ')}, which this change adds: ${added.length === 1 ? 'it starts' : 'they start'} with the new config.`;
  // A root or file not checked may hold the reader: its workloads are unknown, not absent.
  const none = report.notChecked.length
    ? 'No checked workload reads the changed keys; a reader may be among what was not checked.'
    : `No workload in ${searched([change])} reads the changed keys.`;
  const workloads = (place: (reason: string) => string | null) => {
    const found = unaffected.filter((u) => place(u.reason) !== null);
    if (found.length === 0) return null;
    const [first] = found;
    const others = found.length > 1 ? ` and ${found.length - 1} more` : '';
    return {
      many: found.length > 1,
      who: `${first.workload.kind} ${objectName(first.workload)}${others}`,
      where: place(first.reason),
    };
  };
  // A sidecar that watches by label has the new config without a rollout: said in place of "no workload".
  const watching = workloads(watchedPlace);
  const lead = watching
    ? `${watching.who} ${watching.many ? 'watch' : 'watches'} it by label (${watching.where}) and ${watching.many ? 'have' : 'has'} the change as soon as it is applied, with no rollout.${report.notChecked.length ? ' What was not checked may read it too.' : ''}`
    : none;
  const byName = workloads(namedPlace);
  if (!byName) return lead;
  return `${lead} ${byName.who} ${byName.many ? 'name' : 'names'} it (${byName.where}) and may read it through the Kubernetes API: unless ${byName.many ? 'they watch' : 'it watches'} it, ${byName.many ? 'they keep' : 'it keeps'} the old config until ${byName.many ? 'their' : 'its'} pods are replaced.`;
}

/** Impacts that no changed config explains: a stale hash on a workload whose config did not change. */
export function impactsWithoutChange(report: Report): Impact[] {
  return report.impacts.filter(
    (impact) =>
      !impact.configs.some((c) => report.changes.some((change) => explains(change, impact.workload, c))),
  );
}

/** Which rendered root deployed it, for objects that only exist in a build: ` in overlays/prod`. */
export const inRoot = (o: { source?: Source }): string => (o.source ? ` in ${o.source.root}` : '');

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The counts behind the headline: what changed and every status present. */
export function verdict(report: Report): string {
  const counts = countByStatus(report);
  const kinds = (['ConfigMap', 'Secret'] as const)
    .map((kind) => [kind, report.changes.filter((c) => c.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}${n === 1 ? '' : 's'} changed`);
  return [...kinds, ...STATUS_ORDER.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`)].join(' · ');
}

export function impactLine(impact: Impact): string {
  return `${impact.workload.kind} ${objectName(impact.workload)}${inRoot(impact.workload)}`;
}

/** The mark a status carries in markdown: its tone's colour, then its name. */
const TONE_ICON: Record<Tone, string> = { bad: '🔴', warn: '🟠', info: '🔵', good: '🟢' };
export const badge = (status: ImpactStatus): string => `${TONE_ICON[toneOf(status)]} ${status}`;

/** Which kustomize and Helm roots were rendered for this check, briefly: `2 roots rendered: a, b`. */
export function builtRoots(report: Report): string | null {
  const n = report.rendered.length;
  if (n === 0) return null;
  const names = report.rendered.slice(0, 3).join(', ') + (n > 3 ? `, and ${n - 3} more` : '');
  return `${n} root${n === 1 ? '' : 's'} rendered: ${names}`;
}

/**
 * Not-checked entries with the same reason and message, together: fourteen roots that fetch the
 * same remote base are one line, naming the first few.
 */
export function groupNotChecked(
  entries: readonly NotChecked[],
): { entries: NotChecked[]; message: string }[] {
  const groups = new Map<string, { entries: NotChecked[]; message: string }>();
  for (const n of entries) {
    const key = `${n.kind}\0${n.reason}\0${n.fails}\0${n.message}`;
    const group = groups.get(key) ?? { entries: [], message: n.message };
    group.entries.push(n);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** How a group of not-checked entries is named: the one, or the count and the first three. */
export function groupLabel(entries: readonly NotChecked[], name: (n: NotChecked) => string): string {
  if (entries.length === 1) return name(entries[0]);
  const what = entries[0].kind === 'root' ? 'roots' : entries[0].kind === 'file' ? 'files' : 'patterns';
  const shown = entries.slice(0, 3).map(name).join(', ');
  return `${entries.length} ${what} (${shown}${entries.length > 3 ? ` and ${entries.length - 3} more` : ''})`;
}
