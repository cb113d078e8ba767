import * as core from '@actions/core';
import { context } from '@actions/github';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { failsAtDefault, hasFindings, workloadCount } from '../model/status.js';
import { UsageError } from '../model/errors.js';
import type { Report } from '../model/types.js';
import { renderSarif } from '../stages/9-report/sarif.js';
import { commentMarker, cut, upsertStickyComment, type CommentPolicy } from './comment.js';
import { GitHubError, type GitHubApi } from './github-api.js';

// What both modes that report do with a report: outputs, the job summary, the sticky comment.

/** GitHub shows this many annotations of each level per step. */
export const ANNOTATIONS_SHOWN = 10;

/** GitHub refuses a step summary over 1 MiB; the cut leaves room for the note that says where the rest is. */
const MAX_SUMMARY_LENGTH = 1024 * 1024 - 4096;

/** This repository on GitHub (or GitHub Enterprise Server). */
const repositoryUrl = () => `${context.serverUrl}/${context.repo.owner}/${context.repo.repo}`;

/** A line of a file at a commit, as GitHub shows it. */
export const blobUrl = (head: string | null, file: string, line: number) =>
  `${repositoryUrl()}/blob/${head}/${file.split('/').map(encodeURIComponent).join('/')}#L${line}`;

/** The outputs, and the report as JSON and SARIF files beside them; returns the JSON's path. */
export async function publishOutputs(report: Report): Promise<string> {
  core.setOutput('dormant-count', workloadCount(report.impacts.filter((i) => i.status === 'dormant')));
  core.setOutput('impact-count', workloadCount(report.impacts));
  core.setOutput('not-checked-count', report.notChecked.length);
  core.setOutput(
    'changed-configs',
    JSON.stringify(
      report.changes.map(({ kind, namespace, name, change }) => ({ kind, namespace, name, change })),
    ),
  );
  const path = join(process.env.RUNNER_TEMP || '.', 'config-rollout-guard-report.json');
  await writeFile(path, JSON.stringify(report, null, 2) + '\n');
  core.setOutput('report-path', path);
  const sarif = join(process.env.RUNNER_TEMP || '.', 'config-rollout-guard.sarif');
  await writeFile(sarif, renderSarif(report, repositoryUrl()));
  core.setOutput('sarif-path', sarif);
  core.setOutput('failing-count', workloadCount(report.impacts.filter((i) => failsAtDefault(i.status))));
  core.setOutput('has-findings', String(hasFindings(report)));
  return path;
}

/** The job summary, replaced: whatever GitHub's API answers later, the report is here. */
export async function writeSummary(markdown: string, reportPath: string): Promise<void> {
  const note = `\n\n… The report is longer than a job summary can hold; the whole of it is the JSON at the \`report-path\` output (${reportPath}): upload it with actions/upload-artifact.\n`;
  await core.summary.addRaw(cut(markdown, MAX_SUMMARY_LENGTH, note)).write({ overwrite: true });
}

/**
 * The sticky comment. A lost comment never changes the verdict, which stands on the report the
 * summary already holds; it is said.
 */
export async function postComment(
  api: GitHubApi,
  pullRequest: number,
  content: {
    report: string;
    allClear: string;
    hasFindings: boolean;
    policy: CommentPolicy;
    fromFork: boolean;
  },
): Promise<void> {
  const runUrl = `${context.serverUrl}/${context.repo.owner}/${context.repo.repo}/actions/runs/${context.runId}`;
  const outcome = await upsertStickyComment(
    api,
    pullRequest,
    {
      report: content.report,
      allClear: content.allClear,
      hasFindings: content.hasFindings,
      overflowLink: runUrl,
    },
    content.policy,
    commentMarker(core.getInput('header')),
    (url) => url && core.setOutput('comment-url', url),
  ).catch((error: unknown) => {
    if (!(error instanceof GitHubError)) throw error;
    core.warning(`${error.message}. The report is in the job summary.`);
    return 'failed' as const;
  });
  if (outcome === 'forbidden')
    core.warning(
      `Could not comment on pull request #${pullRequest}: the token is read-only` +
        `${content.fromFork ? ' (a pull request from a fork)' : ''}. The report is in the job summary and the annotations.`,
    );
  else core.info(`Pull request comment: ${outcome}.`);
}

export function choice<T extends string>(name: string, allowed: readonly T[]): T {
  const value = core.getInput(name) || allowed[0];
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`Input ${name} must be one of ${allowed.join(', ')}; got '${value}'.`);
  return value as T;
}
