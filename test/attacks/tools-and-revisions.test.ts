import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from '../../src/model/types.js';
import { hasKustomize } from '../helpers/kustomize.js';
import { attackRepo, Canary, kustomizeApp, PLAIN_KUSTOMIZATION, runCli } from './harness.js';

// The programs a check runs come from the trusted side: flags, inputs, the base configuration and
// the runner's PATH, never from the repository. Revisions given on the command line never become
// git options.

let canary: Canary;
beforeEach(async () => (canary = await new Canary().start()));
afterEach(() => canary.stop());

const maybe = hasKustomize ? describe : describe.skip;

maybe('tools', () => {
  test("a pull request's configuration naming its own kustomize: the base configuration is used, and the change is said", async () => {
    const { repo, base, head } = await attackRepo(kustomizeApp('app', PLAIN_KUSTOMIZATION, 'info'), {
      ...kustomizeApp('app', PLAIN_KUSTOMIZATION, 'debug'),
      'tools/kustomize': canary.script(),
      '.config-rollout-guard.yaml': 'kustomize: ./tools/kustomize\nfail-on: none\n',
    });
    try {
      chmodSync(join(repo.dir, 'tools/kustomize'), 0o755);
      const run = await runCli(
        ['check', '--base', base, '--head', head, '--format', 'json'],
        repo.dir,
        canary.env(),
      );
      canary.expectClean([run.stdout, run.stderr]);
      const report = JSON.parse(run.stdout) as Report;
      expect(run.code).toBe(1);
      expect(report.impacts.map((i) => i.status)).toEqual(['dormant']);
      expect(report.diagnostics.map((d) => d.message)).toContainEqual(
        expect.stringContaining(
          '.config-rollout-guard.yaml changes here; this check used it as the base has it',
        ),
      );
    } finally {
      repo.cleanup();
    }
  });

  test('a tool path inside the repository is refused even from the base configuration', async () => {
    const files = (level: string) => ({
      ...kustomizeApp('app', PLAIN_KUSTOMIZATION, level),
      'tools/kustomize': canary.script(),
    });
    const { repo, base, head } = await attackRepo(
      { ...files('info'), '.config-rollout-guard.yaml': 'kustomize: tools/kustomize\n' },
      files('debug'),
    );
    try {
      chmodSync(join(repo.dir, 'tools/kustomize'), 0o755);
      const run = await runCli(
        ['check', '--base', base, '--head', head, '--format', 'json'],
        repo.dir,
        canary.env(),
      );
      canary.expectClean([run.stdout, run.stderr]);
      expect((JSON.parse(run.stdout) as Report).notChecked.map((n) => n.message)).toEqual([
        expect.stringContaining('tools/kustomize is inside the repository being checked'),
      ]);
    } finally {
      repo.cleanup();
    }
  });

  test('a PATH entry inside the repository is skipped when a tool is looked up', async () => {
    const files = (level: string) => ({
      ...kustomizeApp('app', PLAIN_KUSTOMIZATION, level),
      'bin/kustomize': canary.script(),
      'bin/kubectl': canary.script(),
    });
    const { repo, base, head } = await attackRepo(files('info'), files('debug'));
    try {
      for (const f of ['bin/kustomize', 'bin/kubectl']) chmodSync(join(repo.dir, f), 0o755);
      const env = { ...canary.env(), PATH: `${join(repo.dir, 'bin')}:${process.env.PATH}` };
      const run = await runCli(['check', '--base', base, '--head', head, '--format', 'json'], repo.dir, env);
      canary.expectClean([run.stdout, run.stderr]);
      expect((JSON.parse(run.stdout) as Report).rendered).toEqual(['app']);
    } finally {
      repo.cleanup();
    }
  });
});

describe('revisions', () => {
  test.each([
    ['check', '--head'],
    ['check', '--base'],
    ['scan', '--rev'],
    ['fix', '--base'],
  ])('%s %s=--output=FILE is a revision that does not exist, never an option', async (command, flag) => {
    const { repo, base } = await attackRepo(
      { 'a.yaml': 'kind: ConfigMap\n' },
      { 'a.yaml': 'kind: Secret\n' },
    );
    try {
      const target = join(canary.dir, 'written-by-git');
      const args = [command, `${flag}=--output=${target}`];
      if (command === 'check' && flag === '--head') args.push('--base', base);
      const run = await runCli(args, repo.dir, canary.env());
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/Revision '--output=.*' is not a commit/);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(target)).toBe(false);
      canary.expectClean([run.stdout, run.stderr]);
    } finally {
      repo.cleanup();
    }
  });
});
