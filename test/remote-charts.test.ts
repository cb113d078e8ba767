import { scratchDir } from './helpers/temp-repo.js';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { dirname, join } from 'node:path';
import type { Report } from './../src/model/types.js';
import { cli } from './helpers/cli.js';
import { HELM } from './helpers/helm.js';
import { hasKustomize } from './helpers/kustomize.js';
import { ChartRepository, hasRegistry, helm, LOGIN, Registry, writeChart } from './helpers/chart-servers.js';
import { twoCommits, type Files } from './helpers/scenario.js';

// Charts from registries and chart repositories, fetched from real servers on loopback: the
// reference OCI registry and a Helm chart repository over HTTP. Sources the base names are fetched
// (and cached by digest); a source only the pull request names is not.

const maybe = HELM && hasRegistry ? describe : describe.skip;

let registry: Registry;
let repository: ChartRepository;
let cacheDir: string;
const sources = scratchDir('crg-charts-src-');

beforeAll(async () => {
  if (!HELM || !hasRegistry) return;
  registry = await new Registry().start();
  repository = await new ChartRepository().start();
  for (const [version, marker] of [
    ['1.0.0', ''],
    ['1.1.0', 'v1.1'],
  ]) {
    const chart = writeChart(sources, 'web', version, marker);
    registry.push(HELM, chart);
    repository.add(HELM, chart);
  }
  // A chart that mounts a config it does not render, by a name it computes (app-template's way).
  const mounts = writeChart(sources, 'mounts', '1.0.0');
  const deployment = join(mounts, 'templates/deployment.yaml');
  writeFileSync(deployment, readFileSync(deployment, 'utf8').replace('-config"', '-files"'));
  registry.push(HELM, mounts);
}, 60_000);
afterAll(async () => {
  registry?.stop();
  await repository?.stop();
  rmSync(sources, { recursive: true, force: true });
});
beforeEach(() => (cacheDir = scratchDir('crg-cache-')));
afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

async function check(base: Files, head: Files, extra: string[] = []) {
  const { repo, base: b, head: h } = await twoCommits(base, head);
  const run = await cli(
    [
      'check',
      '--base',
      b,
      '--head',
      h,
      '--format',
      'json',
      '--helm',
      HELM!,
      '--cache-dir',
      cacheDir,
      ...extra,
    ],
    { cwd: repo.dir },
  );
  return { run, report: JSON.parse(run.stdout) as Report, repo, base: b, head: h };
}

/** The charts this test's cache holds: what the check fetched. */
const cachedCharts = () =>
  existsSync(join(cacheDir, 'charts')) ? readdirSync(join(cacheDir, 'charts')) : [];

const summary = (report: Report) => ({
  impacts: report.impacts.map((i) => `${i.workload.kind} ${i.workload.name}: ${i.status}`),
  changes: report.changes.map((c) => `${c.name} ${JSON.stringify(c.keys)}`),
  notChecked: report.notChecked.map((n) => `${n.name}: ${n.reason}`),
});

/** A Flux app as a home-lab repository keeps it: a HelmRelease and the OCIRepository it names, side by side. */
const fluxOci = (ref: string, level: string, url = registry.oci, more: string[] = []): Files => ({
  'apps/web/app/ocirepository.yaml': [
    'apiVersion: source.toolkit.fluxcd.io/v1',
    'kind: OCIRepository',
    'metadata: {name: web}',
    'spec:',
    '  interval: 15m',
    `  url: ${url}/web`,
    `  ref: ${ref}`,
    '',
  ].join('\n'),
  'apps/web/app/helmrelease.yaml': [
    'apiVersion: helm.toolkit.fluxcd.io/v2',
    'kind: HelmRelease',
    'metadata: {name: web}',
    'spec:',
    '  chartRef: {kind: OCIRepository, name: web}',
    '  values:',
    '    config:',
    `      level: ${level}`,
    ...more,
    '',
  ].join('\n'),
  'apps/web/app/kustomization.yaml': 'resources: [helmrelease.yaml, ocirepository.yaml]\n',
});

