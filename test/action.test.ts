import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { MARKER } from '../src/action/comment.js';
import { BOT, FakeGitHub } from './helpers/fake-github.js';
import { RemoteSetup, runAction } from './helpers/action-run.js';
import { configMap, container, deployment, yaml } from './helpers/manifests.js';

const proxy = (annotations?: Record<string, string>) =>
  deployment(
    'edge-proxy',
    {
      containers: [container('envoy', { volumeMounts: [{ name: 'config', mountPath: '/etc/envoy' }] })],
      volumes: [{ name: 'config', configMap: { name: 'edge-proxy-config' } }],
    },
    { namespace: 'edge', annotations },
  );
const config = (routes: string) => yaml(configMap('edge-proxy-config', { 'envoy.yaml': routes }, {}, 'edge'));

const prPayload = (number: number, base: string, head: string, fork = false) => ({
  pull_request: {
    number,
    base: { sha: base, repo: { full_name: 'acme/gitops' } },
    head: { sha: head, repo: { full_name: fork ? 'someone/gitops' : 'acme/gitops' } },
  },
  repository: { full_name: 'acme/gitops', default_branch: 'main' },
});

describe('the bundled Action on a pull request', () => {
  let setup: RemoteSetup;
  let github: FakeGitHub;
  let base: string;
  let head: string;

  beforeAll(async () => {
    setup = await new RemoteSetup().init();
    setup.dev.write({
      'apps/edge/config.yaml': config('routes: [web]'),
      'apps/edge/proxy.yaml': yaml(proxy()),
    });
    await setup.dev.commit('edge proxy');
    await setup.push('main');
    setup.dev.write({ 'apps/edge/config.yaml': config('routes: [api, web]') });
    await setup.dev.commit('route /api');
    head = await setup.push('feature');
    // main moves on after the branch: its changes must not show up in the PR's report.
    await setup.dev.git.checkout(['-q', '-b', 'main-later', 'HEAD~1']);
    setup.dev.write({
      'apps/other.yaml': yaml(
        configMap('unrelated', { k: 'v2' }),
        deployment('other', {
          containers: [container('o', { envFrom: [{ configMapRef: { name: 'unrelated' } }] })],
        }),
      ),
    });
    await setup.dev.commit('unrelated work on main');
    base = await setup.push('main');
    await setup.dev.git
      .checkout(['-q', 'feature'])
      .catch(() => setup.dev.git.checkout(['-q', '-b', 'feature', head]));
    github = await new FakeGitHub(setup.bare).start();
    // Other people's comments, one of them quoting our marker: enough to need a second page.
    for (let i = 0; i < 120; i++)
      github.addComment(7, `looks good ${i}`, { id: 1, login: 'alice', type: 'User' });
    github.addComment(7, `${MARKER} copied by hand`, { id: 2, login: 'mallory', type: 'User' });
  });
  afterAll(() => github?.stop());

  test('first run: comments once, fails the step, sets outputs, summary and annotations; a shallow checkout recovers', async () => {
    const checkout = await setup.checkout(head);
    const result = await runAction({
      checkout,
      apiUrl: github.url,
      eventName: 'pull_request',
      payload: prPayload(7, base, head),
    });

    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '::error::Config Rollout Guard: 1 workload dormant (fail-on: dormant). See the job summary.',
    );
    expect(result.stdout).toMatch(/asking GitHub for it/);
    expect(result.outputs['dormant-count']).toBe('1');
    expect(result.outputs['impact-count']).toBe('1');
    expect(JSON.parse(result.outputs['changed-configs'])).toEqual([
      { kind: 'ConfigMap', namespace: 'edge', name: 'edge-proxy-config', change: 'modified' },
    ]);
    const report = JSON.parse(readFileSync(result.outputs['report-path'], 'utf8'));
    expect(report.head).toBe(head);
    expect(report.changes.map((c: { name: string }) => c.name)).toEqual(['edge-proxy-config']); // not main's later change

    expect(result.summary).toContain('Deployment `edge/edge-proxy`');
    expect(result.summary).toContain(
      `https://github.example/acme/gitops/blob/${head}/apps/edge/proxy.yaml#L1`,
    );
    // Annotations sit where the diff and the reviewer are: the volume entry that names the config,
    // and the changed key.
    const lineOf = (file: string, text: string) =>
      readFileSync(`${checkout}/${file}`, 'utf8')
        .split('\n')
        .findIndex((l) => l.includes(text)) + 1;
    expect(result.stdout).toContain(
      `::warning title=dormant%3A Deployment edge/edge-proxy,file=apps/edge/proxy.yaml,line=${lineOf('apps/edge/proxy.yaml', 'name: edge-proxy-config')}::Reads ConfigMap edge/edge-proxy-config, which this change modifies, but the pod template is unchanged`,
    );
    expect(result.stdout).toContain(
      `::notice title=ConfigMap edge/edge-proxy-config%3A changed envoy.yaml,file=apps/edge/config.yaml,line=${lineOf('apps/edge/config.yaml', 'envoy.yaml:')}::1 workload reads the changed keys; 1 will not roll.`,
    );
    expect(lineOf('apps/edge/config.yaml', 'envoy.yaml:')).toBeGreaterThan(1);

    const ours = github.comments.filter((c) => c.user.id === BOT.id);
    expect(ours).toHaveLength(1);
    expect(ours[0].body.startsWith(MARKER)).toBe(true);
    expect(ours[0].body).toContain('🔴 dormant');
    expect(github.comments.find((c) => c.user.login === 'mallory')?.body).toBe(`${MARKER} copied by hand`);
    expect(
      github.requests.filter((r) => r.method === 'GET' && r.path.includes('/issues/7/comments')).length,
    ).toBeGreaterThanOrEqual(2);
  });

  test('second run, nothing changed: the comment is left untouched', async () => {
    const before = github.writes().length;
    const checkout = await setup.checkout(head);
    const result = await runAction({
      checkout,
      apiUrl: github.url,
      eventName: 'pull_request',
      payload: prPayload(7, base, head),
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Pull request comment: unchanged.');
    expect(github.writes().length).toBe(before);
  });

  test('a second instance with its own header keeps its own comment; comment-url names each', async () => {
    const run = (header: string) =>
      setup.checkout(head).then((checkout) =>
        runAction({
          checkout,
          apiUrl: github.url,
          eventName: 'pull_request',
          payload: prPayload(7, base, head),
          inputs: { header, comment: 'always' },
        }),
      );
    const [staging, prod] = [await run('staging'), await run('prod')];
    expect(staging.stdout).toContain('Pull request comment: created.');
    expect(prod.stdout).toContain('Pull request comment: created.');
    const ours = github.comments.filter((c) => c.issue === 7 && c.user.id === BOT.id);
    // The default instance's comment, and one per header: none overwrote another.
    expect(ours.map((c) => c.body.split('\n')[0])).toEqual([
      MARKER,
      '<!-- config-rollout-guard:report:staging -->',
      '<!-- config-rollout-guard:report:prod -->',
    ]);
    expect(staging.outputs['comment-url']).toBe(
      `https://github.example/acme/gitops/pull/7#issuecomment-${ours[1].id}`,
    );
    expect(prod.outputs['comment-url']).toBe(
      `https://github.example/acme/gitops/pull/7#issuecomment-${ours[2].id}`,
    );
    const again = await run('staging');
    expect(again.stdout).toContain('Pull request comment: unchanged.');
    // Leave the default instance alone for the next test.
    github.comments = github.comments.filter((c) => c !== ours[1] && c !== ours[2]);
  });

  test('after the pod template is fixed: the comment becomes the all-clear and the step passes', async () => {
    setup.dev.write({ 'apps/edge/proxy.yaml': yaml(proxy({ 'example.com/config-version': '2' })) });
    await setup.dev.commit('roll the proxy');
    const fixed = await setup.push('feature');
    github.failNext = 1; // a passing 502 is retried
    const checkout = await setup.checkout(fixed);
    const result = await runAction({
      checkout,
      apiUrl: github.url,
      eventName: 'pull_request',
      payload: prPayload(7, base, fixed),
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Pull request comment: updated.');
    const ours = github.comments.filter((c) => c.user.id === BOT.id);
    expect(ours).toHaveLength(1);
    expect(ours[0].body).toContain('### ✅ Config Rollout Guard: all clear');
    expect(ours[0].body).toContain('Every workload that reads the changed config picks it up.');
    expect(result.outputs['dormant-count']).toBe('0');
    expect(result.outputs['impact-count']).toBe('1');
  });

  test('a fork pull request (read-only token): summary and annotations, a warning, no failure for that reason', async () => {
    github.commentWriteStatus = 403;
    try {
      const checkout = await setup.checkout(head);
      const result = await runAction({
        checkout,
        apiUrl: github.url,
        eventName: 'pull_request',
        payload: prPayload(8, base, head, true),
        inputs: { 'fail-on': 'none' },
      });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        '::warning::Could not comment on pull request #8: the token is read-only (a pull request from a fork).',
      );
      expect(result.summary).toContain('🔴 dormant');
      expect(github.comments.filter((c) => c.issue === 8)).toEqual([]);
    } finally {
      github.commentWriteStatus = 0;
    }
  });
});

describe('the bundled Action on other events', () => {
  let setup: RemoteSetup;
  let github: FakeGitHub;
  let first: string;
  let second: string;

  beforeAll(async () => {
    setup = await new RemoteSetup().init();
    setup.dev.write({
      'apps/edge/config.yaml': config('routes: [web]'),
      'apps/edge/proxy.yaml': yaml(proxy()),
    });
    first = await setup.dev.commit('one');
    setup.dev.write({ 'apps/edge/config.yaml': config('routes: [api]') });
    second = await setup.dev.commit('two');
    await setup.push('main');
    github = await new FakeGitHub(setup.bare).start();
  });
  afterAll(() => github?.stop());

  test('push: before..after, the before commit fetched into a shallow checkout; no comment', async () => {
    const checkout = await setup.checkout(second);
    const result = await runAction({
      checkout,
      apiUrl: github.url,
      eventName: 'push',
      payload: { before: first, after: second, repository: { default_branch: 'main' } },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Fetching ${first}`);
    expect(result.outputs['dormant-count']).toBe('1');
    expect(github.writes()).toEqual([]);
  });

  test('a checkout in a subdirectory of the workspace: annotations name workspace paths', async () => {
    const checkout = await setup.checkout(second);
    const result = await runAction({
      checkout,
      workspace: dirname(checkout),
      apiUrl: github.url,
      eventName: 'push',
      payload: { before: first, after: second },
      inputs: { 'working-directory': basename(checkout), 'fail-on': 'none' },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`file=${basename(checkout)}/apps/edge/proxy\\.yaml,line=\\d+::`),
    );
  });

  test('workflow_dispatch needs a base input, and says so', async () => {
    const checkout = await setup.checkout(second);
    const missing = await runAction({
      checkout,
      apiUrl: github.url,
      eventName: 'workflow_dispatch',
      payload: {},
    });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('::error::on workflow_dispatch events, set the base input');
    const given = await runAction({
      checkout,
      apiUrl: github.url,
      eventName: 'workflow_dispatch',
      payload: {},
      inputs: { base: first, 'fail-on': 'none' },
    });
    expect(given.code).toBe(0);
    expect(given.outputs['dormant-count']).toBe('1');
  });

  test('a configuration file with mistakes fails the run with each mistake on its line', async () => {
    await setup.dev.git.checkout(['-q', '-b', 'bad-config', second]);
    setup.dev.write({ '.config-rollout-guard.yaml': 'fail-on: sometimes\nrender: never\n' });
    await setup.dev.commit('a configuration with two mistakes');
    const broken = await setup.push('bad-config');
    await setup.dev.git.checkout(['-q', '-']);
    const result = await runAction({
      checkout: await setup.checkout(broken),
      apiUrl: github.url,
      eventName: 'workflow_dispatch',
      payload: {},
      inputs: { base: broken },
    });
    expect(result.code).toBe(1);
    // The runner shows the annotation's %0A as a new line.
    expect(result.stdout).toContain(
      '::error::the configuration has 2 mistakes:%0A.config-rollout-guard.yaml:1: fail-on: must be one of dormant, manual, none%0A.config-rollout-guard.yaml:2: render: must be one of auto, best-effort, off',
    );
  });

  test('registry-credentials: every password masked before the run; a bad line named by its number, never echoed', async () => {
    const checkout = await setup.checkout(second);
    const masked = await runAction({
      checkout,
      apiUrl: github.url,
      eventName: 'workflow_dispatch',
      payload: {},
      inputs: {
        base: first,
        'fail-on': 'none',
        'registry-credentials':
          'ghcr.io/acme=bot:first-pa55word\nhttps://charts.example.org=ci:second-pa55word',
      },
    });
    expect(masked.code).toBe(0);
    expect(masked.stdout).toContain('::add-mask::first-pa55word');
    expect(masked.stdout).toContain('::add-mask::second-pa55word');
    const bad = await runAction({
      checkout,
      apiUrl: github.url,
      eventName: 'workflow_dispatch',
      payload: {},
      inputs: { base: first, 'registry-credentials': 'ghcr.io/acme=bot:ok-pa55word\nthird-pa55word' },
    });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(
      '::error::Input registry-credentials, line 2: expected PREFIX=USERNAME:PASSWORD',
    );
    expect(bad.stdout).toContain('::add-mask::third-pa55word');
    expect(bad.stdout).toContain('::add-mask::ok-pa55word');
    expect(bad.stdout.replace(/::add-mask::.*/g, '')).not.toContain('pa55word');
  });

  test('an unreachable base fails with the fetch-depth advice', async () => {
    const checkout = await setup.checkout(second);
    const result = await runAction({
      checkout,
      apiUrl: github.url,
      eventName: 'push',
      payload: { before: 'f'.repeat(40), after: second },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /::error::Commits f{40} are not in the checkout and could not be fetched .*fetch-depth: 0/,
    );
  });
});
