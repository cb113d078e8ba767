import type { Report } from '../src/model/types.js';
import { cli } from './helpers/cli.js';
import { configMap, container, deployment, lineOf, secret, workload, yaml } from './helpers/manifests.js';
import { checkChange, twoCommits } from './helpers/scenario.js';

// Changes the new pods cannot start with: an error on the change, whatever the status; fix will not
// roll such a workload into the failure.
const b64 = (s: string) => Buffer.from(s).toString('base64');
const cm = (data: Record<string, string>) => yaml(configMap('cfg', data));
const reader = (podSpec: Record<string, unknown>) => yaml(deployment('web', podSpec));
const keyRef = (optional?: boolean) => ({
  containers: [
    container('app', {
      env: [
        {
          name: 'TIMEOUT',
          valueFrom: { configMapKeyRef: { name: 'cfg', key: 'TIMEOUT', ...(optional ? { optional } : {}) } },
        },
      ],
    }),
  ],
});
const volumeItems = {
  containers: [container('app', { volumeMounts: [{ name: 'c', mountPath: '/c' }] })],
  volumes: [{ name: 'c', configMap: { name: 'cfg', items: [{ key: 'TIMEOUT', path: 'timeout' }] } }],
};
const projectedItems = {
  containers: [container('app', { volumeMounts: [{ name: 'c', mountPath: '/c' }] })],
  volumes: [
    {
      name: 'c',
      projected: { sources: [{ configMap: { name: 'cfg', items: [{ key: 'TIMEOUT', path: 't' }] } }] },
    },
  ],
};
const errors = (report: Report) =>
  report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);

describe('a removed key that a reference still needs', () => {
  test.each([
    [
      'env configMapKeyRef',
      keyRef(),
      /container app reads key TIMEOUT into an env var \(containers\[app\]\.env\[TIMEOUT\]\.valueFrom\.configMapKeyRef\): new pods fail with CreateContainerConfigError/,
    ],
    [
      'volume items',
      volumeItems,
      /key TIMEOUT is listed under items \(volumes\[c\]\.configMap.*\): new pods cannot mount the volume/,
    ],
    [
      'projected items',
      projectedItems,
      /key TIMEOUT is listed under items \(volumes\[c\]\.projected.*\): new pods cannot mount the volume/,
    ],
  ])('%s: an error naming the reference; the status stays dormant', async (_, podSpec, message) => {
    const report = await checkChange(
      { 'cfg.yaml': cm({ TIMEOUT: '5s', MODE: 'a' }), 'web.yaml': reader(podSpec) },
      { 'cfg.yaml': cm({ MODE: 'b' }) },
    );
    expect(errors(report)).toEqual([expect.stringMatching(message)]);
    expect(errors(report)[0]).toMatch(/^Deployment web: ConfigMap cfg loses key TIMEOUT, but /);
    // On the line of the reference, the one a reviewer edits.
    const error = report.diagnostics.find((d) => d.severity === 'error')!;
    expect(`${error.file}:${error.line}`).toBe(`web.yaml:${lineOf(reader(podSpec), 'name: cfg')}`);
    expect(report.impacts.map((i) => i.status)).toEqual(['dormant']);
  });

  test('an optional reference: no error', async () => {
    const report = await checkChange(
      { 'cfg.yaml': cm({ TIMEOUT: '5s', MODE: 'a' }), 'web.yaml': reader(keyRef(true)) },
      { 'cfg.yaml': cm({ MODE: 'b' }) },
    );
    expect(errors(report)).toEqual([]);
  });

  test('the run fails at every fail-on but none, and fix refuses to roll the workload into the failure', async () => {
    const { repo, base } = await twoCommits(
      { 'cfg.yaml': cm({ TIMEOUT: '5s', MODE: 'a' }), 'web.yaml': reader(keyRef()) },
      { 'cfg.yaml': cm({ MODE: 'b' }) },
    );
    for (const [failOn, code] of [
      ['dormant', 1],
      ['manual', 1],
      ['none', 0],
    ] as const)
      expect((await cli(['check', '--base', base, '--fail-on', failOn], { cwd: repo.dir })).code).toBe(code);
    // An error has no name but its place: shown once, not as "`web.yaml:N` (`web.yaml:N`)".
    const markdown = await cli(['check', '--base', base, '--format', 'markdown'], { cwd: repo.dir });
    expect(markdown.stdout).toContain(
      `\n- \`web.yaml:${lineOf(reader(keyRef()), 'name: cfg')}\`: Deployment web: ConfigMap cfg loses key TIMEOUT`,
    );
    const fixed = await cli(['fix', '--base', base], { cwd: repo.dir });
    expect(fixed.stdout).toContain('Nothing stamped: the workloads below need another cure.');
    expect(fixed.stdout).toContain(
      `did not stamp Deployment web: its new pods could not start (the error at web.yaml:${lineOf(reader(keyRef()), 'name: cfg')}), so rolling it now would break it.`,
    );
    expect(await repo.git.diff()).toBe('');
  });
});

