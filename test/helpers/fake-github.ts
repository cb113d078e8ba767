import { scratchDir } from './temp-repo.js';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

interface Comment {
  id: number;
  body: string;
  user: { id: number; login: string; type: string };
}

export interface Review {
  commit_id: string;
  event: string;
  body: string;
  comments: { path: string; line: number; start_line?: number; side: string; body: string }[];
}

export const BOT = { id: 41898282, login: 'github-actions[bot]', type: 'Bot' };

/**
 * A fault to inject for one request: answer with this status (and body, headers) instead; never
 * answer; or do the work and then answer with `landed` (a write that happened, reported as failed).
 */
export type Fault =
  { status: number; body?: unknown; headers?: Record<string, string> } | { hang: true } | { landed: number };

/**
 * A local stand-in for the GitHub REST and GraphQL APIs the Action uses. It keeps state (comments),
 * pages lists with `link` headers like GitHub, answers merge-base questions from a real bare
 * repository, and can be told to fail.
 */
export class FakeGitHub {
  readonly requests: RecordedRequest[] = [];
  readonly reviews: Review[] = [];
  comments: (Comment & { issue: number })[] = [];
  /** Status to answer for comment writes (403 for a fork PR's read-only token). */
  commentWriteStatus = 0;
  /** Answer this many requests with 502 before serving normally. */
  failNext = 0;
  /** Decides, per request, whether to inject a fault. */
  fault: ((request: RecordedRequest) => Fault | undefined) | null = null;
  readonly reviewList: (Review & { id: number; user: typeof BOT })[] = [];
  /** Open pull requests, for GET /pulls?head=owner:branch. */
  readonly pullRequests: {
    number: number;
    head: { sha: string; ref: string; repo: { owner: { login: string } } };
  }[] = [];
  readonly checkRuns: FakeCheckRun[] = [];
  private nextId = 1000;
  private server: Server | null = null;

  constructor(private readonly bareRepo: string) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  addComment(issue: number, body: string, user: Comment['user'] = BOT): void {
    this.comments.push({ id: this.nextId++, issue, body, user });
  }

