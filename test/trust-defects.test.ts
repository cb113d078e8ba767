import type { Report } from '../src/model/types.js';
import { cli } from './helpers/cli.js';
import { HELM } from './helpers/helm.js';
import { hasKustomize } from './helpers/kustomize.js';
import { twoCommits, type Files } from './helpers/scenario.js';
import { scratchDir } from './helpers/temp-repo.js';

// What a new user met on real repositories (kubeflow/manifests, its katib chart, kube-prometheus),
// each as a real repository rendered by the real tools; the tests assert behaviour, not wording.

async function check(base: Files, head: Files, extra: string[] = []) {
  const { repo, base: b, head: h } = await twoCommits(base, head);
  const json = await cli(['check', '--base', b, '--head', h, '--format', 'json', ...extra], {
    cwd: repo.dir,
  });
  const text = await cli(['check', '--base', b, '--head', h, ...extra], { cwd: repo.dir });
  return {
    report: JSON.parse(json.stdout) as Report,
    code: json.code,
    headline: text.stdout.split('\n')[1],
    repo,
    base: b,
  };
}

const cronJob = (name: string, config: string) =>
  [
    'apiVersion: batch/v1',
    'kind: CronJob',
    `metadata: {name: ${name}}`,
    'spec:',
    '  schedule: "0 * * * *"',
    '  jobTemplate:',
    '    spec:',
    '      template:',
    '        spec:',
    '          restartPolicy: Never',
    `          containers: [{name: job, image: busybox, envFrom: [{configMapRef: {name: ${config}}}]}]`,
    '',
  ].join('\n');

const describeKustomize = hasKustomize ? describe : describe.skip;

describeKustomize('headlines and roots', () => {
  test('a change read only by a workload the change adds: the headline says so, never "no workload reads it"', async () => {
    const files = (level: string, extra: Files = {}): Files => ({
      'app/kustomization.yaml': `resources: [${Object.keys(extra).length ? 'cron.yaml' : ''}]\nconfigMapGenerator:\n  - {name: app-config, literals: [LEVEL=${level}]}\ngeneratorOptions: {disableNameSuffixHash: true}\n`,
      ...extra,
    });
    const { report, headline } = await check(
      files('info'),
      files('debug', { 'app/cron.yaml': cronJob('report', 'app-config') }),
    );
    expect(report.impacts).toEqual([]);
    expect(report.unaffected.map((u) => u.workload.name)).toEqual(['report']);
    expect(headline).not.toMatch(/No workload/);
    expect(headline).toMatch(/1 workload this change adds/);
  });

  test('a kustomization at the repository root renders like any other', async () => {
    const files = (level: string): Files => ({
      'kustomization.yaml':
        'resources: [deployment.yaml]\nconfigMapGenerator:\n  - {name: app-config, literals: [LEVEL=' +
        level +
        ']}\ngeneratorOptions: {disableNameSuffixHash: true}\n',
      'deployment.yaml': [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: {name: grafana}',
        'spec:',
        '  selector: {matchLabels: {app: g}}',
        '  template:',
        '    metadata: {labels: {app: g}}',
        '    spec: {containers: [{name: g, image: grafana, envFrom: [{configMapRef: {name: app-config}}]}]}',
        '',
      ].join('\n'),
      'nested/kustomization.yaml': 'resources: []\n',
    });
    const { report } = await check(files('info'), files('debug'));
    expect(report.notChecked).toEqual([]);
    expect(report.impacts.map((i) => [i.workload.name, i.workload.source?.root, i.status])).toEqual([
      ['grafana', '.', 'dormant'],
    ]);
  });
});

