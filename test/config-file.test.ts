import type { Report } from '../src/model/types.js';
import { FakeGitHub } from './helpers/fake-github.js';
import { RemoteSetup, runAction } from './helpers/action-run.js';
import { cli } from './helpers/cli.js';
import { configMap, container, deployment, yaml } from './helpers/manifests.js';
import { twoCommits, type Files } from './helpers/scenario.js';

// .config-rollout-guard.yaml, read by the CLI and the Action alike, validated against
// docs/config.schema.json, and below what the command line says.

const app = (name = 'app', extra: Record<string, unknown> = {}) =>
  deployment(name, {
    containers: [container('app', { envFrom: [{ configMapRef: { name: 'app-config' } }] })],
    ...extra,
  });
const files = (level: string, config?: string): Files => ({
  'app.yaml': yaml(app(), configMap('app-config', { LEVEL: level })),
  ...(config === undefined ? {} : { '.config-rollout-guard.yaml': config }),
});

async function checkWith(config: string, args: string[] = []) {
  const { repo, base, head } = await twoCommits(files('info', config), files('debug', config));
  const run = await cli(['check', '--base', base, '--head', head, '--format', 'json', ...args], {
    cwd: repo.dir,
  });
  return { ...run, report: run.code === 2 ? null : (JSON.parse(run.stdout) as Report) };
}

test('every mistake is reported with its line, unknown keys included; the run stops with exit 2', async () => {
  const config = [
    'include:',
    '  - "**/*.yaml"',
    'fial-on: none',
    'render: sometimes',
    'ignore:',
    '  - workload: {name: app}',
    'kube-version: latest',
    '',
  ].join('\n');
  const { code, stderr } = await checkWith(config);
  expect(code).toBe(2);
  // A line each, in the file's order, each at its own line (an unknown key's too).
  expect(stderr.split('\n')).toEqual([
    'config-rollout-guard: the configuration has 4 mistakes:',
    "  .config-rollout-guard.yaml:3: unknown key 'fial-on'",
    '  .config-rollout-guard.yaml:4: render: must be one of auto, best-effort, off',
    "  .config-rollout-guard.yaml:6: ignore.0: must have required property 'reason'",
    expect.stringMatching(/^ {2}\.config-rollout-guard\.yaml:7: kube-version: must match pattern /),
    '',
  ]);
});

test('YAML that does not parse names its line', async () => {
  const { code, stderr } = await checkWith('include: [\n  "a",\n');
  expect(code).toBe(2);
  expect(stderr).toMatch(
    /^config-rollout-guard: \.config-rollout-guard\.yaml:\d+: not valid YAML \(\w+\)\.\n$/,
  );
});

test('the file sets fail-on; the command line wins over it', async () => {
  expect((await checkWith('fail-on: none\n')).code).toBe(0);
  expect((await checkWith('fail-on: none\n', ['--fail-on', 'dormant'])).code).toBe(1);
});

test('ignore, reloads and reload-sidecars rules', async () => {
  const ignored = await checkWith(
    'ignore:\n  - workload: {kind: Deploy*, name: "a*"}\n    reason: reads its flags per request\n',
  );
  expect(ignored.report!.impacts.map((i) => [i.status, i.reason])).toEqual([
    ['ignored', 'ignored (config-rollout-guard/ignore): reads its flags per request (configuration file)'],
  ]);
  const byConfig = await checkWith('ignore:\n  - config: {name: app-*}\n    reason: flags\n');
  expect(byConfig.report!.impacts.map((i) => i.status)).toEqual(['ignored']);
  const otherName = await checkWith('ignore:\n  - workload: {name: web}\n    reason: not this one\n');
  expect(otherName.report!.impacts.map((i) => i.status)).toEqual(['dormant']);

  const volumeApp = (level: string, config: string): Files => ({
    'app.yaml': yaml(
      deployment('app', {
        containers: [
          container('app', { volumeMounts: [{ name: 'c', mountPath: '/etc/app' }] }),
          container('watch', {
            image: 'example.com/tools/reload-watcher:2',
            volumeMounts: [{ name: 'c', mountPath: '/etc/app' }],
          }),
        ],
        volumes: [{ name: 'c', configMap: { name: 'app-config' } }],
      }),
      configMap('app-config', { LEVEL: level }),
    ),
    '.config-rollout-guard.yaml': config,
  });
  for (const [config, reason] of [
    ['reloads:\n  - workload: {name: app}\n', /re-reads mounted files/],
    ['reload-sidecars: [tools/reload-watcher]\n', /sidecar reload-watcher watches \/etc\/app/],
  ] as const) {
    const { repo, base, head } = await twoCommits(volumeApp('info', config), volumeApp('debug', config));
    const run = await cli(['check', '--base', base, '--head', head, '--format', 'json'], { cwd: repo.dir });
    const report = JSON.parse(run.stdout) as Report;
    expect(report.impacts.map((i) => i.status)).toEqual(['reloaded']);
    expect(report.impacts[0].reason).toMatch(reason);
  }
});

test('--config names another file, read at the base; a missing one is an error', async () => {
  const { repo, base, head } = await twoCommits(
    { ...files('info'), 'ci/guard.yaml': 'fail-on: none\n' },
    files('debug'),
  );
  expect(
    (await cli(['check', '--base', base, '--head', head, '--config', 'ci/guard.yaml'], { cwd: repo.dir }))
      .code,
  ).toBe(0);
  const missing = await cli(['check', '--base', base, '--head', head, '--config', 'nope.yaml'], {
    cwd: repo.dir,
  });
  expect(missing).toMatchObject({
    code: 2,
    stderr: expect.stringContaining('the configuration file nope.yaml does not exist'),
  });
});

test('on every pull request event the configuration is read at the base: a pull request cannot switch the check off, and its change is said', async () => {
  const setup = await new RemoteSetup().init();
  setup.dev.write(files('info') as Record<string, string>);
  await setup.dev.commit('base');
  const base = await setup.push('main');
  setup.dev.write(files('debug', 'fail-on: none\n') as Record<string, string>);
  await setup.dev.commit('a change that also turns the check off');
  const head = await setup.push('feature');
  const github = await new FakeGitHub(setup.bare).start();
  const payload = {
    pull_request: {
      number: 9,
      base: { sha: base, ref: 'main', repo: { full_name: 'acme/gitops' } },
      head: { sha: head, ref: 'feature', repo: { full_name: 'someone/gitops' } },
    },
    repository: { full_name: 'acme/gitops', default_branch: 'main' },
  };
  try {
    const run = (eventName: string) =>
      setup.checkout(head).then((checkout) =>
        runAction({
          checkout,
          apiUrl: github.url,
          eventName,
          payload,
          inputs: { 'fail-on': '', comment: 'never' },
        }),
      );
    for (const event of ['pull_request_target', 'pull_request']) {
      const result = await run(event);
      expect(result.code).toBe(1);
      expect(result.summary).toContain(
        '.config-rollout-guard.yaml changes here; this check used it as the base has it',
      );
    }
  } finally {
    await github.stop();
  }
});
