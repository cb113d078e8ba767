import { scratchDir } from './helpers/temp-repo.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Repository } from '../src/stages/1-git/repository.js';
import type { Report } from '../src/model/types.js';
import { renderMarkdown } from '../src/stages/9-report/markdown.js';
import { writeInside } from '../src/cli/write.js';
import { cli } from './helpers/cli.js';
import { configMap, container, deployment, yaml } from './helpers/manifests.js';
import { twoCommits, type Files } from './helpers/scenario.js';

const reads = (name: string) => ({
  containers: [container('app', { envFrom: [{ configMapRef: { name } }] })],
});

/** Every output of the CLI for base..head: check in each format, scan, fix --dry-run. */
async function everyOutput(dir: string, base: string, head: string): Promise<string> {
  const runs = await Promise.all([
    cli(['check', '--base', base, '--head', head], { cwd: dir }),
    cli(['check', '--base', base, '--head', head, '--format', 'json'], { cwd: dir }),
    cli(['check', '--base', base, '--head', head, '--format', 'markdown'], { cwd: dir }),
    cli(['check', '--base', base, '--head', head, '--verbose', '--fail-on', 'none'], { cwd: dir }),
    cli(['scan', '--rev', head], { cwd: dir }),
    cli(['scan', '--rev', head, '--format', 'json'], { cwd: dir }),
    cli(['fix', '--base', base, '--dry-run'], { cwd: dir }),
  ]);
  return runs.map((r) => r.stdout + r.stderr).join('\n');
}

describe('no Secret value in any output', () => {
  // Values the YAML parser rejects, each carrying a canary; the parser's own message would quote them.
  const CANARY = 'LEAKCANARY';
  const shapes = [
    (c: string) => `*${c}`,
    (c: string) => `>${c}`,
    (c: string) => `| ${c}`,
    (c: string) => `!e!${c} x`,
    (c: string) => `&${c} [`,
    (c: string) => `"${c}`,
    (c: string) => `'${c}`,
    (c: string) => `[${c}`,
    (c: string) => `{${c}: }}`,
    (c: string) => `@${c}`,
    (c: string) => `\`${c}`,
    (c: string) => `%${c}`,
    (c: string) => `${c}: x: y`,
    (c: string) => `- ${c}`,
    (c: string) => `? ${c}`,
    (c: string) => `!!binary ${c}`,
  ];
  test.each(shapes.map((shape, i) => [i, shape(`${CANARY}${i}`)]))(
    'value shape %i (%s)',
    async (i, value) => {
      const secretFile = (v: string) =>
        `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\nstringData:\n  password: ${v}\n  user: app\n`;
      const files = (v: string): Files => ({
        'secret.yaml': secretFile(v),
        'app.yaml': yaml(
          deployment('app', {
            containers: [
              container('app', {
                env: [{ name: 'P', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }],
              }),
            ],
          }),
        ),
      });
      const { repo, base, head } = await twoCommits(files('old'), files(value as string));
      const out = await everyOutput(repo.dir, base, head);
      expect(out).not.toContain(`${CANARY}${i}`);
    },
  );

  test('a dry-run patch shows no context line of a neighbouring Secret', async () => {
    const text = (level: string) =>
      yaml(deployment('app', reads('cfg'))) +
      `---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: other\nstringData:\n  password: TOPSECRETVALUE\n---\n` +
      yaml(configMap('cfg', { level }));
    const { repo, base } = await twoCommits({ 'all.yaml': text('info') }, { 'all.yaml': text('debug') });
    const { stdout, code } = await cli(['fix', '--base', base, '--dry-run'], { cwd: repo.dir });
    expect(code).toBe(0);
    expect(stdout).toContain('+        config-rollout-guard/hash:');
    expect(stdout).not.toContain('TOPSECRETVALUE');
  });
});

test('fix never reads nor writes through a tracked symlink to a file outside the repository', async () => {
  const outside = scratchDir('crg-outside-');
  const target = join(outside, 'deploy.yaml');
  const original = yaml(deployment('app', reads('cfg')));
  writeFileSync(target, original);
  const { repo } = await twoCommits({ 'cfg.yaml': yaml(configMap('cfg', { a: '1' })) }, {});
  mkdirSync(join(repo.dir, 'apps'));
  symlinkSync(target, join(repo.dir, 'apps/link.yaml'));
  await repo.commit('a symlink to a manifest elsewhere');
  const result = await cli(['fix'], { cwd: repo.dir });
  expect(readFileSync(target, 'utf8')).toBe(original);
  // The link reads as its target's path, as git keeps it: the Deployment outside is never read.
  expect(result).toEqual({ code: 0, stdout: expect.stringMatching(/^Nothing to fix/), stderr: '' });
  // And were a link put there after the reading, the writer refuses it, or a linked directory on the way.
  await expect(writeInside(repo.dir, 'apps/link.yaml', 'x: 1\n')).rejects.toThrow(
    'refusing to write apps/link.yaml: it is a symlink.',
  );
  symlinkSync(outside, join(repo.dir, 'linked'));
  await expect(writeInside(repo.dir, 'linked/deploy.yaml', 'x: 1\n')).rejects.toThrow(
    'refusing to write linked/deploy.yaml: a directory on its path is a symlink.',
  );
  expect(readFileSync(target, 'utf8')).toBe(original);
});

