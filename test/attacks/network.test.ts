import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from '../../src/model/types.js';
import { scratchDir } from '../helpers/temp-repo.js';
import { HELM } from '../helpers/helm.js';
import { hasKustomize } from '../helpers/kustomize.js';
import type { Bytes } from '../helpers/scenario.js';
import { attackRepo, Canary, chart, kustomizeApp, PLAIN_KUSTOMIZATION, runCli } from './harness.js';

// The runner's network is not the pull request's: nothing it names is fetched unless the trusted
// side asked. Each case names a server on loopback that counts requests; it must count none.

const maybe = hasKustomize && HELM ? describe : describe.skip;

const withResource = (entry: string) =>
  PLAIN_KUSTOMIZATION.replace(
    'resources: [deployment.yaml]',
    `resources: [deployment.yaml, ${JSON.stringify(entry)}]`,
  );

let canary: Canary;
beforeEach(async () => (canary = await new Canary().start()));
afterEach(() => canary.stop());

async function check(base: Bytes, head: Bytes) {
  const { repo, base: b, head: h } = await attackRepo(base, head);
  try {
    const run = await runCli(
      ['check', '--base', b, '--head', h, '--format', 'json', '--helm', HELM!, '--timeout', '60'],
      repo.dir,
      canary.env(),
    );
    canary.expectClean([run.stdout, run.stderr]);
    return { run, report: JSON.parse(run.stdout) as Report };
  } finally {
    repo.cleanup();
  }
}

