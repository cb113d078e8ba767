import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from '../src/model/types.js';
import { cli } from './helpers/cli.js';
import { GitDaemon, GitHttpServer, LOGIN } from './helpers/chart-servers.js';
import { hasKustomize } from './helpers/kustomize.js';
import { TempRepo, scratchDir } from './helpers/temp-repo.js';
import { twoCommits, type Files } from './helpers/scenario.js';

// Remote kustomize bases, fetched over git's own protocol from `git daemon` on loopback: a base at
// two tags, the trust rule, and the cache.

const maybe = hasKustomize ? describe : describe.skip;

let daemon: GitDaemon;
let privateServer: GitHttpServer;
let cacheDir: string;

const base = (level: string): Record<string, string> => ({
  'app/kustomization.yaml': 'resources: [deployment.yaml, config.yaml]\n',
  'app/config.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app-config}\ndata: {level: ${level}}\n`,
  'app/deployment.yaml': [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata: {name: app}',
    'spec:',
    '  selector: {matchLabels: {app: web}}',
    '  template:',
    '    metadata: {labels: {app: web}}',
    '    spec: {containers: [{name: app, image: nginx, envFrom: [{configMapRef: {name: app-config}}]}]}',
    '',
  ].join('\n'),
});

beforeAll(async () => {
  if (!hasKustomize) return;
  daemon = await new GitDaemon().start();
  const upstream = await TempRepo.create();
  upstream.write(base('info'));
  await upstream.commit('v1');
  await upstream.git.addTag('v1');
  upstream.write(base('debug'));
  await upstream.commit('v2');
  await upstream.git.addTag('v2');
  execFileSync('git', ['clone', '--quiet', '--bare', upstream.dir, join(daemon.dir, 'bases.git')]);
  privateServer = await new GitHttpServer().start();
  execFileSync('git', ['clone', '--quiet', '--bare', upstream.dir, join(privateServer.dir, 'bases.git')]);
  upstream.cleanup();
});
afterAll(async () => {
  daemon?.stop();
  await privateServer?.stop();
});
beforeEach(() => (cacheDir = scratchDir('crg-cache-')));
afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

const overlay = (ref: string, url = daemon.url('bases.git')): Files => ({
  'prod/kustomization.yaml': `resources:\n  - ${url}//app?ref=${ref}\nnamespace: prod\n`,
});

async function check(before: Files, after: Files, extra: string[] = []) {
  const { repo, base: b, head: h } = await twoCommits(before, after);
  const run = await cli(
    ['check', '--base', b, '--head', h, '--format', 'json', '--cache-dir', cacheDir, ...extra],
    {
      cwd: repo.dir,
    },
  );
  return { run, report: JSON.parse(run.stdout) as Report };
}

maybe('remote kustomize bases', () => {
  test('a base moved to a tag where its ConfigMap changed: the overlay is dormant', async () => {
    const { report } = await check(overlay('v1'), overlay('v2'));
    expect(report.notChecked).toEqual([]);
    expect(report.impacts.map((i) => [i.workload.name, i.workload.namespace, i.status])).toEqual([
      ['app', 'prod', 'dormant'],
    ]);
    expect(report.changes[0]).toMatchObject({ name: 'app-config', file: 'prod/kustomization.yaml', line: 2 });
  });

  test('a repository only the pull request names is not fetched; the cache serves a second run with the server gone', async () => {
    const stranger = await check(overlay('v1', 'git://127.0.0.1:9/other.git'), overlay('v2'));
    expect(stranger.report.notChecked.map((n) => [n.name, n.reason])).toEqual([['prod', 'remote']]);

    await check(overlay('v1'), overlay('v2'));
    const daemonUrl = daemon.url('bases.git');
    daemon.stop();
    const cached = await check(overlay('v1', daemonUrl), overlay('v2', daemonUrl), ['--offline']);
    expect(cached.report.impacts.map((i) => i.status)).toEqual(['dormant']);
    daemon = await new GitDaemon().start();
  });
});

maybe('a private remote base', () => {
  test('fetched over HTTP with the login --registry-credentials gives for its prefix, and only then', async () => {
    const url = privateServer.url('bases.git');
    const anonymous = await check(overlay('v1', url), overlay('v2', url));
    expect(anonymous.report.notChecked.map((n) => [n.name, n.reason])).toEqual([['prod', 'fetch-failed']]);
    const logins = join(scratchDir('crg-logins-'), 'logins');
    writeFileSync(logins, `http://127.0.0.1:${privateServer.port}=${LOGIN.username}:${LOGIN.password}\n`);
    const { run, report } = await check(overlay('v1', url), overlay('v2', url), [
      '--registry-credentials',
      logins,
    ]);
    expect(report.notChecked).toEqual([]);
    expect(report.impacts.map((i) => [i.workload.name, i.status])).toEqual([['app', 'dormant']]);
    expect(run.stdout + run.stderr).not.toContain(LOGIN.password);
  });
});
