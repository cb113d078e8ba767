import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GitHubApi, GitHubError } from '../src/action/github-api.js';
import { BOT, FakeGitHub, type Fault } from './helpers/fake-github.js';
import { RemoteSetup, runAction } from './helpers/action-run.js';
import { configMap, container, deployment, yaml } from './helpers/manifests.js';

// The bundled Action against a fake GitHub that misbehaves the way GitHub sometimes does. Each test
// fails on an Action that duplicates, hangs, passes silently or blames the wrong cause.

const web = (replicas: number) =>
  yaml(
    deployment('web', { containers: [container('web', { envFrom: [{ configMapRef: { name: 'cfg' } }] })] }),
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'unrelated' },
      data: { replicas: String(replicas) },
    },
  );

async function scenario() {
  const setup = await new RemoteSetup().init();
  setup.dev.write({ 'cfg.yaml': yaml(configMap('cfg', { level: 'info' })), 'web.yaml': web(1) });
  await setup.dev.commit('base');
  const base = await setup.push('main');
  setup.dev.write({ 'cfg.yaml': yaml(configMap('cfg', { level: 'debug' })) });
  await setup.dev.commit('debug logging');
  const head = await setup.push('feature');
  const github = await new FakeGitHub(setup.bare).start();
  return { setup, github, base, head };
}

const pr = (
  base: string,
  head: string,
  headRepo: { full_name: string } | null = { full_name: 'acme/gitops' },
) => ({
  pull_request: {
    number: 5,
    base: { sha: base, ref: 'main', repo: { full_name: 'acme/gitops' } },
    head: { sha: head, ref: 'feature', repo: headRepo },
  },
  repository: { full_name: 'acme/gitops', default_branch: 'main' },
});

type S = Awaited<ReturnType<typeof scenario>>;
const run = async (s: S, inputs: Record<string, string> = {}, payload = pr(s.base, s.head)) =>
  runAction({
    checkout: await s.setup.checkout(s.head),
    apiUrl: s.github.url,
    eventName: 'pull_request',
    payload,
    inputs,
  });
const ours = (s: S) => s.github.comments.filter((c) => c.user.id === BOT.id && c.issue === 5);
const once = (predicate: (r: { method: string; path: string }) => boolean, fault: Fault) => {
  let used = false;
  return (r: { method: string; path: string }) =>
    !used && predicate(r) ? ((used = true), fault) : undefined;
};
const isCommentCreate = (r: { method: string; path: string }) =>
  r.method === 'POST' && r.path.endsWith('/issues/5/comments');

