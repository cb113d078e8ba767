import type { Report } from '../src/model/types.js';
import { cli } from './helpers/cli.js';
import { configMap, container, deployment, secret, workload, yaml } from './helpers/manifests.js';
import { checkChange, twoCommits } from './helpers/scenario.js';

// Workloads that something else reloads, and workloads a team opted out: each case is a real
// two-commit repository whose ConfigMap (or Secret) changes; the verdict is read from the report.

type Obj = Record<string, unknown>;
const envFrom = { envFrom: [{ configMapRef: { name: 'app-config' } }] };
const volume = {
  volumes: [{ name: 'config', configMap: { name: 'app-config' } }],
};
const mounted = (name = 'app', extra: Obj = {}) =>
  container(name, { volumeMounts: [{ name: 'config', mountPath: '/etc/app' }], ...extra });

interface Case {
  name: string;
  podSpec: Obj;
  annotations?: Record<string, string>;
  podAnnotations?: Record<string, string>;
  config?: Record<string, string>;
  kind?: string;
  status: string;
  reason: RegExp;
}

const CASES: Case[] = [
  {
    name: 'Reloader auto',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'reloader.stakater.com/auto': 'true' },
    status: 'reloaded',
    reason: /Reloader: reloader\.stakater\.com\/auto/,
  },
  {
    name: 'Reloader auto on the pod template only',
    podSpec: { containers: [container('app', envFrom)] },
    podAnnotations: { 'reloader.stakater.com/auto': 'true' },
    status: 'reloaded',
    reason: /reloader\.stakater\.com\/auto/,
  },
  {
    name: 'Reloader auto "false"',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'reloader.stakater.com/auto': 'false' },
    status: 'dormant',
    reason: /pod template is unchanged/,
  },
  {
    name: 'Reloader configmap auto',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'configmap.reloader.stakater.com/auto': 'true' },
    status: 'reloaded',
    reason: /configmap\.reloader\.stakater\.com\/auto/,
  },
  {
    name: 'Reloader secret auto does not cover a ConfigMap',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'secret.reloader.stakater.com/auto': 'true' },
    status: 'dormant',
    reason: /unchanged/,
  },
  {
    name: 'Reloader reload list with an anchored regex',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'configmap.reloader.stakater.com/reload': 'other, app-.*' },
    status: 'reloaded',
    reason: /configmap\.reloader\.stakater\.com\/reload/,
  },
  {
    name: 'Reloader reload list that only matches a prefix',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'configmap.reloader.stakater.com/reload': 'app' },
    status: 'dormant',
    reason: /unchanged/,
  },
  {
    // A name without other pattern syntax is compared without RE2: its dots still match any one character.
    name: 'Reloader reload list whose dot stands for the dash',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'configmap.reloader.stakater.com/reload': 'app.config' },
    status: 'reloaded',
    reason: /configmap\.reloader\.stakater\.com\/reload/,
  },
  {
    name: 'Reloader reload list with a dotted name one character longer',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'configmap.reloader.stakater.com/reload': 'app.config.' },
    status: 'dormant',
    reason: /unchanged/,
  },
  {
    name: 'Reloader reload pattern on the pod template only',
    podSpec: { containers: [container('app', envFrom)] },
    podAnnotations: { 'configmap.reloader.stakater.com/reload': '[a-z]+-config' },
    status: 'reloaded',
    reason: /configmap\.reloader\.stakater\.com\/reload/,
  },
  {
    name: 'Reloader search with match on the config',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'reloader.stakater.com/search': 'true' },
    config: { 'reloader.stakater.com/match': 'true' },
    status: 'reloaded',
    reason: /search/,
  },
  {
    name: 'Reloader search without match',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'reloader.stakater.com/search': 'true' },
    status: 'dormant',
    reason: /unchanged/,
  },
  {
    name: 'Reloader auto, the config ignores Reloader',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'reloader.stakater.com/auto': 'true' },
    config: { 'reloader.stakater.com/ignore': 'true' },
    status: 'dormant',
    reason: /unchanged/,
  },
  {
    name: 'Reloader auto, the workload excludes the config',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: {
      'reloader.stakater.com/auto': 'true',
      'configmaps.exclude.reloader.stakater.com/reload': 'app-config',
    },
    status: 'dormant',
    reason: /unchanged/,
  },
  {
    name: 'Wave on a Deployment',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'wave.pusher.com/update-on-config-change': 'true' },
    status: 'reloaded',
    reason: /Wave/,
  },
  {
    name: 'a configmap-reload sidecar on the same volume',
    podSpec: {
      containers: [mounted(), mounted('reload', { image: 'ghcr.io/jimmidyson/configmap-reload:v0.12.0' })],
      ...volume,
    },
    status: 'reloaded',
    reason: /sidecar configmap-reload watches \/etc\/app/,
  },
  {
    name: 'a sidecar on a different volume',
    podSpec: {
      containers: [
        mounted(),
        container('reload', {
          image: 'quay.io/prometheus-operator/prometheus-config-reloader:v0.80.0',
          volumeMounts: [{ name: 'other', mountPath: '/x' }],
        }),
      ],
      volumes: [...volume.volumes, { name: 'other', emptyDir: {} }],
    },
    status: 'dormant',
    reason: /unchanged/,
  },
  {
    name: 'a sidecar, but the key also reaches env: only partly covered',
    podSpec: {
      containers: [mounted('app', envFrom), mounted('reload', { image: 'kiwigrid/k8s-sidecar:1.30.0' })],
      ...volume,
    },
    status: 'dormant',
    reason: /covers only part of it: containers\[app\]\.envFrom\[0\]\.configMapRef is not covered/,
  },
  {
    name: 'declared volume reload',
    podSpec: { containers: [mounted()], ...volume },
    annotations: { 'config-rollout-guard/reloads': 'volume' },
    status: 'reloaded',
    reason: /re-reads mounted files/,
  },
  // microservices-demo's collector: an init container writes the config the app reads from the
  // ConfigMap's template; the app re-reading its own copy never sees the new template.
  {
    name: 'declared volume reload does not cover a volume only an init container reads',
    podSpec: { initContainers: [mounted('render')], containers: [container('app')], ...volume },
    annotations: { 'config-rollout-guard/reloads': 'volume' },
    status: 'dormant',
    reason: /^the pod template is unchanged, so running pods keep the old config$/,
  },
  {
    name: 'declared volume reload does not cover env',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'config-rollout-guard/reloads': 'volume' },
    status: 'dormant',
    reason: /unchanged/,
  },
  {
    name: 'opt-out on the workload',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'config-rollout-guard/ignore': 'the proxy watches its config' },
    status: 'ignored',
    reason: /ignored \(config-rollout-guard\/ignore\): the proxy watches its config/,
  },
  {
    name: 'opt-out on the config',
    podSpec: { containers: [container('app', envFrom)] },
    config: { 'config-rollout-guard/ignore': 'feature flags, read per request' },
    status: 'ignored',
    reason: /feature flags, read per request/,
  },
  {
    name: 'opt-out on a bare Pod (manual)',
    kind: 'Pod',
    podSpec: { containers: [container('app', envFrom)] },
    annotations: { 'config-rollout-guard/ignore': 'debug pod' },
    status: 'ignored',
    reason: /debug pod/,
  },
];

