import type { Diagnostic, WorkloadRefSummary } from '../../model/types.js';
import { code, markdown } from './escape.js';
import { objectName } from '../../model/identity.js';
import { shortSha } from './wording.js';

/** What the Action's fix mode did on a pull request. */
export type FixOutcome =
  | { kind: 'nothing' }
  | { kind: 'committed'; sha: string; branch: string; workloads: WorkloadRefSummary[] }
  | { kind: 'branch-moved'; branch: string }
  | {
      kind: 'suggested';
      suggestions: number;
      patch: string | null;
      /** Files whose patch is not shown: its context would show a Secret. */
      withheld: string[];
      workloads: WorkloadRefSummary[];
      why: string;
      /** What rolling the stamped workloads risks, once the suggestions are applied. */
      notes: Diagnostic[];
    };

/** What the fix did, for the comment and the summary. */
export function renderFixOutcome(outcome: FixOutcome, baseSha: string): string {
  const list = (workloads: WorkloadRefSummary[]) =>
    workloads
      .map(
        (w) =>
          `- ${markdown(w.kind)} ${code(objectName(w))} (${code(w.file)}${w.source?.renderer === 'helm' ? ', data-only checksum in its chart template' : ''})`,
      )
      .join('\n');
  switch (outcome.kind) {
    case 'nothing':
      return '';
    case 'branch-moved':
      return `#### Fix\n\n${code(outcome.branch)} moved while this ran; nothing was committed. The newer push gets its own run.\n`;
    case 'committed':
      return (
        `#### Fix\n\nCommitted ${shortSha(outcome.sha)} to ${code(outcome.branch)}: a content-hash annotation (or chart checksum) on\n\n${list(outcome.workloads)}\n\n` +
        'The table above is the state after that commit. A commit made with `GITHUB_TOKEN` starts no new workflow run.\n'
      );
    case 'suggested': {
      const parts = [
        `#### Fix\n\nNot committed: ${outcome.why}. The hash annotations (or chart checksums) are needed on\n\n${list(outcome.workloads)}\n`,
      ];
      if (outcome.suggestions)
        parts.push(
          `${outcome.suggestions === 1 ? 'One is a review suggestion' : `${outcome.suggestions} are review suggestions`} on this pull request: apply ${outcome.suggestions === 1 ? 'it' : 'them'} from the review.\n`,
        );
      // A fence longer than any run of backticks in the patch, which quotes repository lines.
      const fence = '`'.repeat(
        Math.max(3, ...[...(outcome.patch ?? '').matchAll(/`+/g)].map((m) => m[0].length + 1)),
      );
      if (outcome.patch)
        parts.push(
          `${outcome.suggestions ? 'The rest lie' : 'They lie'} outside the pull request's diff, so here is a patch: save it and \`git apply\` it, ` +
            `or run \`npx config-rollout-guard fix --base ${shortSha(baseSha)}\` on the branch.\n\n` +
            `<details><summary>Patch</summary>\n\n${fence}diff\n${outcome.patch}${fence}\n\n</details>\n`,
        );
      if (outcome.withheld.length)
        parts.push(
          `The patch of ${outcome.withheld.map(code).join(', ')} is not shown here, as its context would show a Secret: run ` +
            `\`npx config-rollout-guard fix --base ${shortSha(baseSha)}\` on the branch.\n`,
        );
      if (outcome.notes.length)
        parts.push(
          `<details><summary>Applied, they roll: ${outcome.notes.length} rollout note${outcome.notes.length === 1 ? '' : 's'}</summary>\n\n` +
            outcome.notes.map((d) => `- ${code(`${d.file}:${d.line}`)} ${markdown(d.message)}`).join('\n') +
            '\n\n</details>\n',
        );
      return parts.join('\n');
    }
  }
}
