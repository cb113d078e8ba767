import { planFix, type FixOptions } from '../commands/fix.js';
import { unifiedDiff, type FileEdit } from '../stages/8-stamps/plan.js';
import type { Repository } from '../stages/1-git/repository.js';
import type { FixOutcome } from '../stages/9-report/fix-outcome.js';
import { objectName } from '../stages/9-report/wording.js';
import type { Report } from '../model/types.js';
import { httpStatus, type GitHubApi } from './github-api.js';
import { suggestionsFor } from './suggest.js';

export interface FixTarget {
  base: string;
  head: string;
  report: Report;
  pullRequest: number;
  branch: string | null;
  fromFork: boolean;
}

/**
 * Same-repository pull requests get one commit on their branch through the Git Data API (signed by
 * GitHub, no checkout needed, refused if the branch moved). Where the token cannot write there, the
 * stamps become review suggestions inside the diff and a patch for the rest.
 */
export async function applyFix(
  repo: Repository,
  api: GitHubApi,
  target: FixTarget,
  options: Omit<FixOptions, 'base' | 'head'>,
  log: (message: string) => void,
): Promise<FixOutcome> {
  const { edits } = await planFix(repo, {
    ...options,
    base: target.base,
    head: target.head,
    report: target.report,
  });
  if (edits.length === 0) return { kind: 'nothing' };
  const workloads = edits.flatMap((e) => e.workloads);

  let why = 'the pull request comes from a fork, whose branch this token cannot write to';
  if (!target.fromFork && target.branch) {
    try {
      const sha = await commit(repo, api, target.head, target.branch, edits);
      return { kind: 'committed', sha, branch: target.branch, workloads };
    } catch (error) {
      const status = httpStatus(error);
      if (status === 422) return { kind: 'branch-moved', branch: target.branch };
      if (status !== 403 && status !== 404) throw error;
      why = `the token cannot write to ${target.branch} (HTTP ${status}; fix mode needs contents: write)`;
      log(`Could not commit: ${why}. Suggesting the change instead.`);
    }
  }

  const { comments, outside } = suggestionsFor(edits, await repo.diffLines(target.base, target.head));
  let suggested = 0;
  let rest = outside;
  if (comments.length > 0) {
    try {
      await api.createReview(
        target.pullRequest,
        target.head,
        'Config Rollout Guard: content-hash annotations for the workloads this change would leave dormant.',
        comments,
      );
      suggested = comments.length;
    } catch (error) {
      if (httpStatus(error) !== 403) throw error;
      log('Could not post review suggestions (read-only token); the patch goes to the summary instead.');
      rest = edits;
    }
  }
  return {
    kind: 'suggested',
    suggestions: suggested,
    patch: rest.length ? unifiedDiff(rest) : null,
    workloads,
    why,
  };
}

async function commit(
  repo: Repository,
  api: GitHubApi,
  head: string,
  branch: string,
  edits: FileEdit[],
): Promise<string> {
  const { tree, modes } = await repo.treeAndModes(
    head,
    edits.map((e) => e.file),
  );
  const blobs = await Promise.all(edits.map((e) => api.createBlob(e.after)));
  const newTree = await api.createTree(
    tree,
    edits.map((e, i) => ({ path: e.file, mode: modes.get(e.file) ?? '100644', sha: blobs[i] })),
  );
  const count = edits.reduce((n, e) => n + e.workloads.length, 0);
  const message =
    `Roll ${count} workload${count === 1 ? '' : 's'} with their config\n\n` +
    'config-rollout-guard fix: a content-hash annotation on each pod template that reads the changed\n' +
    'config, so applying this change rolls it.\n\n' +
    edits.flatMap((e) => e.workloads.map((w) => `- ${w.kind} ${objectName(w)} (${w.file})`)).join('\n');
  const sha = await api.createCommit(message, newTree, head);
  await api.updateBranch(branch, sha);
  return sha;
}