describe('a Secret missing the keys its type requires', () => {
  const typed = (type: string, data: Record<string, string>) =>
    yaml(secret('s', { type, data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, b64(v)])) }));
  test.each([
    [
      'kubernetes.io/tls',
      { 'tls.crt': 'c' },
      ['Secret s has type kubernetes.io/tls, which requires tls.key: the API server will reject it.'],
    ],
    [
      'kubernetes.io/dockerconfigjson',
      { other: 'x' },
      [
        'Secret s has type kubernetes.io/dockerconfigjson, which requires .dockerconfigjson: the API server will reject it.',
      ],
    ],
    [
      'kubernetes.io/basic-auth',
      { token: 'x' },
      [
        'Secret s has type kubernetes.io/basic-auth, which requires username or password: the API server will reject it.',
      ],
    ],
    ['kubernetes.io/ssh-auth', { 'ssh-privatekey': 'k', extra: 'x' }, []],
    ['kubernetes.io/basic-auth', { username: 'u' }, []],
  ])('%s with %j at head', async (type, data, expected) => {
    const report = await checkChange(
      { 's.yaml': typed(type, { ...data, v: '1' }) },
      { 's.yaml': typed(type, { ...data, v: '2' }) },
    );
    expect(errors(report)).toEqual(expected);
    // Key names only; no value, encoded or not, in any message.
    expect(JSON.stringify(report)).not.toContain(b64('1'));
  });
});

describe('Secrets made by an ExternalSecret', () => {
  const external = (ref: string, extra: Record<string, unknown> = {}) =>
    yaml({
      apiVersion: 'external-secrets.io/v1',
      kind: 'ExternalSecret',
      metadata: { name: 'db', namespace: 'shop' },
      spec: {
        refreshInterval: '1h',
        secretStoreRef: { kind: 'ClusterSecretStore', name: 'vault' },
        target: { name: 'db-credentials' },
        data: [
          { secretKey: 'password', remoteRef: { key: ref, property: 'password' } },
          { secretKey: 'user', remoteRef: { key: 'shop/db', property: 'user' } },
        ],
        ...extra,
      },
    });
  const api = (env: Record<string, unknown>) =>
    yaml(deployment('api', { containers: [container('api', env)] }, { namespace: 'shop' }));
  const envFrom = { envFrom: [{ secretRef: { name: 'db-credentials' } }] };
  const userOnly = {
    env: [{ name: 'DB_USER', valueFrom: { secretKeyRef: { name: 'db-credentials', key: 'user' } } }],
  };

  test('a remoteRef change: the target Secret changes that key, and its reader is dormant, the ExternalSecret named', async () => {
    const report = await checkChange(
      { 'es.yaml': external('shop/db-v1'), 'api.yaml': api(envFrom) },
      { 'es.yaml': external('shop/db-v2') },
    );
    expect(
      report.changes.map(
        (c) => `${c.kind} ${c.namespace}/${c.name} ${c.keys.modified.join(',')} ${c.file}:${c.line}`,
      ),
    ).toEqual(['Secret shop/db-credentials password es.yaml:1']);
    expect(report.impacts.map((i) => `${i.status} ${i.workload.name}`)).toEqual(['dormant api']);
    expect(report.impacts[0].reason).toContain('(Secret db-credentials is made by ExternalSecret db)');
  });

  test('a reader of another key is unaffected; a refreshInterval edit changes nothing; dataFrom reaches every key', async () => {
    const keyed = await checkChange(
      { 'es.yaml': external('shop/db-v1'), 'api.yaml': api(userOnly) },
      { 'es.yaml': external('shop/db-v2') },
    );
    expect(keyed.impacts).toEqual([]);
    const refresh = await checkChange(
      { 'es.yaml': external('shop/db-v1'), 'api.yaml': api(envFrom) },
      { 'es.yaml': external('shop/db-v1').replace('refreshInterval: 1h', 'refreshInterval: 5m') },
    );
    expect(refresh.changes).toEqual([]);
    const dataFrom = await checkChange(
      { 'es.yaml': external('shop/db-v1'), 'api.yaml': api(userOnly) },
      { 'es.yaml': external('shop/db-v1', { dataFrom: [{ extract: { key: 'shop/extra' } }] }) },
    );
    expect(dataFrom.changes[0].keys).toEqual({
      added: ['(dataFrom)'],
      removed: [],
      modified: ['password', 'user'],
    });
    expect(dataFrom.impacts.map((i) => `${i.status} ${i.workload.name}`)).toEqual(['dormant api']);
  });
});

