import type { GitHubApi } from './github-api.js';
import { httpStatus } from './github-api.js';

/** Hidden in the rendered comment; with the author, it finds our comment among all others. */
export const MARKER = '<!-- config-rollout-guard:report -->';
export const MAX_COMMENT_LENGTH = 65536;

export type CommentPolicy = 'always' | 'on-findings' | 'never';
export type CommentOutcome = 'created' | 'updated' | 'unchanged' | 'not-needed' | 'forbidden';

/**
 * One comment per pull request, updated in place. With findings it shows the report; when a later
 * push leaves none, an existing comment turns into the all-clear rather than being left stale.
 */
export async function upsertStickyComment(
  api: GitHubApi,
  pullRequest: number,
  content: { report: string; allClear: string; hasFindings: boolean; overflowLink: string },
  policy: CommentPolicy,
): Promise<CommentOutcome> {
  if (policy === 'never') return 'not-needed';
  try {
    const me = await api.viewer();
    const existing = (await api.listComments(pullRequest)).find(
      (c) =>
        c.body.includes(MARKER) &&
        (me.id !== null && c.userId !== null ? c.userId === me.id : c.userLogin === me.login),
    );
    const text =
      content.hasFindings || policy === 'always' ? content.report : existing ? content.allClear : null;
    if (text === null) return 'not-needed';
    const body = fit(`${MARKER}\n${text}`, content.overflowLink);
    if (!existing) {
      await api.createComment(pullRequest, body);
      return 'created';
    }
    if (existing.body === body) return 'unchanged';
    await api.updateComment(existing.id, body);
    return 'updated';
  } catch (error) {
    // Fork pull requests get a read-only token: the report still reaches the summary and annotations.
    if (httpStatus(error) === 403) return 'forbidden';
    throw error;
  }
}

function fit(body: string, overflowLink: string): string {
  if (body.length <= MAX_COMMENT_LENGTH) return body;
  const note = `\n\n… The report is longer than a comment can hold; read it whole in the [job summary](${overflowLink}).\n`;
  const kept = body.slice(
    0,
    body.lastIndexOf('\n', MAX_COMMENT_LENGTH - note.length - '\n</details>'.length),
  );
  const open = kept.split('<details>').length - kept.split('</details>').length;
  return kept + (open > 0 ? '\n</details>' : '') + note;
}
