import { asWorkload, parsePodTemplatePaths } from '../src/stages/4-objects/workloads.js';
import { extractRefs, namedBy, watchedBy } from '../src/stages/5-references/extract.js';
import { namespaceMatch } from '../src/model/identity.js';
import type { ManifestObject } from '../src/model/types.js';
import { byName } from '../src/stages/5-references/by-name.js';
import { container, workload, WORKLOAD_KINDS, yaml } from './helpers/manifests.js';

const asObject = (body: Record<string, unknown>): ManifestObject => {
  const metadata = body.metadata as { name: string; namespace?: string };
  return {
    apiVersion: body.apiVersion as string,
    kind: body.kind as string,
    name: metadata.name,
    namespace: metadata.namespace ?? null,
    file: 'w.yaml',
    line: 1,
    body,
  };
};

const refsOf = (body: Record<string, unknown>) => {
  const w = asWorkload(asObject(body));
  if (!w) throw new Error('not a workload');
  return w.templates.flatMap((t) => extractRefs(t.template.spec));
};

// One pod spec per reference path, with what extractRefs must make of it.
const PATHS: { name: string; podSpec: Record<string, unknown>; expected: Record<string, unknown>[] }[] = [
  {
    name: 'configMap volume, all keys',
    podSpec: {
      containers: [container('app', { volumeMounts: [{ name: 'cfg', mountPath: '/etc/app' }] })],
      volumes: [{ name: 'cfg', configMap: { name: 'app-config' } }],
    },
    expected: [
      {
        kind: 'ConfigMap',
        name: 'app-config',
        keys: null,
        path: 'volume',
        delivery: 'volume',
        container: 'app',
        optional: false,
      },
    ],
  },
  {
    name: 'configMap volume an init container mounts: read once, before the containers start',
    podSpec: {
      initContainers: [container('render', { volumeMounts: [{ name: 'cfg', mountPath: '/template' }] })],
      containers: [container('app', { volumeMounts: [{ name: 'cfg', mountPath: '/etc/app' }] })],
      volumes: [{ name: 'cfg', configMap: { name: 'app-config' } }],
    },
    expected: [
      { kind: 'ConfigMap', name: 'app-config', container: 'render', delivery: 'init' },
      { kind: 'ConfigMap', name: 'app-config', container: 'app', delivery: 'volume' },
    ],
  },
  {
    name: 'configMap volume with items and optional',
    podSpec: {
      containers: [container('app', { volumeMounts: [{ name: 'cfg', mountPath: '/etc/app' }] })],
      volumes: [
        {
          name: 'cfg',
          configMap: { name: 'app-config', optional: true, items: [{ key: 'a.conf', path: 'a.conf' }] },
        },
      ],
    },
    expected: [
      { kind: 'ConfigMap', name: 'app-config', keys: ['a.conf'], optional: true, delivery: 'volume' },
    ],
  },
  {
    name: 'secret volume mounted with subPath',
    podSpec: {
      containers: [
        container('app', {
          volumeMounts: [{ name: 's', mountPath: '/etc/tls/key.pem', subPath: 'key.pem' }],
        }),
      ],
      volumes: [{ name: 's', secret: { secretName: 'tls' } }],
    },
    // The file a subPath names is one key: a change to another never reaches the container.
    expected: [{ kind: 'Secret', name: 'tls', keys: ['key.pem'], path: 'volume', delivery: 'subPath' }],
  },
  {
    // openstack-helm's tacker: each container takes its own script out of one ConfigMap.
    name: 'subPath into items: the key behind the path, or the keys under a directory; a deeper path keeps the volume',
    podSpec: {
      containers: [
        container('one', { volumeMounts: [{ name: 'c', mountPath: '/a', subPath: 'conf/a.yaml' }] }),
        container('dir', { volumeMounts: [{ name: 'c', mountPath: '/conf', subPath: 'conf/' }] }),
        container('deep', { volumeMounts: [{ name: 'w', mountPath: '/x', subPath: 'x/y' }] }),
      ],
      volumes: [
        {
          name: 'c',
          configMap: {
            name: 'bin',
            items: [
              { key: 'a', path: 'conf/a.yaml' },
              { key: 'b', path: 'conf/b.yaml' },
              { key: 'c', path: 'c.sh' },
            ],
          },
        },
        { name: 'w', configMap: { name: 'whole' } },
      ],
    },
    expected: [
      { kind: 'ConfigMap', name: 'bin', keys: ['a'], container: 'one', delivery: 'subPath' },
      { kind: 'ConfigMap', name: 'bin', keys: ['a', 'b'], container: 'dir', delivery: 'subPath' },
      { kind: 'ConfigMap', name: 'whole', keys: null, container: 'deep', delivery: 'subPath' },
    ],
  },
  {
    name: 'secret volume with items, mounted by two containers differently',
    podSpec: {
      containers: [
        container('a', { volumeMounts: [{ name: 's', mountPath: '/s' }] }),
        container('b', { volumeMounts: [{ name: 's', mountPath: '/s/x', subPathExpr: '$(X)' }] }),
      ],
      volumes: [{ name: 's', secret: { secretName: 'creds', items: [{ key: 'user', path: 'u' }] } }],
    },
    expected: [
      { kind: 'Secret', name: 'creds', keys: ['user'], container: 'a', delivery: 'volume' },
      { kind: 'Secret', name: 'creds', keys: ['user'], container: 'b', delivery: 'subPath' },
    ],
  },
  {
    name: 'volume that no container mounts',
    podSpec: { containers: [container('app')], volumes: [{ name: 'cfg', configMap: { name: 'unused' } }] },
    expected: [{ kind: 'ConfigMap', name: 'unused', delivery: 'unmounted', container: null }],
  },
  {
    name: 'projected sources with and without items',
    podSpec: {
      containers: [container('app', { volumeMounts: [{ name: 'all', mountPath: '/all' }] })],
      volumes: [
        {
          name: 'all',
          projected: {
            sources: [
              { configMap: { name: 'cm', items: [{ key: 'k1', path: 'k1' }] } },
              { secret: { name: 'sec', optional: true } },
              { downwardAPI: { items: [] } },
              { serviceAccountToken: { path: 'token' } },
            ],
          },
        },
      ],
    },
    expected: [
      { kind: 'ConfigMap', name: 'cm', keys: ['k1'], path: 'projected', delivery: 'volume' },
      { kind: 'Secret', name: 'sec', keys: null, optional: true, path: 'projected' },
    ],
  },
  {
    name: 'CSI nodePublishSecretRef and volume-plugin secrets',
    podSpec: {
      containers: [container('app')],
      volumes: [
        {
          name: 'vault',
          csi: { driver: 'secrets-store.csi.k8s.io', nodePublishSecretRef: { name: 'csi-creds' } },
        },
        { name: 'ceph', cephfs: { monitors: ['m'], secretRef: { name: 'ceph-secret' } } },
        { name: 'az', azureFile: { secretName: 'az-secret', shareName: 's' } },
      ],
    },
    expected: [
      { kind: 'Secret', name: 'csi-creds', path: 'csi', delivery: 'mount' },
      { kind: 'Secret', name: 'ceph-secret', path: 'volume-plugin', delivery: 'mount' },
      { kind: 'Secret', name: 'az-secret', path: 'volume-plugin', delivery: 'mount' },
    ],
  },
  {
    name: 'env valueFrom key references',
    podSpec: {
      containers: [
        container('app', {
          env: [
            { name: 'PLAIN', value: 'x' },
            { name: 'LEVEL', valueFrom: { configMapKeyRef: { name: 'settings', key: 'level' } } },
            { name: 'TOKEN', valueFrom: { secretKeyRef: { name: 'api', key: 'token', optional: true } } },
            { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
          ],
        }),
      ],
    },
    expected: [
      { kind: 'ConfigMap', name: 'settings', keys: ['level'], path: 'env', delivery: 'env', optional: false },
      { kind: 'Secret', name: 'api', keys: ['token'], path: 'env', delivery: 'env', optional: true },
    ],
  },
  {
    name: 'envFrom with prefix',
    podSpec: {
      containers: [
        container('app', {
          envFrom: [
            { configMapRef: { name: 'flags' }, prefix: 'FLAG_' },
            { secretRef: { name: 'db', optional: true } },
          ],
        }),
      ],
    },
    expected: [
      {
        kind: 'ConfigMap',
        name: 'flags',
        keys: null,
        path: 'envFrom',
        via: 'containers[app].envFrom[0].configMapRef (prefix FLAG_)',
      },
      { kind: 'Secret', name: 'db', keys: null, path: 'envFrom', optional: true },
    ],
  },
  {
    name: 'init and ephemeral containers',
    podSpec: {
      initContainers: [container('migrate', { envFrom: [{ secretRef: { name: 'db' } }] })],
      containers: [container('app')],
      ephemeralContainers: [
        container('debug', {
          env: [{ name: 'X', valueFrom: { configMapKeyRef: { name: 'dbg', key: 'x' } } }],
        }),
      ],
    },
    expected: [
      {
        kind: 'Secret',
        name: 'db',
        container: 'migrate',
        via: 'initContainers[migrate].envFrom[0].secretRef',
      },
      {
        kind: 'ConfigMap',
        name: 'dbg',
        container: 'debug',
        keys: ['x'],
        via: 'ephemeralContainers[debug].env[X].valueFrom.configMapKeyRef',
      },
    ],
  },
  {
    name: 'imagePullSecrets',
    podSpec: { containers: [container('app')], imagePullSecrets: [{ name: 'registry' }] },
    expected: [{ kind: 'Secret', name: 'registry', path: 'imagePullSecrets', delivery: 'image-pull' }],
  },
];

describe.each(WORKLOAD_KINDS)('%s', (kind) => {
  test.each(PATHS)('$name', ({ podSpec, expected }) => {
    const refs = refsOf(workload(kind, 'w', podSpec));
    expect(refs).toHaveLength(expected.length);
    expected.forEach((e, i) => expect(refs[i]).toMatchObject(e));
  });
});

describe('workload kinds', () => {
  const behaviour = (body: Record<string, unknown>) => asWorkload(asObject(body))?.behaviour;

  test.each([
    ['Deployment', {}, { rolls: true }],
    ['StatefulSet', {}, { rolls: true }],
    ['StatefulSet', { updateStrategy: { type: 'OnDelete' } }, { rolls: false, status: 'manual' }],
    ['DaemonSet', { updateStrategy: { type: 'OnDelete' } }, { rolls: false, status: 'manual' }],
    ['DaemonSet', { updateStrategy: { type: 'RollingUpdate' } }, { rolls: true }],
    ['ReplicaSet', {}, { rolls: false, status: 'manual' }],
    ['ReplicationController', {}, { rolls: false, status: 'manual' }],
    ['Pod', {}, { rolls: false, status: 'manual' }],
    ['PodTemplate', {}, { rolls: false, status: 'manual' }],
    ['Job', {}, { rolls: false, status: 'manual' }],
    ['Job', { ttlSecondsAfterFinished: 0 }, { rolls: false, status: 'next-run' }],
    ['CronJob', {}, { rolls: false, status: 'next-run' }],
    ['Rollout', {}, { rolls: true }],
    ['Service', {}, { rolls: true }],
    ['DeploymentConfig', {}, { rolls: true }],
    ['DeploymentConfig', { triggers: [{ type: 'ImageChange' }] }, { rolls: false, status: 'manual' }],
    ['DeploymentConfig', { triggers: [{ type: 'ConfigChange' }] }, { rolls: true }],
  ])('%s %j', (kind, spec, expected) => {
    expect(behaviour(workload(kind, 'w', { containers: [] }, { spec }))).toMatchObject(expected);
  });

  test('a core Service and an unknown kind are not workloads', () => {
    expect(
      asWorkload(asObject({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: {} })),
    ).toBeNull();
    expect(
      asWorkload(asObject({ apiVersion: 'ray.io/v1', kind: 'RayCluster', metadata: { name: 'r' } })),
    ).toBeNull();
  });

  test('Argo Rollout workloadRef names the Deployment that holds the template', () => {
    const rollout = asObject({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Rollout',
      metadata: { name: 'r' },
      spec: { workloadRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' } },
    });
    expect(asWorkload(rollout)).toMatchObject({
      templates: [],
      workloadRef: { kind: 'Deployment', name: 'web' },
    });
  });

  test('user-configured pod-template paths for a custom resource, lists included', () => {
    const paths = parsePodTemplatePaths([
      'RayCluster=spec.headGroupSpec.template',
      'RayCluster=spec.workerGroupSpecs[].template',
    ]);
    const env = (name: string) => ({
      containers: [container('c', { envFrom: [{ configMapRef: { name } }] })],
    });
    const ray = asObject({
      apiVersion: 'ray.io/v1',
      kind: 'RayCluster',
      metadata: { name: 'ray' },
      spec: {
        headGroupSpec: { template: { spec: env('head-cfg') } },
        workerGroupSpecs: [{ template: { spec: env('w0-cfg') } }, { template: { spec: env('w1-cfg') } }],
      },
    });
    const w = asWorkload(ray, paths)!;
    expect(w.templates.map((t) => t.path)).toEqual([
      'spec.headGroupSpec.template',
      'spec.workerGroupSpecs[0].template',
      'spec.workerGroupSpecs[1].template',
    ]);
    expect(w.templates.flatMap((t) => extractRefs(t.template.spec)).map((r) => r.name)).toEqual([
      'head-cfg',
      'w0-cfg',
      'w1-cfg',
    ]);
    expect(w.behaviour).toEqual({ rolls: true });
  });

  test.each(['RayCluster', 'RayCluster=', '=spec.template', 'RayCluster=spec..template', 'Ray Cluster=spec'])(
    'a malformed pod-template path %p is a usage error',
    (spec) => expect(() => parsePodTemplatePaths([spec])).toThrow(/Kind=path/),
  );
});

describe('namespace rule', () => {
  test.each([
    ['a', 'a', 'exact'],
    [null, null, 'exact'],
    ['a', null, 'assumed'],
    [null, 'a', 'assumed'],
    ['a', 'b', null],
  ] as const)('workload %p, config %p → %p', (workloadNs, configNs, expected) => {
    expect(namespaceMatch(workloadNs, configNs)).toBe(expected);
  });
});

// A program that reads its config through the API names it, as postgres-operator (env) and
// ingress-nginx (an argument) do; a path or a longer name that ends in it is no name, and neither is
// a value of a variable or flag that does not say it names a config (eks-workshop-v2's
// `MYSQL_DATABASE: catalog` beside a ConfigMap catalog).
describe('a config named, not mounted', () => {
  test.each([
    [{ env: [{ name: 'CONFIG_MAP_NAME', value: 'operator' }] }, 'env CONFIG_MAP_NAME of container app'],
    [{ env: [{ name: 'CONFIG', value: 'ops/operator' }] }, 'env CONFIG of container app'],
    [
      { env: [{ name: 'WEBHOOK_SECRET_NAME', value: 'operator' }] },
      'env WEBHOOK_SECRET_NAME of container app',
    ],
    [{ args: ['--v=2', '--configmap=$(POD_NAMESPACE)/operator'] }, 'args[1] of container app'],
    [{ args: ['--default-ssl-certificate=ops/operator'] }, 'args[0] of container app'],
    [{ command: ['/manager', '--config-map', 'operator'] }, 'command[2] of container app'],
    [{ command: ['/manager', 'operator'] }, null],
    [{ args: ['--name=operator', '--name', 'operator'] }, null],
    [{ env: [{ name: 'MYSQL_DATABASE', value: 'operator' }] }, null],
    [{ env: [{ name: 'CONFIG', value: '/etc/operator' }] }, null],
    [{ env: [{ name: 'CONFIG', value: 'my-operator' }] }, null],
    [{ args: ['--config=/etc/config/operator'] }, null],
    [{ env: [{ name: 'CONFIG', valueFrom: { configMapKeyRef: { name: 'operator', key: 'k' } } }] }, null],
  ])('%j → %p', (fields, expected) => {
    expect(namedBy({ containers: [container('app', fields)] }, 'operator')).toBe(expected);
  });

  test('an init container names it too; no pod spec names nothing', () => {
    const spec = {
      initContainers: [container('init', { args: ['--configmap=operator'] })],
      containers: [container('app')],
    };
    expect(namedBy(spec, 'operator')).toBe('args[0] of container init');
    expect(namedBy(null, 'operator')).toBeNull();
  });
});

// Grafana's dashboard sidecar (kiwigrid/k8s-sidecar) copies every ConfigMap labelled
// `grafana_dashboard: "1"` into its folder as it changes; Jenkins' configuration-as-code sidecar too.
describe('a config watched by label', () => {
  const sidecar = (env: Record<string, string>) =>
    container('grafana-sc-dashboard', {
      env: Object.entries({ FOLDER: '/tmp/dashboards', ...env }).map(([name, value]) => ({ name, value })),
    });
  const dashboard = { kind: 'ConfigMap' as const, namespace: 'apps', labels: { grafana_dashboard: '1' } };
  const place = 'container grafana-sc-dashboard, label grafana_dashboard=1';
  test.each([
    [{ LABEL: 'grafana_dashboard', LABEL_VALUE: '1' }, 'apps', place],
    [{ LABEL: 'grafana_dashboard' }, 'apps', 'container grafana-sc-dashboard, label grafana_dashboard'],
    [{ LABEL: 'grafana_dashboard', LABEL_VALUE: '1' }, 'monitoring', null],
    [{ LABEL: 'grafana_dashboard', LABEL_VALUE: '1', NAMESPACE: 'ALL' }, 'monitoring', place],
    [{ LABEL: 'grafana_dashboard', LABEL_VALUE: '1', NAMESPACE: 'ops, apps' }, 'monitoring', place],
    [{ LABEL: 'grafana_dashboard', LABEL_VALUE: '0' }, 'apps', null],
    [{ LABEL: 'grafana_datasource', LABEL_VALUE: '1' }, 'apps', null],
    [{ LABEL: 'grafana_dashboard', LABEL_VALUE: '1', RESOURCE: 'secret' }, 'apps', null],
    [{ LABEL: 'grafana_dashboard', LABEL_VALUE: '1', RESOURCE: 'both' }, 'apps', place],
    [{ LABEL: 'grafana_dashboard', LABEL_VALUE: '1', METHOD: 'LIST' }, 'apps', null],
  ])('%j in namespace %p → %p', (env, podNamespace, expected) => {
    expect(watchedBy({ containers: [container('grafana'), sidecar(env)] }, podNamespace, dashboard)).toBe(
      expected,
    );
  });

  test('a sidecar that lists only at start (an init container), or a LABEL without FOLDER, watches nothing', () => {
    const env = [
      { name: 'LABEL', value: 'grafana_dashboard' },
      { name: 'FOLDER', value: '/tmp/dashboards' },
    ];
    expect(
      watchedBy({ initContainers: [container('init', { env })], containers: [] }, 'apps', dashboard),
    ).toBeNull();
    const noFolder = [{ name: 'LABEL', value: 'grafana_dashboard' }];
    expect(watchedBy({ containers: [container('x', { env: noFolder })] }, 'apps', dashboard)).toBeNull();
  });
});

describe('a file that writes a config name: may it hold a reader, or define the config, once its root is built?', () => {
  const deploymentReading = (name: string) =>
    yaml(
      workload('Deployment', 'web', {
        containers: [container('app', { envFrom: [{ configMapRef: { name } }] })],
      }),
    );
  const none = new Map<string, string[]>();
  const istio = { kind: 'ConfigMap' as const, name: 'istio', namespace: 'mesh' };
  test.each([
    ['a Deployment that mounts it', 'app.yaml', deploymentReading('istio'), true, null],
    // Named istio itself, it mounts another config.
    [
      'a Deployment that mounts another',
      'app.yaml',
      deploymentReading('other').replace('name: web', 'name: istio'),
      false,
      null,
    ],
    [
      'a Service and a label that spell it',
      'svc.yaml',
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: istio\n  labels: {app: istio}\n',
      false,
      null,
    ],
    [
      'the config in its namespace',
      'cm.yaml',
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio\n  namespace: mesh\ndata: {a: b}\n',
      false,
      'exact',
    ],
    [
      'the config without a namespace (applied to any)',
      'cm.yaml',
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio\ndata: {a: b}\n',
      false,
      'assumed',
    ],
    [
      'the config in another namespace',
      'cm.yaml',
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: istio\n  namespace: web\ndata: {a: b}\n',
      false,
      null,
    ],
    [
      'a Secret of that name',
      'cm.yaml',
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: istio\n',
      false,
      null,
    ],
    ['a values file that names it as a value', 'chart/values.yaml', 'existingConfigMap: istio\n', true, null],
    ['a values file with it as a key only', 'chart/values.yaml', 'istio:\n  enabled: true\n', false, null],
    [
      'a chart template',
      'chart/templates/d.yaml',
      'kind: Deployment\n{{- if .Values.x }}\nname: istio\n{{- end }}\n',
      true,
      null,
    ],
    [
      'a HelmRelease whose values name it',
      'hr.yaml',
      'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: web\nspec:\n  values:\n    config: istio\n',
      true,
      null,
    ],
    [
      'a kustomization that generates it (no namespace: any)',
      'k/kustomization.yaml',
      'configMapGenerator:\n  - name: istio\n    literals: [a=b]\n',
      false,
      'assumed',
    ],
    [
      'a kustomization that generates it elsewhere',
      'k/kustomization.yaml',
      'namespace: web\nconfigMapGenerator:\n  - name: istio\n    literals: [a=b]\n',
      false,
      null,
    ],
    [
      'a kustomization whose inline patch mounts it',
      'k/kustomization.yaml',
      yaml({ patches: [{ patch: deploymentReading('istio') }] }),
      true,
      null,
    ],
  ])('%s: %s', (_, file, text, mayRead, defines) => {
    expect(text).toMatch(/(^|[^\w.-])istio($|[^\w.-])/m);
    expect(byName(file, text, [istio], none)).toEqual({ mayRead, defines });
  });
  test('a longer name that ends in it is not it, even in a template', () => {
    const template = 'kind: Deployment\n{{- if .Values.x }}\nname: my-istio\nargs: [app-istio]\n{{- end }}\n';
    expect(byName('chart/templates/d.yaml', template, [istio], none)).toEqual({
      mayRead: false,
      defines: null,
    });
  });
});
