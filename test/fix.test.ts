import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli as run } from './helpers/cli.js';
import { parseManifests } from '../src/stages/3-documents/parse.js';
import type { Report } from '../src/model/types.js';
import { configMap, container, deployment, secret, workload, yaml } from './helpers/manifests.js';
import { twoCommits } from './helpers/scenario.js';
import { TempRepo } from './helpers/temp-repo.js';
import { HELM } from './helpers/helm.js';

const cli = (args: string[], env: Record<string, string> = {}) => run(args, { env });

const reads = (name: string) => ({
  containers: [container('app', { envFrom: [{ configMapRef: { name } }] })],
});
const ANNOTATION = 'config-rollout-guard/hash';
const annotationOf = (text: string, name: string) => {
  const object = parseManifests('x', text).objects.find((o) => o.name === name)!;
  return ((object.body.spec as { template: { metadata?: { annotations?: Record<string, string> } } }).template
    .metadata?.annotations ?? {})[ANNOTATION];
};

describe('fix --base', () => {
  test('stamps every dormant workload, the diff is the annotation alone, check is then clean, a second fix changes nothing', async () => {
    const { repo, base } = await twoCommits(
      {
        'cfg.yaml': yaml(configMap('cfg', { k: '1' })),
        'web.yaml': `# the web tier\n${yaml(deployment('web', reads('cfg')))}`,
        'jobs.yaml': yaml(
          workload('Job', 'migrate', reads('cfg')),
          workload('CronJob', 'nightly', reads('cfg')),
        ),
        'other.yaml': yaml(deployment('other', reads('other-cfg'))),
      },
      { 'cfg.yaml': yaml(configMap('cfg', { k: '2' })) },
    );
    const dry = await cli(['fix', '--repo', repo.dir, '--base', base, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Would stamp 1 workload in 1 file with config-rollout-guard/hash:');
    expect(dry.stdout).toMatch(
      /^\+ {6}annotations:\n\+ {8}config-rollout-guard\/hash: "sha256:[0-9a-f]{64}"$/m,
    );
    expect((await repo.git.diff(['--stat'])).trim()).toBe(''); // nothing written

    const fixed = await cli(['fix', '--repo', repo.dir, '--base', base]);
    expect(fixed.stdout).toContain('Stamped 1 workload in 1 file');
    const diff = await repo.git.diff(['-U0']);
    const changed = diff.split('\n').filter((l) => /^[+-](?![+-]{2})/.test(l));
    expect(changed).toEqual([
      '+      annotations:',
      expect.stringMatching(/^\+ {8}config-rollout-guard\/hash: "sha256:[0-9a-f]{64}"$/),
    ]);
    expect(diff).toContain('diff --git a/web.yaml b/web.yaml');

    const after = await cli(['check', '--repo', repo.dir, '--base', base, '--format', 'json']);
    expect(after.code).toBe(0);
    const report = JSON.parse(after.stdout) as Report;
    expect(report.impacts.map((i) => `${i.workload.name}:${i.status}`).sort()).toEqual([
      'migrate:manual',
      'nightly:next-run',
      'web:rolling',
    ]);

    const again = await cli(['fix', '--repo', repo.dir, '--base', base]);
    expect(again.stdout).toContain('Nothing to fix');
    expect(await repo.git.diff(['-U0'])).toBe(diff);
  });

  test('an Argo Rollout with workloadRef: the Deployment it points at is stamped', async () => {
    const rollout = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Rollout',
      metadata: { name: 'r' },
      spec: { workloadRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' } },
    };
    const { repo, base } = await twoCommits(
      {
        'cfg.yaml': yaml(configMap('cfg', { k: '1' })),
        'web.yaml': yaml(deployment('web', reads('cfg'))),
        'rollout.yaml': yaml(rollout),
      },
      { 'cfg.yaml': yaml(configMap('cfg', { k: '2' })) },
    );
    await cli(['fix', '--repo', repo.dir, '--base', base]);
    expect(annotationOf(readFileSync(join(repo.dir, 'web.yaml'), 'utf8'), 'web')).toMatch(/^sha256:/);
    expect(readFileSync(join(repo.dir, 'rollout.yaml'), 'utf8')).toBe(yaml(rollout));
    const check = JSON.parse(
      (await cli(['check', '--repo', repo.dir, '--base', base, '--format', 'json'])).stdout,
    ) as Report;
    expect(check.impacts.map((i) => `${i.workload.kind}:${i.status}`).sort()).toEqual([
      'Deployment:rolling',
      'Rollout:rolling',
    ]);
  });
});

describe('stale-hash', () => {
  async function stampedRepo() {
    const { repo, base } = await twoCommits(
      { 'cfg.yaml': yaml(configMap('cfg', { k: '1' })), 'web.yaml': yaml(deployment('web', reads('cfg'))) },
      {},
    );
    await cli(['fix', '--repo', repo.dir]);
    const stamped = await repo.commit('adopt config hashes');
    return { repo, base, stamped };
  }

  test('a config change without the new hash is stale-hash, and fails like dormant', async () => {
    const { repo, stamped } = await stampedRepo();
    repo.write({ 'cfg.yaml': yaml(configMap('cfg', { k: '2' })) });
    const result = await cli(['check', '--repo', repo.dir, '--base', stamped, '--format', 'json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.impacts).toEqual([
      expect.objectContaining({ status: 'stale-hash', workload: expect.objectContaining({ name: 'web' }) }),
    ]);
    const text = await cli(['check', '--repo', repo.dir, '--base', stamped]);
    expect(text.stdout).toContain('1 workload carries a stale config hash.');
    expect(text.stdout).toContain('Next: Run `config-rollout-guard fix --base');
  });

  test('a hand-edited hash is stale even when no config changed', async () => {
    const { repo, stamped } = await stampedRepo();
    const text = readFileSync(join(repo.dir, 'web.yaml'), 'utf8');
    repo.write({ 'web.yaml': text.replace(/sha256:[0-9a-f]{64}/, 'sha256:' + '0'.repeat(64)) });
    const report = JSON.parse(
      (await cli(['check', '--repo', repo.dir, '--base', stamped, '--format', 'json'])).stdout,
    ) as Report;
    expect(report.changes).toEqual([]);
    expect(report.impacts).toEqual([expect.objectContaining({ status: 'stale-hash', configs: [] })]);
    // Shown although no config changed: under its own heading, and as a table row.
    const rendered = (await cli(['check', '--repo', repo.dir, '--base', stamped])).stdout;
    expect(rendered).toContain(
      'Workloads whose config did not change in this range\n  STALE-HASH Deployment web  web.yaml:1',
    );
    const markdown = (await cli(['check', '--repo', repo.dir, '--base', stamped, '--format', 'markdown']))
      .stdout;
    expect(markdown).toContain(
      '| (unchanged) | Deployment `web` (`web.yaml:1`) | 🔴 stale-hash | Its config-hash annotation does not match',
    );
  });

  test('keyed mode: HMAC values; without the key they are not verified, with a wrong key they are stale', async () => {
    const { repo } = await twoCommits(
      {
        'cfg.yaml': yaml(secret('s', { stringData: { pin: '1234' } })),
        'web.yaml': yaml(
          deployment('web', { containers: [container('a', { envFrom: [{ secretRef: { name: 's' } }] })] }),
        ),
      },
      {},
    );
    await cli(['fix', '--repo', repo.dir], { CONFIG_ROLLOUT_GUARD_HASH_KEY: 'k1' });
    expect(annotationOf(readFileSync(join(repo.dir, 'web.yaml'), 'utf8'), 'web')).toMatch(
      /^hmac-sha256:[0-9a-f]{64}$/,
    );
    const stamped = await repo.commit('keyed');
    repo.write({
      'web.yaml': readFileSync(join(repo.dir, 'web.yaml'), 'utf8').replace('replicas: 1', 'replicas: 2'),
    });
    const noKey = JSON.parse(
      (await cli(['check', '--repo', repo.dir, '--base', stamped, '--format', 'json'])).stdout,
    ) as Report;
    expect(noKey.impacts).toEqual([]);
    expect(noKey.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'notice',
        message: expect.stringMatching(/not verified, as no hash key was given/),
      }),
    ]);
    const right = JSON.parse(
      (
        await cli(['check', '--repo', repo.dir, '--base', stamped, '--format', 'json'], {
          CONFIG_ROLLOUT_GUARD_HASH_KEY: 'k1',
        })
      ).stdout,
    ) as Report;
    expect(right.impacts).toEqual([]);
    const wrong = JSON.parse(
      (
        await cli(['check', '--repo', repo.dir, '--base', stamped, '--format', 'json'], {
          CONFIG_ROLLOUT_GUARD_HASH_KEY: 'k2',
        })
      ).stdout,
    ) as Report;
    expect(wrong.impacts.map((i) => i.status)).toEqual(['stale-hash']);
  });
});

