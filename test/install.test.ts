import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TempRepo, scratchDir } from './helpers/temp-repo.js';

// The install routes the README names, from a packed tarball in empty directories: the bundle needs
// no dependency, so both work offline with nothing else installed.
const ROOT = resolve(import.meta.dirname, '..');
const temp = scratchDir('crg-pack-');
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const packed = (() => {
  const out = spawnSync('npm', ['pack', '--pack-destination', temp, '--silent'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (out.status !== 0) {
    console.warn(`Install tests skipped: npm could not pack (${out.stderr.trim().split('\n').pop()}).`);
    return null;
  }
  return join(
    temp,
    readdirSync(temp).find((f) => f.endsWith('.tgz'))!,
  );
})();

(packed ? describe : describe.skip)('installed from a packed tarball', () => {
  test('npm install -g: --version, and check on a repository, with no other install step', async () => {
    const prefix = join(temp, 'global');
    execFileSync(
      'npm',
      ['install', '-g', '--prefix', prefix, packed!, '--offline', '--no-audit', '--no-fund'],
      {
        cwd: temp,
        stdio: 'ignore',
      },
    );
    const bin = join(prefix, 'bin', 'config-rollout-guard');
    expect(execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim()).toMatch(/^\d+\.\d+\.\d+$/);
    // Only the package itself was installed: the bundle carries everything it runs.
    expect(readdirSync(join(prefix, 'lib', 'node_modules'))).toEqual(['config-rollout-guard']);
    expect(readdirSync(join(prefix, 'lib', 'node_modules', 'config-rollout-guard')).sort()).toEqual(
      ['LICENSE', 'README.md', 'dist', 'docs', 'package.json'].sort(),
    );

    const repo = await TempRepo.create();
    try {
      const app =
        'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: app}\nspec:\n  template:\n    spec:\n      containers: [{name: app, image: x, envFrom: [{configMapRef: {name: cfg}}]}]\n';
      const config = (value: string) =>
        `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg}\ndata: {a: "${value}"}\n`;
      repo.write({ 'cm.yaml': config('1'), 'app.yaml': app });
      const base = await repo.commit('base');
      repo.write({ 'cm.yaml': config('2') });
      await repo.commit('head');
      const cache = join(temp, 'cache');
      const out = spawnSync(bin, ['check', '--base', base, '--head', 'HEAD'], {
        cwd: repo.dir,
        encoding: 'utf8',
        env: { ...process.env, XDG_CACHE_HOME: cache },
      });
      expect(out.status).toBe(1);
      expect(out.stdout.split('\n')[1]).toBe('1 workload will not pick up this change.');
      // The installed bundle's compiled code is kept in the user's cache, by where it is installed.
      const [folder] = readdirSync(join(cache, 'config-rollout-guard', 'compiled-code'));
      expect(decodeURIComponent(folder)).toBe(
        `${realpathSync(join(prefix, 'lib', 'node_modules', 'config-rollout-guard', 'dist'))}@${process.versions.v8}`,
      );
    } finally {
      repo.cleanup();
    }
  });

  test('npx --package TARBALL: runs in an empty directory', () => {
    const empty = mkdtempSync(join(temp, 'empty-'));
    const out = spawnSync(
      'npx',
      ['--yes', '--offline', '--package', packed!, 'config-rollout-guard', '--help'],
      {
        cwd: empty,
        encoding: 'utf8',
        env: { ...process.env, npm_config_cache: join(temp, 'npm-cache') },
      },
    );
    expect(out.status).toBe(0);
    expect(out.stdout.split('\n')[0]).toBe('Usage:');
  });
});
