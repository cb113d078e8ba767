import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Report } from '../src/model/types.js';
import { cli } from './helpers/cli.js';
import { ChartRepository, GitDaemon, GitHttpServer, LOGIN, writeChart } from './helpers/chart-servers.js';
import { HELM } from './helpers/helm.js';
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
  test('an untouched overlay of a remote base that may read a changed config fetches it as the base would, and is judged', async () => {
    const config = (level: string): Files => ({
      'config/kustomization.yaml': 'resources: [shared.yaml]\nnamespace: prod\n',
      'config/shared.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: shared}\ndata: {level: ${level}}\n`,
      ...overlay('v1'),
      // The change never reaches prod, whose patch makes the remote Deployment read `shared` too.
      'prod/kustomization.yaml': `${overlay('v1')['prod/kustomization.yaml']}patches:\n  - path: env.yaml\n`,
      'prod/env.yaml': [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: {name: app}',
        'spec:',
        '  template:',
        '    spec: {containers: [{name: app, envFrom: [{configMapRef: {name: shared}}]}]}',
        '',
      ].join('\n'),
    });
    const { report } = await check(config('info'), config('debug'));
    expect(report.notChecked).toEqual([]);
    expect(report.rendered).toEqual(['config', 'prod']);
    expect(
      report.impacts.map((i) => [i.workload.name, i.workload.namespace, i.status, i.workload.source?.root]),
    ).toEqual([['app', 'prod', 'dormant', 'prod']]);
  });

  test('a base moved to a tag where its ConfigMap changed: the overlay is dormant', async () => {
    const { report } = await check(overlay('v1'), overlay('v2'));
    expect(report.notChecked).toEqual([]);
    expect(report.impacts.map((i) => [i.workload.name, i.workload.namespace, i.status])).toEqual([
      ['app', 'prod', 'dormant'],
    ]);
    expect(report.changes[0]).toMatchObject({ name: 'app-config', file: 'prod/kustomization.yaml', line: 2 });
    // The workload, from the base, at the line that names the base.
    expect(report.impacts[0].workload).toMatchObject({ file: 'prod/kustomization.yaml', line: 2 });
  });

  test('a new overlay on a base an untouched overlay names is trusted, though the check met only the roots its change reaches', async () => {
    const staging = {
      'staging/kustomization.yaml': `resources:\n  - ${daemon.url('bases.git')}//app?ref=v1\nnamespace: staging\n`,
    };
    const { report } = await check(overlay('v1'), { ...overlay('v1'), ...staging });
    expect(report.notChecked).toEqual([]);
    expect(report.rendered).toEqual(['staging']);
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

  // node's recursive mkdir never returns where a file system will not make a folder (/proc): the
  // run's fetch would wait forever. The bundle runs in its own process, killed if it does.
  (existsSync('/proc/self') ? test : test.skip)(
    'a cache folder that cannot be made fails the fetch with a message, and the run ends',
    async () => {
      const { repo, base: b, head: h } = await twoCommits(overlay('v1'), overlay('v2'));
      const run = spawnSync(
        process.execPath,
        [join(import.meta.dirname, '../dist/cli.js'), 'check', '--base', b, '--head', h, '--format', 'json'],
        {
          cwd: repo.dir,
          encoding: 'utf8',
          timeout: 30_000,
          killSignal: 'SIGKILL',
          env: { ...process.env, XDG_CACHE_HOME: '/proc/crg-cache' },
        },
      );
      expect(run.signal).toBeNull();
      const report = JSON.parse(run.stdout) as Report;
      expect(report.notChecked.map((n) => [n.name, n.reason, n.side])).toEqual([
        ['prod', 'fetch-failed', 'both'],
      ]);
      expect(report.notChecked[0].message).toMatch(/\/proc\/crg-cache/);
    },
  );
});

// cert-manager's kyverno policies: `https://github.com/org/repo/dir`, no `//`, as kustomize reads it.
maybe('a base named as kustomize names it on GitHub', () => {
  test('without //, a repository and a directory: offline, it is the cache that lacks it', async () => {
    const root = (level: string): Files => ({
      'policies/kustomization.yaml': `resources:\n  - https://github.com/kyverno/policies/pod-security/baseline\n  - cm.yaml\n`,
      'policies/cm.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {level: ${level}}\n`,
    });
    const { report } = await check(root('info'), root('debug'), ['--offline']);
    expect(report.notChecked.map((n) => `${n.name} ${n.reason}: ${n.message}`)).toEqual([
      'policies fetch-failed: kustomize cannot build it at both revisions: https://github.com/kyverno/policies is not in the cache, and the check runs --offline.',
    ]);
  });
});

