import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { TempRepo, scratchDir } from '../helpers/temp-repo.js';
import { apply, type Bytes, type Files } from '../helpers/scenario.js';

export const ROOT = resolve(import.meta.dirname, '../..');

/**
 * What an attacker is after, planted where a careless tool would hand it over: a token in the
 * environment (as a runner has GITHUB_TOKEN and INPUT_TOKEN), a file outside the repository, a
 * server on loopback that counts every request, and a marker file that only code the attacker
 * wrote would create. A test fails if any of them is reached.
 */
export class Canary {
  readonly token = `crg-canary-token-${randomBytes(8).toString('hex')}`;
  readonly dir = scratchDir('crg-canary-');
  readonly file = join(this.dir, 'host-secret.txt');
  readonly content = `crg-canary-file-${randomBytes(8).toString('hex')}`;
  /** Code from the repository, if it ever runs, writes here. */
  readonly marker = join(this.dir, 'pwned');
  /** The temporary directory given to the tool, to see what it leaves behind. */
  readonly tmp = scratchDir('crg-attack-tmp-');
  requests = 0;
  private server: Server | null = null;
  port = 0;

  async start(): Promise<this> {
    writeFileSync(this.file, `${this.content}\n`);
    this.server = createServer((_, response) => {
      this.requests++;
      response.end(
        `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fetched\ndata:\n  leak: ${this.content}\n`,
      );
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The environment of a runner: tokens everywhere a tool might look. */
  env(): Record<string, string> {
    return {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? this.dir,
      TMPDIR: this.tmp,
      GITHUB_TOKEN: this.token,
      INPUT_TOKEN: this.token,
      ACTIONS_RUNTIME_TOKEN: this.token,
      CRG_CANARY: this.token,
    };
  }

  /** A script the attacker commits, and hopes the tool runs: it writes the marker. */
  script(): string {
    return `#!/bin/sh\necho ran > ${this.marker}\n`;
  }

  /** Every promise held: nothing ran, nothing leaked, nothing was fetched, nothing left behind. */
  expectClean(outputs: string[]): void {
    const text = outputs.join('\n');
    expect({
      ran: existsSync(this.marker),
      tokenShown: text.includes(this.token),
      fileShown: text.includes(this.content),
      requests: this.requests,
      leftBehind: readdirSync(this.tmp),
    }).toEqual({ ran: false, tokenShown: false, fileShown: false, requests: 0, leftBehind: [] });
  }

  async stop(): Promise<void> {
    await new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
    rmSync(this.dir, { recursive: true, force: true });
    rmSync(this.tmp, { recursive: true, force: true });
  }
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
}

/** The bundled CLI in its own process, with only the environment given: as a user or CI runs it. */
export function runCli(
  args: string[],
  cwd: string,
  env: Record<string, string>,
  killAfterMs = 120_000,
): Promise<Run> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** A repository with an innocent base and the attacker's head; `hostile` may use the canary. */
export async function attackRepo(
  base: Bytes,
  head: Bytes,
): Promise<{ repo: TempRepo; base: string; head: string }> {
  const repo = await TempRepo.create();
  apply(repo, base);
  const baseSha = await repo.commit('base');
  apply(repo, head);
  const headSha = await repo.commit('the pull request');
  return { repo, base: baseSha, head: headSha };
}

/** A small chart whose Deployment reads its ConfigMap: the root most attacks ride on. */
export function chart(dir: string, level = 'info', extra: Files = {}): Files {
  return {
    [`${dir}/Chart.yaml`]: 'apiVersion: v2\nname: web\nversion: 1.0.0\n',
    [`${dir}/values.yaml`]: `level: ${level}\n`,
    [`${dir}/templates/configmap.yaml`]:
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-config\ndata:\n  level: {{ .Values.level | quote }}\n',
    [`${dir}/templates/deployment.yaml`]: DEPLOYMENT('web', 'web-config'),
    ...extra,
  };
}

export const DEPLOYMENT = (name: string, config: string) =>
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    '  selector: {matchLabels: {app: web}}',
    '  template:',
    '    metadata: {labels: {app: web}}',
    '    spec:',
    '      containers:',
    '        - name: web',
    '          image: nginx',
    `          envFrom: [{configMapRef: {name: ${config}}}]`,
    '',
  ].join('\n');

/** A kustomize root with a Deployment reading a generated ConfigMap, and `kustomization` as given. */
export function kustomizeApp(dir: string, kustomization: string, level = 'info', extra: Files = {}): Files {
  return {
    [`${dir}/kustomization.yaml`]: kustomization,
    [`${dir}/deployment.yaml`]: DEPLOYMENT('app', 'app-config'),
    [`${dir}/app.env`]: `LEVEL=${level}\n`,
    ...extra,
  };
}

export const PLAIN_KUSTOMIZATION = [
  'resources: [deployment.yaml]',
  'configMapGenerator:',
  '  - name: app-config',
  '    envs: [app.env]',
  'generatorOptions: {disableNameSuffixHash: true}',
  '',
].join('\n');
