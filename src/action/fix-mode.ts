import { planFix, type FixOptions } from '../commands/fix.js';
import { stampedWorkloads, unifiedDiff, type FileEdit } from '../stages/8-stamps/plan.js';
import type { Repository } from '../stages/1-git/repository.js';
import type { FixOutcome } from '../stages/9-report/fix-outcome.js';
import { objectName } from '../model/identity.js';
import type { Report } from '../model/types.js';
import { GitHubError, type GitHubApi } from './github-api.js';
import { suggestionsFor, type SuggestionComment } from './suggest.js';

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
  const { edits, diagnostics } = await planFix(repo, {
    ...options,
    base: target.base,
    head: target.head,
    report: target.report,
  });
  if (edits.length === 0) return { kind: 'nothing' };
  const workloads = stampedWorkloads(edits);

  let why = 'the pull request comes from a fork, whose branch this token cannot write to';
  if (!target.fromFork && target.branch) {
    const branch = target.branch;
    let sha: string;
    try {
      sha = await commitObject(repo, api, target.head, edits);
    } catch (error) {
      if (!(error instanceof GitHubError) || (!error.forbidden && error.status !== 404)) throw error;
      sha = '';
      why = `the token cannot write to ${branch} (HTTP ${error.status}; fix mode needs contents: write)`;
      log(`Could not commit: ${why}. Suggesting the change instead.`);
    }
    if (sha) {
      try {
        await api.updateBranch(branch, sha);
      } catch (error) {
        if (!(error instanceof GitHubError)) throw error;
        // The answer was lost or refused: where the branch points now says what happened.
        const tip = await api.branchTip(branch);
        if (tip === sha) return { kind: 'committed', sha, branch, workloads };
        if (tip !== target.head) return { kind: 'branch-moved', branch };
        throw error;
      }
      return { kind: 'committed', sha, branch, workloads };
    }
  }

  const { comments, outside } = suggestionsFor(edits, await repo.diffLines(target.base, target.head));
  let suggested = 0;
  let rest = outside;
  if (comments.length > 0) {
    try {
      suggested = (await postReview(api, target, comments)) ? comments.length : 0;
    } catch (error) {
      if (!(error instanceof GitHubError && error.forbidden)) throw error;
      log('Could not post review suggestions (read-only token); the patch goes to the summary instead.');
      rest = edits;
    }
  }
  const diff = unifiedDiff(rest);
  return {
    kind: 'suggested',
    suggestions: suggested,
    patch: diff.patch || null,
    withheld: diff.withheld,
    workloads,
    why,
    notes: diagnostics.filter((d) => d.severity === 'notice' && d.workload),
  };
}

const REVIEW_MARKER = '<!-- config-rollout-guard:suggestions -->';

/**
 * One review of suggestions per head commit: a rerun on the same commit adopts the review it (or a
 * lost answer) already posted; a newer commit's review marks the earlier ones outdated.
 */
async function postReview(
  api: GitHubApi,
  target: FixTarget,
  comments: SuggestionComment[],
): Promise<boolean> {
  const me = await api.viewer();
  const mine = async () =>
    (await api.listReviews(target.pullRequest)).filter(
      (r) => r.body.startsWith(REVIEW_MARKER) && (me.id === null || r.userId === me.id),
    );
  const body = `${REVIEW_MARKER}\nConfig Rollout Guard: content-hash annotations for the workloads this change would leave dormant.`;
  const earlier = await mine();
  if (earlier.some((r) => r.commitId === target.head)) return true;
  try {
    await api.createReview(target.pullRequest, target.head, body, comments);
  } catch (error) {
    if (error instanceof GitHubError && error.status !== null && error.status < 500) throw error;
    if (!(await mine()).some((r) => r.commitId === target.head))
      await api.createReview(target.pullRequest, target.head, body, comments);
  }
  for (const review of earlier.filter((r) => !r.body.includes('Outdated:')))
    await api.updateReview(
      target.pullRequest,
      review.id,
      `${REVIEW_MARKER}\nOutdated: these suggestions were for ${review.commitId.slice(0, 7)}; see the newer review.`,
    );
  return true;
}

/** The commit object with the edits on top of `head`; content-addressed, so retries are harmless. */
async function commitObject(
  repo: Repository,
  api: GitHubApi,
  head: string,
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
  const stamped = stampedWorkloads(edits);
  const count = stamped.length;
  const message =
    `Roll ${count} workload${count === 1 ? '' : 's'} with their config\n\n` +
    'config-rollout-guard fix: a content-hash annotation on each pod template that reads the changed\n' +
    'config, so applying this change rolls it.\n\n' +
    stamped.map((w) => `- ${w.kind} ${objectName(w)} (${w.file})`).join('\n');
  return api.createCommit(message, newTree, head);
}
