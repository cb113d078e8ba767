import type { Report } from '../src/model/types.js';
import { cli } from './helpers/cli.js';
import { configMap, container, deployment, secret, yaml } from './helpers/manifests.js';
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
    const fixed = await cli(['fix', '--base', base], { cwd: repo.dir });
    expect(fixed.stdout).toContain('Nothing to fix');
    expect(fixed.stdout).toContain(
      'did not stamp Deployment web: its new pods could not start (see the error on this line), so rolling it now would break it.',
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
