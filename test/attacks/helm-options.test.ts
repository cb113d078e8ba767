import type { Report } from '../../src/model/types.js';
import { HELM } from '../helpers/helm.js';
import type { Files } from '../helpers/scenario.js';
import { attackRepo, Canary, chart, runCli } from './harness.js';

// A release name, a namespace or a values path taken from the repository reaching helm as an
// option: `--post-renderer` runs a program, `--set-file` reads a host file into the render.

const maybe = HELM ? describe : describe.skip;

let canary: Canary;
beforeEach(async () => (canary = await new Canary().start()));
afterEach(() => canary.stop());

const evil = (c: Canary): Files => ({ 'evil.sh': c.script() });

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

const argoApp = (helm: string, namespace = 'web') =>
  [
    'apiVersion: argoproj.io/v1alpha1',
    'kind: Application',
    'metadata: {name: web}',
    'spec:',
    '  destination: {namespace: ' + JSON.stringify(namespace) + '}',
    '  source:',
    '    repoURL: https://github.com/acme/gitops',
    '    path: web',
    `    helm: ${helm}`,
    '',
  ].join('\n');

maybe('release names, namespaces and values from the repository never become helm options', () => {
  test.each([
    [
      'an Argo CD releaseName',
      `{releaseName: "--post-renderer=./evil.sh"}`,
      'web',
      /'--post-renderer=.\/evil.sh' is not a valid Helm release name/,
    ],
    [
      'an Argo CD releaseName with --set-file',
      `{releaseName: "--set-file=leak=CANARY"}`,
      'web',
      /is not a valid Helm release name/,
    ],
    [
      'a release name with upper case and 60 characters',
      `{releaseName: "${'A'.repeat(60)}"}`,
      'web',
      /is not a valid Helm release name/,
    ],
    ['a destination namespace', `{releaseName: web}`, '--kubeconfig=CANARY', /is not a valid namespace name/],
  ])('%s is refused: the release is not checked, and nothing runs', async (_, helm, namespace, reason) => {
    const app = (level: string) => ({
      ...chart('web', level),
      ...evil(canary),
      'apps/web.yaml': argoApp(helm.replace('CANARY', canary.file), namespace.replace('CANARY', canary.file)),
    });
    const { run, report } = await check(app('info'), app('debug'));
    expect(run.code).toBe(1);
    expect(report.notChecked.map((n) => [n.name, n.message])).toEqual([
      ['web (Application web)', expect.stringMatching(reason)],
    ]);
  });

  test("an Application's own name, used as the release name when none is given, is refused the same way", async () => {
    const app = (level: string) => ({
      ...chart('web', level),
      ...evil(canary),
      'apps/web.yaml': argoApp('{}').replace(
        'metadata: {name: web}',
        'metadata: {name: "--post-renderer=./evil.sh"}',
      ),
    });
    const { run, report } = await check(app('info'), app('debug'));
    expect(run.code).toBe(1);
    expect(report.notChecked.map((n) => n.message)).toEqual([
      expect.stringMatching(/is not a valid Helm release name/),
    ]);
  });

  test('a kustomize helmCharts releaseName is refused before kustomize hands it to helm', async () => {
    const root = (level: string): Files => ({
      ...chart('app/charts/web', level),
      ...evil(canary),
      'app/kustomization.yaml': 'helmCharts:\n  - {name: web, releaseName: "--post-renderer=../evil.sh"}\n',
    });
    const { run, report } = await check(root('info'), root('debug'));
    expect(run.code).toBe(1);
    expect(report.notChecked.map((n) => [n.name, n.reason, n.message])).toEqual([
      [
        'app',
        'refused',
        expect.stringMatching(
          /helmCharts.releaseName '--post-renderer=..\/evil.sh' is not a valid releaseName/,
        ),
      ],
    ]);
  });

  test('a Flux HelmRelease releaseName is refused the same way', async () => {
    const release = [
      'apiVersion: helm.toolkit.fluxcd.io/v2',
      'kind: HelmRelease',
      'metadata: {name: web, namespace: web}',
      'spec:',
      `  releaseName: "--set-file=leak=${canary.file}"`,
      '  chart:',
      '    spec: {chart: ./web, sourceRef: {kind: GitRepository, name: flux-system}}',
      '',
    ].join('\n');
    const app = (level: string) => ({ ...chart('web', level), 'apps/web.yaml': release });
    const { run, report } = await check(app('info'), app('debug'));
    expect(run.code).toBe(1);
    expect(report.notChecked.map((n) => n.message)).toEqual([
      expect.stringMatching(/is not a valid Helm release name/),
    ]);
  });

  test('an Argo CD parameter named like an option is one --set token: a value, never an option', async () => {
    const helm = `{parameters: [{name: "--post-renderer", value: "./evil.sh"}, {name: "x", value: "--set-file=y=${canary.file}"}]}`;
    const app = (level: string) => ({
      ...chart('web', level),
      ...evil(canary),
      'apps/web.yaml': argoApp(helm),
    });
    const { report } = await check(app('info'), app('debug'));
    expect(report.rendered).toEqual(['web (Application web)']);
    expect(report.impacts.map((i) => i.status)).toEqual(['dormant']);
  });

  test('values files outside the repository, from another source or over the network are not read: not checked, said', async () => {
    for (const file of [
      canary.file,
      '../../../../../../..' + canary.file,
      '$values/web.yaml',
      `${canary.url}/values.yaml`,
    ]) {
      const app = (level: string) => ({
        ...chart('web', level),
        'apps/web.yaml': argoApp(`{valueFiles: [${JSON.stringify(file)}]}`),
      });
      const { run, report } = await check(app('info'), app('debug'));
      // An absolute path is read relative to the chart, as Argo CD reads it: a file that is not there.
      expect(run.code).toBe(1);
      expect(report.notChecked).toHaveLength(1);
    }
  });

  test("a chart's fail message is never shown, whatever encoding carries the value", async () => {
    const secret = 'correct-horse-battery-staple';
    const failing = (level: string) =>
      chart('web', level, {
        'web/secret.txt': secret,
        'web/templates/secret.yaml': [
          'apiVersion: v1',
          'kind: Secret',
          'metadata: {name: web-secret}',
          `stringData: {password: ${secret}}`,
          '---',
          `{{ if eq .Values.level "debug" }}{{ fail (printf "%s %s" (b64enc (.Files.Get "secret.txt")) (.Files.Get "secret.txt")) }}{{ end }}`,
          '',
        ].join('\n'),
      });
    const { run } = await check(failing('info'), failing('debug'));
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain(secret);
    expect(run.stdout).not.toContain(Buffer.from(secret).toString('base64'));
    expect(run.stdout).toContain("the chart's fail or required stopped the render");
  });
});
