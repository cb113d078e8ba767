import { stringify } from 'yaml';

/** Small builders so that each test states only what it is about. */

type Obj = Record<string, unknown>;

// Written as YAML 1.1, the way Kubernetes reads it: `y`, `no`, `on` come out quoted.
export const yaml = (...objects: Obj[]): string =>
  objects.map((o) => stringify(o, { version: '1.1' })).join('---\n');

export function configMap(
  name: string,
  data: Record<string, string>,
  extra: Obj = {},
  namespace?: string,
): Obj {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(name, namespace), data, ...extra };
}

export function secret(name: string, fields: Obj, namespace?: string): Obj {
  return { apiVersion: 'v1', kind: 'Secret', metadata: meta(name, namespace), type: 'Opaque', ...fields };
}

export function container(name: string, fields: Obj = {}): Obj {
  return { name, image: `example/${name}:1`, ...fields };
}

const TEMPLATE_PATHS: Record<string, { apiVersion: string; wrap: (template: Obj) => Obj }> = {
  Deployment: { apiVersion: 'apps/v1', wrap: (t) => ({ spec: { replicas: 1, template: t } }) },
  StatefulSet: { apiVersion: 'apps/v1', wrap: (t) => ({ spec: { serviceName: 'x', template: t } }) },
  DaemonSet: { apiVersion: 'apps/v1', wrap: (t) => ({ spec: { template: t } }) },
  ReplicaSet: { apiVersion: 'apps/v1', wrap: (t) => ({ spec: { template: t } }) },
  ReplicationController: { apiVersion: 'v1', wrap: (t) => ({ spec: { template: t } }) },
  Job: { apiVersion: 'batch/v1', wrap: (t) => ({ spec: { template: t } }) },
  CronJob: {
    apiVersion: 'batch/v1',
    wrap: (t) => ({ spec: { schedule: '* * * * *', jobTemplate: { spec: { template: t } } } }),
  },
  Pod: { apiVersion: 'v1', wrap: (t) => ({ spec: t.spec }) },
  PodTemplate: { apiVersion: 'v1', wrap: (t) => ({ template: t }) },
  Rollout: { apiVersion: 'argoproj.io/v1alpha1', wrap: (t) => ({ spec: { template: t } }) },
  DeploymentConfig: { apiVersion: 'apps.openshift.io/v1', wrap: (t) => ({ spec: { template: t } }) },
  Service: { apiVersion: 'serving.knative.dev/v1', wrap: (t) => ({ spec: { template: t } }) },
};

export const WORKLOAD_KINDS = Object.keys(TEMPLATE_PATHS);

export function workload(
  kind: string,
  name: string,
  podSpec: Obj,
  options: { namespace?: string; spec?: Obj; annotations?: Obj } = {},
): Obj {
  const { apiVersion, wrap } = TEMPLATE_PATHS[kind];
  const template: Obj = {
    metadata: { labels: { app: name }, ...(options.annotations ? { annotations: options.annotations } : {}) },
    spec: podSpec,
  };
  const body = wrap(template);
  if (options.spec) body.spec = { ...(body.spec as Obj), ...options.spec };
  return { apiVersion, kind, metadata: meta(name, options.namespace), ...body };
}

export const deployment = (
  name: string,
  podSpec: Obj,
  options: { namespace?: string; annotations?: Obj } = {},
) => workload('Deployment', name, podSpec, options);

function meta(name: string, namespace?: string): Obj {
  return namespace ? { name, namespace } : { name };
}

/** The 1-based line of the first line of `text` that contains `needle`, the `nth` (1-based) when asked. */
export function lineOf(text: string, needle: string, nth = 1): number {
  let seen = 0;
  const index = text.split('\n').findIndex((line) => line.includes(needle) && ++seen === nth);
  if (index < 0) throw new Error(`no line with ${needle}`);
  return index + 1;
}

/** Grafana with its dashboard sidecar (kiwigrid's k8s-sidecar), which watches configs labelled `LABEL`. */
export const grafanaWithSidecar = (env: Record<string, string>): Obj =>
  deployment('grafana', {
    containers: [
      container('grafana'),
      container('grafana-sc-dashboard', {
        env: Object.entries({ ...env, FOLDER: '/tmp/dashboards' }).map(([name, value]) => ({ name, value })),
      }),
    ],
  });
