import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NotCheckedReason, Report, UnrunProgram } from '../src/model/types.js';
import { notCheckedNext } from '../src/model/not-checked.js';
import { isHelmfile, namedBy } from '../src/stages/2-sources/helmfile.js';
import { mayWriteApplications } from '../src/stages/2-sources/tools.js';
import { cli } from './helpers/cli.js';
import { HELM } from './helpers/helm.js';
import { hasKustomize } from './helpers/kustomize.js';
import { configMap, container, deployment, yaml } from './helpers/manifests.js';
import { twoCommits, type Files } from './helpers/scenario.js';

// Nothing passes unchecked: one row per reason the tool can fail to judge a change. Each row is a
// real repository; the run must fail at the default settings, name the file or root and the
// reason, never report the config added or deleted, and warn only when the base configuration
// says so (warn-not-checked).

const reads = (name: string) => ({
  containers: [container('app', { envFrom: [{ configMapRef: { name } }] })],
});
const app = yaml(deployment('app', reads('app-config')));
const plain = (level: string): Files => ({
  'app.yaml': app,
  'config.yaml': yaml(configMap('app-config', { level })),
});
const kustomized = (
  level: string,
  kustomization = 'resources: [deployment.yaml]\nconfigMapGenerator:\n  - {name: app-config, envs: [app.env]}\ngeneratorOptions: {disableNameSuffixHash: true}\n',
): Files => ({
  'app/kustomization.yaml': kustomization,
  'app/deployment.yaml': app,
  'app/app.env': `LEVEL=${level}\n`,
});

/**
 * What a partial clone that could not fetch a file's content holds (the snapshots of
 * argo-workflows lack its largest manifests): the commit names the file, git has no object for it.
 */
function dropObject(dir: string, rev: string, path: string) {
  const id = execFileSync('git', ['rev-parse', `${rev}:${path}`], { cwd: dir })
    .toString()
    .trim();
  rmSync(join(dir, '.git', 'objects', id.slice(0, 2), id.slice(2)));
}

const LFS_OID = (text: string) => createHash('sha256').update(text).digest('hex');
const lfsPointer = (text: string) =>
  `version https://git-lfs.github.com/spec/v1\noid sha256:${LFS_OID(text)}\nsize ${Buffer.byteLength(text)}\n`;

interface Row {
  reason: NotCheckedReason;
  name: string;
  base: Files;
  head: Files;
  needs?: 'kustomize' | 'helm';
  args?: string[];
  /** What happens to the repository after its two commits. */
  after?: (dir: string, head: string) => void;
}

const rows: Row[] = [
  {
    reason: 'unreadable',
    name: 'config.yaml',
    base: plain('info'),
    head: { 'config.yaml': yaml(configMap('app-config', { level: 'debug' })) + 'broken: [\n' },
  },
  {
    reason: 'too-large',
    name: 'config.yaml',
    base: { ...plain('info'), '.config-rollout-guard.yaml': 'max-file-mib: 1\n' },
    head: {
      'config.yaml': yaml(configMap('app-config', { level: 'debug', padding: 'x'.repeat(1_100_000) })),
    },
  },
  {
    reason: 'lfs',
    name: 'config.yaml',
    base: plain('info'),
    head: { 'config.yaml': lfsPointer(yaml(configMap('app-config', { level: 'debug' }))) },
  },
  {
    reason: 'not-in-clone',
    name: 'config.yaml',
    base: plain('info'),
    head: plain('debug'),
    after: (dir, head) => dropObject(dir, head, 'config.yaml'),
  },
  {
    reason: 'include',
    name: 'manifests/**/*.yaml',
    base: plain('info'),
    head: plain('debug'),
    args: ['--include', 'manifests/**/*.yaml'],
  },
  {
    reason: 'cycle',
    name: 'app',
    needs: 'kustomize',
    base: kustomized('info'),
    head: {
      ...kustomized(
        'debug',
        'resources: [deployment.yaml, ../loop]\nconfigMapGenerator:\n  - {name: app-config, envs: [app.env]}\ngeneratorOptions: {disableNameSuffixHash: true}\n',
      ),
      'loop/kustomization.yaml': 'resources: [../app]\n',
    },
  },
  {
    reason: 'render-failed',
    name: 'app',
    needs: 'kustomize',
    base: kustomized('info'),
    head: kustomized(
      'debug',
      'resources: [deployment.yaml, missing.yaml]\nconfigMapGenerator:\n  - {name: app-config, envs: [app.env]}\ngeneratorOptions: {disableNameSuffixHash: true}\n',
    ),
  },
  {
    reason: 'refused',
    name: 'app',
    needs: 'kustomize',
    base: kustomized('info'),
    head: kustomized(
      'debug',
      'resources: [deployment.yaml]\nconfigMapGenerator:\n  - {name: app-config, envs: [/etc/hostname]}\n',
    ),
  },
  {
    reason: 'remote',
    name: 'app',
    needs: 'kustomize',
    base: kustomized('info'),
    head: kustomized(
      'debug',
      'resources: [deployment.yaml, "https://example.com/org/repo.git//app?ref=v1"]\nconfigMapGenerator:\n  - {name: app-config, envs: [app.env]}\ngeneratorOptions: {disableNameSuffixHash: true}\n',
    ),
  },
  {
    reason: 'unsupported',
    name: 'app',
    needs: 'kustomize',
    base: kustomized('info'),
    head: kustomized(
      'debug',
      'resources: [deployment.yaml]\nopenapi: {path: "https://example.com/schema.json"}\nconfigMapGenerator:\n  - {name: app-config, envs: [app.env]}\ngeneratorOptions: {disableNameSuffixHash: true}\n',
    ),
  },
  {
    // angelnu/k8s-gitops: a HelmRelease's whole values document in a SOPS-encrypted Secret.
    reason: 'encrypted',
    name: 'web (HelmRelease web)',
    needs: 'helm',
    base: {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 1.0.0\n',
      'web/values.yaml': 'level: info\n',
      'web/templates/config.yaml': yaml(configMap('app-config', { level: '{{ .Values.level }}' })),
      'web/templates/app.yaml': app,
      'release.yaml':
        'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: web}\nspec:\n  chart: {spec: {chart: ./web, sourceRef: {kind: GitRepository, name: repo}}}\n  valuesFrom: [{kind: Secret, name: web-values}]\n',
      'values.sops.yaml':
        'apiVersion: v1\nkind: Secret\nmetadata: {name: web-values}\nstringData:\n  values.yaml: ENC[AES256_GCM,data:bGV2ZWw=,iv:aXY=,tag:dGFn,type:str]\nsops: {lastmodified: "2026-11-01T00:00:00Z"}\n',
    },
    head: { 'web/values.yaml': 'level: debug\n' },
    args: ['--helm', HELM ?? 'helm'],
  },
  {
    reason: 'unrendered',
    name: 'deploy/values-eqiad.yaml',
    base: {
      'deploy/helmfile.yaml':
        'releases:\n  - name: web\n    chart: stable/web\n    values: ["values-{{ .Environment.Name }}.yaml"]\n',
      'deploy/values-eqiad.yaml': 'level: info\n',
    },
    head: { 'deploy/values-eqiad.yaml': 'level: debug\n' },
  },
  {
    reason: 'tool',
    name: 'app',
    needs: 'kustomize',
    base: kustomized('info'),
    head: kustomized('debug'),
    args: ['--kustomize', '/nonexistent/kustomize'],
  },
];

