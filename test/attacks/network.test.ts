import type { Report } from '../../src/model/types.js';
import { HELM } from '../helpers/helm.js';
import { hasKustomize } from '../helpers/kustomize.js';
import type { Files } from '../helpers/scenario.js';
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

async function check(base: Files, head: Files) {
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
});
