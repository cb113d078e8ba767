import { scratchDir } from './helpers/temp-repo.js';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from '../src/model/types.js';
import { cli } from './helpers/cli.js';
import { configMap, container, deployment, yaml } from './helpers/manifests.js';
import { hasKustomize } from './helpers/kustomize.js';
import { twoCommits, type Files } from './helpers/scenario.js';
import { FakeGitHub } from './helpers/fake-github.js';
import { RemoteSetup, runAction } from './helpers/action-run.js';
import { pool } from '../src/stages/2-sources/tools.js';

const describeKustomize = hasKustomize ? describe : describe.skip;

const reads = (name: string, config: string, key?: string) =>
  yaml(
    deployment(name, {
      containers: [
        container(
          name,
          key
            ? { env: [{ name: 'X', valueFrom: { configMapKeyRef: { name: config, key } } }] }
            : { envFrom: [{ configMapRef: { name: config } }] },
        ),
      ],
    }),
  );
const base = (svc: string) => ({
  [`bases/${svc}/deployment.yaml`]: reads(svc, `${svc}-config`),
  [`bases/${svc}/kustomization.yaml`]: yaml({
    resources: ['deployment.yaml'],
    configMapGenerator: [{ name: `${svc}-config`, envs: ['app.env'] }],
    generatorOptions: { disableNameSuffixHash: true },
  }),
});
const overlay = (name: string, svc: string) => ({
  [`overlays/${name}/kustomization.yaml`]: yaml({
    namespace: name,
    namePrefix: `${name}-`,
    resources: [`../../bases/${svc}`],
  }),
});

/**
 * Seven overlays over two bases whose env files change, one overlay that stops building at head,
 * and plain files: a changed ConfigMap with a reader that goes dormant and one that reads an
 * unchanged key. Every kind of entry a report holds, from both the plain and the rendered part.
 */
function monorepo(): { base: Files; head: Files } {
  const overlays = Object.assign(
    {},
    ...['a1', 'a2', 'a3', 'a4', 'a5'].map((o) => overlay(o, 'svc-a')),
    ...['b1', 'b2'].map((o) => overlay(o, 'svc-b')),
  );
  const files: Files = {
    ...base('svc-a'),
    ...base('svc-b'),
    ...overlays,
    'bases/svc-a/app.env': 'LEVEL=info\n',
    'bases/svc-b/app.env': 'MODE=a\n',
    'plain/cfg.yaml': yaml(configMap('plain-cfg', { A: '1', B: '1' })),
    'plain/web.yaml': reads('web', 'plain-cfg'),
    'plain/job.yaml': reads('other', 'plain-cfg', 'B'),
  };
  return {
    base: files,
    head: {
      'bases/svc-a/app.env': 'LEVEL=debug\n',
      'bases/svc-b/app.env': 'MODE=b\n',
      'plain/cfg.yaml': yaml(configMap('plain-cfg', { A: '2', B: '1' })),
      'overlays/b2/kustomization.yaml': yaml({ resources: ['../../bases/svc-b', 'missing.yaml'] }),
    },
  };
}

const withoutStats = (report: Report) => {
  const copy = { ...report };
  delete copy.stats;
  return copy;
};

