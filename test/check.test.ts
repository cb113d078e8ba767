import { check } from '../src/commands/check.js';
import { Progress } from '../src/model/progress.js';
import { renderText } from '../src/stages/9-report/text.js';
import { headline } from '../src/model/status.js';
import { Repository } from '../src/stages/1-git/repository.js';
import {
  configMap,
  container,
  deployment,
  grafanaWithSidecar,
  lineOf,
  secret,
  workload,
  yaml,
} from './helpers/manifests.js';
import { apply, checkChange, twoCommits } from './helpers/scenario.js';

const mountAll = (cm: string) => ({
  containers: [container('app', { volumeMounts: [{ name: 'cfg', mountPath: '/etc/app' }] })],
  volumes: [{ name: 'cfg', configMap: { name: cm } }],
});
const envKey = (cm: string, key: string) => ({
  containers: [container('app', { env: [{ name: 'X', valueFrom: { configMapKeyRef: { name: cm, key } } }] })],
});

const statuses = (report: Awaited<ReturnType<typeof checkChange>>) =>
  report.impacts.map((i) => `${i.workload.kind}/${i.workload.name}:${i.status}`).sort();

describe('statuses', () => {
  test('dormant: only the ConfigMap changes; every consuming Deployment is listed with file and line', async () => {
    const report = await checkChange(
      {
        'config.yaml': yaml(configMap('app-config', { 'app.conf': 'a=1' })),
        'deploy/web.yaml': `# web tier\n${yaml(deployment('web', mountAll('app-config')))}`,
        'deploy/worker.yaml': yaml(
          deployment('worker', {
            containers: [container('w', { envFrom: [{ configMapRef: { name: 'app-config' } }] })],
          }),
        ),
        'deploy/other.yaml': yaml(deployment('other', mountAll('other-config'))),
      },
      { 'config.yaml': yaml(configMap('app-config', { 'app.conf': 'a=2' })) },
    );
    expect(report.changes).toEqual([
      expect.objectContaining({
        kind: 'ConfigMap',
        name: 'app-config',
        file: 'config.yaml',
        line: 1,
        change: 'modified',
      }),
    ]);
    expect(report.impacts).toEqual([
      expect.objectContaining({
        status: 'dormant',
        workload: { kind: 'Deployment', namespace: null, name: 'web', file: 'deploy/web.yaml', line: 2 },
        delivery: ['volume'],
        configs: [
          expect.objectContaining({
            name: 'app-config',
            keys: ['app.conf'],
            via: [
              {
                path: 'volumes[cfg].configMap ← containers[app] /etc/app',
                container: 'app',
                delivery: 'volume',
              },
            ],
          }),
        ],
      }),
      expect.objectContaining({
        status: 'dormant',
        workload: expect.objectContaining({ name: 'worker', file: 'deploy/worker.yaml', line: 1 }),
        delivery: ['env'],
      }),
    ]);
  });

  test('rolling: the pod template changes in the same change', async () => {
    const report = await checkChange(
      { 'a.yaml': yaml(configMap('cfg', { k: '1' }), deployment('web', mountAll('cfg'))) },
      {
        'a.yaml': yaml(
          configMap('cfg', { k: '2' }),
          deployment('web', mountAll('cfg'), { annotations: { 'example.com/config-version': '2' } }),
        ),
      },
    );
    expect(statuses(report)).toEqual(['Deployment/web:rolling']);
  });

  test("dormant: a change to the workload's own metadata or replicas does not roll pods", async () => {
    const d = deployment('web', mountAll('cfg'));
    const changed = {
      ...d,
      metadata: { name: 'web', labels: { tier: 'front' } },
      spec: { ...(d.spec as object), replicas: 5 },
    };
    const report = await checkChange(
      { 'a.yaml': yaml(configMap('cfg', { k: '1' }), d) },
      { 'a.yaml': yaml(configMap('cfg', { k: '2' }), changed) },
    );
    expect(statuses(report)).toEqual(['Deployment/web:dormant']);
  });

  test('next-run for CronJob and a Job the deploy creates anew (a hook, one named by generateName); manual for a plain Job, Pod, ReplicaSet, ReplicationController and OnDelete', async () => {
    const spec = mountAll('cfg');
    const hooked = (name: string, annotations: Record<string, string>, spec2 = {}) => {
      const job = workload('Job', name, spec, { spec: spec2 });
      return { ...job, metadata: { ...(job.metadata as object), annotations } };
    };
    // Named by generateName alone, as Argo CD hooks often are: known by the prefix.
    const generated = (prefix: string, annotations: Record<string, string>) => {
      const job = hooked(prefix, annotations);
      const metadata: Record<string, unknown> = { ...(job.metadata as object), generateName: prefix };
      delete metadata.name;
      return { ...job, metadata };
    };
    const report = await checkChange(
      {
        'cfg.yaml': yaml(configMap('cfg', { k: '1' })),
        'w.yaml': yaml(
          workload('Job', 'job', spec),
          hooked('argo-hook', { 'argocd.argoproj.io/hook': 'PostSync' }),
          hooked('argo-skip', { 'argocd.argoproj.io/hook': 'Skip' }),
          hooked('helm-upgrade', { 'helm.sh/hook': 'pre-install, pre-upgrade' }),
          hooked('helm-install', { 'helm.sh/hook': 'post-install' }),
          hooked('ttl', {}, { ttlSecondsAfterFinished: 300 }),
          generated('migrate-', { 'argocd.argoproj.io/hook': 'PreSync' }),
          generated('seed-', {}),
          workload('CronJob', 'cron', spec),
          workload('Pod', 'pod', spec),
          workload('ReplicaSet', 'rs', spec),
          workload('ReplicationController', 'rc', spec),
          workload('StatefulSet', 'sts', spec, { spec: { updateStrategy: { type: 'OnDelete' } } }),
          workload('DaemonSet', 'ds', spec),
        ),
      },
      { 'cfg.yaml': yaml(configMap('cfg', { k: '2' })) },
    );
    expect(statuses(report)).toEqual([
      'CronJob/cron:next-run',
      'DaemonSet/ds:dormant',
      'Job/argo-hook:next-run',
      'Job/argo-skip:manual',
      'Job/helm-install:manual',
      'Job/helm-upgrade:next-run',
      'Job/job:manual',
      'Job/migrate-:next-run',
      'Job/seed-:next-run',
      'Job/ttl:next-run',
      'Pod/pod:manual',
      'ReplicaSet/rs:manual',
      'ReplicationController/rc:manual',
      'StatefulSet/sts:manual',
    ]);
    const reason = (name: string) => report.impacts.find((i) => i.workload.name === name)?.reason;
    expect(reason('sts')).toMatch(/OnDelete/);
    expect(reason('job')).toMatch(/^a finished Job starts no pods again: .*re-created/);
    expect(reason('argo-skip')).toBe(reason('job'));
    expect(reason('argo-hook')).toMatch(/^an Argo CD sync hook: every sync runs it again/);
    expect(reason('helm-upgrade')).toMatch(/^a Helm upgrade hook: every upgrade runs it again/);
    expect(reason('helm-install')).toMatch(
      /^a Helm install hook: helm and Flux run it only when the release is installed/,
    );
    expect(reason('ttl')).toMatch(/^deleted once it finishes \(ttlSecondsAfterFinished\)/);
    expect(reason('migrate-')).toBe(reason('argo-hook'));
    expect(reason('seed-')).toMatch(/^named by generateName: whatever creates it makes a new one each time/);
    // Worst first: dormant, then manual, then next-run.
    expect(report.impacts.map((i) => i.status)).toEqual([
      'dormant',
      ...Array<string>(7).fill('manual'),
      ...Array<string>(6).fill('next-run'),
    ]);
  });

  test('a finished Job reading a changed config: the step says to re-create it', async () => {
    const report = await checkChange(
      {
        'cfg.yaml': yaml(configMap('cfg', { k: '1' })),
        'job.yaml': yaml(workload('Job', 'migrate', mountAll('cfg'))),
      },
      { 'cfg.yaml': yaml(configMap('cfg', { k: '2' })) },
    );
    const text = renderText(report, { colour: false, verbose: false });
    expect(text).toContain('1 workload needs pods replaced by hand');
    expect(text).toContain(
      'Next: After applying, replace the pods of each manual workload yourself: delete them, or re-create the object (a finished Job: delete it, or give it a new name).',
    );
  });

  test('Argo Rollout with workloadRef rolls when the Deployment it points at does', async () => {
    const rollout = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Rollout',
      metadata: { name: 'web-rollout' },
      spec: { replicas: 3, workloadRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' } },
    };
    const report = await checkChange(
      {
        'cfg.yaml': yaml(configMap('cfg', { k: '1' })),
        'deploy.yaml': yaml(deployment('web', envKey('cfg', 'k'))),
        'rollouts/web.yaml': yaml(rollout),
      },
      { 'cfg.yaml': yaml(configMap('cfg', { k: '2' })) },
    );
    expect(statuses(report)).toEqual(['Deployment/web:dormant', 'Rollout/web-rollout:dormant']);
    expect(report.impacts.find((i) => i.workload.kind === 'Rollout')?.workload.file).toBe(
      'rollouts/web.yaml',
    );
  });

  // argoproj/argo-cd: its Rollout test data names `workloadRef`, which every check searches for, and
  // an `argoproj.io` object was taken for an Application: every change looked for rendered roots.
  test('a Rollout the search finds declares no root: a plain change looks for none; an Application does', async () => {
    const rollout = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Rollout',
      metadata: { name: 'r' },
      spec: { workloadRef: { kind: 'Deployment', name: 'web' } },
    };
    const application = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name: 'app' },
      spec: { source: { path: 'web', repoURL: 'https://example.com/r.git' }, workloadRef: 'mentioned' },
    };
    const files = (k: string, other: Record<string, unknown>) => ({
      'web/cfg.yaml': yaml(configMap('cfg', { k })),
      'web/deploy.yaml': yaml(deployment('web', envKey('cfg', 'k'))),
      'app/kustomization.yaml': yaml({ resources: ['cm.yaml'] }),
      'app/cm.yaml': yaml(configMap('other', { k: '1' })),
      'testdata/other.yaml': yaml(other),
    });
    const plain = await checkChange(files('1', rollout), {
      'web/cfg.yaml': yaml(configMap('cfg', { k: '2' })),
    });
    expect(statuses(plain)).toEqual(['Deployment/web:dormant', 'Rollout/r:dormant']);
    expect(Object.keys(plain.stats!.stages)).toEqual(['changes', 'search', 'judge']);
    const declared = await checkChange(files('1', application), {
      'web/cfg.yaml': yaml(configMap('cfg', { k: '2' })),
    });
    expect(Object.keys(declared.stats!.stages)).toContain('roots');
  });
});

