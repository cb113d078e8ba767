import { execFileSync } from 'node:child_process';
import { FakeGitHub } from './helpers/fake-github.js';
import { RemoteSetup, runAction } from './helpers/action-run.js';
import { hasKustomize } from './helpers/kustomize.js';
import { container, deployment, yaml } from './helpers/manifests.js';

// The bundled Action on a kustomize repository: the report names the overlay, and fix mode commits
// the patch file and the kustomization entry, after which the branch passes.
const files = (level: string) => ({
  'base/deployment.yaml': yaml(
    deployment('app', {
      containers: [container('app', { envFrom: [{ configMapRef: { name: 'app-config' } }] })],
    }),
  ),
  'base/app.env': `LEVEL=${level}\n`,
  'base/kustomization.yaml': yaml({
    resources: ['deployment.yaml'],
    configMapGenerator: [{ name: 'app-config', envs: ['app.env'] }],
    generatorOptions: { disableNameSuffixHash: true },
  }),
  'overlays/prod/kustomization.yaml': yaml({ resources: ['../../base'], namespace: 'prod' }),
});

const pr = (base: string, head: string) => ({
  pull_request: {
    number: 3,
    base: { sha: base, repo: { full_name: 'acme/gitops' } },
    head: { sha: head, ref: 'feature', repo: { full_name: 'acme/gitops' } },
  },
  repository: { full_name: 'acme/gitops', default_branch: 'main' },
});

(hasKustomize ? describe : describe.skip)('the Action on a kustomize overlay', () => {
  let setup: RemoteSetup;
  let github: FakeGitHub;
  let base: string;
  let head: string;

  beforeAll(async () => {
    setup = await new RemoteSetup().init();
    setup.dev.write(files('info'));
    await setup.dev.commit('base');
    base = await setup.push('main');
    setup.dev.write(files('debug'));
    await setup.dev.commit('debug logging');
    head = await setup.push('feature');
    github = await new FakeGitHub(setup.bare).start();
  });
  afterAll(() => github?.stop());

  test('report: the overlay, its namespace and the changed line of the env file', async () => {
    const result = await runAction({
      checkout: await setup.checkout(head),
      apiUrl: github.url,
      eventName: 'pull_request',
      payload: pr(base, head),
    });
    expect(result.code).toBe(1);
    expect(result.summary).toMatch(
      /\[Deployment `prod\/app`\]\([^)]*base\/deployment\.yaml#L1\) in overlays\/prod/,
    );
    expect(result.stdout).toContain(
      '::warning title=dormant%3A Deployment prod/app in overlays/prod,file=base/deployment.yaml,line=1::',
    );
    expect(result.stdout).toContain(
      'file=base/app.env,line=1::1 workload reads the changed keys; 1 will not roll.',
    );
  });

  test('fix: one commit with the patch file and the kustomization entry; the branch then passes', async () => {
    const result = await runAction({
      checkout: await setup.checkout(head),
      apiUrl: github.url,
      eventName: 'pull_request',
      payload: pr(base, head),
      inputs: { mode: 'fix' },
    });
    expect(result.code).toBe(0);
    const commit = execFileSync('git', ['rev-parse', 'refs/heads/feature'], { cwd: setup.bare })
      .toString()
      .trim();
    expect(result.outputs['fix-commit']).toBe(commit);
    const changed = execFileSync('git', ['diff-tree', '--no-commit-id', '--name-only', '-r', head, commit], {
      cwd: setup.bare,
    })
      .toString()
      .trim()
      .split('\n');
    expect(changed).toEqual([
      'overlays/prod/config-rollout-guard.deployment.app.yaml',
      'overlays/prod/kustomization.yaml',
    ]);
    expect(result.summary).toContain('🟢 rolling');
  });
});
