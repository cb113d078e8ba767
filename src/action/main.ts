import * as core from '@actions/core';
import { context } from '@actions/github';
import { realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import { check } from '../commands/check.js';
import { DEFAULT_TIMEOUT_SECONDS, RENDER_MODES, overlay } from '../commands/options.js';
import { setDeadline } from '../programs/run.js';
import { readConfigFile } from '../commands/config-file.js';
import { FAIL_ON_VALUES, failureReason, hasFindings, type FailOn } from '../model/status.js';
import { UsageError } from '../model/errors.js';
import { Repository } from '../stages/1-git/repository.js';
import { parsePodTemplatePaths } from '../stages/4-objects/workloads.js';
import { renderAllClear, renderMarkdown } from '../stages/9-report/markdown.js';
import { annotations } from './annotations.js';
import { annotationPlaces } from './places.js';
import { renderFixOutcome } from '../stages/9-report/fix-outcome.js';
import type { CommentPolicy } from './comment.js';
import { ANNOTATIONS_SHOWN, blobUrl, choice, postComment, publishOutputs, writeSummary } from './deliver.js';
import { rangeFromEvent, type EventPayload } from './event.js';
import { GitHubApi, GitHubError } from './github-api.js';
import { resolveRange } from './range.js';
import { publishReport } from './publish.js';
import { actionProgress } from './progress.js';
import { Progress } from '../model/progress.js';
import { mergeReports, parseShard } from '../commands/merge.js';
import { readReports } from '../commands/report-file.js';
import type { Report } from '../model/types.js';
import { parseCredentials, type Credential } from '../stages/2-sources/remote/credentials.js';

/** The Action: the same engine as the CLI, with GitHub's inputs, outputs, summary, annotations and comment. */
export async function run(): Promise<void> {
  try {
    await runChecked();
  } catch (error) {
    // One line for the reader, and a line for each of a usage error's details (every mistake in the
    // configuration file); the stack only when the run is re-run with debug logging.
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    core.setFailed(
      error instanceof UsageError
        ? [message, ...error.details].join('\n')
        : error instanceof GitHubError
          ? message
          : `${(error as Error).name ?? 'Error'}: ${message}`,
    );
    if (core.isDebug() && error instanceof Error && error.stack) core.debug(error.stack);
  }
}

/**
 * The `registry-credentials` input. Every line, and every password in it, is masked in the log
 * before it is read: a line that does not parse may be a password on its own.
 */
function registryCredentials(): Credential[] {
  const text = core.getInput('registry-credentials');
  for (const line of text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)) {
    core.setSecret(line);
    const password = /^[^=]*=[^:]*:(.+)$/.exec(line)?.[1];
    if (password) core.setSecret(password);
  }
  return parseCredentials(text, 'Input registry-credentials');
}

