import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { simpleGit } from 'simple-git';
import { scratchDir, TempRepo } from './temp-repo.js';

const ROOT = resolve(import.meta.dirname ?? '.', '../..');
const IDENTITY = ['user.name=Test', 'user.email=test@example.com', 'commit.gpgsign=false'];

/** A GitHub-like setup: a bare remote, a developer's clone that pushes, and shallow runner checkouts. */
export class RemoteSetup {
  // Removed with the test file's other temporary directories (temp-repo.ts), as is `dev`.
  readonly root = scratchDir('crg-action-');
  readonly bare = join(this.root, 'remote.git');
  dev!: TempRepo;

  async init(): Promise<this> {
    await simpleGit().raw(['init', '--bare', '-q', '-b', 'main', this.bare]);
    this.dev = await TempRepo.create();
    await this.dev.git.addRemote('origin', this.bare);
    return this;
  }

  async push(branch: string): Promise<string> {
    await this.dev.git.push(['-q', '-f', 'origin', `HEAD:refs/heads/${branch}`]);
    return (await this.dev.git.revparse(['HEAD'])).trim();
  }

  /** What actions/checkout does by default: one commit, detached, nothing else. */
  async checkout(sha: string): Promise<string> {
    const dir = mkdtempSync(join(this.root, 'checkout-'));
    const git = simpleGit({ baseDir: dir, config: IDENTITY });
    await git.init(['-q']);
    await git.addRemote('origin', `file://${this.bare}`);
    await git.raw(['fetch', '-q', '--no-tags', '--depth=1', 'origin', sha]);
    await git.raw(['checkout', '-q', '--detach', sha]);
    return dir;
  }
}

export interface ActionResult {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

/** Runs the bundled dist/index.js as GitHub's runner would: a separate node process with INPUT_* and GITHUB_*. */
export async function runAction(options: {
  checkout: string;
  apiUrl: string;
  eventName: string;
  payload: object;
  inputs?: Record<string, string>;
  /** GITHUB_WORKSPACE when the checkout is not the workspace itself (actions/checkout `path:`). */
  workspace?: string;
  /** More environment, as a runner has it (tokens, canaries). */
  env?: Record<string, string>;
}): Promise<ActionResult> {
  // RUNNER_TEMP: the report files the outputs point at are read after the run, so it goes with the test file.
  const temp = scratchDir('crg-runner-');
  const files = {
    event: join(temp, 'event.json'),
    output: join(temp, 'output'),
    summary: join(temp, 'summary.md'),
  };
  writeFileSync(files.event, JSON.stringify(options.payload));
  writeFileSync(files.output, '');
  writeFileSync(files.summary, '');
  const inputs = {
    token: 'test-token',
    mode: 'report',
    'fail-on': 'dormant',
    comment: 'on-findings',
    'working-directory': '.',
    ...options.inputs,
  };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? temp,
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_REPOSITORY: 'acme/gitops',
    GITHUB_API_URL: options.apiUrl,
    GITHUB_GRAPHQL_URL: `${options.apiUrl}/graphql`,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_RUN_ID: '4242',
    GITHUB_WORKSPACE: options.workspace ?? options.checkout,
    RUNNER_TEMP: temp,
    GITHUB_ACTIONS: 'true',
    ...options.env,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
    (done) => {
      execFile(
        process.execPath,
        [join(ROOT, 'dist/index.js')],
        { cwd: options.workspace ?? options.checkout, env },
        (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    },
  );
  return {
    code,
    stdout,
    stderr,
    outputs: parseOutputs(readFileSync(files.output, 'utf8')),
    summary: readFileSync(files.summary, 'utf8'),
  };
}

/** GITHUB_OUTPUT uses `name<<DELIMITER` blocks. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i]);
    if (!m) continue;
    const end = lines.indexOf(m[2], i + 1);
    outputs[m[1]] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return outputs;
}
