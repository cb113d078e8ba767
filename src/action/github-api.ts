import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import type { SuggestionComment } from './suggest.js';

/** A failed GitHub call, said in one line: what was being done, and GitHub's answer. */
export class GitHubError extends Error {
  override name = 'GitHubError';
  constructor(
    readonly operation: string,
    readonly status: number | null,
    detail: string,
  ) {
    super(`GitHub: could not ${operation}: ${status === null ? detail : `HTTP ${status}, ${detail}`}`);
  }

  /** A 403 that means "not allowed", not a rate limit that ran out. */
  get forbidden(): boolean {
    return this.status === 403 && !/rate limit/i.test(this.message);
  }
}

/** How long one request may take, and how often a failed one is tried again. */
export const REQUEST_TIMEOUT_MS = 30_000;
const RETRIES = 2;

/** A completed check run on a commit: the verdict a pull request shows, with its annotations. */
export interface CheckRun {
  name: string;
  headSha: string;
  /** Names this publication, so a create that may have landed is found again, never made twice. */
  externalId: string;
  conclusion: 'success' | 'failure' | 'neutral';
  output: {
    title: string;
    summary: string;
    annotations: {
      path: string;
      start_line: number;
      end_line: number;
      annotation_level: 'failure' | 'warning' | 'notice';
      title: string;
      message: string;
    }[];
  };
}

export interface IssueComment {
  id: number;
  body: string;
  userId: number | null;
  userLogin: string | null;
  /** Its address on github.com, for the `comment-url` output. */
  url: string | null;
}

/**
 * The few GitHub REST calls the Action makes. Each has a timeout and a bounded number of retries
 * (5xx, timeouts, primary and secondary rate limits alike), and fails as a GitHubError that names
 * the operation. Creates are never retried blindly: a create that may have landed is reconciled by
 * its caller, so a retry cannot post twice.
 */
export class GitHubApi {
  private readonly octokit: ReturnType<typeof getOctokit>;

  constructor(
    token: string,
    readonly owner: string,
    readonly repo: string,
    baseUrl: string,
    log: (message: string) => void,
    private readonly timeoutMs = REQUEST_TIMEOUT_MS,
  ) {
    this.octokit = getOctokit(
      token,
      {
        baseUrl,
        throttle: {
          onRateLimit: (
            after: number,
            options: { method: string; url: string },
            _: unknown,
            retryCount: number,
          ) => {
            log(`Rate limited on ${options.method} ${options.url}; retrying in ${after}s.`);
            return retryCount < RETRIES && after <= 60;
          },
          onSecondaryRateLimit: (
            after: number,
            options: { method: string; url: string },
            _: unknown,
            retryCount: number,
          ) => {
            log(`Secondary rate limit on ${options.method} ${options.url}; retrying in ${after}s.`);
            return retryCount < RETRIES && after <= 60;
          },
        },
        retry: { doNotRetry: [400, 401, 403, 404, 409, 422], retries: RETRIES },
        request: { retries: RETRIES },
      },
      retry,
      throttling,
    );
  }

