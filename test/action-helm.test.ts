import { execFileSync } from 'node:child_process';
import { FakeGitHub } from './helpers/fake-github.js';
import { RemoteSetup, runAction } from './helpers/action-run.js';
import { HELM } from './helpers/helm.js';

// The bundled Action on a chart kept in the repository, rendered by a real helm (input `helm`):
// fix mode commits the checksum line into the chart's template; on a fork it becomes a suggestion.
const chart = (timeout: string, replicas: number) => ({
  'chart/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 1.0.0\n',
  'chart/values.yaml': `timeout: ${timeout}\n`,
  'chart/templates/configmap.yaml':
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-config\ndata:\n  TIMEOUT: {{ .Values.timeout | quote }}\n',
  'chart/templates/deployment.yaml': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .Release.Name }}
spec:
  selector:
    matchLabels: {app: web}
  replicas: ${replicas}
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx
          envFrom:
            - configMapRef:
                name: {{ .Release.Name }}-config
`,
});

const pr = (base: string, head: string, fork: boolean) => ({
  pull_request: {
    number: 5,
    base: { sha: base, repo: { full_name: 'acme/gitops' } },
    head: { sha: head, ref: 'feature', repo: { full_name: fork ? 'someone/gitops' : 'acme/gitops' } },
  },
  repository: { full_name: 'acme/gitops', default_branch: 'main' },
});

(HELM ? describe : describe.skip)('the Action on a Helm chart', () => {
  let setup: RemoteSetup;
  let github: FakeGitHub;
  let base: string;
  let head: string;

  beforeAll(async () => {
    setup = await new RemoteSetup().init();
    setup.dev.write(chart('5s', 1));
    await setup.dev.commit('base');
    base = await setup.push('main');
    // The PR also scales the Deployment, so the checksum's place is inside its diff.
    setup.dev.write(chart('9s', 2));
    await setup.dev.commit('slower timeout, two replicas');
    head = await setup.push('feature');
    github = await new FakeGitHub(setup.bare).start();
  });
  afterAll(() => github?.stop());

  test('fork: the checksum line is a review suggestion in the template, nothing is committed', async () => {
    const result = await runAction({
      checkout: await setup.checkout(head),
      apiUrl: github.url,
      eventName: 'pull_request_target',
      payload: pr(base, head, true),
      inputs: { mode: 'fix', helm: HELM! },
    });
    expect(result.code).toBe(1);
    expect(result.summary).toMatch(/Deployment `web`.* in chart/);
    expect(github.reviews).toHaveLength(1);
    expect(github.reviews[0].comments).toEqual([
      {
        path: 'chart/templates/deployment.yaml',
        line: 10,
        side: 'RIGHT',
        body: expect.stringContaining(
          '```suggestion\n    metadata:\n      annotations:\n        checksum/configmap: {{ pick (include (print $.Template.BasePath "/configmap.yaml") $ | fromYaml) "data" "binaryData" | toJson | sha256sum }}\n```',
        ),
      },
    ]);
  });

  test('same repository: one commit that edits the template; the branch then passes', async () => {
    const result = await runAction({
      checkout: await setup.checkout(head),
      apiUrl: github.url,
      eventName: 'pull_request',
      payload: pr(base, head, false),
      inputs: { mode: 'fix', helm: HELM! },
    });
    expect(result.code).toBe(0);
    const commit = execFileSync('git', ['rev-parse', 'refs/heads/feature'], { cwd: setup.bare })
      .toString()
      .trim();
    expect(result.outputs['fix-commit']).toBe(commit);
    const changed = execFileSync('git', ['diff-tree', '--no-commit-id', '--name-only', '-r', head, commit], {
      cwd: setup.bare,
    }).toString();
    expect(changed.trim().split('\n')).toEqual(['chart/templates/deployment.yaml']);
    expect(result.summary).toContain('🟢 rolling');
  });
});