describe('key-level impact', () => {
  test('a workload that names the config without mounting it (an operator reading it through the API): said, never a verdict', async () => {
    const operator = (name: string) =>
      deployment(name, {
        containers: [container('op', { env: [{ name: 'CONFIG_MAP_NAME', value: 'operator' }] })],
      });
    const report = await checkChange(
      {
        'cfg.yaml': yaml(configMap('operator', { workers: '4' })),
        'op.yaml': yaml(operator('postgres-operator'), deployment('other', mountAll('other'))),
      },
      { 'cfg.yaml': yaml(configMap('operator', { workers: '8' })) },
    );
    expect(report.impacts).toEqual([]);
    expect(report.unaffected.map((u) => [u.workload.name, u.reason])).toEqual([
      [
        'postgres-operator',
        'names it, and may read it through the Kubernetes API (env CONFIG_MAP_NAME of container op)',
      ],
    ]);
    expect(headline(report)).toBe(
      'No workload in the repository reads the changed keys; 1 workload names a changed config and may read it through the Kubernetes API.',
    );
    expect(renderText(report, { colour: false, verbose: false })).toContain(
      'No workload in the repository reads the changed keys. Deployment postgres-operator names it (env CONFIG_MAP_NAME of container op) and may read it through the Kubernetes API: unless it watches it, it keeps the old config until its pods are replaced',
    );
  });

  test("a workload whose sidecar watches the config by label (Grafana's dashboards): said, with no rollout asked", async () => {
    const grafana = grafanaWithSidecar({ LABEL: 'grafana_dashboard', LABEL_VALUE: '1' });
    const dashboard = (panels: string) => ({
      ...configMap('app-dashboard', { 'app.json': panels }),
      metadata: { name: 'app-dashboard', labels: { grafana_dashboard: '1' } },
    });
    const report = await checkChange(
      { 'dash.yaml': yaml(dashboard('[]')), 'grafana.yaml': yaml(grafana) },
      { 'dash.yaml': yaml(dashboard('[1]')) },
    );
    expect(report.impacts).toEqual([]);
    expect(report.unaffected.map((u) => [u.workload.name, u.reason])).toEqual([
      [
        'grafana',
        'watches it by label, and has its files as it changes (container grafana-sc-dashboard, label grafana_dashboard=1)',
      ],
    ]);
    expect(headline(report)).toBe(
      '1 workload watches a changed config by label and has it as soon as it is applied.',
    );
    expect(renderText(report, { colour: false, verbose: false })).toContain(
      'Deployment grafana watches it by label (container grafana-sc-dashboard, label grafana_dashboard=1) and has the change as soon as it is applied, with no rollout',
    );
  });

  test('a change to a key the workload does not read impacts nothing (listed as unaffected)', async () => {
    const itemsOnly = {
      containers: [container('app', { volumeMounts: [{ name: 'c', mountPath: '/c' }] })],
      volumes: [{ name: 'c', configMap: { name: 'cfg', items: [{ key: 'used.conf', path: 'u' }] } }],
    };
    const subPath = {
      containers: [
        container('app', { volumeMounts: [{ name: 'c', mountPath: '/etc/u.conf', subPath: 'used.conf' }] }),
      ],
      volumes: [{ name: 'c', configMap: { name: 'cfg' } }],
    };
    const report = await checkChange(
      {
        'cfg.yaml': yaml(configMap('cfg', { 'used.conf': '1', 'other.conf': '1', level: 'info' })),
        'w.yaml': yaml(
          deployment('by-items', itemsOnly),
          deployment('by-key', envKey('cfg', 'level')),
          deployment('by-sub-path', subPath),
        ),
      },
      { 'cfg.yaml': yaml(configMap('cfg', { 'used.conf': '1', 'other.conf': '2', level: 'info' })) },
    );
    expect(report.impacts).toEqual([]);
    expect(report.unaffected.map((u) => [u.workload.name, u.reason])).toEqual([
      ['by-items', 'reads none of the changed keys'],
      ['by-key', 'reads none of the changed keys'],
      ['by-sub-path', 'reads none of the changed keys'],
    ]);
  });

  test('the impact lists only the changed keys the workload reads', async () => {
    const report = await checkChange(
      {
        'cfg.yaml': yaml(configMap('cfg', { a: '1', b: '1', c: '1' })),
        'w.yaml': yaml(deployment('w', envKey('cfg', 'b'))),
      },
      { 'cfg.yaml': yaml(configMap('cfg', { a: '2', b: '2', c: '1' })) },
    );
    expect(report.impacts[0].configs[0].keys).toEqual(['b']);
  });

  test('imagePullSecrets and unmounted volumes are reported as unaffected, never as impacts', async () => {
    const spec = {
      containers: [container('app')],
      imagePullSecrets: [{ name: 'regcred' }],
      volumes: [{ name: 'v', secret: { secretName: 'regcred' } }],
    };
    const report = await checkChange(
      {
        's.yaml': yaml(
          secret('regcred', { stringData: { '.dockerconfigjson': '{}' } }),
          deployment('w', spec),
        ),
      },
      {
        's.yaml': yaml(
          secret('regcred', { stringData: { '.dockerconfigjson': '{"auths":{}}' } }),
          deployment('w', spec),
        ),
      },
    );
    expect(report.impacts).toEqual([]);
    expect(report.unaffected).toEqual([
      expect.objectContaining({ reason: 'no container mounts the volume' }),
    ]);
  });
});