describe('rollout notes for a workload this change rolls', () => {
  /** The notes of a change that rolls `web` (a template annotation moves with the config), and its head text. */
  const rolled = async (
    spec: Record<string, unknown>,
    containerFields: Record<string, unknown> = {},
    kind = 'Deployment',
  ) => {
    const app = (v: string) =>
      yaml(
        workload(
          kind,
          'web',
          {
            containers: [
              container('web', { envFrom: [{ configMapRef: { name: 'cfg' } }], ...containerFields }),
            ],
          },
          { spec, annotations: { 'example.com/rev': v } },
        ),
      );
    const report = await checkChange(
      { 'cfg.yaml': cm({ A: '1' }), 'web.yaml': app('1') },
      { 'cfg.yaml': cm({ A: '2' }), 'web.yaml': app('2') },
    );
    expect(report.impacts.map((i) => i.status)).toEqual(['rolling']);
    const notes = report.diagnostics.filter((d) => d.severity === 'notice');
    for (const note of notes) expect(note.workload).toMatchObject({ kind, name: 'web', file: 'web.yaml' });
    return { notes: notes.map((d) => `${d.file}:${d.line} ${d.message}`), text: app('2') };
  };
  const probe = { ports: [{ containerPort: 8080 }], readinessProbe: { httpGet: { path: '/', port: 8080 } } };
  const mixed = 'old and new config serve side by side';
  const held = 'Old pods keep the old values until they are replaced.';

  test.each([
    [
      { replicas: 4 },
      'replicas:',
      `while it rolls (4 replicas, maxSurge 1, maxUnavailable 1) ${mixed}: up to 5 pods at once, and requests can reach either. ${held}`,
    ],
    [
      {
        replicas: 10,
        minReadySeconds: 30,
        strategy: { rollingUpdate: { maxSurge: '50%', maxUnavailable: 0 } },
      },
      'replicas:',
      `while it rolls (10 replicas, maxSurge 5, maxUnavailable 0, minReadySeconds 30) ${mixed}: up to 15 pods at once, and requests can reach either. ${held}`,
    ],
    [
      { replicas: 3, strategy: { type: 'Recreate' } },
      'type: Recreate',
      'strategy Recreate stops every pod before new ones start: downtime during the rollout.',
    ],
    [
      { replicas: 2, strategy: { rollingUpdate: { maxUnavailable: 2 } } },
      'maxUnavailable:',
      'maxUnavailable 2 reaches all 2 replicas: every pod can be down at once during the rollout.',
    ],
    [
      { replicas: 4, strategy: { rollingUpdate: { maxUnavailable: '100%' } } },
      'maxUnavailable:',
      'maxUnavailable 4 reaches all 4 replicas: every pod can be down at once during the rollout.',
    ],
  ])('Deployment %j: on the line that sets it', async (spec, line, message) => {
    const { notes, text } = await rolled(spec, probe);
    expect(notes).toEqual([`web.yaml:${lineOf(text, line)} Deployment web: ${message}`]);
  });

  test('one replica with a probe: nothing to say', async () => {
    expect((await rolled({ replicas: 1 }, probe)).notes).toEqual([]);
  });

  test('a container with ports and no readinessProbe: on the container', async () => {
    const { notes, text } = await rolled({ replicas: 1 }, { ports: [{ containerPort: 80 }] });
    expect(notes).toEqual([
      `web.yaml:${lineOf(text, '- name: web')} Deployment web: container web declares ports but has no readinessProbe: new pods take traffic before they are ready.`,
    ]);
  });

  test.each([
    [
      { replicas: 3, updateStrategy: { rollingUpdate: { partition: 2 } } },
      'partition:',
      'partition 2: only pods with an ordinal of 2 or more get the change until someone lowers it.',
    ],
    [
      { replicas: 3 },
      'replicas:',
      `while it rolls (3 replicas, replaced one at a time from the highest ordinal) ${mixed}, and requests can reach either. ${held}`,
    ],
  ])('StatefulSet %j', async (spec, line, message) => {
    const { notes, text } = await rolled(spec, probe, 'StatefulSet');
    expect(notes).toEqual([`web.yaml:${lineOf(text, line)} StatefulSet web: ${message}`]);
  });

  test.each([
    [
      {
        strategy: {
          canary: {
            steps: [{ setWeight: 20 }, { pause: { duration: '1m' } }, { setWeight: 50 }, { pause: {} }],
          },
        },
      },
      ['- pause: {}', 1],
      "canary step 4 pauses with no duration: the change reaches only the canary's share of pods until someone promotes it.",
    ],
    [
      { strategy: { blueGreen: { activeService: 'web', autoPromotionEnabled: false } } },
      ['autoPromotionEnabled:', 1],
      'blueGreen autoPromotionEnabled false: the new pods take no live traffic until someone promotes them.',
    ],
  ] as const)('Argo Rollout waiting for a person: %j', async (spec, [line, nth], message) => {
    const { notes, text } = await rolled(spec, probe, 'Rollout');
    expect(notes).toEqual([`web.yaml:${lineOf(text, line, nth)} Rollout web: ${message}`]);
  });
});

