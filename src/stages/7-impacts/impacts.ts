import { NEW_WORKLOAD, namedReason, watchedReason } from '../../model/status.js';
import { namedBy, namedCandidates, watchedBy, watchesByLabel } from '../5-references/extract.js';
import { compareImpacts } from '../../model/order.js';
import { changedKeys } from '../6-changes/diff.js';
import type { Workload } from '../4-objects/workloads.js';
import type { Consumer, ConsumingTemplate } from '../5-references/consumers.js';
import { ConfigIndex, idKey, namespaceMatch, objectName, refersTo, summarise } from '../../model/identity.js';
import { needsAction } from '../../model/status.js';
import { IGNORE_ANNOTATION, coverage, optOut, type TeamRules } from './reloaders.js';
import { valueDigest } from '../../model/digest.js';
import { MADE_BY } from '../4-objects/made-secrets.js';
import { rolloutNotes } from './rollout-notes.js';
import { groupBy } from '../../model/collections.js';
import { lineAt } from '../3-documents/positions.js';
import type {
  ConfigChange,
  ConfigKind,
  ObjectId,
  ConfigRef,
  Delivery,
  Diagnostic,
  Impact,
  ImpactedConfig,
  ImpactStatus,
  Location,
  ManifestObject,
  Unaffected,
} from '../../model/types.js';

export interface ImpactInput {
  changes: ConfigChange[];
  /** Workloads at head that may consume a changed config. */
  workloads: Consumer[];
  /** Every Deployment seen at head, by id: the targets of Argo Rollouts' `workloadRef`. */
  deployments: Map<string, Consumer>;
  /** The pod templates at base: `unchanged` when its file did not change, `null` when it is new. */
  previous: (head: ManifestObject) => Pick<Workload, 'templates'> | 'unchanged' | null;
  /** Every definition at head of the configs the workloads read: which one each reference resolves to. */
  definitions: ConfigIndex;
  /** Workloads whose config-hash annotation does not match what they read at head. */
  staleHash: ReadonlySet<ManifestObject>;
  /** The annotations of a changed config (Reloader's and our opt-outs live there). */
  configAnnotations: (config: ObjectId) => Record<string, string>;
  /** The labels of a changed config: what a sidecar that watches by label selects. */
  configLabels: (config: ObjectId) => Record<string, string>;
  rules: TeamRules;
}

export interface ImpactResult {
  impacts: Impact[];
  unaffected: Unaffected[];
  diagnostics: Diagnostic[];
}

