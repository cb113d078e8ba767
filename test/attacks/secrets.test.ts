import type { Report } from '../../src/model/types.js';
import { redactText } from '../../src/model/redact.js';
import { hasKustomize } from '../helpers/kustomize.js';
import { configMap, container, deployment, secret, yaml } from '../helpers/manifests.js';
import { checkChange, type Files } from '../helpers/scenario.js';
import { attackRepo, Canary, kustomizeApp, PLAIN_KUSTOMIZATION, runCli } from './harness.js';

// A Secret's value is never printed: not in kustomize's own error messages, not in a reason a build
// copied it into. Each case runs every output format, since each is a way out.

const maybe = hasKustomize ? describe : describe.skip;
const VALUE = 'hunter2-canary-value';
const SECRET = `apiVersion: v1\nkind: Secret\nmetadata: {name: db}\nstringData:\n  password: ${VALUE}\n`;

let canary: Canary;
beforeEach(async () => (canary = await new Canary().start()));
afterEach(() => canary.stop());

async function everyFormat(base: Files, head: Files) {
  const { repo, base: b, head: h } = await attackRepo(base, head);
  try {
    const outputs: string[] = [];
    let report: Report | null = null;
    for (const format of ['json', 'text', 'markdown', 'sarif']) {
      const run = await runCli(
        ['check', '--base', b, '--head', h, '--format', format],
        repo.dir,
        canary.env(),
      );
      outputs.push(run.stdout, run.stderr);
      if (format === 'json') report = JSON.parse(run.stdout) as Report;
    }
    canary.expectClean(outputs);
    const all = outputs.join('\n');
    expect(all).not.toContain(VALUE);
    expect(all).not.toContain(Buffer.from(VALUE).toString('base64'));
    return report!;
  } finally {
    repo.cleanup();
  }
}

const kustomization = (extra: string) =>
  PLAIN_KUSTOMIZATION.replace('resources: [deployment.yaml]', 'resources: [deployment.yaml, secret.yaml]') +
  extra;

maybe('Secret values stay out of every output', () => {
  test("kustomize's 'node contents' error quoting a Secret's value", async () => {
    const replacement = [
      'replacements:',
      '  - source: {kind: Secret, name: db, fieldPath: stringData.password}',
      '    targets:',
      '      - select: {kind: Secret, name: db}',
      '        fieldPaths: [stringData.password.deeper]',
      '',
    ].join('\n');
    const report = await everyFormat(
      kustomizeApp('app', kustomization(''), 'info', { 'app/secret.yaml': SECRET }),
      kustomizeApp('app', kustomization(replacement), 'debug', { 'app/secret.yaml': SECRET }),
    );
    expect(report.notChecked.map((n) => n.name)).toEqual(['app']);
  });

  test('a patch kustomize quotes whole in its error, carrying the value', async () => {
    const patch = `patches:\n  - patch: "- {op: test, path: /stringData/password, value: ${VALUE}}"\n`;
    const report = await everyFormat(
      kustomizeApp('app', kustomization(''), 'info', { 'app/secret.yaml': SECRET }),
      kustomizeApp('app', kustomization(patch), 'debug', { 'app/secret.yaml': SECRET }),
    );
    expect(report.notChecked[0].message).toContain('[redacted]');
  });

  test('a value copied by the build into the ignore annotation, whose reason the report prints', async () => {
    const copy = [
      'replacements:',
      '  - source: {kind: Secret, name: db, fieldPath: stringData.password}',
      '    targets:',
      '      - select: {kind: Deployment}',
      '        fieldPaths: [metadata.annotations.config-rollout-guard/ignore]',
      '        options: {create: true}',
      '',
    ].join('\n');
    const report = await everyFormat(
      kustomizeApp('app', kustomization(copy), 'info', { 'app/secret.yaml': SECRET }),
      kustomizeApp('app', kustomization(copy), 'debug', { 'app/secret.yaml': SECRET }),
    );
    expect(report.impacts.map((i) => [i.status, i.reason])).toEqual([
      ['ignored', expect.stringContaining('[redacted]')],
    ]);
  });
});

// openstack-helm: Secrets hold service names (`barbican`), which are also the names of the
// Deployments the report prints; hiding them in messages protected nothing and garbled the notes.
test('a value that is part of a name the report prints stays in its messages (the tests above: others do not)', async () => {
  const app = (config: boolean) =>
    yaml(
      ...(config ? [configMap('barbican-etc', { level: 'info' })] : []),
      secret('barbican-db', { stringData: { user: 'barbican', password: VALUE } }),
      deployment('barbican-api', {
        containers: [
          container('api', { envFrom: [{ configMapRef: { name: 'barbican-etc' } }], args: [VALUE] }),
        ],
      }),
    );
  const report = await checkChange({ 'app.yaml': app(true) }, { 'app.yaml': app(false) });
  expect(report.diagnostics.map((d) => d.message)).toEqual([
    expect.stringMatching(/^Deployment barbican-api still needs ConfigMap barbican-etc /),
  ]);
  expect(JSON.stringify(report)).not.toContain(VALUE);
});

// The name is kept where a message writes it; the value standing alone is not (a renderer's message
// that quotes `password: barbican` beside a Deployment barbican-api the report prints).
test('a value that is part of a printed name is replaced wherever it stands alone', () => {
  const result = {
    diagnostics: [
      {
        file: 'app.yaml',
        line: 1,
        severity: 'warning' as const,
        message: 'Deployment barbican-api: login barbican rejected; barbican-api-worker too',
      },
    ],
    impacts: [],
    unaffected: [],
    notChecked: [],
    names: ['barbican-api', 'barbican-api-worker'],
  };
  expect(redactText(result, ['barbican']).diagnostics[0].message).toBe(
    'Deployment barbican-api: login [redacted] rejected; barbican-api-worker too',
  );
  // Named exactly by the value, a name is no part of something longer: it is replaced too.
  expect(redactText({ ...result, names: ['barbican'] }, ['barbican']).diagnostics[0].message).toBe(
    'Deployment [redacted]-api: login [redacted] rejected; [redacted]-api-worker too',
  );
});

// Each name is found where the value sits inside it: at the start of a message, holding the value
// twice, inside a longer word, and the same value alone or inside an unprinted word beside them.
test('a printed name is kept wherever a message writes it, however the value sits in it', () => {
  const message = (text: string) => ({
    file: 'a.yaml',
    line: 1,
    severity: 'warning' as const,
    message: text,
  });
  const result = {
    diagnostics: [
      message(
        's3cr3tval-svc reads s3cr3tval; s3cr3tval-x-s3cr3tval and pre-s3cr3tval-api-post, not s3cr3tvalic',
      ),
      message('s3cr3tval'),
      message('nothing here'),
    ],
    names: ['s3cr3tval-svc', 's3cr3tval-x-s3cr3tval', 'pre-s3cr3tval-api-post', 'unprinted-s3cr3tval'],
  };
  expect(redactText(result, ['s3cr3tval', 'absent-value']).diagnostics.map((d) => d.message)).toEqual([
    's3cr3tval-svc reads [redacted]; s3cr3tval-x-s3cr3tval and pre-s3cr3tval-api-post, not [redacted]ic',
    '[redacted]',
    'nothing here',
  ]);
});
