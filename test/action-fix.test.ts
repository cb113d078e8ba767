import { execFileSync } from 'node:child_process';
import { BOT, FakeGitHub } from './helpers/fake-github.js';
import { RemoteSetup, runAction } from './helpers/action-run.js';
import { configMap, yaml } from './helpers/manifests.js';

/** A Deployment whose `replicas` sits right below the template metadata, so a PR that scales it puts the stamp inside the diff. */
const web = (replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    metadata:
      labels: {app: web}
    spec:
      containers: [{name: web, image: example/web:1, envFrom: [{configMapRef: {name: cfg}}]}]
  replicas: ${replicas}
`;
const worker = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: worker
spec:
  template:
    metadata:
      labels: {app: worker}
    spec:
      containers: [{name: worker, image: example/worker:1, envFrom: [{configMapRef: {name: cfg}}]}]
`;

const pr = (number: number, base: string, head: string, options: { fork?: boolean; ref?: string } = {}) => ({
  pull_request: {
    number,
    base: { sha: base, repo: { full_name: 'acme/gitops' } },
    head: {
      sha: head,
      ref: options.ref ?? 'feature',
      repo: { full_name: options.fork ? 'someone/gitops' : 'acme/gitops' },
    },
  },
  repository: { full_name: 'acme/gitops', default_branch: 'main' },
});

async function scenario(webFile = 'web.yaml') {
  const setup = await new RemoteSetup().init();
  setup.dev.write({
    'cfg.yaml': yaml(configMap('cfg', { level: 'info' })),
    [webFile]: web(1),
    'worker.yaml': worker,
  });
  await setup.dev.commit('base');
  const base = await setup.push('main');
  setup.dev.write({ 'cfg.yaml': yaml(configMap('cfg', { level: 'debug' })), [webFile]: web(2) });
  await setup.dev.commit('debug logging, two replicas');
  const head = await setup.push('feature');
  const github = await new FakeGitHub(setup.bare).start();
  const bare = (...args: string[]) => execFileSync('git', args, { cwd: setup.bare }).toString().trim();
  return { setup, github, base, head, bare };
}

describe('mode: fix on a same-repository pull request', () => {
  let s: Awaited<ReturnType<typeof scenario>>;
  beforeAll(async () => (s = await scenario()));
  afterAll(() => s.github.stop());

  test('one commit on the branch with exactly the stamped files; the failing PR passes', async () => {
    const result = await runAction({
      checkout: await s.setup.checkout(s.head),
      apiUrl: s.github.url,
      eventName: 'pull_request',
      payload: pr(1, s.base, s.head),
      inputs: { mode: 'fix' },
    });
    expect(result.code).toBe(0);
    const commit = s.bare('rev-parse', 'refs/heads/feature');
    expect(commit).not.toBe(s.head);
    expect(result.outputs['fix-commit']).toBe(commit);
    expect(s.bare('rev-parse', `${commit}^`)).toBe(s.head);
    expect(s.bare('diff-tree', '--no-commit-id', '--name-only', '-r', s.head, commit).split('\n')).toEqual([
      'web.yaml',
      'worker.yaml',
    ]);
    expect(
      s
        .bare('diff', '-U0', s.head, commit)
        .split('\n')
        .filter((l) => /^[+-](?![+-]{2})/.test(l)),
    ).toEqual([
      '+      annotations:',
      expect.stringMatching(/^\+ {8}config-rollout-guard\/hash: "sha256:[0-9a-f]{64}"$/),
      '+      annotations:',
      expect.stringMatching(/^\+ {8}config-rollout-guard\/hash: "sha256:[0-9a-f]{64}"$/),
    ]);
    expect(s.bare('log', '-1', '--format=%s', commit)).toBe('Roll 2 workloads with their config');
    expect(result.outputs['dormant-count']).toBe('0');
    const comment = s.github.comments.find((c) => c.user.id === BOT.id)!;
    expect(comment.body).toContain(`Committed ${commit.slice(0, 7)} to \`feature\``);
    expect(comment.body).toContain('A commit made with `GITHUB_TOKEN` starts no new workflow run.');
  });

  test('a re-run on the fixed head commits nothing', async () => {
    const fixed = s.bare('rev-parse', 'refs/heads/feature');
    const before = s.github.requests.length;
    const result = await runAction({
      checkout: await s.setup.checkout(fixed),
      apiUrl: s.github.url,
      eventName: 'pull_request',
      payload: pr(1, s.base, fixed),
      inputs: { mode: 'fix' },
    });
    expect(result.code).toBe(0);
    expect(s.github.requests.slice(before).filter((r) => r.path.includes('/git/'))).toEqual([]);
    expect(s.bare('rev-parse', 'refs/heads/feature')).toBe(fixed);
  });
});

test('mode: fix when the branch moved meanwhile: GitHub refuses (422), nothing changes, the run stops with a notice', async () => {
  const s = await scenario();
  try {
    s.setup.dev.write({ 'README.md': 'newer push\n' });
    await s.setup.dev.commit('newer');
    const newer = await s.setup.push('feature');
    const result = await runAction({
      checkout: await s.setup.checkout(s.head),
      apiUrl: s.github.url,
      eventName: 'pull_request',
      payload: pr(1, s.base, s.head),
      inputs: { mode: 'fix' },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '::notice::feature moved while this ran, so nothing was committed; the newer push gets its own run.',
    );
    expect(s.bare('rev-parse', 'refs/heads/feature')).toBe(newer);
    expect(s.github.comments).toEqual([]);
  } finally {
    await s.github.stop();
  }
});

test('mode: fix on a fork: a review suggestion where the line is in the diff, a patch for the rest', async () => {
  const s = await scenario();
  try {
    const result = await runAction({
      checkout: await s.setup.checkout(s.head),
      apiUrl: s.github.url,
      eventName: 'pull_request_target',
      payload: pr(2, s.base, s.head, { fork: true }),
      inputs: { mode: 'fix' },
    });
    expect(result.code).toBe(1); // nothing was committed: the workloads are still dormant
    expect(s.bare('rev-parse', 'refs/heads/feature')).toBe(s.head);
    expect(s.github.reviews).toHaveLength(1);
    const [review] = s.github.reviews;
    expect(review).toMatchObject({ commit_id: s.head, event: 'COMMENT' });
    expect(review.comments).toEqual([
      {
        path: 'web.yaml',
        line: 8,
        side: 'RIGHT',
        body: expect.stringMatching(
          /```suggestion\n {6}labels: \{app: web\}\n {6}annotations:\n {8}config-rollout-guard\/hash: "sha256:[0-9a-f]{64}"\n```$/,
        ),
      },
    ]);
    const comment = s.github.comments.find((c) => c.issue === 2)!.body;
    expect(comment).toContain('Not committed: the pull request comes from a fork');
    expect(comment).toContain('One is a review suggestion on this pull request: apply it from the review.');
    // Applied, the stamps roll web's two replicas: the note sits on its replicas line, folded.
    expect(comment).toContain('<summary>Applied, they roll: 1 rollout note</summary>');
    expect(comment).toContain(
      `- \`web.yaml:${web(2).split('\n').indexOf('  replicas: 2') + 1}\` Deployment web: while it rolls (2 replicas, maxSurge 1, maxUnavailable 0)`,
    );
    const patch = /```diff\n([\s\S]*?)```/.exec(comment)![1];
    expect(patch).toContain('diff --git a/worker.yaml b/worker.yaml');
    expect(patch).not.toContain('web.yaml');

    // The patch applies with git apply to the PR head, and the result checks clean for worker.
    const checkout = await s.setup.checkout(s.head);
    execFileSync('git', ['apply', '-'], { cwd: checkout, input: patch });
    expect(execFileSync('git', ['diff', '--stat'], { cwd: checkout }).toString()).toContain(
      'worker.yaml | 2 ++',
    );
  } finally {
    await s.github.stop();
  }
});

test.each(['apps/web app.yaml', 'apps/wéb-ñandú.yaml'])(
  'mode: fix on a fork: the suggestion lands on %j, a path git quotes or pads in its diff headers',
  async (file) => {
    const s = await scenario(file);
    try {
      await runAction({
        checkout: await s.setup.checkout(s.head),
        apiUrl: s.github.url,
        eventName: 'pull_request_target',
        payload: pr(2, s.base, s.head, { fork: true }),
        inputs: { mode: 'fix' },
      });
      expect(s.github.reviews).toHaveLength(1);
      expect(s.github.reviews[0].comments.map((c) => `${c.path}:${c.line}`)).toEqual([`${file}:8`]);
    } finally {
      await s.github.stop();
    }
  },
);