maybe('nothing named by the pull request is fetched', () => {
  test.each([
    ['a URL resource', (u: string) => withResource(`${u}/x.yaml`)],
    ['a git remote base', (u: string) => withResource(`git::${u}/repo.git//base?ref=v1`)],
    ['a github.com remote base', () => withResource('github.com/acme/base//app?ref=v1')],
    [
      'a Helm chart repository',
      (u: string) => `helmCharts:\n  - {name: web, repo: "${u}", version: 1.0.0, releaseName: web}\n`,
    ],
    [
      'a values file URL',
      (u: string) =>
        `resources: [deployment.yaml]\nhelmCharts:\n  - {name: web, releaseName: web, valuesFile: "${u}/values.yaml"}\n`,
    ],
    ['an OpenAPI schema URL', (u: string) => `${PLAIN_KUSTOMIZATION}openapi: {path: "${u}/schema.json"}\n`],
    ['a patch by URL', (u: string) => `${PLAIN_KUSTOMIZATION}patches:\n  - path: "${u}/patch.yaml"\n`],
    ['a CRD by URL', (u: string) => `${PLAIN_KUSTOMIZATION}crds: ["${u}/crd.yaml"]\n`],
    [
      'a transformer configuration by URL',
      (u: string) => `${PLAIN_KUSTOMIZATION}configurations: ["${u}/c.yaml"]\n`,
    ],
    ['replacements by URL', (u: string) => `${PLAIN_KUSTOMIZATION}replacements:\n  - path: "${u}/r.yaml"\n`],
    ['a component by URL', (u: string) => `${PLAIN_KUSTOMIZATION}components: ["${u}/component"]\n`],
    [
      'a generator input by URL',
      (u: string) =>
        PLAIN_KUSTOMIZATION.replace(
          '    envs: [app.env]',
          `    envs: [app.env]\n  - {name: x, files: ["${u}/f.txt"]}`,
        ),
    ],
  ])('%s: the root is not checked, and the server sees no request', async (_, kustomization) => {
    const { run, report } = await check(
      kustomizeApp('app', PLAIN_KUSTOMIZATION, 'info'),
      kustomizeApp('app', kustomization(canary.url), 'debug'),
    );
    expect(run.code).toBe(1);
    expect(report.notChecked.map((n) => n.name)).toEqual(['app']);
    expect(report.notChecked[0].reason).toMatch(/^(remote|refused|unsupported)$/);
    expect(report.notChecked[0].message).toMatch(
      /over the network|outside the repository|neither the base revision/,
    );
  });

  test('a chart dependency on a chart repository the base does not name is not fetched: the chart is not checked', async () => {
    const withDependency = (level: string) =>
      chart('web', level, {
        'web/Chart.yaml': `apiVersion: v2\nname: web\nversion: 1.0.0\ndependencies:\n  - {name: redis, version: 1.0.0, repository: "${canary.url}"}\n`,
      });
    // The base does not name that chart repository: the pull request's dependency is not fetched.
    const { run, report } = await check(chart('web', 'info'), withDependency('debug'));
    expect(run.code).toBe(1);
    expect(report.notChecked.map((n) => n.reason)).toEqual(['remote']);
  });

  // kubernetes-sigs/node-feature-discovery: its values.schema.json `$ref`s a schema on
  // raw.githubusercontent.com, which helm's validation fetches while it renders. The chart's own
  // schema, and a vendored dependency's inside its archive in charts/.
  test("a chart's values schema that $refs a URL: helm is not let fetch it, and the chart is not checked", async () => {
    const schema = (url: string) =>
      JSON.stringify({ type: 'object', properties: { level: { $ref: `${url}/schema.json#/level` } } });
    const own = await check(
      chart('web', 'info'),
      chart('web', 'debug', { 'web/values.schema.json': schema(canary.url) }),
    );
    expect(own.run.code).toBe(1);
    expect(own.report.notChecked.map((n) => [n.name, n.reason, n.message])).toEqual([
      [
        'web',
        'remote',
        `helm cannot render it at head: web/values.schema.json refers to ${canary.url}/schema.json#/level, which helm would fetch while it checks the values; the base configuration's remote.allow does not name it.`,
      ],
    ]);

    // A URL the base configuration allows is helm's to fetch; one it cannot reach is said as such.
    const allowed = await check(
      {
        ...chart('web', 'info'),
        '.config-rollout-guard.yaml': 'remote:\n  allow: ["http://127.0.0.1:1/"]\n',
      },
      chart('web', 'debug', { 'web/values.schema.json': schema('http://127.0.0.1:1') }),
    );
    expect(allowed.report.notChecked.map((n) => [n.reason, n.message])).toEqual([
      [
        'fetch-failed',
        expect.stringMatching(
          /^helm cannot render it at head: its values.schema.json could not be loaded: .*127\.0\.0\.1:1.*connection refused/,
        ),
      ],
    ]);

    // A custom metaschema, which newer helm loads the same way.
    const meta = await check(
      chart('web', 'info'),
      chart('web', 'debug', {
        'web/values.schema.json': JSON.stringify({ $schema: `${canary.url}/meta`, type: 'object' }),
      }),
    );
    expect(meta.report.notChecked.map((n) => n.message)).toEqual([
      expect.stringContaining(`web/values.schema.json refers to ${canary.url}/meta, which helm would fetch`),
    ]);

    const sub = scratchDir('crg-subchart-');
    writeFileSync(join(sub, 'Chart.yaml'), 'apiVersion: v2\nname: sub\nversion: 1.0.0\n');
    writeFileSync(join(sub, 'values.schema.json'), schema(canary.url));
    execFileSync(HELM!, ['package', sub, '--destination', sub], { env: { HOME: sub, PATH: '' } });
    const withSub = (level: string): Bytes => ({
      ...chart('web', level, {
        'web/Chart.yaml':
          'apiVersion: v2\nname: web\nversion: 1.0.0\ndependencies:\n  - {name: sub, version: 1.0.0}\n',
      }),
      'web/charts/sub-1.0.0.tgz': readFileSync(join(sub, 'sub-1.0.0.tgz')),
    });
    const vendored = await check(withSub('info'), withSub('debug'));
    expect(vendored.report.notChecked.map((n) => [n.reason, n.message])).toEqual([
      [
        'remote',
        `helm cannot render it at both revisions: web/charts/sub-1.0.0.tgz:sub/values.schema.json refers to ${canary.url}/schema.json#/level, which helm would fetch while it checks the values; the base configuration's remote.allow does not name it.`,
      ],
    ]);
  });

  test('a chart kustomize inflates from its chart home, whose values schema $refs a URL: not built, nothing fetched', async () => {
    const inflated = (level: string) =>
      kustomizeApp('app', `${PLAIN_KUSTOMIZATION}helmCharts:\n  - {name: web, releaseName: web}\n`, level, {
        'app/charts/web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 1.0.0\n',
        'app/charts/web/values.schema.json': JSON.stringify({
          properties: { a: { $ref: `${canary.url}/s.json` } },
        }),
        'app/charts/web/templates/configmap.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web}\ndata: {a: b}\n',
      });
    const { run, report } = await check(inflated('info'), inflated('debug'));
    expect(run.code).toBe(1);
    expect(report.notChecked.map((n) => [n.name, n.reason, n.message])).toEqual([
      [
        'app',
        'remote',
        `kustomize cannot build it at both revisions: app/charts/web/values.schema.json refers to ${canary.url}/s.json, which helm would fetch while it checks the values; the base configuration's remote.allow does not name it.`,
      ],
    ]);
  });
});
