import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { treeParent } from '../../src/programs/run.js';
import type { Report } from '../../src/model/types.js';
import { HELM } from '../helpers/helm.js';
import { hasKustomize } from '../helpers/kustomize.js';
import type { Files } from '../helpers/scenario.js';
import {
  attackRepo,
  Canary,
  chart,
  DEPLOYMENT,
  kustomizeApp,
  PLAIN_KUSTOMIZATION,
  ROOT,
  runCli,
} from './harness.js';

// A pull request cannot make a check run without end: every render has a wall-clock limit and a
// memory cap, the run has a deadline, patterns from the repository run in linear time, a cancelled
// run stops its programs and removes its temporary trees.

let canary: Canary;
beforeEach(async () => (canary = await new Canary().start()));
afterEach(() => canary.stop());

async function check(base: Files, head: Files, extra: string[] = []) {
  const { repo, base: b, head: h } = await attackRepo(base, head);
  try {
    const run = await runCli(
      ['check', '--base', b, '--head', h, '--format', 'json', ...(HELM ? ['--helm', HELM] : []), ...extra],
      repo.dir,
      canary.env(),
    );
    canary.expectClean([run.stdout, run.stderr]);
    return { run, report: JSON.parse(run.stdout) as Report };
  } finally {
    repo.cleanup();
  }
}

/** A template that doubles a string forty times: a terabyte, unless something stops it. */
const BOMB =
  '{{- $s := "xxxxxxxxxxxxxxxx" }}{{- range until 40 }}{{- $s = print $s $s }}{{- end }}\n' +
  'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: bomb}\ndata: {size: "{{ len $s }}"}\n';

/** A template that loops a long time in little memory. */
const SLOW =
  '{{- range until 100000 }}{{- range until 100000 }}{{- end }}{{- end }}\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: slow}\n';

test('a reload list with a catastrophic pattern is matched in linear time', async () => {
  const name = `${'a'.repeat(60)}x`;
  const files = (level: string) => ({
    'config.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}}\ndata: {level: ${level}}\n`,
    'app.yaml': DEPLOYMENT('app', name).replace(
      'metadata:\n  name: app',
      'metadata:\n  name: app\n  annotations: {configmap.reloader.stakater.com/reload: "(a+)+b"}',
    ),
  });
  const { run, report } = await check(files('info'), files('debug'), ['--timeout', '30']);
  expect(run.seconds).toBeLessThan(30);
  expect(report.impacts.map((i) => i.status)).toEqual(['dormant']);
});

test("a changed file's line full of `kind:` is read in time linear in it", async () => {
  const files = (level: string) => ({
    'config.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app-config}\ndata: {level: ${level}}\n`,
    'app.yaml': DEPLOYMENT('app', 'app-config'),
  });
  // 250 KB: small enough to be skimmed for config names before the engine parses it.
  const noise = { 'noise.yaml': `note: "${'kind:'.repeat(50_000)}"\n` };
  const { run, report } = await check(files('info'), { ...files('debug'), ...noise }, ['--timeout', '30']);
  expect(run.seconds).toBeLessThan(30);
  expect(report.impacts.map((i) => i.status)).toEqual(['dormant']);
});

test("an ApplicationSet's git directory globs, hostile or many, are matched in bounded time", async () => {
  const appSet = (directories: string[]) =>
    `apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: {name: apps}\nspec:\n  generators:\n    - git:\n        repoURL: https://git.example.com/deploy.git\n        directories:\n${directories.map((d) => `          - path: "${d}"\n`).join('')}  template:\n    metadata: {name: x}\n    spec:\n      source: {repoURL: https://git.example.com/deploy.git, path: '{{path}}'}\n      destination: {namespace: x}\n`;
  // 2,000 directories, and globs of stars and letters 100 KB long that name none of them.
  const dirs = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`d/n${i}/f.yaml`, 'a: 1\n']));
  const hostile = Array.from({ length: 40 }, (_, i) =>
    i % 2 ? `d/${'*a'.repeat(50_000)}` : `${'**/'.repeat(30_000)}${'*'.repeat(50_000)}q`,
  );
  const jsonnet = (mode: string) => ({ 'apps/web/main.jsonnet': `{ mode: '${mode}' }\n` });
  const named = await check(
    { ...dirs, 'argocd/apps.yaml': appSet([...hostile, 'apps/*']), ...jsonnet('a') },
    jsonnet('b'),
    ['--timeout', '30'],
  );
  expect(named.run.seconds).toBeLessThan(30);
  expect(named.report.notChecked.map((n) => [n.name, n.reason])).toEqual([
    ['apps/web/main.jsonnet', 'unrendered'],
  ]);
  // More entries than are matched: the ApplicationSet counts as deploying every directory.
  const many = Array.from({ length: 300 }, (_, i) => `elsewhere/${i}`);
  const counted = await check({ 'argocd/apps.yaml': appSet(many), ...jsonnet('a') }, jsonnet('b'));
  expect(counted.report.notChecked.map((n) => [n.name, n.reason])).toEqual([
    ['apps/web/main.jsonnet', 'unrendered'],
  ]);
  const few = await check({ 'argocd/apps.yaml': appSet(many.slice(0, 3)), ...jsonnet('a') }, jsonnet('b'));
  expect(few.report.notChecked).toEqual([]);
});

