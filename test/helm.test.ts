import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Report } from '../src/model/types.js';
import { nextStep } from '../src/model/status.js';
import { groupNotChecked } from '../src/stages/9-report/wording.js';
import { cli } from './helpers/cli.js';
import { HELM } from './helpers/helm.js';
import { hasKustomize } from './helpers/kustomize.js';
import { checkChange, twoCommits, type Bytes, type Files } from './helpers/scenario.js';
import { scratchDir } from './helpers/temp-repo.js';

// Real `helm template` (helm on PATH, or the bundled Linux binary) over real two-commit repositories.
const describeHelm = HELM ? describe : describe.skip;
const helm = HELM ?? 'helm';

const CHART = 'apiVersion: v2\nname: web\nversion: 1.2.0\n';
const VALUES = 'replicas: 2\nconfig:\n  timeout: 5s\n  mode: fast\n';
const CONFIGMAP = `apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ .Release.Name }}-config
  labels:
    helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version }}
data:
  TIMEOUT: {{ .Values.config.timeout | quote }}
  MODE: {{ .Values.config.mode | quote }}
`;
/** The Deployment template; `annotations` are the pod template's, `own` the Deployment's. */
const deployment = (annotations: string[] = [], own: string[] = []) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .Release.Name }}
${own.length ? `  annotations:\n${own.map((a) => `    ${a}\n`).join('')}` : ''}spec:
  replicas: {{ .Values.replicas }}
  selector:
    matchLabels: {app: web}
  template:
    metadata:
${annotations.length ? `      annotations:\n${annotations.map((a) => `        ${a}\n`).join('')}` : ''}      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx
          envFrom:
            - configMapRef:
                name: {{ .Release.Name }}-config
`;
const WHOLE_FILE =
  'checksum/config: {{ include (print $.Template.BasePath "/configmap.yaml") . | sha256sum }}';
const DATA_ONLY =
  'checksum/config: {{ (include (print $.Template.BasePath "/configmap.yaml") . | fromYaml).data | toJson | sha256sum }}';

function chart(
  options: { values?: string; configmap?: string; deployment?: string; dir?: string } = {},
): Files {
  const dir = options.dir ?? 'chart';
  return {
    [`${dir}/Chart.yaml`]: CHART,
    [`${dir}/values.yaml`]: options.values ?? VALUES,
    [`${dir}/templates/configmap.yaml`]: options.configmap ?? CONFIGMAP,
    [`${dir}/templates/deployment.yaml`]: options.deployment ?? deployment(),
  };
}

const slower = VALUES.replace('5s', '9s');
const summary = (report: Report) =>
  report.impacts.map((i) => ({
    status: i.status,
    workload: `${i.workload.kind} ${i.workload.namespace ?? ''}/${i.workload.name}`,
    source: i.workload.source,
    at: `${i.workload.file}:${i.workload.line}`,
  }));
/** The chart's checksum notices (rollout notes, also notices, have their own tests). */
const notices = (report: Report) =>
  report.diagnostics
    .filter((d) => d.severity === 'notice' && /checksum/.test(d.message))
    .map((d) => `${d.file}:${d.line} ${d.message}`);
/** The CLI's JSON report of base..head, as a user runs it. */
const jsonReport = async (dir: string, base: string, head: string) =>
  JSON.parse(
    (await cli(['check', '--base', base, '--head', head, '--format', 'json', '--helm', helm], { cwd: dir }))
      .stdout,
  ) as Report;
const check = (base: Bytes, head: Bytes, options = {}) => checkChange(base, head, { helm, ...options });
/** A Flux HelmRelease `web` of the chart in this repository, with `rest` after its chart. */
const fluxRelease = (
  rest = '',
  { namespace, source = 'name: repo' }: { namespace?: string; source?: string } = {},
) =>
  `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: web
${namespace ? `  namespace: ${namespace}\n` : ''}spec:
  chart:
    spec:
      chart: ./chart
      sourceRef: {kind: GitRepository, ${source}}
${rest}`;
/** The same, its values from ConfigMap `from`. */
const valuesFromRelease = (from: string, namespace?: string) =>
  fluxRelease(`  valuesFrom:\n    - kind: ConfigMap\n      name: ${from}\n`, { namespace });

describeHelm('Helm rendered mode', () => {
  test('a document that cannot be read is not checked when it names a changed config, and costs nothing when it does not', async () => {
    // More aliases than a manifest has (an alias bomb) reads as unreadable here; helm prints it.
    const aliases = (name: string, mention: string) => `apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}
data:
  note: &n "${mention}"
  list: ${JSON.stringify(Array.from({ length: 1001 }, () => '*n')).replaceAll('"', '')}
`;
    const quiet = {
      ...chart(),
      'chart/templates/aliases.yaml': aliases('{{ .Release.Name }}-aliases', 'unrelated'),
    };
    const report = await check(quiet, { ...quiet, 'chart/values.yaml': slower });
    expect(report.notChecked).toEqual([]);
    expect(summary(report).map((s) => s.status)).toEqual(['dormant']);

    const naming = {
      ...chart(),
      'chart/templates/aliases.yaml': aliases(
        '{{ .Release.Name }}-aliases',
        'see {{ .Release.Name }}-config',
      ),
    };
    const named = await check(naming, { ...naming, 'chart/values.yaml': slower });
    expect(named.impacts).toEqual([]);
    expect(named.rendered).toEqual([]);
    expect(named.notChecked.map((n) => [n.name, n.reason])).toEqual([['chart', 'unreadable']]);
    expect(named.notChecked[0].message).toMatch(/more than 1000 aliases/);
  });

  // wikimedia/operations-deployment-charts: mediawiki's service.yaml.tpl renders `labels:` twice.
  // helm and kubectl take the last; yaml refuses the document, and the whole chart went unchecked.
  test('a Service the parser cannot read hides nothing: the chart is judged, the Service is said', async () => {
    const service = (apiVersion: string) => `apiVersion: ${apiVersion}
kind: Service
metadata:
  name: {{ .Release.Name }}
  labels:
  labels:
    timeout: {{ .Values.config.timeout | quote }}
spec:
  ports: [{port: 80}]