test('fix lists the rollout notes of each workload it stamps, on their lines', async () => {
  const web = yaml(
    workload(
      'Deployment',
      'web',
      {
        containers: [
          container('web', { envFrom: [{ configMapRef: { name: 'cfg' } }], ports: [{ containerPort: 80 }] }),
        ],
      },
      { spec: { replicas: 3 } },
    ),
  );
  const { repo, base } = await twoCommits(
    { 'cfg.yaml': cm({ A: '1' }), 'web.yaml': web },
    { 'cfg.yaml': cm({ A: '2' }) },
  );
  const fixed = await cli(['fix', '--base', base, '--dry-run'], { cwd: repo.dir });
  expect(fixed.code).toBe(0);
  const notes = fixed.stdout.slice(fixed.stdout.indexOf('Notes (2)'));
  expect(notes.split('\n').slice(1, 3)).toEqual([
    `  web.yaml:${lineOf(web, 'replicas:')}  Deployment web: while it rolls (3 replicas, maxSurge 1, maxUnavailable 0) old and new config serve side by side: up to 4 pods at once, and requests can reach either. Old pods keep the old values until they are replaced.`,
    `  web.yaml:${lineOf(web, '- name: web')}  Deployment web: container web declares ports but has no readinessProbe: new pods take traffic before they are ready.`,
  ]);
  // check does not: the workload is dormant, and nothing rolls until the stamp lands.
  const json = await cli(['check', '--base', base, '--format', 'json'], { cwd: repo.dir });
  expect((JSON.parse(json.stdout) as Report).diagnostics).toEqual([]);
});