test('fix without --base adopts: rolling workloads that read config, never Jobs or bare Pods', async () => {
  const { repo } = await twoCommits(
    {
      'cfg.yaml': yaml(configMap('cfg', { k: '1' })),
      'all.yaml': yaml(
        deployment('web', reads('cfg')),
        workload('StatefulSet', 'db', reads('cfg')),
        workload('Job', 'migrate', reads('cfg')),
        workload('Pod', 'debug', reads('cfg')),
        deployment('no-config', { containers: [container('x')] }),
      ),
    },
    {},
  );
  const result = await cli(['fix', '--repo', repo.dir, '--annotation', 'example.com/config-hash']);
  expect(result.stdout).toContain('Stamped 2 workloads in 1 file with example.com/config-hash:');
  const text = readFileSync(join(repo.dir, 'all.yaml'), 'utf8');
  expect(text.match(/example\.com\/config-hash/g)).toHaveLength(2);
  const stamped = parseManifests('all.yaml', text)
    .objects.filter((o) => JSON.stringify(o.body).includes('example.com/config-hash'))
    .map((o) => o.name);
  expect(stamped).toEqual(['web', 'db']);
});

test('the bundled example: fix, then check reports no dormant workload, and the diff is the annotation alone', async () => {
  const example = join(import.meta.dirname ?? '.', '../examples/edge-proxy');
  const repo = (await TempRepo.create()).copyIn(join(example, 'base'));
  const baseSha = await repo.commit('base');
  repo.remove('apps', 'charts').copyIn(join(example, 'head'));
  await repo.commit('head');
  const helm = ['--helm', HELM ?? 'helm'];

  const before = await cli(['check', '--repo', repo.dir, '--base', baseSha, ...helm]);
  expect(before.code).toBe(1);
  await cli(['fix', '--repo', repo.dir, '--base', baseSha, ...helm]);
  const diff = await repo.git.diff(['-U0']);
  // The plain Deployment gets the hash annotation; the chart's Deployment Helm's data-only checksum.
  expect(diff.split('\n').filter((l) => /^[+-](?![+-]{2})/.test(l))).toEqual([
    '+      annotations:',
    expect.stringMatching(/^\+ {8}config-rollout-guard\/hash: "sha256:[0-9a-f]{64}"$/),
    '+      annotations:',
    '+        checksum/configmap: {{ pick (include (print $.Template.BasePath "/configmap.yaml") $ | fromYaml) "data" "binaryData" | toJson | sha256sum }}',
  ]);
  const after = await cli(['check', '--repo', repo.dir, '--base', baseSha, '--format', 'json', ...helm]);
  expect(after.code).toBe(0);
  expect((JSON.parse(after.stdout) as Report).impacts.map((i) => i.status).sort()).toEqual([
    'next-run',
    'rolling',
    'rolling',
  ]);
});
