import { UsageError } from '../model/errors.js';
import type { Repository } from '../stages/1-git/repository.js';
import type { EventRange } from './event.js';
import type { GitHubApi } from './github-api.js';

const SHA = /^[0-9a-f]{40}$/;

/**
 * Turns the event's range into two commits that are present locally. The default checkout is one
 * commit deep, so what is missing is fetched by SHA, and a merge base the local history cannot show
 * is asked of GitHub.
 */
export async function resolveRange(
  repo: Repository,
  range: EventRange,
  api: GitHubApi,
  log: (message: string) => void,
): Promise<{ base: string; head: string }> {
  await ensurePresent(repo, [range.head, ...(range.base ? [range.base] : [])], log);
  if (range.base) return { base: range.base, head: range.head };

  const other = range.mergeBaseOf!;
  const local = (await repo.hasCommit(other)) ? await repo.mergeBase(other, range.head) : null;
  if (local) return { base: local, head: range.head };
  log(`The merge base of ${other} and ${range.head} is not in this shallow checkout; asking GitHub for it.`);
  let base: string;
  try {
    base = await api.mergeBase(other, range.head);
  } catch (error) {
    throw new UsageError(
      `Could not find the merge base of ${other} and ${range.head} (${(error as Error).message}). ` +
        'Check out full history: actions/checkout with fetch-depth: 0.',
    );
  }
  await ensurePresent(repo, [base], log);
  return { base, head: range.head };
}

async function ensurePresent(
  repo: Repository,
  revs: string[],
  log: (message: string) => void,
): Promise<void> {
  const present = await Promise.all(revs.map((rev) => repo.hasCommit(rev)));
  const missing = revs.filter((rev, i) => !present[i] && SHA.test(rev));
  if (missing.length === 0) return;
  log(`Fetching ${missing.join(', ')} (not in the checkout).`);
  try {
    await repo.fetchCommits(missing);
  } catch (error) {
    throw new UsageError(
      `Commits ${missing.join(', ')} are not in the checkout and could not be fetched (${(
        error as Error
      ).message
        .trim()
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join('; ')}). ` + 'Check out full history: actions/checkout with fetch-depth: 0.',
    );
  }
}
