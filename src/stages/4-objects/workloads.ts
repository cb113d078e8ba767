import { field, isRecord } from '../../model/values.js';
import { UsageError } from '../../model/errors.js';
import type { ManifestObject } from '../../model/types.js';

/** What happens to running pods when the pod template changes. */
export type Behaviour = { rolls: true } | { rolls: false; status: 'next-run' | 'manual'; reason: string };

export interface PodTemplate {
  /** Where the template sits in the object, e.g. `spec.jobTemplate.spec.template`; '' for a bare Pod. */
  path: string;
  /** An object whose `spec` is a pod spec (and whose `metadata` holds the pod annotations). */
  template: Record<string, unknown>;
}

export interface Workload {
  object: ManifestObject;
  templates: PodTemplate[];
  behaviour: Behaviour;
  /** Argo Rollouts `spec.workloadRef`: the pod template is the one of this Deployment. */
  workloadRef: { kind: string; name: string } | null;
}

/** Extra pod-template locations for custom resources: kind → paths, `[]` stepping into every list item. */
export type PodTemplatePaths = ReadonlyMap<string, readonly string[]>;

interface KindRule {
  groups: readonly string[];
  templates: readonly string[];
  behaviour: (body: Record<string, unknown>) => Behaviour;
}

const ROLLS: Behaviour = { rolls: true };
const nextRun = (reason: string) => (): Behaviour => ({ rolls: false, status: 'next-run', reason });
const manual = (reason: string) => (): Behaviour => ({ rolls: false, status: 'manual', reason });

const onDeleteAware = (body: Record<string, unknown>): Behaviour =>
  field(body, 'spec.updateStrategy.type') === 'OnDelete'
    ? {
        rolls: false,
        status: 'manual',
        reason: 'updateStrategy OnDelete: pods are replaced only when deleted',
      }
    : ROLLS;

/** Argo CD hook phases that run at every sync (SyncFail and PostDelete run on failure or deletion). */
const SYNC_PHASES = new Set(['PreSync', 'Sync', 'PostSync']);

/**
 * A Job runs its pods once: a finished one starts none when its config changes, and its template
 * cannot be edited, so a stamp would not help. One the deploy creates anew reads the config then:
 * a sync or upgrade hook (Argo CD runs Helm's install and upgrade hooks as its own at every sync;
 * helm and Flux run install hooks only at install), and one deleted when it finishes (the next
 * sync creates it again).
 */
function jobBehaviour(body: Record<string, unknown>): Behaviour {
  const annotations = field(body, 'metadata.annotations');
  const said = (key: string) => {
    const value = isRecord(annotations) ? annotations[key] : undefined;
    return typeof value === 'string' ? value.split(',').map((p) => p.trim()) : [];
  };
  if (said('argocd.argoproj.io/hook').some((p) => SYNC_PHASES.has(p)))
    return nextRun('an Argo CD sync hook: every sync runs it again, and it reads the config then')();
  const helmHook = said('helm.sh/hook');
  if (helmHook.some((p) => p === 'pre-upgrade' || p === 'post-upgrade'))
    return nextRun('a Helm upgrade hook: every upgrade runs it again, and it reads the config then')();
  if (helmHook.some((p) => p === 'pre-install' || p === 'post-install'))
    return manual(
      'a Helm install hook: helm and Flux run it only when the release is installed (Argo CD at every sync)',
    )();
  if (typeof field(body, 'metadata.generateName') === 'string' && !field(body, 'metadata.name'))
    return nextRun(
      'named by generateName: whatever creates it makes a new one each time, and that one reads the config',
    )();
  if (typeof field(body, 'spec.ttlSecondsAfterFinished') === 'number')
    return nextRun(
      'deleted once it finishes (ttlSecondsAfterFinished): the sync that applies the change creates it again, and it reads the config then',
    )();
  return manual(
    'a finished Job starts no pods again: it reads the new config only when re-created (delete it, or give it a new name)',
  )();
}

