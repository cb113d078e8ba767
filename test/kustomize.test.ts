import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Report } from '../src/model/types.js';
import { failureReason, headline, nextStep } from '../src/model/status.js';
import { noReader } from '../src/stages/9-report/wording.js';
import { renderMarkdown } from '../src/stages/9-report/markdown.js';
import { annotations } from '../src/action/annotations.js';
import { renderSarif } from '../src/stages/9-report/sarif.js';
import { renderCodeQuality } from '../src/stages/9-report/codequality.js';

import { cli } from './helpers/cli.js';
import { configMap, container, deployment, grafanaWithSidecar, workload, yaml } from './helpers/manifests.js';
import { hasKustomize } from './helpers/kustomize.js';
import { checkChange, twoCommits, type Bytes, type Files } from './helpers/scenario.js';
import { Progress } from '../src/model/progress.js';
import { Repository } from '../src/stages/1-git/repository.js';
import { scratchDir } from './helpers/temp-repo.js';
import { replaceInTree, withTree } from '../src/stages/2-sources/tools.js';
import { buildsInPlace } from '../src/stages/2-sources/kustomize/render.js';
import type { Root } from '../src/stages/2-sources/kustomize/roots.js';

interface SarifResult {
  ruleId: string;
  relatedLocations: unknown[];
}

// Real kustomize builds (kubectl kustomize, or kustomize on PATH) of real two-commit repositories.
const describeKustomize = hasKustomize ? describe : describe.skip;

const envFrom = (name: string) => ({ envFrom: [{ configMapRef: { name } }] });
const app = (config = 'app-config') =>
  yaml(deployment('app', { containers: [container('app', envFrom(config))] }));

const kustomization = (fields: Record<string, unknown>) => yaml(fields);

/** A base with a generator and a Deployment that reads it; `generator` adds to the generator entry. */
function baseFiles(generator: Record<string, unknown>, extra: Record<string, unknown> = {}): Files {
  return {
    'base/deployment.yaml': app(),
    'base/kustomization.yaml': kustomization({
      resources: ['deployment.yaml'],
      configMapGenerator: [{ name: 'app-config', ...generator }],
      ...extra,
    }),
  };
}

const summary = (report: Report) =>
  report.impacts.map((i) => ({
    status: i.status,
    workload: `${i.workload.kind} ${i.workload.namespace ?? ''}/${i.workload.name}`,
    root: i.workload.source?.root,
    at: `${i.workload.file}:${i.workload.line}`,
  }));

