// The pre-commit hooks, installed and run by the pre-commit framework itself (Debian's pre-commit)
// from a hook repository holding this checkout's .pre-commit-hooks.yaml and dist/.
import { execFile } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { scratchDir, TempRepo } from './helpers/temp-repo.js';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const run = promisify(execFile);
const available = await run('pre-commit', ['--version']).then(
  () => true,
  () => false,
);
if (!available && process.env.CRG_REQUIRE_SERVERS)
  throw new Error('pre-commit is not installed (apt-get install pre-commit); .ci/run installs it.');
const maybe = available ? describe : describe.skip;

const CONFIG = (name: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  LEVEL: info\n`;
const DEPLOYMENT = (name: string, config: string) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\nspec:\n  selector:\n    matchLabels: {app: ${name}}\n  template:\n    metadata:\n      labels: {app: ${name}}\n    spec:\n      containers:\n      - name: app\n        image: app:1\n        envFrom:\n        - configMapRef: {name: ${config}}\n`;

maybe('pre-commit hooks', () => {
  let hooks: { dir: string; rev: string };
  let home: string;

  beforeAll(async () => {
    const repo = await TempRepo.create();
    cpSync(join(ROOT, '.pre-commit-hooks.yaml'), join(repo.dir, '.pre-commit-hooks.yaml'));
    cpSync(join(ROOT, 'dist'), join(repo.dir, 'dist'), { recursive: true });
    hooks = { dir: repo.dir, rev: await repo.commit('hooks') };
    home = scratchDir('crg-pre-commit-home-');
  });

  /** A repository whose main is on a remote, with the hook configured, on a feature branch. */
  async function project(hookIds: string[]) {
    const origin = scratchDir('crg-origin-');
    await run('git', ['init', '--bare', '-q', '-b', 'main', origin]);
    const repo = await TempRepo.create();
    repo.write({
      'apps/web.yaml': `${CONFIG('web-config')}---\n${DEPLOYMENT('web', 'web-config')}`,
      '.pre-commit-config.yaml': `repos:\n- repo: ${hooks.dir}\n  rev: ${hooks.rev}\n  hooks:\n${hookIds.map((id) => `  - id: ${id}\n`).join('')}`,
    });
    await repo.commit('main');
    await repo.git.addRemote('origin', origin);
    await repo.git.push(['-q', 'origin', 'HEAD:main']);
    await repo.git.fetch(['-q', 'origin']);
    await repo.git.raw(['remote', 'set-head', 'origin', 'main']);
    await repo.git.checkoutLocalBranch('feature');
    return repo;
  }

  const preCommit = (repo: TempRepo, args: string[]) =>
    run('pre-commit', ['run', ...args], {
      cwd: repo.dir,
      env: { PATH: process.env.PATH ?? '', HOME: home, PRE_COMMIT_HOME: join(home, 'cache') },
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );

  test('a staged change that no workload rolls for fails the commit, from the merge base with origin/main', async () => {
    const repo = await project(['config-rollout-guard']);
    // One commit on the branch already, and one staged: the hook sees both.
    repo.write({
      'apps/web.yaml': readFileSync(join(repo.dir, 'apps/web.yaml'), 'utf8').replace('info', 'debug'),
    });
    await repo.commit('more logging');
    repo.write({ 'apps/other.yaml': CONFIG('other-config') });
    await repo.git.add(['-A']);
    const { code, stdout } = await preCommit(repo, []);
    expect(code).toBe(1);
    expect(stdout).toMatch(/ConfigMap\/Secret changes that no workload rolls for\.+Failed/);
    expect(stdout).toMatch(/Deployment web\b.*dormant|dormant.*Deployment web\b/s);
    expect(stdout).toMatch(/checking from [0-9a-f]{12}, where this branch leaves origin\/main/);
  });

  test('--all-files with nothing changed since the merge base passes', async () => {
    const repo = await project(['config-rollout-guard']);
    writeFileSync(join(repo.dir, 'README.md'), 'docs only\n');
    await repo.git.add(['-A']);
    const { code, stdout } = await preCommit(repo, ['--all-files']);
    expect(stdout).toMatch(/ConfigMap\/Secret changes that no workload rolls for\.+Passed/);
    expect(code).toBe(0);
  });

  test('the risks hook (manual stage) lists the workload with nothing to roll it', async () => {
    const repo = await project(['config-rollout-guard-risks']);
    const { code, stdout } = await preCommit(repo, ['--hook-stage', 'manual', 'config-rollout-guard-risks']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Workloads whose next config change would lie dormant\.+Passed/);
    expect(stdout).toMatch(/Deployment web/);
  });
});