  /** Requests that changed something (not GETs or the GraphQL viewer query). */
  writes(): RecordedRequest[] {
    return this.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const url = new URL(req.url ?? '/', 'http://x');
    const body = text ? JSON.parse(text) : undefined;
    this.requests.push({ method: req.method ?? '', path: url.pathname + url.search, body });
    const injected = this.fault?.(this.requests[this.requests.length - 1]);
    if (injected && 'hang' in injected) return;
    if (injected && 'status' in injected) {
      res.writeHead(injected.status, { 'content-type': 'application/json', ...injected.headers });
      res.end(JSON.stringify(injected.body ?? { message: 'injected' }));
      return;
    }
    const send = (status: number, data: unknown, headers: Record<string, string> = {}) => {
      const landed = injected && 'landed' in injected ? injected.landed : null;
      res.writeHead(landed ?? status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(landed ? { message: 'injected after the write' } : data));
    };
    if (this.failNext > 0) {
      this.failNext--;
      return send(502, { message: 'Bad Gateway' });
    }
    const path = url.pathname;
    let match: RegExpMatchArray | null;

    if (path === '/graphql')
      return send(200, { data: { viewer: { databaseId: BOT.id, login: 'github-actions' } } });

    if ((match = path.match(/^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/))) {
      const issue = Number(match[1]);
      if (req.method === 'GET') {
        const perPage = Number(url.searchParams.get('per_page') ?? 30);
        const page = Number(url.searchParams.get('page') ?? 1);
        const all = this.comments.filter((c) => c.issue === issue);
        const last = Math.max(1, Math.ceil(all.length / perPage));
        const headers: Record<string, string> = {};
        if (page < last) {
          const next = new URL(url.href.replace('http://x', this.url));
          next.searchParams.set('page', String(page + 1));
          headers.link = `<${next.href}>; rel="next"`;
        }
        return send(
          200,
          all.slice((page - 1) * perPage, page * perPage).map((c) => ({
            id: c.id,
            body: c.body,
            user: c.user,
            html_url: `https://github.example/acme/gitops/pull/${issue}#issuecomment-${c.id}`,
          })),
          headers,
        );
      }
      if (this.commentWriteStatus)
        return send(this.commentWriteStatus, { message: 'Resource not accessible by integration' });
      const comment = { id: this.nextId++, issue, body: (body as { body: string }).body, user: BOT };
      this.comments.push(comment);
      return send(201, comment);
    }
    if ((match = path.match(/^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/)) && req.method === 'DELETE') {
      this.comments = this.comments.filter((c) => c.id !== Number(match![1]));
      res.writeHead(204);
      res.end();
      return;
    }
    if ((match = path.match(/^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/)) && req.method === 'PATCH') {
      if (this.commentWriteStatus)
        return send(this.commentWriteStatus, { message: 'Resource not accessible by integration' });
      const comment = this.comments.find((c) => c.id === Number(match![1]));
      if (!comment) return send(404, { message: 'Not Found' });
      comment.body = (body as { body: string }).body;
      return send(200, comment);
    }
    // Git Data API, on the real bare repository: what the Action commits can be fetched and checked.
    if (path.endsWith('/git/blobs') && req.method === 'POST') {
      const { content, encoding } = body as { content: string; encoding: string };
      const bytes = encoding === 'base64' ? Buffer.from(content, 'base64') : Buffer.from(content);
      const sha = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: this.bareRepo, input: bytes })
        .toString()
        .trim();
      return send(201, { sha });
    }
    if (path.endsWith('/git/trees') && req.method === 'POST') {
      const { base_tree, tree } = body as {
        base_tree: string;
        tree: { path: string; mode: string; sha: string }[];
      };
      const index = join(scratchDir('fake-index-'), 'index');
      const git = (args: string[]) =>
        execFileSync('git', args, { cwd: this.bareRepo, env: { ...process.env, GIT_INDEX_FILE: index } })
          .toString()
          .trim();
      git(['read-tree', base_tree]);
      for (const entry of tree)
        git(['update-index', '--add', '--cacheinfo', `${entry.mode},${entry.sha},${entry.path}`]);
      return send(201, { sha: git(['write-tree']) });
    }
    if (path.endsWith('/git/commits') && req.method === 'POST') {
      const { message, tree, parents } = body as { message: string; tree: string; parents: string[] };
      const sha = execFileSync(
        'git',
        ['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-m', message],
        {
          cwd: this.bareRepo,
          env: {
            ...process.env,
            GIT_AUTHOR_NAME: 'github-actions[bot]',
            GIT_AUTHOR_EMAIL: 'bot@example.com',
            GIT_COMMITTER_NAME: 'GitHub',
            GIT_COMMITTER_EMAIL: 'noreply@example.com',
          },
        },
      )
        .toString()
        .trim();
      return send(201, { sha, verification: { verified: true } });
    }
    if ((match = path.match(/^\/repos\/[^/]+\/[^/]+\/git\/refs\/(.+)$/)) && req.method === 'PATCH') {
      const { sha, force } = body as { sha: string; force?: boolean };
      const ref = `refs/${decodeURIComponent(match[1])}`;
      const current = execFileSync('git', ['rev-parse', ref], { cwd: this.bareRepo }).toString().trim();
      const parent = execFileSync('git', ['rev-parse', `${sha}^`], { cwd: this.bareRepo })
        .toString()
        .trim();
      if (!force && parent !== current) return send(422, { message: 'Update is not a fast forward' });
      execFileSync('git', ['update-ref', ref, sha, current], { cwd: this.bareRepo });
      return send(200, { ref, object: { sha } });
    }
    if (path.match(/^\/repos\/[^/]+\/[^/]+\/pulls\/\d+\/reviews$/) && req.method === 'POST') {
      if (this.commentWriteStatus)
        return send(this.commentWriteStatus, { message: 'Resource not accessible by integration' });
      this.reviews.push(body as Review);
      const review = { ...(body as Review), id: this.nextId++, user: BOT };
      this.reviewList.push(review);
      return send(200, review);
    }
    if (path.match(/^\/repos\/[^/]+\/[^/]+\/pulls\/\d+\/reviews$/) && req.method === 'GET')
      return send(200, this.reviewList);
    if ((match = path.match(/^\/repos\/[^/]+\/[^/]+\/pulls\/\d+\/reviews\/(\d+)$/)) && req.method === 'PUT') {
      const review = this.reviewList.find((r) => r.id === Number(match![1]));
      if (!review) return send(404, { message: 'Not Found' });
      review.body = (body as { body: string }).body;
      return send(200, review);
    }
    if ((match = path.match(/^\/repos\/[^/]+\/[^/]+\/git\/ref\/(.+)$/)) && req.method === 'GET') {
      const sha = execFileSync('git', ['rev-parse', `refs/${decodeURIComponent(match[1])}`], {
        cwd: this.bareRepo,
      })
        .toString()
        .trim();
      return send(200, { ref: `refs/${match[1]}`, object: { sha } });
    }
    if ((match = path.match(/^\/repos\/[^/]+\/[^/]+\/compare\/(.+)\.\.\.(.+)$/))) {
      try {
        const sha = execFileSync(
          'git',
          ['merge-base', decodeURIComponent(match[1]), decodeURIComponent(match[2])],
          { cwd: this.bareRepo },
        )
          .toString()
          .trim();
        return send(200, { merge_base_commit: { sha }, commits: [], files: [] });
      } catch {
        return send(404, { message: 'Not Found' });
      }
    }
    if (path.match(/^\/repos\/[^/]+\/[^/]+\/pulls$/) && req.method === 'GET') {
      const head = url.searchParams.get('head');
      const open = this.pullRequests.filter((pr) => `${pr.head.repo.owner.login}:${pr.head.ref}` === head);
      return send(200, open);
    }
    if (
      (match = path.match(/^\/repos\/[^/]+\/[^/]+\/commits\/([^/]+)\/check-runs$/)) &&
      req.method === 'GET'
    ) {
      const name = url.searchParams.get('check_name');
      const runs = this.checkRuns.filter((r) => r.head_sha === match![1] && (!name || r.name === name));
      return send(200, { total_count: runs.length, check_runs: runs });
    }
    if (path.match(/^\/repos\/[^/]+\/[^/]+\/check-runs$/) && req.method === 'POST') {
      const run = { id: this.nextId++, ...(body as Omit<FakeCheckRun, 'id'>) };
      this.checkRuns.push(run);
      return send(201, run);
    }
    if ((match = path.match(/^\/repos\/[^/]+\/[^/]+\/check-runs\/(\d+)$/)) && req.method === 'PATCH') {
      const run = this.checkRuns.find((r) => r.id === Number(match![1]));
      if (!run) return send(404, { message: 'Not Found' });
      Object.assign(run, body);
      return send(200, run);
    }
    send(404, { message: `fake GitHub has no route for ${req.method} ${path}` });
  }
}

export interface FakeCheckRun {
  id: number;
  name: string;
  head_sha: string;
  external_id: string;
  conclusion: string;
  output: {
    title: string;
    summary: string;
    annotations: { path: string; start_line: number; annotation_level: string; message: string }[];
  };
}
