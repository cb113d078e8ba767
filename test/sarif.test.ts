import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AjvDraft04 from 'ajv-draft-04';
import { cli } from './helpers/cli.js';
import { configMap, container, deployment, lineOf, workload, yaml } from './helpers/manifests.js';
import { twoCommits, type Files } from './helpers/scenario.js';
import { webUrl } from '../src/stages/1-git/repository.js';

// The official SARIF 2.1.0 schema, as @microsoft/jest-sarif ships it (a devDependency).
const require = createRequire(import.meta.url);
const schema = JSON.parse(
  readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
) as object;
// The schema's `language` pattern is not valid as a Unicode regular expression; ajv must read it as plain.
// A CommonJS module whose default export is the class: under ESM it arrives as `.default`.
const Ajv = (AjvDraft04 as unknown as { default: typeof AjvDraft04.default }).default;
const validate = new Ajv({
  allErrors: true,
  strict: false,
  validateFormats: false,
  unicodeRegExp: false,
}).compile(schema);

interface Sarif {
  runs: {
    tool: { driver: { rules: { id: string }[] } };
    results: {
      ruleId: string;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
      relatedLocations?: unknown[];
      partialFingerprints: Record<string, string>;
    }[];
  }[];
}

async function sarifOf(base: Files, head: Files): Promise<Sarif> {
  const { repo, base: b, head: h } = await twoCommits(base, head);
  const { stdout } = await cli(['check', '--base', b, '--head', h, '--format', 'sarif'], { cwd: repo.dir });
  const log = JSON.parse(stdout) as Sarif;
  expect({ valid: validate(log), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
  return log;
}

const app = (extra = '') =>
  extra +
  yaml(
    deployment('app', { containers: [container('app', { envFrom: [{ configMapRef: { name: 'cfg' } }] })] }),
  );
const cfg = (level: string) => yaml(configMap('cfg', { LEVEL: level }));

test('a dormant workload: one result at the workload line, related to the config change, valid SARIF', async () => {
  const log = await sarifOf({ 'app.yaml': app(), 'cfg.yaml': cfg('a') }, { 'cfg.yaml': cfg('b') });
  const [run] = log.runs;
  expect(run.tool.driver.rules.map((r) => r.id)).toEqual(
    expect.arrayContaining([
      'dormant',
      'stale-hash',
      'manual',
      'reloaded',
      'ignored',
      'invalid-change',
      'not-checked',
    ]),
  );
  expect(
    run.results.map((r) => [
      r.ruleId,
      r.level,
      r.locations[0].physicalLocation.artifactLocation.uri,
      r.locations[0].physicalLocation.region.startLine,
    ]),
  ).toEqual([['dormant', 'error', 'app.yaml', 1]]);
  expect(run.results[0].relatedLocations).toHaveLength(1);
  expect(run.results[0].message.text).toBe(
    'Deployment app reads ConfigMap cfg (keys LEVEL): the pod template is unchanged, so running pods keep the old config.',
  );
});

test('fingerprints follow identities, not lines: moving the workload down keeps them', async () => {
  const first = await sarifOf({ 'app.yaml': app(), 'cfg.yaml': cfg('a') }, { 'cfg.yaml': cfg('b') });
  const moved = await sarifOf(
    { 'app.yaml': app('# a comment\n# and another\n'), 'cfg.yaml': cfg('a') },
    { 'cfg.yaml': cfg('b') },
  );
  expect(moved.runs[0].results[0].locations[0].physicalLocation.region.startLine).toBe(3);
  expect(moved.runs[0].results[0].partialFingerprints).toEqual(first.runs[0].results[0].partialFingerprints);
});

test('errors, unreadable files and secrets: valid, and no value', async () => {
  const secret = (v: string) =>
    `apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\nstringData:\n  k: ${v}\n`;
  const log = await sarifOf(
    { 'app.yaml': app(), 'cfg.yaml': cfg('a'), 's.yaml': secret('old') },
    { 'app.yaml': app(), 'cfg.yaml': null, 's.yaml': secret('*SARIFCANARY') },
  );
  const rules = log.runs[0].results.map((r) => r.ruleId).sort();
  // The unreadable file is a not-checked entry (it fails), not a warning besides.
  expect(rules).toEqual(['invalid-change', 'not-checked']);
  expect(JSON.stringify(log)).not.toContain('SARIFCANARY');
});

test('a removed key a reader still needs: the error at the reference, related to the config; rollout notes are notes', async () => {
  // The template changes too (its annotation), so the workload rolls and gets its rollout notes.
  const reader = (rev: string) =>
    yaml(
      workload(
        'Deployment',
        'app',
        {
          containers: [
            container('app', {
              env: [{ name: 'LEVEL', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'LEVEL' } } }],
              ports: [{ containerPort: 80 }],
            }),
          ],
        },
        { spec: { replicas: 2 }, annotations: { 'example.com/rev': rev } },
      ),
    );
  const log = await sarifOf(
    { 'app.yaml': reader('1'), 'cfg.yaml': cfg('a') },
    { 'app.yaml': reader('2'), 'cfg.yaml': yaml(configMap('cfg', { OTHER: 'x' })) },
  );
  const results = log.runs[0].results.map((r) => ({
    rule: r.ruleId,
    level: r.level,
    at: `${r.locations[0].physicalLocation.artifactLocation.uri}:${r.locations[0].physicalLocation.region.startLine}`,
    related: r.relatedLocations?.length ?? 0,
  }));
  const text = reader('2');
  expect(results).toEqual([
    { rule: 'invalid-change', level: 'error', at: `app.yaml:${lineOf(text, 'name: cfg')}`, related: 1 },
    { rule: 'note', level: 'note', at: `app.yaml:${lineOf(text, 'replicas:')}`, related: 0 },
    { rule: 'note', level: 'note', at: `app.yaml:${lineOf(text, '- name: app')}`, related: 0 },
  ]);
});

