import { scratchDir } from './temp-repo.js';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, createServer as netServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';

// Real servers for remote charts, on loopback: the reference OCI registry (Debian's docker-registry)
// with charts pushed by `helm push`, and a Helm chart repository (`helm package` + `helm repo index`)
// served by a static HTTP server that counts requests. No protocol is mocked.

const REGISTRY = ['/usr/bin/docker-registry', '/usr/bin/registry'].find(existsSync) ?? null;

/** CI sets CRG_REQUIRE_SERVERS: there a missing server fails the tests instead of skipping them. */
export const hasRegistry = (() => {
  if (!REGISTRY && process.env.CRG_REQUIRE_SERVERS)
    throw new Error(
      'docker-registry is not installed; .ci/run installs it (apt-get install docker-registry).',
    );
  if (!REGISTRY) console.warn('OCI registry tests skipped: install the docker-registry package to run them.');
  return REGISTRY !== null;
})();

async function freePort(): Promise<number> {
  const server = netServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** A chart whose Deployment reads the ConfigMap it makes from `config.level`; `marker` makes versions differ. */
export function writeChart(
  dir: string,
  name: string,
  version: string,
  marker = '',
  checksum = false,
): string {
  const root = join(dir, `${name}-${version}-src`, name);
  const files: Record<string, string> = {
    'Chart.yaml': `apiVersion: v2\nname: ${name}\nversion: ${version}\n`,
    'values.yaml': 'config:\n  level: info\n',
    'templates/configmap.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-config\ndata:\n  level: {{ .Values.config.level | quote }}\n${marker ? `  marker: "${marker}"\n` : ''}`,
    'templates/deployment.yaml': [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: {{ .Release.Name }}',
      'spec:',
      '  selector: {matchLabels: {app: web}}',
      '  template:',
      '    metadata:',
      '      labels: {app: web}',
      ...(checksum
        ? [
            '      annotations:',
            '        checksum/config: {{ include (print $.Template.BasePath "/configmap.yaml") . | sha256sum }}',
          ]
        : []),
      '    spec:',
      '      containers:',
      '        - name: web',
      '          image: nginx',
      '          envFrom: [{configMapRef: {name: "{{ .Release.Name }}-config"}}]',
      '',
    ].join('\n'),
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** helm with its homes in `home`, as a chart publisher would run it. */
export function helm(binary: string, home: string, args: string[], cwd: string, input?: string): string {
  return execFileSync(binary, args, {
    cwd,
    input,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: home,
      HELM_CACHE_HOME: join(home, 'cache'),
      HELM_CONFIG_HOME: join(home, 'config'),
      HELM_DATA_HOME: join(home, 'data'),
    },
  });
}

/** The login the private servers below accept. */
export const LOGIN = { username: 'ci', password: 'fixture-login-not-a-secret' };
// The registry reads bcrypt only: LOGIN's password, hashed once with python3's crypt (cost 4).
const HTPASSWD = 'ci:$2b$04$lpw1oaQew6RcdlE8j7ZHVOkGY.2IJDq/MDqPKd3X7n7GaPoyp0n22\n';

/** The reference OCI registry on a free loopback port, with charts pushed to `charts/`; with `login`, only for LOGIN. */
export class Registry {
  private process: ChildProcess | null = null;
  readonly dir = scratchDir('crg-registry-');
  port = 0;

  constructor(private readonly login = false) {}

  async start(): Promise<this> {
    this.port = await freePort();
    const config = join(this.dir, 'config.yml');
    writeFileSync(join(this.dir, 'htpasswd'), HTPASSWD);
    writeFileSync(
      config,
      `version: 0.1\nlog:\n  level: error\nstorage:\n  filesystem:\n    rootdirectory: ${join(this.dir, 'data')}\nhttp:\n  addr: 127.0.0.1:${this.port}\n` +
        (this.login ? `auth:\n  htpasswd:\n    realm: test\n    path: ${join(this.dir, 'htpasswd')}\n` : ''),
    );
    this.process = spawn(REGISTRY!, ['serve', config], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      const ready = await fetch(`${this.url}/v2/`).then(
        (r) => r.ok || r.status === 401,
        () => false,
      );
      if (ready) return this;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the registry did not start');
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** `oci://127.0.0.1:PORT/charts`, where `push` puts charts. */
  get oci(): string {
    return `oci://127.0.0.1:${this.port}/charts`;
  }

  push(helmBinary: string, chartDir: string): void {
    const home = join(this.dir, 'helm');
    const out = join(this.dir, 'packages');
    mkdirSync(out, { recursive: true });
    const packaged = helm(helmBinary, home, ['package', chartDir, '--destination', out], this.dir)
      .trim()
      .split(': ')
      .pop()!;
    if (this.login)
      helm(
        helmBinary,
        home,
        [
          'registry',
          'login',
          `127.0.0.1:${this.port}`,
          '--insecure',
          '-u',
          LOGIN.username,
          '--password-stdin',
        ],
        this.dir,
        LOGIN.password,
      );
    helm(helmBinary, home, ['push', packaged, this.oci, '--plain-http'], this.dir);
  }

  stop(): void {
    this.process?.kill('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A Helm chart repository: packaged charts and their index.yaml, served over HTTP; requests counted. With `login`, only for LOGIN (basic auth). */
export class ChartRepository {
  readonly dir = scratchDir('crg-chartrepo-');
  private server: Server | null = null;
  requests: string[] = [];
  port = 0;

  constructor(private readonly login = false) {}

  async start(): Promise<this> {
    const expected = `Basic ${Buffer.from(`${LOGIN.username}:${LOGIN.password}`).toString('base64')}`;
    this.server = createServer((request, response) => {
      this.requests.push(request.url ?? '');
      if (this.login && request.headers.authorization !== expected) {
        response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="test"' }).end();
        return;
      }
      const path = join(this.dir, 'public', (request.url ?? '/').split('?')[0]);
      if (!path.startsWith(join(this.dir, 'public')) || !existsSync(path)) {
        response.writeHead(404).end();
        return;
      }
      response.end(readFileSync(path));
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  add(helmBinary: string, chartDir: string): void {
    const home = join(this.dir, 'helm');
    const out = join(this.dir, 'public');
    mkdirSync(out, { recursive: true });
    helm(helmBinary, home, ['package', chartDir, '--destination', out], this.dir);
    helm(helmBinary, home, ['repo', 'index', out, '--url', this.url], this.dir);
  }

  async stop(): Promise<void> {
    await new Promise((done) => (this.server ? this.server.close(done) : done(null)));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** `git daemon` on a free loopback port, serving bare repositories from a directory. */
export class GitDaemon {
  readonly dir = scratchDir('crg-gitd-');
  private process: ChildProcess | null = null;
  port = 0;

  async start(): Promise<this> {
    this.port = await freePort();
    this.process = spawn(
      'git',
      [
        'daemon',
        `--base-path=${this.dir}`,
        '--export-all',
        '--reuseaddr',
        '--listen=127.0.0.1',
        `--port=${this.port}`,
        this.dir,
      ],
      { stdio: 'ignore' },
    );
    // Up when it accepts a connection. (Probing by listening on the port would take it from the
    // daemon if the daemon bound it at that moment: it then exits, and never starts.)
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((done) => {
        const socket = connect(this.port, '127.0.0.1');
        socket.on('connect', () => (socket.destroy(), done(true)));
        socket.on('error', () => done(false));
      });
      if (up) return this;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('git daemon did not start');
  }

  url(name: string): string {
    return `git://127.0.0.1:${this.port}/${name}`;
  }

  stop(): void {
    this.process?.kill('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * git's smart HTTP protocol on a free loopback port: `git http-backend` (git's own CGI program)
 * behind a small HTTP server that asks for LOGIN (basic auth) before anything is served.
 */
export class GitHttpServer {
  readonly dir = scratchDir('crg-githttp-');
  private server: Server | null = null;
  requests = 0;
  port = 0;

  async start(): Promise<this> {
    const expected = `Basic ${Buffer.from(`${LOGIN.username}:${LOGIN.password}`).toString('base64')}`;
    this.server = createServer((request, response) => {
      this.requests++;
      if (request.headers.authorization !== expected) {
        response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end();
        return;
      }
      const [path, query = ''] = (request.url ?? '/').split('?');
      const cgi = spawn('git', ['http-backend'], {
        env: {
          PATH: process.env.PATH,
          GIT_PROJECT_ROOT: this.dir,
          GIT_HTTP_EXPORT_ALL: '1',
          PATH_INFO: path,
          QUERY_STRING: query,
          REQUEST_METHOD: request.method ?? 'GET',
          CONTENT_TYPE: request.headers['content-type'] ?? '',
          REMOTE_USER: LOGIN.username,
          ...(request.headers['content-encoding']
            ? { HTTP_CONTENT_ENCODING: request.headers['content-encoding'] }
            : {}),
          ...(request.headers['git-protocol']
            ? { GIT_PROTOCOL: String(request.headers['git-protocol']) }
            : {}),
        },
      });
      request.pipe(cgi.stdin);
      const chunks: Buffer[] = [];
      cgi.stdout.on('data', (c: Buffer) => chunks.push(c));
      cgi.on('close', () => {
        // CGI output: headers, a blank line, the body.
        const out = Buffer.concat(chunks);
        const end = out.indexOf('\r\n\r\n');
        const headers = out.subarray(0, end).toString().split('\r\n');
        const status = Number(/^Status: (\d+)/m.exec(headers.join('\n'))?.[1] ?? 200);
        response.writeHead(
          status,
          Object.fromEntries(
            headers
              .filter((h) => !h.startsWith('Status:'))
              .map((h) => h.split(/:\s*/, 2) as [string, string]),
          ),
        );
        response.end(out.subarray(end + 4));
      });
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(name: string): string {
    return `http://127.0.0.1:${this.port}/${name}`;
  }

  async stop(): Promise<void> {
    await new Promise((done) => (this.server ? this.server.close(done) : done(null)));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