function files(c: Case, level: string) {
  const object = workload(
    c.kind ?? 'Deployment',
    'app',
    c.podSpec,
    c.podAnnotations ? { annotations: c.podAnnotations } : {},
  );
  if (c.annotations) (object.metadata as Obj).annotations = c.annotations;
  const config = configMap('app-config', { LEVEL: level });
  if (c.config) (config.metadata as Obj).annotations = c.config;
  return { 'app.yaml': yaml(object), 'config.yaml': yaml(config) };
}

test.each(CASES)('$name → $status', async (c) => {
  const report = await checkChange(files(c, 'info'), files(c, 'debug'));
  expect(report.impacts.map((i) => i.status)).toEqual([c.status]);
  expect(report.impacts[0].reason).toMatch(c.reason);
});

test('reloaded and ignored never fail the run, and the reason reaches the reader', async () => {
  const c = CASES.find((x) => x.name === 'opt-out on the workload')!;
  const { repo, base, head } = await twoCommits(files(c, 'info'), files(c, 'debug'));
  const text = await cli(['check', '--base', base, '--head', head], { cwd: repo.dir });
  expect(text.code).toBe(0);
  expect(text.stdout).toContain('the proxy watches its config');
  const md = await cli(['check', '--base', base, '--head', head, '--format', 'markdown'], { cwd: repo.dir });
  expect(md.stdout.split('\n')[0]).toMatch(/^### ✅/);
});

test('an opt-out without a reason is a warning', async () => {
  const c: Case = { ...CASES[0], annotations: { 'config-rollout-guard/ignore': '' } };
  const report: Report = await checkChange(files(c, 'info'), files(c, 'debug'));
  expect(report.impacts.map((i) => i.status)).toEqual(['ignored']);
  expect(report.diagnostics.map((d) => d.message)).toEqual([
    'Deployment app: config-rollout-guard/ignore has no reason; say why the finding does not apply.',
  ]);
});

test('a Secret change under Reloader secret auto is reloaded', async () => {
  const app = (annotations: Record<string, string>) => {
    const d = deployment('app', {
      containers: [container('app', { envFrom: [{ secretRef: { name: 'db' } }] })],
    });
    (d.metadata as Obj).annotations = annotations;
    return yaml(d, secret('db', { stringData: { password: 'x' } }));
  };
  const after = app({ 'secret.reloader.stakater.com/auto': 'true' }).replace('password: x', 'password: y');
  const report = await checkChange(
    { 'app.yaml': app({ 'secret.reloader.stakater.com/auto': 'true' }) },
    { 'app.yaml': after },
  );
  expect(report.impacts.map((i) => [i.status, i.reason])).toEqual([
    ['reloaded', 'reloaded without a rollout: Reloader: secret.reloader.stakater.com/auto'],
  ]);
});

test('fix does not stamp a workload that Reloader restarts or that is opted out', async () => {
  const managed = deployment('managed', { containers: [container('app', envFrom)] });
  (managed.metadata as Obj).annotations = { 'reloader.stakater.com/auto': 'true' };
  const ignored = deployment('ignored', { containers: [container('app', envFrom)] });
  (ignored.metadata as Obj).annotations = { 'config-rollout-guard/ignore': 'reads per request' };
  const plain = deployment('plain', { containers: [container('app', envFrom)] });
  const { repo } = await twoCommits(
    { 'all.yaml': yaml(configMap('app-config', { a: '1' }), managed, ignored, plain) },
    {},
  );
  const { stdout } = await cli(['fix', '--dry-run'], { cwd: repo.dir });
  expect(stdout).toMatch(/Would stamp 1 workload/);
  expect(stdout).toMatch(/Deployment plain/);
  expect(stdout).not.toMatch(/Deployment (managed|ignored)/);
});

test('a cluster whose Reloader runs with --auto-reload-all, declared in the configuration file', async () => {
  const app = (name: string, annotations: Record<string, string> = {}) => {
    const d = deployment(name, { containers: [container('app', envFrom)] });
    (d.metadata as Obj).annotations = annotations;
    return yaml(d);
  };
  const tree = (level: string) => ({
    '.config-rollout-guard.yaml': 'reloader: { auto-reload-all: true }\n',
    'plain.yaml': app('plain'),
    'opted-out.yaml': app('opted-out', { 'reloader.stakater.com/auto': 'false' }),
    'config.yaml': yaml(configMap('app-config', { LEVEL: level })),
  });
  // The configuration file is read by the CLI (and the Action), at the base.
  const { repo, base, head } = await twoCommits(tree('info'), tree('debug'));
  const { stdout } = await cli(['check', '--base', base, '--head', head, '--format', 'json'], {
    cwd: repo.dir,
  });
  const report = JSON.parse(stdout) as Report;
  expect(report.impacts.map((i) => [i.workload.name, i.status, i.reason])).toEqual([
    ['opted-out', 'dormant', expect.stringMatching(/pod template is unchanged/)],
    ['plain', 'reloaded', 'reloaded without a rollout: Reloader: --auto-reload-all (configuration file)'],
  ]);
});

describe('Grafana re-reads the dashboards its file providers point at', () => {
  // kube-prometheus's layout: a provider config mounted into provisioning/dashboards names a folder,
  // and each dashboard is a ConfigMap mounted whole beneath it.
  const PROVIDERS = JSON.stringify({
    apiVersion: 1,
    providers: [{ name: '0', type: 'file', options: { path: '/grafana-dashboard-definitions/0' } }],
  });
  const mount = (name: string, mountPath: string, extra: Obj = {}) => ({ name, mountPath, ...extra });
  const grafana = (over: { image?: string; mounts?: Obj[]; env?: Obj[]; providers?: Obj } = {}) =>
    deployment('grafana', {
      containers: [
        {
          name: 'grafana',
          image: over.image ?? 'grafana/grafana:13.1.3',
          ...(over.env ? { env: over.env } : {}),
          volumeMounts: over.mounts ?? [
            mount('providers', '/etc/grafana/provisioning/dashboards'),
            mount('apiserver', '/grafana-dashboard-definitions/0/apiserver'),
          ],
        },
      ],
      volumes: [
        over.providers ?? { name: 'providers', configMap: { name: 'grafana-dashboards' } },
        { name: 'apiserver', configMap: { name: 'grafana-dashboard-apiserver' } },
      ],
    });
  const tree = (workload: Obj, panel: string, providers = PROVIDERS, providerObject?: Obj) => ({
    'grafana.yaml': yaml(
      workload,
      providerObject ?? configMap('grafana-dashboards', { 'dashboards.yaml': providers }),
      configMap('grafana-dashboard-apiserver', { 'apiserver.json': `{"title": "${panel}"}` }),
    ),
  });
  const verdict = async (workload: Obj, providers?: string, providerObject?: Obj) => {
    const report = await checkChange(
      tree(workload, 'API', providers, providerObject),
      tree(workload, 'API server', providers, providerObject),
    );
    return report.impacts.map((i) => [i.status, i.reason]);
  };
  const RELOADED = [
    'reloaded',
    'reloaded without a rollout: Grafana re-reads the dashboards under /grafana-dashboard-definitions/0 (provider 0, every 10 s)',
  ];

  test('a dashboard mounted whole under the provider folder is reloaded, with the provider named', async () => {
    expect(await verdict(grafana())).toEqual([RELOADED]);
  });

  test('the provider config itself is read at start only: its change is dormant', async () => {
    const more = JSON.stringify({ ...JSON.parse(PROVIDERS), apiVersion: 1, extra: true });
    const report = await checkChange(tree(grafana(), 'API'), tree(grafana(), 'API', more));
    expect(report.impacts.map((i) => [i.status, i.configs.map((c) => c.name)])).toEqual([
      ['dormant', ['grafana-dashboards']],
    ]);
  });

  test.each([
    [
      'by subPath (a copy made at start)',
      {
        mounts: [
          mount('providers', '/etc/grafana/provisioning/dashboards'),
          mount('apiserver', '/grafana-dashboard-definitions/0/a.json', { subPath: 'apiserver.json' }),
        ],
      },
    ],
    [
      'outside every provider folder',
      {
        mounts: [
          mount('providers', '/etc/grafana/provisioning/dashboards'),
          mount('apiserver', '/var/dashboards'),
        ],
      },
    ],
    [
      'beside the folder, under a name that starts the same',
      {
        mounts: [
          mount('providers', '/etc/grafana/provisioning/dashboards'),
          mount('apiserver', '/grafana-dashboard-definitions/01'),
        ],
      },
    ],
    ['in a container that is not Grafana', { image: 'example/grafana:1' }],
    [
      'where GF_PATHS_PROVISIONING moves provisioning elsewhere',
      { env: [{ name: 'GF_PATHS_PROVISIONING', value: '/srv/provisioning' }] },
    ],
  ])('a dashboard mounted %s stays dormant', async (_, over) => {
    const [[status]] = await verdict(grafana(over));
    expect(status).toBe('dormant');
  });

  test.each([
    ['under a registry', grafana({ image: 'docker.io/grafana/grafana-oss:11.0.0' }), undefined, undefined],
    [
      'with provisioning where GF_PATHS_PROVISIONING says',
      grafana({
        env: [{ name: 'GF_PATHS_PROVISIONING', value: '/srv/provisioning' }],
        mounts: [
          mount('providers', '/srv/provisioning/dashboards'),
          mount('apiserver', '/grafana-dashboard-definitions/0/apiserver'),
        ],
      }),
      undefined,
      undefined,
    ],
    [
      'with its provider file mounted by subPath',
      grafana({
        mounts: [
          mount('providers', '/etc/grafana/provisioning/dashboards/kube.yaml', {
            subPath: 'dashboards.yaml',
          }),
          mount('apiserver', '/grafana-dashboard-definitions/0/apiserver'),
        ],
      }),
      undefined,
      undefined,
    ],
  ])('Grafana %s is seen', async (_, workload, providers, providerObject) => {
    expect(await verdict(workload, providers, providerObject)).toEqual([RELOADED]);
  });

  test('Grafana with its providers in a Secret is seen, and nothing the Secret holds is said', async () => {
    const providers = secret('grafana-dashboards', {
      data: {
        'providers.yml': Buffer.from(
          // YAML this time, the folder written with a trailing slash.
          'apiVersion: 1\nproviders:\n  - name: hidden-provider\n    type: file\n    updateIntervalSeconds: 37\n    options: { path: /grafana-dashboard-definitions/0/ }\n',
        ).toString('base64'),
      },
    });
    const workload = grafana({
      providers: { name: 'providers', secret: { secretName: 'grafana-dashboards' } },
    });
    const report = await checkChange(
      tree(workload, 'API', undefined, providers),
      tree(workload, 'API server', undefined, providers),
    );
    expect(report.impacts.map((i) => [i.status, i.reason])).toEqual([
      [
        'reloaded',
        'reloaded without a rollout: Grafana re-reads the dashboards at /grafana-dashboard-definitions/0/apiserver (a file provider in Secret grafana-dashboards)',
      ],
    ]);
    expect(JSON.stringify(report)).not.toMatch(/hidden-provider|37 s/);
  });

  test.each([
    [
      'a provider of another type',
      { name: '0', type: 'api', options: { path: '/grafana-dashboard-definitions/0' } },
    ],
    ['a provider with no type', { name: '0', options: { path: '/grafana-dashboard-definitions/0' } }],
    [
      'a path Grafana expands from its environment',
      { name: '0', type: 'file', options: { path: '$DASHBOARDS/0' } },
    ],
  ])('%s covers nothing', async (_, provider) => {
    const [[status]] = await verdict(grafana(), JSON.stringify({ apiVersion: 1, providers: [provider] }));
    expect(status).toBe('dormant');
  });

  test('a provider config that does not parse covers nothing, and says nothing of its content', async () => {
    const report = await checkChange(
      tree(grafana(), 'API', 'providers: [ {{ secret-looking-text'),
      tree(grafana(), 'API server', 'providers: [ {{ secret-looking-text'),
    );
    expect(report.impacts.map((i) => i.status)).toEqual(['dormant']);
    expect(JSON.stringify(report)).not.toContain('secret-looking-text');
  });

  // A change to a dashboard alone: the provider config is in a file it leaves alone, which the
  // check reads for what it says (plain files), or among the documents of a build (a kustomization).
  test.each([
    ['as plain files', {}],
    [
      'built by a kustomization',
      { 'kustomization.yaml': yaml({ resources: ['grafana.yaml', 'providers.yaml', 'dashboard.yaml'] }) },
    ],
  ])(
    'a dashboard is reloaded where the provider config is in a file the change leaves alone, %s',
    async (_, more) => {
      const files = (panel: string) => ({
        ...more,
        'grafana.yaml': yaml(grafana()),
        'providers.yaml': yaml(configMap('grafana-dashboards', { 'dashboards.yaml': PROVIDERS })),
        'dashboard.yaml': yaml(
          configMap('grafana-dashboard-apiserver', { 'apiserver.json': `{"title": "${panel}"}` }),
        ),
      });
      const report = await checkChange(files('API'), files('API server'));
      expect(report.impacts.map((i) => [i.status, i.reason])).toEqual([RELOADED]);
      expect(report.rendered.length).toBe(Object.keys(more).length);
    },
  );

  test('scan --risks names the provider config as exposed, not the dashboards Grafana re-reads', async () => {
    const { repo, head } = await twoCommits(tree(grafana(), 'API'), tree(grafana(), 'API'));
    const { stdout } = await cli(['scan', '--rev', head, '--risks', '--format', 'json'], { cwd: repo.dir });
    const notes = (JSON.parse(stdout) as { diagnostics: { message: string }[] }).diagnostics.map(
      (d) => d.message,
    );
    expect(notes.filter((m) => m.includes('will lie dormant'))).toEqual([
      expect.stringMatching(/^Deployment grafana: reads ConfigMap grafana-dashboards with no content hash/),
    ]);
  });

  test('the interval the provider sets is the one said', async () => {
    const every = JSON.stringify({
      apiVersion: 1,
      providers: [
        {
          name: 'k8s',
          type: 'file',
          updateIntervalSeconds: 30,
          options: { path: '/grafana-dashboard-definitions' },
        },
      ],
    });
    expect(await verdict(grafana(), every)).toEqual([
      [
        'reloaded',
        'reloaded without a rollout: Grafana re-reads the dashboards under /grafana-dashboard-definitions (provider k8s, every 30 s)',
      ],
    ]);
  });
});