export function computeImpacts(input: ImpactInput): ImpactResult {
  const result: ImpactResult = { impacts: [], unaffected: [], diagnostics: [] };
  const inScope = scoped(byIdentity(input.changes));
  const definedAt = groupBy(
    input.changes.filter((c) => c.change !== 'deleted'),
    idKey,
  );
  for (const workload of input.workloads) {
    const source = templateSource(workload, input.deployments);
    if (!source) continue;
    const summary = summarise(workload.object);
    // Each reference with the path it is written at, so an error can point at that line.
    const written = new Map(
      source.templates.flatMap((t) =>
        refsOf(t, source.templates.length > 1).map(
          (ref, i) => [ref, `${t.path}.spec.${t.refs[i].via}`] as const,
        ),
      ),
    );
    const refs = [...written.keys()];
    const refsByName = groupBy(refs, (ref) => ref.name);
    const error = (ref: ConfigRef, message: string, related: Location[] = []) =>
      result.diagnostics.push({
        file: source.owner.object.file,
        line: lineAt(source.owner.object, written.get(ref)!),
        severity: 'error',
        message: `${workload.object.kind} ${workload.object.name}${message}`,
        workload: summary,
        ...(related.length ? { related } : {}),
      });
    const consumedBy: { config: ObjectId & { kind: ConfigKind }; refs: ConfigRef[] }[] = [];
    const configs: ImpactedConfig[] = [];
    // Only the changes it can be concerned with: those it reads or names, or every one when a
    // sidecar watches configs by label.
    const changes = inScope(workload.object.namespace);
    const concerned = source.templates.some((t) => watchesByLabel(t.template.spec))
      ? changes.all
      : changes.named([
          ...refs.map((ref) => ref.name),
          ...source.templates.flatMap((t) => [...namedCandidates(t.template.spec)]),
        ]);

    for (const change of concerned) {
      const scope = namespaceMatch(workload.object.namespace, change.namespace);
      const matching = (refsByName.get(change.name) ?? []).filter((ref) => refersTo(ref, change));
      const id = { kind: change.kind, namespace: change.namespace, name: change.name };
      // The config deployed other than the workload: beside its release, or as a plain manifest it names.
      const root = change.source?.root ?? null;
      const elsewhere = root !== (workload.object.source?.root ?? null) ? { root } : {};
      const unaffected = (reason: string) =>
        result.unaffected.push({ workload: summary, config: { ...id, ...elsewhere }, reason });
      if (matching.length === 0) {
        // Kubernetes delivers it nothing, so nothing here rolls it: whether it sees the change is its own affair.
        const labels = input.configLabels(id);
        const watched = source.templates
          .map((t) => watchedBy(t.template.spec, workload.object.namespace, { ...id, labels }))
          .find(Boolean);
        const named = source.templates.map((t) => namedBy(t.template.spec, change.name)).find(Boolean);
        if (watched) unaffected(watchedReason(watched));
        else if (named) unaffected(namedReason(named));
        continue;
      }
      // Matched only by assuming a namespace: a namesake the workload keeps in its own file or
      // namespace is the one it reads, so this change (a deletion too) is not its concern.
      const read = scope === 'assumed' ? input.definitions.before(workload.object, change) : null;
      if (read) {
        unaffected(`reads ${read.kind} ${objectName(read)} (${read.file}:${read.line}) instead`);
        continue;
      }

      if (change.change === 'deleted') {
        const required = matching.filter((ref) => !ref.optional);
        if (required.length > 0) {
          error(
            required[0],
            ` still needs ${change.kind} ${objectName(change)} (${required[0].via}), which this change deletes: ` +
              `new pods will not start. Keep the ${change.kind}, remove the reference, or mark it optional: true.`,
          );
          continue;
        }
      }
      // A key this change removes that a reference still needs: the new pods cannot start.
      for (const ref of matching.filter(
        (r) =>
          !r.optional &&
          r.keys !== null &&
          r.delivery !== 'image-pull' &&
          r.keys.some((k) => change.removedSet.has(k)),
      )) {
        const key = ref.keys!.find((k) => change.removedSet.has(k))!;
        const how =
          ref.path === 'env'
            ? `container ${ref.container} reads key ${key} into an env var (${ref.via}): new pods fail with CreateContainerConfigError`
            : `key ${key} is listed under items (${ref.via}): new pods cannot mount the volume and stay in ContainerCreating`;
        error(
          ref,
          `: ${change.kind} ${objectName(change)} loses key ${key}, but ${how}. ` +
            'Keep the key, remove the reference, or mark it optional: true.',
          (definedAt.get(idKey(change)) ?? []).map(({ file, line }) => ({ file, line })),
        );
      }
      const keys = change.keys;
      const reading = matching.filter((ref) => ref.delivery !== 'image-pull' && ref.delivery !== 'unmounted');
      const consumed = reading.filter(
        (ref) => ref.keys === null || ref.keys.some((key) => change.keySet.has(key)),
      );
      if (consumed.length === 0) {
        if (matching.every((ref) => ref.delivery === 'image-pull'))
          unaffected('image pull secret: read at each pull');
        else if (reading.length === 0) unaffected('no container mounts the volume');
        else unaffected('reads none of the changed keys');
        continue;
      }
      consumedBy.push({ config: id, refs: consumed });
      const readKeys = consumed.some((ref) => ref.keys === null)
        ? null
        : new Set(consumed.flatMap((ref) => ref.keys!));
      configs.push({
        ...id,
        keys: readKeys === null ? keys : keys.filter((key) => readKeys.has(key)),
        via: consumed.map((ref) => ({ path: ref.via, container: ref.container, delivery: ref.delivery })),
        namespaceAssumed: scope === 'assumed',
        ...elsewhere,
      });
    }
    const stale = input.staleHash.has(source.owner.object);
    if (configs.length === 0 && !stale) continue;

    const rollout = stale ? STALE : status(workload, source.owner, input);
    if (rollout === 'new') {
      for (const config of configs)
        result.unaffected.push({
          workload: summary,
          config,
          reason: NEW_WORKLOAD,
        });
      continue;
    }
    const delivery = [...new Set(configs.flatMap((c) => c.via.map((v) => v.delivery)))].sort() as Delivery[];
    const verdict = covered(rollout, workload, source.templates, consumedBy, input, result.diagnostics);
    const plain =
      verdict.reason === DORMANT_REASON && delivery.every((d) => d === 'volume')
        ? VOLUME_DORMANT_REASON
        : verdict.reason;
    // A Secret a controller makes: the reader should know where its content is decided. Named, as
    // the reason is said under each config the workload reads (a ConfigMap beside it too).
    const made = consumedBy.flatMap((c) => {
      const maker = input.configAnnotations(c.config)[MADE_BY];
      return maker ? [`Secret ${c.config.name} is made by ${maker}`] : [];
    });
    const reason = made.length ? `${plain} (${made.join('; ')})` : plain;
    result.impacts.push({ ...verdict, reason, workload: summary, configs, delivery });
  }
  result.impacts.sort(compareImpacts);
  result.diagnostics.push(...rolloutNotes(result.impacts, input.workloads));
  return result;
}

