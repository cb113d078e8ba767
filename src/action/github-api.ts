import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import type { SuggestionComment } from './suggest.js';

export interface IssueComment {
  id: number;
  body: string;
  userId: number | null;
  userLogin: string | null;
}

/** The few GitHub REST calls the Action makes, with retries on 5xx and rate-limit back-off. */
export class GitHubApi {
  private readonly octokit: ReturnType<typeof getOctokit>;

  constructor(
    token: string,
    readonly owner: string,
    readonly repo: string,
    baseUrl: string,
    log: (message: string) => void,
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
            return retryCount < 2;
          },
          onSecondaryRateLimit: (after: number, options: { method: string; url: string }) => {
            log(`Secondary rate limit on ${options.method} ${options.url}; retrying in ${after}s.`);
            return true;
          },
        },
        retry: { doNotRetry: [400, 401, 403, 404, 422] },
      },
      retry,
      throttling,
    );
  }

  async listComments(issue: number): Promise<IssueComment[]> {
    const comments = await this.octokit.paginate(this.octokit.rest.issues.listComments, {
      owner: this.owner,
      repo: this.repo,
      issue_number: issue,
      per_page: 100,
    });
    return comments.map((c) => ({
      id: c.id,
      body: c.body ?? '',
      userId: c.user?.id ?? null,
      userLogin: c.user?.login ?? null,
    }));
  }

  async createComment(issue: number, body: string): Promise<number> {
    const { data } = await this.octokit.rest.issues.createComment({
      owner: this.owner,
      repo: this.repo,
      issue_number: issue,
      body,
    });
    return data.id;
  }

  async updateComment(id: number, body: string): Promise<void> {
    await this.octokit.rest.issues.updateComment({
      owner: this.owner,
      repo: this.repo,
      comment_id: id,
      body,
    });
  }

  /** Who this token comments as. GITHUB_TOKEN cannot call GET /user, but GraphQL's viewer answers for any token. */
  async viewer(): Promise<{ id: number | null; login: string }> {
    try {
      const { viewer } = await this.octokit.graphql<{ viewer: { databaseId: number | null; login: string } }>(
        'query { viewer { databaseId login } }',
      );
      return { id: viewer.databaseId, login: viewer.login };
    } catch {
      return { id: null, login: 'github-actions[bot]' };
    }
  }

  async createBlob(content: string): Promise<string> {
    const { data } = await this.octokit.rest.git.createBlob({
      owner: this.owner,
      repo: this.repo,
      content,
      encoding: 'utf-8',
    });
    return data.sha;
  }

  /** A tree on top of `baseTree` with the given paths pointing at new blobs. */
  async createTree(baseTree: string, files: { path: string; mode: string; sha: string }[]): Promise<string> {
    const { data } = await this.octokit.rest.git.createTree({
      owner: this.owner,
      repo: this.repo,
      base_tree: baseTree,
      tree: files.map((f) => ({ path: f.path, mode: f.mode as '100644', type: 'blob' as const, sha: f.sha })),
    });
    return data.sha;
  }

  async createCommit(message: string, tree: string, parent: string): Promise<string> {
    const { data } = await this.octokit.rest.git.createCommit({
      owner: this.owner,
      repo: this.repo,
      message,
      tree,
      parents: [parent],
    });
    return data.sha;
  }

  /** Moves a branch without force: GitHub answers 422 when it no longer points at the new commit's parent. */
  async updateBranch(branch: string, sha: string): Promise<void> {
    await this.octokit.rest.git.updateRef({
      owner: this.owner,
      repo: this.repo,
      ref: `heads/${branch}`,
      sha,
      force: false,
    });
  }

  async createReview(
    pullRequest: number,
    commitId: string,
    body: string,
    comments: SuggestionComment[],
  ): Promise<void> {
    await this.octokit.rest.pulls.createReview({
      owner: this.owner,
      repo: this.repo,
      pull_number: pullRequest,
      commit_id: commitId,
      event: 'COMMENT',
      body,
      comments,
    });
  }

  /** The merge base GitHub computes for base...head, as its pull-request diff uses. */
  async mergeBase(base: string, head: string): Promise<string> {
    const { data } = await this.octokit.rest.repos.compareCommitsWithBasehead({
      owner: this.owner,
      repo: this.repo,
      basehead: `${base}...${head}`,
      per_page: 1,
    });
    return data.merge_base_commit.sha;
  }
}

export function httpStatus(error: unknown): number | null {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : null;
}
