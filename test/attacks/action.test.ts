import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { FakeGitHub } from '../helpers/fake-github.js';
import { hasKustomize } from '../helpers/kustomize.js';
import { RemoteSetup, runAction } from '../helpers/action-run.js';
import { Canary, kustomizeApp, PLAIN_KUSTOMIZATION } from './harness.js';

// The Action under pull_request_target: a write token in the environment, the pull request's head
// checked out. The stranger's head tries a host file, the token and its own kustomize at once.

const maybe = hasKustomize ? describe : describe.skip;

let canary: Canary;
beforeEach(async () => (canary = await new Canary().start()));
afterEach(() => canary.stop());

maybe('the Action on a stranger’s pull request', () => {
  test('nothing runs, nothing leaks into the comment, summary, outputs or log, nothing is fetched', async () => {
    const setup = await new RemoteSetup().init();
    setup.dev.write(kustomizeApp('app', PLAIN_KUSTOMIZATION, 'info') as Record<string, string>);
    await setup.dev.commit('base');
    const base = await setup.push('main');
    const attack = [
      PLAIN_KUSTOMIZATION.replace(
        'resources: [deployment.yaml]',
        `resources: [deployment.yaml, "${canary.url}/x.yaml"]`,
      ).trim(),
      'generators:',
      '  - |',
      '    apiVersion: builtin',
      '    kind: ConfigMapGenerator',
      '    metadata: {name: leak}',
      `    envs: [/proc/self/environ, ${canary.file}]`,
      '',
    ].join('\n');
    setup.dev.write({
      ...(kustomizeApp('app', attack, 'debug') as Record<string, string>),
      'tools/kustomize': canary.script(),
      '.config-rollout-guard.yaml': 'kustomize: ./tools/kustomize\nfail-on: none\n',
    });
    chmodSync(join(setup.dev.dir, 'tools/kustomize'), 0o755);
    await setup.dev.commit('a helpful change');
    const head = await setup.push('feature');
    const github = await new FakeGitHub(setup.bare).start();
    try {
      const result = await runAction({
        checkout: await setup.checkout(head),
        apiUrl: github.url,
        eventName: 'pull_request_target',
        payload: {
          pull_request: {
            number: 7,
            base: { sha: base, ref: 'main', repo: { full_name: 'acme/gitops' } },
            head: { sha: head, ref: 'feature', repo: { full_name: 'stranger/gitops' } },
          },
          repository: { full_name: 'acme/gitops', default_branch: 'main' },
        },
        inputs: { token: canary.token, 'fail-on': '' },
        env: { GITHUB_TOKEN: canary.token, ACTIONS_RUNTIME_TOKEN: canary.token, TMPDIR: canary.tmp },
      });
      const comments = github.comments.map((c) => c.body);
      canary.expectClean([
        result.stdout,
        result.stderr,
        result.summary,
        JSON.stringify(result.outputs),
        ...comments,
      ]);
      expect(result.code).toBe(1);
      expect(result.summary).toMatch(/1 rendered root not checked/);
      expect(comments.join('\n')).toMatch(/over the network|outside the repository/);
    } finally {
      await github.stop();
    }
  });
});