const DORMANT_REASON = 'the pod template is unchanged, so running pods keep the old config';
// Mounted files do change in running pods: what stays old is what the application already read.
const VOLUME_DORMANT_REASON =
  'the pod template is unchanged: the mounted files change within about a minute, but the app keeps its old config ' +
  'unless it re-reads them (if it does, annotate the workload config-rollout-guard/reloads: volume)';

/**
 * The statuses a team or a controller can change: an opt-out makes any failing status `ignored`; a
 * reloader that covers every changed config through every path it is read makes `dormant` into
 * `reloaded`. Partly covered stays dormant, and says which paths are not.
 */
function covered(
  rollout: { status: ImpactStatus; reason: string },
  workload: Consumer,
  templates: readonly ConsumingTemplate[],
  consumedBy: readonly { config: ObjectId & { kind: ConfigKind }; refs: ConfigRef[] }[],
  input: ImpactInput,
  diagnostics: Diagnostic[],
): { status: ImpactStatus; reason: string } {
  if (!needsAction(rollout.status)) return rollout;
  const reason = optOut(
    workload,
    consumedBy.map((c) => ({ id: c.config, annotations: input.configAnnotations(c.config) })),
    input.rules,
  );
  if (reason !== null) {
    if (reason.trim() === '')
      diagnostics.push({
        file: workload.object.file,
        line: workload.object.line,
        severity: 'warning',
        message: `${workload.object.kind} ${workload.object.name}: ${IGNORE_ANNOTATION} has no reason; say why the finding does not apply.`,
      });
    return {
      status: 'ignored',
      reason: `ignored (${IGNORE_ANNOTATION}): ${reason.trim() || 'no reason given'}`,
    };
  }
  if (rollout.status !== 'dormant' || consumedBy.length === 0) return rollout;
  const mechanisms: string[] = [];
  const uncovered: string[] = [];
  const vias = templates.map((t) => new Set(t.refs.map((r) => r.via)));
  for (const { config, refs } of consumedBy) {
    for (const [i, template] of templates.entries()) {
      // Its own references: one of its vias, or one qualified by a template's path (`path: via`).
      const own = refs.filter(
        (r) =>
          vias[i].has(r.via) ||
          templates.some(
            (t) => r.via.startsWith(`${t.path}: `) && vias[i].has(r.via.slice(t.path.length + 2)),
          ),
      );
      if (own.length === 0) continue;
      const covered = coverage(
        workload,
        template,
        config,
        input.configAnnotations(config),
        own,
        input.rules,
        input.definitions,
      );
      mechanisms.push(...covered.mechanisms);
      uncovered.push(...covered.uncovered.map((r) => r.via));
    }
  }
  if (uncovered.length === 0 && mechanisms.length)
    return {
      status: 'reloaded',
      reason: `reloaded without a rollout: ${[...new Set(mechanisms)].join('; ')}`,
    };
  if (mechanisms.length)
    return {
      ...rollout,
      reason: `${rollout.reason}; ${[...new Set(mechanisms)].join('; ')} covers only part of it: ${uncovered.join(', ')} ${uncovered.length === 1 ? 'is' : 'are'} not covered`,
    };
  return rollout;
}