// Argo CD installed as many teams install it: `resources: [https://raw.githubusercontent.com/…/install.yaml]`
// and a patch of argocd-cm beside it. Served here from loopback.
maybe('a file by URL', () => {
  let server: ChartRepository;
  const install = (image: string) =>
    [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: {name: argocd-server}',
      'spec:',
      '  selector: {matchLabels: {app: argocd-server}}',
      '  template:',
      '    metadata: {labels: {app: argocd-server}}',
      `    spec: {containers: [{name: server, image: "${image}", envFrom: [{configMapRef: {name: argocd-cm}}]}]}`,
      '',
    ].join('\n');
  beforeAll(async () => {
    server = await new ChartRepository().start();
    mkdirSync(join(server.dir, 'public', 'v1'), { recursive: true });
    writeFileSync(join(server.dir, 'public', 'v1', 'install.yaml'), install('argocd:v1'));
    mkdirSync(join(server.dir, 'public', 'v2'), { recursive: true });
    writeFileSync(join(server.dir, 'public', 'v2', 'install.yaml'), install('argocd:v2'));
  });
  afterAll(() => server?.stop());
  const argocd = (version: string, level: string): Files => ({
    'argocd/kustomization.yaml': `resources:\n  - ${server.url}/${version}/install.yaml\n  - cm.yaml\n`,
    'argocd/cm.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: argocd-cm}\ndata: {level: ${level}}\n`,
  });

  test('one the base names is fetched and read like a base (its objects at the line naming it): a change beside it is judged, and --offline reads the cache', async () => {
    server.requests = [];
    const { report } = await check(argocd('v1', 'info'), argocd('v1', 'debug'));
    expect(report.notChecked).toEqual([]);
    expect(
      report.impacts.map((i) => `${i.workload.name} ${i.status} ${i.workload.file}:${i.workload.line}`),
    ).toEqual(['argocd-server dormant argocd/kustomization.yaml:2']);
    expect(server.requests).toEqual(['/v1/install.yaml']);
    const moved = await check(argocd('v1', 'info'), argocd('v1', 'debug'), ['--offline']);
    expect(moved.report.impacts.map((i) => i.status)).toEqual(['dormant']);
    expect(server.requests).toEqual(['/v1/install.yaml']);
  });

  test('a redirect its server chooses is followed (GitHub serves release assets from another host)', async () => {
    const redirector = createServer((_, response) =>
      response.writeHead(302, { location: `${server.url}/v1/install.yaml` }).end(),
    );
    await new Promise<void>((done) => redirector.listen(0, '127.0.0.1', done));
    const at = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/download/install.yaml`;
    const release = (level: string): Files => ({
      ...argocd('v1', level),
      'argocd/kustomization.yaml': `resources:\n  - ${at}\n  - cm.yaml\n`,
    });
    server.requests = [];
    const { report } = await check(release('info'), release('debug'));
    redirector.close();
    expect(report.notChecked).toEqual([]);
    expect(report.impacts.map((i) => `${i.workload.name} ${i.status}`)).toEqual(['argocd-server dormant']);
    expect(server.requests).toEqual(['/v1/install.yaml']);
  });

  test('one past 16 MiB is not read further: the root is not checked, for that limit', async () => {
    const huge = createServer((_, response) => {
      response.writeHead(200);
      const chunk = Buffer.alloc(1 << 20, '#');
      let sent = 0;
      const more = () => {
        while (sent < 17 && response.write(chunk)) sent++;
        if (sent < 17) response.once('drain', more);
        else response.end();
      };
      more();
    });
    await new Promise<void>((done) => huge.listen(0, '127.0.0.1', done));
    const at = `http://127.0.0.1:${(huge.address() as AddressInfo).port}/install.yaml`;
    const big = (level: string): Files => ({
      ...argocd('v1', level),
      'argocd/kustomization.yaml': `resources:\n  - ${at}\n  - cm.yaml\n`,
    });
    const { report } = await check(big('info'), big('debug'));
    huge.close();
    expect(report.notChecked.map((n) => `${n.name} ${n.reason}: ${n.message}`)).toEqual([
      `argocd limit: kustomize cannot build it at both revisions: ${at} is larger than 16 MiB.`,
    ]);
  });

  // Grafana dashboards as many home-labs ship them: a configMapGenerator whose files are URLs.
  const dashboards = (level: string, generator = 'configMapGenerator'): Files => ({
    'grafana/kustomization.yaml': [
      'resources: [deployment.yaml]',
      'generatorOptions: {disableNameSuffixHash: true}',
      `${generator}:`,
      '  - name: dashboards',
      `    files: [nginx.json=${server.url}/v1/dash.json, ${server.url}/v1/dash.json, local.json]`,
      '',
    ].join('\n'),
    'grafana/local.json': `{"level": "${level}"}\n`,
    'grafana/deployment.yaml': [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: {name: grafana}',
      'spec:',
      '  selector: {matchLabels: {app: grafana}}',
      '  template:',
      '    metadata: {labels: {app: grafana}}',
      '    spec:',
      '      containers: [{name: grafana, image: grafana, volumeMounts: [{name: d, mountPath: /d}]}]',
      `      volumes: [{name: d, ${generator === 'configMapGenerator' ? 'configMap: {name' : 'secret: {secretName'}: dashboards}}]`,
      '',
    ].join('\n'),
  });

  test("a configMapGenerator's files by URL are fetched like one, under the key kustomize gives them", async () => {
    writeFileSync(join(server.dir, 'public', 'v1', 'dash.json'), '{"title": "nginx"}\n');
    server.requests = [];
    const { report } = await check(dashboards('info'), dashboards('debug'));
    expect(report.notChecked).toEqual([]);
    // The fetched files are alike at both revisions: only the local one changes the ConfigMap.
    expect(report.changes.map((c) => [c.name, c.keys])).toEqual([
      ['dashboards', { added: [], removed: [], modified: ['local.json'] }],
    ]);
    expect(report.impacts.map((i) => `${i.workload.name} ${i.status}`)).toEqual(['grafana dormant']);
    expect(server.requests).toEqual(['/v1/dash.json']);

    // Moved to a version the base configuration allows: both keys that read it change.
    writeFileSync(join(server.dir, 'public', 'v2', 'dash.json'), '{"title": "nginx v2"}\n');
    const allowed = { '.config-rollout-guard.yaml': `remote:\n  allow: ["${server.url}/"]\n` };
    const moved = (files: Files) =>
      Object.fromEntries(
        Object.entries(files).map(([path, text]) => [path, text?.replaceAll('/v1/', '/v2/') ?? null]),
      );
    const bump = await check(
      { ...allowed, ...dashboards('info') },
      { ...allowed, ...moved(dashboards('info')) },
    );
    expect(bump.report.notChecked).toEqual([]);
    expect(bump.report.changes.map((c) => [c.name, c.keys])).toEqual([
      ['dashboards', { added: [], removed: [], modified: ['dash.json', 'nginx.json'] }],
    ]);
    // Pointed at the generator that names the URLs.
    expect(bump.report.changes[0]).toMatchObject({ file: 'grafana/kustomization.yaml', line: 4 });
  });

  (existsSync('/proc/self') ? test : test.skip)(
    'a cache that cannot be written costs the next run a fetch, not this one the file',
    async () => {
      writeFileSync(join(server.dir, 'public', 'v1', 'dash.json'), '{"title": "nginx"}\n');
      server.requests = [];
      const { report } = await check(dashboards('info'), dashboards('debug'), [
        '--cache-dir',
        '/proc/crg-cache',
      ]);
      expect(report.notChecked).toEqual([]);
      expect(report.impacts.map((i) => `${i.workload.name} ${i.status}`)).toEqual(['grafana dormant']);
      expect(server.requests).toEqual(['/v1/dash.json']);
    },
  );

  test('one whose last segment no file here can be named is not checked, and not asked for', async () => {
    const long = (files: Files) =>
      Object.fromEntries(
        Object.entries(files).map(([path, text]) => [
          path,
          text?.replaceAll('/v1/dash.json', `/v1/${'d'.repeat(300)}.json`) ?? null,
        ]),
      );
    server.requests = [];
    const { run, report } = await check(long(dashboards('info')), long(dashboards('debug')));
    expect(run.code).toBe(1);
    expect(report.notChecked.map((n) => `${n.name} ${n.reason}`)).toEqual(['grafana unsupported']);
    expect(report.notChecked[0].message).toContain('which names no file');
    expect(server.requests).toEqual([]);
  });

  test("a secretGenerator's file by URL is not fetched: its values would reach kustomize's messages", async () => {
    server.requests = [];
    const { report } = await check(
      dashboards('info', 'secretGenerator'),
      dashboards('debug', 'secretGenerator'),
    );
    expect(report.notChecked.map((n) => `${n.name} ${n.reason}`)).toEqual(['grafana unsupported']);
    expect(server.requests).toEqual([]);
  });

  test('one only the pull request names is not fetched: the server sees no request for it', async () => {
    server.requests = [];
    const { report } = await check(argocd('v1', 'info'), argocd('v2', 'info'));
    expect(report.notChecked.map((n) => `${n.name} ${n.reason}`)).toEqual(['argocd remote']);
    expect(report.notChecked[0].message).toContain(
      `it fetches ${server.url}/v2/install.yaml, which neither the base revision`,
    );
    // The base's own build fetches what the base names; nothing else is asked for.
    expect(server.requests).toEqual(['/v1/install.yaml']);
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

(HELM ? maybe : describe.skip)('a Flux HelmRelease whose chart is in another git repository', () => {
  let chartsDaemon: GitDaemon;
  beforeAll(async () => {
    chartsDaemon = await new GitDaemon().start();
    // A chart in another repository, as a Flux GitRepository names it: charts/web at v1, and at v2
    // with a key more in its ConfigMap.
    const charts = await TempRepo.create();
    for (const [tag, marker] of [
      ['v1', ''],
      ['v2', 'v2'],
    ]) {
      const source = writeChart(scratchDir('crg-chart-src-'), 'web', '1.0.0', marker);
      for (const file of [
        'Chart.yaml',
        'values.yaml',
        'templates/configmap.yaml',
        'templates/deployment.yaml',
      ])
        charts.write({ [`charts/web/${file}`]: readFileSync(join(source, file), 'utf8') });
      await charts.commit(tag);
      await charts.git.addTag(tag);
    }
    execFileSync('git', ['clone', '--quiet', '--bare', charts.dir, join(chartsDaemon.dir, 'charts.git')]);
    charts.cleanup();
  }, 30_000);
  afterAll(() => chartsDaemon?.stop());

  const release = (tag: string, level: string, url = chartsDaemon.url('charts.git')): Files => ({
    'apps/web/source.yaml': `apiVersion: source.toolkit.fluxcd.io/v1\nkind: GitRepository\nmetadata: {name: charts, namespace: flux-system}\nspec:\n  url: ${url}\n  ref: {tag: ${tag}}\n`,
    'apps/web/release.yaml': [
      'apiVersion: helm.toolkit.fluxcd.io/v2',
      'kind: HelmRelease',
      'metadata: {name: web, namespace: web}',
      'spec:',
      '  chart:',
      '    spec:',
      '      chart: ./charts/web',
      '      sourceRef: {kind: GitRepository, name: charts, namespace: flux-system}',
      `  values: {config: {level: ${level}}}`,
      '',
    ].join('\n'),
  });
  const summary = (report: Report) => ({
    impacts: report.impacts.map((i) => `${i.workload.kind} ${i.workload.name}: ${i.status}`),
    changes: report.changes.map(
      (c) => `${c.name} ${c.keys.added.concat(c.keys.modified).join(',')} ${c.file}:${c.line}`,
    ),
    notChecked: report.notChecked.map((n) => `${n.name}: ${n.reason}`),
  });

  test('fetched at the tag its GitRepository names: a values change, and a tag move, are each dormant', async () => {
    const values = await check(release('v1', 'info'), release('v1', 'debug'), ['--helm', HELM!]);
    expect(summary(values.report)).toEqual({
      impacts: ['Deployment web: dormant'],
      changes: ['web-config level apps/web/release.yaml:9'],
      notChecked: [],
    });
    expect(values.report.changes[0].source).toMatchObject({ renderer: 'helm', chart: 'web v1' });
    const moved = await check(release('v1', 'info'), release('v2', 'info'), ['--helm', HELM!]);
    expect(summary(moved.report)).toEqual({
      impacts: ['Deployment web: dormant'],
      changes: ['web-config marker apps/web/source.yaml:6'],
      notChecked: [],
    });
    expect(moved.report.diagnostics.map((d) => d.message)).toContainEqual(
      expect.stringContaining('chart web v1 → v2'),
    );
  });

  test('a GitRepository only the pull request names is not fetched', async () => {
    const { report } = await check(
      release('v1', 'info'),
      release('v1', 'debug', 'git://127.0.0.1:9/elsewhere.git'),
      ['--helm', HELM!],
    );
    expect(summary(report).notChecked).toEqual(['web (HelmRelease web/web): remote']);
  });
});