describe('errors', () => {
  test('a deleted ConfigMap still referenced without optional is an error at the reference', async () => {
    const reader = yaml(deployment('w', envKey('cfg', 'k')));
    const report = await checkChange(
      { 'cfg.yaml': yaml(configMap('cfg', { k: '1' })), 'w.yaml': reader },
      { 'cfg.yaml': null },
    );
    expect(report.changes).toEqual([
      expect.objectContaining({ name: 'cfg', change: 'deleted', file: 'cfg.yaml' }),
    ]);
    expect(report.impacts).toEqual([]);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({
        file: 'w.yaml',
        line: lineOf(reader, 'name: cfg'),
        severity: 'error',
        message: expect.stringMatching(/still needs ConfigMap cfg.*deletes/),
      }),
    ]);
  });

  test('a deleted optional reference is an ordinary impact; a copy still defined elsewhere is no deletion', async () => {
    const optional = {
      containers: [container('app', { envFrom: [{ configMapRef: { name: 'opt', optional: true } }] })],
    };
    const report = await checkChange(
      {
        'opt.yaml': yaml(configMap('opt', { k: '1' })),
        'kept.yaml': yaml(configMap('kept', { k: '1' })),
        'kept-copy.yaml': yaml(configMap('kept', { k: '1' })),
        'w.yaml': yaml(deployment('w', optional), deployment('v', envKey('kept', 'k'))),
      },
      { 'opt.yaml': null, 'kept.yaml': null },
    );
    expect(report.changes.map((c) => [c.name, c.change])).toEqual([['opt', 'deleted']]);
    expect(statuses(report)).toEqual(['Deployment/w:dormant']);
    expect(report.diagnostics).toEqual([]);
  });

  test('an immutable ConfigMap changed in place is an error', async () => {
    const report = await checkChange(
      { 'cfg.yaml': yaml(configMap('cfg', { k: '1' }, { immutable: true })) },
      { 'cfg.yaml': yaml(configMap('cfg', { k: '2' }, { immutable: true })) },
    );
    expect(report.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: 'cfg.yaml',
        message: expect.stringMatching(/immutable/),
      }),
    ]);
  });
});