  /**
   * Runs a call with its deadline (retries included: a server that never answers must not hold the
   * job), and turns whatever it throws into a one-line GitHubError naming `operation`.
   */
  private async call<T>(
    operation: string,
    run: (request: { signal: AbortSignal }) => Promise<T>,
  ): Promise<T> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      return await run({ signal });
    } catch (error) {
      if (error instanceof GitHubError) throw error;
      if (signal.aborted) throw new GitHubError(operation, null, 'no answer in time');
      const message = (error as Error).message ?? String(error);
      throw new GitHubError(operation, httpStatus(error), message.split('\n')[0]);
    }
  }

  async listComments(issue: number): Promise<IssueComment[]> {
    const operation = 'list the pull request comments';
    return this.call(operation, async (request) => {
      // Paged by hand: octokit's paginate drops the per-call deadline.
      const comments: unknown[] = [];
      for (let page = 1; ; page++) {
        const { data, status } = await this.octokit.rest.issues.listComments({
          owner: this.owner,
          repo: this.repo,
          issue_number: issue,
          per_page: 100,
          page,
          request,
        });
        // An answer that is not a list of comments must not read as "no comment yet": that posts twice.
        if (!Array.isArray(data)) throw new GitHubError(operation, status, 'the answer is not a list');
        comments.push(...data);
        if (data.length < 100) break;
      }
      return comments.map((c) => {
        const comment = c as {
          id?: unknown;
          body?: unknown;
          user?: { id?: unknown; login?: unknown } | null;
          html_url?: unknown;
        };
        if (typeof comment.id !== 'number') throw new GitHubError(operation, 200, 'a comment has no id');
        return {
          id: comment.id,
          body: typeof comment.body === 'string' ? comment.body : '',
          userId: typeof comment.user?.id === 'number' ? comment.user.id : null,
          userLogin: typeof comment.user?.login === 'string' ? comment.user.login : null,
          url: typeof comment.html_url === 'string' ? comment.html_url : null,
        };
      });
    });
  }

  /** One attempt only: the caller lists again before any second try (see comment.ts). */
  async createComment(issue: number, body: string): Promise<number> {
    return this.call('create the pull request comment', async (request) => {
      const { data } = await this.octokit.rest.issues.createComment({
        owner: this.owner,
        repo: this.repo,
        issue_number: issue,
        body,
        request: { ...request, retries: 0 },
      });
      return data.id;
    });
  }

  async updateComment(id: number, body: string): Promise<void> {
    await this.call('update the pull request comment', (request) =>
      this.octokit.rest.issues.updateComment({
        owner: this.owner,
        repo: this.repo,
        comment_id: id,
        body,
        request,
      }),
    );
  }

  async deleteComment(id: number): Promise<void> {
    await this.call('delete a duplicate pull request comment', (request) =>
      this.octokit.rest.issues.deleteComment({ owner: this.owner, repo: this.repo, comment_id: id, request }),
    );
  }

  /** Who this token comments as. GITHUB_TOKEN cannot call GET /user, but GraphQL's viewer answers for any token. */
  async viewer(): Promise<{ id: number | null; login: string }> {
    try {
      const { viewer } = await this.octokit.graphql<{ viewer: { databaseId: number | null; login: string } }>(
        'query { viewer { databaseId login } }',
        { request: { signal: AbortSignal.timeout(this.timeoutMs) } },
      );
      return { id: viewer.databaseId, login: viewer.login };
    } catch {
      return { id: null, login: 'github-actions[bot]' };
    }
  }

  /** Blobs, trees and commits are content-addressed: a retried create cannot duplicate anything. */
  async createBlob(content: string): Promise<string> {
    return this.call('create a blob', async (request) => {
      const { data } = await this.octokit.rest.git.createBlob({
        owner: this.owner,
        repo: this.repo,
        content,
        encoding: 'utf-8',
        request,
      });
      return data.sha;
    });
  }

  /** A tree on top of `baseTree` with the given paths pointing at new blobs. */
  async createTree(baseTree: string, files: { path: string; mode: string; sha: string }[]): Promise<string> {
    return this.call('create a tree', async (request) => {
      const { data } = await this.octokit.rest.git.createTree({
        owner: this.owner,
        repo: this.repo,
        base_tree: baseTree,
        tree: files.map((f) => ({
          path: f.path,
          mode: f.mode as '100644',
          type: 'blob' as const,
          sha: f.sha,
        })),
        request,
      });
      return data.sha;
    });
  }

  async createCommit(message: string, tree: string, parent: string): Promise<string> {
    return this.call('create the commit', async (request) => {
      const { data } = await this.octokit.rest.git.createCommit({
        owner: this.owner,
        repo: this.repo,
        message,
        tree,
        parents: [parent],
        request,
      });
      return data.sha;
    });
  }

  /** Moves a branch without force: GitHub answers 422 when it no longer points at the new commit's parent. */
  async updateBranch(branch: string, sha: string): Promise<void> {
    await this.call(`move ${branch} to the new commit`, (request) =>
      this.octokit.rest.git.updateRef({
        owner: this.owner,
        repo: this.repo,
        ref: `heads/${branch}`,
        sha,
        force: false,
        request,
      }),
    );
  }

  /** Where a branch points now. */
  async branchTip(branch: string): Promise<string> {
    return this.call(`read the tip of ${branch}`, async (request) => {
      const { data } = await this.octokit.rest.git.getRef({
        owner: this.owner,
        repo: this.repo,
        ref: `heads/${branch}`,
        request,
      });
      return data.object.sha;
    });
  }

  /** One attempt only, like a comment: the caller lists the reviews again before trying twice. */
  async createReview(
    pullRequest: number,
    commitId: string,
    body: string,
    comments: SuggestionComment[],
  ): Promise<void> {
    await this.call('post the review suggestions', (request) =>
      this.octokit.rest.pulls.createReview({
        owner: this.owner,
        repo: this.repo,
        pull_number: pullRequest,
        commit_id: commitId,
        event: 'COMMENT',
        body,
        comments,
        request: { ...request, retries: 0 },
      }),
    );
  }

  async listReviews(
    pullRequest: number,
  ): Promise<{ id: number; body: string; commitId: string; userId: number | null }[]> {
    return this.call('list the reviews', async (request) => {
      const reviews = [];
      for (let page = 1; ; page++) {
        const { data, status } = await this.octokit.rest.pulls.listReviews({
          owner: this.owner,
          repo: this.repo,
          pull_number: pullRequest,
          per_page: 100,
          page,
          request,
        });
        if (!Array.isArray(data))
          throw new GitHubError('list the reviews', status, 'the answer is not a list');
        reviews.push(...data);
        if (data.length < 100) break;
      }
      return reviews.map((r) => ({
        id: r.id,
        body: r.body ?? '',
        commitId: r.commit_id ?? '',
        userId: r.user?.id ?? null,
      }));
    });
  }

  async updateReview(pullRequest: number, id: number, body: string): Promise<void> {
    await this.call('mark an earlier review as outdated', (request) =>
      this.octokit.rest.pulls.updateReview({
        owner: this.owner,
        repo: this.repo,
        pull_number: pullRequest,
        review_id: id,
        body,
        request,
      }),
    );
  }

  /** Open pull requests whose head is `owner:branch`, with their head commit. */
  async openPullRequests(owner: string, branch: string): Promise<{ number: number; headSha: string }[]> {
    return this.call('list the open pull requests of the branch', async (request) => {
      const { data, status } = await this.octokit.rest.pulls.list({
        owner: this.owner,
        repo: this.repo,
        state: 'open',
        head: `${owner}:${branch}`,
        per_page: 100,
        request,
      });
      if (!Array.isArray(data))
        throw new GitHubError('list the open pull requests', status, 'the answer is not a list');
      return data.map((pr) => ({ number: pr.number, headSha: pr.head.sha }));
    });
  }

  /** The check runs named `name` on a commit, with their external ids. */
  async checkRuns(sha: string, name: string): Promise<{ id: number; externalId: string | null }[]> {
    return this.call('list the check runs', async (request) => {
      const { data } = await this.octokit.rest.checks.listForRef({
        owner: this.owner,
        repo: this.repo,
        ref: sha,
        check_name: name,
        filter: 'all',
        per_page: 100,
        request,
      });
      return data.check_runs.map((run) => ({ id: run.id, externalId: run.external_id ?? null }));
    });
  }

  /** One attempt only: the caller lists the check runs again before a second try. */
  async createCheckRun(run: CheckRun): Promise<void> {
    await this.call('create the check run', (request) =>
      this.octokit.rest.checks.create({
        owner: this.owner,
        repo: this.repo,
        name: run.name,
        head_sha: run.headSha,
        external_id: run.externalId,
        status: 'completed',
        conclusion: run.conclusion,
        output: run.output,
        request: { ...request, retries: 0 },
      }),
    );
  }

  async updateCheckRun(id: number, run: CheckRun): Promise<void> {
    await this.call('update the check run', (request) =>
      this.octokit.rest.checks.update({
        owner: this.owner,
        repo: this.repo,
        check_run_id: id,
        status: 'completed',
        conclusion: run.conclusion,
        output: run.output,
        request,
      }),
    );
  }

  /** The merge base GitHub computes for base...head, as its pull-request diff uses. */
  async mergeBase(base: string, head: string): Promise<string> {
    return this.call('ask for the merge base', async (request) => {
      const { data } = await this.octokit.rest.repos.compareCommitsWithBasehead({
        owner: this.owner,
        repo: this.repo,
        basehead: `${base}...${head}`,
        per_page: 1,
        request,
      });
      return data.merge_base_commit.sha;
    });
  }
}

export function httpStatus(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}