async function runChecked(): Promise<void> {
  const timeout = core.getInput('timeout') || String(DEFAULT_TIMEOUT_SECONDS);
  if (!/^[1-9]\d{0,6}$/.test(timeout))
    throw new UsageError(`Input timeout must be a whole number of seconds; got '${timeout}'.`);
  setDeadline(Number(timeout));
  const mode = choice('mode', ['report', 'fix', 'publish', 'merge'] as const);
  const shard = core.getInput('shard') ? parseShard('Input shard', core.getInput('shard')) : null;
  if (shard && mode !== 'report')
    throw new UsageError(`Input shard applies to mode: report, not mode: ${mode}.`);
  const commentPolicy = choice('comment', ['on-findings', 'always', 'never'] as const) as CommentPolicy;
  const hashKey = core.getInput('hash-key');
  if (hashKey) core.setSecret(hashKey);
  const given = {
    include: core.getMultilineInput('include'),
    exclude: core.getMultilineInput('exclude'),
    podTemplatePaths: parsePodTemplatePaths(core.getMultilineInput('pod-template')),
    hash: { annotation: core.getInput('annotation'), key: hashKey || null },
    render: core.getInput('render') ? choice('render', RENDER_MODES) : undefined,
    roots: core.getMultilineInput('roots'),
    kustomize: core.getInput('kustomize') || null,
    helm: core.getInput('helm') || null,
    cacheDir: core.getInput('cache-dir') || null,
    credentials: registryCredentials(),
  };
  const { owner, repo: repoName } = context.repo;
  const api = new GitHubApi(
    core.getInput('token', { required: true }),
    owner,
    repoName,
    context.apiUrl,
    core.info,
  );
  // The fork setup's second job: a report another run made, published; no checkout is read.
  if (mode === 'publish')
    return publishReport(api, {
      failOn: (core.getInput('fail-on') ? choice('fail-on', FAIL_ON_VALUES) : 'dormant') as FailOn,
      policy: commentPolicy,
      header: core.getInput('header'),
    });

  const repo = Repository.open(core.getInput('working-directory') || '.');
  try {
    const range = rangeFromEvent(context.eventName, context.payload as EventPayload, {
      base: core.getInput('base'),
      head: core.getInput('head'),
    });
    const { base, head } = await resolveRange(repo, range, api, core.info);
    // A change is judged by the configuration it starts from, never by one it brings: a pull
    // request cannot switch the check off, or point it at a program, for itself.
    const file = await readConfigFile(repo, base, core.getInput('config') || null);
    const options = overlay(file.options, given);
    const failOn = (
      core.getInput('fail-on') ? choice('fail-on', FAIL_ON_VALUES) : (file.failOn ?? 'dormant')
    ) as FailOn;
    core.info(`Checking ${base}..${head} (${context.eventName}, mode ${mode}).`);
    const progress = () => new Progress(actionProgress());
    let report =
      mode === 'merge'
        ? await mergedReport(core.getInput('report', { required: true }), base, head)
        : await check(repo, { base, head, configFile: file.path, ...options, shard, progress: progress() });
    const link = (file: string, line: number) => blobUrl(report.head, file, line);
    // Outputs and summary first: whatever GitHub answers later, the report is written.
    const publish = async (fixSection: string) => {
      const reportPath = await publishOutputs(report);
      const markdown =
        renderMarkdown(report, { link, where: 'pull-request' }) + (fixSection ? `\n${fixSection}` : '');
      await writeSummary(markdown, reportPath);
      return markdown;
    };
    let markdown = await publish('');
    // A shard's report is a part: the merge job comments, annotates and fails for the whole.
    if (shard) {
      core.info(
        `Shard ${shard.index}/${shard.count}: its report is at the report-path output; upload it for the merge job (mode: merge).`,
      );
      return;
    }

    let fixSection = '';
    if (mode === 'fix' && range.pullRequest === null) {
      core.notice('mode: fix acts on pull requests; on this event it reports only.');
    } else if (mode === 'fix' && range.pullRequest !== null) {
      const target = {
        base,
        head,
        report,
        pullRequest: range.pullRequest,
        branch: range.branch,
        fromFork: range.fromFork,
      };
      // Loaded only here: a check that fixes nothing never compiles the fix engine.
      const { applyFix } = await import('./fix-mode.js');
      const outcome = await applyFix(repo, api, target, options, core.info);
      fixSection = renderFixOutcome(outcome, base);
      if (outcome.kind === 'branch-moved') {
        await publish(fixSection);
        core.notice(
          `${outcome.branch} moved while this ran, so nothing was committed; the newer push gets its own run.`,
        );
        return;
      }
      if (outcome.kind === 'committed') {
        core.info(`Committed ${outcome.sha} to ${outcome.branch}.`);
        core.setOutput('fix-commit', outcome.sha);
        // The verdict is about the branch as it now stands.
        await repo.fetchCommits([outcome.sha]);
        report = await check(repo, {
          base,
          head: outcome.sha,
          configFile: file.path,
          ...options,
          progress: progress(),
        });
      }
      markdown = await publish(fixSection);
    }

    const marks = annotations(report, await annotationPlaces(repo, report));
    const top = await repo.top();
    for (const a of marks)
      core[a.level](a.message, { title: a.title, file: workspacePath(top, a.file), startLine: a.line });
    // GitHub shows the first 10 of each level per step inline; the rest are said, not lost.
    const hidden = (['error', 'warning', 'notice'] as const)
      .map((level) => ({ level, n: marks.filter((a) => a.level === level).length - ANNOTATIONS_SHOWN }))
      .filter((h) => h.n > 0);
    if (hidden.length)
      await core.summary
        .addRaw(
          `\n<sub>${hidden.map((h) => `${h.n} more ${h.level}${h.n === 1 ? '' : 's'}`).join(', ')} than GitHub shows inline (${ANNOTATIONS_SHOWN} per level); every finding is in the report above.</sub>\n`,
        )
        .write();

    const failure = failureReason(report, failOn);
    if (range.pullRequest !== null) {
      await postComment(api, range.pullRequest, {
        report: markdown,
        allClear: renderAllClear(report),
        hasFindings: hasFindings(report) || fixSection !== '',
        policy: commentPolicy,
        fromFork: range.fromFork,
      });
    }
    if (failure) core.setFailed(`Config Rollout Guard: ${failure}. See the job summary.`);
  } finally {
    repo.close();
  }
}

/** The shards' reports (`report`: a file or a directory of them) as one, for the range this run checks. */
async function mergedReport(path: string, base: string, head: string | null): Promise<Report> {
  const report = mergeReports(await readReports([path]));
  if (report.base !== base || report.head !== head)
    throw new UsageError(
      `the shards checked ${report.base.slice(0, 12)}..${String(report.head).slice(0, 12)}, but this run is for ${base.slice(0, 12)}..${String(head).slice(0, 12)}; nothing was published.`,
    );
  return report;
}

/** Annotations name files relative to the workspace, which differs from the repository root under `checkout: path`. */
function workspacePath(root: string, file: string): string {
  const workspace = process.env.GITHUB_WORKSPACE;
  return workspace ? relative(realpathSync(workspace), join(root, file)) : file;
}