describe('SealedSecrets and SOPS-encrypted Secrets', () => {
  const api = yaml(
    deployment(
      'api',
      { containers: [container('api', { envFrom: [{ secretRef: { name: 'creds' } }] })] },
      { namespace: 'shop' },
    ),
  );
  const sealed = (data: Record<string, string>) =>
    yaml({
      apiVersion: 'bitnami.com/v1alpha1',
      kind: 'SealedSecret',
      metadata: { name: 'creds', namespace: 'shop' },
      spec: { encryptedData: data, template: { metadata: { name: 'creds', namespace: 'shop' } } },
    });
  const sops = (data: Record<string, string>, lastmodified: string) =>
    yaml({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'creds', namespace: 'shop' },
      data,
      sops: { lastmodified, mac: 'ENC[AES256_GCM,data:mac,type:str]', version: '3.9.0' },
    });
  const enc = (s: string) => `ENC[AES256_GCM,data:${s},iv:aXY=,tag:dGFn,type:str]`;

  test('one ciphertext changed: that key, the reader dormant, the SealedSecret named; nothing encrypted printed', async () => {
    const report = await checkChange(
      { 'creds.yaml': sealed({ user: 'AgBy1', password: 'AgBy2' }), 'api.yaml': api },
      { 'creds.yaml': sealed({ user: 'AgBy1', password: 'AgBz9' }) },
    );
    expect(report.changes.map((c) => `${c.name} ${c.keys.modified.join(',')}`)).toEqual(['creds password']);
    expect(report.impacts.map((i) => `${i.status} ${i.workload.name}`)).toEqual(['dormant api']);
    expect(report.impacts[0].reason).toContain('(Secret creds is made by SealedSecret creds)');
    expect(report.diagnostics.filter((d) => d.severity === 'notice' && /re-sealed/.test(d.message))).toEqual(
      [],
    );
    expect(JSON.stringify(report)).not.toMatch(/AgB/);
  });

  test('every ciphertext changed at once: said to be a re-seal', async () => {
    const report = await checkChange(
      { 'creds.yaml': sealed({ user: 'AgBy1', password: 'AgBy2' }), 'api.yaml': api },
      { 'creds.yaml': sealed({ user: 'AgCx1', password: 'AgCx2' }) },
    );
    expect(report.diagnostics.map((d) => d.message)).toContain(
      'SealedSecret creds: all 2 values were re-sealed at once; sealing is randomised, so which of them really changed is unknown, and every key counts as changed.',
    );
  });

  test('SOPS: ENC values compared as written (no base64 warning); a whole re-encryption is said; no value printed', async () => {
    const one = await checkChange(
      { 'creds.yaml': sops({ user: enc('a'), password: enc('b') }, '2026-01-01T00:00:00Z'), 'api.yaml': api },
      { 'creds.yaml': sops({ user: enc('a'), password: enc('c') }, '2026-02-01T00:00:00Z') },
    );
    expect(one.diagnostics).toEqual([]);
    expect(one.changes.map((c) => c.keys.modified)).toEqual([['password']]);
    const all = await checkChange(
      { 'creds.yaml': sops({ user: enc('a'), password: enc('b') }, '2026-01-01T00:00:00Z'), 'api.yaml': api },
      { 'creds.yaml': sops({ user: enc('x'), password: enc('y') }, '2026-02-01T00:00:00Z') },
    );
    expect(all.diagnostics.map((d) => d.message)).toEqual([
      'Secret creds: SOPS re-encrypted all 2 values (sops.lastmodified moved), so which of them really changed is unknown, and every key counts as changed.',
    ]);
    expect(JSON.stringify([one, all])).not.toContain('ENC[');
  });
});

describe('scan --risks: the exposure before the next change', () => {
  test('exposed, hashed, reloaded and hash-suffixed readers, with rollout risks', async () => {
    const reads = (config: string) => ({
      containers: [
        container('c', { envFrom: [{ configMapRef: { name: config } }], ports: [{ containerPort: 80 }] }),
      ],
    });
    const { repo } = await twoCommits(
      {
        'cfg.yaml': yaml(configMap('cfg', { a: '1' }), configMap('cfg-5k2m8h7t9b', { a: '1' })),
        'apps.yaml': yaml(
          deployment('exposed', reads('cfg')),
          deployment('hashed', reads('cfg'), { annotations: { 'checksum/config': 'abc' } }),
          {
            ...deployment('reloaded', reads('cfg')),
            metadata: { name: 'reloaded', annotations: { 'reloader.stakater.com/auto': 'true' } },
          },
          deployment('suffixed', reads('cfg-5k2m8h7t9b')),
        ),
      },
      {},
    );
    const out = await cli(['scan', '--risks', '--format', 'json'], { cwd: repo.dir });
    expect(out.code).toBe(0);
    const notes = (JSON.parse(out.stdout) as Report).diagnostics.map((d) => d.message);
    expect(notes.filter((m) => m.includes('lie dormant'))).toEqual([
      'Deployment exposed: reads ConfigMap cfg with no content hash, checksum or reloader on its pod template: a change to it will lie dormant until the pods are next replaced. `config-rollout-guard fix` stamps the hash.',
    ]);
    expect(
      notes
        .filter((m) => m.includes('readinessProbe'))
        .map((m) => m.split(':')[0])
        .sort(),
    ).toEqual(['Deployment exposed', 'Deployment hashed', 'Deployment reloaded', 'Deployment suffixed']);
    const plain = await cli(['scan', '--format', 'json'], { cwd: repo.dir });
    expect((JSON.parse(plain.stdout) as Report).diagnostics).toEqual([]);
  });
});