(HELM ? test : test.skip)(
  "a chart's dependency URL and a container's name a megabyte long end in the same report as short ones",
  async () => {
    // Each reached a pattern that took the square of its length, on the main thread (main-thread.test.ts).
    const files = (level: string, long: boolean) => {
      const n = long ? 1 << 20 : 1;
      return {
        ...chart('web', level, {
          'web/Chart.yaml': `apiVersion: v2\nname: web\nversion: 1.0.0\ndependencies:\n  - name: dep\n    version: 1.0.0\n    repository: "oci://registry.example${'/'.repeat(n)}charts"\n`,
        }),
        'config.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app-config}\ndata: {level: ${level}}\n`,
        'app.yaml': DEPLOYMENT('app', 'app-config').replace('- name: web', `- name: "${'['.repeat(n)}"`),
      };
    };
    const summary = (report: Report) => ({
      impacts: report.impacts.map((i) => [i.workload.name, i.status]),
      notChecked: report.notChecked.map((n) => [n.name, n.reason]),
    });
    const short = await check(files('info', false), files('debug', false), ['--timeout', '60']);
    const long = await check(files('info', true), files('debug', true), ['--timeout', '60']);
    expect(summary(short.report).impacts).toEqual([['app', 'dormant']]);
    expect(summary(short.report).notChecked).toEqual([['web', expect.any(String)]]);
    expect(summary(long.report)).toEqual(summary(short.report));
  },
  120_000,
);

