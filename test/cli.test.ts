import { scratchDir, TempRepo } from './helpers/temp-repo.js';
import { execFile, execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { wantsColour } from '../src/cli/main.js';
import { parseArguments } from '../src/cli/arguments.js';
import { cli } from './helpers/cli.js';
import type { Report } from '../src/model/types.js';
import { configMap, container, deployment, secret, workload, yaml } from './helpers/manifests.js';
import { twoCommits } from './helpers/scenario.js';

const execFileAsync = promisify(execFile);

const mount = (name: string) => ({
  containers: [container('app', { volumeMounts: [{ name: 'c', mountPath: '/c' }] })],
  volumes: [{ name: 'c', configMap: { name } }],
});

let dormantRepo: Awaited<ReturnType<typeof twoCommits>>;
beforeAll(async () => {
  dormantRepo = await twoCommits(
    {
      'config/app.yaml': yaml(configMap('app', { 'app.conf': 'a=1' }, {}, 'prod')),
      'deploy/web.yaml': yaml(deployment('web', mount('app'), { namespace: 'prod' })),
      'deploy/api.yaml': yaml(deployment('api', mount('app'), { namespace: 'prod' })),
    },
    { 'config/app.yaml': yaml(configMap('app', { 'app.conf': 'a=2' }, {}, 'prod')) },
  );
});

describe('check', () => {
  test('--format json: every consuming Deployment dormant with file and line, exit 1', async () => {
    const { code, stdout } = await cli([
      'check',
      '--repo',
      dormantRepo.repo.dir,
      '--base',
      dormantRepo.base,
      '--head',
      dormantRepo.head,
      '--format',
      'json',
    ]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    expect(report).toMatchObject({ version: 2, base: dormantRepo.base, head: dormantRepo.head });
    expect(report.impacts.map((i) => [i.status, i.workload.file, i.workload.line])).toEqual([
      ['dormant', 'deploy/api.yaml', 1],
      ['dormant', 'deploy/web.yaml', 1],
    ]);
  });

  test('reformatting only: nothing listed, exit 0', async () => {
    const { repo, base, head } = await twoCommits(
      {
        'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  a: "1"\n',
        'd.yaml': yaml(deployment('web', mount('app'))),
      },
      { 'cm.yaml': "kind: ConfigMap\napiVersion: v1\nmetadata: {name: app}\ndata: {a: '1'}\n" },
    );
    const { code, stdout } = await cli([
      'check',
      '--repo',
      repo.dir,
      '--base',
      base,
      '--head',
      head,
      '--format',
      'json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ changes: [], impacts: [], diagnostics: [] });
  });

  test('--fail-on decides the exit code', async () => {
    const { repo, base, head } = await twoCommits(
      {
        'a.yaml': yaml(
          configMap('app', { k: '1' }),
          workload('Pod', 'p', mount('app')),
          workload('Job', 'j', mount('app')),
        ),
      },
      {
        'a.yaml': yaml(
          configMap('app', { k: '2' }),
          workload('Pod', 'p', mount('app')),
          workload('Job', 'j', mount('app')),
        ),
      },
    );
    const args = ['check', '--repo', repo.dir, '--base', base, '--head', head];
    expect((await cli(args)).code).toBe(0); // manual and next-run are below the default level
    expect((await cli([...args, '--fail-on', 'manual'])).code).toBe(1);
    expect(
      (await cli(['check', '--repo', dormantRepo.repo.dir, '--base', dormantRepo.base, '--fail-on', 'none']))
        .code,
    ).toBe(0);
  });

  test('text output: grouped by config, with reason, path and next step; colour only when asked', async () => {
    const args = [
      'check',
      '--repo',
      dormantRepo.repo.dir,
      '--base',
      dormantRepo.base,
      '--head',
      dormantRepo.head,
    ];
    const plain = await cli(args);
    expect(plain.stdout).not.toContain('\u001b[');
    expect(plain.stdout).toContain('ConfigMap prod/app  changed app.conf  config/app.yaml:1');
    expect(plain.stdout).toMatch(/DORMANT\s+Deployment prod\/web {2}deploy\/web\.yaml:1/);
    expect(plain.stdout).toContain(
      'the pod template is unchanged: the mounted files change within about a minute, but the app keeps its old config unless it re-reads them',
    );
    expect(plain.stdout).toContain('via volumes[c].configMap ← containers[app] /c');
    expect(plain.stdout).toMatch(/^Next: /m);
    expect(plain.stderr).toBe('Failing: 2 workloads dormant (fail-on: dormant).\n');
    expect((await cli(args, { colour: true })).stdout).toContain('\u001b[31mDORMANT');
  });

  test('markdown output: a table row per workload', async () => {
    const { stdout } = await cli([
      'check',
      '--repo',
      dormantRepo.repo.dir,
      '--base',
      dormantRepo.base,
      '--head',
      dormantRepo.head,
      '--format',
      'markdown',
    ]);
    expect(stdout).toContain('| Config | Workload | Status | Why |');
    expect(stdout).toContain('### ❌ Config Rollout Guard: 2 workloads will not pick up this change.');
    expect(stdout).toContain(
      '| ConfigMap `prod/app` (`config/app.yaml:1`)<br>changed app.conf | Deployment `prod/api` (`deploy/api.yaml:1`) | 🔴 dormant |',
    );
    // The config is named once; its other workloads follow on rows of their own.
    expect(stdout).toContain('|  | Deployment `prod/web` (`deploy/web.yaml:1`) | 🔴 dormant |');
  });

  test('the working tree is the default head', async () => {
    const { repo, base } = await twoCommits(
      { 'a.yaml': yaml(configMap('app', { k: '1' }), deployment('web', mount('app'))) },
      {},
    );
    repo.write({ 'a.yaml': yaml(configMap('app', { k: '2' }), deployment('web', mount('app'))) });
    const { code, stdout } = await cli(['check', '--base', base, '--format', 'json'], { cwd: repo.dir });
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ head: null, impacts: [{ status: 'dormant' }] });
  });

  test('a Secret value appears in no output format', async () => {
    const consume = {
      containers: [
        container('app', { env: [{ name: 'T', valueFrom: { secretKeyRef: { name: 's', key: 'token' } } }] }),
      ],
    };
    const { repo, base, head } = await twoCommits(
      {
        'a.yaml': yaml(secret('s', { stringData: { token: 'old-token-value' } }), deployment('web', consume)),
      },
      {
        'a.yaml': yaml(
          secret('s', { data: { token: Buffer.from('new-token-value').toString('base64') } }),
          deployment('web', consume),
        ),
      },
    );
    for (const format of ['text', 'json', 'markdown']) {
      const { code, stdout, stderr } = await cli([
        'check',
        '--repo',
        repo.dir,
        '--base',
        base,
        '--head',
        head,
        '--format',
        format,
        '--verbose',
      ]);
      expect(code).toBe(1);
      expect(stdout).toContain('token');
      for (const value of [
        'old-token-value',
        'new-token-value',
        Buffer.from('new-token-value').toString('base64'),
      ]) {
        expect(stdout + stderr).not.toContain(value);
      }
    }
  });
});

// onedr0p/home-ops: an ExternalSecret added beside a HelmRelease whose chart could not be fetched.
test('a config nothing checked reads, beside something not checked: the reader is unknown, not absent', async () => {
  const { repo, base, head } = await twoCommits(
    { 'cfg.yaml': yaml(configMap('cfg', { k: '1' })) },
    {
      'cfg.yaml': yaml(configMap('cfg', { k: '2' })),
      'broken.yaml': 'kind: Deployment\nspec:\n  volumes: [{configMap: {name: cfg}}\n',
    },
  );
  const args = ['check', '--repo', repo.dir, '--base', base, '--head', head];
  const text = await cli(args);
  expect(text.stdout).toContain(
    'ConfigMap cfg  changed k  cfg.yaml:1\n  No checked workload reads the changed keys; a reader may be among what was not checked\n',
  );
  expect(text.stdout).not.toContain('No workload in the repository');
  // flux2's test data: a template is no manifest, and leaving it out is the step.
  expect(text.stdout).toContain(
    'Next: Fix the YAML the message names; if the file is no manifest (a template, test data), leave it out with `exclude` in the base configuration.',
  );
  const markdown = await cli([...args, '--format', 'markdown']);
  expect(markdown.stdout).toContain(
    '| — | — | No checked workload reads the changed keys; a reader may be among what was not checked. |',
  );
});

// kube-prometheus's shape: one Grafana mounts a ConfigMap per dashboard, and a bot updates them all.
describe('many configs one workload reads the same way', () => {
  const DASHBOARDS = Array.from({ length: 10 }, (_, i) => `dashboard-${i}`);
  const grafana = {
    containers: [
      container('grafana', {
        volumeMounts: DASHBOARDS.map((d) => ({ name: d, mountPath: `/dashboards/${d}` })),
        envFrom: [{ configMapRef: { name: 'grafana-env' } }],
      }),
    ],
    volumes: DASHBOARDS.map((d) => ({ name: d, configMap: { name: d } })),
  };
  const files = (v: string) => ({
    'dashboards.yaml': yaml(...DASHBOARDS.map((d) => configMap(d, { [`${d}.json`]: v }, {}, 'monitoring'))),
    'env.yaml': yaml(configMap('grafana-env', { LEVEL: v }, {}, 'monitoring')),
  });
  let repo: Awaited<ReturnType<typeof twoCommits>>;
  beforeAll(async () => {
    repo = await twoCommits(
      { ...files('1'), 'grafana.yaml': yaml(deployment('grafana', grafana, { namespace: 'monitoring' })) },
      files('2'),
    );
  });
  const check = (format: string) =>
    cli(['check', '--repo', repo.repo.dir, '--base', repo.base, '--head', repo.head, '--format', format]);

  test('are one verdict: the terminal lists each config, then the workload once', async () => {
    const { stdout } = await check('text');
    expect(stdout).toContain('10 ConfigMaps changed\n');
    for (const [i, d] of DASHBOARDS.entries())
      expect(stdout).toContain(`  monitoring/${d}  changed ${d}.json  dashboards.yaml:${1 + 8 * i}\n`);
    // Once for the dashboards, once for the config read another way (env), which stays its own block.
    expect(stdout.match(/DORMANT {2}Deployment monitoring\/grafana/g)).toHaveLength(2);
    expect(stdout).toContain('via each config (volume: files update in place)');
    expect(stdout).toContain('ConfigMap monitoring/grafana-env  changed LEVEL  env.yaml:1');
  });

  test('are one table row naming the first eight, while the JSON keeps every change and the details every path', async () => {
    const { stdout } = await check('markdown');
    const rows = stdout.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---'));
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(
      /^\| 10 ConfigMaps changed:<br>`monitoring\/dashboard-0` \(`dashboards\.yaml:1`\), /,
    );
    expect(rows[1]).toContain('`monitoring/dashboard-7` (`dashboards.yaml:57`), and 2 more |');
    expect(rows[1]).not.toContain('dashboard-8');
    expect(rows[1]).toContain('| Deployment `monitoring/grafana` (`grafana.yaml:1`) | 🔴 dormant |');
    for (const d of DASHBOARDS)
      expect(stdout).toContain(`\`volumes[${d}].configMap ← containers[grafana] /dashboards/${d}\``);
    const report = JSON.parse((await check('json')).stdout) as Report;
    expect(report.changes).toHaveLength(11);
    expect(report.impacts).toHaveLength(1);
    expect(report.impacts[0].configs).toHaveLength(11);
  });
});

describe('one run, many outputs', () => {
  test('--output writes each format to its file, stdout keeps --format, files carry no colour', async () => {
    const dir = dormantRepo.repo.dir;
    const out = scratchDir('crg-outputs-');
    const args = ['check', '--repo', dir, '--base', dormantRepo.base, '--head', dormantRepo.head];
    const { code, stdout } = await cli(
      [
        ...args,
        '--output',
        `json=${join(out, 'report.json')}`,
        '--output',
        `sarif=${join(out, 'results.sarif')}`,
        '--output',
        'markdown=comment.md',
        '--output',
        `text=${join(out, 'report.txt')}`,
      ],
      { cwd: out, colour: true },
    );
    expect(code).toBe(1);
    const alone = async (format: string) => (await cli([...args, '--format', format])).stdout;
    const withoutStats = (text: string) => ({ ...JSON.parse(text), stats: undefined });
    expect(withoutStats(readFileSync(join(out, 'report.json'), 'utf8'))).toEqual(
      withoutStats(await alone('json')),
    );
    expect(readFileSync(join(out, 'results.sarif'), 'utf8')).toBe(await alone('sarif'));
    expect(readFileSync(join(out, 'comment.md'), 'utf8')).toBe(await alone('markdown'));
    expect(readFileSync(join(out, 'report.txt'), 'utf8')).toBe(await alone('text'));
    expect(stdout).toContain('\u001b['); // the terminal's text keeps its colour
  });

  test.each([
    [
      'check',
      ['--base', 'HEAD', '--output', 'yaml=x.yaml'],
      /--output must be one of text, json, markdown, sarif, codequality; got 'yaml'/,
    ],
    ['check', ['--base', 'HEAD', '--output', 'report.json'], /--output takes FORMAT=FILE/],
    [
      'scan',
      ['--output', 'yaml=x.yaml'],
      /--output must be one of text, json, markdown, sarif, codequality; got 'yaml'/,
    ],
    [
      'check',
      ['--base', 'HEAD', '--output', 'json=/nonexistent/dir/r.json'],
      /cannot write --output \/nonexistent\/dir\/r.json: ENOENT/,
    ],
  ])('%s %j: exit 2, one line', async (command, args, message) => {
    const { code, stderr } = await cli([command, '--repo', dormantRepo.repo.dir, ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('GitLab Code Quality', () => {
  // The fields GitLab documents as required for a Code Quality report
  // (docs.gitlab.com/ci/testing/code_quality: "Code Quality report format").
  const GITLAB_SHAPE = {
    type: 'array',
    items: {
      type: 'object',
      required: ['description', 'check_name', 'fingerprint', 'severity', 'location'],
      properties: {
        description: { type: 'string', minLength: 1 },
        check_name: { type: 'string', minLength: 1 },
        fingerprint: { type: 'string', minLength: 1 },
        severity: { enum: ['info', 'minor', 'major', 'critical', 'blocker'] },
        location: {
          type: 'object',
          required: ['path', 'lines'],
          properties: {
            path: { type: 'string', minLength: 1 },
            lines: {
              type: 'object',
              required: ['begin'],
              properties: { begin: { type: 'integer', minimum: 1 } },
            },
          },
        },
      },
    },
  };

  test('--format codequality: every dormant workload a major issue at its file and line, valid for GitLab', async () => {
    const range = [
      'check',
      '--repo',
      dormantRepo.repo.dir,
      '--base',
      dormantRepo.base,
      '--head',
      dormantRepo.head,
    ];
    const { stdout, code } = await cli([...range, '--format', 'codequality']);
    expect(code).toBe(1);
    const issues = JSON.parse(stdout) as {
      fingerprint: string;
      severity: string;
      check_name: string;
      location: { path: string; lines: { begin: number } };
    }[];
    const validate = new (await import('ajv')).Ajv({ allErrors: true }).compile(GITLAB_SHAPE);
    const valid = validate(issues);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    const json = JSON.parse((await cli([...range, '--format', 'json'])).stdout) as Report;
    const dormant = json.impacts.filter((i) => i.status === 'dormant');
    expect(dormant.length).toBeGreaterThan(0);
    expect(
      issues
        .filter((i) => i.check_name === 'config-rollout-guard/dormant')
        .map((i) => [i.location.path, i.location.lines.begin, i.severity]),
    ).toEqual(dormant.map((i) => [i.workload.file, i.workload.line, 'major']));
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
  });
});

describe('text on a terminal', () => {
  test('wraps to its width, colour codes taking none, with the same words; piped, lines stay whole', async () => {
    const args = [
      'check',
      '--repo',
      dormantRepo.repo.dir,
      '--base',
      dormantRepo.base,
      '--head',
      dormantRepo.head,
    ];
    const piped = (await cli(args)).stdout;
    // eslint-disable-next-line no-control-regex
    const visible = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, '');
    expect(Math.max(...piped.split('\n').map((l) => l.length))).toBeGreaterThan(60);
    for (const colour of [false, true]) {
      const wrapped = (await cli(args, { width: 60, colour })).stdout;
      for (const line of wrapped.split('\n'))
        expect(visible(line).length <= 60 || !visible(line).trim().includes(' ')).toBe(true);
      const words = (text: string) => visible(text).split(/\s+/).filter(Boolean);
      expect(words(wrapped)).toEqual(words(piped));
    }
  });
});

describe('scan in markdown', () => {
  test('the risks first, the inventory folded, and the same numbers as its JSON', async () => {
    const args = ['scan', '--repo', dormantRepo.repo.dir, '--risks'];
    const json = JSON.parse((await cli([...args, '--format', 'json'])).stdout) as {
      workloads: { refs: unknown[] }[];
      diagnostics: { severity: string }[];
    };
    const { stdout, code } = await cli([...args, '--format', 'markdown']);
    expect(code).toBe(0);
    const refs = json.workloads.reduce((n, w) => n + w.refs.length, 0);
    expect(stdout.split('\n')[0]).toBe(
      `### ✅ Config Rollout Guard scan: ${json.workloads.length} workloads, ${refs} config references`,
    );
    const notes = json.diagnostics.filter((d) => d.severity === 'notice').length;
    expect(notes).toBeGreaterThan(0);
    expect(stdout).toContain(`**Notes** (${notes})`);
    expect(stdout.indexOf('**Notes**')).toBeLessThan(stdout.indexOf('<details>'));
    expect(stdout).toMatch(
      /<details><summary>Workloads and the configs they read<\/summary>[\s\S]*\| Deployment `prod\/web` /,
    );
  });
});

// Only root can hand a repository to another user; CI runs as root.
(process.getuid?.() === 0 ? test : test.skip)(
  'a repository another user owns: git refuses it, and the message says how to trust it',
  async () => {
    const repo = await TempRepo.create();
    try {
      repo.write({ 'a.yaml': yaml(configMap('app-config', { a: '1' })) });
      await repo.commit();
      execFileSync('chown', ['-R', 'nobody', repo.dir]);
      const { code, stderr } = await cli(['check', '--repo', repo.dir, '--base', 'HEAD']);
      expect(code).toBe(2);
      expect(stderr).toBe(
        `config-rollout-guard: git refuses to read ${repo.dir}: another user owns it. If you trust it: git config --global --add safe.directory ${repo.dir}\n`,
      );
    } finally {
      repo.cleanup();
    }
  },
);

describe('check without --base', () => {
  test('starts from HEAD when there is no remote default branch, and says so', async () => {
    const { stdout, stderr } = await cli(['check', '--repo', dormantRepo.repo.dir]);
    expect(stderr).toBe(
      'config-rollout-guard: no --base, and no origin/HEAD, origin/main or origin/master: checking from HEAD.\n',
    );
    expect(stdout).toMatch(/No ConfigMap or Secret content changes/);
  });

  test('starts where this branch leaves the branch origin/HEAD records, before origin/main', async () => {
    const repo = await TempRepo.create();
    try {
      repo.write({ 'a.yaml': yaml(configMap('app-config', { a: '1' })) });
      const forked = await repo.commit('develop starts');
      repo.write({ 'a.yaml': yaml(configMap('app-config', { a: '2' })) });
      const main = await repo.commit('main moves on');
      await repo.git.raw(['update-ref', 'refs/remotes/origin/main', main]);
      await repo.git.raw(['update-ref', 'refs/remotes/origin/develop', forked]);
      await repo.git.raw(['symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/develop']);
      const { stdout, stderr } = await cli(['check', '--repo', repo.dir, '--format', 'json']);
      expect(stderr).toBe(
        `config-rollout-guard: no --base: checking from ${forked.slice(0, 12)}, where this branch leaves origin/develop.\n`,
      );
      expect((JSON.parse(stdout) as Report).base).toBe(forked);
    } finally {
      repo.cleanup();
    }
  });
});

describe('arguments', () => {
  const options = {
    repo: { type: 'string' },
    base: { type: 'string' },
    include: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
    verbose: { type: 'boolean', short: 'v' },
  } as const;

  test('long options with a value after them or after =, repeated ones gathered, flags grouped, positionals after --', () => {
    expect(
      parseArguments(
        [
          '--repo',
          'r',
          '--include',
          'a',
          '--include=b',
          '-hv',
          '--base=',
          '--base=-x',
          '-',
          '--',
          '--repo',
          'p',
        ],
        options,
        true,
      ),
    ).toEqual({
      values: { repo: 'r', include: ['a', 'b'], help: true, verbose: true, base: '-x' },
      positionals: ['-', '--repo', 'p'],
    });
  });

  test('a value given again replaces the first; no positionals where the command takes none, even after --', () => {
    expect(parseArguments(['--base', 'a', '--base', 'b'], options, false).values).toEqual({ base: 'b' });
    expect(() => parseArguments(['--', 'x'], options, false)).toThrow("unexpected argument 'x'");
  });

  test('a mistake names the unknown option it is about, and only that one', () => {
    const mistake = (args: string[]) => {
      try {
        parseArguments(args, options, false);
      } catch (error) {
        return [(error as Error).message, (error as { unknown: string | null }).unknown];
      }
      throw new Error('no mistake');
    };
    expect(mistake(['--bsae', 'x'])).toEqual(["unknown option '--bsae'.", '--bsae']);
    expect(mistake(['-hq'])).toEqual(["unknown option '-q'.", '-q']);
    expect(mistake(['--toString'])).toEqual(["unknown option '--toString'.", '--toString']);
    expect(mistake(['--repo'])).toEqual(['--repo needs a value.', null]);
    expect(mistake(['--help=1'])).toEqual(['--help takes no value.', null]);
  });
});

describe('usage errors exit 2 with a message', () => {
  test.each([
    [['check', '--base', 'HEAD', '--format', 'yaml'], /--format must be one of text, json, markdown/],
    [['check', '--base', 'HEAD', '--fail-on', 'rolling'], /--fail-on must be one of dormant, manual, none/],
    [['check', '--base', 'HEAD', '--bogus'], /unknown option '--bogus'/],
    [['check', '--base', 'no-such-rev'], /Revision 'no-such-rev' is not a commit.*fetch-depth: 0/],
    [['check', '--base', 'HEAD', '--pod-template', 'Foo'], /Kind=path/],
    [['frobnicate'], /unknown command 'frobnicate'/],
  ])('%j', async (args, message) => {
    const { code, stderr } = await cli([...args, '--repo', dormantRepo.repo.dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  test('a message that quotes a revision or a path is one line, and nothing in it steers the terminal', async () => {
    const { code, stderr } = await cli(['check', '--base', 'x\u001b[2J\ny', '--repo', dormantRepo.repo.dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^config-rollout-guard: Revision 'x\?\[2J\?y' is not a commit/);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  test.each([
    [
      ['scan', '--base', 'HEAD'],
      'config-rollout-guard: --base does not apply to scan (only to check, fix). scan takes --rev, --format, --risks, --output and the common options; see scan --help.',
    ],
    [
      ['fix', '--format', 'json'],
      'config-rollout-guard: --format does not apply to fix (only to check, scan, merge). fix takes --base, --dry-run and the common options; see fix --help.',
    ],
    [
      ['check', '--base', 'HEAD', '--dry-run'],
      'config-rollout-guard: --dry-run does not apply to check (only to fix). check takes --base, --head, --format, --fail-on, --verbose, --shard, --output and the common options; see check --help.',
    ],
    [['scan', '--nope'], "config-rollout-guard: unknown option '--nope'. See scan --help."],
    [
      ['check', '--base', 'HEAD', '--fromat', 'json'],
      "config-rollout-guard: unknown option '--fromat'. Did you mean --format? See check --help.",
    ],
    [
      ['scan', '--offlin'],
      "config-rollout-guard: unknown option '--offlin'. Did you mean --offline? See scan --help.",
    ],
    [['check', '--base'], 'config-rollout-guard: --base needs a value. See check --help.'],
    [
      ['check', '--repo', '--base', 'HEAD'],
      "config-rollout-guard: --repo needs a value, and --base is an option; write --repo=--base for a value that starts with '-'. See check --help.",
    ],
    [['scan', '--offline=yes'], 'config-rollout-guard: --offline takes no value. See scan --help.'],
    [
      ['check', 'main'],
      "config-rollout-guard: unexpected argument 'main': this command takes options only. See check --help.",
    ],
    [['check', '-x'], "config-rollout-guard: unknown option '-x'. See check --help."],
    // A name every object has is no option of any command.
    [['check', '--constructor'], "config-rollout-guard: unknown option '--constructor'. See check --help."],
    [
      ['chekc', '--base', 'HEAD'],
      "config-rollout-guard: unknown command 'chekc'. Did you mean check? Commands: check, fix, scan, merge. See --help.",
    ],
    [
      ['check', '--base', 'HEAD', '--repo', '/nonexistent/dir'],
      'config-rollout-guard: /nonexistent/dir is not inside a git repository.',
    ],
    // A file where a directory is due fails the reader's start itself, not only its first answer.
    [
      ['check', '--base', 'HEAD', '--repo', process.execPath],
      `config-rollout-guard: ${process.execPath} is not inside a git repository.`,
    ],
  ])('%j: exit 2, one line', async (args, line) => {
    const { code, stderr } = await cli([...args], { cwd: dormantRepo.repo.dir });
    expect(code).toBe(2);
    expect(stderr).toBe(`${line}\n`);
  });

  test.each(['check', 'fix', 'scan'])(
    '%s --help: that command’s options and the common ones, exit 0',
    async (command) => {
      const { code, stdout, stderr } = await cli([command, '--help']);
      expect(code).toBe(0);
      expect(stderr).toBe('');
      expect(stdout.split('\n')[0]).toMatch(new RegExp(`^Usage: config-rollout-guard ${command} `));
      expect(stdout).toContain('Common options:');
      for (const [other, flag] of [
        ['check', '--fail-on'],
        ['fix', '--dry-run'],
        ['scan', '--rev'],
      ])
        expect(stdout.includes(flag)).toBe(other === command);
    },
  );

  test('outside a git repository', async () => {
    const dir = scratchDir('crg-nogit-');
    const { code, stderr } = await cli(['check', '--base', 'HEAD'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('is not inside a git repository');
  });

  test('--help prints usage and exits 0', async () => {
    const { code, stdout } = await cli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('config-rollout-guard check [--base REV]');
  });
});

describe('scan', () => {
  test('lists every workload → config reference, with where the config is defined', async () => {
    const { stdout, code } = await cli([
      'scan',
      '--repo',
      dormantRepo.repo.dir,
      '--rev',
      dormantRepo.head,
      '--format',
      'json',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(
      report.workloads.map((w: { name: string; refs: { name: string; definedAt: unknown }[] }) => [
        w.name,
        w.refs.map((r) => [r.name, r.definedAt]),
      ]),
    ).toEqual([
      ['api', [['app', { file: 'config/app.yaml', line: 1 }]]],
      ['web', [['app', { file: 'config/app.yaml', line: 1 }]]],
    ]);
    const text = await cli(['scan', '--repo', dormantRepo.repo.dir]);
    expect(text.stdout).toContain('2 workloads, 2 config references.');
    expect(text.stdout).toContain(
      'ConfigMap app [all keys] via volumes[c].configMap ← containers[app] /c (volume)',
    );
  });
});

describe('the bundle', () => {
  const root = join(import.meta.dirname ?? '.', '..');
  /** What a bundle's check of nothing prints: `dist/cli.js` of `dist`, in `env`. */
  const checkOfNothing = async (dist: string, env: NodeJS.ProcessEnv, limits = {}) =>
    (
      await execFileAsync(
        process.execPath,
        [join(dist, 'cli.js'), 'check', '--repo', dormantRepo.repo.dir, '--base', 'HEAD', '--head', 'HEAD'],
        { env, ...limits },
      )
    ).stdout;

  test('dist/cli.js runs as a separate process with the same exit codes, and leaves the temporary directory empty', async () => {
    const [home, tmp] = [scratchDir('crg-cli-home-'), scratchDir('crg-cli-tmp-')];
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !['XDG_CACHE_HOME', 'NODE_COMPILE_CACHE'].includes(name),
      ),
    );
    const result = await execFileAsync(
      process.execPath,
      [
        join(root, 'dist/cli.js'),
        'check',
        '--repo',
        dormantRepo.repo.dir,
        '--base',
        dormantRepo.base,
        '--format',
        'json',
      ],
      { env: { ...env, HOME: home, TMPDIR: tmp } },
    ).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).impacts).toHaveLength(2);
    // The CLI's compiled code is kept in the tool's cache, not the shared /tmp (compiled-code.ts).
    expect(readdirSync(tmp)).toEqual([]);
    const [folder] = readdirSync(join(home, '.cache/config-rollout-guard/compiled-code'));
    expect(decodeURIComponent(folder)).toBe(`${join(root, 'dist')}@${process.versions.v8}`);
  });

  test('kept compiled code runs only for the chunk it was compiled from', async () => {
    // A copy of the bundle, whose main chunk this test changes; a cache of its own.
    const [dist, cache] = [scratchDir('crg-cli-dist-'), scratchDir('crg-cli-cache-')];
    cpSync(join(root, 'dist'), dist, { recursive: true });
    const env = { ...process.env, XDG_CACHE_HOME: cache };
    const check = () => checkOfNothing(dist, env);
    const store = join(cache, 'config-rollout-guard/compiled-code');
    const folder = join(store, `${encodeURIComponent(dist)}@${process.versions.v8}`);
    const kept = () => readdirSync(folder).map((name) => ({ name, bytes: readFileSync(join(folder, name)) }));

    // A run that answers no command keeps nothing: it would stand in for a check's code.
    await execFileAsync(process.execPath, [join(dist, 'cli.js'), '--help'], { env });
    expect(existsSync(folder)).toBe(false);
    // The folder of an installation that is gone goes when code is next kept.
    const gone = join(store, `${encodeURIComponent(join(dist, 'gone'))}@${process.versions.v8}`);
    mkdirSync(gone, { recursive: true });

    expect(await check()).toContain('No ConfigMap or Secret content changes.');
    expect(readdirSync(store)).toEqual([basename(folder)]);
    const first = kept();
    expect(first.map((f) => f.name.split('@')[0])).toEqual(['cli-main.js']);
    expect(await check()).toContain('No ConfigMap or Secret content changes.');
    expect(kept()).toEqual(first);

    // The same length: V8 alone would run the code kept for the old text.
    const main = join(dist, 'cli-main.js');
    writeFileSync(
      main,
      readFileSync(main, 'utf8').replace(
        'No ConfigMap or Secret content changes.',
        'No ConfigMap or Secret content CHANGES.',
      ),
    );
    utimesSync(main, new Date(), new Date(Date.now() + 5000));
    expect(await check()).toContain('No ConfigMap or Secret content CHANGES.');
    const second = kept();
    expect(second).toHaveLength(1);
    expect(second[0].name).not.toBe(first[0].name);

    // Kept code V8 cannot use is compiled over.
    writeFileSync(join(folder, second[0].name), 'not code');
    expect(await check()).toContain('No ConfigMap or Secret content CHANGES.');
    const third = kept();
    expect(third.map((f) => f.name)).toEqual([second[0].name]);
    expect(third[0].bytes.length).toBeGreaterThan(10_000);

    // A folder others may write to is not read: the old text's code, which V8 would take for the
    // new text's (the same length), is not run, nor replaced.
    chmodSync(folder, 0o777);
    writeFileSync(join(folder, second[0].name), first[0].bytes);
    expect(await check()).toContain('No ConfigMap or Secret content CHANGES.');
    expect(kept()).toEqual([{ name: second[0].name, bytes: first[0].bytes }]);
  });

  // node's recursive mkdir never returns under /proc: the run that could not keep its code spun at exit.
  (existsSync('/proc/self') ? test : test.skip)(
    'a cache that cannot be made costs the kept code, not the end of the run',
    async () => {
      const stdout = await checkOfNothing(
        join(root, 'dist'),
        { ...process.env, XDG_CACHE_HOME: '/proc/crg-no-cache' },
        { timeout: 30_000, killSignal: 'SIGKILL' },
      );
      expect(stdout).toContain('No ConfigMap or Secret content changes.');
    },
  );

  test('npm run demo shows the dormant edge proxy and the dormant chart Deployment, and their cures', async () => {
    const { stdout } = await execFileAsync(process.execPath, [join(root, 'scripts/demo.js')]);
    expect(stdout).toMatch(/DORMANT\s+Deployment edge\/edge-proxy/);
    expect(stdout).toMatch(/DORMANT\s+Deployment status-page in charts\/status-page/);
    expect(stdout).toContain('(exit code 1');
    expect(stdout).toContain('$ config-rollout-guard fix --base HEAD~1 --dry-run');
    expect(stdout).toMatch(/^\+ {8}config-rollout-guard\/hash: "sha256:[0-9a-f]{64}"$/m);
    expect(stdout).toMatch(/^\+ {8}checksum\/configmap: \{\{ pick \(include/m);
    expect(stdout).toContain('Would stamp 2 workloads in 2 files');
  });
});

describe('version and colour', () => {
  test('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as {
      version: string;
    };
    expect(await cli(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  test.each([
    [{}, true, false, true],
    [{}, false, false, false],
    [{ NO_COLOR: '1' }, true, false, false],
    [{ TERM: 'dumb' }, true, false, false],
    [{}, true, true, false],
    [{ FORCE_COLOR: '1' }, false, false, true],
    [{ FORCE_COLOR: '0' }, true, false, true],
    [{ FORCE_COLOR: '1', NO_COLOR: '1' }, false, false, false],
  ])('env %j, tty %s, --no-color %s → colour %s', (env, tty, flag, expected) => {
    expect(wantsColour(env as Record<string, string>, tty, flag)).toBe(expected);
  });
});