const run = (dir: string, base: string, head: string, extra: string[]) =>
  cli(['check', '--base', base, '--head', head, '--format', 'json', ...extra], { cwd: dir });

/** A check's exit code, and what it said was not checked: name, reason, side and message. */
async function notCheckedBy(dir: string, base: string, head: string) {
  const result = await run(dir, base, head, []);
  const report = JSON.parse(result.stdout) as Report;
  return {
    code: result.code,
    report,
    said: report.notChecked.map((n) => [n.name, n.reason, n.side, n.message]),
  };
}

describe.each(rows)('not checked: $reason', (row) => {
  const skip = (row.needs === 'kustomize' && !hasKustomize) || (row.needs === 'helm' && !HELM);
  (skip ? test.skip : test)(
    'fails at the default settings, names it and the reason, reports nothing added or deleted, and warns when the base configuration allows it',
    async () => {
      const { repo, base, head } = await twoCommits(row.base, row.head);
      row.after?.(repo.dir, head);
      const strict = await run(repo.dir, base, head, row.args ?? []);
      const report = JSON.parse(strict.stdout) as Report;
      expect(strict.code).toBe(1);
      expect(report.notChecked.map((n) => ({ name: n.name, reason: n.reason, fails: n.fails }))).toEqual([
        { name: row.name, reason: row.reason, fails: true },
      ]);
      expect(report.changes.filter((c) => c.change !== 'modified')).toEqual([]);
      const text = await cli(['check', '--base', base, '--head', head, ...(row.args ?? [])], {
        cwd: repo.dir,
      });
      expect(text.stdout.split('\n')[1]).toMatch(/not checked|matches no file/);

      // The team accepts this reason: the entry stays, with its reason, and no longer fails.
      const config = `${'max-file-mib: 1\n'.repeat(row.reason === 'too-large' ? 1 : 0)}warn-not-checked:\n  - reason: ${row.reason}\n`;
      const relaxed = await twoCommits({ ...row.base, '.config-rollout-guard.yaml': config }, row.head);
      row.after?.(relaxed.repo.dir, relaxed.head);
      const lenient = await run(relaxed.repo.dir, relaxed.base, relaxed.head, row.args ?? []);
      const downgraded = JSON.parse(lenient.stdout) as Report;
      expect(downgraded.notChecked.map((n) => [n.reason, n.fails])).toEqual([[row.reason, false]]);
      // Whatever else the change holds still counts: only the not-checked entry stopped failing.
      expect(lenient.code).toBe(downgraded.impacts.some((i) => i.status === 'dormant') ? 1 : 0);
    },
  );
});

test.each([
  [
    ['helmfile'],
    "To check it: declare the helmfile's releases in the base configuration's `charts:` (the chart's path in the repository, the release's name, namespace and values files), which this check renders with helm.",
  ],
  [
    ['jsonnet', 'plugin'],
    'To check it: commit what jsonnet or the plugin generates and deploy that, which this check reads as written.',
  ],
  // A shard's report from a version that named no program: every step.
  [
    [undefined],
    /^To check it: declare the helmfile's releases .*; commit what jsonnet or the plugin generates/,
  ],
])('the next step for files %j does not run says what to do for those programs alone', (programs, step) => {
  const entries = programs.map((program, i) => ({
    kind: 'file' as const,
    name: `f${i}`,
    file: `f${i}`,
    line: 1,
    reason: 'unrendered' as const,
    side: 'both' as const,
    message: 'm',
    fails: true,
    ...(program ? { program: program as UnrunProgram } : {}),
  }));
  const next = notCheckedNext(entries)!;
  expect(next.slice(0, next.indexOf(' To accept'))).toMatch(step);
});