const fluxHelmRepository = (url: string, version: string, level: string, type = ''): Files => ({
  'apps/web/repository.yaml': `apiVersion: source.toolkit.fluxcd.io/v1\nkind: HelmRepository\nmetadata: {name: charts, namespace: flux-system}\nspec:\n  url: ${url}\n${type}`,
  'apps/web/release.yaml': [
    'apiVersion: helm.toolkit.fluxcd.io/v2',
    'kind: HelmRelease',
    'metadata: {name: web, namespace: web}',
    'spec:',
    '  chart:',
    '    spec:',
    '      chart: web',
    `      version: "${version}"`,
    '      sourceRef: {kind: HelmRepository, name: charts, namespace: flux-system}',
    `  values: {config: {level: ${level}}}`,
    '',
  ].join('\n'),
});

maybe('charts from registries and chart repositories', () => {
  // sulibot/home-ops' gatus: app-template from a registry mounts the ConfigMap its kustomization
  // generates beside the HelmRelease. The release is untouched; its source, named at base, is fetched.
  (hasKustomize ? test : test.skip)(
    'a release from a registry deployed beside a changed config is fetched and rendered, its reader judged',
    async () => {
      const files = (level: string): Files => ({
        ...fluxOci('{tag: 1.0.0}', 'info'),
        'apps/web/app/ocirepository.yaml': `apiVersion: source.toolkit.fluxcd.io/v1\nkind: OCIRepository\nmetadata: {name: web}\nspec:\n  url: ${registry.oci}/mounts\n  ref: {tag: 1.0.0}\n`,
        'apps/web/app/app.env': `LEVEL=${level}\n`,
        'apps/web/app/kustomization.yaml':
          'namespace: web\nresources: [helmrelease.yaml, ocirepository.yaml]\nconfigMapGenerator: [{name: web-files, envs: [app.env]}]\ngeneratorOptions: {disableNameSuffixHash: true}\n',
      });
      const { report } = await check(files('info'), files('debug'));
      expect(summary(report)).toEqual({
        impacts: ['Deployment web: dormant'],
        changes: ['web-files {"added":[],"removed":[],"modified":["LEVEL"]}'],
        notChecked: [],
      });
      expect(report.impacts[0].workload.source).toMatchObject({ renderer: 'helm', chart: 'mounts 1.0.0' });
      expect(cachedCharts()).toHaveLength(1);
    },
  );

  test('Flux OCIRepository by tag: a values change is dormant, pointing at the values line', async () => {
    const { report } = await check(fluxOci('{tag: 1.0.0}', 'info'), fluxOci('{tag: 1.0.0}', 'debug'));
    expect(summary(report)).toEqual({
      impacts: ['Deployment web: dormant'],
      changes: ['web-config {"added":[],"removed":[],"modified":["level"]}'],
      notChecked: [],
    });
    expect(report.changes[0]).toMatchObject({ file: 'apps/web/app/helmrelease.yaml', line: 8 });
    expect(report.changes[0].source).toMatchObject({ renderer: 'helm', chart: 'web 1.0.0' });
  });

  test("a copy of a shared OCIRepository in each namespace's directory: a tag bump in one moves the release beside it", async () => {
    // kashalls/home-cluster keeps an app-template OCIRepository per namespace; the releases say no
    // namespace (their Flux Kustomization sets it), so each takes the copy nearest it.
    const files = (tags: Record<string, string>): Files =>
      Object.fromEntries(
        Object.entries(tags).flatMap(([ns, tag]) => [
          [
            `apps/${ns}/app-template.yaml`,
            `apiVersion: source.toolkit.fluxcd.io/v1\nkind: OCIRepository\nmetadata: {name: app-template, namespace: ${ns}}\nspec:\n  url: ${registry.oci}/web\n  ref: {tag: ${tag}}\n`,
          ],
          [
            `apps/${ns}/web/app/helmrelease.yaml`,
            `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: web-${ns}}\nspec:\n  chartRef: {kind: OCIRepository, name: app-template}\n`,
          ],
        ]),
      );
    // One that says its namespace takes that namespace's copy, wherever its file is, over a copy
    // beside it that says none.
    const named = {
      'apps/a/other/app-template.yaml': `apiVersion: source.toolkit.fluxcd.io/v1\nkind: OCIRepository\nmetadata: {name: app-template}\nspec:\n  url: ${registry.oci}/web\n  ref: {tag: 1.0.0}\n`,
      'apps/a/other/helmrelease.yaml':
        'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: web-c, namespace: b}\nspec:\n  chartRef: {kind: OCIRepository, name: app-template}\n',
    };
    const { report } = await check(
      { ...files({ a: '1.0.0', b: '1.0.0' }), ...named },
      { ...files({ a: '1.0.0', b: '1.1.0' }), ...named },
    );
    expect(report.rendered.sort()).toEqual(['web (HelmRelease b/web-c)', 'web (HelmRelease web-b)']);
    expect(summary(report)).toEqual({
      // In the report's order: namespace b before none.
      impacts: ['Deployment web-c: dormant', 'Deployment web-b: dormant'],
      changes: [
        'web-b-config {"added":["marker"],"removed":[],"modified":[]}',
        'web-c-config {"added":["marker"],"removed":[],"modified":[]}',
      ],
      notChecked: [],
    });
  });

  test('Flux OCIRepository by semver: a chart version bump that changes the ConfigMap is dormant, and said', async () => {
    const { report } = await check(
      fluxOci('{semver: "~1.0.0"}', 'info'),
      fluxOci('{semver: ">=1.1.0"}', 'info'),
    );
    expect(summary(report)).toEqual({
      impacts: ['Deployment web: dormant'],
      changes: ['web-config {"added":["marker"],"removed":[],"modified":[]}'],
      notChecked: [],
    });
    expect(report.diagnostics.map((d) => d.message)).toContainEqual(
      expect.stringContaining('chart web 1.0.0 → 1.1.0'),
    );
  });

  test('Flux HelmRepository over HTTP, and of type oci', async () => {
    const http = await check(
      fluxHelmRepository(repository.url, '1.0.0', 'info'),
      fluxHelmRepository(repository.url, '1.0.0', 'debug'),
    );
    expect(summary(http.report).impacts).toEqual(['Deployment web: dormant']);
    const oci = await check(
      fluxHelmRepository(registry.oci, '1.0.0', 'info', '  type: oci\n'),
      fluxHelmRepository(registry.oci, '1.1.0', 'info', '  type: oci\n'),
    );
    expect(summary(oci.report).changes).toEqual([
      'web-config {"added":["marker"],"removed":[],"modified":[]}',
    ]);
  });

  test('a chart version or tag that is a Flux post-build variable: not checked, naming it, and nothing fetched', async () => {
    repository.requests = [];
    const http = await check(
      fluxHelmRepository(repository.url, '${web_version}', 'info'),
      fluxHelmRepository(repository.url, '${web_version}', 'debug'),
    );
    expect(http.report.notChecked.map((n) => `${n.name} ${n.reason}: ${n.message}`)).toEqual([
      'web (HelmRelease web/web) missing-input: helm cannot render it at both revisions: its chart version ${web_version} is a Flux post-build variable, which this check does not substitute.',
    ]);
    expect(repository.requests).toEqual([]);
    const oci = await check(fluxOci('{tag: "${tag}"}', 'info'), fluxOci('{tag: "${tag}"}', 'debug'));
    expect(oci.report.notChecked.map((n) => `${n.reason}: ${n.message}`)).toEqual([
      'missing-input: helm cannot render it at both revisions: its chart tag ${tag} is a Flux post-build variable, which this check does not substitute.',
    ]);
    expect(cachedCharts()).toEqual([]);
  });

  test('an OCIRepository named in chart.spec.sourceRef, where Flux rejects it: not checked as failing, nothing fetched', async () => {
    const release = (level: string): Files => {
      const files = fluxOci('{tag: 1.0.0}', level);
      files['apps/web/app/helmrelease.yaml'] = files['apps/web/app/helmrelease.yaml']!.replace(
        '  chartRef: {kind: OCIRepository, name: web}',
        '  chart: {spec: {chart: web, version: 1.0.0, sourceRef: {kind: OCIRepository, name: web}}}',
      );
      return files;
    };
    const { report } = await check(release('info'), release('debug'));
    expect(report.notChecked.map((n) => `${n.reason}: ${n.message}`)).toEqual([
      'render-failed: helm cannot render it at both revisions: its chart.spec.sourceRef names an OCIRepository, which Flux accepts only as spec.chartRef.',
    ]);
    expect(cachedCharts()).toEqual([]);
  });

  test('Argo CD: a single chart source, and a multi-source Application with $values from this repository', async () => {
    const single = (level: string): Files => ({
      'argo/web.yaml': [
        'apiVersion: argoproj.io/v1alpha1',
        'kind: Application',
        'metadata: {name: web}',
        'spec:',
        '  destination: {namespace: web}',
        '  source:',
        `    repoURL: ${repository.url}`,
        '    chart: web',
        '    targetRevision: 1.0.0',
        `    helm: {valuesObject: {config: {level: ${level}}}}`,
        '',
      ].join('\n'),
    });
    expect(summary((await check(single('info'), single('debug'))).report).impacts).toEqual([
      'Deployment web: dormant',
    ]);

    const multi = (level: string): Files => ({
      'argo/web.yaml': [
        'apiVersion: argoproj.io/v1alpha1',
        'kind: Application',
        'metadata: {name: web}',
        'spec:',
        '  destination: {namespace: web}',
        '  sources:',
        `    - {repoURL: "${registry.oci.replace('oci://', '')}", chart: web, targetRevision: 1.0.0, helm: {valueFiles: [$values/env/web.yaml]}}`,
        '    - {repoURL: "https://github.com/acme/gitops.git", targetRevision: main, ref: values}',
        '',
      ].join('\n'),
      'env/web.yaml': `config: {level: ${level}}\n`,
    });
    const { repo, base, head } = await twoCommits(multi('info'), multi('debug'));
    await repo.git.addRemote('origin', 'https://github.com/acme/gitops');
    const run = await cli(
      ['check', '--base', base, '--head', head, '--format', 'json', '--helm', HELM!, '--cache-dir', cacheDir],
      { cwd: repo.dir },
    );
    const report = JSON.parse(run.stdout) as Report;
    expect(summary(report)).toMatchObject({ impacts: ['Deployment web: dormant'], notChecked: [] });
    expect(report.changes[0]).toMatchObject({ file: 'env/web.yaml', line: 1 });
  });

  // gitops-bridge's addons: an ApplicationSet names its chart by what its generators give each cluster.
  test('an ApplicationSet whose chart is a generator parameter: not checked, and nothing fetched', async () => {
    const addons = (level: string): Files => ({
      'argo/addons.yaml': [
        'apiVersion: argoproj.io/v1alpha1',
        'kind: ApplicationSet',
        'metadata: {name: addons}',
        'spec:',
        '  generators: [{clusters: {values: {addonChart: web}}}]',
        '  template:',
        '    metadata: {name: "{{name}}-addon"}',
        '    spec:',
        '      destination: {namespace: web}',
        '      source:',
        `        repoURL: ${repository.url}`,
        "        chart: '{{values.addonChart}}'",
        '        targetRevision: 1.0.0',
        `        helm: {valuesObject: {config: {level: ${level}}}}`,
        '',
      ].join('\n'),
    });
    repository.requests = [];
    const { report } = await check(addons('info'), addons('debug'));
    expect(report.notChecked.map((n) => `${n.name} ${n.reason}: ${n.message}`)).toEqual([
      '{{values.addonChart}} (ApplicationSet addons) unsupported: helm cannot render it at both revisions: its chart is named by generator parameters ({{values.addonChart}}), which only Argo CD resolves; the Applications it generates are not checked.',
    ]);
    expect(repository.requests).toEqual([]);
  });

  (hasKustomize ? test : test.skip)(
    'kustomize helmCharts from a chart repository the base names',
    async () => {
      const root = (level: string): Files => ({
        'app/kustomization.yaml': `helmCharts:\n  - {name: web, repo: "${repository.url}", version: 1.0.0, releaseName: web, valuesInline: {config: {level: ${level}}}}\n`,
      });
      const { report } = await check(root('info'), root('debug'));
      expect(summary(report)).toEqual({
        impacts: ['Deployment web: dormant'],
        changes: ['web-config {"added":[],"removed":[],"modified":["level"]}'],
        notChecked: [],
      });
    },
  );

  test('a source only the pull request names is not fetched: not checked, and the server sees nothing', async () => {
    const other = await new ChartRepository().start();
    try {
      other.add(HELM!, writeChart(sources, 'web', '1.0.0'));
      other.requests = [];
      const { run, report } = await check(
        fluxHelmRepository(repository.url, '1.0.0', 'info'),
        fluxHelmRepository(other.url, '1.0.0', 'debug'),
      );
      expect(run.code).toBe(1);
      expect(summary(report).notChecked).toEqual(['web (HelmRelease web/web): remote']);
      expect(report.notChecked[0].message).toContain('neither the base revision nor the base configuration');
      expect(other.requests).toEqual([]);
      // The base configuration can allow it by prefix.
      const allowed = await check(
        {
          ...fluxHelmRepository(repository.url, '1.0.0', 'info'),
          '.config-rollout-guard.yaml': `remote:\n  allow: ["${other.url}/"]\n`,
        },
        fluxHelmRepository(other.url, '1.0.0', 'debug'),
      );
      expect(summary(allowed.report)).toMatchObject({ impacts: ['Deployment web: dormant'], notChecked: [] });
    } finally {
      await other.stop();
    }
  });

  test('remote: off fetches nothing; an unreachable server is not checked, never deleted', async () => {
    const off = await check(
      { ...fluxOci('{tag: 1.0.0}', 'info'), '.config-rollout-guard.yaml': 'remote: off\n' },
      fluxOci('{tag: 1.0.0}', 'debug'),
    );
    expect(summary(off.report).notChecked).toEqual(['web (HelmRelease web): remote']);
    const gone = 'oci://127.0.0.1:9/charts';
    const unreachable = await check(
      fluxOci('{tag: 1.0.0}', 'info', gone),
      fluxOci('{tag: 1.0.0}', 'debug', gone),
    );
    expect(unreachable.run.code).toBe(1);
    expect(summary(unreachable.report)).toEqual({
      impacts: [],
      changes: [],
      notChecked: ['web (HelmRelease web): fetch-failed'],
    });
  });

  test('the cache: a second run makes no request, and --offline reads the cache only', async () => {
    const files = (level: string) => fluxHelmRepository(repository.url, '1.0.0', level);
    repository.requests = [];
    await check(files('info'), files('debug'));
    expect(repository.requests.length).toBeGreaterThan(0);
    expect(readdirSync(join(cacheDir, 'charts'))).toHaveLength(1);
    repository.requests = [];
    const second = await check(files('info'), files('debug'));
    expect(repository.requests).toEqual([]);
    expect(summary(second.report).impacts).toEqual(['Deployment web: dormant']);
    const offline = await check(files('info'), files('debug'), ['--offline']);
    expect(summary(offline.report).impacts).toEqual(['Deployment web: dormant']);
    rmSync(cacheDir, { recursive: true, force: true });
    const empty = await check(files('info'), files('debug'), ['--offline']);
    expect(summary(empty.report).notChecked).toEqual(['web (HelmRelease web/web): fetch-failed']);
  });
});