test('scan --risks counts what check counts: a reload sidecar or a declared re-read covers a volume, never env', async () => {
  const volume = (name: string, extra: Record<string, unknown>[] = []) => ({
    containers: [container('app', { volumeMounts: [{ name: 'c', mountPath: '/etc/app' }] }), ...extra],
    volumes: [{ name: 'c', configMap: { name } }],
  });
  const sidecar = container('reload', {
    image: 'ghcr.io/jimmidyson/configmap-reload:v0.13.1',
    volumeMounts: [{ name: 'c', mountPath: '/etc/app' }],
  });
  const withEnv = (spec: { containers: Record<string, unknown>[] }) => ({
    ...spec,
    containers: [
      { ...spec.containers[0], envFrom: [{ configMapRef: { name: 'flags' } }] },
      ...spec.containers.slice(1),
    ],
  });
  const { repo } = await twoCommits(
    {
      'cfg.yaml': yaml(configMap('cfg', { a: '1' }), configMap('flags', { b: '1' })),
      'apps.yaml': yaml(
        deployment('watched', volume('cfg', [sidecar])),
        deployment('declared', volume('cfg'), { annotations: {} }),
        deployment('env-too', withEnv(volume('cfg', [sidecar]))),
        {
          ...deployment('named', withEnv(volume('cfg'))),
          metadata: { name: 'named', annotations: { 'configmap.reloader.stakater.com/reload': 'flags' } },
        },
      ).replace('name: declared', 'name: declared\n  annotations: {config-rollout-guard/reloads: volume}'),
    },
    {},
  );
  const out = await cli(['scan', '--risks', '--format', 'json'], { cwd: repo.dir });
  expect(out.code).toBe(0);
  const exposed = (JSON.parse(out.stdout) as Report).diagnostics
    .filter((d) => d.message.includes('lie dormant'))
    .map((d) => d.message.split(' with ')[0]);
  // Reloader restarts `named` for flags only: cfg, on a volume nothing watches, is exposed.
  expect(exposed).toEqual([
    'Deployment env-too: reads ConfigMap flags',
    'Deployment named: reads ConfigMap cfg',
  ]);
});

test('a ClusterExternalSecret: the Secret it makes in each namespace it names, and their readers', async () => {
  const cluster = (ref: string) =>
    yaml({
      apiVersion: 'external-secrets.io/v1',
      kind: 'ClusterExternalSecret',
      metadata: { name: 'registry' },
      spec: {
        namespaces: ['shop', 'blog'],
        externalSecretName: 'registry',
        externalSecretSpec: {
          secretStoreRef: { kind: 'ClusterSecretStore', name: 'vault' },
          target: { name: 'registry-token' },
          data: [{ secretKey: 'token', remoteRef: { key: ref } }],
        },
      },
    });
  const reader = (namespace: string) =>
    yaml(
      deployment(
        'app',
        { containers: [container('app', { envFrom: [{ secretRef: { name: 'registry-token' } }] })] },
        { namespace },
      ),
    );
  const report = await checkChange(
    {
      'ces.yaml': cluster('ci/token-v1'),
      'shop.yaml': reader('shop'),
      'blog.yaml': reader('blog'),
      'wiki.yaml': reader('wiki'),
    },
    { 'ces.yaml': cluster('ci/token-v2') },
  );
  expect(report.changes.map((c) => `${c.namespace}/${c.name}`).sort()).toEqual([
    'blog/registry-token',
    'shop/registry-token',
  ]);
  expect(report.impacts.map((i) => `${i.status} ${i.workload.namespace}/${i.workload.name}`).sort()).toEqual([
    'dormant blog/app',
    'dormant shop/app',
  ]);
});