test('the files a helmfile names: its paths from its directory, a template action for part of one name', () => {
  // The shape of wikimedia's helmfile.d/services/<service>/helmfile.yaml.
  const helmfile = {
    path: 'helmfile.d/services/mw/helmfile.yaml',
    text: `bases:
  - ../global.yaml
templates:
  default:
    values:
      - /etc/helmfile-defaults/general-{{ .Environment.Name }}.yaml
      - "values.yaml" # in this repository
      - 'values-{{\`{{ .Release.Name }}\`}}.yaml'
      - {{ .Environment.Name }}/overrides.yaml
`,
  };
  const named = [
    'helmfile.d/services/global.yaml',
    'helmfile.d/services/mw/values.yaml',
    'helmfile.d/services/mw/values-main.yaml',
    'helmfile.d/services/mw/values-.yaml',
    'helmfile.d/services/mw/eqiad/overrides.yaml',
    'helmfile.d/services/mw/values-a/b.yaml',
    'helmfile.d/services/mw/eqiad/codfw/overrides.yaml',
    'helmfile.d/services/mw/notes.yaml',
    'etc/helmfile-defaults/general-eqiad.yaml',
    'helmfile.d/services/mw/etc/helmfile-defaults/general-eqiad.yaml',
  ].filter((file) => namedBy(helmfile, file));
  expect(named).toEqual([
    'helmfile.d/services/global.yaml',
    'helmfile.d/services/mw/values.yaml',
    'helmfile.d/services/mw/values-main.yaml',
    'helmfile.d/services/mw/values-.yaml',
    'helmfile.d/services/mw/eqiad/overrides.yaml',
  ]);
  const files = [
    'helmfile.d/00-db.yaml',
    'deploy/helmfile.d/web.yaml.gotmpl',
    'deploy/helmfile.yaml',
    'helmfile.d/services/global.yaml',
    'deploy/helmfile.yaml.bak',
  ];
  expect(files.filter(isHelmfile)).toEqual(files.slice(0, 3));
});