const STALE = {
  status: 'stale-hash' as const,
  reason:
    'its config-hash annotation does not match the config it reads, so the hash no longer says what the pods run',
};

/**
 * One entry per changed object identity. Repositories often hold the same object in several files
 * (a kustomize base and rendered bundles); a workload consumes one of them, we cannot tell which, so
 * it reads the union of their changed keys, and the object is gone only if every copy is.
 */
function byIdentity(changes: ConfigChange[]) {
  const merged = new Map<
    string,
    Pick<ConfigChange, 'kind' | 'namespace' | 'name' | 'change' | 'source'> & {
      keys: string[];
      removed: string[];
      files: string[];
    }
  >();
  for (const change of changes) {
    const key = idKey(change);
    const seen = merged.get(key);
    const keys = changedKeys(change);
    if (!seen)
      merged.set(key, {
        kind: change.kind,
        namespace: change.namespace,
        name: change.name,
        change: change.change,
        source: change.source,
        keys,
        removed: [...change.keys.removed],
        files: [change.file],
      });
    else {
      seen.keys = [...new Set([...seen.keys, ...keys])].sort();
      seen.removed = [...new Set([...seen.removed, ...change.keys.removed])].sort();
      seen.files.push(change.file);
      if (change.change !== 'deleted') seen.change = change.change;
    }
  }
  // Keys are looked up in sets, once per change: a volume may list thousands of them under `items`.
  return [...merged.values()].map((c) => ({ ...c, keySet: new Set(c.keys), removedSet: new Set(c.removed) }));
}

/**
 * The changes a workload in a namespace may read, in their order: those of its namespace and those
 * without one (or all, for a workload without one), and among them those of some names. A change
 * of thousands of configs would otherwise pair every workload with every config.
 */
function scoped<C extends { namespace: string | null; name: string }>(
  changes: C[],
): (namespace: string | null) => { all: C[]; named: (names: Iterable<string>) => C[] } {
  const found = new Map<string | null, { all: C[]; named: (names: Iterable<string>) => C[] }>();
  return (namespace) => {
    let scope = found.get(namespace);
    if (!scope) {
      const all = changes.filter((c) => namespaceMatch(namespace, c.namespace) !== null);
      const byName = groupBy(all.keys(), (i) => all[i].name);
      const named = (names: Iterable<string>) =>
        [...new Set([...new Set(names)].flatMap((n) => byName.get(n) ?? []))]
          .sort((a, b) => a - b)
          .map((i) => all[i]);
      found.set(namespace, (scope = { all, named }));
    }
    return scope;
  };
}

/** Where the pod template really lives: in the workload, or in the Deployment a Rollout points at. */
function templateSource(workload: Consumer, deployments: Map<string, Consumer>) {
  // Argo Rollouts rejects a Rollout with both; its own template is what it would run if it accepted one.
  if (!workload.workloadRef || workload.templates.length > 0)
    return { templates: workload.templates, owner: workload };
  const target = deployments.get(
    idKey({
      kind: workload.workloadRef.kind,
      namespace: workload.object.namespace,
      name: workload.workloadRef.name,
    }),
  );
  return target ? { templates: target.templates, owner: target } : null;
}

function refsOf(template: ConsumingTemplate, qualify: boolean): ConfigRef[] {
  return qualify
    ? template.refs.map((ref) => ({ ...ref, via: `${template.path}: ${ref.via}` }))
    : template.refs;
}

function status(
  workload: Consumer,
  owner: Consumer,
  input: ImpactInput,
): { status: ImpactStatus; reason: string } | 'new' {
  const before = input.previous(owner.object);
  if (before === null) return 'new';
  if (!workload.behaviour.rolls)
    return { status: workload.behaviour.status, reason: workload.behaviour.reason };
  const templateChanged =
    before !== 'unchanged' &&
    valueDigest(owner.templates.map((t) => t.template)) !==
      valueDigest(before.templates.map((t) => t.template));
  return templateChanged
    ? { status: 'rolling', reason: 'the pod template changes too, so the rollout picks up the new config' }
    : { status: 'dormant', reason: DORMANT_REASON };
}