(HELM ? describe : describe.skip)('renders', () => {
  test('a chart that grows without bound is stopped at the memory cap: not checked, said', async () => {
    const files = (level: string) => chart('web', level, { 'web/templates/bomb.yaml': BOMB });
    const { run, report } = await check(chart('web', 'info'), files('debug'), ['--timeout', '100']);
    expect(run.code).toBe(1);
    expect(run.seconds).toBeLessThan(100);
    expect(report.notChecked.map((n) => n.message)).toEqual([
      expect.stringMatching(/helm was stopped at \d+ MiB of memory/),
    ]);
  });

  test('the memory cap stops only the render that passes it, while others run beside it', async () => {
    const files = (level: string, extra: Files = {}) => ({
      ...chart('bomb', level, extra),
      ...chart('calm', level),
    });
    const { run, report } = await check(files('info'), files('debug', { 'bomb/templates/bomb.yaml': BOMB }), [
      '--timeout',
      '100',
    ]);
    expect(run.code).toBe(1);
    expect(report.notChecked.map((n) => [n.name, n.message])).toEqual([
      ['bomb', expect.stringMatching(/helm was stopped at \d+ MiB of memory/)],
    ]);
    expect(report.rendered).toContain('calm');
    expect(report.impacts.map((i) => [i.workload.source?.root, i.status])).toEqual([['calm', 'dormant']]);
  });

  test('the run deadline stops a render that would take longer, and the root is not checked', async () => {
    const files = (level: string) => chart('web', level, { 'web/templates/slow.yaml': SLOW });
    const { run, report } = await check(chart('web', 'info'), files('debug'), ['--timeout', '5']);
    expect(run.code).toBe(1);
    expect(run.seconds).toBeLessThan(20);
    expect(report.notChecked.map((n) => n.message)).toEqual([
      expect.stringMatching(/the run reached its deadline \(5 s/),
    ]);
  });

  test('SIGTERM stops every program, removes the temporary trees and exits with a message', async () => {
    const { repo, base, head } = await attackRepo(
      chart('web', 'info'),
      chart('web', 'debug', { 'web/templates/slow.yaml': SLOW }),
    );
    try {
      const child = spawn(
        process.execPath,
        [join(ROOT, 'dist/cli.js'), 'check', '--base', base, '--head', head, '--helm', HELM!],
        {
          cwd: repo.dir,
          env: canary.env(),
        },
      );
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      // Wait until the render has started: its temporary tree exists.
      for (let i = 0; i < 200 && !readdirSync(canary.tmp).some((d) => d.startsWith('crg-render-')); i++)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      const code = await new Promise<number | null>((done) => child.on('close', done));
      expect(code).toBe(143);
      expect(stderr).toMatch(/stopped by SIGTERM; \d+ running programs? stopped and temporary files removed/);
      canary.expectClean([stderr]);
    } finally {
      repo.cleanup();
    }
  });
  test('without a TMPDIR a render tree is written in memory, and a signal removes it there too', async () => {
    const { repo, base, head } = await attackRepo(
      chart('web', 'info'),
      chart('web', 'debug', { 'web/templates/slow.yaml': SLOW }),
    );
    try {
      const env = canary.env();
      delete env.TMPDIR;
      const child = spawn(
        process.execPath,
        [join(ROOT, 'dist/cli.js'), 'check', '--base', base, '--head', head, '--helm', HELM!],
        { cwd: repo.dir, env },
      );
      // helm runs in the tree it renders: its working directory is where the tree went.
      let tree: string | null = null;
      for (let i = 0; i < 200 && !tree; i++) {
        tree = treeOfChild(child.pid!);
        if (!tree) await new Promise((r) => setTimeout(r, 50));
      }
      child.kill('SIGTERM');
      expect(await new Promise<number | null>((done) => child.on('close', done))).toBe(143);
      const made = tree?.match(/^\/dev\/shm\/crg-render-[^/]+/)?.[0];
      expect(made).toBeDefined();
      expect(existsSync(made!)).toBe(false);
    } finally {
      repo.cleanup();
    }
  });
});

test('a tree goes to memory only within its budget and when no TMPDIR is set', () => {
  const saved = process.env.TMPDIR;
  try {
    delete process.env.TMPDIR;
    expect(treeParent(1024)).toBe('/dev/shm');
    expect(treeParent(65 * 2 ** 20)).toBe(tmpdir());
    process.env.TMPDIR = canary.tmp;
    expect(treeParent(1024)).toBe(tmpdir());
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
});

/** The working directory of a process the CLI `pid` started, when it runs in a render tree. */
function treeOfChild(pid: number): string | null {
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      if (cwd.includes('crg-render-')) return cwd;
    } catch {
      // Gone while we looked.
    }
  }
  return null;
}

(hasKustomize ? describe : describe.skip)('kustomize chains', () => {
  test('a cycle of includes is said before kustomize runs', async () => {
    const head = {
      ...kustomizeApp(
        'app',
        `${PLAIN_KUSTOMIZATION}resources: [deployment.yaml, ../loop]\n`.replace(
          'resources: [deployment.yaml]\n',
          '',
        ),
        'debug',
      ),
      'loop/kustomization.yaml': 'resources: [../app]\n',
    };
    const { run, report } = await check(kustomizeApp('app', PLAIN_KUSTOMIZATION, 'info'), head);
    expect(run.code).toBe(1);
    expect(report.notChecked.map((n) => n.message)).toContainEqual(
      expect.stringMatching(/includes form a cycle: app → loop → app/),
    );
  });

  test('a chain of bases deeper than the limit ends with a clear reason, not a stack trace', async () => {
    const depth = 200;
    const chain: Files = {};
    for (let i = 0; i < depth; i++) chain[`chain/${i}/kustomization.yaml`] = `resources: [../${i + 1}]\n`;
    chain[`chain/${depth}/kustomization.yaml`] = 'resources: [../../app]\n';
    const { run, report } = await check(
      { ...kustomizeApp('app', PLAIN_KUSTOMIZATION, 'info'), ...chain },
      { ...kustomizeApp('app', PLAIN_KUSTOMIZATION, 'debug'), ...chain },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(report.notChecked.map((n) => n.message)).toContainEqual(
      expect.stringMatching(/deeper than 64 kustomizations/),
    );
  });
});
