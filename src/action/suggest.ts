import { structuredPatch } from 'diff';
import type { FileEdit } from '../stages/8-stamps/plan.js';

export interface SuggestionComment {
  path: string;
  body: string;
  line: number;
  start_line?: number;
  side: 'RIGHT';
  start_side?: 'RIGHT';
}

const INTRO =
  'Config Rollout Guard: record the hash of the config this pod template reads, so that a config change rolls it.';

/**
 * Review suggestions for the edits whose lines GitHub lets a review comment on (inside the pull
 * request's diff); the other files are returned, for a patch. A file goes whole one way or the other,
 * so that applying the suggestions never leaves half of a file's stamps.
 */
export function suggestionsFor(
  edits: readonly FileEdit[],
  commentable: ReadonlyMap<string, [number, number][]>,
): { comments: SuggestionComment[]; outside: FileEdit[] } {
  const comments: SuggestionComment[] = [];
  const outside: FileEdit[] = [];
  for (const edit of edits) {
    const before = edit.before.split('\n').map((l) => l.replace(/\r$/, ''));
    const hunks = structuredPatch(edit.file, edit.file, edit.before, edit.after, '', '', {
      context: 0,
    }).hunks;
    const fileComments = hunks.map((hunk) => {
      const added = hunk.lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1).replace(/\r$/, ''));
      // A suggestion replaces the lines it is attached to: an insertion is attached to its neighbour line.
      if (hunk.oldLines === 0) {
        return hunk.oldStart > 1
          ? {
              first: hunk.oldStart - 1,
              last: hunk.oldStart - 1,
              lines: [before[hunk.oldStart - 2], ...added],
            }
          : { first: 1, last: 1, lines: [...added, before[0]] };
      }
      return { first: hunk.oldStart, last: hunk.oldStart + hunk.oldLines - 1, lines: added };
    });
    const ranges = commentable.get(edit.file) ?? [];
    const inside = fileComments.every((c) => ranges.some(([from, to]) => c.first >= from && c.last <= to));
    if (!inside) {
      outside.push(edit);
      continue;
    }
    for (const c of fileComments) {
      const fence = c.lines.some((l) => l.includes('```')) ? '~~~~' : '```';
      comments.push({
        path: edit.file,
        body: `${INTRO}\n\n${fence}suggestion\n${c.lines.join('\n')}\n${fence}`,
        line: c.last,
        side: 'RIGHT',
        ...(c.first < c.last ? { start_line: c.first, start_side: 'RIGHT' as const } : {}),
      });
    }
  }
  return { comments, outside };
}