describe('repositoryUri', () => {
  test.each([
    ['git@github.com:acme/gitops.git', 'https://github.com/acme/gitops'],
    [
      'https://user:token@gitlab.example.com/group/sub/gitops.git',
      'https://gitlab.example.com/group/sub/gitops',
    ],
    ['ssh://git@gitea.example.com:2222/acme/gitops', 'https://gitea.example.com/acme/gitops'],
    ['http://git.internal:8080/acme/gitops/', 'http://git.internal:8080/acme/gitops'],
    ['/srv/git/gitops.git', null],
    ['file:///srv/git/gitops.git', null],
  ])('%s → %s', (remote, web) => {
    expect(webUrl(remote)).toBe(web);
  });

  test("is origin's web address, without credentials; with no origin there is no provenance", async () => {
    const files = (level: string) => ({
      'app.yaml': yaml(
        configMap('app-config', { LEVEL: level }),
        deployment('app', {
          containers: [container('app', { envFrom: [{ configMapRef: { name: 'app-config' } }] })],
        }),
      ),
    });
    const { repo, base, head } = await twoCommits(files('info'), files('debug'));
    const sarif = async () =>
      JSON.parse(
        (await cli(['check', '--base', base, '--head', head, '--format', 'sarif'], { cwd: repo.dir })).stdout,
      ) as {
        runs: { versionControlProvenance?: { repositoryUri: string; revisionId: string }[] }[];
      };
    expect((await sarif()).runs[0].versionControlProvenance).toBeUndefined();
    await repo.git.addRemote('origin', 'https://ci:secret-token@gitlab.example.com/platform/gitops.git');
    const log = await sarif();
    expect(log.runs[0].versionControlProvenance).toEqual([
      { repositoryUri: 'https://gitlab.example.com/platform/gitops', revisionId: head },
    ]);
    expect(validate(log)).toBe(true);
    expect(JSON.stringify(log)).not.toContain('secret-token');
  });
});

test('scan --risks as SARIF: a valid log with a note at each workload whose next change would lie dormant', async () => {
  const files = {
    'app.yaml': yaml(
      configMap('app-config', { LEVEL: 'info' }),
      deployment('app', {
        containers: [container('app', { envFrom: [{ configMapRef: { name: 'app-config' } }] })],
      }),
    ),
  };
  const { repo } = await twoCommits(files, files);
  const args = ['scan', '--risks'];
  const json = JSON.parse((await cli([...args, '--format', 'json'], { cwd: repo.dir })).stdout) as {
    diagnostics: { severity: string; file: string; line: number }[];
  };
  const log = JSON.parse((await cli([...args, '--format', 'sarif'], { cwd: repo.dir })).stdout) as Sarif;
  expect(validate(log)).toBe(true);
  const notes = json.diagnostics.filter((d) => d.severity === 'notice');
  expect(notes.length).toBeGreaterThan(0);
  expect(
    log.runs[0].results.map((r) => [
      r.ruleId,
      r.locations[0].physicalLocation.artifactLocation.uri,
      r.locations[0].physicalLocation.region.startLine,
    ]),
  ).toEqual(notes.map((d) => ['note', d.file, d.line]));
});

test('every rule links to what it means, and the tool to its home', async () => {
  const { repo, base, head } = await twoCommits(
    { 'app.yaml': yaml(configMap('app-config', { LEVEL: 'info' })) },
    { 'app.yaml': yaml(configMap('app-config', { LEVEL: 'debug' })) },
  );
  const { stdout } = await cli(['check', '--base', base, '--head', head, '--format', 'sarif'], {
    cwd: repo.dir,
  });
  const driver = (
    JSON.parse(stdout) as {
      runs: { tool: { driver: { informationUri: string; rules: { id: string; helpUri: string }[] } } }[];
    }
  ).runs[0].tool.driver;
  const home = (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { homepage: string }
  ).homepage;
  expect(driver.informationUri).toBe(home);
  for (const rule of driver.rules) expect(rule.helpUri).toBe(home.replace(/#.*$/, '#what-it-reports'));
  expect(readFileSync(new URL('../README.md', import.meta.url), 'utf8')).toMatch(/^## What it reports$/m);
});