`;
    const files = { ...chart(), 'chart/templates/service.yaml': service('v1') };
    const report = await check(files, { ...files, 'chart/values.yaml': slower });
    expect(report.notChecked).toEqual([]);
    expect(summary(report).map((s) => s.status)).toEqual(['dormant']);
    expect(
      report.diagnostics
        .filter((d) => d.severity === 'warning')
        .map((d) => `${d.file}:${d.line} ${d.message}`),
    ).toEqual([
      expect.stringMatching(
        /^chart\/templates\/service\.yaml:1 .*twice.*It is a Service, which holds no config and runs no pods/,
      ),
    ]);
    // Knative's Service runs pods: the same document of it leaves the chart not checked, and what
    // else could not be read adds nothing to that.
    const role = service('rbac.authorization.k8s.io/v1').replace('kind: Service', 'kind: Role');
    const knative = {
      ...chart(),
      'chart/templates/service.yaml': service('serving.knative.dev/v1'),
      'chart/templates/role.yaml': role,
    };
    const unknown = await check(knative, { ...knative, 'chart/values.yaml': slower });
    expect(unknown.notChecked.map((n) => [n.name, n.reason, n.side])).toEqual([
      ['chart', 'unreadable', 'both'],
    ]);
    expect(unknown.impacts).toEqual([]);
    expect(unknown.diagnostics.filter((d) => d.message.includes('holds no config'))).toEqual([]);
  });

  // alphagov/govuk-helm-charts: argo-bootstrap's templates hold the Applications it deploys, valid YAML
  // with `values-{{ .Values.govukEnvironment }}.yaml` quoted; read as a plain one, every change to the
  // chart it names was refused for a values file outside the repository.
  test('a file of two HelmReleases of one chart: only the release the change edits is rendered', async () => {
    const releases = (interval: string) =>
      `${fluxRelease('  interval: 5m\n')}---\n${fluxRelease(`  interval: ${interval}\n`).replace('name: web', 'name: api')}`;
    const report = await check(
      { ...chart(), 'apps/releases.yaml': releases('5m') },
      { 'apps/releases.yaml': releases('10m') },
    );
    expect([report.rendered, report.notChecked]).toEqual([['chart (HelmRelease api)'], []]);
  });

  test('an Application in a chart template with template actions declares nothing, one without them declares its release', async () => {
    const app = `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: web\nspec:\n  source:\n    repoURL: https://example.com/repo.git\n    path: chart\n    helm:\n      valueFiles:\n        - "values-{{ .Values.env }}.yaml"\n  destination: {namespace: apps}\n`;
    const base = {
      ...chart(),
      'boot/Chart.yaml': 'apiVersion: v2\nname: boot\nversion: 1.0.0\n',
      'boot/values.yaml': 'env: test\n',
      'boot/templates/app.yaml': app,
    };
    const report = await check(base, { 'chart/values.yaml': slower });
    expect(report.notChecked).toEqual([]);
    expect(summary(report).map((s) => `${s.status} ${s.workload} ${s.source?.root}`)).toEqual([
      'dormant Deployment /web chart',
    ]);
    // Written without template actions, it is what the chart renders: it declares the release.
    const fixed = app.replace('values-{{ .Values.env }}.yaml', 'values-prod.yaml');
    const declared = await check(
      { ...base, 'boot/templates/app.yaml': fixed, 'chart/values-prod.yaml': 'replicas: 3\n' },
      { 'chart/values.yaml': slower },
    );
    expect(declared.notChecked).toEqual([]);
    expect(declared.rendered).toEqual(['chart (Application web)']);
    expect(summary(declared).map((s) => `${s.status} ${s.workload}`)).toEqual([
      'dormant Deployment apps/web',
    ]);
  });

  test("a chart's workload that reads a config another chart makes is judged, though the change never touches it (govuk's app-config)", async () => {
    // alphagov/govuk-helm-charts: charts/app-config makes ConfigMap govuk-apps-env; the apps' chart
    // reads it by name through envFrom. Two releases of that chart, one in the config's namespace.
    const application = (name: string, path: string, namespace: string) => `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: ${name}
spec:
  destination:
    namespace: ${namespace}
  source:
    repoURL: https://example.com/repo.git
    path: ${path}
`;
    const files = (level: string): Files => ({
      'app-config/Chart.yaml': 'apiVersion: v2\nname: app-config\nversion: 1.0.0\n',
      'app-config/values.yaml': `level: ${level}\n`,
      'app-config/templates/env.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: apps-env\ndata:\n  LEVEL: {{ .Values.level | quote }}\n',
      ...chart({ dir: 'app', deployment: deployment().replace('{{ .Release.Name }}-config', 'apps-env') }),
      'apps/app-config.yaml': application('app-config', 'app-config', 'apps'),
      'apps/web.yaml': application('web', 'app', 'apps'),
      'apps/web-other.yaml': application('web-other', 'app', 'other'),
    });
    const report = await check(files('info'), files('debug'));
    expect(report.rendered).toEqual([
      'app (Application web)',
      'app (Application web-other)',
      'app-config (Application app-config)',
    ]);
    expect(summary(report)).toEqual([
      {
        status: 'dormant',
        workload: 'Deployment apps/web',
        source: { root: 'app (Application web)', renderer: 'helm', release: 'web' },
        at: 'app/templates/deployment.yaml:2',
      },
    ]);
    expect(report.impacts[0].configs[0]).toMatchObject({
      name: 'apps-env',
      root: 'app-config (Application app-config)',
    });
    expect(report.notChecked).toEqual([]);
    // No checksum in the app's chart can follow a config another chart makes: no notice asks for one.
    expect(notices(report)).toEqual([]);
    expect(nextStep(report, 'abc1234', 'terminal')).toMatch(/^Let Reloader roll the release's workloads/);
  });

  test('a values edit without a checksum: dormant, pointing at the changed values line, with the missing-checksum notice', async () => {
    const report = await check(chart(), chart({ values: slower }));
    expect(summary(report)).toEqual([
      {
        status: 'dormant',
        workload: 'Deployment /web',
        source: { root: 'chart', renderer: 'helm', release: 'web' },
        at: 'chart/templates/deployment.yaml:2',
      },
    ]);
    expect(report.changes).toEqual([
      expect.objectContaining({
        kind: 'ConfigMap',
        name: 'web-config',
        file: 'chart/values.yaml',
        line: 3,
        keys: { added: [], removed: [], modified: ['TIMEOUT'] },
      }),
    ]);
    expect(report.rendered).toEqual(['chart']);
    expect(notices(report)).toEqual([
      expect.stringMatching(
        /^chart\/templates\/deployment.yaml:2 Deployment web: reads ConfigMap web-config rendered by the chart, and its pod template has no checksum annotation/,
      ),
    ]);
  });

  test('the missing-checksum notice names every config its reader reads, also one the change leaves alone', async () => {
    // The second config's document never names the first: a check that read only what names the
    // change would not know the Deployment reads it.
    const limits =
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-limits\ndata:\n  MAX: "10"\n';
    const readsBoth = deployment().replace(
      '                name: {{ .Release.Name }}-config\n',
      '                name: {{ .Release.Name }}-config\n            - configMapRef:\n                name: {{ .Release.Name }}-limits\n',
    );
    const files = (values: string) => ({
      ...chart({ values, deployment: readsBoth }),
      'chart/templates/limits.yaml': limits,
    });
    const report = await check(files(VALUES), files(slower));
    expect(summary(report).map((s) => s.status)).toEqual(['dormant']);
    expect(notices(report)).toEqual([
      expect.stringContaining(
        'Deployment web: reads ConfigMap web-config, ConfigMap web-limits rendered by the chart, and its pod template has no checksum annotation: a change to them',
      ),
    ]);
  });

  test('the common whole-file checksum: rolling, and the chart-version notice on its line', async () => {
    const files = (values: string) => chart({ values, deployment: deployment([WHOLE_FILE]) });
    const report = await check(files(VALUES), files(slower));
    expect(summary(report).map((s) => s.status)).toEqual(['rolling']);
    // Both revisions, and head again with only the chart version moved: three builds.
    expect(report.stats?.builds).toBe(3);
    expect(notices(report)).toEqual([
      'chart/templates/deployment.yaml:12 Deployment web: checksum/config changes when only the chart version changes, so it restarts the pods on every chart upgrade: hash only the data, e.g. (include … | fromYaml).data | toJson | sha256sum.',
    ]);
    // goharbor/harbor-helm: a template with several such checksums gets one note naming them.
    const two = (values: string) =>
      chart({
        values,
        deployment: deployment([WHOLE_FILE, WHOLE_FILE.replace('checksum/config', 'checksum/again')]),
      });
    expect(notices(await check(two(VALUES), two(slower)))).toEqual([
      'chart/templates/deployment.yaml:12 Deployment web: checksum/config, checksum/again change when only the chart version changes, so they restart the pods on every chart upgrade: hash only the data, e.g. (include … | fromYaml).data | toJson | sha256sum.',
    ]);
  });

  test('a data-only checksum: rolling, no notice', async () => {
    const files = (values: string) => chart({ values, deployment: deployment([DATA_ONLY]) });
    const report = await check(files(VALUES), files(slower));
    expect(summary(report).map((s) => s.status)).toEqual(['rolling']);
    expect(notices(report)).toEqual([]);
  });

  test('a reload sidecar on the config volume: reloaded, and no missing-checksum notice (it needs none)', async () => {
    // The shape of prometheus-community's alertmanager chart with configmapReload.enabled.
    const mounted = deployment().replace(
      [
        '          envFrom:',
        '            - configMapRef:',
        '                name: {{ .Release.Name }}-config',
        '',
      ].join('\n'),
      [
        '          volumeMounts: [{name: config, mountPath: /etc/web}]',
        '        - name: reload',
        '          image: quay.io/prometheus-operator/prometheus-config-reloader:v0.93.1',
        '          volumeMounts: [{name: config, mountPath: /etc/web}]',
        '      volumes:',
        '        - name: config',
        '          configMap: {name: "{{ .Release.Name }}-config"}',
        '',
      ].join('\n'),
    );
    expect(mounted).toContain('prometheus-config-reloader');
    const report = await check(
      chart({ deployment: mounted }),
      chart({ deployment: mounted, values: slower }),
    );
    expect(summary(report).map((s) => s.status)).toEqual(['reloaded']);
    expect(notices(report)).toEqual([]);
  });

  test('a template edit of the ConfigMap: dormant, pointing at the changed template line', async () => {
    const edited = CONFIGMAP.replace('  MODE:', '  RETRIES: "3"\n  MODE:');
    const report = await check(chart(), chart({ configmap: edited }));
    expect(summary(report).map((s) => s.status)).toEqual(['dormant']);
    expect(report.changes).toEqual([
      expect.objectContaining({
        file: 'chart/templates/configmap.yaml',
        line: 9,
        keys: { added: ['RETRIES'], removed: [], modified: [] },
      }),
    ]);
  });

  test('a config change points at the values line its template reads through a helper, not the first changed', async () => {
    const files = (values: string): Files => ({
      ...chart({
        values,
        configmap: CONFIGMAP.replace('{{ .Values.config.mode | quote }}', '{{ include "web.mode" . }}'),
      }),
      'chart/templates/_helpers.tpl': '{{- define "web.mode" }}{{ .Values.config.mode | quote }}{{- end }}\n',
    });
    const report = await check(
      files(VALUES),
      files(VALUES.replace('replicas: 2', 'replicas: 3').replace('fast', 'slow')),
    );
    expect(report.changes.map((c) => `${c.name} ${c.keys.modified} ${c.file}:${c.line}`)).toEqual([
      'web-config MODE chart/values.yaml:4',
    ]);
  });

  // dexidp/helm-charts 996e9df: "Add release namespace to all resources", as many charts did.
  test('templates that start to write {{ .Release.Namespace }} move no object: a config change in the same commit is judged', async () => {
    const namespaced = (text: string) =>
      text.replace(/^( {2}name: .*)$/m, '$1\n  namespace: {{ .Release.Namespace }}');
    const moved = {
      ...chart({ values: slower }),
      'chart/templates/configmap.yaml': namespaced(CONFIGMAP),
      'chart/templates/deployment.yaml': namespaced(deployment()),
    };
    const report = await check(chart(), moved);
    expect(report.changes.map((c) => `${c.change} ${c.namespace}/${c.name} ${c.keys.modified}`)).toEqual([
      'modified null/web-config TIMEOUT',
    ]);
    expect(summary(report).map((s) => `${s.status} ${s.workload}`)).toEqual(['dormant Deployment /web']);
  });

  // GoogleCloudPlatform/microservices-demo's helm-chart keeps its OpenTelemetry collector's
  // ConfigMap behind `opentelemetryCollector.create: false`; no release in the repository installs it.
  describe("a ConfigMap template the chart's own values leave off", () => {
    const collector = (
      processors: string,
      tag = '0.156.0',
      metadata = '',
    ) => `{{- if .Values.collector.create }}
apiVersion: v1
kind: ConfigMap
metadata:
  name: collector
${metadata}data:
  endpoint: {{ .Values.collector.endpoint | quote }}
  processors: ${processors}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: collector
spec:
  selector: {matchLabels: {app: collector}}
  template:
    metadata: {labels: {app: collector}}
    spec:
      containers:
        - name: collector
          image: otel/collector:${tag}
          args: [--log-level={{ .Values.collector.logLevel }}]
{{- end }}
`;
    const values = (create: boolean, endpoint = 'gateway:4317', replicas = 2, logLevel = 'info') =>
      `${VALUES.replace('replicas: 2', `replicas: ${replicas}`)}collector:\n  create: ${create}\n  endpoint: ${endpoint}\n  logLevel: ${logLevel}\n`;
    const withCollector = (
      options: {
        values?: string;
        processors?: string;
        helpers?: string;
        tag?: string;
        metadata?: string;
      } = {},
    ) => ({
      ...chart({ values: options.values ?? values(false) }),
      'chart/templates/collector.yaml': collector(
        options.processors ?? '"[]"',
        options.tag,
        options.metadata,
      ),
      'chart/templates/_helpers.tpl': options.helpers ?? '{{- define "web.name" }}web{{- end }}\n',
    });
    const offByDefault = (report: Report) =>
      report.notChecked.map((n) => `${n.kind} ${n.file}:${n.line} ${n.reason} ${n.side} fails=${n.fails}`);

    test('an edit of the template, or of a value it reads, is not checked: the chart is installed with values kept elsewhere', async () => {
      const edited = await check(withCollector(), withCollector({ processors: '"[batch]"' }));
      expect(edited.changes).toEqual([]);
      expect(offByDefault(edited)).toEqual([
        'file chart/templates/collector.yaml:3 off-by-default both fails=true',
      ]);
      const moved = await check(withCollector(), withCollector({ values: values(false, 'gateway:4318') }));
      expect(offByDefault(moved)).toEqual([
        'file chart/templates/collector.yaml:3 off-by-default both fails=true',
      ]);
      expect(moved.notChecked[0].message).toContain('(chart/values.yaml:7)');
    });

    test('a value its ConfigMap reads through a helper of the chart is one it reads', async () => {
      const helpers = [
        '{{- define "web.name" }}web{{- end }}',
        // Read two helpers down, past a block of the first one's own.
        '{{- define "collector.level" -}}',
        '{{- if .Release.IsInstall }}install{{ end }}{{ include "collector.setting" . }}',
        '{{- end }}',
        '{{- define "collector.setting" }}{{ .Values.collector.logLevel | quote }}{{- end }}',
        '',
      ].join('\n');
      const through = (logLevel: string, replicas = 2) =>
        withCollector({
          processors: '{{ include "collector.level" . }}',
          helpers,
          values: values(false, 'gateway:4317', replicas, logLevel),
        });
      const level = await check(through('info'), through('debug'));
      expect(offByDefault(level)).toEqual([
        'file chart/templates/collector.yaml:3 off-by-default both fails=true',
      ]);
      expect(level.notChecked[0].message).toContain('(chart/values.yaml:');
      // A value neither the ConfigMap nor its helpers read stays quiet.
      expect((await check(through('info'), through('info', 3))).notChecked).toEqual([]);
    });

    // microservices-demo 2b34fb8: Renovate bumps the collector's image, in the template beside its
    // ConfigMap; prometheus-community 46d8f32 adds a namespace to every template's metadata.
    test('an edit or a value of another document or of its metadata, a value no such template reads, a helper, or a release declared here that leaves it off: nothing unchecked', async () => {
      const namespaced = await check(
        withCollector(),
        withCollector({ metadata: '  namespace: {{ .Release.Namespace }}\n' }),
      );
      const replicas = await check(
        withCollector(),
        withCollector({ values: values(false, 'gateway:4317', 3) }),
      );
      const image = await check(withCollector(), withCollector({ tag: '0.157.0' }));
      const logLevel = await check(
        withCollector(),
        withCollector({ values: values(false, 'gateway:4317', 2, 'debug') }),
      );
      const helper = await check(
        withCollector(),
        withCollector({ helpers: '{{- define "web.name" }}site{{- end }}\n' }),
      );
      const declared = await check(
        { ...withCollector(), 'apps/web.yaml': fluxRelease() },
        withCollector({ processors: '"[batch]"' }),
      );
      expect(declared.rendered).toEqual(['chart (HelmRelease web)']);
      for (const report of [replicas, image, logLevel, namespaced, helper, declared])
        expect(report.notChecked).toEqual([]);
    });

    test('turned on by the change, the ConfigMap is judged as added; a warn-not-checked entry lets the rest warn', async () => {
      const on = await check(withCollector(), withCollector({ values: values(true) }));
      expect(on.changes.map((c) => `${c.change} ${c.kind} ${c.name}`)).toEqual(['added ConfigMap collector']);
      expect(on.notChecked).toEqual([]);
      const accepted = await check(
        {
          ...withCollector(),
          '.config-rollout-guard.yaml': 'warn-not-checked: [{reason: off-by-default}]\n',
        },
        withCollector({ processors: '"[batch]"' }),
        { warnNotChecked: [{ reason: 'off-by-default' }] },
      );
      expect(offByDefault(accepted)).toEqual([
        'file chart/templates/collector.yaml:3 off-by-default both fails=false',
      ]);
    });

    test("a subchart's template off by default is found by its key in the parent's values", async () => {
      const sub = {
        'chart/charts/agent/Chart.yaml': 'apiVersion: v2\nname: agent\nversion: 0.1.0\n',
        'chart/charts/agent/values.yaml': 'create: false\nlevel: info\n',
        'chart/charts/agent/templates/config.yaml':
          '{{- if .Values.create }}\napiVersion: v1\nkind: Secret\nmetadata:\n  name: agent\nstringData:\n  level: {{ .Values.level }}\n{{- end }}\n',
      };
      const report = await check(
        { ...chart(), ...sub },
        { ...chart({ values: `${VALUES}agent:\n  level: debug\n` }) },
      );
      expect(offByDefault(report)).toEqual([
        'file chart/charts/agent/templates/config.yaml:3 off-by-default both fails=true',
      ]);
      expect(report.notChecked[0].message).toContain(
        'makes a Secret from values this change moves (chart/values.yaml:',
      );
    });
  });

  test('a values edit that changes no config: nothing to report', async () => {
    const report = await check(chart(), chart({ values: VALUES.replace('replicas: 2', 'replicas: 3') }));
    expect(report.rendered).toEqual(['chart']);
    expect(report.changes).toEqual([]);
    expect(report.impacts).toEqual([]);
  });

  // openstack-helm: a commit that edits every chart's values.yaml and moves no config rendered each
  // chart once more for the checksum's quality, which only a config change makes this check's concern.
  test('renders asked only to judge a config change are not made without one', async () => {
    const token =
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: token\nstringData:\n  token: {{ randAlphaNum 16 }}\n';
    const files = (values: string, random = false) => ({
      ...chart({ values, deployment: deployment([WHOLE_FILE]) }),
      ...(random ? { 'chart/templates/token.yaml': token } : {}),
    });
    const more = VALUES.replace('replicas: 2', 'replicas: 3');
    // The checksum's quality is said only where a config changes.
    const quiet = await check(files(VALUES), files(more));
    expect([quiet.changes, quiet.diagnostics, quiet.stats?.builds]).toEqual([[], [], 2]);
    // A random value outside every config cannot pass for a config change: no second render.
    const nonce = (values: string) =>
      chart({ values, deployment: deployment(['nonce: {{ randAlphaNum 8 }}']) });
    const elsewhere = await check(nonce(VALUES), nonce(more));
    expect([elsewhere.changes, elsewhere.stats?.builds]).toEqual([[], 2]);
    // A random value differs at every render: told from a change by one more, and then no change.
    const random = await check(files(VALUES, true), files(more, true));
    expect([random.changes, random.stats?.builds]).toEqual([[], 3]);
    expect(random.diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining('token differs between two renders of the same revision'),
    ]);
    const moved = await check(files(VALUES), files(slower));
    expect(moved.changes.map((c) => c.name)).toEqual(['web-config']);
    expect(moved.diagnostics.map((d) => d.message)).toContainEqual(
      expect.stringContaining('checksum/config changes when only the chart version changes'),
    );
  });

  test('a checksum on the Deployment’s own metadata: the wrong-metadata notice, and the change is dormant', async () => {
    const files = (values: string) => chart({ values, deployment: deployment([], [WHOLE_FILE]) });
    const report = await check(files(VALUES), files(slower));
    expect(summary(report).map((s) => s.status)).toEqual(['dormant']);
    expect(notices(report)).toEqual([
      expect.stringContaining(
        'deployment.yaml:2 Deployment web: reads ConfigMap web-config rendered by the chart, and its pod template has no checksum annotation',
      ),
      "chart/templates/deployment.yaml:6 Deployment web: checksum/config is on the Deployment's own metadata, where it never rolls the pods: move it under spec.template.metadata.annotations.",
    ]);
  });

  test('an Argo CD Application and a Flux HelmRelease render the chart with their own values, release and namespace', async () => {
    const application = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: web-prod
spec:
  destination:
    namespace: prod
  source:
    repoURL: https://example.com/repo.git
    path: chart
    helm:
      releaseName: edge
      valueFiles: [values-prod.yaml]
`;
    const release = (timeout: string) => `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: web
  namespace: flux-system
spec:
  targetNamespace: staging
  chart:
    spec:
      chart: ./chart
      sourceRef:
        kind: GitRepository
        name: repo
  values:
    config:
      timeout: ${timeout}
`;
    const base = {
      ...chart(),
      'chart/values-prod.yaml': 'config:\n  mode: safe\n  timeout: 30s\n',
      'apps/web-prod.yaml': application,
      'apps/web-staging.yaml': release('10s'),
    };
    const report = await check(base, {
      'chart/values-prod.yaml': 'config:\n  mode: safe\n  timeout: 60s\n',
      'apps/web-staging.yaml': release('20s'),
    });
    expect(report.rendered.sort()).toEqual(['chart (Application web-prod)', 'chart (HelmRelease web)']);
    expect(summary(report)).toEqual([
      {
        status: 'dormant',
        workload: 'Deployment prod/edge',
        source: { root: 'chart (Application web-prod)', renderer: 'helm', release: 'edge' },
        at: 'chart/templates/deployment.yaml:2',
      },
      {
        status: 'dormant',
        workload: 'Deployment staging/staging-web',
        source: { root: 'chart (HelmRelease web)', renderer: 'helm', release: 'staging-web' },
        at: 'chart/templates/deployment.yaml:2',
      },
    ]);
    expect(report.changes.map((c) => `${c.namespace}/${c.name} ${c.file}:${c.line}`).sort()).toEqual([
      'prod/edge-config chart/values-prod.yaml:3',
      'staging/staging-web-config apps/web-staging.yaml:16',
    ]);
  });

  test('a Flux HelmRelease with valuesFrom: the values ConfigMap beside it is read, and one not in the repository leaves it not checked', async () => {
    const release = (from: string) => valuesFromRelease(from, 'apps');
    const values = (timeout: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-values\n  namespace: apps\ndata:\n  values.yaml: |\n    config:\n      timeout: ${timeout}\n`;
    const base = {
      ...chart(),
      'apps/web.yaml': release('web-values'),
      'apps/web-values.yaml': values('10s'),
    };
    const report = await check(base, { 'apps/web-values.yaml': values('20s') });
    expect(summary(report).map((s) => `${s.status} ${s.workload}`)).toEqual(['dormant Deployment apps/web']);
    expect(
      report.changes.map((c) => `${c.namespace}/${c.name} ${c.keys.modified.join(',')} ${c.file}:${c.line}`),
    ).toEqual(['apps/web-config TIMEOUT apps/web-values.yaml:9']);

    const missing = await check(base, { 'apps/web.yaml': release('nowhere'), 'chart/values.yaml': slower });
    expect(missing.notChecked.map((n) => n.message)).toEqual([
      'helm cannot render it at head: valuesFrom ConfigMap nowhere (key values.yaml) is not defined in this repository.',
    ]);
    // Defined without the key (a SealedSecret's too): Flux fails the release, and says so.
    const sealed = `apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: web-values\n  namespace: apps\nspec:\n  encryptedData:\n    other.yaml: AgBy3i4OJSWK\n`;
    for (const [file, text, from] of [
      ['apps/web-values.yaml', values('20s').replace('values.yaml', 'other.yaml'), 'ConfigMap web-values'],
      ['apps/web-values.yaml', sealed, 'SealedSecret web-values'],
    ]) {
      const kind = from.startsWith('Sealed') ? 'Secret' : 'ConfigMap';
      const lacking = await check(base, {
        'apps/web.yaml': release('web-values').replace('kind: ConfigMap', `kind: ${kind}`),
        [file]: text,
      });
      expect(lacking.notChecked.map((n) => `${n.reason}: ${n.message}`)).toEqual([
        `missing-input: helm cannot render it at head: valuesFrom ${kind} web-values (key values.yaml) is defined without that key (${from}, ${file}:1), so Flux cannot install the release.`,
      ]);
    }
  });

  test('a valuesFrom document of comments only gives no values (as Flux merges nothing); one that is no map is not checked', async () => {
    // ricsanfre/pi-cluster's base values files hold a comment and nothing else.
    const release = valuesFromRelease('web-values', 'apps');
    const values = (document: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-values\n  namespace: apps\ndata:\n  values.yaml: ${JSON.stringify(document)}\n`;
    const base = { ...chart(), 'apps/web.yaml': release, 'apps/web-values.yaml': values('# defaults\n') };
    const report = await check(base, { 'chart/values.yaml': slower });
    expect(report.notChecked).toEqual([]);
    expect(summary(report).map((s) => `${s.status} ${s.workload}`)).toEqual(['dormant Deployment apps/web']);

    const text = await check(
      { ...base, 'apps/web-values.yaml': values('just text') },
      { 'chart/values.yaml': slower },
    );
    expect(text.notChecked.map((n) => `${n.reason}: ${n.message}`)).toEqual([
      'unreadable: helm cannot render it at both revisions: valuesFrom ConfigMap web-values (key values.yaml) does not hold a map of values, which Flux cannot install.',
    ]);
  });

  // opencenter-cloud/openCenter-gitops-base: a harbor values file with a `---` in its middle.
  test('a valuesFrom document followed by another gives the first one, as helm reads a values file', async () => {
    const release = valuesFromRelease('web-values', 'apps');
    const values = (first: string, second: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-values\n  namespace: apps\ndata:\n  values.yaml: |\n    config:\n      timeout: ${first}\n    ---\n    config:\n      timeout: ${second}\n`;
    const base = { ...chart(), 'apps/web.yaml': release, 'apps/web-values.yaml': values('10s', '30s') };
    const first = await check(base, { 'apps/web-values.yaml': values('20s', '30s') });
    expect(first.notChecked).toEqual([]);
    expect(summary(first).map((s) => `${s.status} ${s.workload}`)).toEqual(['dormant Deployment apps/web']);
    const second = await check(base, { 'apps/web-values.yaml': values('10s', '40s') });
    expect([second.notChecked, second.changes]).toEqual([[], []]);
  });

  // angelnu/k8s-gitops keeps whole values files SOPS-encrypted; bo0tzz/kube and billimek/k8s-gitops take
  // single values from Secrets an operator or an ExternalSecret makes in the cluster.
  describe('valuesFrom a Secret the repository does not hold in plain text', () => {
    const release = (entry: string) =>
      `${valuesFromRelease('unused', 'apps').replace(/ {4}- kind: ConfigMap\n {6}name: unused\n/, '')}${entry}`;
    const single = (name: string) =>
      release(
        `    - kind: Secret\n      name: ${name}\n      valuesKey: timeout\n      targetPath: config.timeout\n`,
      );
    const whole = release('    - kind: Secret\n      name: web-values\n');
    const sops = (key: string, cipher: string) =>
      `apiVersion: v1\nkind: Secret\nmetadata:\n  name: web-values\n  namespace: apps\nstringData:\n  ${key}: ENC[AES256_GCM,data:${cipher},iv:aXY=,tag:dGFn,type:str]\nsops:\n  lastmodified: "2026-11-0${cipher.length % 9}T00:00:00Z"\n  mac: ENC[AES256_GCM,data:bWFj,iv:aXY=,tag:dGFn,type:str]\n`;
    const external = (key: string) =>
      `apiVersion: external-secrets.io/v1\nkind: ExternalSecret\nmetadata:\n  name: db\n  namespace: apps\nspec:\n  secretStoreRef: {kind: ClusterSecretStore, name: vault}\n  target:\n    name: db-secret\n  data:\n    - secretKey: timeout\n      remoteRef: {key: ${key}}\n`;
    const statuses = (report: Report) => summary(report).map((s) => `${s.status} ${s.workload}`);
    const timeoutOnly = (report: Report) =>
      report.changes.map((c) => `${c.name} ${c.keys.modified.join(',')}`);

    test('a single value renders as a stand-in that moves with its ciphertext, never printed', async () => {
      const base = {
        ...chart(),
        'apps/web.yaml': single('web-values'),
        'apps/secret.sops.yaml': sops('timeout', 'b2xk'),
      };
      const rotated = await check(base, { 'apps/secret.sops.yaml': sops('timeout', 'bmV3dmFsdWU=') });
      expect(rotated.notChecked).toEqual([]);
      expect(timeoutOnly(rotated)).toEqual(['web-config TIMEOUT']);
      expect(statuses(rotated)).toEqual(['dormant Deployment apps/web']);
      expect(JSON.stringify(rotated)).not.toMatch(/ENC\[|b2xk|bmV3dmFsdWU/);
      // Untouched, the stand-in is the same at both revisions: only what the change moves is seen.
      const values = await check(base, { 'chart/values.yaml': VALUES.replace('fast', 'safe') });
      expect([values.notChecked, timeoutOnly(values)]).toEqual([[], ['web-config MODE']]);
    });

    test('one an ExternalSecret or an operator makes in the cluster renders too, moving with the ExternalSecret', async () => {
      const base = {
        ...chart(),
        'apps/web.yaml': single('db-secret'),
        'apps/db.yaml': external('web/timeout'),
      };
      const moved = await check(base, { 'apps/db.yaml': external('web/timeout-v2') });
      expect(moved.notChecked).toEqual([]);
      expect(timeoutOnly(moved)).toEqual(['web-config TIMEOUT']);
      expect(statuses(moved)).toEqual(['dormant Deployment apps/web']);
      const made = { ...chart(), 'apps/web.yaml': single('app-pguser-web') };
      const slow = await check(made, { 'chart/values.yaml': VALUES.replace('fast', 'safe') });
      expect([slow.notChecked, timeoutOnly(slow), statuses(slow)]).toEqual([
        [],
        ['web-config MODE'],
        ['dormant Deployment apps/web'],
      ]);
    });

    test('a whole values document encrypted with SOPS or sealed is not checked, as encrypted, naming what holds it', async () => {
      const sealed = `apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: web-values\n  namespace: apps\nspec:\n  encryptedData:\n    values.yaml: AgBy3i4OJSWK\n`;
      for (const [file, text, how] of [
        ['apps/secret.sops.yaml', sops('values.yaml', 'Y29uZmln'), 'is encrypted with SOPS'],
        ['apps/sealed.yaml', sealed, 'is sealed by SealedSecret web-values'],
      ]) {
        const report = await check(
          { ...chart(), 'apps/web.yaml': whole, [file]: text },
          { 'chart/values.yaml': slower },
        );
        expect(report.notChecked.map((n) => `${n.reason} ${n.fails}: ${n.message}`)).toEqual([
          `encrypted true: helm cannot render it at both revisions: valuesFrom Secret web-values (key values.yaml) ${how} (${file}:1), so its values are read only in the cluster.`,
        ]);
        expect(JSON.stringify(report)).not.toMatch(/Y29uZmln|AgBy3i4OJSWK/);
      }
    });
  });

  // The same harbor values, as the repository feeds them: a secretGenerator's file. An edit below the
  // `---` changes nothing in the cluster, and nothing in the renders either: the values file says so.
  test('an edit to a values file past its first document is warned about at its ---, a file helm reads whole or through valuesFrom', async () => {
    const release = valuesFromRelease('web-values');
    const values = (second: string) =>
      `config:\n  mode: safe\n  timeout: 10s\n# storage\n---\nreplicas: ${second}\n`;
    const ignored = (file: string, line: number) =>
      `${file}:${line} what follows this --- is never read: helm (and Flux valuesFrom through it) takes only the first document of a values file.`;
    const base = {
      ...chart(),
      'apps/web/release.yaml': release,
      'apps/web/kustomization.yaml':
        'namespace: apps\nresources: [release.yaml]\nconfigMapGenerator:\n  - name: web-values\n    files: [values.yaml=web-values.yaml]\n',
      'apps/web/web-values.yaml': values('1'),
    };
    const fromValues = await check(base, { 'apps/web/web-values.yaml': values('3') });
    expect(fromValues.notChecked).toEqual([]);
    expect(fromValues.impacts).toEqual([]);
    expect(fromValues.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([
      ignored('apps/web/web-values.yaml', 5),
    ]);
    const own = await check(base, { 'chart/values.yaml': `${slower}---\nreplicas: 4\n` });
    expect(own.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toContain(
      ignored('chart/values.yaml', 5),
    );
  });

  // The home-ops layout (sulibot/home-ops' gatus): a kustomization generates a ConfigMap beside the
  // HelmRelease it deploys, and the chart mounts it by a name it computes, `{{ .Release.Name }}-files`,
  // which no file spells. Only the release's render shows who reads it.
  (hasKustomize ? describe : describe.skip)('a release deployed beside a changed config', () => {
    const mounting = deployment().replace('{{ .Release.Name }}-config', '{{ .Release.Name }}-files');
    const release = (extra = '') =>
      fluxRelease(extra, { source: 'name: flux-system, namespace: flux-system' });
    const files = (level: string, extra = '', chartOptions = {}): Files => ({
      ...chart({ deployment: mounting, ...chartOptions }),
      'apps/web/release.yaml': release(extra),
      'apps/web/app.env': `LEVEL=${level}\n`,
      'apps/web/kustomization.yaml':
        'namespace: apps\nresources: [release.yaml]\nconfigMapGenerator:\n  - name: web-files\n    envs: [app.env]\ngeneratorOptions:\n  disableNameSuffixHash: true\n',
    });

    test('its workload that mounts the config is judged with the build: dormant, and fix says why it cannot stamp it', async () => {
      const { repo, base, head } = await twoCommits(files('info'), files('debug'));
      const report = await jsonReport(repo.dir, base, head);
      expect(summary(report)).toEqual([
        {
          status: 'dormant',
          workload: 'Deployment apps/web',
          source: { root: 'chart (HelmRelease web)', renderer: 'helm', release: 'web' },
          at: 'chart/templates/deployment.yaml:2',
        },
      ]);
      expect(report.impacts[0].configs.map((c) => [c.name, c.root])).toEqual([['web-files', 'apps/web']]);
      expect(report.impacts[0].reason).not.toMatch(/disableNameSuffixHash/);
      expect(report.rendered).toEqual(['apps/web', 'chart (HelmRelease web)']);
      const text = await cli(['check', '--base', base, '--head', head, '--helm', helm], { cwd: repo.dir });
      expect(text.stdout).toContain(
        'ConfigMap apps/web-files in apps/web  changed LEVEL  apps/web/app.env:1\n  DORMANT  Deployment apps/web in chart (HelmRelease web)',
      );
      expect(text.stdout).toContain('Next: Let Reloader roll the release');
      const fixed = await cli(['fix', '--base', base, '--helm', helm], { cwd: repo.dir });
      expect(fixed.stdout).toContain('Nothing stamped: the workloads below need another cure.');
      expect(fixed.stdout).toContain(
        'did not stamp Deployment web: it reads ConfigMap apps/web-files, which apps/web deploys, outside its chart',
      );
      expect(execFileSync('git', ['status', '--porcelain'], { cwd: repo.dir, encoding: 'utf8' })).toBe('');
    });

    test('one that Reloader rolls is reloaded; one installed into another namespace is no reader', async () => {
      const reloaded = deployment([], ['reloader.stakater.com/auto: "true"']).replace(
        '{{ .Release.Name }}-config',
        '{{ .Release.Name }}-files',
      );
      const rolled = await check(
        files('info', '', { deployment: reloaded }),
        files('debug', '', { deployment: reloaded }),
      );
      expect(summary(rolled).map((s) => `${s.status} ${s.workload}`)).toEqual([
        'reloaded Deployment apps/web',
      ]);
      const elsewhere = await check(
        files('info', '  targetNamespace: other\n'),
        files('debug', '  targetNamespace: other\n'),
      );
      expect([elsewhere.impacts, elsewhere.rendered]).toEqual([[], ['apps/web']]);
    });

    test('one that cannot be rendered is not checked, with the config it may read: never "no workload reads it"', async () => {
      const failing = `${mounting}\n---\n{{ required "image.tag is required" .Values.image }}\n`;
      const report = await check(
        files('info', '', { deployment: failing }),
        files('debug', '', { deployment: failing }),
      );
      expect(report.notChecked.map((n) => [n.name, n.reason, n.side, n.message])).toEqual([
        [
          'chart (HelmRelease web)',
          'render-failed',
          'head',
          expect.stringMatching(
            /^helm cannot render it at head: .*required stopped the render.*\. It is deployed beside ConfigMap apps\/web-files, which it may read\.$/,
          ),
        ],
      ]);
    });

    test('without helm, each is not checked for want of it', async () => {
      const report = await check(files('info'), files('debug'), {
        helm: join(scratchDir('crg-no-helm-'), 'helm'),
      });
      expect(report.notChecked.map((n) => [n.name, n.reason, n.message])).toEqual([
        [
          'chart (HelmRelease web)',
          'tool',
          expect.stringMatching(
            /^helm cannot render it: .*\. It is deployed beside ConfigMap apps\/web-files, which it may read\.$/,
          ),
        ],
      ]);
    });

    test('one this change also touches is judged against its own base render: a template that moves rolls', async () => {
      const annotated = (rev: string) =>
        deployment([`rev: "${rev}"`]).replace('{{ .Release.Name }}-config', '{{ .Release.Name }}-files');
      const report = await check(
        files('info', '', { deployment: annotated('1') }),
        files('debug', '', { deployment: annotated('2') }),
      );
      expect(summary(report).map((s) => `${s.status} ${s.workload} ${s.source?.root}`)).toEqual([
        'rolling Deployment apps/web chart (HelmRelease web)',
      ]);
      expect(report.notChecked).toEqual([]);
    });
  });

  // bo0tzz/kube's immich kiosk: a Flux path of plain files, a ConfigMap and the HelmRelease whose values
  // mount it by name; only the release's render holds the workload that reads it.
  describe('a release that names a changed plain config', () => {
    const mounting = deployment().replace('{{ .Release.Name }}-config', '{{ .Values.mount }}');
    const release = (namespace: string) => `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: kiosk
  namespace: ${namespace}
spec:
  chart:
    spec:
      chart: ./chart
      sourceRef: {kind: GitRepository, name: flux-system, namespace: flux-system}
  values:
    mount: kiosk-settings
`;
    const files = (level: string, namespace = 'apps'): Files => ({
      ...chart({ deployment: mounting, values: `${VALUES}mount: none\n` }),
      'apps/kiosk/release.yaml': release(namespace),
      'apps/kiosk/config.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kiosk-settings\n  namespace: apps\ndata:\n  LEVEL: ${level}\n`,
    });

    test('its workload is judged: dormant, shown under the config, and fix says why it cannot stamp it', async () => {
      const { repo, base, head } = await twoCommits(files('info'), files('debug'));
      const report = await jsonReport(repo.dir, base, head);
      expect(summary(report)).toEqual([
        {
          status: 'dormant',
          workload: 'Deployment apps/kiosk',
          source: { root: 'chart (HelmRelease kiosk)', renderer: 'helm', release: 'kiosk' },
          at: 'chart/templates/deployment.yaml:2',
        },
      ]);
      expect(report.impacts[0].configs.map((c) => [c.name, c.root])).toEqual([['kiosk-settings', null]]);
      expect(report.rendered).toEqual(['chart (HelmRelease kiosk)']);
      const text = await cli(['check', '--base', base, '--head', head, '--helm', helm], { cwd: repo.dir });
      expect(text.stdout).toContain(
        'ConfigMap apps/kiosk-settings  changed LEVEL  apps/kiosk/config.yaml:1\n  DORMANT  Deployment apps/kiosk in chart (HelmRelease kiosk)',
      );
      expect(text.stdout).toContain('Next: Let Reloader roll the release');
      const fixed = await cli(['fix', '--base', base, '--helm', helm], { cwd: repo.dir });
      expect(fixed.stdout).toContain(
        'did not stamp Deployment kiosk: it reads ConfigMap apps/kiosk-settings, which is a plain manifest, outside its chart',
      );
      expect(execFileSync('git', ['status', '--porcelain'], { cwd: repo.dir, encoding: 'utf8' })).toBe('');
    });

    // billimek/k8s-gitops' forgejo runner: the release and the Secret it mounts arrive together.
    test('one the change adds with the config starts with it: said under the config, nothing dormant', async () => {
      const { repo, base, head } = await twoCommits(
        chart({ deployment: mounting, values: `${VALUES}mount: none\n` }),
        files('debug'),
      );
      const text = await cli(['check', '--base', base, '--head', head, '--helm', helm], { cwd: repo.dir });
      expect(text.code).toBe(0);
      expect(text.stdout).toContain(
        'ConfigMap apps/kiosk-settings  added  apps/kiosk/config.yaml:1\n  Read only by Deployment apps/kiosk, which this change adds: it starts with the new config',
      );
    });

    test('one installed into another namespace is no reader; one that cannot be rendered is not checked, named', async () => {
      const elsewhere = await check(files('info', 'other'), files('debug', 'other'));
      expect([elsewhere.impacts, elsewhere.rendered, elsewhere.notChecked]).toEqual([[], [], []]);
      const broken = (level: string) => ({
        ...files(level),
        'chart/templates/broken.yaml': '{{ required "image.tag is required" .Values.image }}\n',
      });
      const failing = await check(broken('info'), broken('debug'));
      expect(failing.notChecked.map((n) => `${n.name} ${n.reason}: ${n.message}`)).toEqual([
        "chart (HelmRelease kiosk) render-failed: helm cannot render it at head: execution error at (web/templates/broken.yaml:1:3): the chart's fail or required stopped the render (its message is not shown; run helm template to read it). It names ConfigMap apps/kiosk-settings, which it may read.",
      ]);
    });
  });

  test.each(['configMapGenerator', '"configMap\\u0047enerator"'])(
    "a Flux HelmRelease whose valuesFrom ConfigMap a configMapGenerator (key written %s) makes from a file (as Flux's own example does)",
    async (key) => {
      const release = valuesFromRelease('web-values');
      const base = {
        ...chart(),
        'apps/web/release.yaml': release,
        'apps/web/kustomization.yaml': `namespace: apps\nresources: [release.yaml]\n${key}:\n  - name: web-values\n    files: [values.yaml=web-values.yaml, notes.txt]\nconfigurations: [kustomizeconfig.yaml]\n`,
        'apps/web/kustomizeconfig.yaml':
          'nameReference:\n  - kind: ConfigMap\n    version: v1\n    fieldSpecs: [{path: spec/valuesFrom/name, kind: HelmRelease}]\n',
        'apps/web/web-values.yaml': 'config:\n  mode: safe\n  timeout: 10s\n',
        'apps/web/notes.txt': 'owned by the web team\n',
      };
      const report = await check(base, {
        'apps/web/web-values.yaml': 'config:\n  mode: safe\n  timeout: 20s\n',
      });
      expect(report.notChecked).toEqual([]);
      expect(summary(report).map((s) => `${s.status} ${s.workload}`)).toEqual(['dormant Deployment /web']);
      // The chart's ConfigMap, through the release; and the generated values ConfigMap itself, which the
      // kustomization deploys and no workload reads.
      expect(report.changes.map((c) => `${c.name} ${c.keys.modified.join(',')} ${c.file}:${c.line}`)).toEqual(
        [
          'web-config TIMEOUT apps/web/web-values.yaml:3',
          expect.stringMatching(/^web-values-\w+ values.yaml apps\/web\/web-values.yaml:3$/),
        ],
      );
      expect(report.rendered.sort()).toEqual(['apps/web', 'chart (HelmRelease web)']);
      // An input of the generator gone: it makes nothing (kustomize would fail on it), so the release
      // is not checked rather than rendered with what was left.
      const gone = await check(base, {
        'apps/web/notes.txt': null,
        'chart/values.yaml': slower,
      });
      expect(gone.notChecked.map((n) => `${n.name}: ${n.reason}`)).toContainEqual(
        'chart (HelmRelease web): missing-input',
      );
      expect(gone.impacts).toEqual([]);
    },
  );

  test('a HelmRelease fragment an overlay patches a release with (no chart named) is no release: nothing said of it', async () => {
    // As fluxcd/flux2-kustomize-helm-example writes its staging values: a strategic-merge patch.
    const fragment =
      'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: web\nspec:\n  chart:\n    spec:\n      version: ">=1.0.0-alpha"\n  values:\n    config: {timeout: 7s}\n';
    const report = await check(
      { ...chart(), 'apps/staging/web-values.yaml': fragment },
      { 'chart/values.yaml': slower, 'apps/staging/web-values.yaml': fragment.replace('7s', '8s') },
    );
    expect(report.notChecked).toEqual([]);
    expect(report.rendered).toEqual(['chart']);
  });

  test('a Flux HelmRelease with postRenderers: objects still point at their template, and a patched config is judged', async () => {
    const release = (post: string) => `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: web
  namespace: apps
spec:
  chart:
    spec:
      chart: ./chart
      sourceRef: {kind: GitRepository, name: repo}
  postRenderers:
    - kustomize:
        patches:
          - target: {kind: ConfigMap}
            patch: |
              - op: add
                path: /data/POST
                value: "${post}"
`;
    const base = { ...chart(), 'apps/web.yaml': release('1') };
    const values = await check(base, { 'chart/values.yaml': slower });
    expect(summary(values)).toEqual([
      expect.objectContaining({
        status: 'dormant',
        workload: 'Deployment apps/web',
        at: 'chart/templates/deployment.yaml:2',
      }),
    ]);
    expect(values.changes.map((c) => `${c.keys.modified.join(',')} ${c.file}`)).toEqual([
      'TIMEOUT chart/values.yaml',
    ]);
    const patched = await check(base, { 'apps/web.yaml': release('2') });
    expect(patched.changes.map((c) => `${c.name} ${c.keys.modified.join(',')} ${c.file}:${c.line}`)).toEqual([
      'web-config POST apps/web.yaml:18',
    ]);
    expect(summary(patched).map((s) => s.status)).toEqual(['dormant']);
    // A patch kustomize cannot read: not checked, and the patch (it can set a Secret's data) is not quoted.
    const broken = await check(base, { 'apps/web.yaml': release('2').replace('- op: add', '- op: [add') });
    expect(broken.notChecked.map((n) => n.message)).toEqual([
      expect.stringContaining("at head: the HelmRelease's postRenderers:"),
    ]);
    expect(broken.notChecked[0].message).not.toContain('/data/POST');
  });

  test('charts whose dependencies are not vendored, from a repository the base does not name: not checked, with how to vendor them, in one line for all', async () => {
    const withDependency =
      CHART +
      'dependencies:\n  - name: redis\n    version: 20.x.x\n    repository: https://charts.example.com\n';
    const report = await check(
      { ...chart(), ...chart({ dir: 'other' }) },
      {
        ...chart({ values: slower }),
        'chart/Chart.yaml': withDependency,
        ...chart({ values: slower, dir: 'other' }),
        'other/Chart.yaml': withDependency,
      },
    );
    expect(report.notChecked).toEqual(
      ['chart', 'other'].map((name) =>
        expect.objectContaining({
          kind: 'root',
          name,
          file: `${name}/Chart.yaml`,
          fails: true,
          message: expect.stringMatching(
            /at head: dependency redis: it fetches https:\/\/charts\.example\.com, which neither the base revision nor .* Vendor it \(run `helm dependency build` in the chart's directory and commit its charts\/\)/,
          ),
        }),
      ),
    );
    expect(groupNotChecked(report.notChecked).map((g) => g.entries.length)).toEqual([2]);
    expect(report.impacts).toEqual([]);
  });

  test('a dependency that fails differently at each revision: both causes, and how to vendor it once', async () => {
    const dependingOn = (repository: string) =>
      `${CHART}dependencies:\n  - name: redis\n    version: 20.1.0\n    repository: ${repository}\n`;
    const report = await check(
      { ...chart(), 'chart/Chart.yaml': dependingOn('https://charts.example.com') },
      { ...chart({ values: slower }), 'chart/Chart.yaml': dependingOn('https://other.example.com') },
      { offline: true, cacheDir: scratchDir('crg-empty-cache-') },
    );
    const [message] = report.notChecked.map((n) => n.message);
    expect(message).toMatch(
      /^helm cannot render it at base: dependency redis: .*charts\.example\.com is not in the cache, and the check runs --offline; at head: dependency redis: it fetches https:\/\/other\.example\.com, .*so it is not fetched\. Vendor it \(run `helm dependency build` in the chart's directory and commit its charts\/\), or name its repository in the base configuration's remote\.allow\.$/,
    );
    expect(message.split('Vendor it')).toHaveLength(2);
  });

  // kubernetes-sigs/kueue: charts under cmd/ depend on `file://../../../../../charts/kueue`.
  describe('a dependency kept in this repository (file://)', () => {
    const umbrella = (repository: string, name = 'web') => ({
      'platform/umbrella/Chart.yaml': `apiVersion: v2\nname: umbrella\nversion: 0.1.0\ndependencies:\n  - name: ${name}\n    version: 1.2.0\n    repository: ${repository}\n`,
      'platform/umbrella/values.yaml': 'web:\n  replicas: 1\n',
    });
    test('renders as helm dependency build copies it: a change in the dependency moves both releases, and points at its values line', async () => {
      const report = await check(
        { ...chart(), ...umbrella('file://../../chart') },
        { ...chart({ values: slower }), ...umbrella('file://../../chart') },
      );
      expect(report.rendered).toEqual(['chart', 'platform/umbrella']);
      expect(summary(report).map((i) => [i.status, i.workload, i.source?.root, i.at])).toEqual([
        ['dormant', 'Deployment /web', 'chart', 'chart/templates/deployment.yaml:2'],
        ['dormant', 'Deployment /umbrella', 'platform/umbrella', 'chart/templates/deployment.yaml:2'],
      ]);
      expect(report.changes.map((c) => `${c.name} ${c.file}:${c.line}`)).toEqual([
        'umbrella-config chart/values.yaml:3',
        'web-config chart/values.yaml:3',
      ]);
      expect(report.notChecked).toEqual([]);
    });

    // helm dependency build (Argo CD and Flux build an unvendored dependency so) refuses a file://
    // dependency whose constraint does not admit the chart's version, or that gives none.
    test.each([
      [
        'a constraint the chart does not meet',
        '"^2.0.0"',
        'asks for version "^2.0.0", and file://../../chart is version {v}',
      ],
      ['no version at all', null, '(file://../../chart) gives no version'],
      ['no constraint', '"two"', '(file://../../chart) gives "two", which is no version constraint'],
    ])('%s: not checked at the revision that asks for it, and the run fails', async (_, asked, says) => {
      const version = /version: (\S+)/.exec(CHART)![1];
      const asking = (constraint: string | null) => ({
        ...umbrella('file://../../chart'),
        'platform/umbrella/Chart.yaml': `apiVersion: v2\nname: umbrella\nversion: 0.1.0\ndependencies:\n  - name: web\n${constraint === null ? '' : `    version: ${constraint}\n`}    repository: file://../../chart\n`,
      });
      const report = await check(
        { ...chart(), ...asking(JSON.stringify(version)) },
        { ...chart({ values: slower }), ...asking(asked) },
      );
      expect(report.notChecked.map((n) => [n.name, n.reason, n.side, n.fails])).toEqual([
        ['platform/umbrella', 'render-failed', 'head', true],
      ]);
      expect(report.notChecked[0].message).toBe(
        `helm cannot render it at head: its dependency web ${says.replace('{v}', version)}: helm dependency build, which Argo CD and Flux run for it, stops there, and nothing of the chart deploys.`,
      );
      // The chart itself is judged as ever.
      expect(summary(report).map((i) => [i.status, i.workload])).toEqual([['dormant', 'Deployment /web']]);
    });

    test.each([
      [
        'a copy',
        {
          'platform/umbrella/charts/web/Chart.yaml': CHART,
          'platform/umbrella/charts/web/values.yaml': VALUES,
        },
        ['Deployment /web'],
      ],
      // The link reads the changed chart: the umbrella moves with it.
      [
        'a symbolic link',
        { 'platform/umbrella/charts/web': { link: '../../../chart' } },
        ['Deployment /web', 'Deployment /umbrella'],
      ],
    ])(
      'a dependency vendored under charts/ as %s is built by no one: its constraint is not asked',
      async (_, kept, moving) => {
        const vendored = {
          ...umbrella('file://../../chart'),
          'platform/umbrella/Chart.yaml':
            'apiVersion: v2\nname: umbrella\nversion: 0.1.0\ndependencies:\n  - {name: web, version: "^9", repository: "file://../../chart"}\n',
          ...kept,
        };
        const report = await check(
          { ...chart(), ...vendored },
          { ...chart({ values: slower }), ...vendored },
        );
        expect(report.notChecked).toEqual([]);
        expect(summary(report).map((i) => [i.status, i.workload])).toEqual(
          (moving as string[]).map((workload) => ['dormant', workload]),
        );
      },
    );

    // rook/rook: `charts/library` is a symbolic link to the chart a `file://../library` dependency names.
    test('kept as a symbolic link under charts/ too: rendered from the copy, the link never written', async () => {
      const link = { 'platform/umbrella/charts/web': { link: '../../../chart' } };
      const report = await check(
        { ...chart(), ...umbrella('file://../../chart'), ...link },
        { ...chart({ values: slower }), ...umbrella('file://../../chart'), ...link },
      );
      expect(report.notChecked).toEqual([]);
      expect(report.rendered).toEqual(['chart', 'platform/umbrella']);
      expect(summary(report).map((i) => [i.status, i.workload])).toEqual([
        ['dormant', 'Deployment /web'],
        ['dormant', 'Deployment /umbrella'],
      ]);
    });

    // alphagov/govuk-helm-charts: `charts/app-config/ci/*-values.yaml` are links to `../values-*.yaml`.
    test('a symbolic link to a file of the repository reads as that file: the chart is rendered', async () => {
      const link = { 'chart/ci/prod-values.yaml': { link: '../values.yaml' } };
      const report = await check({ ...chart(), ...link }, { ...chart({ values: slower }), ...link });
      expect(report.notChecked).toEqual([]);
      expect(report.rendered).toEqual(['chart']);
      expect(summary(report).map((i) => [i.status, i.workload])).toEqual([['dormant', 'Deployment /web']]);
    });

    test("a change only to the file a chart's link leads to touches the chart", async () => {
      const linked = { ...chart(), 'chart/values.yaml': { link: '../shared/values.yaml' } };
      const report = await check(
        { ...linked, 'shared/values.yaml': VALUES },
        { ...linked, 'shared/values.yaml': slower },
      );
      expect(report.notChecked).toEqual([]);
      expect(report.rendered).toEqual(['chart']);
      expect(summary(report).map((i) => [i.status, i.workload])).toEqual([['dormant', 'Deployment /web']]);
      expect(report.changes.map((c) => [c.name, c.keys.modified, `${c.file}:${c.line}`])).toEqual([
        ['web-config', ['TIMEOUT'], 'shared/values.yaml:3'],
      ]);
    });

    test.each([
      ['leaves the repository', '../../../../etc/hostname', 'points outside the repository'],
      ['leads to a directory', '../shared', 'points at a directory'],
      ['goes round', 'values.yaml', 'is part of a loop of symbolic links'],
    ])('a symbolic link that %s: the chart is not checked, naming the link', async (_, target, why) => {
      const report = await check(chart(), {
        ...chart(),
        'shared/values.yaml': slower,
        'chart/values.yaml': { link: target },
      });
      expect(report.impacts).toEqual([]);
      expect(report.notChecked.map((n) => [n.name, n.reason, n.message])).toEqual([
        [
          'chart',
          'unsupported',
          expect.stringContaining(
            `it reads chart/values.yaml, a symbolic link to ${JSON.stringify(target)}, which ${why}`,
          ),
        ],
      ]);
    });

    test("a change under the directory a chart's link leads to: the chart is not checked, never all clear", async () => {
      const linked = { ...chart(), 'chart/templates/shared': { link: '../../shared' } };
      const report = await check(
        {
          ...linked,
          'shared/_extra.tpl': '{{- define "extra" }}a: "1"{{- end }}\n',
        },
        {
          ...linked,
          'shared/_extra.tpl': '{{- define "extra" }}a: "2"{{- end }}\n',
        },
      );
      expect(report.notChecked.map((n) => [n.name, n.reason, n.message])).toEqual([
        [
          'chart',
          'unsupported',
          expect.stringContaining(
            'it reads chart/templates/shared, a symbolic link to "../../shared", which points at a directory',
          ),
        ],
      ]);
    });

    test('two releases of the chart render at once from one tree, each with the dependency', async () => {
      const app = (env: string) => ({
        [`apps/${env}.yaml`]: `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: ${env}\nspec:\n  destination: {namespace: ${env}}\n  source: {path: platform/umbrella}\n`,
      });
      const files = (values: string) => ({
        ...chart({ values }),
        ...umbrella('file://../../chart'),
        ...app('dev'),
        ...app('prod'),
      });
      const report = await check(files(VALUES), files(slower));
      expect(report.notChecked).toEqual([]);
      expect(summary(report).map((i) => [i.workload, i.source?.root])).toEqual([
        ['Deployment /web', 'chart'],
        ['Deployment dev/dev', 'platform/umbrella (Application dev)'],
        ['Deployment prod/prod', 'platform/umbrella (Application prod)'],
      ]);
    });

    test('one vendored as the archive helm dependency build writes is used as it is: neither copied nor fetched', async () => {
      // The archives `helm package` makes: the dependency of this repository, and one from a repository.
      const dir = scratchDir('crg-package-');
      for (const [name, files] of [
        ['web', chart({ dir: 'web' })],
        ['cache', { 'cache/Chart.yaml': 'apiVersion: v2\nname: cache\nversion: 20.1.0\n' }],
      ] as [string, Record<string, string>][]) {
        for (const [path, text] of Object.entries(files)) {
          mkdirSync(dirname(join(dir, path)), { recursive: true });
          writeFileSync(join(dir, path), text);
        }
        execFileSync(helm, ['package', join(dir, name), '-d', dir], { env: { HOME: dir } });
      }
      const umbrellaWith = (values: string): Bytes => ({
        ...chart({ values }),
        ...umbrella('file://../../chart'),
        'platform/umbrella/Chart.yaml':
          'apiVersion: v2\nname: umbrella\nversion: 0.1.0\ndependencies:\n  - {name: web, version: 1.2.0, repository: "file://../../chart"}\n  - {name: cache, version: 20.1.0, repository: "https://charts.example.com"}\n',
        'platform/umbrella/charts/web-1.2.0.tgz': readFileSync(join(dir, 'web-1.2.0.tgz')),
        'platform/umbrella/charts/cache-20.1.0.tgz': readFileSync(join(dir, 'cache-20.1.0.tgz')),
      });
      const report = await checkChange(umbrellaWith(VALUES), umbrellaWith(slower), { helm });
      expect(report.notChecked).toEqual([]);
      expect(report.rendered).toEqual(['chart', 'platform/umbrella']);
      // The umbrella renders the archive, which the change leaves alone.
      expect(summary(report).map((i) => [i.status, i.source?.root])).toEqual([['dormant', 'chart']]);
    });

    test.each([
      [
        'outside the repository',
        'file://../../../elsewhere',
        'refused',
        /its dependency web is at file:\/\/\.\.\/\.\.\/\.\.\/elsewhere, outside the repository/,
      ],
      [
        'an absolute path',
        'file:///etc',
        'refused',
        /its dependency web is at file:\/\/\/etc, outside the repository/,
      ],
      [
        'a directory with no chart',
        'file://../../nowhere',
        'missing-input',
        /its dependency web \(file:\/\/\.\.\/\.\.\/nowhere\) is not a chart of this repository/,
      ],
    ])('%s: not checked, said why', async (_, repository, reason, message) => {
      const report = await check(
        { ...chart(), ...umbrella(repository) },
        { ...chart(), ...umbrella(repository), 'platform/umbrella/values.yaml': 'web:\n  replicas: 2\n' },
      );
      expect(report.notChecked).toEqual([
        expect.objectContaining({
          name: 'platform/umbrella',
          reason,
          message: expect.stringMatching(message),
        }),
      ]);
    });

    test('a dependency name that is a path is refused before it names a directory of the render tree', async () => {
      const report = await check(
        { ...chart(), ...umbrella('file://../../chart', '../../escape') },
        {
          ...chart(),
          ...umbrella('file://../../chart', '../../escape'),
          'platform/umbrella/values.yaml': 'web:\n  replicas: 2\n',
        },
      );
      expect(report.notChecked).toEqual([
        expect.objectContaining({
          name: 'platform/umbrella',
          reason: 'refused',
          message: expect.stringMatching(/its dependency "\.\.\/\.\.\/escape" is not a chart name/),
        }),
      ]);
    });
  });

  // longhorn/longhorn f06f729: `kubeVersion: ">=1.34.0-0"`, which helm's own default (its build's
  // Kubernetes) does not meet; the clusters do.
  describe('a chart that requires a newer Kubernetes than helm assumes', () => {
    const newer = (files: Files) => ({
      ...files,
      'chart/Chart.yaml': `${CHART}kubeVersion: ">=1.99.0-0"\n`,
      'chart/templates/configmap.yaml': CONFIGMAP.replace(
        'data:\n',
        'data:\n  KUBE: {{ .Capabilities.KubeVersion.Version | quote }}\n',
      ),
    });
    test('without the clusters’ version: not checked, and told where to say it', async () => {
      const report = await check(newer(chart()), newer(chart({ values: slower })));
      expect(report.notChecked).toEqual([
        expect.objectContaining({
          name: 'chart',
          reason: 'missing-input',
          message: expect.stringMatching(
            /chart requires kubeVersion: >=1\.99\.0-0 which is incompatible with Kubernetes v1\.\d+\.\d+\. Say which Kubernetes version the clusters run: `kube-version: "1\.34"` in \.config-rollout-guard\.yaml\.$/,
          ),
        }),
      ]);
    });

    test('kube-version in the base configuration renders it for that version; an Argo CD helm.kubeVersion wins for its release', async () => {
      const config = { '.config-rollout-guard.yaml': 'kube-version: "1.99"\n' };
      const { repo, base, head } = await twoCommits(
        { ...newer(chart()), ...config },
        newer(chart({ values: slower })),
      );
      const report = await jsonReport(repo.dir, base, head);
      expect(report.notChecked).toEqual([]);
      expect(summary(report).map((i) => i.status)).toEqual(['dormant']);
      const argo = (kubeVersion: string) => ({
        'apps/web.yaml': `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: web\nspec:\n  destination: {namespace: prod}\n  source:\n    path: chart\n    helm:\n      kubeVersion: "${kubeVersion}"\n`,
      });
      const versions = await check(
        { ...newer(chart()), ...argo('1.100.2') },
        { ...newer(chart({ values: slower })), ...argo('1.100.2') },
        { kubeVersion: '1.2' },
      );
      expect(versions.changes.map((c) => c.keys.modified)).toEqual([['TIMEOUT']]);
      expect(versions.notChecked).toEqual([]);
      // A string that is no version never reaches helm's argv.
      const hostile = await check(
        { ...newer(chart()), ...argo('--post-renderer=/bin/sh') },
        { ...newer(chart({ values: slower })), ...argo('--post-renderer=/bin/sh') },
        { kubeVersion: '1.99' },
      );
      expect(hostile.notChecked).toEqual([
        expect.objectContaining({
          name: 'chart (Application web)',
          reason: 'refused',
          message: expect.stringContaining(
            'its helm.kubeVersion "--post-renderer=/bin/sh" is not a Kubernetes version',
          ),
        }),
      ]);
    });
  });

  test('a chart that fails to render: not checked with helm’s reason, no value quoted; fails unless best-effort', async () => {
    const broken = CONFIGMAP.replace(
      '{{ .Values.config.mode | quote }}',
      '{{ required "set config.token" .Values.config.token }}',
    );
    const secretValues = VALUES + '  password: hunter2-very-secret\n';
    const { repo, base, head } = await twoCommits(
      chart(),
      chart({ configmap: broken, values: secretValues }),
    );
    const run = (render: string) =>
      cli(['check', '--base', base, '--head', head, '--helm', helm, '--render', render], { cwd: repo.dir });
    const auto = await run('auto');
    expect(auto.code).toBe(1);
    expect(auto.stdout.split('\n')[1]).toBe('1 rendered root not checked.');
    // Nothing declares a release of the chart: it was rendered with its defaults, and what it needs is a declaration.
    expect(auto.stdout).toContain(
      "helm cannot render it at head: rendered with its default values (nothing declares a release of it): execution error at (web/templates/configmap.yaml:9:11): the chart's fail or required stopped the render (its message is not shown; run helm template to read it). Declare a release with the values it needs: `charts: [{path: chart, values: [chart/…-values.yaml]}]` in .config-rollout-guard.yaml.",
    );
    expect(auto.stdout).toContain('Next: Define what the render needs in the repository.');
    expect(auto.stdout + auto.stderr).not.toContain('hunter2');
    const lenient = await run('best-effort');
    expect(lenient.code).toBe(0);
  });

  // argoproj/argocd-example-apps 6150e82: `namespace: argocd` in the values made
  // `…-rbac-cm.yaml` of the template helm named.
  test("helm's message keeps the chart's file names whole; a value elsewhere in it is still cut", async () => {
    const values = `${VALUES}namespace: argocd\nhint: policyDefault\n`;
    const rbac =
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: rbac}\ndata:\n  policy: {{ .Values.rbac.policyDefault }}\n';
    const report = await check(chart({ values }), {
      ...chart({ values }),
      'chart/templates/argocd-rbac-cm.yaml': rbac,
    });
    expect(report.notChecked.map((n) => n.message)).toEqual([
      expect.stringContaining('executing "web/templates/argocd-rbac-cm.yaml" at <.Values.rbac.…>'),
    ]);
    // A value that reaches past the name is cut, the name's part of it too.
    const reaching = `${values}straddle: 'cm.yaml" at'\n`;
    const past = await check(chart({ values: reaching }), {
      ...chart({ values: reaching }),
      'chart/templates/argocd-rbac-cm.yaml': rbac,
    });
    expect(past.notChecked.map((n) => n.message)).toEqual([
      expect.stringContaining('executing "web/templates/argocd-rbac-… <.Values.rbac.…>'),
    ]);
  });

  // kubernetes-sigs/external-dns: a chart whose schema makes `policy` a required value, with no
  // default. helm's list of what the schema rejects was cut at its first line.
  test("values the chart's schema rejects: each named, and with the defaults alone, a release to declare", async () => {
    const schema = JSON.stringify({
      type: 'object',
      properties: {
        config: {
          type: 'object',
          properties: { mode: { type: 'string' }, timeout: { type: 'string', pattern: '^[0-9]+s$' } },
        },
      },
    });
    const rejected = VALUES.replace('mode: fast', 'mode: null').replace('5s', 'hunter2-very-secret');
    const report = await check(chart(), {
      ...chart({ values: rejected }),
      'chart/values.schema.json': schema,
    });
    expect(report.notChecked.map((n) => [n.reason, n.message])).toEqual([
      [
        'missing-input',
        expect.stringMatching(
          /^helm cannot render it at head: rendered with its default values \(nothing declares a release of it\): its values do not meet the chart's values.schema.json: config.mode: Invalid type. Expected: string, given: null; config.timeout: Does not match pattern '\^\[0-9\]\+s\$'. Declare a release/,
        ),
      ],
    ]);
    expect(JSON.stringify(report)).not.toContain('hunter2');
  });

  // bitnami/charts: every change to its `common` library chart failed as a chart helm cannot render.
  test('a library chart nobody declares is no root, and its templates are no manifests; one a release names is rendered, and helm says why it cannot be', async () => {
    const library = (value: string): Files => ({
      'lib/Chart.yaml': 'apiVersion: v2\nname: common\nversion: 1.0.0\ntype: library\n',
      'lib/templates/_helpers.tpl': `{{- define "common.value" -}}${value}{{- end -}}\n`,
      // A template, not a manifest: never read as one, though nothing renders the chart.
      'lib/templates/_configmap.yaml': `{{- define "common.configmap" -}}\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: {{ .Release.Name }}-${value}}\n{{- end -}}\n`,
    });
    const quiet = await check({ ...chart(), ...library('a') }, { ...chart(), ...library('b') });
    expect(quiet.notChecked).toEqual([]);
    expect(quiet.rendered).toEqual([]);

    const app = `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: common}\nspec:\n  source: {repoURL: https://example.com/repo.git, path: lib}\n  destination: {namespace: default}\n`;
    const declared = await check(
      { ...library('a'), 'apps/common.yaml': app },
      { ...library('b'), 'apps/common.yaml': app },
    );
    expect(declared.notChecked.map((n) => `${n.name}: ${n.message}`)).toEqual([
      'lib (Application common): helm cannot render it at both revisions: library charts are not installable.',
    ]);
  });

  test('helm missing: every touched chart is not checked, and the message says what to do', async () => {
    const report = await check(chart(), chart({ values: slower }), { helm: '/nonexistent/helm' });
    expect(report.notChecked.map((n) => n.message)).toEqual([
      '/nonexistent/helm is not an executable program.',
    ]);
  });
});

describeHelm('fix for charts', () => {
  test('inserts a data-only checksum into the template, verified by a render; the next check says rolling; a second fix changes nothing', async () => {
    const { repo, base } = await twoCommits(chart(), chart({ values: slower }));
    const template = () => readFileSync(join(repo.dir, 'chart/templates/deployment.yaml'), 'utf8');
    const before = template();
    const fixed = await cli(['fix', '--base', base, '--helm', helm], { cwd: repo.dir });
    expect(fixed.code).toBe(0);
    const line =
      '        checksum/configmap: {{ pick (include (print $.Template.BasePath "/configmap.yaml") $ | fromYaml) "data" "binaryData" | toJson | sha256sum }}';
    expect(template()).toBe(
      before.replace(
        '    metadata:\n      labels:',
        `    metadata:\n      annotations:\n${line}\n      labels:`,
      ),
    );
    const again = await cli(['fix', '--base', base, '--helm', helm], { cwd: repo.dir });
    expect(again.code).toBe(0);
    expect(template()).toBe(
      before.replace(
        '    metadata:\n      labels:',
        `    metadata:\n      annotations:\n${line}\n      labels:`,
      ),
    );
    await repo.commit('fix');
    const after = await cli(['check', '--base', base, '--helm', helm, '--format', 'json'], { cwd: repo.dir });
    const report = JSON.parse(after.stdout) as Report;
    expect(report.impacts.map((i) => i.status)).toEqual(['rolling']);
  });

  test('adds under existing pod annotations at their indentation, and refuses annotations written under a condition', async () => {
    const plain = deployment(['prometheus.io/scrape: "true"']);
    const { repo, base } = await twoCommits(
      chart({ deployment: plain }),
      chart({ values: slower, deployment: plain }),
    );
    await cli(['fix', '--base', base, '--helm', helm], { cwd: repo.dir });
    const text = readFileSync(join(repo.dir, 'chart/templates/deployment.yaml'), 'utf8');
    expect(text).toContain('      annotations:\n        checksum/configmap: {{ pick (include');
    expect(text.replace(/\n {8}checksum\/configmap: .*\n/, '\n')).toBe(plain);

    const conditional = deployment().replace(
      '    metadata:\n',
      '    metadata:\n      {{- with .Values.podAnnotations }}\n      annotations:\n        {{- toYaml . | nindent 8 }}\n      {{- end }}\n',
    );
    const second = await twoCommits(
      chart({ deployment: conditional }),
      chart({ values: slower, deployment: conditional }),
    );
    const refused = await cli(['fix', '--base', second.base, '--helm', helm], { cwd: second.repo.dir });
    expect(readFileSync(join(second.repo.dir, 'chart/templates/deployment.yaml'), 'utf8')).toBe(conditional);
    expect(refused.stdout + refused.stderr).toContain(
      'did not add a checksum to Deployment web: the pod annotations are written only under a condition. Add under spec.template.metadata.annotations: checksum/configmap: {{ pick',
    );
  });
});

describeHelm('charts that a kustomization inflates (helmCharts)', () => {
  (hasKustomize ? test : test.skip)(
    'a valuesInline edit: the kustomize root renders the chart with helm, dormant at the changed line; the chart is no root of its own',
    async () => {
      const kustomization = (timeout: string) =>
        `namespace: prod\nhelmCharts:\n  - name: web\n    releaseName: edge\n    valuesInline:\n      config:\n        timeout: ${timeout}\n`;
      const files = (timeout: string) => ({
        ...chart({ dir: 'app/charts/web' }),
        'app/kustomization.yaml': kustomization(timeout),
      });
      const report = await check(files('11s'), files('12s'));
      expect(report.rendered).toEqual(['app']);
      expect(summary(report)).toEqual([
        {
          status: 'dormant',
          workload: 'Deployment prod/edge',
          source: { root: 'app', renderer: 'kustomize' },
          at: 'app/kustomization.yaml:1',
        },
      ]);
      expect(report.changes.map((c) => `${c.namespace}/${c.name} ${c.file}:${c.line}`)).toEqual([
        'prod/edge-config app/kustomization.yaml:7',
      ]);
    },
  );
});

describeHelm('chart releases from the configuration file, and scan', () => {
  test('each configured release renders with its own values; the bare default render is replaced', async () => {
    const config = `charts:\n  - path: chart\n    release: web-prod\n    namespace: prod\n    values: [chart/values-prod.yaml]\n  - path: chart\n    namespace: staging\n`;
    const base = {
      ...chart(),
      'chart/values-prod.yaml': 'config:\n  timeout: 30s\n',
      '.config-rollout-guard.yaml': config,
    };
    const {
      repo,
      base: b,
      head,
    } = await twoCommits(base, { 'chart/values-prod.yaml': 'config:\n  timeout: 60s\n' });
    const out = await cli(['check', '--base', b, '--head', head, '--helm', helm, '--format', 'json'], {
      cwd: repo.dir,
    });
    const report = JSON.parse(out.stdout) as Report;
    // Every file of the chart is in both closures; only the prod release renders differently.
    expect(report.rendered.sort()).toEqual(['chart (release web)', 'chart (release web-prod)']);
    expect(summary(report)).toEqual([
      {
        status: 'dormant',
        workload: 'Deployment prod/web-prod',
        source: { root: 'chart (release web-prod)', renderer: 'helm', release: 'web-prod' },
        at: 'chart/templates/deployment.yaml:2',
      },
    ]);
    expect(report.changes.map((c) => `${c.file}:${c.line}`)).toEqual(['chart/values-prod.yaml:2']);
  });

  // wikimedia/operations-deployment-charts deploys its charts with helmfile: each service's helmfile.yaml
  // names `values-{{ .Environment.Name }}.yaml` beside it, and `/etc/helmfile-defaults/…` outside the
  // repository. A change to one said "No ConfigMap or Secret content changes".
  test('a values file a helmfile names is not checked, and is judged once a charts: entry renders it', async () => {
    const helmfile = `releases:
  - name: web
    chart: stable/web
    values:
      - "values.yaml"
      - "/etc/helmfile-defaults/general-{{ .Environment.Name }}.yaml"
      - 'values-{{\`{{ .Release.Name }}\`}}-{{ .Environment.Name }}.yaml'
      - secrets.yaml.gotmpl
`;
    const base = {
      ...chart(),
      'deploy/web/helmfile.yaml': helmfile,
      'deploy/web/values.yaml': 'replicas: 2\n',
      'deploy/web/values-web-prod.yaml': 'config:\n  timeout: 30s\n',
      'deploy/web/notes.yaml': 'owner: team\n',
      // A directory of state files: helmfile reads each.
      'helmfile.d/10-api.yaml':
        'releases:\n  - name: api\n    chart: ../chart\n    values: [../deploy/api.yaml]\n',
      'deploy/api.yaml': 'replicas: 1\n',
    };
    const longer = 'config:\n  timeout: 60s\n';
    const moved = await check(base, {
      'deploy/web/values-web-prod.yaml': longer,
      'deploy/web/notes.yaml': 'owner: other\n',
      'deploy/api.yaml': 'replicas: 3\n',
    });
    expect(moved.notChecked.map((n) => [n.file, n.reason, n.side, n.fails, n.message])).toEqual([
      [
        'deploy/api.yaml',
        'unrendered',
        'both',
        true,
        'deploy/api.yaml is read by helmfile.d/10-api.yaml, and helmfile is not run here, so what it changes in those releases is not checked.',
      ],
      [
        'deploy/web/values-web-prod.yaml',
        'unrendered',
        'both',
        true,
        'deploy/web/values-web-prod.yaml is read by deploy/web/helmfile.yaml, and helmfile is not run here, so what it changes in those releases is not checked.',
      ],
    ]);
    // Its own files are its, whatever the include globs select: the helmfile, Go-templated values.
    const edited = await check(
      { ...base, 'deploy/web/secrets.yaml.gotmpl': 'token: {{ env "A" }}\n' },
      {
        'deploy/web/helmfile.yaml': helmfile.replace('name: web', 'name: site'),
        'deploy/web/secrets.yaml.gotmpl': 'token: {{ env "B" }}\n',
      },
    );
    expect(edited.notChecked.map((n) => [n.file, n.reason])).toEqual([
      ['deploy/web/helmfile.yaml', 'unrendered'],
      ['deploy/web/secrets.yaml.gotmpl', 'unrendered'],
    ]);
    // Declared as a release of the chart, the values are rendered and the change judged.
    const values = ['deploy/web/values.yaml', 'deploy/web/values-web-prod.yaml'];
    const declaredAt = { file: '.config-rollout-guard.yaml', line: 1 };
    const declared = await check(
      base,
      { 'deploy/web/values-web-prod.yaml': longer },
      { charts: [{ path: 'chart', release: 'web', namespace: 'prod', values, declaredAt }] },
    );
    expect(declared.notChecked).toEqual([]);
    expect(summary(declared).map((s) => [s.status, s.workload])).toEqual([
      ['dormant', 'Deployment prod/web'],
    ]);
  });

  test('scan renders every chart and lists its workloads with the checksum notices', async () => {
    const { repo } = await twoCommits(chart({ deployment: deployment([WHOLE_FILE]) }), {});
    const out = await cli(['scan', '--helm', helm, '--format', 'json'], { cwd: repo.dir });
    const report = JSON.parse(out.stdout) as {
      rendered: string[];
      workloads: { kind: string; name: string; refs: { name: string; definedAt: unknown }[] }[];
      diagnostics: { severity: string; message: string }[];
    };
    expect(report.rendered).toEqual(['chart']);
    expect(
      report.workloads.map((w) => `${w.kind} ${w.name} ← ${w.refs.map((r) => r.name).join(', ')}`),
    ).toEqual(['Deployment web ← web-config']);
    expect(report.workloads[0].refs[0].definedAt).toEqual({
      file: 'chart/templates/configmap.yaml',
      line: 2,
    });
    expect(report.diagnostics.map((d) => `${d.severity}: ${d.message}`)).toEqual([
      expect.stringMatching(
        /^notice: Deployment web: checksum\/config changes when only the chart version changes/,
      ),
    ]);
  });
});
