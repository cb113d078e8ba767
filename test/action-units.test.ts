import { annotations } from '../src/action/annotations.js';
import { MARKER, MAX_COMMENT_LENGTH, upsertStickyComment } from '../src/action/comment.js';
import { rangeFromEvent } from '../src/action/event.js';
import { GitHubApi } from '../src/action/github-api.js';
import type { Report } from '../src/model/types.js';
import { FakeGitHub } from './helpers/fake-github.js';

const sha = (c: string) => c.repeat(40);
const none = { base: '', head: '' };

describe('rangeFromEvent', () => {
  test.each(['pull_request', 'pull_request_target'])(
    '%s: head from the payload, base as the merge base with the base branch tip',
    (event) => {
      const payload = {
        pull_request: {
          number: 3,
          base: { sha: sha('a'), repo: { full_name: 'acme/x' } },
          head: { sha: sha('b'), ref: 'patch-1', repo: { full_name: 'fork/x' } },
        },
      };
      expect(rangeFromEvent(event, payload, none)).toEqual({
        base: null,
        head: sha('b'),
        mergeBaseOf: sha('a'),
        pullRequest: 3,
        fromFork: true,
        branch: 'patch-1',
      });
    },
  );

  test('push: before..after; a new branch compares with the default branch', () => {
    expect(rangeFromEvent('push', { before: sha('a'), after: sha('b') }, none)).toMatchObject({
      base: sha('a'),
      head: sha('b'),
      mergeBaseOf: null,
    });
    expect(
      rangeFromEvent(
        'push',
        { before: sha('0'), after: sha('b'), repository: { default_branch: 'trunk' } },
        none,
      ),
    ).toMatchObject({
      base: null,
      head: sha('b'),
      mergeBaseOf: 'trunk',
    });
    expect(() => rangeFromEvent('push', { before: sha('a'), after: sha('0') }, none)).toThrow(
      /deleted a branch/,
    );
  });

  test('merge_group: base_sha..head_sha', () => {
    expect(
      rangeFromEvent('merge_group', { merge_group: { base_sha: sha('a'), head_sha: sha('b') } }, none),
    ).toMatchObject({ base: sha('a'), head: sha('b') });
  });

  test('inputs override the event; other events need a base', () => {
    expect(
      rangeFromEvent('push', { before: sha('a'), after: sha('b') }, { base: 'v1.2', head: '' }),
    ).toMatchObject({ base: 'v1.2', head: sha('b'), mergeBaseOf: null });
    expect(rangeFromEvent('workflow_dispatch', {}, { base: 'main', head: '' })).toMatchObject({
      base: 'main',
      head: 'HEAD',
    });
    expect(() => rangeFromEvent('schedule', {}, none)).toThrow(/set the base input/);
  });
});

const report = (impacts: number): Report => ({
  version: 2,
  base: sha('a'),
  head: sha('b'),
  changes: [
    {
      kind: 'ConfigMap',
      namespace: null,
      name: 'cfg',
      file: 'cfg.yaml',
      line: 1,
      change: 'modified',
      keys: { added: [], removed: [], modified: ['k'] },
    },
  ],
  impacts: Array.from({ length: impacts }, (_, i) => ({
    status: i % 2 ? 'rolling' : 'dormant',
    reason: 'r',
    workload: { kind: 'Deployment', namespace: null, name: `w${i}`, file: `w${i}.yaml`, line: 1 },
    configs: [
      { kind: 'ConfigMap', namespace: null, name: 'cfg', keys: ['k'], via: [], namespaceAssumed: false },
    ],
    delivery: [],
  })),
  unaffected: [],
  rendered: [],
  notChecked: [],
  diagnostics: [
    { file: 'bad.yaml', line: 2, severity: 'warning', message: 'skipped' },
    { file: 'gone.yaml', line: 3, severity: 'error', message: 'deleted but needed' },
  ],
});

test('annotations: errors, then dormant workloads, then changed configs, then skipped files', () => {
  expect(annotations(report(3)).map((a) => [a.level, a.file])).toEqual([
    ['error', 'gone.yaml'],
    ['warning', 'w0.yaml'],
    ['warning', 'w2.yaml'],
    ['notice', 'cfg.yaml'],
    ['warning', 'bad.yaml'],
  ]);
});

describe('sticky comment', () => {
  let github: FakeGitHub;
  let api: GitHubApi;
  beforeAll(async () => {
    github = await new FakeGitHub('/nonexistent').start();
    api = new GitHubApi('t', 'acme', 'x', github.url, () => {});
  });
  afterAll(() => github.stop());
  beforeEach(() => {
    github.comments = [];
  });

  const content = (report: string, hasFindings: boolean) => ({
    report,
    allClear: 'ALL CLEAR',
    hasFindings,
    overflowLink: 'https://runs/1',
  });

  test('on-findings: nothing posted while there is nothing to act on', async () => {
    expect(await upsertStickyComment(api, 1, content('R', false), 'on-findings')).toBe('not-needed');
    expect(await upsertStickyComment(api, 1, content('R', false), 'always')).toBe('created');
    expect(await upsertStickyComment(api, 1, content('R', true), 'never')).toBe('not-needed');
    expect(github.comments.map((c) => c.body)).toEqual([`${MARKER}\nR`]);
  });

  test('a body over the limit is cut at a line, closes its details and points at the job summary', async () => {
    const long =
      '<details>\n' + Array.from({ length: 4000 }, (_, i) => `- line ${i} ${'x'.repeat(20)}`).join('\n');
    expect(await upsertStickyComment(api, 2, content(long, true), 'on-findings')).toBe('created');
    const body = github.comments[0].body;
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH);
    expect(body).toMatch(
      /- line \d+ x+\n<\/details>\n\n… The report is longer than a comment can hold; read it whole in the \[job summary\]\(https:\/\/runs\/1\)\.\n$/,
    );
  });
});

test('annotations carry no control character from the repository', () => {
  const hostile = report(1);
  hostile.impacts[0].workload.name = 'web\u001b[2J\u001b]8;;https://e\u0007';
  const text = JSON.stringify(annotations(hostile));
  expect(text).not.toMatch(/\\u001b|\\u0007/);
  expect(text).toContain('web?[2J?]8;;https://e?');
});