describeKustomize('sharding', () => {
  test('three shards merged are the unsharded report, exit code and comment', async () => {
    const { base: b, head: h } = monorepo();
    const { repo, base, head } = await twoCommits(b, h);
    const run = (extra: string[]) =>
      cli(['check', '--base', base, '--head', head, '--format', 'json', ...extra], { cwd: repo.dir });
    const whole = await run([]);
    const unsharded = JSON.parse(whole.stdout) as Report;
    expect(unsharded.rendered).toHaveLength(6);
    expect(unsharded.notChecked.map((n) => n.name)).toEqual(['overlays/b2']);
    expect(unsharded.impacts.length).toBeGreaterThan(6);
    expect(unsharded.unaffected.length).toBeGreaterThan(0);

    const dir = scratchDir('crg-shards-');
    try {
      const shards: Report[] = [];
      for (const k of [1, 2, 3]) {
        const result = await run(['--shard', `${k}/3`]);
        expect(result.code).toBe(whole.code);
        shards.push(JSON.parse(result.stdout) as Report);
        writeFileSync(join(dir, `shard-${k}.json`), result.stdout);
      }
      // The rendered roots are dealt out: each built by exactly one shard.
      expect(shards.map((s) => s.rendered.length + s.notChecked.length)).toEqual([3, 2, 2]);
      expect(shards.flatMap((s) => s.rendered).sort()).toEqual(unsharded.rendered);

      const merged = await cli(['merge', dir, '--format', 'json']);
      expect(merged.code).toBe(whole.code);
      expect(JSON.parse(merged.stdout)).toEqual(withoutStats(unsharded));
      const markdown = await cli([
        'merge',
        ...[1, 2, 3].map((k) => join(dir, `shard-${k}.json`)),
        '--format',
        'markdown',
      ]);
      const direct = await cli(['check', '--base', base, '--head', head, '--format', 'markdown'], {
        cwd: repo.dir,
      });
      expect(markdown.stdout).toBe(direct.stdout);

      // Two shards of three, or one shard twice, are not the whole check.
      expect((await cli(['merge', join(dir, 'shard-1.json'), join(dir, 'shard-2.json')])).stderr).toMatch(
        /merge takes the reports of every shard of one check, each once \(shards 1\/3, 2\/3\)/,
      );
      expect(
        (
          await cli([
            'merge',
            join(dir, 'shard-1.json'),
            join(dir, 'shard-1.json'),
            join(dir, 'shard-3.json'),
          ])
        ).code,
      ).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a malformed --shard is a usage error', async () => {
    const { repo, base } = await twoCommits({ 'a.yaml': yaml(configMap('a', { x: '1' })) }, {});
    for (const shard of ['0/3', '4/3', '2', 'a/b']) {
      const result = await cli(['check', '--base', base, '--shard', shard], { cwd: repo.dir });
      expect(result).toMatchObject({ code: 2, stderr: expect.stringContaining('--shard takes K/N') });
    }
  });
});

describeKustomize('progress and stats', () => {
  test('plain progress: a line per stage with its time on stderr, the report alone on stdout, stats in it', async () => {
    const { base: b, head: h } = monorepo();
    const { repo, base, head } = await twoCommits(b, h);
    const result = await cli(
      ['check', '--base', base, '--head', head, '--format', 'json', '--progress', 'plain'],
      { cwd: repo.dir },
    );
    const report = JSON.parse(result.stdout) as Report;
    const lines = result.stderr.split('\n');
    for (const stage of [
      'reading the changed files',
      'finding what reads them',
      'finding the rendered roots',
      'rendering',
      'judging the impacts',
    ])
      // Once each: a stage is one line in a CI log, however its work is split.
      expect(lines.filter((line) => new RegExp(`^${stage}: \\d+\\.\\d s$`).test(line))).toHaveLength(1);
    // The last build always shows, with the count of all builds at both revisions.
    expect(lines).toContainEqual(expect.stringMatching(/^rendering 14\/14: overlays\/\S+ \([0-9a-f]{7}\)$/));
    expect(report.stats).toMatchObject({ builds: 14, cacheHits: 0, fetched: 0 });
    expect(Object.keys(report.stats!.stages)).toEqual(['changes', 'search', 'roots', 'render', 'judge']);
  });

  test('on a terminal one line updates in place and is cleared; piped, nothing', async () => {
    const { base: b, head: h } = monorepo();
    const { repo, base, head } = await twoCommits(b, h);
    const args = ['check', '--base', base, '--head', head, '--format', 'json'];
    const piped = await cli(args, { cwd: repo.dir });
    expect(piped.stderr).toBe('');
    const onTerminal = await cli(args, { cwd: repo.dir, stderrTty: true, columns: 40 });
    expect(onTerminal.stderr).not.toContain('\n');
    const shown = onTerminal.stderr.split('\r\x1b[K');
    expect(shown).toContainEqual(expect.stringMatching(/^rendering \d+\/14: /));
    expect(Math.max(...shown.map((s) => s.length))).toBeLessThanOrEqual(39);
    expect(onTerminal.stderr.endsWith('\r\x1b[K')).toBe(true);
  });

  test('the Action folds its log per stage, each with its time', async () => {
    const { base: b, head: h } = monorepo();
    const setup = await new RemoteSetup().init();
    setup.dev.write(b as Record<string, string>);
    await setup.dev.commit('base');
    const before = await setup.push('main');
    setup.dev.write(h as Record<string, string>);
    await setup.dev.commit('change');
    const after = await setup.push('feature');
    const github = await new FakeGitHub(setup.bare).start();
    try {
      const result = await runAction({
        checkout: await setup.checkout(after),
        apiUrl: github.url,
        eventName: 'push',
        payload: { before, after },
      });
      const log = result.stdout;
      expect(log).toMatch(/::group::rendering\n(\d+\/14: .*\n)+rendering: \d+\.\d s\n::endgroup::/);
      expect(log).toMatch(/::group::judging the impacts\njudging the impacts: \d+\.\d s\n::endgroup::/);
    } finally {
      await github.stop();
    }
  });
});

// Roots are compared side by side and what each finds is added in root order (part.ts): that
// order is the pool's, whichever task ends first.
test('pool runs at most its width at once and keeps the order of its tasks, not of their ends', async () => {
  let running = 0;
  let most = 0;
  const ended: number[] = [];
  const results = await pool(6, 2, async (i) => {
    running++;
    most = Math.max(most, running);
    // Later tasks end sooner.
    await new Promise((done) => setTimeout(done, (6 - i) * 15));
    running--;
    ended.push(i);
    return `root ${i}`;
  });
  expect(most).toBe(2);
  expect(ended).not.toEqual([0, 1, 2, 3, 4, 5]);
  expect(results).toEqual(['root 0', 'root 1', 'root 2', 'root 3', 'root 4', 'root 5']);
});
