import { GitHubError, type GitHubApi } from './github-api.js';

/** Hidden in the rendered comment; with the author, it finds our comment among all others. */
export const MARKER = '<!-- config-rollout-guard:report -->';
export const MAX_COMMENT_LENGTH = 65536;

export type CommentPolicy = 'always' | 'on-findings' | 'never';
export type CommentOutcome = 'created' | 'updated' | 'unchanged' | 'not-needed' | 'forbidden' | 'failed';

/** The marker of one instance: several instances of the Action on one pull request keep one comment each. */
export const commentMarker = (header: string): string =>
  header ? `<!-- config-rollout-guard:report:${header.replace(/[^\w.-]/g, '_')} -->` : MARKER;

/**
 * One comment per pull request, updated in place. With findings it shows the report; when a later
 * push leaves none, an existing comment turns into the all-clear rather than being left stale.
 *
 * Ours is the oldest comment with the marker by this token's user. A create that failed may still
 * have landed, so it is never simply retried: the comments are listed again and a landed one is
 * adopted. Two runs at once can each create one; after writing, a run deletes every duplicate but
 * the oldest, and puts its own text there, so the newest run's report is what stays.
 */
export async function upsertStickyComment(
  api: GitHubApi,
  pullRequest: number,
  content: { report: string; allClear: string; hasFindings: boolean; overflowLink: string },
  policy: CommentPolicy,
  marker = MARKER,
  /** Told the comment's address once it stands, for the `comment-url` output. */
  located: (url: string | null) => void = () => {},
): Promise<CommentOutcome> {
  if (policy === 'never') return 'not-needed';
  try {
    const me = await api.viewer();
    const ours = async () =>
      (await api.listComments(pullRequest))
        .filter(
          (c) =>
            c.body.startsWith(marker) &&
            (me.id !== null && c.userId !== null ? c.userId === me.id : c.userLogin === me.login),
        )
        .sort((a, b) => a.id - b.id);
    const [existing] = await ours();
    const text =
      content.hasFindings || policy === 'always' ? content.report : existing ? content.allClear : null;
    if (text === null) return 'not-needed';
    const body = fit(`${marker}\n${text}`, content.overflowLink);
    let outcome: CommentOutcome;
    if (!existing) {
      await api.createComment(pullRequest, body).catch(async (error: unknown) => {
        if (error instanceof GitHubError && error.status !== null && error.status < 500) throw error;
        // 5xx or no answer: it may have landed. Look before trying once more.
        if ((await ours()).some((c) => c.body === body)) return;
        await api.createComment(pullRequest, body);
      });
      outcome = 'created';
    } else if (existing.body === body) {
      outcome = 'unchanged';
    } else {
      await api.updateComment(existing.id, body);
      outcome = 'updated';
    }
    const [keep, ...duplicates] = await ours();
    if (duplicates.length) {
      if (keep.body !== body) await api.updateComment(keep.id, body);
      for (const duplicate of duplicates) await api.deleteComment(duplicate.id);
    }
    located(keep?.url ?? null);
    return outcome;
  } catch (error) {
    // Fork pull requests get a read-only token: the report still reaches the summary and annotations.
    if (error instanceof GitHubError && error.forbidden) return 'forbidden';
    throw error;
  }
}

function fit(body: string, overflowLink: string): string {
  const note = `\n\n… The report is longer than a comment can hold; read it whole in the [job summary](${overflowLink}).\n`;
  return cut(body, MAX_COMMENT_LENGTH, note);
}

/** `body` cut at a line to fit `limit` with `note` after it, any open `<details>` closed. */
export function cut(body: string, limit: number, note: string): string {
  if (body.length <= limit) return body;
  const kept = body.slice(0, body.lastIndexOf('\n', limit - note.length - '\n</details>'.length));
  const open = kept.split('<details>').length - kept.split('</details>').length;
  return kept + (open > 0 ? '\n</details>' : '') + note;
}