/**
 * The oracle: each release rendered by hand with helm at both revisions; a workload whose
 * ConfigMap changed is dormant when its pod template did not, rolling when it did.
 */
function byHand(releases: { name: string; chart: string; before: string; after: string }[]): string[] {
  const render = (chartRef: string, version: string, values: string) => {
    const dir = scratchDir('crg-byhand-');
    try {
      writeFileSync(join(dir, 'values.yaml'), values);
      const home = join(dir, 'home');
      const chart = join(dir, 'chart');
      mkdirSync(chart);
      helm(
        HELM!,
        home,
        ['pull', chartRef, '--version', version, '--plain-http', '--untar', '--untardir', chart],
        dir,
      );
      const out = helm(
        HELM!,
        home,
        ['template', 'x', join(chart, readdirSync(chart)[0]), '-f', join(dir, 'values.yaml')],
        dir,
      );
      const docs = parseAllDocuments(out).map((d) => d.toJS() as Record<string, Record<string, unknown>>);
      return {
        config: JSON.stringify(docs.find((d) => d.kind === ('ConfigMap' as unknown))?.data),
        template: JSON.stringify(
          (docs.find((d) => d.kind === ('Deployment' as unknown))?.spec as Record<string, unknown>).template,
        ),
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return releases.flatMap(({ name, chart, before, after }) => {
    const [v1, values1] = before.split('|');
    const [v2, values2] = after.split('|');
    const a = render(chart, v1, values1);
    const b = render(chart, v2, values2);
    if (a.config === b.config) return [];
    return [`Deployment ${name}: ${a.template === b.template ? 'dormant' : 'rolling'}`];
  });
}

maybe('a home-lab shaped Flux repository, charts in the local registry', () => {
  test('the same verdicts as rendering its releases by hand; a new registry is not fetched; a second run is served from the cache', async () => {
    const withSum = writeChart(sources, 'summed', '1.0.0', '', true);
    registry.push(HELM!, withSum);
    registry.push(HELM!, writeChart(sources, 'summed', '1.1.0', 'v1.1', true));
    const app = (name: string, chart: string, ref: string, level: string): Files => ({
      [`kubernetes/apps/default/${name}/ks.yaml`]: [
        'apiVersion: kustomize.toolkit.fluxcd.io/v1',
        'kind: Kustomization',
        `metadata: {name: ${name}, namespace: flux-system}`,
        'spec:',
        `  path: ./kubernetes/apps/default/${name}/app`,
        '  targetNamespace: default',
        '  sourceRef: {kind: GitRepository, name: flux-system, namespace: flux-system}',
        '',
      ].join('\n'),
      [`kubernetes/apps/default/${name}/app/kustomization.yaml`]:
        'resources: [./helmrelease.yaml, ./ocirepository.yaml]\n',
      [`kubernetes/apps/default/${name}/app/ocirepository.yaml`]: `apiVersion: source.toolkit.fluxcd.io/v1\nkind: OCIRepository\nmetadata: {name: ${name}}\nspec:\n  url: ${registry.oci}/${chart}\n  ref: {tag: ${ref}}\n`,
      [`kubernetes/apps/default/${name}/app/helmrelease.yaml`]: `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: ${name}}\nspec:\n  chartRef: {kind: OCIRepository, name: ${name}}\n  values:\n    config: {level: ${level}}\n`,
    });
    const before = {
      ...app('plain', 'web', '1.0.0', 'info'),
      ...app('summed', 'summed', '1.0.0', 'info'),
      ...app('bumped', 'web', '1.0.0', 'info'),
    };
    const after = {
      ...app('plain', 'web', '1.0.0', 'debug'),
      ...app('summed', 'summed', '1.0.0', 'debug'),
      ...app('bumped', 'web', '1.1.0', 'info'),
    };
    const { report } = await check(before, after);
    expect(report.notChecked).toEqual([]);
    expect(report.impacts.map((i) => `${i.workload.kind} ${i.workload.name}: ${i.status}`).sort()).toEqual(
      byHand([
        {
          name: 'plain',
          chart: `${registry.oci}/web`,
          before: '1.0.0|config: {level: info}',
          after: '1.0.0|config: {level: debug}',
        },
        {
          name: 'summed',
          chart: `${registry.oci}/summed`,
          before: '1.0.0|config: {level: info}',
          after: '1.0.0|config: {level: debug}',
        },
        {
          name: 'bumped',
          chart: `${registry.oci}/web`,
          before: '1.0.0|config: {level: info}',
          after: '1.1.0|config: {level: info}',
        },
      ]).sort(),
    );
    expect(report.impacts.length).toBe(3);

    // A pull request that moves a release to a registry the base never names: not fetched.
    const moved = { ...after, ...app('plain', 'web', '1.0.0', 'trace') };
    moved['kubernetes/apps/default/plain/app/ocirepository.yaml'] = moved[
      'kubernetes/apps/default/plain/app/ocirepository.yaml'
    ]!.replace(registry.oci, 'oci://127.0.0.1:9/elsewhere');
    const stranger = await check(before, moved);
    expect(stranger.report.notChecked.map((n) => [n.name, n.reason])).toEqual([
      ['web (HelmRelease plain)', 'remote'],
    ]);

    // The cache holds every chart now: the registry can go.
    registry.stop();
    const cached = await check(before, after, ['--offline']);
    expect(cached.report.impacts.map((i) => i.status).sort()).toEqual(
      report.impacts.map((i) => i.status).sort(),
    );
    registry = await new Registry().start();
  });
});

maybe('Flux postRenderers', () => {
  // The registry may have been restarted empty by an earlier block.
  beforeAll(() => registry.push(HELM!, writeChart(sources, 'web', '1.0.0')), 30_000);
  const patched = (extra: string, image = 'nginx:1.27') => [
    '  postRenderers:',
    '    - kustomize:',
    '        patches:',
    '          - target: {kind: ConfigMap, name: web-config}',
    '            patch: |',
    '              - {op: add, path: /data/extra, value: "' + extra + '"}',
    '          - patch: |',
    '              apiVersion: apps/v1',
    '              kind: Deployment',
    '              metadata: {name: web}',
    '              spec: {template: {metadata: {labels: {patched: "yes"}}}}',
    `        images: [{name: nginx, newName: "${image.split(':')[0]}", newTag: "${image.split(':')[1]}"}]`,
  ];

  test("a patch in postRenderers is applied to the chart's output: its change is judged, pointing at the HelmRelease", async () => {
    const { report } = await check(
      fluxOci('{tag: 1.0.0}', 'info', registry.oci, patched('1')),
      fluxOci('{tag: 1.0.0}', 'info', registry.oci, patched('2')),
    );
    expect(summary(report)).toEqual({
      impacts: ['Deployment web: dormant'],
      changes: ['web-config {"added":[],"removed":[],"modified":["extra"]}'],
      notChecked: [],
    });
    expect(report.changes[0]).toMatchObject({ file: 'apps/web/app/helmrelease.yaml' });
  });

  test('an image a post-renderer sets rolls the pods: the same config change is rolling', async () => {
    const { report } = await check(
      fluxOci('{tag: 1.0.0}', 'info', registry.oci, patched('1')),
      fluxOci('{tag: 1.0.0}', 'debug', registry.oci, patched('1', 'nginx:1.28')),
    );
    expect(summary(report).impacts).toEqual(['Deployment web: rolling']);
  });
});

maybe('chart dependencies', () => {
  // Built when a test runs: the repository starts in beforeAll.
  const dependency = () => `{name: web, version: "~1.0", repository: "${repository.url}"}`;
  const pinned = (lock: string) =>
    `dependencies:\n  - {name: web, repository: "${repository.url}", version: ${lock}}\n`;
  // Argo CD's own redis-ha chart is a Helm 2 one: without reading requirements.yaml its dependency
  // read as unvendored, not remote.
  test.each([
    {
      title: 'a dependency in a chart repository the base names is fetched at the version Chart.lock pins',
      chart: 'umbrella',
      files: (lock: string): Files => ({
        'umbrella/Chart.yaml': `apiVersion: v2\nname: umbrella\nversion: 1.0.0\ndependencies:\n  - ${dependency()}\n`,
        'umbrella/Chart.lock': pinned(lock),
      }),
    },
    {
      title:
        'a Helm 2 chart names them in requirements.yaml, pinned by requirements.lock: fetched the same way',
      chart: 'legacy',
      files: (lock: string): Files => ({
        'legacy/Chart.yaml': `name: legacy\nversion: 1.0.0\n`,
        'legacy/requirements.yaml': `dependencies:\n  - ${dependency()}\n`,
        'legacy/requirements.lock': pinned(lock),
      }),
    },
  ])('$title', async ({ chart, files }) => {
    const layout = (level: string, lock = '1.0.0'): Files => ({
      ...files(lock),
      [`${chart}/values.yaml`]: `web:\n  config: {level: ${level}}\n`,
    });
    const values = await check(layout('info'), layout('debug'));
    expect(summary(values.report)).toMatchObject({
      impacts: [`Deployment ${chart}: dormant`],
      notChecked: [],
    });
    const locked = await check(layout('info'), layout('info', '1.1.0'));
    expect(summary(locked.report).changes).toEqual([
      `${chart}-config {"added":["marker"],"removed":[],"modified":[]}`,
    ]);
    const offline = await check(layout('info'), layout('debug'), [
      '--offline',
      '--cache-dir',
      scratchDir('crg-empty-cache-'),
    ]);
    expect(offline.report.notChecked.map((n) => n.message)).toEqual([
      expect.stringMatching(
        /^helm cannot render it at both revisions: dependency web: web 1\.0\.0 from .* is not in the cache, and the check runs --offline/,
      ),
    ]);
  });
});

maybe('private sources: a login the trusted side gives', () => {
  let privateRegistry: Registry;
  let privateRepository: ChartRepository;
  let logins: string;
  beforeAll(async () => {
    privateRegistry = await new Registry(true).start();
    privateRepository = await new ChartRepository(true).start();
    const chart = writeChart(sources, 'web', '1.0.0');
    privateRegistry.push(HELM!, chart);
    privateRepository.add(HELM!, chart);
    logins = join(scratchDir('crg-logins-'), 'logins');
    writeFileSync(
      logins,
      [
        '# logins for the test servers',
        `127.0.0.1:${privateRegistry.port}/charts=${LOGIN.username}:${LOGIN.password}`,
        `${privateRepository.url}=${LOGIN.username}:${LOGIN.password}`,
      ].join('\n'),
    );
  }, 60_000);
  afterAll(async () => {
    privateRegistry?.stop();
    await privateRepository?.stop();
  });

  test('an OCI registry and a chart repository that need a login: fetched with --registry-credentials, not without', async () => {
    for (const [files, label] of [
      [(level: string) => fluxOci('{tag: 1.0.0}', level, privateRegistry.oci), 'web (HelmRelease web)'],
      [
        (level: string) => fluxHelmRepository(privateRepository.url, '1.0.0', level),
        'web (HelmRelease web/web)',
      ],
    ] as const) {
      const anonymous = await check(files('info'), files('debug'));
      expect(summary(anonymous.report)).toMatchObject({
        impacts: [],
        notChecked: [`${label}: fetch-failed`],
      });
      const { run, report } = await check(files('info'), files('debug'), ['--registry-credentials', logins]);
      expect(summary(report)).toEqual({
        impacts: ['Deployment web: dormant'],
        changes: ['web-config {"added":[],"removed":[],"modified":["level"]}'],
        notChecked: [],
      });
      expect(run.stdout + run.stderr).not.toContain(LOGIN.password);
    }
  });

  test('a login does not make a source trusted, and a bad logins line is named by its number, never echoed', async () => {
    privateRepository.requests = [];
    const { report } = await check(
      fluxHelmRepository(repository.url, '1.0.0', 'info'),
      fluxHelmRepository(privateRepository.url, '1.0.0', 'debug'),
      ['--registry-credentials', logins],
    );
    expect(summary(report).notChecked).toEqual(['web (HelmRelease web/web): remote']);
    expect(privateRepository.requests).toEqual([]);

    const bad = join(dirname(logins), 'bad');
    writeFileSync(bad, `127.0.0.1=${LOGIN.password}\n`);
    const { repo } = await twoCommits({ 'a.yaml': 'kind: ConfigMap\n' }, { 'a.yaml': 'kind: ConfigMap\n' });
    const run = await cli(['check', '--registry-credentials', bad], { cwd: repo.dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${bad}, line 1: expected PREFIX=USERNAME:PASSWORD`);
    expect(run.stderr).not.toContain(LOGIN.password);
  });
});