describe('jsonnet, which this check does not run', () => {
  const application = (path: string, directory = '', name = 'web') =>
    `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: ${name}, namespace: argocd}\nspec:\n  source:\n    repoURL: https://git.example.com/deploy.git\n    path: ${path}\n${directory}  destination: {namespace: ${name}}\n`;
  // A path its git directory generators fill in, nested in a matrix as clusters are.
  const applicationSet = (directories: string) =>
    `apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: {name: apps, namespace: argocd}\nspec:\n  generators:\n    - matrix:\n        generators:\n          - git:\n              repoURL: https://git.example.com/deploy.git\n              revision: HEAD\n              directories: ${directories}\n          - list: {elements: [{cluster: prod}]}\n  template:\n    metadata: {name: '{{path.basename}}'}\n    spec:\n      source: {repoURL: https://git.example.com/deploy.git, targetRevision: HEAD, path: '{{path}}'}\n      destination: {namespace: '{{path.basename}}'}\n`;
  const jsonnet = (mode: string): Files => ({
    'apps/web/main.jsonnet': `local k = import '../../lib/k.libsonnet';\n{ config: k.configMap('web', { MODE: '${mode}' }) }\n`,
    'lib/k.libsonnet': `{ configMap(name, data):: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: name }, data: data } } // ${mode}\n`,
  });

  test('a changed jsonnet file that Argo CD evaluates, or a library it may import, is not checked and fails', async () => {
    const deployed = {
      'argocd/web.yaml': application('apps/web'),
      // Another Application's jsonnet: a file in web's directory is web's alone; a library, either's.
      'argocd/api.yaml': application('apps/api', '', 'api'),
      'apps/api/main.jsonnet': "(import '../../lib/k.libsonnet').configMap('api', {})\n",
      ...jsonnet('a'),
    };
    const { repo, base, head } = await twoCommits(deployed, jsonnet('b'));
    const result = await run(repo.dir, base, head, []);
    const report = JSON.parse(result.stdout) as Report;
    expect(result.code).toBe(1);
    expect(report.notChecked.map((n) => [n.name, n.reason, n.side, n.fails, n.message])).toEqual([
      [
        'apps/web/main.jsonnet',
        'unrendered',
        'both',
        true,
        'apps/web/main.jsonnet is jsonnet, evaluated by Argo CD Application argocd/web (argocd/web.yaml:1); this check does not run jsonnet, so what it changes there is not checked.',
      ],
      [
        'lib/k.libsonnet',
        'unrendered',
        'both',
        true,
        'lib/k.libsonnet is jsonnet, evaluated by Argo CD Application argocd/api (argocd/api.yaml:1) and 1 more; this check does not run jsonnet, so what it changes there is not checked.',
      ],
    ]);
    const text = await cli(['check', '--base', base, '--head', head], { cwd: repo.dir });
    expect(report.notChecked.map((n) => n.program)).toEqual(['jsonnet', 'jsonnet']);
    expect(text.stdout).toMatch(
      /^Next: To check it: commit what jsonnet generates and deploy that, which this check reads as written\. To accept/m,
    );
  });

  (hasKustomize ? test : test.skip)(
    'what deploys jsonnet counts whichever root reads it: an app of apps, Applications a kustomization lists',
    async () => {
      // argoproj/argocd-example-apps: a chart renders an Application per directory, jsonnet's too.
      const appOfApps = {
        'apps/Chart.yaml': 'apiVersion: v2\nname: apps\nversion: 1.0.0\n',
        'apps/values.yaml': 'applications: [{name: web, path: apps/web}]\n',
        'apps/templates/applications.yaml':
          '{{- range .Values.applications }}\napiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: {{ .name }}}\nspec:\n  source: {repoURL: https://git.example.com/deploy.git, path: {{ .path }}}\n  destination: {namespace: {{ .name }}}\n---\n{{- end }}\n',
      };
      const listed = (label: string) => ({
        'argocd/kustomization.yaml': `resources: [web.yaml]\ncommonLabels: {team: ${label}}\n`,
        'argocd/web.yaml': application('apps/web'),
      });
      // The same change touches the kustomization that lists the Application: a root reads its file.
      const { repo, base, head } = await twoCommits(
        { ...listed('a'), ...appOfApps, ...jsonnet('a') },
        { ...listed('b'), ...jsonnet('b') },
      );
      const report = JSON.parse(
        (await run(repo.dir, base, head, ['--helm', HELM ?? 'helm'])).stdout,
      ) as Report;
      expect(report.notChecked.map((n) => n.message)).toEqual([
        'apps/web/main.jsonnet is jsonnet, evaluated by Argo CD Application argocd/web (argocd/web.yaml:1) and 1 more; this check does not run jsonnet, so what it changes there is not checked.',
        'lib/k.libsonnet is jsonnet, evaluated by Argo CD Application argocd/web (argocd/web.yaml:1) and 1 more; this check does not run jsonnet, so what it changes there is not checked.',
      ]);
      const alone = await twoCommits({ ...appOfApps, ...jsonnet('a') }, jsonnet('b'));
      const byChart = JSON.parse((await run(alone.repo.dir, alone.base, alone.head, [])).stdout) as Report;
      expect(byChart.notChecked.map((n) => n.message)).toContain(
        'lib/k.libsonnet is jsonnet, evaluated by the Argo CD Applications apps/templates/applications.yaml renders; this check does not run jsonnet, so what it changes there is not checked.',
      );
    },
  );

  test('a declaring file whose content the clone lacks may deploy jsonnet: a change to it is not checked', async () => {
    const { repo, base, head } = await twoCommits(
      { 'argocd/web.yaml': application('apps/web'), ...jsonnet('a') },
      jsonnet('b'),
    );
    dropObject(repo.dir, head, 'argocd/web.yaml');
    const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
    expect(report.notChecked.map((n) => [n.name, n.reason, n.fails])).toEqual([
      ['apps/web/main.jsonnet', 'unrendered', true],
      ['lib/k.libsonnet', 'unrendered', true],
    ]);
    expect(report.notChecked[0].message).toContain(
      'evaluated by what argocd/web.yaml declares (its content is not in this clone)',
    );
  });

  test("a Tanka environment evaluates the repository's jsonnet: a change to it is not checked", async () => {
    const tanka = {
      'environments/prod/spec.json': JSON.stringify({
        apiVersion: 'tanka.dev/v1alpha1',
        kind: 'Environment',
        spec: { namespace: 'web' },
      }),
      'environments/prod/main.jsonnet': "(import '../../apps/web/main.jsonnet')\n",
      // Not Tanka's: a spec.json of another tool declares nothing.
      'tools/spec.json': '{"apiVersion": "v1", "kind": "List"}',
    };
    const { repo, base, head } = await twoCommits({ ...tanka, ...jsonnet('a') }, jsonnet('b'));
    const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
    expect(report.notChecked.map((n) => n.message)).toEqual([
      'apps/web/main.jsonnet is jsonnet, evaluated by the Tanka environment environments/prod (environments/prod/spec.json); this check does not run jsonnet, so what it changes there is not checked.',
      'lib/k.libsonnet is jsonnet, evaluated by the Tanka environment environments/prod (environments/prod/spec.json); this check does not run jsonnet, so what it changes there is not checked.',
    ]);
  });

  test.each([
    ['nothing deploys jsonnet (what it generates is committed and checked as written)', {}],
    [
      'the Application builds a kustomization in that directory',
      {
        'argocd/web.yaml': application('apps/web'),
        'apps/web/kustomization.yaml': 'resources: [config.yaml]\n',
        'apps/web/config.yaml': yaml(configMap('web', { MODE: 'a' })),
      },
    ],
    ['the Application deploys a directory that holds no jsonnet', { 'argocd/web.yaml': application('apps') }],
    [
      "the ApplicationSet's git generators leave its directory out",
      { 'argocd/apps.yaml': applicationSet('[{path: "*/*"}, {path: "apps/w?b", exclude: true}]') },
    ],
    [
      "the ApplicationSet's git generators name other directories",
      { 'argocd/apps.yaml': applicationSet('[{path: "apps/api*"}, {path: "*"}, {path: "apps/*/*"}]') },
    ],
  ])("a changed jsonnet file is no deployment's input when %s", async (_, around) => {
    const { repo, base, head } = await twoCommits({ ...around, ...jsonnet('a') }, jsonnet('b'));
    const result = await run(repo.dir, base, head, []);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.notChecked).toEqual([]);
    expect(result.code).toBe(0);
  });

  test.each([
    '[{path: "*/w*b"}, {path: apps/legacy, exclude: true}]',
    // Argo CD's classes, read more widely where they include and not at all where they exclude.
    '[{path: "apps/[uvw]eb"}]',
    '[{path: "apps/*"}, {path: "apps/[w]eb", exclude: true}]',
  ])(
    'an ApplicationSet evaluates the jsonnet of the directories its git generators name: %s',
    async (directories) => {
      const appSet = applicationSet(directories);
      const { repo, base, head } = await twoCommits(
        { 'argocd/apps.yaml': appSet, ...jsonnet('a') },
        jsonnet('b'),
      );
      const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
      expect(report.notChecked.map((n) => n.message)).toEqual([
        'apps/web/main.jsonnet is jsonnet, evaluated by Argo CD ApplicationSet argocd/apps (argocd/apps.yaml:1); this check does not run jsonnet, so what it changes there is not checked.',
        'lib/k.libsonnet is jsonnet, evaluated by Argo CD ApplicationSet argocd/apps (argocd/apps.yaml:1); this check does not run jsonnet, so what it changes there is not checked.',
      ]);
    },
  );

  test('a file jsonnet imports is not checked where jsonnet is deployed; one no import names, or a manifest, is judged as written', async () => {
    const importing = (mode: string): Files => ({
      // From the importer's directory, from a library directory, and in a comment's words only.
      'apps/web/main.jsonnet': `local conf = importstr '../common/nginx.conf';\nlocal dash = import "dashboards/web.json";\n// see other/nginx.conf\nstd.parseYaml(importstr 'config.yaml') + { config: { data: { conf: conf, mode: '${mode}' } } }\n`,
      'apps/common/nginx.conf': `worker_processes 1; # ${mode}\n`,
      'vendor/dashboards/web.json': `{"title": "web", "mode": "${mode}"}\n`,
      'other/nginx.conf': `worker_processes 2; # ${mode}\n`,
      'apps/web/config.yaml': yaml(configMap('web', { MODE: mode })),
    });
    // The importer itself is the same at both revisions.
    const changed = (mode: string): Files =>
      Object.fromEntries(Object.entries(importing(mode)).filter(([path]) => !path.endsWith('.jsonnet')));
    const deployed = { 'argocd/web.yaml': application('apps/web'), ...importing('a') };
    const { repo, base, head } = await twoCommits(deployed, changed('b'));
    const { code, report, said } = await notCheckedBy(repo.dir, base, head);
    expect(code).toBe(1);
    expect(said).toEqual([
      [
        'apps/common/nginx.conf',
        'unrendered',
        'both',
        'apps/common/nginx.conf is imported by apps/web/main.jsonnet, jsonnet evaluated by Argo CD Application argocd/web (argocd/web.yaml:1); this check does not run jsonnet, so what it changes there is not checked.',
      ],
      [
        'vendor/dashboards/web.json',
        'unrendered',
        'both',
        'vendor/dashboards/web.json is imported by apps/web/main.jsonnet, jsonnet evaluated by Argo CD Application argocd/web (argocd/web.yaml:1); this check does not run jsonnet, so what it changes there is not checked.',
      ],
    ]);
    // The manifest it imports too is judged as one.
    expect(report.changes.map((c) => c.name)).toEqual(['web']);
    // Where nothing deploys jsonnet, what it imports is no deployment's input either.
    const alone = await twoCommits(importing('a'), changed('b'));
    const undeployed = JSON.parse((await run(alone.repo.dir, alone.base, alone.head, [])).stdout) as Report;
    expect(undeployed.notChecked).toEqual([]);
  });

  test('jsonnet that names a changed config may make a workload that reads it: that is not checked', async () => {
    const files = (level: string): Files => ({
      'apps/web/settings.yaml': yaml(configMap('web-settings', { LEVEL: level })),
      'apps/web/main.jsonnet':
        "{ deployment: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { template: { spec: { containers: [{ name: 'web', image: 'web', envFrom: [{ configMapRef: { name: 'web-settings' } }] }] } } } } }\n",
      // Jsonnet that names another config only.
      'apps/api/main.jsonnet': "{ name: 'web-settings-old' }\n",
    });
    const deployed = { 'argocd/web.yaml': application('apps/web'), ...files('info') };
    const { repo, base, head } = await twoCommits(deployed, {
      'apps/web/settings.yaml': files('debug')['apps/web/settings.yaml'],
    });
    const { code, report, said } = await notCheckedBy(repo.dir, base, head);
    expect(code).toBe(1);
    expect(report.changes.map((c) => c.name)).toEqual(['web-settings']);
    expect(said).toEqual([
      [
        'apps/web/main.jsonnet',
        'unrendered',
        'head',
        'apps/web/main.jsonnet names ConfigMap web-settings, which this change changes, and is jsonnet, evaluated by Argo CD Application argocd/web (argocd/web.yaml:1); this check does not run jsonnet, so a workload it makes that reads it is not checked.',
      ],
    ]);
    // Where nothing deploys jsonnet, its workloads are no deployment's.
    const alone = await twoCommits(files('info'), {
      'apps/web/settings.yaml': files('debug')['apps/web/settings.yaml'],
    });
    const undeployed = JSON.parse((await run(alone.repo.dir, alone.base, alone.head, [])).stdout) as Report;
    expect(undeployed.notChecked).toEqual([]);
  });

  (hasKustomize ? test : test.skip)(
    'what a Config Management Plugin renders from a directory is not checked; a kustomization it wraps is built',
    async () => {
      const plugin = (path: string, name: string) => application(path, `    plugin: {name: ${name}}\n`, name);
      const around = {
        'argocd/tanka.yaml': plugin('apps/web', 'tanka'),
        'argocd/cdk8s.yaml': plugin('cdk8s', 'cdk8s'),
        // A plugin that fills in secrets wraps a kustomization: kustomize builds it here.
        'argocd/vault.yaml': plugin('vault', 'vault'),
        'vault/kustomization.yaml': 'configMapGenerator: [{name: vault, envs: [app.env]}]\n',
        // A directory source applies its manifests as written: what else is there is no input.
        'argocd/docs.yaml': application('docs', '', 'docs'),
      };
      const files = (mode: string): Files => ({
        ...jsonnet(mode),
        'cdk8s/main.ts': `export const mode = '${mode}';\n`,
        'cdk8s/cdk8s.yaml': `app: node main.js # ${mode}\n`,
        'cdk8s/README.md': `# ${mode}\n`,
        'vault/app.env': `MODE=${mode}\n`,
        'docs/guide.md': `# ${mode}\n`,
      });
      const { repo, base, head } = await twoCommits({ ...around, ...files('a') }, files('b'));
      const { code, report, said } = await notCheckedBy(repo.dir, base, head);
      expect(code).toBe(1);
      expect(said).toEqual([
        [
          'apps/web/main.jsonnet',
          'unrendered',
          'both',
          'apps/web/main.jsonnet is in apps/web, which Argo CD Application argocd/tanka (argocd/tanka.yaml:1) with the Config Management Plugin tanka renders; this check does not run plugins, so what it changes there is not checked.',
        ],
        [
          'cdk8s/cdk8s.yaml',
          'unrendered',
          'both',
          'cdk8s/cdk8s.yaml is in cdk8s, which Argo CD Application argocd/cdk8s (argocd/cdk8s.yaml:1) with the Config Management Plugin cdk8s renders; this check does not run plugins, so what it changes there is not checked.',
        ],
        [
          'cdk8s/main.ts',
          'unrendered',
          'both',
          'cdk8s/main.ts is in cdk8s, which Argo CD Application argocd/cdk8s (argocd/cdk8s.yaml:1) with the Config Management Plugin cdk8s renders; this check does not run plugins, so what it changes there is not checked.',
        ],
      ]);
      expect(report.notChecked.map((n) => n.program)).toEqual(['plugin', 'plugin', 'plugin']);
      // The wrapped kustomization is built: its generated ConfigMap is a change like any other.
      expect(report.rendered).toContain('vault (Application vault)');
      expect(report.changes.map((c) => c.name)).toEqual([expect.stringMatching(/^vault/)]);
    },
  );

  test('a file both jsonnet and a plugin may render is said once, for jsonnet', async () => {
    const both = {
      'argocd/web.yaml': application('apps/web'),
      'argocd/tanka.yaml': application('apps/web', '    plugin: {name: tanka}\n', 'tanka'),
    };
    const { repo, base, head } = await twoCommits({ ...both, ...jsonnet('a') }, jsonnet('b'));
    const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
    expect(report.notChecked.map((n) => [n.name, n.message.split(',')[0]])).toEqual([
      ['apps/web/main.jsonnet', 'apps/web/main.jsonnet is jsonnet'],
      ['lib/k.libsonnet', 'lib/k.libsonnet is jsonnet'],
    ]);
  });

  test.each([
    ['an Application', 'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: a}\n', true],
    ['one in JSON', '{"apiVersion": "argoproj.io/v1alpha1", "kind": "ApplicationSet"}', true],
    [
      'a List of them',
      'apiVersion: v1\nkind: List\nitems:\n  - apiVersion: argoproj.io/v1alpha1\n    kind: Application\n',
      true,
    ],
    [
      'a release bundle, whose CRDs spell the kind',
      'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  names:\n    kind: Application\n---\napiVersion: apps/v1\nkind: Deployment\n',
      false,
    ],
    ['a lock file', "lockfileVersion: '9.0'\npackages:\n  babel-plugin-x: {}\n", false],
  ])('whether %s may write Argo CD Applications', (_, text, may) => {
    expect(mayWriteApplications(text)).toBe(may);
  });

  test('Applications written in jsonnet may deploy any directory; jsonnet that only names argoproj.io deploys none', async () => {
    // sykloid/asgard: each Application, a Tanka plugin's, is written in jsonnet.
    const writing = {
      'envs/apps.jsonnet':
        "{ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'web' }, spec: { source: { path: 'k8s/', plugin: { name: 'tanka' } } } }\n",
    };
    const { repo, base, head } = await twoCommits({ ...writing, ...jsonnet('a') }, jsonnet('b'));
    const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
    expect(report.notChecked.map((n) => n.message)).toEqual([
      'apps/web/main.jsonnet is jsonnet, evaluated by the Argo CD Applications envs/apps.jsonnet writes in jsonnet; this check does not run jsonnet, so what it changes there is not checked.',
      'lib/k.libsonnet is jsonnet, evaluated by the Argo CD Applications envs/apps.jsonnet writes in jsonnet; this check does not run jsonnet, so what it changes there is not checked.',
    ]);
    const naming = { 'lib/crds.libsonnet': "{ group: 'argoproj.io', kind: 'Rollout' }\n" };
    const other = await twoCommits({ ...naming, ...jsonnet('a') }, jsonnet('b'));
    const none = JSON.parse((await run(other.repo.dir, other.base, other.head, [])).stdout) as Report;
    expect(none.notChecked).toEqual([]);
  });

  test("what jsonnet vendors (jsonnet-bundler's lock, Tanka's Chartfile) is not checked where jsonnet is deployed", async () => {
    const tanka = {
      'environments/prod/spec.json': JSON.stringify({
        apiVersion: 'tanka.dev/v1alpha1',
        kind: 'Environment',
      }),
    };
    // sykloid/asgard bumps a chart by its Chartfile alone.
    const vendored = (version: string): Files => ({
      'environments/prod/chartfile.yaml': `version: 1\nrequires:\n  - chart: external-secrets/external-secrets\n    version: ${version}\n`,
      'jsonnetfile.lock.json': JSON.stringify({ version: 1, dependencies: [{ version }] }),
    });
    const { repo, base, head } = await twoCommits({ ...tanka, ...vendored('2.1.0') }, vendored('2.2.0'));
    const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
    expect(report.notChecked.map((n) => [n.name, n.reason, n.message])).toEqual([
      [
        'environments/prod/chartfile.yaml',
        'unrendered',
        'environments/prod/chartfile.yaml says which libraries or charts jsonnet vendors, evaluated by the Tanka environment environments/prod (environments/prod/spec.json); this check does not run jsonnet, so what it changes there is not checked.',
      ],
      [
        'jsonnetfile.lock.json',
        'unrendered',
        'jsonnetfile.lock.json says which libraries or charts jsonnet vendors, evaluated by the Tanka environment environments/prod (environments/prod/spec.json); this check does not run jsonnet, so what it changes there is not checked.',
      ],
    ]);
    const alone = await twoCommits(vendored('2.1.0'), vendored('2.2.0'));
    const none = JSON.parse((await run(alone.repo.dir, alone.base, alone.head, [])).stdout) as Report;
    expect(none.notChecked).toEqual([]);
  });

  test('with directory.recurse, jsonnet below the directory is evaluated too', async () => {
    const recursive = application('apps', '    directory: {recurse: true}\n');
    const { repo, base, head } = await twoCommits(
      { 'argocd/web.yaml': recursive, ...jsonnet('a') },
      jsonnet('b'),
    );
    const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
    expect(report.notChecked.map((n) => n.name)).toEqual(['apps/web/main.jsonnet', 'lib/k.libsonnet']);
  });
});

