import * as core from '@actions/core';
import { context } from '@actions/github';
import { readReport } from '../commands/report-file.js';
import { UsageError } from '../model/errors.js';
import { failureReason, hasFindings, headline, type FailOn } from '../model/status.js';
import type { Report } from '../model/types.js';
import { renderAllClear, renderMarkdown } from '../stages/9-report/markdown.js';
import { annotations } from './annotations.js';
import { cut, type CommentPolicy } from './comment.js';
import { blobUrl, postComment, publishOutputs, writeSummary } from './deliver.js';
import type { CheckRun, GitHubApi } from './github-api.js';
import { GitHubError } from './github-api.js';

/**
 * The second half of the fork setup: on `workflow_run`, with the write token, publish the report a
 * pull request's own run made, without checking out or rendering anything of it. The report is
 * data from the pull request's side: its shape is checked against docs/report.schema.json, every
 * string in it is escaped on the way out like any repository string, and it is published only for
 * the commit the run that made it checked, on the open pull request whose head that commit is.
 */
export async function publishReport(
  api: GitHubApi,
  options: { failOn: FailOn; policy: CommentPolicy; header: string },
): Promise<void> {
  const run = (context.payload as WorkflowRunPayload).workflow_run;
  if (context.eventName !== 'workflow_run' || !run)
    throw new UsageError(
      'mode: publish runs on workflow_run events, after the run that checked the pull request.',
    );
  const report = await readReport(core.getInput('report', { required: true }));
  if (report.head !== run.head_sha)
    throw new UsageError(
      `the report is of commit ${String(report.head).slice(0, 12)}, but the run that made it checked ${run.head_sha.slice(0, 12)}; nothing was published.`,
    );

  const link = (file: string, line: number) => blobUrl(report.head, file, line);
  const markdown = renderMarkdown(report, { link, where: 'pull-request' });
  await writeSummary(markdown, await publishOutputs(report));

  const failure = failureReason(report, options.failOn);
  await publishCheckRun(api, report, markdown, failure, options.header).catch((error: unknown) => {
    if (!(error instanceof GitHubError)) throw error;
    core.warning(`${error.message}. The report is in the job summary.`);
  });

  const owner = run.head_repository?.owner?.login;
  const pullRequest =
    owner && run.head_branch
      ? (await api.openPullRequests(owner, run.head_branch)).find((pr) => pr.headSha === run.head_sha)?.number
      : undefined;
  if (pullRequest === undefined)
    core.notice(
      `No open pull request has ${run.head_sha.slice(0, 12)} as its head; the report is in the job summary and the check run.`,
    );
  else
    await postComment(api, pullRequest, {
      report: markdown,
      allClear: renderAllClear(report),
      hasFindings: hasFindings(report),
      policy: options.policy,
      fromFork: false,
    });
  if (failure) core.setFailed(`Config Rollout Guard: ${failure}. See the job summary.`);
}

interface WorkflowRunPayload {
  workflow_run?: {
    head_sha: string;
    head_branch?: string | null;
    head_repository?: { owner?: { login?: string } } | null;
  };
}

/** A check run on the pull request's head commit, which shows on the pull request as annotations show on a push. */
async function publishCheckRun(
  api: GitHubApi,
  report: Report,
  markdown: string,
  failure: string | null,
  header: string,
): Promise<void> {
  const marks = annotations(report);
  const run: CheckRun = {
    name: header ? `Config Rollout Guard (${header})` : 'Config Rollout Guard',
    headSha: report.head!,
    externalId: `${context.runId}-${process.env.GITHUB_RUN_ATTEMPT ?? '1'}`,
    conclusion: failure ? 'failure' : hasFindings(report) ? 'neutral' : 'success',
    output: {
      title: headline(report).slice(0, 255),
      summary: cut(markdown, 65535, '\n\n… The whole report is in the job summary.\n'),
      // GitHub takes 50 per request; the first 50 are the most important, and the summary holds all.
      annotations: marks.slice(0, 50).map((a) => ({
        path: a.file,
        start_line: a.line,
        end_line: a.line,
        annotation_level: a.level === 'error' ? 'failure' : a.level,
        title: a.title.slice(0, 255),
        message: a.message.slice(0, 65535),
      })),
    },
  };
  const existing = async () =>
    (await api.checkRuns(run.headSha, run.name)).find((r) => r.externalId === run.externalId);
  const found = await existing();
  if (found) return api.updateCheckRun(found.id, run);
  await api.createCheckRun(run).catch(async (error: unknown) => {
    if (error instanceof GitHubError && error.status !== null && error.status < 500) throw error;
    // 5xx or no answer: it may have landed. Look before trying once more.
    if (await existing()) return;
    await api.createCheckRun(run);
  });
  core.info(`Check run ${run.name}: ${run.conclusion}.`);
}