describe('the Action when GitHub misbehaves', () => {
  let s: S;
  beforeEach(async () => (s = await scenario()));
  afterEach(() => s.github.stop());

  test('a comment created but answered 502 is adopted, not posted twice', async () => {
    s.github.fault = once(isCommentCreate, { landed: 502 });
    const result = await run(s);
    expect(result.code).toBe(1); // the dormant finding, not the API
    expect(ours(s)).toHaveLength(1);
    expect(s.github.requests.filter(isCommentCreate)).toHaveLength(1);
  });

  test('a comment list that is not a list is an error, never "no comment yet"', async () => {
    s.github.addComment(5, '<!-- config-rollout-guard:report -->\nold report');
    s.github.fault = (r) =>
      r.method === 'GET' && r.path.includes('/issues/5/comments')
        ? { status: 200, body: { comments: 'oops' } }
        : undefined;
    const result = await run(s);
    expect(s.github.requests.filter(isCommentCreate)).toHaveLength(0);
    expect(result.stdout).toMatch(
      /::warning::GitHub: could not list the pull request comments: .*not a list/,
    );
    expect(result.summary).toContain('Config Rollout Guard');
  });

  test('two runs at once leave one comment', async () => {
    await Promise.all([run(s), run(s)]);
    expect(ours(s)).toHaveLength(1);
  });

  test('a secondary rate limit that never ends is retried a bounded number of times', async () => {
    s.github.fault = (r) =>
      r.path.includes('/issues/5/comments')
        ? {
            status: 403,
            body: { message: 'You have exceeded a secondary rate limit' },
            headers: { 'retry-after': '1' },
          }
        : undefined;
    const result = await run(s);
    // Bounded: both retry layers (rate limits, and failed requests) are capped at two retries each,
    // so the endless limit costs a handful of requests, then a one-line warning.
    const lists = s.github.requests.filter(
      (r) => r.method === 'GET' && r.path.includes('/issues/5/comments'),
    );
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(lists.length).toBeLessThanOrEqual(9);
    expect(result.stdout).toMatch(/::warning::GitHub: could not list the pull request comments: HTTP 403/);
    expect(result.stdout).not.toMatch(/read-only/);
    expect(result.summary).toContain('1 workload will not pick up this change');
  });

  test('fix mode: a 422 on blob creation fails the run with that cause, and the report is still written', async () => {
    s.github.fault = (r) =>
      r.path.endsWith('/git/blobs') ? { status: 422, body: { message: 'Invalid blob' } } : undefined;
    const result = await run(s, { mode: 'fix' });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/::error::GitHub: could not create a blob: HTTP 422, Invalid blob/);
    expect(result.stdout).not.toMatch(/moved while this ran/);
    expect(result.summary).toContain('1 workload will not pick up this change');
    expect(result.outputs['report-path']).toBeTruthy();
  });

  test('fix mode: a branch update that landed but was answered 502 counts as committed', async () => {
    s.github.fault = once((r) => r.method === 'PATCH' && r.path.includes('/git/refs/'), { landed: 502 });
    const result = await run(s, { mode: 'fix' });
    const tip = execFileSync('git', ['rev-parse', 'refs/heads/feature'], { cwd: s.setup.bare })
      .toString()
      .trim();
    expect(tip).not.toBe(s.head);
    expect(result.outputs['fix-commit']).toBe(tip);
    expect(result.code).toBe(0);
  });

  test('fix mode: a pull request from a deleted fork (head.repo null) never writes the base repository', async () => {
    const result = await run(s, { mode: 'fix' }, pr(s.base, s.head, null));
    const tip = execFileSync('git', ['rev-parse', 'refs/heads/feature'], { cwd: s.setup.bare })
      .toString()
      .trim();
    expect(tip).toBe(s.head);
    expect(s.github.requests.some((r) => r.path.includes('/git/'))).toBe(false);
    expect(result.summary).toContain('Not committed: the pull request comes from a fork');
  });

  test('fix mode on a fork, run twice on the same commit: one review', async () => {
    // A Deployment whose `replicas` sits right below its template metadata: scaling it puts the
    // stamp's place inside the pull request's diff, so the fix is a review suggestion.
    const scaled = (replicas: number) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers: [{name: web, image: example/web:1, envFrom: [{configMapRef: {name: cfg}}]}]\n  replicas: ${replicas}\n`;
    s.setup.dev.write({ 'web.yaml': scaled(1) });
    await s.setup.dev.commit('web as a plain text manifest');
    const base = await s.setup.push('main');
    s.setup.dev.write({ 'web.yaml': scaled(2), 'cfg.yaml': yaml(configMap('cfg', { level: 'warn' })) });
    await s.setup.dev.commit('scale and change the config');
    const head = await s.setup.push('feature');
    const fork = pr(base, head, { full_name: 'someone/gitops' });
    const fixOnFork = async () =>
      runAction({
        checkout: await s.setup.checkout(head),
        apiUrl: s.github.url,
        eventName: 'pull_request',
        payload: fork,
        inputs: { mode: 'fix' },
      });
    await fixOnFork();
    expect(s.github.reviewList).toHaveLength(1);
    await fixOnFork();
    expect(s.github.reviewList).toHaveLength(1);
  });
});

test('a server that never answers: each call gives up after its deadline, with a one-line error', async () => {
  const server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const api = new GitHubApi('token', 'acme', 'gitops', url, () => {}, 200);
  // Without a deadline this would never settle (and the test would time out instead of failing here).
  const error = await api.listComments(5).catch((e: unknown) => e);
  server.closeAllConnections();
  server.close();
  expect(error).toBeInstanceOf(GitHubError);
  expect((error as Error).message).toBe(
    'GitHub: could not list the pull request comments: no answer in time',
  );
});

test('no Secret value reaches any output of the Action (summary, comment, annotations, log, outputs)', async () => {
  const CANARY = 'ACTIONLEAKCANARY';
  const secretFile = (v: string) =>
    `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\nstringData:\n  password: ${v}\n  user: app\n`;
  const setup = await new RemoteSetup().init();
  const app = yaml(
    deployment('app', {
      containers: [
        container('app', {
          env: [{ name: 'P', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }],
        }),
      ],
    }),
  );
  setup.dev.write({
    'secret.yaml': secretFile('old'),
    'app.yaml': app,
    'cfg.yaml': yaml(configMap('cfg', { a: '1' })),
  });
  await setup.dev.commit('base');
  const base = await setup.push('main');
  // One value the parser rejects (its message would quote it), one that parses (its diff would show it).
  setup.dev.write({
    'secret.yaml':
      secretFile(`*${CANARY}1`) + `---\n` + secretFile(`${CANARY}2`).replace('name: db', 'name: db2'),
  });
  await setup.dev.commit('rotate');
  const head = await setup.push('feature');
  const github = await new FakeGitHub(setup.bare).start();
  try {
    for (const mode of ['report', 'fix']) {
      const result = await runAction({
        checkout: await setup.checkout(head),
        apiUrl: github.url,
        eventName: 'pull_request',
        payload: pr(base, head),
        inputs: { mode, comment: 'always' },
      });
      const everything = [
        result.stdout,
        result.stderr,
        result.summary,
        JSON.stringify(result.outputs),
        ...github.comments.map((c) => c.body),
        ...github.reviewList.map((r) => JSON.stringify(r)),
      ].join('\n');
      expect(everything).toContain('Config Rollout Guard');
      expect(everything).not.toContain(CANARY);
    }
  } finally {
    await github.stop();
  }
});