describe('cases met on real repositories and by attackers', () => {
  (hasKustomize ? test : test.skip)(
    'a Component that lists ../app does not stop app from being a root: its dormant change still fails',
    async () => {
      const component = {
        'parts/kustomization.yaml':
          'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources: [../app]\n',
      };
      const { repo, base, head } = await twoCommits(kustomized('info'), {
        ...kustomized('debug'),
        ...component,
      });
      const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
      expect(report.impacts.map((i) => [i.workload.source?.root, i.status])).toEqual([['app', 'dormant']]);
    },
  );

  (hasKustomize ? test : test.skip)(
    'a new kustomization that includes a root does not hide it: a root at base stays a root',
    async () => {
      const hider = { 'hide/kustomization.yaml': 'resources: [../app]\n' };
      const { repo, base, head } = await twoCommits(kustomized('info'), { ...kustomized('debug'), ...hider });
      const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
      expect(report.impacts.map((i) => [i.workload.source?.root, i.status])).toEqual(
        expect.arrayContaining([['app', 'dormant']]),
      );
    },
  );

  test('a reader whose content the clone lacks: git searches the rest, and the file may name the change', async () => {
    const { repo, base, head } = await twoCommits(plain('info'), plain('debug'));
    dropObject(repo.dir, head, 'app.yaml');
    const { code, report, said } = await notCheckedBy(repo.dir, base, head);
    expect(code).toBe(1);
    expect(report.changes.map((c) => [c.name, c.change])).toEqual([['app-config', 'modified']]);
    expect(said).toEqual([
      [
        'app.yaml',
        'not-in-clone',
        'head',
        'app.yaml may name a changed config but could not be read, so a workload in it that reads the config is not checked: git does not have its content in this clone (a partial clone that could not fetch it)',
      ],
    ]);
  });

  // A rename is found by comparing content: git diff -M cannot, where the clone lacks a side's.
  test('a config moved into a file whose content the clone lacks is not checked, never deleted', async () => {
    const moved = (level: string): Files => ({
      'app.yaml': app,
      'config.yaml': null,
      'configs/config.yaml': plain(level)['config.yaml'],
    });
    const { repo, base, head } = await twoCommits(plain('info'), moved('debug'));
    dropObject(repo.dir, head, 'configs/config.yaml');
    const result = await run(repo.dir, base, head, []);
    const report = JSON.parse(result.stdout) as Report;
    expect([result.code, result.stderr]).toEqual([1, '']);
    expect(report.changes).toEqual([]);
    expect(report.notChecked.map((n) => [n.name, n.reason, n.side])).toEqual([
      ['configs/config.yaml', 'not-in-clone', 'head'],
    ]);
  });

  test('a config moved into a file that cannot be parsed, which git does not pair with the old one, is not deleted', async () => {
    const filler = Array.from({ length: 40 }, (_, i) => `  key${i}: value ${i}`).join('\n');
    const broken = `${yaml(configMap('other', {}))}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\ndata:\n${filler}\n  bad: [unclosed\n`;
    const { repo, base, head } = await twoCommits(plain('info'), { 'config.yaml': null, 'all.yaml': broken });
    const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
    expect(
      execFileSync('git', ['diff', '--name-status', '-M', base, head], { cwd: repo.dir }).toString(),
    ).toMatch(/^D\tconfig\.yaml$/m);
    expect(report.changes).toEqual([]);
    expect(report.notChecked.map((n) => [n.name, n.reason, n.side])).toEqual([
      ['all.yaml', 'unreadable', 'head'],
    ]);
  });

  test('a config moved out of a file that could not be parsed at base is not added', async () => {
    const filler = Array.from({ length: 40 }, (_, i) => `  key${i}: value ${i}`).join('\n');
    const broken = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\ndata:\n  level: info\n  bad: [unclosed\n`;
    const moved = `${yaml(configMap('other', {}))}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\ndata:\n${filler}\n`;
    const { repo, base, head } = await twoCommits(
      { 'app.yaml': app, 'old.yaml': broken },
      { 'old.yaml': null, 'new.yaml': moved },
    );
    const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
    expect(report.changes.map((c) => [c.name, c.change])).toEqual([['other', 'added']]);
    expect(report.notChecked.map((n) => [n.name, n.reason, n.side])).toEqual([
      ['old.yaml', 'unreadable', 'base'],
    ]);
  });

  (hasKustomize ? test : test.skip)(
    'a root that reads a file whose content the clone lacks is not built, and says which file',
    async () => {
      const { repo, base, head } = await twoCommits(kustomized('info'), kustomized('debug'));
      dropObject(repo.dir, head, 'app/deployment.yaml');
      const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
      expect(report.notChecked.map((n) => [n.kind, n.name, n.reason, n.side])).toEqual([
        ['root', 'app', 'not-in-clone', 'both'],
      ]);
      expect(report.notChecked[0].message).toContain(
        'it reads app/deployment.yaml, and git does not have its content',
      );
    },
  );

  (hasKustomize ? test : test.skip)(
    'a kustomization above a changed file whose content the clone lacks still makes its root checked',
    async () => {
      // Only app.env changes; the root file above it is in both commits, its content in neither.
      const { repo, base, head } = await twoCommits(kustomized('info'), { 'app/app.env': 'LEVEL=debug\n' });
      dropObject(repo.dir, head, 'app/kustomization.yaml');
      const result = await run(repo.dir, base, head, []);
      const report = JSON.parse(result.stdout) as Report;
      expect(result.code).toBe(1);
      expect(report.notChecked.map((n) => [n.kind, n.name, n.reason])).toEqual([
        ['root', 'app', 'not-in-clone'],
      ]);
    },
  );

  (HELM ? test : test.skip)(
    'a Chart.yaml whose content the clone lacks still makes its chart checked',
    async () => {
      const chart = (level: string): Files => ({
        'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 1.0.0\n',
        'web/values.yaml': `level: ${level}\n`,
        'web/templates/config.yaml': yaml(configMap('app-config', { level: '{{ .Values.level }}' })),
        'web/templates/app.yaml': app,
      });
      const { repo, base, head } = await twoCommits(chart('info'), { 'web/values.yaml': 'level: debug\n' });
      dropObject(repo.dir, head, 'web/Chart.yaml');
      const result = await run(repo.dir, base, head, ['--helm', HELM!]);
      const report = JSON.parse(result.stdout) as Report;
      expect(result.code).toBe(1);
      expect(report.notChecked.map((n) => [n.kind, n.name, n.reason])).toEqual([
        ['root', 'web', 'not-in-clone'],
      ]);
    },
  );

  test('a configuration file whose content the clone lacks stops the run, never reads as none', async () => {
    const config = 'warn-not-checked:\n  - reason: not-in-clone\n';
    const { repo, base, head } = await twoCommits(
      { ...plain('info'), '.config-rollout-guard.yaml': config },
      plain('debug'),
    );
    dropObject(repo.dir, base, '.config-rollout-guard.yaml');
    const result = await run(repo.dir, base, head, []);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `the configuration file .config-rollout-guard.yaml is in ${base.slice(0, 7)}, but git does not have its content in this clone`,
    );
  });

  test('.gitattributes marking manifests binary hides nothing', async () => {
    const { repo, base, head } = await twoCommits(
      { ...plain('info'), '.gitattributes': '*.yaml binary\n' },
      { 'config.yaml': yaml(configMap('app-config', { level: 'debug' })) },
    );
    const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
    expect(report.impacts.map((i) => i.status)).toEqual(['dormant']);
  });

  test('a manifest turned into a symbolic link is not checked, never read as deleted', async () => {
    const { repo, base, head } = await twoCommits(plain('info'), {
      'elsewhere/config.yaml': yaml(configMap('app-config', { level: 'debug' })),
      'config.yaml': { link: 'elsewhere/config.yaml' },
    });
    const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
    expect(report.notChecked.map((n) => [n.reason, n.name, n.side, n.message])).toEqual([
      [
        'unsupported',
        'config.yaml',
        'head',
        expect.stringContaining(
          'it is a symbolic link to "elsewhere/config.yaml", which this check does not follow',
        ),
      ],
    ]);
    expect(report.changes.filter((c) => c.file === 'config.yaml')).toEqual([]);
  });

  test('a Git LFS pointer whose content is in the local LFS store is read as that content', async () => {
    const content = yaml(configMap('app-config', { level: 'debug' }));
    const { repo, base, head } = await twoCommits(plain('info'), { 'config.yaml': lfsPointer(content) });
    const store = join(
      repo.dir,
      '.git',
      'lfs',
      'objects',
      LFS_OID(content).slice(0, 2),
      LFS_OID(content).slice(2, 4),
    );
    mkdirSync(store, { recursive: true });
    writeFileSync(join(store, LFS_OID(content)), content);
    const report = JSON.parse((await run(repo.dir, base, head, [])).stdout) as Report;
    expect(report.notChecked).toEqual([]);
    expect(report.impacts.map((i) => i.status)).toEqual(['dormant']);
  });

  (HELM ? test : test.skip)(
    'a chart that renders more than 16 MiB is read whole: its config is modified, not deleted',
    async () => {
      const chart = (level: string): Files => ({
        'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 1.0.0\n',
        'web/values.yaml': `level: ${level}\n`,
        'web/templates/big.yaml':
          '{{- range until 40 }}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: "big-{{ . }}"}\ndata: {pad: "{{ repeat 500000 "x" }}"}\n{{- end }}\n',
        'web/templates/config.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web-config}\ndata: {level: "{{ .Values.level }}"}\n',
        'web/templates/app.yaml': yaml(deployment('web', reads('web-config'))),
      });
      const { repo, base, head } = await twoCommits(chart('info'), chart('debug'));
      const report = JSON.parse((await run(repo.dir, base, head, ['--helm', HELM!])).stdout) as Report;
      expect(report.notChecked).toEqual([]);
      expect(report.changes.map((c) => [c.name, c.change])).toEqual([['web-config', 'modified']]);
    },
  );
});