describe('a ClusterExternalSecret that picks namespaces by labels', () => {
  const cluster = (ref: string, selectors: unknown[]) =>
    yaml({
      apiVersion: 'external-secrets.io/v1',
      kind: 'ClusterExternalSecret',
      metadata: { name: 'registry' },
      spec: {
        namespaceSelectors: selectors,
        externalSecretSpec: {
          secretStoreRef: { kind: 'ClusterSecretStore', name: 'vault' },
          target: { name: 'registry-token' },
          data: [{ secretKey: 'token', remoteRef: { key: ref } }],
        },
      },
    });
  const namespace = (name: string, labels: Record<string, string>) =>
    yaml({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });
  const reader = (ns: string) =>
    yaml(
      deployment(
        'app',
        { containers: [container('app', { envFrom: [{ secretRef: { name: 'registry-token' } }] })] },
        { namespace: ns },
      ),
    );
  const readers = {
    'namespaces.yaml': [
      namespace('shop', { team: 'web', tier: 'prod' }),
      namespace('blog', { team: 'web', tier: 'dev' }),
      namespace('wiki', { team: 'docs' }),
    ].join('---\n'),
    'shop.yaml': reader('shop'),
    'blog.yaml': reader('blog'),
    'wiki.yaml': reader('wiki'),
    'ops.yaml': reader('ops'),
  };
  const readersOf = async (selectors: unknown[]) => {
    const report = await checkChange(
      { 'ces.yaml': cluster('ci/token-v1', selectors), ...readers },
      { 'ces.yaml': cluster('ci/token-v2', selectors) },
    );
    return {
      impacts: report.impacts.map((i) => `${i.status} ${i.workload.namespace}`).sort(),
      notes: report.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`),
    };
  };

  test.each([
    [[{ matchLabels: { team: 'web' } }], ['dormant blog', 'dormant shop']],
    [
      [
        {
          matchLabels: { team: 'web' },
          matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['dev'] }],
        },
      ],
      ['dormant shop'],
    ],
    [[{ matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }] }], ['dormant wiki']],
    // Every namespace carries its name as a label: selected by it, a namespace needs no Namespace object.
    [
      [
        {
          matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'In', values: ['ops', 'wiki'] }],
        },
      ],
      ['dormant ops', 'dormant wiki'],
    ],
    [
      [{ matchLabels: { team: 'docs' } }, { matchLabels: { 'kubernetes.io/metadata.name': 'ops' } }],
      ['dormant ops', 'dormant wiki'],
    ],
  ])('%j picks the namespaces of %j', async (selectors, expected) => {
    const { impacts, notes } = await readersOf(selectors);
    expect(impacts).toEqual(expected);
    expect(notes).toEqual([]);
  });

  test('a selector nothing in the repository matches is said, not passed as all clear', async () => {
    const { impacts, notes } = await readersOf([{ matchLabels: { team: 'payments' } }]);
    expect(impacts).toEqual([]);
    expect(notes).toEqual([
      'ces.yaml:1 ClusterExternalSecret registry picks namespaces by labels that no Namespace in this repository carries: the Secrets it makes there, and their readers, are not checked.',
    ]);
  });
});

test('adoption across a repository: the first 20 rollout notes, then a count and where to see them all', async () => {
  const apps = Array.from({ length: 25 }, (_, i) =>
    workload(
      'Deployment',
      `app${String(i).padStart(2, '0')}`,
      { containers: [container('app', { envFrom: [{ configMapRef: { name: 'cfg' } }] })] },
      { spec: { replicas: 2 } },
    ),
  );
  const { repo } = await twoCommits({ 'cfg.yaml': cm({ A: '1' }), 'apps.yaml': yaml(...apps) }, {});
  const fixed = await cli(['fix', '--dry-run'], { cwd: repo.dir });
  expect(fixed.code).toBe(0);
  const notes = fixed.stdout.slice(fixed.stdout.indexOf('Notes (25)')).trim().split('\n');
  expect(notes).toHaveLength(22);
  expect(notes.slice(1, 21).every((l) => l.includes(': while it rolls (2 replicas'))).toBe(true);
  expect(notes[21]).toBe(
    '  … and 5 more; `config-rollout-guard scan --risks` lists the rollout risks of every workload.',
  );
  // Where the count points: scan --risks lists every one.
  const risks = await cli(['scan', '--risks'], { cwd: repo.dir });
  expect(risks.stdout.match(/: while it rolls \(2 replicas/g)).toHaveLength(25);
  expect(risks.stdout).not.toContain('more;');
});