const KINDS: Record<string, KindRule> = {
  Deployment: { groups: ['apps', 'extensions'], templates: ['spec.template'], behaviour: () => ROLLS },
  StatefulSet: { groups: ['apps'], templates: ['spec.template'], behaviour: onDeleteAware },
  DaemonSet: { groups: ['apps', 'extensions'], templates: ['spec.template'], behaviour: onDeleteAware },
  ReplicaSet: {
    groups: ['apps', 'extensions'],
    templates: ['spec.template'],
    behaviour: manual('a ReplicaSet never replaces running pods'),
  },
  ReplicationController: {
    groups: [''],
    templates: ['spec.template'],
    behaviour: manual('a ReplicationController never replaces running pods'),
  },
  Job: { groups: ['batch'], templates: ['spec.template'], behaviour: jobBehaviour },
  CronJob: {
    groups: ['batch'],
    templates: ['spec.jobTemplate.spec.template'],
    behaviour: nextRun('the next scheduled run reads it'),
  },
  Pod: { groups: [''], templates: [''], behaviour: manual('a bare Pod is never replaced') },
  PodTemplate: {
    groups: [''],
    templates: ['template'],
    behaviour: manual('a PodTemplate is only copied by whatever uses it'),
  },
  Rollout: { groups: ['argoproj.io'], templates: ['spec.template'], behaviour: () => ROLLS },
  DeploymentConfig: {
    groups: ['apps.openshift.io', ''],
    templates: ['spec.template'],
    // Without a ConfigChange trigger a DeploymentConfig deploys only when told to.
    behaviour: (body) => {
      const triggers = field(body, 'spec.triggers');
      return Array.isArray(triggers) && !triggers.some((t) => isRecord(t) && t.type === 'ConfigChange')
        ? {
            rolls: false,
            status: 'manual',
            reason: 'no ConfigChange trigger: deploys only when started by hand',
          }
        : ROLLS;
    },
  },
  // Knative Service: a template change creates a new Revision.
  Service: { groups: ['serving.knative.dev'], templates: ['spec.template'], behaviour: () => ROLLS },
};

export function apiGroup(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** The object as a workload, or `null` when it runs no pods we can see. */
export function asWorkload(object: ManifestObject, custom: PodTemplatePaths = new Map()): Workload | null {
  const rule = KINDS[object.kind];
  const builtIn = rule && rule.groups.includes(apiGroup(object.apiVersion));
  const paths = builtIn ? rule.templates : custom.get(object.kind);
  if (!paths) return null;
  const templates = paths.flatMap((path) => templatesAt(object.body, path));
  const ref = object.kind === 'Rollout' && builtIn ? field(object.body, 'spec.workloadRef') : undefined;
  const workloadRef =
    isRecord(ref) && typeof ref.name === 'string'
      ? { kind: typeof ref.kind === 'string' ? ref.kind : 'Deployment', name: ref.name }
      : null;
  if (templates.length === 0 && !workloadRef) return null;
  return { object, templates, behaviour: builtIn ? rule.behaviour(object.body) : ROLLS, workloadRef };
}

function templatesAt(body: Record<string, unknown>, path: string): PodTemplate[] {
  if (path === '') return [{ path, template: body }];
  let found: { path: string; value: unknown }[] = [{ path: '', value: body }];
  for (const step of path.split('.')) {
    const list = step.endsWith('[]');
    const key = list ? step.slice(0, -2) : step;
    found = found.flatMap(({ path: at, value }) => {
      const next = isRecord(value) ? value[key] : undefined;
      const here = at ? `${at}.${key}` : key;
      if (!list) return [{ path: here, value: next }];
      return Array.isArray(next) ? next.map((item, i) => ({ path: `${here}[${i}]`, value: item })) : [];
    });
  }
  return found
    .filter((f) => isRecord(f.value))
    .map((f) => ({ path: f.path, template: f.value as Record<string, unknown> }));
}

/** `Kind=path` options as given on the command line or in the Action input. */
export function parsePodTemplatePaths(specs: readonly string[]): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  for (const spec of specs) {
    const match = /^([A-Za-z][\w]*)=([\w]+(\[\])?(\.[\w]+(\[\])?)*)$/.exec(spec.trim());
    if (!match)
      throw new UsageError(
        `--pod-template '${spec}' is not Kind=path (for example RayCluster=spec.workerGroupSpecs[].template).`,
      );
    paths.set(match[1], [...(paths.get(match[1]) ?? []), match[2]]);
  }
  return paths;
}
