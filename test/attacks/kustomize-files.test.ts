import type { Report } from '../../src/model/types.js';
import { hasKustomize } from '../helpers/kustomize.js';
import { apply, type Files } from '../helpers/scenario.js';
import { attackRepo, Canary, kustomizeApp, PLAIN_KUSTOMIZATION, runCli } from './harness.js';

// Host files and the token through kustomize: every path-bearing field of a kustomization, inline
// plugin configurations and plugin configuration files included, and the kustomizations this tool
// cannot parse but kustomize might accept.

const maybe = hasKustomize ? describe : describe.skip;

let canary: Canary;
beforeEach(async () => (canary = await new Canary().start()));
afterEach(() => canary.stop());

async function check(base: Files, head: Files) {
  const { repo, base: b, head: h } = await attackRepo(base, head);
  try {
    const run = await runCli(
      ['check', '--base', b, '--head', h, '--format', 'json', '--timeout', '60'],
      repo.dir,
      canary.env(),
    );
    canary.expectClean([run.stdout, run.stderr]);
    return { run, report: JSON.parse(run.stdout) as Report };
  } finally {
    repo.cleanup();
  }
}

/** The attacker's kustomization at head, over an innocent one at base. */
async function refused(kustomization: (c: Canary) => string, extra: (c: Canary) => Files = () => ({})) {
  const { run, report } = await check(
    kustomizeApp('app', PLAIN_KUSTOMIZATION, 'info'),
    kustomizeApp('app', kustomization(canary), 'debug', extra(canary)),
  );
  expect(run.code).toBe(1);
  expect(report.notChecked.map((n) => n.name)).toEqual(['app']);
  return report.notChecked[0].message;
}

// The value every attack tries to carry out: copied into the ignore annotation, whose reason is printed.
const EXFILTRATE = [
  'replacements:',
  '  - source: {kind: ConfigMap, name: leak, fieldPath: data.leak}',
  '    targets:',
  '      - select: {kind: Deployment}',
  '        fieldPaths: [metadata.annotations.config-rollout-guard/ignore]',
  '        options: {create: true}',
].join('\n');