describe('namespaces', () => {
  test('the same name in two namespaces: only the workload in the changed namespace is impacted', async () => {
    const report = await checkChange(
      {
        'a.yaml': yaml(
          configMap('cfg', { k: '1' }, {}, 'team-a'),
          deployment('web', mountAll('cfg'), { namespace: 'team-a' }),
        ),
        'b.yaml': yaml(
          configMap('cfg', { k: '1' }, {}, 'team-b'),
          deployment('web', mountAll('cfg'), { namespace: 'team-b' }),
        ),
      },
      {
        'a.yaml': yaml(
          configMap('cfg', { k: '2' }, {}, 'team-a'),
          deployment('web', mountAll('cfg'), { namespace: 'team-a' }),
        ),
      },
    );
    expect(report.impacts.map((i) => [i.workload.namespace, i.configs[0].namespaceAssumed])).toEqual([
      ['team-a', false],
    ]);
  });

  test('a workload without a namespace matches, flagged as resting on where it is applied', async () => {
    const report = await checkChange(
      {
        'cfg.yaml': yaml(configMap('cfg', { k: '1' }, {}, 'prod')),
        'w.yaml': yaml(deployment('web', mountAll('cfg'))),
      },
      { 'cfg.yaml': yaml(configMap('cfg', { k: '2' }, {}, 'prod')) },
    );
    expect(
      report.impacts.map((i) => [
        i.workload.namespace,
        i.configs[0].namespace,
        i.configs[0].namespaceAssumed,
      ]),
    ).toEqual([[null, 'prod', true]]);
  });

  // Met on mischavandenburg/homelab: a copied cloudflared Deployment (no namespace) beside its own
  // ConfigMap `cloudflared` (namespace wallabag); deleting other namespaces' `cloudflared` was an
  // error on it, twice, in words that did not say which.
  const tunnel = (namespace: string) => yaml(configMap('cloudflared', { k: namespace }, {}, namespace));
  const copied = yaml(
    deployment('cloudflared', envKey('cloudflared', 'k')),
    configMap('cloudflared', { k: 'w' }, {}, 'wallabag'),
  );
  test('a workload without a namespace reads the namesake in its own file, not one this change deletes or edits', async () => {
    const report = await checkChange(
      { 'a.yaml': tunnel('team-a'), 'b.yaml': tunnel('team-b'), 'w.yaml': copied },
      { 'a.yaml': null, 'b.yaml': yaml(configMap('cloudflared', { k: 'changed' }, {}, 'team-b')) },
    );
    expect(report.changes.map((c) => [c.namespace, c.change])).toEqual([
      ['team-a', 'deleted'],
      ['team-b', 'modified'],
    ]);
    expect(report.diagnostics).toEqual([]);
    expect(report.impacts).toEqual([]);
    const own = `ConfigMap wallabag/cloudflared (w.yaml:${lineOf(copied, 'apiVersion: v1')}) instead`;
    expect(report.unaffected.map((u) => [u.config.namespace, u.reason])).toEqual([
      ['team-a', `reads ${own}`],
      ['team-b', `reads ${own}`],
    ]);
  });

  test('without a namesake of its own, every namespace stays possible: not the first by path', async () => {
    const reader = yaml(deployment('cloudflared', envKey('cloudflared', 'k')));
    const report = await checkChange(
      { 'a.yaml': tunnel('team-a'), 'b.yaml': tunnel('team-b'), 'w.yaml': reader },
      { 'b.yaml': null },
    );
    expect(report.diagnostics.map((d) => [d.file, d.severity, d.message])).toEqual([
      [
        'w.yaml',
        'error',
        expect.stringMatching(/^Deployment cloudflared still needs ConfigMap team-b\/cloudflared \(/),
      ],
    ]);
    const edited = await checkChange(
      { 'a.yaml': tunnel('team-a'), 'b.yaml': tunnel('team-b'), 'w.yaml': reader },
      { 'b.yaml': yaml(configMap('cloudflared', { k: 'changed' }, {}, 'team-b')) },
    );
    expect(
      edited.impacts.map((i) => [i.workload.name, i.configs[0].namespace, i.configs[0].namespaceAssumed]),
    ).toEqual([['cloudflared', 'team-b', true]]);
  });
});

// Flux replaces `${VAR}` in what a Kustomization applies with the values of the configs its
// `postBuild.substituteFrom` names (pi-cluster's cluster-settings, read into a ConfigMap's URL):
// a change there changes that ConfigMap in the cluster only, and nothing rolls what reads it.
describe('Flux post-build substitution', () => {
  const kustomization = (postBuild: string) =>
    [
      'apiVersion: kustomize.toolkit.fluxcd.io/v1',
      'kind: Kustomization',
      'metadata: {name: apps, namespace: flux-system}',
      'spec:',
      '  path: ./kubernetes/apps',
      '  sourceRef: {kind: GitRepository, name: flux-system}',
      `  postBuild: ${postBuild}`,
      '',
    ].join('\n');
  const settings = (domain: string) =>
    yaml(
      configMap(
        'cluster-settings',
        { CLUSTER_DOMAIN: domain, TIMEZONE: 'UTC', 'app.conf': 'a' },
        {},
        'flux-system',
      ),
    );
  const apps = {
    'kubernetes/apps/cart/config.yaml': yaml(
      configMap('cart-config', { KEYCLOAK_URL: 'https://iam.${CLUSTER_DOMAIN}', TZ: '${TIMEZONE}' }),
    ),
    'kubernetes/apps/cart/deploy.yaml': yaml(deployment('cart', mountAll('cart-config'))),
    // Escaped, left alone by Flux, another variable, outside the Kustomization's path:
    'kubernetes/apps/other/config.yaml': yaml(
      configMap('escaped', { URL: '$${CLUSTER_DOMAIN}' }),
      configMap(
        'left-alone',
        { URL: '${CLUSTER_DOMAIN}' },
        {
          metadata: {
            name: 'left-alone',
            annotations: { 'kustomize.toolkit.fluxcd.io/substitute': 'disabled' },
          },
        },
      ),
      configMap('zone', { TZ: '${TIMEZONE}', LONGER: '${CLUSTER_DOMAIN_SUFFIX}' }),
    ),
    'kubernetes/infra/config.yaml': yaml(configMap('infra', { URL: '${CLUSTER_DOMAIN}' })),
  };
  const listed = (report: Awaited<ReturnType<typeof checkChange>>) =>
    report.notChecked.map((n) => `${n.file}:${n.line} ${n.reason} ${n.fails}: ${n.message}`);

  test('a value changed in a substituteFrom config: each config that takes it is not checked, and fails', async () => {
    const report = await checkChange(
      {
        'kubernetes/flux/settings.yaml': settings('a.example'),
        'kubernetes/flux/apps.yaml': kustomization(
          '{substituteFrom: [{kind: ConfigMap, name: cluster-settings}]}',
        ),
        ...apps,
      },
      { 'kubernetes/flux/settings.yaml': settings('b.example') },
    );
    expect(listed(report)).toEqual([
      'kubernetes/apps/cart/config.yaml:1 substituted true: ConfigMap cart-config takes ${CLUSTER_DOMAIN} from ConfigMap flux-system/cluster-settings, whose value this change moves, by Flux post-build substitution (Kustomization flux-system/apps); this check does not substitute, so what that changes in the cluster is not checked.',
    ]);
    // A file is named by its place, once.
    const text = renderText(report, { colour: false, verbose: false });
    expect(text).toContain(
      '\n  kubernetes/apps/cart/config.yaml:1: ConfigMap cart-config takes ${CLUSTER_DOMAIN}',
    );
    // The step names what to do for a config and for a release alike.
    expect(text).toContain(
      'Next: Each listed object changes in the cluster with the new value. Nothing rolls what reads a listed config: restart it once the change applies',
    );
  });

  test('a substituteFrom config a kustomization generates (only its build changes): the same', async () => {
    const generated = (domain: string): Record<string, string> => ({
      'kubernetes/flux/kustomization.yaml':
        'namespace: flux-system\nresources: [apps.yaml]\nconfigMapGenerator:\n- name: cluster-settings\n  envs: [settings.env]\ngeneratorOptions: {disableNameSuffixHash: true}\n',
      'kubernetes/flux/settings.env': `CLUSTER_DOMAIN=${domain}\n`,
      'kubernetes/flux/apps.yaml': kustomization(
        '{substituteFrom: [{kind: ConfigMap, name: cluster-settings}]}',
      ),
      ...apps,
    });
    const report = await checkChange(generated('a.example'), {
      'kubernetes/flux/settings.env': 'CLUSTER_DOMAIN=b.example\n',
    });
    expect(report.changes.map((c) => `${c.name} in ${c.source?.root}`)).toEqual([
      'cluster-settings in kubernetes/flux',
    ]);
    expect(report.notChecked.map((n) => `${n.file} ${n.reason}`)).toEqual([
      'kubernetes/apps/cart/config.yaml substituted',
    ]);
  });

  test("a path with a kustomization: what its closure reads (a base's config, a generator's input, an ExternalSecret), not the directory", async () => {
    const overlay = (domain: string): Record<string, string> => ({
      'kubernetes/flux/settings.yaml': settings(domain),
      'kubernetes/flux/apps.yaml': kustomization(
        '{substituteFrom: [{kind: ConfigMap, name: cluster-settings}]}',
      ).replace('./kubernetes/apps', './kubernetes/loki/overlays/prod'),
      'kubernetes/loki/overlays/prod/kustomization.yaml': 'resources: [../../base]\n',
      'kubernetes/loki/base/kustomization.yaml':
        'resources: [secret.yaml]\nconfigMapGenerator:\n- name: loki-values\n  files: [values.yaml]\n',
      'kubernetes/loki/base/values.yaml': 'storage:\n  endpoint: https://s3.${CLUSTER_DOMAIN}\n',
      'kubernetes/loki/base/secret.yaml': [
        'apiVersion: external-secrets.io/v1',
        'kind: ExternalSecret',
        'metadata: {name: loki-s3}',
        'spec:',
        '  target: {template: {data: {ENDPOINT: "https://s3.${CLUSTER_DOMAIN}"}}}',
        '',
      ].join('\n'),
      // Beside the overlay, not read by it:
      'kubernetes/loki/overlays/dev/kustomization.yaml': 'resources: [config.yaml]\n',
      'kubernetes/loki/overlays/dev/config.yaml': yaml(configMap('dev', { URL: '${CLUSTER_DOMAIN}' })),
    });
    const report = await checkChange(overlay('a.example'), {
      'kubernetes/flux/settings.yaml': settings('b.example'),
    });
    expect(report.notChecked.map((n) => `${n.file}:${n.line} ${n.message.split(' whose')[0]}`)).toEqual([
      'kubernetes/loki/base/secret.yaml:1 ExternalSecret loki-s3 takes ${CLUSTER_DOMAIN} from ConfigMap flux-system/cluster-settings,',
      'kubernetes/loki/base/values.yaml:2 kubernetes/loki/base/values.yaml takes ${CLUSTER_DOMAIN} from ConfigMap flux-system/cluster-settings,',
    ]);
  });

  test('its own substitute map, unchanged, moves nothing when a substituteFrom config changes; a new Kustomization moves nothing', async () => {
    const both = kustomization(
      '{substitute: {APP: cart}, substituteFrom: [{kind: ConfigMap, name: cluster-settings}]}',
    );
    const named = { 'kubernetes/apps/cart/app.yaml': yaml(configMap('app-name', { NAME: '${APP}' })) };
    const report = await checkChange(
      {
        'kubernetes/flux/settings.yaml': settings('a.example'),
        'kubernetes/flux/apps.yaml': both,
        ...apps,
        ...named,
      },
      { 'kubernetes/flux/settings.yaml': settings('b.example') },
    );
    expect(report.notChecked.map((n) => n.file)).toEqual(['kubernetes/apps/cart/config.yaml']);
    const added = await checkChange(
      { ...apps, ...named },
      { 'kubernetes/flux/apps.yaml': kustomization('{substitute: {APP: cart, CLUSTER_DOMAIN: a.example}}') },
    );
    expect(added.notChecked).toEqual([]);
  });

  test("the Kustomization's own substitute map changes: the same; a key that is no variable moves nothing", async () => {
    const inline = (domain: string) => kustomization(`{substitute: {CLUSTER_DOMAIN: ${domain}}}`);
    const moved = await checkChange(
      { 'kubernetes/flux/apps.yaml': inline('a.example'), ...apps },
      { 'kubernetes/flux/apps.yaml': inline('b.example') },
    );
    expect(listed(moved)).toEqual([
      'kubernetes/apps/cart/config.yaml:1 substituted true: ConfigMap cart-config takes ${CLUSTER_DOMAIN} from its own postBuild.substitute, whose value this change moves, by Flux post-build substitution (Kustomization flux-system/apps); this check does not substitute, so what that changes in the cluster is not checked.',
    ]);
    const notVariable = await checkChange(
      {
        'kubernetes/flux/settings.yaml': settings('a.example'),
        'kubernetes/flux/apps.yaml': kustomization(
          '{substituteFrom: [{kind: ConfigMap, name: cluster-settings}]}',
        ),
        ...apps,
      },
      {
        'kubernetes/flux/settings.yaml': settings('a.example').replace('app.conf: a', 'app.conf: b'),
      },
    );
    expect(notVariable.changes.map((c) => c.keys.modified)).toEqual([['app.conf']]);
    expect(notVariable.notChecked).toEqual([]);
  });
});

describe('files and documents', () => {
  test('multi-document files and List items', async () => {
    const list = (items: object[]) => yaml({ apiVersion: 'v1', kind: 'List', items });
    const report = await checkChange(
      {
        'bundle.yaml': `${yaml({ apiVersion: 'v1', kind: 'ConfigMapList', items: [configMap('one', { k: '1' }), configMap('two', { k: '1' })] })}`,
        'workloads.yaml': `---\n# first\n${list([deployment('d1', mountAll('two')), deployment('d2', mountAll('one'))])}`,
      },
      {
        'bundle.yaml': `${yaml({ apiVersion: 'v1', kind: 'ConfigMapList', items: [configMap('one', { k: '1' }), configMap('two', { k: '2' })] })}`,
      },
    );
    expect(report.changes.map((c) => [c.name, c.line])).toEqual([['two', 10]]);
    expect(report.impacts.map((i) => [i.workload.name, i.workload.line])).toEqual([['d1', 6]]);
  });

  // argoproj/argo-cd's docs/operator-manual/argocd-secret.yaml: placeholders under dotted keys.
  test('a key that is not base64 is warned about on its own line, dots in its name and all, and the value is never said', async () => {
    const secret = (extra: string) =>
      `apiVersion: v1\nkind: Secret\nmetadata:\n  name: argocd-secret\ndata:\n  # comment\n  server.secretkey: c2VjcmV0\n  webhook.github.secret: shhhh! it's a github secret\n${extra}`;
    const report = await checkChange(
      { 'argocd-secret.yaml': secret('') },
      { 'argocd-secret.yaml': secret('  webhook.harbor.secret: c2hoaA==\n') },
    );
    expect(report.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([
      'argocd-secret.yaml:8 Secret argocd-secret: data.webhook.github.secret is not valid base64.',
    ]);
    expect(JSON.stringify(report)).not.toContain('shhhh');
  });

  test('reformatting a ConfigMap reports nothing', async () => {
    const report = await checkChange(
      {
        'cfg.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: "1"\n  conf: |\n    x = 1\n',
        'w.yaml': yaml(deployment('w', mountAll('cfg'))),
      },
      {
        'cfg.yaml':
          '# reformatted\nkind: ConfigMap\napiVersion: v1\nmetadata: {name: cfg, labels: {x: y}}\ndata: {conf: "x = 1\\n", a: \'1\'}\n',
      },
    );
    expect(report).toMatchObject({ changes: [], impacts: [], diagnostics: [] });
  });

  test('a renamed file is not a change; a new workload reading a changed config is unaffected', async () => {
    const report = await checkChange(
      {
        'old/cfg.yaml': yaml(configMap('cfg', { k: '1' })),
        'keep.yaml': yaml(configMap('keep', { k: '1' })),
      },
      {
        'old/cfg.yaml': null,
        'new/cfg.yaml': yaml(configMap('cfg', { k: '2' })),
        'new/w.yaml': yaml(deployment('fresh', mountAll('cfg'))),
      },
    );
    expect(report.changes.map((c) => [c.name, c.file])).toEqual([['cfg', 'new/cfg.yaml']]);
    expect(report.impacts).toEqual([]);
    expect(report.unaffected).toEqual([
      expect.objectContaining({ reason: expect.stringMatching(/new workload/) }),
    ]);
  });

  test('a broken file is not checked, said once, and the rest is still analysed', async () => {
    const report = await checkChange(
      { 'cfg.yaml': yaml(configMap('cfg', { k: '1' })), 'w.yaml': yaml(deployment('w', mountAll('cfg'))) },
      {
        'cfg.yaml': yaml(configMap('cfg', { k: '2' })),
        'broken.yaml': 'apiVersion: v1\nkind: ConfigMap\ndata: [\n',
      },
    );
    expect(statuses(report)).toEqual(['Deployment/w:dormant']);
    expect(report.diagnostics).toEqual([]);
    expect(report.notChecked).toEqual([
      expect.objectContaining({
        kind: 'file',
        file: 'broken.yaml',
        line: 4,
        reason: 'unreadable',
        side: 'head',
      }),
    ]);
  });

  // kubernetes/examples 8b3fa9a64 moves 330 files to _archived/, three of them unreadable: the
  // check failed with "3 files not checked" for a change that changes no content.
  test('a file moved as it was changes nothing, readable or not; moved and edited, it is read as before', async () => {
    const broken = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: admin\ntype: Opaque\ndata:\n  user: YQ==\ntype: Opaque\n`;
    const base = {
      'examples/secret.yaml': broken,
      'examples/cfg.yaml': yaml(configMap('cfg', { k: '1' })),
      'examples/w.yaml': yaml(deployment('w', mountAll('cfg'))),
    };
    const moved = await checkChange(base, {
      'examples/secret.yaml': null,
      'examples/cfg.yaml': null,
      'examples/w.yaml': null,
      '_archived/secret.yaml': broken,
      '_archived/cfg.yaml': base['examples/cfg.yaml'],
      '_archived/w.yaml': base['examples/w.yaml'],
    });
    expect([moved.changes, moved.impacts, moved.notChecked, moved.diagnostics]).toEqual([[], [], [], []]);

    const edited = await checkChange(base, {
      'examples/secret.yaml': null,
      '_archived/secret.yaml': broken.replace('user: YQ==', 'user: Yg=='),
    });
    expect(edited.notChecked.map((n) => [n.file, n.reason])).toEqual([
      ['_archived/secret.yaml', 'unreadable'],
    ]);

    // A link moved as it was leads elsewhere from its new place: here, to nothing.
    const link = await checkChange(
      { ...base, 'examples/link.yaml': { link: 'cfg.yaml' } },
      { 'examples/link.yaml': null, '_archived/link.yaml': { link: 'cfg.yaml' } },
    );
    expect(link.notChecked.map((n) => [n.file, n.reason, n.side])).toEqual([
      ['_archived/link.yaml', 'unsupported', 'both'],
    ]);
  });

  // kubernetes/test-infra e1669ccf2 deletes links to a controller's Deployment, RBAC and Service
  // beside the files: "4 files not checked" for links that could hide no config.
  test('a symbolic link is not read; one to a file that plainly defines no config hides none, one to a config may', async () => {
    const base = {
      'shared/deploy.yaml': yaml(deployment('d', { containers: [container('x')] })),
      'shared/cfg.yaml': yaml(configMap('cfg', { k: '1' })),
      'build/deploy.yaml': { link: '../shared/deploy.yaml' },
      'build/cfg.yaml': { link: '../shared/cfg.yaml' },
      'build/away.yaml': { link: '/etc/hostname' },
    };
    const deleted = await checkChange(base, {
      'build/deploy.yaml': null,
      'build/cfg.yaml': null,
      'build/away.yaml': null,
    });
    expect(deleted.notChecked.map((n) => [n.file, n.reason, n.side])).toEqual([
      ['build/away.yaml', 'unsupported', 'base'],
      ['build/cfg.yaml', 'unsupported', 'base'],
    ]);
  });

  // khuedoan/homelab: an Ansible role's Jinja template of a CiliumLoadBalancerIPPool failed every
  // change to it, though no config can hide in it.
  test('a changed file that cannot be read but plainly defines no config is a warning; as a reader of a changed config it is not checked', async () => {
    const template = (kind: string, spec: string) =>
      `apiVersion: v1\nkind: ${kind}\nmetadata:\n  name: pool\nspec:\n  {% for cidr in pools %}\n  ${spec}\n  {% endfor %}\n`;
    const pool = (cidr: string) => template('CiliumLoadBalancerIPPool', `- cidr: ${cidr}`);
    const base = {
      'cfg.yaml': yaml(configMap('cfg', { k: '1' })),
      'w.yaml': yaml(deployment('w', mountAll('cfg'))),
    };
    const quiet = await checkChange(
      { ...base, 'role/pool.yaml': pool('10.0.0.0/24') },
      { 'role/pool.yaml': pool('10.0.1.0/24') },
    );
    expect(quiet.notChecked).toEqual([]);
    expect(quiet.diagnostics).toEqual([
      expect.objectContaining({
        file: 'role/pool.yaml',
        line: 6,
        severity: 'warning',
        message: expect.stringMatching(/Jinja/),
      }),
    ]);

    // Its kind templated, it may be a ConfigMap.
    const anyKind = await checkChange(
      { ...base, 'role/pool.yaml': template('{{ kind }}', '- a') },
      { 'role/pool.yaml': template('{{ kind }}', '- b') },
    );
    expect(anyKind.notChecked.map((n) => [n.file, n.reason])).toEqual([['role/pool.yaml', 'unreadable']]);

    // A Deployment template that mounts the config the change moves.
    const reader = (image: string) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: r}\nspec:\n  template:\n    spec:\n      volumes: [{name: c, configMap: {name: cfg}}]\n      containers:\n      {% for i in images %}\n      - image: ${image}\n      {% endfor %}\n`;
    const reading = await checkChange(
      { ...base, 'role/r.yaml': reader('a') },
      { 'cfg.yaml': yaml(configMap('cfg', { k: '2' })), 'role/r.yaml': reader('b') },
    );
    expect(statuses(reading)).toEqual(['Deployment/w:dormant']);
    expect(reading.notChecked.map((n) => [n.file, n.reason, n.message])).toEqual([
      ['role/r.yaml', 'unreadable', expect.stringMatching(/names a changed config/)],
    ]);

    // One with a sidecar's word for watching by label, where the changed config has labels.
    const labelled = (v: string) =>
      yaml({
        ...configMap('dash', { k: v }),
        metadata: { name: 'dash', labels: { grafana_dashboard: '1' } },
      });
    const watcher = (image: string) =>
      reader(image).replace('configMap: {name: cfg}', 'emptyDir: {}') +
      '      env: [{name: FOLDER, value: /d}]\n';
    for (const [labels, said] of [
      [
        labelled,
        [['role/r.yaml', 'unreadable', expect.stringMatching(/may watch a changed config by its labels/)]],
      ],
      [(v: string) => yaml(configMap('dash', { k: v })), []],
    ] as const) {
      const watching = await checkChange(
        { 'dash.yaml': labels('1'), 'role/r.yaml': watcher('a') },
        { 'dash.yaml': labels('2'), 'role/r.yaml': watcher('b') },
      );
      expect(watching.notChecked.map((n) => [n.file, n.reason, n.message])).toEqual(said);
    }
  });

  test('a file read because it names the config: its CRDs are not parsed, its readers are; a broken reader is still said', async () => {
    // A CRD names everything in its schema and is megabytes in real repositories; it holds no reader.
    const crd =
      'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: x}\nspec: {description: "cfg", broken: [}\n';
    const bundle = `${crd}---\n${yaml(deployment('w', mountAll('cfg')))}`;
    const report = await checkChange(
      { 'cfg.yaml': yaml(configMap('cfg', { k: '1' })), 'bundle.yaml': bundle },
      { 'cfg.yaml': yaml(configMap('cfg', { k: '2' })) },
    );
    expect(report.notChecked).toEqual([]);
    expect(
      report.impacts.map((i) => [i.status, i.workload.name, `${i.workload.file}:${i.workload.line}`]),
    ).toEqual([['dormant', 'w', 'bundle.yaml:6']]);

    const brokenReader = `${crd}---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: v}\nspec: {template: {volumes: [{configMap: {name: cfg}}], broken: [}}\n`;
    const said = await checkChange(
      { 'cfg.yaml': yaml(configMap('cfg', { k: '1' })), 'bundle.yaml': brokenReader },
      { 'cfg.yaml': yaml(configMap('cfg', { k: '2' })) },
    );
    expect(said.notChecked.map((n) => [n.file, n.line, n.reason])).toEqual([
      ['bundle.yaml', 9, 'unreadable'],
    ]);
  });

  // kubernetes/ingress-nginx: a Go change failed the check, for chart templates that name the Go file.
  test("a file found by a changed file's name, not a changed config's, is no unreadable reader", async () => {
    const template = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n  annotations: {source: main.go}\ndata: {k: v}\n`;
    const report = await checkChange(
      { 'main.go': 'package main\n', 'chart/templates/cm.yaml': template },
      { 'main.go': 'package main // changed\n' },
    );
    expect(report.notChecked).toEqual([]);

    // The same template naming a config that does change is still not checked.
    const naming = template.replace('main.go', 'cfg');
    const said = await checkChange(
      { 'cfg.yaml': yaml(configMap('cfg', { k: '1' })), 'chart/templates/cm.yaml': naming },
      { 'cfg.yaml': yaml(configMap('cfg', { k: '2' })) },
    );
    expect(said.notChecked.map((n) => [n.file, n.reason])).toEqual([
      ['chart/templates/cm.yaml', 'unreadable'],
    ]);
  });

  // lisenet/kubernetes-homelab: a duplicate key in a Prometheus Deployment failed the check of every
  // config whose name it spells within a longer one, or in another document of its file.
  test('a file that cannot be read is an unreadable reader only by a document of it that spells the changed name whole', async () => {
    const broken = (container: string) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: p}\nspec:\n  template:\n    spec:\n      containers: [{name: ${container}}]\n  replicas: 1\n  replicas: 2\n`;
    const config = (v: string) => yaml(configMap('prometheus-server-conf', { k: v }));
    const longer = await checkChange(
      { 'cfg.yaml': config('1'), 'p.yaml': broken('prometheus-server-configmap-reload') },
      { 'cfg.yaml': config('2') },
    );
    expect(longer.notChecked).toEqual([]);

    const reader = yaml(deployment('reader', mountAll('prometheus-server-conf')));
    /** The config changes; its file holds the reader and `second` after it. */
    const nextTo = (second: string) =>
      checkChange(
        { 'cfg.yaml': config('1'), 'p.yaml': `${reader}---\n${second}` },
        { 'cfg.yaml': config('2') },
      );
    const beside = await nextTo(broken('server'));
    expect(beside.notChecked).toEqual([]);
    expect(statuses(beside)).toEqual(['Deployment/reader:dormant']);

    const whole = await nextTo(broken('prometheus-server-conf'));
    const at = reader.split('\n').length + 9;
    expect(whole.notChecked.map((n) => [n.file, n.line, n.reason])).toEqual([['p.yaml', at, 'unreadable']]);
    expect(statuses(whole)).toEqual(['Deployment/reader:dormant']);

    // A Service is named as its app's config is; one that cannot be read reads nothing. Knative's runs pods.
    const service = (apiVersion: string) =>
      `apiVersion: ${apiVersion}\nkind: Service\nmetadata:\n  name: prometheus-server-conf\n  labels:\n  labels: {app: p}\nspec:\n  ports: [{port: 80}]\n`;
    const inert = await nextTo(service('v1'));
    expect(inert.notChecked).toEqual([]);
    expect(statuses(inert)).toEqual(['Deployment/reader:dormant']);
    const knative = await nextTo(service('serving.knative.dev/v1'));
    expect(knative.notChecked.map((n) => [n.file, n.reason])).toEqual([['p.yaml', 'unreadable']]);
  });

  test('a changed bundle: its CRDs written alike at both revisions are not parsed; a CRD the change edits is, at head', async () => {
    // argo-cd's install.yaml: an image tag bump in a bundle of megabytes of CRD schema.
    const crd = (description: string) =>
      `apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: x}\nspec: {description: "${description}", broken: [}\n`;
    const bundle = (definition: string, level: string) =>
      `${definition}---\n${yaml(configMap('cfg', { level }))}---\n${yaml(deployment('w', mountAll('cfg')))}`;
    const report = await checkChange(
      { 'install.yaml': bundle(crd('v1'), 'info') },
      { 'install.yaml': bundle(crd('v1'), 'debug') },
    );
    expect(report.notChecked).toEqual([]);
    expect(report.changes.map((c) => `${c.name} ${c.file}:${c.line}`)).toEqual(['cfg install.yaml:6']);
    expect(statuses(report)).toEqual(['Deployment/w:dormant']);

    const edited = await checkChange(
      { 'install.yaml': bundle(crd('v1'), 'info') },
      { 'install.yaml': bundle(crd('v2'), 'debug') },
    );
    // At base a CRD is never parsed: what is broken there is merged already, and holds no config.
    expect(edited.notChecked.map((n) => [n.file, n.line, n.reason, n.side])).toEqual([
      ['install.yaml', 4, 'unreadable', 'head'],
    ]);
  });

  test('include and exclude globs choose the manifests', async () => {
    const base = {
      'deploy/cfg.yaml': yaml(configMap('cfg', { k: '1' })),
      'deploy/w.yaml': yaml(deployment('w', mountAll('cfg'))),
    };
    const head = { 'deploy/cfg.yaml': yaml(configMap('cfg', { k: '2' })) };
    expect((await checkChange(base, head, { exclude: ['deploy/cfg.yaml'] })).changes).toEqual([]);
    expect((await checkChange(base, head, { include: ['other/**'] })).changes).toEqual([]);
    expect(statuses(await checkChange(base, head, { include: ['deploy/*.yaml'] }))).toEqual([
      'Deployment/w:dormant',
    ]);
  });
});

test('head defaults to the working tree: uncommitted and untracked files count', async () => {
  const { repo, base } = await twoCommits(
    { 'cfg.yaml': yaml(configMap('cfg', { k: '1' })), 'w.yaml': yaml(deployment('w', mountAll('cfg'))) },
    {},
  );
  apply(repo, {
    'cfg.yaml': yaml(configMap('cfg', { k: '2' })),
    'new.yaml': yaml(deployment('fresh', mountAll('cfg'))),
  });
  const repository = Repository.open(repo.dir);
  try {
    const report = await check(repository, { base, head: null });
    expect(report.head).toBeNull();
    expect(statuses(report)).toEqual(['Deployment/w:dormant']);
    expect(report.unaffected.map((u) => u.workload.name)).toEqual(['fresh']);
  } finally {
    repository.close();
  }
});

test('deleting a ConfigMap nothing references is a change with no impacts and no errors', async () => {
  const report = await checkChange(
    {
      'cfg.yaml': yaml(configMap('orphan', { k: '1' })),
      'other.yaml': yaml(deployment('w', mountAll('cfg'))),
    },
    { 'cfg.yaml': null },
  );
  expect(report.changes.map((c) => [c.name, c.change])).toEqual([['orphan', 'deleted']]);
  expect(report).toMatchObject({ impacts: [], unaffected: [], diagnostics: [] });
});

describe('the search at head', () => {
  /** The check's report, and the needles of each search at head for what reads the changes. */
  async function searched(base: Record<string, string>, head: Record<string, string>) {
    const asked: string[][] = [];
    // When each search starts, against the stages: one before `changes` (the parse) began is early.
    const events: string[] = [];
    const progress = new Progress({ begin: (stage) => events.push(stage), step: () => {}, end: () => {} });
    const grep = Repository.prototype.grep;
    // A search asked again is answered by the first (the same promise): only a new one runs git.
    const run = new Set<Promise<string[]>>();
    Repository.prototype.grep = function (this: Repository, ...args: Parameters<typeof grep>) {
      const found = grep.apply(this, args);
      if (args[1].includes('workloadRef') && !run.has(found)) {
        run.add(found);
        asked.push([...args[1]]);
        events.push('grep');
      }
      return found;
    };
    try {
      return { report: await checkChange(base, head, { progress }), asked, events };
    } finally {
      Repository.prototype.grep = grep;
    }
  }
  const reader = yaml(deployment('web', mountAll('web-config')));
  const config = (value: string, comment = '') =>
    `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-config\n  labels:\n    app: web\ndata:\n  MODE: ${value}${comment}\n`;

  test('starts before the parse, for the configs a skim of the changed files names: one search', async () => {
    const { report, asked, events } = await searched(
      { 'web.yaml': reader, 'config.yaml': config('a') },
      { 'config.yaml': config('b') },
    );
    expect(statuses(report)).toEqual(['Deployment/web:dormant']);
    // Labelled: a sidecar watching by label is searched for by its word too.
    expect(asked).toEqual([['web-config', 'config.yaml', 'workloadRef', 'FOLDER']]);
    expect(events.slice(0, 2)).toEqual(['grep', 'changes']);
  });

  test('a change the parse reads otherwise (a comment only): the engine searches again, with its own needles', async () => {
    const { report, asked, events } = await searched(
      { 'web.yaml': reader, 'config.yaml': config('a') },
      { 'config.yaml': config('a', ' # the default') },
    );
    expect(events).toEqual(['grep', 'changes', 'search', 'grep', 'judge']);
    expect(report.changes).toEqual([]);
    expect(asked).toEqual([
      ['web-config', 'config.yaml', 'workloadRef', 'FOLDER'],
      ['config.yaml', 'workloadRef'],
    ]);
  });

  test('a name YAML reads otherwise than its letters (1.1: `on` is true): left to the parse, one search', async () => {
    const named = (value: string) => config(value).replace('name: web-config', 'name: on');
    const { report, asked } = await searched(
      { 'web.yaml': reader, 'config.yaml': named('a') },
      { 'config.yaml': named('b') },
    );
    expect(report.notChecked.map((n) => [n.file, n.message.slice(-52)])).toEqual([
      ['config.yaml', 'metadata.name reads as true, not a string; quote it.'],
    ]);
    expect(asked).toEqual([['config.yaml', 'workloadRef']]);
  });

  test('a file the lines cannot tell (a SealedSecret makes a Secret): one search, after the parse', async () => {
    const sealed = (value: string) =>
      `apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: web-secret\nspec:\n  encryptedData:\n    TOKEN: ${value}\n`;
    const web = yaml(
      deployment('web', {
        containers: [container('app', { envFrom: [{ secretRef: { name: 'web-secret' } }] })],
      }),
    );
    const { report, asked } = await searched(
      { 'web.yaml': web, 'sealed.yaml': sealed('AgBy3i4OJSWK') },
      { 'sealed.yaml': sealed('AgCz9k2PLQXY') },
    );
    expect(statuses(report)).toEqual(['Deployment/web:dormant']);
    expect(asked).toEqual([['web-secret', 'sealed.yaml', 'workloadRef']]);
  });
});
