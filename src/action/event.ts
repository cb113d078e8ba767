import { UsageError } from '../model/errors.js';

/** What the event asks us to compare. `base` may still need resolving to a merge base. */
export interface EventRange {
  /** The commit the change starts from, or `null` when only a merge base with `mergeBaseOf` will do. */
  base: string | null;
  head: string;
  /** PR events and new branches compare against the merge base of this commit and head, as GitHub's diff does. */
  mergeBaseOf: string | null;
  pullRequest: number | null;
  /** True when the PR comes from another repository: its token cannot write to this one. */
  fromFork: boolean;
  /** The PR's head branch, where fix mode commits. */
  branch: string | null;
}

export interface EventPayload {
  pull_request?: {
    number: number;
    base: { sha: string; repo?: { full_name?: string } };
    head: { sha: string; ref?: string; repo?: { full_name?: string } | null };
  };
  before?: string;
  after?: string;
  repository?: { default_branch?: string; full_name?: string };
  merge_group?: { base_sha: string; head_sha: string };
}

const ZERO = /^0+$/;

/**
 * Reads base and head from the event payload, never from GITHUB_SHA: under `pull_request` that is a
 * merge commit GitHub made, under `pull_request_target` the tip of the default branch.
 */
export function rangeFromEvent(
  eventName: string,
  payload: EventPayload,
  overrides: { base: string; head: string },
): EventRange {
  const range = fromPayload(eventName, payload, overrides);
  if (overrides.base) Object.assign(range, { base: overrides.base, mergeBaseOf: null });
  if (overrides.head) range.head = overrides.head;
  return range;
}

function fromPayload(
  eventName: string,
  payload: EventPayload,
  overrides: { base: string; head: string },
): EventRange {
  const none = { pullRequest: null, fromFork: false, branch: null };
  switch (eventName) {
    case 'pull_request':
    case 'pull_request_target': {
      const pr = payload.pull_request;
      if (!pr) throw new UsageError(`the ${eventName} event payload has no pull_request.`);
      const baseRepo = pr.base.repo?.full_name ?? payload.repository?.full_name;
      return {
        base: null,
        head: pr.head.sha,
        mergeBaseOf: pr.base.sha,
        pullRequest: pr.number,
        branch: pr.head.ref ?? null,
        // A deleted fork arrives as `head.repo: null`: never the base repository's own branch.
        fromFork: !pr.head.repo?.full_name || !baseRepo || pr.head.repo.full_name !== baseRepo,
      };
    }
    case 'push': {
      if (!payload.after || ZERO.test(payload.after))
        throw new UsageError('this push deleted a branch: nothing to check.');
      if (payload.before && !ZERO.test(payload.before))
        return { base: payload.before, head: payload.after, mergeBaseOf: null, ...none };
      // A new branch: compare with where it left the default branch.
      const branch = payload.repository?.default_branch;
      if (!branch && !overrides.base)
        throw new UsageError(
          'a new branch was pushed and the payload names no default branch; set the base input.',
        );
      return { base: null, head: payload.after, mergeBaseOf: branch ?? null, ...none };
    }
    case 'merge_group': {
      const group = payload.merge_group;
      if (!group) throw new UsageError('the merge_group event payload has no merge_group.');
      return { base: group.base_sha, head: group.head_sha, mergeBaseOf: null, ...none };
    }
    default: {
      if (!overrides.base)
        throw new UsageError(`on ${eventName} events, set the base input (and head, default HEAD).`);
      return { base: overrides.base, head: overrides.head || 'HEAD', mergeBaseOf: null, ...none };
    }
  }
}