(HELM ? describe : describe.skip)('charts', () => {
  test('values that change on every render (genCA, randAlphaNum) are not a change: a comment-only edit passes, and the note names the function', async () => {
    const chart = (comment: string): Files => ({
      'katib/Chart.yaml': 'apiVersion: v2\nname: katib\nversion: 1.0.0\n',
      'katib/values.yaml': `${comment}\nlevel: info\n`,
      'katib/templates/secret.yaml': [
        '{{- $ca := genCA "katib-ca" 365 }}',
        'apiVersion: v1',
        'kind: Secret',
        'metadata: {name: katib-webhook-cert}',
        'type: kubernetes.io/tls',
        'data:',
        '  tls.crt: {{ $ca.Cert | b64enc }}',
        '  tls.key: {{ $ca.Key | b64enc }}',
        '---',
        'apiVersion: v1',
        'kind: Secret',
        'metadata: {name: katib-db, namespace: katib-system}',
        'stringData:',
        '  password: {{ randAlphaNum 16 | quote }}',
        '  level: {{ .Values.level | quote }}',
        '',
      ].join('\n'),
      'katib/templates/deployment.yaml': [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: {name: katib-controller, namespace: katib-system}',
        'spec:',
        '  selector: {matchLabels: {app: k}}',
        '  template:',
        '    metadata: {labels: {app: k}}',
        '    spec:',
        '      containers: [{name: k, image: katib, envFrom: [{secretRef: {name: katib-db}}]}]',
        '      volumes: [{name: certs, secret: {secretName: katib-webhook-cert}}]',
        '',
      ].join('\n'),
    });
    const { report, code } = await check(chart('# one'), chart('# two'), ['--helm', HELM!]);
    expect(code).toBe(0);
    expect(report.changes).toEqual([]);
    expect(report.impacts).toEqual([]);
    expect(report.diagnostics.map((d) => d.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/katib-webhook-cert .*tls\.crt, tls\.key differ between two renders .*genCA/),
        // openfaas/faas-netes: one key, and the object named with its namespace (the chart makes
        // one in each of two namespaces).
        expect.stringMatching(
          /^Secret katib-system\/katib-db \(katib\): password differs between .*, so its changes are not judged. To keep it stable/,
        ),
      ]),
    );
    // The same chart as a dependency kept in the repository (file://) of another: its templates count too.
    const umbrella = {
      'platform/Chart.yaml':
        'apiVersion: v2\nname: platform\nversion: 1.0.0\ndependencies:\n  - {name: katib, version: 1.0.0, repository: "file://../katib"}\n',
    };
    const through = await check({ ...chart('# one'), ...umbrella }, { ...chart('# two'), ...umbrella }, [
      '--helm',
      HELM!,
    ]);
    expect(through.report.rendered).toEqual(['katib', 'platform']);
    expect(through.report.changes).toEqual([]);
    expect(through.code).toBe(0);
    // A real change beside the random keys is still judged.
    const changed = await check(
      chart('# one'),
      { ...chart('# one'), 'katib/values.yaml': 'level: debug\n' },
      ['--helm', HELM!],
    );
    expect(changed.report.changes.map((c) => [c.name, c.keys.modified])).toEqual([['katib-db', ['level']]]);
    expect(changed.report.impacts.map((i) => i.status)).toEqual(['dormant']);
  });
});

describe('adoption', () => {
  test('a workload reading only a Secret the repository does not hold is not stamped, and stays listed as a risk with a fitting remedy', async () => {
    const { TempRepo } = await import('./helpers/temp-repo.js');
    const repo = await TempRepo.create();
    try {
      repo.write({
        'app.yaml': [
          'apiVersion: apps/v1',
          'kind: Deployment',
          'metadata: {name: web}',
          'spec:',
          '  selector: {matchLabels: {app: w}}',
          '  template:',
          '    metadata: {labels: {app: w}}',
          '    spec:',
          '      containers: [{name: w, image: nginx, volumeMounts: [{name: tls, mountPath: /tls}]}]',
          '      volumes: [{name: tls, secret: {secretName: web-tls}}]',
          '',
        ].join('\n'),
      });
      await repo.commit('a Deployment reading a cert-manager Secret');
      const fix = await cli(['fix'], { cwd: repo.dir });
      expect(fix.stdout).toMatch(/Nothing stamped: the workloads below need another cure/);
      expect(fix.stdout).toMatch(
        /did not stamp Deployment web: it reads only Secret web-tls, which this repository does not hold/,
      );
      const risks = await cli(['scan', '--risks', '--format', 'json'], { cwd: repo.dir });
      const messages = (JSON.parse(risks.stdout) as { diagnostics: { message: string }[] }).diagnostics.map(
        (d) => d.message,
      );
      expect(messages).toEqual([
        expect.stringMatching(/reads Secret web-tls, which is not in this repository .*Reloader/),
      ]);
    } finally {
      repo.cleanup();
    }
  });
});