maybe('kustomize reads nothing outside the repository', () => {
  test('an inline generator reading /proc/self/environ, copied into an annotation: refused before kustomize runs', async () => {
    const message = await refused(() =>
      [
        PLAIN_KUSTOMIZATION.trim(),
        'generators:',
        '  - |',
        '    apiVersion: builtin',
        '    kind: ConfigMapGenerator',
        '    metadata: {name: leak}',
        '    envs: [/proc/self/environ]',
        EXFILTRATE,
        '',
      ].join('\n'),
    );
    expect(message).toMatch(
      /inline generators.*ConfigMapGenerator envs names \/proc\/self\/environ, outside the repository/,
    );
  });

  test('an inline transformer patching from a host file', async () => {
    const message = await refused((c) =>
      [
        PLAIN_KUSTOMIZATION.trim(),
        'transformers:',
        '  - |',
        '    apiVersion: builtin',
        '    kind: PatchTransformer',
        '    metadata: {name: leak}',
        `    path: ${c.file}`,
        '',
      ].join('\n'),
    );
    expect(message).toMatch(/PatchTransformer path names .*host-secret.txt, outside the repository/);
  });

  test('a generators entry naming a file of plugin configurations', async () => {
    const message = await refused(
      () => `${PLAIN_KUSTOMIZATION}generators: [gen.yaml]\n${EXFILTRATE}\n`,
      (c) => ({
        'app/gen.yaml': `apiVersion: builtin\nkind: ConfigMapGenerator\nmetadata: {name: leak}\nfiles: [leak=${c.file}]\n`,
      }),
    );
    expect(message).toMatch(/app\/gen.yaml: ConfigMapGenerator files names .*, outside the repository/);
  });

  test('a generators entry naming a directory whose build makes the plugin configuration', async () => {
    const message = await refused(
      () => `${PLAIN_KUSTOMIZATION}generators: [gen]\n${EXFILTRATE}\n`,
      (c) => ({
        'app/gen/kustomization.yaml': 'resources: [leak.yaml]\n',
        'app/gen/leak.yaml': `apiVersion: builtin\nkind: ConfigMapGenerator\nmetadata: {name: leak}\nenvs: [${c.file}]\n`,
      }),
    );
    expect(message).toMatch(/app\/gen\/leak.yaml: ConfigMapGenerator envs names/);
  });

  test('a plugin that is not built in is refused by name, never run', async () => {
    const message = await refused((c) =>
      [
        PLAIN_KUSTOMIZATION.trim(),
        'transformers:',
        '  - |',
        '    apiVersion: example.com/v1',
        '    kind: Exfiltrate',
        '    metadata:',
        '      name: x',
        '      annotations:',
        `        config.kubernetes.io/function: "exec: {path: ${c.marker}}"`,
        '',
      ].join('\n'),
    );
    expect(message).toMatch(
      /configures plugin 'Exfiltrate', which is not built into kustomize; it is never run/,
    );
  });

  test.each([
    [
      'a generator file leaving the repository by ../',
      (c: Canary) => `${'../'.repeat(12)}${c.file.slice(1)}`,
    ],
    ['an absolute generator file', (c: Canary) => c.file],
  ])('%s', async (_, path) => {
    const message = await refused(
      (c) =>
        `resources: [deployment.yaml]\nconfigMapGenerator:\n  - name: app-config\n    files: [${path(c)}]\n`,
    );
    expect(message).toMatch(/configMapGenerator files names .*, outside the repository/);
  });

  test.each([
    [
      'a duplicate key (kustomize keeps the last)',
      (c: Canary) =>
        `resources: [deployment.yaml]\nconfigMapGenerator:\n  - {name: app-config, envs: [app.env]}\nconfigMapGenerator:\n  - {name: app-config, envs: [${c.file}]}\n`,
    ],
    [
      'a second document',
      (c: Canary) => `${PLAIN_KUSTOMIZATION}---\nconfigMapGenerator:\n  - {name: leak, envs: [${c.file}]}\n`,
    ],
    [
      'more aliases than this check expands',
      () => `resources: [deployment.yaml]\nx: &a [1]\ny: [${Array(150).fill('*a').join(', ')}]\n`,
    ],
  ])('a kustomization this check cannot parse is not built: %s', async (_, text) => {
    const message = await refused(text);
    expect(message).toMatch(/cannot be vetted|YAML documents|aliases this check will not expand/);
  });

  test("a Flux Kustomization's patch path is never passed to kustomize; its inline patches are", async () => {
    const flux = (c: Canary) =>
      [
        'apiVersion: kustomize.toolkit.fluxcd.io/v1',
        'kind: Kustomization',
        'metadata: {name: app, namespace: flux-system}',
        'spec:',
        '  path: ./app',
        '  patches:',
        `    - path: ${c.file}`,
        '      target: {kind: Deployment}',
        '    - patch: |',
        '        - {op: add, path: /metadata/labels, value: {patched: "yes"}}',
        '      target: {kind: Deployment}',
        '',
      ].join('\n');
    const { report } = await check(
      { ...kustomizeApp('app', PLAIN_KUSTOMIZATION, 'info'), 'flux/app.yaml': flux(canary) },
      { ...kustomizeApp('app', PLAIN_KUSTOMIZATION, 'debug'), 'flux/app.yaml': flux(canary) },
    );
    expect(report.rendered).toEqual(['app (Kustomization app)']);
    expect(report.impacts.map((i) => i.status)).toEqual(['dormant']);
  });

  test('a symlink to a host file is never followed nor written: the root reading it is not checked', async () => {
    const { repo, base } = await attackRepo(kustomizeApp('app', PLAIN_KUSTOMIZATION, 'info'), {});
    try {
      const { symlinkSync } = await import('node:fs');
      apply(repo, kustomizeApp('app', 'resources: [deployment.yaml, leak.yaml]\n', 'debug'));
      symlinkSync(canary.file, `${repo.dir}/app/leak.yaml`);
      const linked = await repo.commit('a symlink');
      const run = await runCli(
        ['check', '--base', base, '--head', linked, '--format', 'json'],
        repo.dir,
        canary.env(),
      );
      canary.expectClean([run.stdout, run.stderr]);
      expect(run.code).toBe(1);
      expect((JSON.parse(run.stdout) as Report).notChecked.map((n) => [n.name, n.reason, n.message])).toEqual(
        [['app', 'unsupported', expect.stringContaining('it reads app/leak.yaml, a symbolic link to "/')]],
      );
    } finally {
      repo.cleanup();
    }
  });
});
