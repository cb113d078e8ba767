import { scratchDir } from './helpers/temp-repo.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeGitHub } from './helpers/fake-github.js';
import { RemoteSetup, runAction } from './helpers/action-run.js';
import { configMap, container, deployment, yaml } from './helpers/manifests.js';

// The two-workflow setup for fork pull requests (README, "Fork pull requests"): the check runs on
// `pull_request` with a read-only token and uploads its report; a second workflow on `workflow_run`
// publishes it with the write token, never checking out or rendering the pull request.

const files = (level: string) => ({
  'cfg.yaml': yaml(configMap('cfg', { level })),
  'app.yaml': yaml(
    deployment('app', { containers: [container('app', { envFrom: [{ configMapRef: { name: 'cfg' } }] })] }),
  ),
});

let setup: RemoteSetup;
let github: FakeGitHub;
let base: string;
let head: string;

beforeAll(async () => {
  setup = await new RemoteSetup().init();
  setup.dev.write(files('info'));
  await setup.dev.commit('base');
  base = await setup.push('main');
  setup.dev.write(files('debug'));
  await setup.dev.commit('a fork changes the config');
  head = await setup.push('feature');
  github = await new FakeGitHub(setup.bare).start();
  github.pullRequests.push({
    number: 9,
    head: { sha: head, ref: 'feature', repo: { owner: { login: 'someone' } } },
  });
});
afterAll(() => github.stop());

/** An empty directory: the publishing job has no checkout at all. */
const empty = () => scratchDir('crg-publish-');

const publish = (report: string, runId = '4242') =>
  runAction({
    checkout: empty(),
    apiUrl: github.url,
    eventName: 'workflow_run',
    payload: {
      workflow_run: {
        id: Number(runId),
        event: 'pull_request',
        head_sha: head,
        head_branch: 'feature',
        head_repository: { full_name: 'someone/gitops', owner: { login: 'someone' } },
      },
      repository: { full_name: 'acme/gitops' },
    },
    inputs: { mode: 'publish', report },
  });

test('the check on the fork pull request writes its report; the publishing run comments and adds a failing check run', async () => {
  github.commentWriteStatus = 403;
  const checked = await runAction({
    checkout: await setup.checkout(head),
    apiUrl: github.url,
    eventName: 'pull_request',
    payload: {
      pull_request: {
        number: 9,
        base: { sha: base, ref: 'main', repo: { full_name: 'acme/gitops' } },
        head: { sha: head, ref: 'feature', repo: { full_name: 'someone/gitops' } },
      },
      repository: { full_name: 'acme/gitops', default_branch: 'main' },
    },
    inputs: { comment: 'never' },
  });
  expect(checked.code).toBe(1);
  expect(github.comments).toEqual([]);
  // What actions/upload-artifact and actions/download-artifact carry between the two workflows.
  const artifact = join(empty(), 'config-rollout-guard-report.json');
  writeFileSync(artifact, readFileSync(checked.outputs['report-path']));

  github.commentWriteStatus = 0;
  const published = await publish(artifact);
  expect(published.code).toBe(1);
  expect(published.stdout + published.stderr).not.toMatch(/not a git repository|git /);
  expect(github.comments.map((c) => c.issue)).toEqual([9]);
  expect(github.comments[0].body).toContain('1 workload will not pick up this change');
  expect(github.checkRuns).toHaveLength(1);
  expect(github.checkRuns[0]).toMatchObject({
    head_sha: head,
    conclusion: 'failure',
    name: 'Config Rollout Guard',
  });
  expect(github.checkRuns[0].output.annotations.map((a) => [a.path, a.annotation_level])).toContainEqual([
    'app.yaml',
    'warning',
  ]);
  expect(published.summary).toContain('1 workload will not pick up this change');

  // The same run published again (a re-run of the step): one comment, one check run.
  const again = await publish(artifact);
  expect(again.code).toBe(1);
  expect(github.comments).toHaveLength(1);
  expect(github.checkRuns).toHaveLength(1);
});

test('a report of another commit, or not of the report shape, is not published', async () => {
  const before = { comments: github.comments.length, runs: github.checkRuns.length };
  const forged = (change: (r: Record<string, unknown>) => void) => {
    const report = {
      version: 2,
      base,
      head,
      changes: [],
      impacts: [],
      unaffected: [],
      diagnostics: [],
      rendered: [],
      notChecked: [],
    } as Record<string, unknown>;
    change(report);
    const path = join(empty(), 'report.json');
    writeFileSync(path, JSON.stringify(report));
    return path;
  };
  const otherCommit = await publish(forged((r) => (r.head = base)));
  expect(otherCommit.code).toBe(1);
  expect(otherCommit.stdout).toMatch(/the report is of commit .*, but the run that made it checked/);
  const notAReport = await publish(forged((r) => (r.impacts = [{ status: 'pwned' }])));
  expect(notAReport.code).toBe(1);
  expect(notAReport.stdout).toMatch(/is not a version 2 report/);
  expect({ comments: github.comments.length, runs: github.checkRuns.length }).toEqual(before);
});