describeKustomize('kustomize rendered mode', () => {
  test('a literal edit under disableNameSuffixHash: dormant, pointing at the generator entry', async () => {
    const files = (level: string) =>
      baseFiles(
        { literals: [`LEVEL=${level}`] },
        { generatorOptions: { disableNameSuffixHash: true }, namespace: 'prod' },
      );
    const report = await checkChange(files('info'), files('debug'));
    expect(summary(report)).toEqual([
      { status: 'dormant', workload: 'Deployment prod/app', root: 'base', at: 'base/deployment.yaml:1' },
    ]);
    expect(report.changes).toEqual([
      expect.objectContaining({
        kind: 'ConfigMap',
        namespace: 'prod',
        name: 'app-config',
        file: 'base/kustomization.yaml',
        line: 4,
        keys: { added: [], removed: [], modified: ['LEVEL'] },
        source: { root: 'base', renderer: 'kustomize' },
      }),
    ]);
    expect(report.notChecked).toEqual([]);
  });

  test("a transformer configuration in a file (podinfo's overlays: transformers: [labels.yaml]) is part of the build", async () => {
    const labels = yaml({
      apiVersion: 'builtin',
      kind: 'LabelTransformer',
      metadata: { name: 'labels' },
      labels: { env: 'dev' },
      fieldSpecs: [{ path: 'metadata/labels', create: true }],
    });
    const files = (level: string) =>
      baseFiles(
        { literals: [`LEVEL=${level}`] },
        { generatorOptions: { disableNameSuffixHash: true }, transformers: ['labels.yaml'] },
      );
    const report = await checkChange(
      { ...files('info'), 'base/labels.yaml': labels },
      { ...files('debug'), 'base/labels.yaml': labels },
    );
    expect(report.notChecked).toEqual([]);
    expect(summary(report).map((s) => `${s.status} ${s.workload}`)).toEqual(['dormant Deployment /app']);
  });

  test('an envs input edit (per-generator disableNameSuffixHash): the changed line of the .env file', async () => {
    const files = (level: string): Files => ({
      ...baseFiles({ envs: ['app.env'], options: { disableNameSuffixHash: true } }),
      'base/app.env': `# settings\nMODE=web\nLEVEL=${level}\n`,
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(summary(report).map((s) => s.status)).toEqual(['dormant']);
    expect(report.changes.map((c) => `${c.file}:${c.line}`)).toEqual(['base/app.env:3']);
  });

  test('a files input edit with the hash suffix: the reference is rewritten, so the Deployment rolls', async () => {
    const files = (body: string): Files => ({
      ...baseFiles({ files: ['conf/app.conf'] }),
      'base/conf/app.conf': body,
    });
    const report = await checkChange(files('a = 1\n'), files('a = 2\n'));
    expect(summary(report).map((s) => s.status)).toEqual(['rolling']);
    expect(report.changes.map((c) => [c.name.replace(/-\w{10}$/, '-<hash>'), c.change, c.file])).toEqual([
      ['app-config-<hash>', 'modified', 'base/conf/app.conf'],
    ]);
  });

  test('two overlays over one base: one impact per overlay, each in its own namespace and with its prefix', async () => {
    const overlay = (ns: string) =>
      kustomization({ resources: ['../../base'], namespace: ns, namePrefix: `${ns}-` });
    const files = (level: string): Files => ({
      ...baseFiles({ envs: ['app.env'] }, { generatorOptions: { disableNameSuffixHash: true } }),
      'base/app.env': `LEVEL=${level}\n`,
      'overlays/dev/kustomization.yaml': overlay('dev'),
      'overlays/prod/kustomization.yaml': overlay('prod'),
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(summary(report)).toEqual([
      {
        status: 'dormant',
        workload: 'Deployment dev/dev-app',
        root: 'overlays/dev',
        at: 'base/deployment.yaml:1',
      },
      {
        status: 'dormant',
        workload: 'Deployment prod/prod-app',
        root: 'overlays/prod',
        at: 'base/deployment.yaml:1',
      },
    ]);
    // The base is included by the overlays, so it is not built on its own.
    expect(new Set(report.changes.map((c) => c.source?.root))).toEqual(
      new Set(['overlays/dev', 'overlays/prod']),
    );
  });

  test('a root is compared as soon as both its builds are read, while a larger root still builds', async () => {
    const overlay = (prefix: string, extra: string[] = []) =>
      kustomization({ resources: ['../../base', ...extra], namePrefix: `${prefix}-` });
    const filler = yaml(...Array.from({ length: 1500 }, (_, i) => configMap(`filler-${i}`, { N: `${i}` })));
    const files = (level: string): Files => ({
      ...baseFiles({ envs: ['app.env'] }, { generatorOptions: { disableNameSuffixHash: true } }),
      'base/app.env': `LEVEL=${level}\n`,
      'overlays/small/kustomization.yaml': overlay('small'),
      'overlays/large/kustomization.yaml': overlay('large', ['filler.yaml']),
      'overlays/large/filler.yaml': filler,
    });
    // Builds as they end, and each root's search for readers of its changes elsewhere.
    const events: string[] = [];
    const progress = new Progress({
      begin: () => {},
      step: (stage, _done, _total, item) => {
        if (stage === 'render') events.push(`built ${item.split(' ')[0]}`);
      },
      end: () => {},
    });
    const grep = Repository.prototype.grep;
    Repository.prototype.grep = function (this: Repository, ...args: Parameters<typeof grep>) {
      const root = ['small', 'large'].find((prefix) => args[1].includes(`${prefix}-app-config`));
      if (root) events.push(`searched for ${root}-app-config`);
      return grep.apply(this, args);
    };
    let report: Report;
    try {
      report = await checkChange(files('info'), files('debug'), { progress });
    } finally {
      Repository.prototype.grep = grep;
    }
    expect(summary(report).map((i) => `${i.status} ${i.workload}`)).toEqual([
      'dormant Deployment /large-app',
      'dormant Deployment /small-app',
    ]);
    // The small root's search starts before the large root's builds end, not after every build.
    expect(events).toEqual([
      'built overlays/small',
      'built overlays/small',
      'searched for small-app-config',
      'built overlays/large',
      'built overlays/large',
      'searched for large-app-config',
    ]);
  });

  test('behavior: merge in an overlay, and a patch that changes only one overlay', async () => {
    const files = (value: string): Files => ({
      ...baseFiles({ literals: ['LEVEL=info'] }, { generatorOptions: { disableNameSuffixHash: true } }),
      'overlays/dev/kustomization.yaml': kustomization({ resources: ['../../base'], namespace: 'dev' }),
      'overlays/prod/kustomization.yaml': kustomization({
        resources: ['../../base'],
        namespace: 'prod',
        configMapGenerator: [{ name: 'app-config', behavior: 'merge', literals: [`EXTRA=${value}`] }],
        patches: [{ path: 'replicas.yaml' }],
      }),
      'overlays/prod/replicas.yaml': yaml({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'app' },
        spec: { replicas: 3 },
      }),
    });
    const report = await checkChange(files('1'), files('2'));
    expect(summary(report)).toEqual([
      {
        status: 'dormant',
        workload: 'Deployment prod/app',
        root: 'overlays/prod',
        at: 'base/deployment.yaml:1',
      },
    ]);
    expect(report.changes.map((c) => [c.namespace, c.keys.modified, c.file])).toEqual([
      ['prod', ['EXTRA'], 'overlays/prod/kustomization.yaml'],
    ]);
    // The patch is not a workload of its own, and no plain-mode reading of it adds a finding.
    expect(report.impacts.every((i) => i.workload.file !== 'overlays/prod/replicas.yaml')).toBe(true);
  });

  test('a strategic-merge patch that edits a ConfigMap: the change points at the patch', async () => {
    const files = (level: string): Files => ({
      'base/kustomization.yaml': kustomization({ resources: ['app.yaml'] }),
      'base/app.yaml': yaml(
        configMap('app-config', { LEVEL: 'info' }),
        deployment('app', { containers: [container('app', envFrom('app-config'))] }),
      ),
      'overlays/prod/kustomization.yaml': kustomization({
        resources: ['../../base'],
        namespace: 'prod',
        patches: [{ path: 'config.yaml' }],
      }),
      'overlays/prod/config.yaml': yaml(configMap('app-config', { LEVEL: level })),
    });
    const report = await checkChange(files('warn'), files('debug'));
    expect(summary(report).map((s) => [s.status, s.root])).toEqual([['dormant', 'overlays/prod']]);
    expect(report.changes.map((c) => `${c.file}:${c.line}`)).toEqual(['overlays/prod/config.yaml:4']);
  });

  test('a reorder of literals and resources changes nothing', async () => {
    const files = (literals: string[], resources: string[]): Files => ({
      'base/deployment.yaml': app(),
      'base/other.yaml': yaml(configMap('other', { A: '1' })),
      'base/kustomization.yaml': kustomization({
        resources,
        configMapGenerator: [{ name: 'app-config', literals }],
        generatorOptions: { disableNameSuffixHash: true },
      }),
    });
    const report = await checkChange(
      files(['A=1', 'B=2'], ['deployment.yaml', 'other.yaml']),
      files(['B=2', 'A=1'], ['other.yaml', 'deployment.yaml']),
    );
    expect(report.changes).toEqual([]);
    expect(report.impacts).toEqual([]);
    expect(report.notChecked).toEqual([]);
  });

  test('an Argo Rollout reading a hash-suffixed generator is an error: kustomize does not rename its reference', async () => {
    const rollout = yaml(
      workload('Rollout', 'canary', { containers: [container('app', envFrom('app-config'))] }),
    );
    const files = (level: string): Files => ({
      ...baseFiles({ literals: [`LEVEL=${level}`] }),
      'base/rollout.yaml': rollout,
      'base/kustomization.yaml': kustomization({
        resources: ['deployment.yaml', 'rollout.yaml'],
        configMapGenerator: [{ name: 'app-config', literals: [`LEVEL=${level}`] }],
      }),
    });
    const report = await checkChange(files('info'), files('debug'));
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.file)).toEqual(['base/rollout.yaml']);
    expect(errors[0].message).toMatch(
      /^Rollout canary reads ConfigMap app-config \(containers\[app\]\.envFrom/,
    );
    expect(errors[0].message).toMatch(/configurations: nameReference/);
    expect(summary(report).map((s) => [s.status, s.workload])).toEqual([['rolling', 'Deployment /app']]);
  });

  test('a Component is built through the overlay that includes it, never alone', async () => {
    const files = (level: string): Files => ({
      'base/deployment.yaml': app(),
      'base/kustomization.yaml': kustomization({ resources: ['deployment.yaml'] }),
      'components/logging/kustomization.yaml': yaml({
        apiVersion: 'kustomize.config.k8s.io/v1alpha1',
        kind: 'Component',
        configMapGenerator: [
          { name: 'app-config', literals: [`LEVEL=${level}`], options: { disableNameSuffixHash: true } },
        ],
      }),
      'overlays/prod/kustomization.yaml': kustomization({
        resources: ['../../base'],
        components: ['../../components/logging'],
        namespace: 'prod',
      }),
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(summary(report).map((s) => [s.status, s.workload, s.root])).toEqual([
      ['dormant', 'Deployment prod/app', 'overlays/prod'],
    ]);
    expect(report.changes.map((c) => c.file)).toEqual(['components/logging/kustomization.yaml']);
  });

  test('a root that does not build: not checked, the run fails; best-effort reports it; off reads files as written', async () => {
    const files = (level: string): Files => ({
      ...baseFiles({ literals: [`LEVEL=${level}`] }, { generatorOptions: { disableNameSuffixHash: true } }),
      'base/kustomization.yaml': kustomization({
        resources: ['deployment.yaml', 'missing.yaml'],
        configMapGenerator: [{ name: 'app-config', literals: [`LEVEL=${level}`] }],
      }),
    });
    const { repo, base, head } = await twoCommits(files('info'), files('debug'));
    const auto = await cli(['check', '--base', base, '--head', head, '--format', 'json'], { cwd: repo.dir });
    const report = JSON.parse(auto.stdout) as Report;
    expect(auto.code).toBe(1);
    expect(report.notChecked).toEqual([
      expect.objectContaining({ kind: 'root', name: 'base', file: 'base/kustomization.yaml', fails: true }),
    ]);
    expect(report.notChecked[0].message).toMatch(
      /kustomize cannot build it at both revisions: .*missing\.yaml/,
    );
    expect(report.notChecked[0].message).not.toContain('/tmp/');

    const text = await cli(['check', '--base', base, '--head', head, '--render', 'best-effort'], {
      cwd: repo.dir,
    });
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[1]).toBe('1 rendered root not checked.');

    const off = await cli(['check', '--base', base, '--head', head, '--render', 'off', '--format', 'json'], {
      cwd: repo.dir,
    });
    expect((JSON.parse(off.stdout) as Report).notChecked).toEqual([]);
  });

  // fluxcd/flux2-hub-spoke-example 2f9057e: the commit that repairs an overlay was told to fix it.
  test('a change that repairs a root broken at base is not told to fix it', async () => {
    const files = (resource: string): Files => ({
      ...baseFiles({ literals: ['LEVEL=info'] }),
      'overlay/kustomization.yaml': kustomization({ resources: [resource] }),
    });
    const { repo, base, head } = await twoCommits(files('../nowhere'), files('../base'));
    const run = await cli(['check', '--base', base, '--head', head], { cwd: repo.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'overlay (overlay/kustomization.yaml:1): kustomize cannot build it at base: ',
    );
    expect(run.stdout).toContain(
      'Next: The base revision does not render, so this change has nothing to be compared with: review what it deploys before merging. To accept it as it is: `warn-not-checked: [{reason: render-failed}]` in the base configuration.',
    );
    // mischavandenburg/homelab 2f2e1d6: a change that removes a root broken at base says so.
    const removal = await twoCommits(files('../nowhere'), { 'overlay/kustomization.yaml': null });
    const removed = await cli(['check', '--base', removal.base, '--head', removal.head], {
      cwd: removal.repo.dir,
    });
    expect(removed.code).toBe(1);
    expect(removed.stdout).toMatch(
      /overlay \(overlay\/kustomization\.yaml:1\): kustomize cannot build it at base: .*nowhere.*\. This change removes it, so which configs it took away is not known\.\n/,
    );
    expect(removed.stdout).toContain('Next: The base revision does not render, so this change has nothing');
    // Broken at head: that is what to fix.
    const broken = await twoCommits(files('../base'), files('../nowhere'));
    const fix = await cli(['check', '--base', broken.base, '--head', broken.head], { cwd: broken.repo.dir });
    expect(fix.stdout).toContain('Next: Fix the render error above: it would fail in the cluster too.');
    // Broken at both (linkerd2's charts/patch renders a JSON patch): fixed, or no deployment at all.
    const both = await twoCommits(files('../nowhere'), {
      'overlay/kustomization.yaml': kustomization({ resources: ['../nowhere'], namePrefix: 'x-' }),
    });
    const either = await cli(['check', '--base', both.base, '--head', both.head], { cwd: both.repo.dir });
    expect(either.stdout).toContain('kustomize cannot build it at both revisions: ');
    expect(either.stdout).toContain(
      'Next: It does not render at base either: fix it, or, if nothing deploys it as it stands (a chart of patches, a test fixture), leave it out with `exclude` in the base configuration.',
    );
  });

  // kubeflow/manifests' dex overlays: Go's pointer addresses made the message differ on every run.
  test("kustomize's message names a resource as people write it, and is the same on every run", async () => {
    const files = (level: string): Files => ({
      'app/kustomization.yaml': kustomization({
        configMapGenerator: [
          { name: 'params', namespace: 'auth', behavior: 'merge', literals: [`a=${level}`] },
        ],
      }),
    });
    const { repo, base, head } = await twoCommits(files('1'), files('2'));
    const message = async () => {
      const run = await cli(['check', '--base', base, '--head', head, '--format', 'json'], { cwd: repo.dir });
      return (JSON.parse(run.stdout) as Report).notChecked.map((n) => n.message);
    };
    const first = await message();
    expect(first).toEqual([
      'kustomize cannot build it at both revisions: merging from generator: id ConfigMap auth/params does not exist; cannot merge or replace.',
    ]);
    expect(await message()).toEqual(first);
  });

  // sourcegraph/deploy-sourcegraph-k8s: kustomize quotes an inner error again at each component it
  // passes through, so a component in a component read its names behind three levels of backslashes.
  test("kustomize's message from a component in a component names that component, unquoted", async () => {
    const component = (body: object) =>
      yaml({ apiVersion: 'kustomize.config.k8s.io/v1alpha1', kind: 'Component', ...body });
    const files = (level: string): Files => ({
      'app/kustomization.yaml': kustomization({
        resources: ['config.yaml'],
        components: ['../components/outer'],
      }),
      'app/config.yaml': yaml(configMap('app-config', { LEVEL: level })),
      'components/outer/kustomization.yaml': component({ components: ['../inner'] }),
      'components/inner/kustomization.yaml': component({
        configMapGenerator: [{ name: 'rbac', behavior: 'merge', literals: ['a=1'] }],
      }),
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(report.notChecked.map((n) => n.message)).toEqual([
      "kustomize cannot build it at both revisions: recursed accumulation of path 'components/inner': merging from generator: id ConfigMap rbac does not exist; cannot merge or replace.",
    ]);
  });

  // aws-samples/eks-workshop-v2: a Secret both revisions' builds hold was warned about twice.
  test('a warning about a file both builds read is said once', async () => {
    const files = (level: string): Files => ({
      'app/kustomization.yaml': kustomization({ resources: ['config.yaml', 'secret.yaml'] }),
      'app/config.yaml': yaml(configMap('app-config', { LEVEL: level })),
      'app/secret.yaml':
        'apiVersion: v1\nkind: Secret\nmetadata: {name: db}\ndata: {PASSWORD: not-base64!}\n',
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(report.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([
      'app/secret.yaml:1 Secret db: data.PASSWORD is not valid base64.',
    ]);
  });

  // rancher/fleet-examples: a root kustomize will not read is said without this check's own layout
  // (built in place, kustomize names no path for the root's own kustomization: the entry names the root).
  test('a kustomization kustomize cannot read is named as the repository names it', async () => {
    const files = (level: string): Files =>
      baseFiles({ literals: [`LEVEL=${level}`] }, { patches: ['patch.yaml'] });
    const report = await checkChange(files('info'), files('debug'));
    expect(report.notChecked.map((n) => n.message)).toEqual([
      'kustomize cannot build it at both revisions: invalid Kustomization: json: cannot unmarshal string into Go struct field Kustomization.patches of type types.Patch.',
    ]);
  });

  // truxnell/home-cluster: a Namespace with a label written twice. kustomize names neither the file
  // nor a line of it ("map[string]interface {}(nil): yaml: unmarshal errors: line 8: …").
  test('a key twice in one mapping is named by the file and line that repeat it', async () => {
    const namespace = (labels: string) =>
      `---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: app\n  labels:\n${labels}`;
    const files = (level: string, labels: string): Files => ({
      'app/kustomization.yaml': kustomization({ resources: ['namespace.yaml', 'config.yaml'] }),
      'app/namespace.yaml': namespace(labels),
      'app/config.yaml': yaml(configMap('app-config', { LEVEL: level })),
    });
    const once = '    tier: edge\n    team: a\n';
    const report = await checkChange(files('info', once), files('debug', `${once}    tier: edge\n`));
    expect(report.notChecked.map((n) => [n.side, n.message])).toEqual([
      [
        'head',
        'kustomize cannot build it at head: app/namespace.yaml:9: the key "tier" appears twice in one mapping.',
      ],
    ]);
  });

  // ADORSYS-GIS/fineract-gitops: a resource listed and never added. kustomize says where it looked,
  // twice ("open …: no such file or directory': must build at directory: … lstat …"), not who asked.
  test('a path that does not exist is named by the kustomization line that lists it', async () => {
    const files = (level: string, extra: Files = {}): Files => ({
      'overlay/kustomization.yaml': kustomization({ resources: ['../base'] }),
      'base/kustomization.yaml':
        '# - service.yaml (not yet)\nresources:\n  - config.yaml\n  - service.yaml # the service\n',
      'base/config.yaml': yaml(configMap('app-config', { LEVEL: level })),
      'gen/kustomization.yaml': kustomization({
        configMapGenerator: [{ name: 'gen', files: ['app.conf', 'extra=conf/extra.conf'] }],
      }),
      'gen/app.conf': `level=${level}\n`,
      ...extra,
    });
    const present = { 'base/service.yaml': yaml(configMap('other', {})), 'gen/conf/extra.conf': 'x\n' };
    const gone = { 'base/service.yaml': null, 'gen/conf/extra.conf': null };
    const report = await checkChange(files('info', present), files('debug', gone));
    expect(report.notChecked.map((n) => [n.file, n.side, n.message])).toEqual([
      [
        'gen/kustomization.yaml',
        'head',
        'kustomize cannot build it at head: gen/kustomization.yaml:5: extra=conf/extra.conf does not exist.',
      ],
      [
        'overlay/kustomization.yaml',
        'head',
        'kustomize cannot build it at head: base/kustomization.yaml:4: service.yaml does not exist.',
      ],
    ]);
  });

  // kube-prometheus-stack's way: dashboards generated with a label Grafana's sidecar selects by.
  test('a generated dashboard a sidecar in the same build watches by label: said, no rollout asked', async () => {
    const grafana = grafanaWithSidecar({ LABEL: 'grafana_dashboard' });
    const files = (panels: string): Files => ({
      'monitoring/grafana.yaml': yaml(grafana),
      'monitoring/app.json': panels,
      'monitoring/kustomization.yaml': kustomization({
        namespace: 'monitoring',
        resources: ['grafana.yaml'],
        configMapGenerator: [
          { name: 'app-dashboard', files: ['app.json'], options: { labels: { grafana_dashboard: '1' } } },
        ],
      }),
    });
    const report = await checkChange(files('[]\n'), files('[1]\n'));
    expect(report.impacts).toEqual([]);
    expect(report.unaffected.map((u) => [u.workload.name, u.config.name, u.reason])).toEqual([
      [
        'grafana',
        expect.stringMatching(/^app-dashboard-\w+$/),
        'watches it by label, and has its files as it changes (container grafana-sc-dashboard, label grafana_dashboard)',
      ],
    ]);
  });

  // monosense-io/k8s-gitops: an object two files define, a directory whose resources are all
  // commented out ("kustomization.yaml is empty").
  test('an object added twice and a kustomization with nothing to build are named by the lines that include them', async () => {
    const files = (level: string): Files => ({
      'file/kustomization.yaml': kustomization({ resources: ['config.yaml', 'again.yaml'] }),
      'file/config.yaml': yaml(configMap('app-config', { LEVEL: level })),
      'file/again.yaml': yaml(configMap('app-config', { LEVEL: 'x' })),
      'dir/kustomization.yaml': kustomization({ resources: ['../file/config.yaml', 'sub/'] }),
      'dir/sub/kustomization.yaml': kustomization({ resources: ['../../file/again.yaml'] }),
      'empty/kustomization.yaml': kustomization({ resources: ['../file/config.yaml', 'messaging/'] }),
      'empty/messaging/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  # - operator/ks.yaml\n',
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(report.notChecked.map((n) => [n.file, n.message])).toEqual([
      [
        'dir/kustomization.yaml',
        'kustomize cannot build it at both revisions: dir/kustomization.yaml:3: sub/ adds ConfigMap app-config, which the build already holds.',
      ],
      [
        'empty/kustomization.yaml',
        'kustomize cannot build it at both revisions: empty/kustomization.yaml:3: messaging/ holds a kustomization with nothing to build (kustomize: "kustomization.yaml is empty").',
      ],
      [
        'file/kustomization.yaml',
        'kustomize cannot build it at both revisions: file/kustomization.yaml:3: again.yaml adds ConfigMap app-config, which the build already holds.',
      ],
    ]);
  });

  // opencenter-cloud/openCenter-gitops-base: an overlay in a subdirectory of its base, `resources: [../]`.
  test('a kustomization that includes a directory above it is named by that line, as a cycle', async () => {
    const files = (level: string): Files => ({
      'app/kustomization.yaml': kustomization({ resources: ['config.yaml'] }),
      'app/config.yaml': yaml(configMap('app-config', { LEVEL: level })),
      'app/enterprise/kustomization.yaml': kustomization({ resources: ['../'], namePrefix: 'e-' }),
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(report.notChecked.map((n) => [n.file, n.message])).toEqual([
      [
        'app/enterprise/kustomization.yaml',
        'kustomize cannot build it at both revisions: app/enterprise/kustomization.yaml:2: ../ includes a directory that holds this kustomization, which kustomize refuses as a cycle.',
      ],
    ]);
  });

  test('a resource id kustomize prints as ConfigMap.v1.[noGrp]/name.ns reads ConfigMap ns/name', async () => {
    const files = (level: string): Files => ({
      'app/kustomization.yaml': kustomization({
        resources: ['config.yaml'],
        patches: [{ path: 'patch.yaml' }],
      }),
      'app/config.yaml': yaml(configMap('app-config', { LEVEL: level })),
      'app/patch.yaml': yaml(configMap('gone', { LEVEL: 'x' }, {}, 'prod')),
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(report.notChecked.map((n) => n.message)).toEqual([
      'kustomize cannot build it at both revisions: no resource matches strategic merge patch "ConfigMap prod/gone": no matches for Id ConfigMap prod/gone; failed to find unique target for patch ConfigMap prod/gone.',
    ]);
  });

  // konflux-ci/infra-deployments: charts inflated by a generator configuration file, from a registry.
  test('a HelmChartInflationGenerator configuration: not checked as unsupported, with where to name the chart', async () => {
    const files = (level: string): Files => ({
      ...baseFiles({ literals: [`LEVEL=${level}`] }, { generators: ['helm-generator.yaml'] }),
      'base/helm-generator.yaml': yaml({
        apiVersion: 'builtin',
        kind: 'HelmChartInflationGenerator',
        metadata: { name: 'proxy' },
        name: 'squid',
        repo: 'oci://quay.io/example/charts',
        version: '1.0.0',
      }),
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(report.notChecked.map((n) => `${n.reason}: ${n.message}`)).toEqual([
      "unsupported: kustomize cannot build it at both revisions: base/helm-generator.yaml inflates chart squid through a HelmChartInflationGenerator configuration, which this check does not build; name it in the kustomization's helmCharts instead.",
    ]);
  });

  test('an Argo CD Application and a Flux Kustomization build the overlay with their own options', async () => {
    const files = (level: string): Files => ({
      ...baseFiles({ literals: [`LEVEL=${level}`] }, { generatorOptions: { disableNameSuffixHash: true } }),
      'apps/argo.yaml': yaml({
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Application',
        metadata: { name: 'web', namespace: 'argocd' },
        spec: {
          source: {
            repoURL: 'https://example.com/repo.git',
            path: 'base',
            kustomize: { namePrefix: 'argo-' },
          },
          destination: { namespace: 'web' },
        },
      }),
      'clusters/flux.yaml': yaml({
        apiVersion: 'kustomize.toolkit.fluxcd.io/v1',
        kind: 'Kustomization',
        metadata: { name: 'web', namespace: 'flux-system' },
        spec: {
          path: './base',
          targetNamespace: 'flux-web',
          sourceRef: { kind: 'GitRepository', name: 'repo' },
        },
      }),
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(summary(report).map((s) => [s.workload, s.root])).toEqual([
      ['Deployment web/argo-app', 'base (Application web)'],
      ['Deployment flux-web/app', 'base (Kustomization web)'],
    ]);
  });

  test('objects of a bundle point at their own document: the changed config and its reader, each at its line', async () => {
    const files = (level: string): Files => ({
      'base/kustomization.yaml': kustomization({ resources: ['all.yaml'] }),
      'base/all.yaml': yaml(
        { apiVersion: 'v1', kind: 'Service', metadata: { name: 'app' }, spec: { ports: [{ port: 80 }] } },
        deployment('app', { containers: [container('app', envFrom('app-config'))] }),
        configMap('app-config', { LEVEL: level }),
      ),
    });
    const report = await checkChange(files('info'), files('debug'));
    // Where each of the three documents starts: after each `---`.
    const bundle = String(files('debug')['base/all.yaml']).split('\n');
    const starts = [1, ...bundle.flatMap((l, i) => (l === '---' ? [i + 2] : []))];
    expect(starts).toHaveLength(3);
    expect(report.changes.map((c) => `${c.file}:${c.line}`)).toEqual([`base/all.yaml:${starts[2]}`]);
    expect(summary(report).map((s) => [s.status, s.at])).toEqual([['dormant', `base/all.yaml:${starts[1]}`]]);
  });

  test('an Argo Rollout that takes its template from a Deployment is read, though it never names the config', async () => {
    const rollout = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Rollout',
      metadata: { name: 'app-rollout' },
      spec: { replicas: 3, workloadRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'app' } },
    };
    const files = (level: string): Files => ({
      ...baseFiles({ literals: [`LEVEL=${level}`] }, { generatorOptions: { disableNameSuffixHash: true } }),
      'base/kustomization.yaml': kustomization({
        resources: ['deployment.yaml', 'rollout.yaml'],
        configMapGenerator: [{ name: 'app-config', literals: [`LEVEL=${level}`] }],
        generatorOptions: { disableNameSuffixHash: true },
      }),
      'base/rollout.yaml': yaml(rollout),
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(summary(report).map((s) => [s.status, s.workload, s.at])).toEqual([
      ['dormant', 'Deployment /app', 'base/deployment.yaml:1'],
      ['dormant', 'Rollout /app-rollout', 'base/rollout.yaml:1'],
    ]);
  });

  test('a reader in a root the change does not touch is rendered at head and judged, never read as written', async () => {
    const reader = (name: string) =>
      yaml(deployment(name, { containers: [container('app', envFrom('shared'))] }));
    const files = (level: string): Files => ({
      'a/kustomization.yaml': kustomization({ resources: ['config.yaml', 'app.yaml'] }),
      'a/config.yaml': yaml(configMap('shared', { LEVEL: level })),
      'a/app.yaml': reader('a'),
      // Found by the search for `shared` in what no touched root reads: b's build, untouched.
      'b/kustomization.yaml': kustomization({ resources: ['app.yaml'], namePrefix: 'b-' }),
      'b/app.yaml': reader('b'),
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(report.rendered).toEqual(['a', 'b']);
    expect(summary(report)).toEqual([
      { status: 'dormant', workload: 'Deployment /a', root: 'a', at: 'a/app.yaml:1' },
      { status: 'dormant', workload: 'Deployment /b-b', root: 'b', at: 'b/app.yaml:1' },
    ]);
    expect(report.impacts[1].configs[0]).toMatchObject({ name: 'shared', root: 'a' });
    // Its only reader elsewhere, the config's own root reading nothing.
    const alone = (level: string): Files => ({
      ...files(level),
      'a/kustomization.yaml': kustomization({ resources: ['config.yaml'] }),
      'a/app.yaml': null,
    });
    const unread = await checkChange(alone('info'), alone('debug'));
    expect(summary(unread)).toEqual([
      { status: 'dormant', workload: 'Deployment /b-b', root: 'b', at: 'b/app.yaml:1' },
    ]);
    expect(unread.notChecked).toEqual([]);
    expect(nextStep(unread, 'abc1234', 'terminal')).toBe(
      'Let Reloader roll the workloads (reloader.stakater.com/auto), or deploy the config from the root that builds them: it is outside that root, so no stamp there can follow it.',
    );
  });

  // GoogleCloudPlatform/bank-of-anthos: a Component every production overlay includes patches the
  // ConfigMap the database's overlay makes; the user service's overlay includes it too, makes no
  // copy, and its Deployment reads the database's. Touched, its files were not searched.
  test('a reader in a root the change touches, reading a config another root makes, is judged', async () => {
    const files = (uri: string): Files => ({
      'components/db/kustomization.yaml': yaml({
        apiVersion: 'kustomize.config.k8s.io/v1alpha1',
        kind: 'Component',
        patches: [{ path: 'config.yaml', target: { kind: 'ConfigMap', name: 'db-config' } }],
      }),
      'components/db/config.yaml': yaml(configMap('db-config', { URI: uri })),
      'db/kustomization.yaml': kustomization({
        resources: ['config.yaml'],
        components: ['../components/db'],
        namespace: 'prod',
      }),
      'db/config.yaml': yaml(configMap('db-config', { URI: 'local' })),
      'users/kustomization.yaml': kustomization({
        resources: ['app.yaml'],
        components: ['../components/db'],
        namespace: 'prod',
      }),
      'users/app.yaml': yaml(deployment('users', { containers: [container('app', envFrom('db-config'))] })),
    });
    const report = await checkChange(files('db:5432'), files('db:5433'));
    expect([report.rendered, report.notChecked]).toEqual([['db', 'users'], []]);
    expect(summary(report)).toEqual([
      { status: 'dormant', workload: 'Deployment prod/users', root: 'users', at: 'users/app.yaml:1' },
    ]);
    expect(report.impacts[0].configs[0]).toMatchObject({ name: 'db-config', root: 'db' });
    // A second overlay deploys the database too (bank-of-anthos' production-fwi): the reader is
    // judged with each copy, and is one workload.
    const twice = (uri: string): Files => ({
      ...files(uri),
      'db-fwi/kustomization.yaml': kustomization({
        resources: ['config.yaml'],
        components: ['../components/db'],
        namespace: 'prod',
      }),
      'db-fwi/config.yaml': yaml(configMap('db-config', { URI: 'local' })),
    });
    const both = await checkChange(twice('db:5432'), twice('db:5433'));
    expect(both.impacts.map((i) => [i.workload.name, i.configs[0].root])).toEqual([
      ['users', 'db'],
      ['users', 'db-fwi'],
    ]);
    expect([headline(both), failureReason(both, 'dormant')]).toEqual([
      '1 workload will not pick up this change.',
      '1 workload dormant (fail-on: dormant)',
    ]);
    // The comment's paths and keys name it once.
    const entries = renderMarkdown(both).match(/^- Deployment `prod\/users`.*$/gm);
    expect(entries).toEqual(['- Deployment `prod/users` in users (dormant)']);
    expect(
      annotations(both)
        .filter((a) => a.level === 'warning')
        .map((a) => a.title),
    ).toEqual(['dormant: Deployment prod/users in users']);
    // One SARIF result, related to both copies' changes; one Code Quality issue.
    const [sarifRun] = (JSON.parse(renderSarif(both)) as { runs: { results: SarifResult[] }[] }).runs;
    const dormantResults = sarifRun.results.filter((r) => r.ruleId === 'dormant');
    expect(dormantResults.map((r) => r.relatedLocations.length)).toEqual([2]);
    const issues = JSON.parse(renderCodeQuality(both)) as { check_name: string }[];
    expect(issues.filter((i) => i.check_name === 'config-rollout-guard/dormant')).toHaveLength(1);
    // The same change takes a Service out of the users' overlay: its build at base is its own, of
    // the files its kustomization read there, not one of the head's files at base.
    const service = yaml({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'users' },
      spec: { ports: [{ port: 80 }] },
    });
    const withService: Files = {
      ...files('db:5432'),
      'users/kustomization.yaml': kustomization({
        resources: ['app.yaml', 'service.yaml'],
        components: ['../components/db'],
        namespace: 'prod',
      }),
      'users/service.yaml': service,
    };
    const shrunk = await checkChange(withService, files('db:5433'));
    expect([summary(shrunk), shrunk.notChecked]).toEqual([summary(report), []]);
    // Where the users' overlay makes a copy of its own, it reads that one.
    const own = (uri: string): Files => ({
      ...files(uri),
      'users/kustomization.yaml': kustomization({
        resources: ['app.yaml', 'config.yaml'],
        components: ['../components/db'],
        namespace: 'prod',
      }),
      'users/config.yaml': yaml(configMap('db-config', { URI: 'local' })),
    });
    const copies = await checkChange(own('db:5432'), own('db:5433'));
    expect(summary(copies)).toEqual([
      { status: 'dormant', workload: 'Deployment prod/users', root: 'users', at: 'users/app.yaml:1' },
    ]);
    // Its own: the config's root is the reader's, and not said.
    expect(copies.impacts.map((i) => i.configs.map((c) => [c.name, c.root ?? null]))).toEqual([
      [['db-config', null]],
    ]);
  });

  // bank-of-anthos keeps a plain bundle (kubernetes-manifests/, no namespaces) beside its overlays:
  // its copy of each config is applied wherever `kubectl apply -n` puts it, and gives way to the
  // overlay's in the overlay's own namespace, as the namespace rule has it.
  test('a plain copy of the config without a namespace leaves readers elsewhere judged; one in its namespace does not', async () => {
    const files = (level: string, copy: ReturnType<typeof configMap>): Files => ({
      'a/kustomization.yaml': kustomization({ resources: ['config.yaml'], namespace: 'web' }),
      'a/config.yaml': yaml(configMap('shared', { LEVEL: level })),
      'b/kustomization.yaml': kustomization({ resources: ['app.yaml'], namespace: 'web' }),
      'b/app.yaml': yaml(deployment('b', { containers: [container('app', envFrom('shared'))] })),
      'bundle/config.yaml': copy && yaml(copy),
    });
    const judged = async (copy: ReturnType<typeof configMap>) =>
      summary(await checkChange(files('info', copy), files('debug', copy))).map((s) => s.workload);
    expect(await judged(configMap('shared', { LEVEL: 'warn' }))).toEqual(['Deployment web/b']);
    expect(await judged(configMap('shared', { LEVEL: 'warn' }, {}, 'web'))).toEqual([]);
  });

  test('a plain config a root reads by name: the root is rendered at head and its reader judged', async () => {
    const files = (level: string): Files => ({
      // No kustomization reads configs/: Flux applies it as written.
      'configs/shared.yaml': yaml(configMap('shared', { LEVEL: level })),
      'kustomization.yaml': kustomization({ resources: ['b'] }),
      'b/kustomization.yaml': kustomization({ resources: ['app.yaml'], namePrefix: 'b-' }),
      'b/app.yaml': yaml(deployment('b', { containers: [container('app', envFrom('shared'))] })),
    });
    const report = await checkChange(files('info'), files('debug'));
    expect([report.rendered, summary(report), report.notChecked]).toEqual([
      ['.'],
      [{ status: 'dormant', workload: 'Deployment /b-b', root: '.', at: 'b/app.yaml:1' }],
      [],
    ]);
    expect(report.impacts[0].configs[0]).toMatchObject({ name: 'shared', root: null });
  });

  test('roots that deploy their own copy of a changed config, or another namespace, are no readers elsewhere', async () => {
    const reader = (name: string) =>
      yaml(deployment(name, { containers: [container('app', envFrom('shared'))] }));
    const files = (level: string, extra: Files): Files => ({
      'a/kustomization.yaml': kustomization({ resources: ['config.yaml'], namespace: 'web' }),
      'a/config.yaml': yaml(configMap('shared', { LEVEL: level })),
      ...extra,
    });
    const unread = async (extra: Files) => {
      const report = await checkChange(files('info', extra), files('debug', extra));
      return [report.impacts, report.notChecked, noReader(report, report.changes[0])];
    };
    const none = [[], [], 'No workload in its root reads the changed keys.'];
    // Another namespace: its Deployment reads a `shared` of its own namespace.
    expect(
      await unread({
        'b/kustomization.yaml': kustomization({ resources: ['app.yaml'], namespace: 'api' }),
        'b/app.yaml': reader('b'),
      }),
    ).toEqual(none);
    // Another overlay of the base the config is made from deploys its own copy: not even built.
    const overlays = (level: string): Files => ({
      'base/kustomization.yaml': kustomization({ resources: ['config.yaml'] }),
      'base/config.yaml': yaml(configMap('shared', { LEVEL: 'info' })),
      'a/kustomization.yaml': kustomization({ resources: ['../base'], patches: [{ path: 'level.yaml' }] }),
      'a/level.yaml': yaml(configMap('shared', { LEVEL: level })),
      'b/kustomization.yaml': kustomization({ resources: ['../base', 'app.yaml'] }),
      'b/app.yaml': reader('b'),
    });
    const own = await checkChange(overlays('info'), overlays('debug'));
    expect([own.rendered, own.impacts, own.notChecked]).toEqual([['a'], [], []]);
    // A second root deploys `shared` into `web` too (a cluster of its own): which one c reads is not known.
    expect(
      await unread({
        'b/kustomization.yaml': kustomization({ resources: ['config.yaml'], namespace: 'web' }),
        'b/config.yaml': yaml(configMap('shared', { LEVEL: 'warn' })),
        'c/kustomization.yaml': kustomization({ resources: ['app.yaml'], namespace: 'web' }),
        'c/app.yaml': reader('c'),
      }),
    ).toEqual(none);
  });

  test('a root that may read a changed config and cannot be built is not checked, saying which config', async () => {
    const files = (level: string): Files => ({
      'a/kustomization.yaml': kustomization({ resources: ['config.yaml'] }),
      'a/config.yaml': yaml(configMap('shared', { LEVEL: level })),
      'b/kustomization.yaml': kustomization({ resources: ['app.yaml', 'missing.yaml'] }),
      'b/app.yaml': yaml(deployment('b', { containers: [container('app', envFrom('shared'))] })),
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(report.impacts).toEqual([]);
    expect(report.notChecked).toEqual([
      expect.objectContaining({ kind: 'root', name: 'b', side: 'head', reason: 'render-failed' }),
    ]);
    expect(report.notChecked[0].message).toMatch(/Its files name ConfigMap shared, which it may read\.$/);
  });

  test('a root whose kustomization cannot take one more key is built through a wrapper, and reads the same', async () => {
    // The generator's literal changes; the root's kustomization is written four ways. Two are built
    // in place (origin annotations turned on in the root itself), two through a wrapper.
    const fields = (level: string) => ({
      resources: ['deployment.yaml'],
      configMapGenerator: [{ name: 'app-config', literals: [`LEVEL=${level}`] }],
      generatorOptions: { disableNameSuffixHash: true },
    });
    const forms = [
      (level: string) => kustomization(fields(level)),
      (level: string) => `# the app\n\n---\n${kustomization(fields(level))}# no line break after this`,
      (level: string) => JSON.stringify(fields(level)),
      (level: string) => kustomization({ ...fields(level), buildMetadata: ['managedByLabel'] }),
    ];
    for (const form of forms) {
      const report = await checkChange(
        { 'app/deployment.yaml': app(), 'app/kustomization.yaml': form('info') },
        { 'app/deployment.yaml': app(), 'app/kustomization.yaml': form('debug') },
      );
      expect(report.notChecked).toEqual([]);
      expect(summary(report)).toEqual([
        { status: 'dormant', workload: 'Deployment /app', root: 'app', at: 'app/deployment.yaml:1' },
      ]);
      const entryLine =
        form('debug')
          .split('\n')
          .findIndex((line) => line.includes('app-config')) + 1;
      expect(report.changes).toEqual([
        expect.objectContaining({ name: 'app-config', file: 'app/kustomization.yaml', line: entryLine }),
      ]);
    }
  });

  test('a repository whose change touches no kustomization closure builds nothing', async () => {
    const files = (level: string): Files => ({
      ...baseFiles({ literals: ['A=1'] }),
      'plain/config.yaml': yaml(configMap('plain', { LEVEL: level })),
      'plain/app.yaml': yaml(deployment('plain', { containers: [container('app', envFrom('plain'))] })),
    });
    const report = await checkChange(files('info'), files('debug'), { kustomize: '/nonexistent/kustomize' });
    expect(report.notChecked).toEqual([]);
    expect(summary(report)).toEqual([
      { status: 'dormant', workload: 'Deployment /plain', root: undefined, at: 'plain/app.yaml:1' },
    ]);
  });
});

describeKustomize('a change only to what a root deploys as written', () => {
  const image = (tag: string, config = 'app-config') =>
    yaml(
      deployment('app', {
        containers: [container('app', { ...envFrom(config), image: `example/app:${tag}` })],
      }),
    );
  const root = (extra: Record<string, unknown> = {}) =>
    kustomization({
      resources: ['deployment.yaml'],
      configMapGenerator: [{ name: 'app-config', literals: ['LEVEL=info'] }],
      ...extra,
    });

  test('an image bump in a resource file builds nothing: no config of the root can change', async () => {
    // kube-prometheus: the root kustomization lists every manifest; a version bump built 10 MB twice.
    const files = (tag: string): Files => ({ 'kustomization.yaml': root(), 'deployment.yaml': image(tag) });
    // No kustomize at all: a build asked for would be said not checked.
    const report = await checkChange(files('1'), files('2'), { kustomize: '/nonexistent/kustomize' });
    expect([report.rendered, report.changes, report.impacts, report.notChecked]).toEqual([[], [], [], []]);
    // A root refused for what it names is said not checked whatever the edit.
    const refused = (tag: string): Files => ({
      ...files(tag),
      'kustomization.yaml': root({ resources: ['deployment.yaml', '../../outside.yaml'] }),
    });
    const unbuilt = await checkChange(refused('1'), refused('2'));
    expect(unbuilt.notChecked.map((n) => [n.name, n.reason])).toEqual([['.', 'refused']]);
  });

  test('a file that is also a patch, or whose fields a kustomization copies, is built', async () => {
    // The Deployment's image is copied into the ConfigMap: the bump changes a config.
    const copied = (tag: string): Files => ({
      'kustomization.yaml': root({
        replacements: [
          {
            source: { kind: 'Deployment', name: 'app', fieldPath: 'spec.template.spec.containers.0.image' },
            targets: [
              { select: { kind: 'ConfigMap' }, fieldPaths: ['data.IMAGE'], options: { create: true } },
            ],
          },
        ],
      }),
      'deployment.yaml': image(tag),
    });
    const replaced = await checkChange(copied('1'), copied('2'));
    expect(replaced.rendered).toEqual(['.']);
    expect(replaced.changes.map((c) => c.name)).toEqual([expect.stringMatching(/^app-config-/)]);
    // The overlay takes the base's file as a patch too: it may change whatever it patches.
    const patched = (tag: string): Files => ({
      'base/kustomization.yaml': root(),
      'base/deployment.yaml': image(tag),
      'overlay/kustomization.yaml': kustomization({
        resources: ['../base'],
        patches: [{ path: '../base/deployment.yaml' }],
      }),
    });
    expect((await checkChange(patched('1'), patched('2'))).rendered).toEqual(['overlay']);
  });

  test('a resource file that writes a config, or what makes one, at either revision is built', async () => {
    const sealed = (value: string) =>
      yaml({
        apiVersion: 'bitnami.com/v1alpha1',
        kind: 'SealedSecret',
        metadata: { name: 'app-secret' },
        spec: { encryptedData: { TOKEN: value } },
      });
    const cases: [string, string, string][] = [
      [
        'a ConfigMap added beside the Deployment',
        image('1'),
        `${image('1')}---\n${yaml(configMap('extra', { A: '1' }))}`,
      ],
      ['a SealedSecret edited', sealed('AgBy1'), sealed('AgBy2')],
      [
        'a list, whose items may be anything',
        yaml({ apiVersion: 'v1', kind: 'List', items: [] }),
        yaml({ apiVersion: 'v1', kind: 'List', items: [configMap('listed', { A: '1' })] }),
      ],
      ['a file that does not read', image('1'), `${image('1')}  broken: [\n`],
    ];
    for (const [, before, after] of cases) {
      const files = (text: string): Files => ({ 'kustomization.yaml': root(), 'deployment.yaml': text });
      const report = await checkChange(files(before), files(after), { kustomize: '/nonexistent/kustomize' });
      expect(report.notChecked.map((n) => n.reason)).toEqual(['tool']);
    }
  });

  test('a file that declares many Flux Kustomizations: only those the change edits are built', async () => {
    const flux = (name: string, path: string, interval: string) =>
      yaml({
        apiVersion: 'kustomize.toolkit.fluxcd.io/v1',
        kind: 'Kustomization',
        metadata: { name, namespace: 'flux-system' },
        spec: { interval, path, sourceRef: { kind: 'GitRepository', name: 'repo' } },
      });
    const files = (web: string, api: string): Files => ({
      'web/kustomization.yaml': root(),
      'web/deployment.yaml': image('1'),
      'api/kustomization.yaml': root(),
      'api/deployment.yaml': image('1'),
      'clusters/apps.yaml': `${flux('web', './web', web)}---\n${flux('api', './api', api)}`,
    });
    const report = await checkChange(files('5m', '5m'), files('5m', '10m'));
    expect([report.rendered, report.notChecked]).toEqual([['api (Kustomization api)'], []]);
  });

  test('a reader in such a root, found for a config changed elsewhere, is judged against its own base', async () => {
    const files = (level: string, tag: string, replicas = 1): Files => ({
      'a/kustomization.yaml': kustomization({ resources: ['config.yaml'] }),
      'a/config.yaml': yaml(configMap('shared', { LEVEL: level })),
      'b/kustomization.yaml': kustomization({ resources: ['app.yaml'] }),
      'b/app.yaml': yaml(
        deployment('b', {
          containers: [container('app', { ...envFrom('shared'), image: `example/b:${tag}` })],
        }),
      ).replace('replicas: 1', `replicas: ${replicas}`),
    });
    // Its pod template changes too: it rolls, and reads the new config as it starts.
    const bumped = await checkChange(files('info', '1'), files('debug', '2'));
    expect([bumped.rendered, summary(bumped).map((i) => `${i.workload} ${i.status}`)]).toEqual([
      ['a', 'b'],
      ['Deployment /b rolling'],
    ]);
    // Only its replicas change: its pods stay, and so does the config they read.
    const scaled = await checkChange(files('info', '1'), files('debug', '1', 3));
    expect(summary(scaled).map((i) => `${i.workload} ${i.status}`)).toEqual(['Deployment /b dormant']);
  });
});

describe('render trees', () => {
  test("a tree takes the files another living tree holds alike as links; a file replaced in one is the other's no longer", async () => {
    const bytes = (text: string) => Buffer.from(text);
    const base = new Map([
      ['app/kustomization.yaml', bytes('resources: [cm.yaml]\n')],
      ['app/cm.yaml', bytes('kind: ConfigMap\n')],
      ['app/deploy.yaml', bytes('kind: Deployment\n')],
    ]);
    const head = new Map([...base, ['app/cm.yaml', bytes('kind: ConfigMap # edited\n')]]);
    const inode = (tree: string, path: string) => statSync(join(tree, path)).ino;
    await withTree(base, async (b) => {
      // The base tree rewrites its kustomization (as remote bases do): the head tree must not take that one.
      await replaceInTree(join(b.tree, 'app/kustomization.yaml'), 'resources: [elsewhere.yaml]\n');
      await withTree(head, async (h) => {
        expect(inode(h.tree, 'app/deploy.yaml')).toBe(inode(b.tree, 'app/deploy.yaml'));
        expect(inode(h.tree, 'app/cm.yaml')).not.toBe(inode(b.tree, 'app/cm.yaml'));
        expect(inode(h.tree, 'app/kustomization.yaml')).not.toBe(inode(b.tree, 'app/kustomization.yaml'));
        // Replacing a shared file in one tree leaves the other's as it was; two replacements of one
        // file at once (two roots rewriting a base they share) both land, the last one whole.
        await Promise.all([
          replaceInTree(join(h.tree, 'app/deploy.yaml'), 'kind: DaemonSet\n'),
          replaceInTree(join(h.tree, 'app/deploy.yaml'), 'kind: StatefulSet\n'),
        ]);
        for (const [tree, files] of [
          [
            b.tree,
            { ...Object.fromEntries(base), 'app/kustomization.yaml': 'resources: [elsewhere.yaml]\n' },
          ],
          [
            h.tree,
            { ...Object.fromEntries(head), 'app/deploy.yaml': 'kind: DaemonSet\n|kind: StatefulSet\n' },
          ],
        ] as const)
          for (const [path, text] of Object.entries(files))
            expect([path, String(text).split('|')]).toEqual([
              path,
              expect.arrayContaining([readFileSync(join(tree, path), 'utf8')]),
            ]);
        expect(readdirSync(dirname(h.tree)).filter((name) => name.startsWith('replacing-'))).toEqual([]);
      });
    });
  });
});

describe('a root built in place', () => {
  // In place: the root's own kustomization gains `buildMetadata` as one more key at its end.
  const inPlace = (text: string, root: Partial<Root> = {}) =>
    buildsInPlace(
      {
        dir: 'app',
        file: 'app/kustomization.yaml',
        options: {},
        remoteBases: [],
        remoteFiles: [],
        ...root,
      } as Root,
      new Map([['app/kustomization.yaml', Buffer.from(text)]]),
    );
  test.each([
    ['a block mapping', 'resources: [a.yaml]\n', true],
    [
      'after comments and one marker, with no last line break',
      '# x\n\n---\nresources:\n- a.yaml\n# end',
      true,
    ],
    ['CRLF lines', 'resources:\r\n- a.yaml\r\n', true],
    ['JSON', '{"resources": ["a.yaml"]}', false],
    ['a root mapping off the margin', '  resources: [a.yaml]\n', false],
    ['a directive', '%YAML 1.1\n---\nresources: [a.yaml]\n', false],
    ['a second document', 'resources: [a.yaml]\n---\nnamespace: x\n', false],
    ['an empty document first', '---\n# x\n---\nresources: [a.yaml]\n', false],
    ['a document end', 'resources: [a.yaml]\n...\n', false],
    ['its own buildMetadata', 'resources: [a.yaml]\nbuildMetadata: [managedByLabel]\n', false],
  ])('%s', (_, text, expected) => {
    expect(inPlace(text)).toBe(expected);
  });

  test("a controller's options, or a remote target rewritten in the tree, need the wrapper", () => {
    const text = 'resources: [a.yaml]\n';
    expect(inPlace(text, { options: { namespace: 'prod' } })).toBe(false);
    expect(inPlace(text, { options: { defaultNamespace: 'prod' } })).toBe(true);
    expect(
      inPlace(text, { remoteBases: [{ entry: 'https://example.com/x', file: 'app/kustomization.yaml' }] }),
    ).toBe(false);
    expect(
      inPlace(text, { remoteFiles: [{ entry: 'https://example.com/x', file: 'app/kustomization.yaml' }] }),
    ).toBe(false);
    expect(inPlace('')).toBe(false);
  });
});

describe('a kustomize that cannot build for this check', () => {
  // Trusted programs (--kustomize), written outside the repository: one that is no kustomize at
  // all and prints nothing, one that is too old to know buildMetadata and says so as v3 would.
  const program = (name: string, body: string) => {
    const path = join(scratchDir('crg-fake-kustomize-'), name);
    writeFileSync(path, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return path;
  };
  const files = (level: string): Files => baseFiles({ literals: [`LEVEL=${level}`] });
  const silent = program('kustomize', 'exit 0');
  const old = program(
    'kustomize',
    'if [ "$1" = version ]; then echo "{Version:kustomize/v3.8.7}"; exit 0; fi\necho \'Error: json: unknown field "buildMetadata"\' >&2; exit 1',
  );
  test.each([
    ['prints nothing', silent, `${silent} could not be run as kustomize`],
    [
      'is older than v4',
      old,
      `${old} has kustomize v3.8.7; rendered mode needs v4 or newer (install kustomize, or set --kustomize PATH)`,
    ],
  ])('one that %s leaves the root not checked, saying why, never all clear', async (_, path, message) => {
    const report = await checkChange(files('info'), files('debug'), { kustomize: path });
    expect(report.impacts).toEqual([]);
    expect(report.notChecked.map((n) => [n.name, n.reason, n.message])).toEqual([
      ['base', 'tool', `kustomize cannot build it at both revisions: ${message}.`],
    ]);
  });
});

describeKustomize('files outside a kustomization directory', () => {
  test('an overlay that names a file of a sibling directory builds, as Flux builds it (no load restriction)', async () => {
    const files = (level: string): Files => ({
      'shared/deployment.yaml': app(),
      'shared/config.yaml': yaml(configMap('app-config', { LEVEL: level })),
      'apps/web/kustomization.yaml': kustomization({
        resources: ['../../shared/deployment.yaml', '../../shared/config.yaml'],
        namespace: 'web',
      }),
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(report.notChecked).toEqual([]);
    expect(summary(report)).toEqual([
      { status: 'dormant', workload: 'Deployment web/app', root: 'apps/web', at: 'shared/deployment.yaml:1' },
    ]);
  });

  test('a resource kept as a symbolic link to a file of the repository: a change only to that file touches the overlay', async () => {
    const files = (level: string): Bytes => ({
      'shared/config.yaml': yaml(configMap('app-config', { LEVEL: level })),
      'apps/web/config.yaml': { link: '../../shared/config.yaml' },
      'apps/web/deployment.yaml': app(),
      'apps/web/kustomization.yaml': kustomization({
        resources: ['deployment.yaml', 'config.yaml'],
        namespace: 'web',
      }),
    });
    const report = await checkChange(files('info'), files('debug'));
    expect(report.notChecked).toEqual([]);
    expect(report.rendered).toEqual(['apps/web']);
    expect(summary(report)).toEqual([
      {
        status: 'dormant',
        workload: 'Deployment web/app',
        root: 'apps/web',
        at: 'apps/web/deployment.yaml:1',
      },
    ]);
    expect(report.changes.map((c) => `${c.namespace}/${c.name} ${c.file}:${c.line}`)).toEqual([
      'web/app-config shared/config.yaml:4',
    ]);
  });

  test.each([['../../outside.yaml'], ['/etc/hostname']])(
    'a kustomization that names %s, outside the repository: not built, said, nothing read',
    async (entry) => {
      const files = (level: string): Files => ({
        'app/kustomization.yaml': kustomization({
          resources: ['deployment.yaml'],
          configMapGenerator: [{ name: 'app-config', literals: [`LEVEL=${level}`], files: [entry] }],
        }),
        'app/deployment.yaml': app(),
      });
      const report = await checkChange(files('info'), files('debug'));
      expect(report.notChecked.map((n) => n.message)).toEqual([
        expect.stringContaining(
          `app/kustomization.yaml: configMapGenerator files names ${entry}, outside the repository`,
        ),
      ]);
    },
  );
});

describeKustomize('fix in rendered mode', () => {
  test('a reader another root builds is not stamped: fix says why and what cures it, and writes nothing', async () => {
    const files = (level: string): Files => ({
      'a/kustomization.yaml': kustomization({ resources: ['config.yaml'] }),
      'a/config.yaml': yaml(configMap('shared', { LEVEL: level })),
      'b/kustomization.yaml': kustomization({ resources: ['app.yaml'], namePrefix: 'b-' }),
      'b/app.yaml': yaml(deployment('b', { containers: [container('app', envFrom('shared'))] })),
    });
    const { repo, base } = await twoCommits(files('info'), files('debug'));
    const fixed = await cli(['fix', '--base', base], { cwd: repo.dir });
    expect(fixed.stdout).toContain('Nothing stamped: the workloads below need another cure.');
    expect(fixed.stdout).toContain(
      'b/app.yaml:1  did not stamp Deployment b-b: it reads ConfigMap shared, which a deploys, outside b, the root that builds it, so no stamp there can follow it. ' +
        'Let Reloader roll it (reloader.stakater.com/auto), or deploy the config from the root that builds it.',
    );
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: repo.dir, encoding: 'utf8' })).toBe('');
  });

  test('a patch beside the overlay carries the hash: fix, then check passes, the kustomization gains only the entry', async () => {
    const overlay = kustomization({ resources: ['../../base'], namespace: 'prod', namePrefix: 'prod-' });
    const files = (level: string): Files => ({
      ...baseFiles({ envs: ['app.env'] }, { generatorOptions: { disableNameSuffixHash: true } }),
      'base/app.env': `LEVEL=${level}\n`,
      'overlays/prod/kustomization.yaml': overlay,
    });
    const { repo, base } = await twoCommits(files('info'), files('debug'));
    const check = async () => {
      const out = await cli(['check', '--base', base, '--format', 'json'], { cwd: repo.dir });
      return { code: out.code, report: JSON.parse(out.stdout) as Report };
    };
    const before = await check();
    expect(before.code).toBe(1);
    expect(summary(before.report).map((s) => [s.status, s.workload])).toEqual([
      ['dormant', 'Deployment prod/prod-app'],
    ]);
    expect(before.report.impacts[0].reason).toMatch(/disableNameSuffixHash/);

    const fixed = await cli(['fix', '--base', base], { cwd: repo.dir });
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toMatch(/^Stamped 1 workload in 2 files/);
    const patch = readFileSync(
      join(repo.dir, 'overlays/prod/config-rollout-guard.deployment.app.yaml'),
      'utf8',
    );
    expect(patch).toMatch(/config-rollout-guard\/hash: sha256:[0-9a-f]{64}/);
    const kustomizationAfter = readFileSync(join(repo.dir, 'overlays/prod/kustomization.yaml'), 'utf8');
    expect(kustomizationAfter.startsWith(overlay)).toBe(true);
    expect(kustomizationAfter.slice(overlay.length)).toBe(
      // Indented as the file indents its other lists.
      'patches:\n  - path: config-rollout-guard.deployment.app.yaml\n    target:\n      kind: Deployment\n      name: app\n',
    );

    const after = await check();
    expect(after.code).toBe(0);
    expect(summary(after.report).map((s) => [s.status, s.workload])).toEqual([
      ['rolling', 'Deployment prod/prod-app'],
    ]);
    const again = await cli(['fix', '--base', base], { cwd: repo.dir });
    expect(again.stdout).toMatch(/^Nothing to fix/);

    // Committed, then the config changes again without a new stamp: the hash no longer matches.
    await repo.commit('fix');
    const stamped = (await repo.git.revparse(['HEAD'])).trim();
    repo.write({ 'base/app.env': 'LEVEL=warn\n' });
    const drifted = await cli(['check', '--base', stamped, '--format', 'json'], { cwd: repo.dir });
    expect(drifted.code).toBe(1);
    expect((JSON.parse(drifted.stdout) as Report).impacts.map((i) => i.status)).toEqual(['stale-hash']);
  });
  test('a stamp over two configs, one in a document that never names the other, is verified against both', async () => {
    // A check reads of a build only the documents the change needs; a stamped reader's hash covers
    // every config it reads, so those are read too, or a right stamp would look stale.
    const files = (level: string): Files => ({
      'base/kustomization.yaml': kustomization({
        resources: ['deployment.yaml', 'limits.yaml'],
        configMapGenerator: [{ name: 'app-config', envs: ['app.env'] }],
        generatorOptions: { disableNameSuffixHash: true },
      }),
      'base/app.env': `LEVEL=${level}\n`,
      'base/limits.yaml': yaml(configMap('limits', { MAX: '10' })),
      'base/deployment.yaml': yaml(
        deployment('app', {
          containers: [
            container('app', {
              envFrom: [{ configMapRef: { name: 'app-config' } }, { configMapRef: { name: 'limits' } }],
            }),
          ],
        }),
      ),
    });
    const { repo, base } = await twoCommits(files('info'), files('debug'));
    const check = async (against: string) => {
      const out = await cli(['check', '--base', against, '--format', 'json'], { cwd: repo.dir });
      return JSON.parse(out.stdout) as Report;
    };
    expect((await cli(['fix', '--base', base], { cwd: repo.dir })).code).toBe(0);
    const stampedRight = await check(base);
    expect(stampedRight.impacts.map((i) => [i.status, i.workload.name])).toEqual([['rolling', 'app']]);
    expect(stampedRight.diagnostics).toEqual([]);

    await repo.commit('fix');
    const stamped = (await repo.git.revparse(['HEAD'])).trim();
    repo.write({ 'base/app.env': 'LEVEL=warn\n' });
    const drifted = await check(stamped);
    expect(drifted.impacts.map((i) => [i.status, i.workload.name])).toEqual([['stale-hash', 'app']]);
    expect(drifted.diagnostics).toEqual([]);
  });
});