test('a config file that cannot be read at head is not checked, never deleted', async () => {
  const config = (level: string) => yaml(configMap('cfg', { level }));
  const { repo, base, head } = await twoCommits(
    { 'cfg.yaml': config('info'), 'app.yaml': yaml(deployment('app', reads('cfg'))) },
    { 'cfg.yaml': config('debug') + 'broken: [\n' },
  );
  const { stdout, code } = await cli(['check', '--base', base, '--head', head, '--format', 'json'], {
    cwd: repo.dir,
  });
  const report = JSON.parse(stdout) as Report;
  // What could not be judged fails the run: a green check would say every change was judged.
  expect(code).toBe(1);
  expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(report.changes.filter((c) => c.change === 'deleted')).toEqual([]);
  expect(report.notChecked).toEqual([
    expect.objectContaining({
      kind: 'file',
      name: 'cfg.yaml',
      reason: 'unreadable',
      side: 'head',
      fails: true,
    }),
  ]);
  const text = await cli(['check', '--base', base, '--head', head], { cwd: repo.dir });
  expect(text.stdout.split('\n')[1]).toBe('1 file not checked.');
  expect(renderMarkdown(report)).toMatch(/^### ❌ /);
});

describe('hostile names', () => {
  const NAME = 'x</details>![i](https://evil.example/p.png)|# ✅ all clear\u001b[2J\u001b]8;;https://e\u0007';
  let out: { md: string; text: string };
  beforeAll(async () => {
    const files = (v: string): Files => ({
      'cfg.yaml': yaml(configMap(NAME, { [`key|${NAME}`]: v })),
      'app.yaml': yaml(deployment(NAME, reads(NAME))),
    });
    const { repo, base, head } = await twoCommits(files('1'), files('2'));
    const md = await cli(['check', '--base', base, '--head', head, '--format', 'markdown'], {
      cwd: repo.dir,
    });
    const text = await cli(['check', '--base', base, '--head', head, '--verbose'], { cwd: repo.dir });
    out = { md: md.stdout, text: text.stdout };
  });

  test('markdown: no raw HTML, image, heading or extra table cell comes from a name', () => {
    // Code spans show their text literally; outside them, nothing of the name may act as markdown.
    const outsideCode = out.md.replace(/`[^`]*`/g, '``');
    expect(outsideCode).not.toContain('</details>');
    expect(outsideCode).not.toMatch(/(?<!\\)!(?<!\\)\[/);
    expect(outsideCode).not.toMatch(/(?<!\\)\]\(https:\/\/evil/);
    expect(out.md.split('\n').filter((l) => /^#/.test(l))).toHaveLength(1);
    for (const row of out.md.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---')))
      expect(row.split(/(?<!\\)\|/).length).toBe(6);
  });

  test('terminal: no control character from the repository reaches the text output', () => {
    // eslint-disable-next-line no-control-regex
    expect(out.text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(out.text).toContain('x</details>');
  });
});

// ricsanfre/pi-cluster keeps Go-templated boilerplate (`namespace: {{ .app_namespace }}`) beside
// its kustomizations: yaml warned through node that the key `{ .app_namespace }` is a mapping.
test("no warning of the YAML library reaches stderr with the repository's text in it", async () => {
  const { repo, base, head } = await twoCommits(
    {
      'app/kustomization.yaml': 'resources: [cm.yaml]\n',
      'app/cm.yaml': yaml(configMap('app', { a: '1' })),
      'boilerplate/kustomization.yaml': 'namespace: {{ .ns }}\nresources: [../app]\n',
    },
    { 'app/cm.yaml': yaml(configMap('app', { a: '2' })) },
  );
  const bundle = join(dirname(fileURLToPath(import.meta.url)), '../dist/cli.js');
  const run = spawnSync(
    process.execPath,
    [bundle, 'check', '--base', base, '--head', head, '--format', 'json'],
    {
      cwd: repo.dir,
      encoding: 'utf8',
    },
  );
  expect((JSON.parse(run.stdout) as Report).notChecked.map((n) => n.name)).toEqual(['boilerplate']);
  expect(run.stderr).toBe('');
});

test('no diff driver or textconv program that the repository selects is run', async () => {
  const marker = join(scratchDir('crg-marker-'), 'ran');
  const files = (level: string): Files => ({
    '.gitattributes': '*.yaml diff=evil\n',
    'cfg.yaml': yaml(configMap('cfg', { level })),
    'app.yaml': yaml(deployment('app', reads('cfg'))),
  });
  const { repo, base, head } = await twoCommits(files('info'), files('debug'));
  // As a runner's configuration would hold them (simple-git rightly refuses to set these).
  const config = (key: string, value: string) =>
    execFileSync('git', ['config', key, value], { cwd: repo.dir });
  config('diff.evil.textconv', `sh -c 'touch ${marker}; cat "$0"'`);
  config('diff.evil.command', `sh -c 'touch ${marker}'`);
  config('diff.external', `sh -c 'touch ${marker}'`);
  // The drivers are live: git itself runs them when asked to.
  await repo.git.raw(['diff', base, head]);
  expect(existsSync(marker)).toBe(true);
  const { rmSync } = await import('node:fs');
  rmSync(marker);

  await everyOutput(repo.dir, base, head);
  const repository = Repository.open(repo.dir);
  await repository.diffLines(base, head);
  await repository.changedFiles(base, null);
  repository.close();
  expect(existsSync(marker)).toBe(false);
});

test('fix warns when it stamps an unkeyed hash over a Secret, and not with a key', async () => {
  const secret = (v: string) =>
    `apiVersion: v1\nkind: Secret\nmetadata:\n  name: pin\nstringData:\n  pin: "${v}"\n`;
  const app = yaml(
    deployment('app', {
      containers: [
        container('app', {
          env: [{ name: 'PIN', valueFrom: { secretKeyRef: { name: 'pin', key: 'pin' } } }],
        }),
      ],
    }),
  );
  const { repo, base } = await twoCommits(
    { 's.yaml': secret('1234'), 'app.yaml': app },
    { 's.yaml': secret('4321') },
  );
  const plain = await cli(['fix', '--base', base, '--dry-run'], { cwd: repo.dir });
  expect(plain.stdout).toMatch(/1 stamped workload reads a Secret, and the hash is unkeyed/);
  const keyed = await cli(['fix', '--base', base, '--dry-run'], {
    cwd: repo.dir,
    env: { CONFIG_ROLLOUT_GUARD_HASH_KEY: 'k' },
  });
  expect(keyed.stdout).toContain('hmac-sha256:');
  expect(keyed.stdout).not.toMatch(/unkeyed/);
});

test('an --include that matches no file says so in the headline instead of an all-clear', async () => {
  const { repo, base, head } = await twoCommits(
    { 'deploy/cfg.yaml': yaml(configMap('cfg', { a: '1' })) },
    { 'deploy/cfg.yaml': yaml(configMap('cfg', { a: '2' })) },
  );
  const { stdout, code } = await cli(
    ['check', '--base', base, '--head', head, '--include', 'manifests/**/*.yaml'],
    {
      cwd: repo.dir,
    },
  );
  expect(code).toBe(1);
  expect(stdout.split('\n')[1]).toBe('1 include pattern matches no file.');
  expect(stdout).toContain("include pattern 'manifests/**/*.yaml' matches no file in the repository");
});

test('a glob without a slash matches a file name at any depth, as in .gitignore', async () => {
  const { manifestSelector } = await import('../src/stages/2-sources/select.js');
  const selected = await manifestSelector(['*.yaml'], ['secret*.yaml']);
  expect(['a.yaml', 'apps/web/deploy.yaml', 'apps/secret-db.yaml', 'apps/x.yml'].filter(selected)).toEqual([
    'a.yaml',
    'apps/web/deploy.yaml',
  ]);
  expect((await manifestSelector(['apps/*.yaml']))('apps/web/deploy.yaml')).toBe(false);
});

test('the default selection, matched without compiling globs, selects what the default globs select', async () => {
  const { manifestSelector, DEFAULT_INCLUDE, DEFAULT_EXCLUDE } =
    await import('../src/stages/2-sources/select.js');
  const compiled = await manifestSelector(DEFAULT_INCLUDE, DEFAULT_EXCLUDE);
  const byDefault = await manifestSelector();
  // Every path of this repository and of the shared corpora, and the shapes a glob treats apart.
  const here = dirname(dirname(fileURLToPath(import.meta.url)));
  const shared = join(here, '../shared');
  const paths = [
    ...execFileSync('git', ['ls-files', '-z'], { cwd: here }).toString().split('\0'),
    ...(existsSync(shared) ? readdirSync(shared, { recursive: true, encoding: 'utf8' }) : []),
    ...[
      '.yaml',
      'a/.yml',
      '.github/a.yaml',
      '.github',
      '.github.yaml',
      'x/.github/a.json',
      '.githubx/a.yaml',
    ],
    ...['a.YAML', 'a.yaml/b', 'a.yaml.bak', 'a.json5', '..yaml', './a.yaml', '../a.yaml', 'a/./b.yml'],
    ...['a/../b.json', 'a/..b.yaml', '[x].yaml', '{a,b}.yaml', '!a.yaml', 'a\nb.yaml', 'é.yaml'],
  ].filter(Boolean);
  expect(paths.length).toBeGreaterThan(100);
  expect(paths.filter((p) => byDefault(p) !== compiled(p))).toEqual([]);
  expect(paths.filter(byDefault).length).toBeGreaterThan(10);
});