describe('dry-run patches', () => {
  /** `fix --dry-run` printed a patch; plain `git apply` on a clean copy gives exactly what `fix` writes. */
  async function patchAgreesWithFix(base: Files, head: Files, extra: string[] = []) {
    const { execFileSync } = await import('node:child_process');
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { repo, base: b } = await twoCommits(base, head);
    const dry = await cli(['fix', '--base', b, '--dry-run', ...extra], { cwd: repo.dir });
    expect(dry.stdout).toMatch(/^diff --git/);
    const { TempRepo } = await import('./helpers/temp-repo.js');
    const clean = await TempRepo.create();
    try {
      execFileSync('git', ['clone', '--quiet', repo.dir, clean.dir + '/c']);
      const copy = join(clean.dir, 'c');
      execFileSync('git', ['apply'], { cwd: copy, input: dry.stdout });
      await cli(['fix', '--base', b, ...extra], { cwd: repo.dir });
      const changed = execFileSync('git', ['status', '--porcelain'], { cwd: repo.dir, encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map((l) => l.slice(3));
      expect(changed.length).toBeGreaterThan(0);
      for (const file of changed)
        expect({ file, text: readFileSync(join(copy, file), 'utf8') }).toEqual({
          file,
          text: readFileSync(join(repo.dir, file), 'utf8'),
        });
      // Three lines of context on every hunk that has three lines around it.
      for (const hunk of dry.stdout.split('\n').filter((l) => l.startsWith('@@')))
        expect(hunk).not.toMatch(/^@@ -[1-9]\d*,0 /);
    } finally {
      clean.cleanup();
    }
  }

  const deployment = (config: string) =>
    [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: {name: app}',
      'spec:',
      '  selector: {matchLabels: {app: a}}',
      '  template:',
      '    metadata:',
      '      labels: {app: a}',
      '    spec:',
      '      containers:',
      '        - name: app',
      '          image: nginx',
      '          envFrom:',
      `            - configMapRef: {name: ${config}}`,
      '',
    ].join('\n');

  test('plain manifests', async () => {
    const files = (level: string): Files => ({
      'app.yaml': deployment('cfg'),
      'cfg.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg}\ndata: {level: ${level}}\n`,
    });
    await patchAgreesWithFix(files('info'), files('debug'));
  });

  (hasKustomize ? test : test.skip)(
    'a kustomize root indented by 2: the patch file and the entry, at its indentation',
    async () => {
      const files = (level: string): Files => ({
        'app/kustomization.yaml': `resources:\n  - deployment.yaml\nconfigMapGenerator:\n  - name: cfg\n    literals: [LEVEL=${level}]\ngeneratorOptions:\n  disableNameSuffixHash: true\n`,
        'app/deployment.yaml': deployment('cfg'),
      });
      await patchAgreesWithFix(files('info'), files('debug'));
    },
  );

  (HELM ? test : test.skip)(
    'a chart template: the checksum line lands under the pod template annotations',
    async () => {
      const chart = (level: string): Files => ({
        'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 1.0.0\n',
        'web/values.yaml': `level: ${level}\n`,
        'web/templates/configmap.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-config\ndata:\n  level: {{ .Values.level | quote }}\n',
        'web/templates/deployment.yaml': deployment('web-config').replace(
          '      labels: {app: a}',
          '      annotations:\n        team: web\n      labels: {app: a}',
        ),
      });
      await patchAgreesWithFix(chart('info'), chart('debug'), ['--helm', HELM!]);
    },
  );
});

(hasKustomize ? test : test.skip)(
  'the fix summary lists a kustomize workload once, with its root and every file written for it',
  async () => {
    const files = (level: string): Files => ({
      'app/kustomization.yaml': `resources:\n  - deployment.yaml\nconfigMapGenerator:\n  - {name: cfg, literals: [LEVEL=${level}]}\ngeneratorOptions: {disableNameSuffixHash: true}\n`,
      'app/deployment.yaml': `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: app}\nspec:\n  selector: {matchLabels: {app: a}}\n  template:\n    metadata: {labels: {app: a}}\n    spec: {containers: [{name: app, image: nginx, envFrom: [{configMapRef: {name: cfg}}]}]}\n`,
    });
    const { repo, base } = await twoCommits(files('info'), files('debug'));
    const fix = await cli(['fix', '--base', base], { cwd: repo.dir });
    const lines = fix.stdout.split('\n').filter((l) => l.includes('Deployment app'));
    expect(lines).toEqual([
      '  Deployment app in app  app/config-rollout-guard.deployment.app.yaml (new), app/kustomization.yaml',
    ]);
  },
);

(hasKustomize ? test : test.skip)(
  'the same reason at many roots is one line naming them, with the revision, and a next step',
  async () => {
    const root = (dir: string, level: string): Files => ({
      [`${dir}/kustomization.yaml`]: `resources: [deployment.yaml, "https://example.com/base.yaml"]\nconfigMapGenerator:\n  - {name: cfg, literals: [LEVEL=${level}]}\n`,
      [`${dir}/deployment.yaml`]: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n',
    });
    const files = (level: string) => ({
      ...root('a', level),
      ...root('b', level),
      ...root('c', level),
      ...root('d', level),
    });
    const { repo, base: b } = await twoCommits(files('info'), files('debug'));
    // Offline: the base names the URL, so it would be fetched; the test stays off the network.
    const text = await cli(['check', '--base', b, '--offline', '--cache-dir', scratchDir('crg-cache-')], {
      cwd: repo.dir,
    });
    const lines = text.stdout.split('\n');
    const grouped = lines.filter((l) => l.includes('4 roots'));
    expect(grouped).toEqual([
      expect.stringMatching(
        /^ {2}4 roots \(a \(a\/kustomization\.yaml:1\), b .*, c .* and 1 more\): kustomize cannot build it at both revisions: https:\/\/example\.com\/base\.yaml is not in the cache, and the check runs --offline/,
      ),
    ]);
    expect(lines.find((l) => l.startsWith('Next:'))).toMatch(
      /with `--offline` nothing is fetched\), or keep a warm cache.*warn-not-checked: \[\{reason: fetch-failed\}\]/,
    );
  },
);
