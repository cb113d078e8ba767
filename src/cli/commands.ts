import { Progress } from '../model/progress.js';
import { PROGRESS_MODES, progressListener } from './progress.js';
import { check } from '../commands/check.js';
import { DEFAULT_TIMEOUT_SECONDS, RENDER_MODES, overlay } from '../commands/options.js';
import { readConfigFile } from '../commands/config-file.js';
import { FAIL_ON_VALUES, failureReason, type FailOn } from '../model/status.js';
import { UsageError } from '../model/errors.js';
import type { Diagnostic, Report } from '../model/types.js';
import { parseShard } from '../commands/merge.js';
import { renderFixText, renderScanText, renderText, wrapToWidth } from '../stages/9-report/text.js';
import { Repository } from '../stages/1-git/repository.js';
import type { BlobReader } from '../stages/1-git/blob-reader.js';
import { setDeadline } from '../programs/run.js';
import { parsePodTemplatePaths } from '../stages/4-objects/workloads.js';
import type { Command, Io, Values } from './main.js';
import { parseCredentials, type Credential } from '../stages/2-sources/remote/credentials.js';

// Modules load on the path that needs them: a check of a range that changes nothing loads the git
// layer and the report, not the renderers, fix or scan.

/** A report in one of check's formats. */
const FORMATS = ['text', 'json', 'markdown', 'sarif', 'codequality'] as const;
type Format = (typeof FORMATS)[number];

/** `repositoryUri` is asked only for SARIF: finding it costs a git process every other format does without. */
type RepositoryUri = () => Promise<string | null>;

async function format(report: Report, as: Format, io: Io, verbose: boolean, repositoryUri: RepositoryUri) {
  if (as === 'json') return JSON.stringify(report, null, 2) + '\n';
  if (as === 'markdown') return (await import('../stages/9-report/markdown.js')).renderMarkdown(report);
  if (as === 'sarif')
    return (await import('../stages/9-report/sarif.js')).renderSarif(report, await repositoryUri());
  if (as === 'codequality')
    return (await import('../stages/9-report/codequality.js')).renderCodeQuality(report);
  return wrapToWidth(renderText(report, { colour: io.colour, verbose }), io.width);
}

/**
 * check without --base compares with what a pull request from here would start from (as a
 * pre-commit hook must: nothing tells it a base), and says which commit that is.
 */
async function defaultBase(repo: Repository, io: Io): Promise<string> {
  const found = await repo.defaultBase();
  io.stderr(
    found
      ? `config-rollout-guard: no --base: checking from ${found.commit.slice(0, 12)}, where this branch leaves ${found.branch}.\n`
      : 'config-rollout-guard: no --base, and no origin/HEAD, origin/main or origin/master: checking from HEAD.\n',
  );
  return found?.commit ?? 'HEAD';
}

/** One command, run with its parsed options: the engine's side of the CLI. */
export async function execute(
  command: Command,
  values: Values,
  io: Io,
  positionals: readonly string[] = [],
  reader: BlobReader | null = null,
): Promise<number> {
  if (command === 'merge') return merge(values, io, positionals);
  const repo = Repository.open(values.repo ?? io.cwd, reader);
  try {
    setDeadline(seconds('--timeout', values.timeout ?? String(DEFAULT_TIMEOUT_SECONDS)));
    const given = {
      include: values.include ?? [],
      exclude: values.exclude ?? [],
      podTemplatePaths: parsePodTemplatePaths(values['pod-template'] ?? []),
      render: values.render === undefined ? undefined : oneOf('--render', values.render, RENDER_MODES),
      roots: values.root ?? [],
      kustomize: values.kustomize ?? null,
      helm: values.helm ?? null,
      cacheDir: values['cache-dir'] ?? null,
      offline: values.offline,
      credentials: await readCredentials(values['registry-credentials'], io),
      progress: new Progress(
        progressListener(oneOf('--progress', values.progress ?? 'auto', PROGRESS_MODES), {
          write: io.stderr,
          tty: io.stderrTty ?? false,
          columns: io.columns ?? 80,
        }),
      ),
      hash: {
        annotation: values.annotation,
        key: io.env.CONFIG_ROLLOUT_GUARD_HASH_KEY || null,
      },
    };
    if (command === 'check' && !values.base) values = { ...values, base: await defaultBase(repo, io) };
    // A change is judged by the configuration it starts from, never by one it brings: a pull
    // request cannot switch the check off, or point it at a program, for itself.
    const trusted = values.base ?? values.rev;
    // A check's two ends are resolved together (one round trip) and once: the configuration and
    // the check read the same commits, even where a branch moves meanwhile.
    const [configRev, headRev] = await Promise.all([
      trusted === undefined ? null : repo.resolveCommit(trusted),
      command === 'check' && values.head !== undefined ? repo.resolveCommit(values.head) : null,
    ]);
    const file = await readConfigFile(repo, configRev, values.config ?? null);
    const common = overlay(file.options, given);
    if (command === 'check') {
      const as = oneOf('--format', values.format ?? 'text', FORMATS);
      const files = outputs(values.output ?? [], FORMATS);
      const failOn = oneOf(
        '--fail-on',
        values['fail-on'] ?? file.failOn ?? 'dormant',
        FAIL_ON_VALUES,
      ) as FailOn;
      const report = await check(repo, {
        base: configRev!,
        head: headRev,
        configFile: file.path,
        ...common,
        shard: values.shard === undefined ? null : parseShard('--shard', values.shard),
      });
      return verdict(report, as, failOn, io, values.verbose ?? false, files, () => repo.originWebUrl());
    }
    if (command === 'fix') {
      const { planFix } = await import('../commands/fix.js');
      const { unifiedDiff } = await import('../stages/8-stamps/plan.js');
      const { writeInside } = await import('./write.js');
      const result = await planFix(repo, { base: values.base ?? null, head: null, ...common });
      const dryRun = values['dry-run'] ?? false;
      if (dryRun) {
        const { patch, withheld } = unifiedDiff(result.edits);
        io.stdout(patch);
        for (const file of withheld)
          io.stderr(
            `config-rollout-guard: the patch of ${file} is not shown: its context lines would show a Secret. Run fix without --dry-run.\n`,
          );
      }
      // A file that may not be written is reported, and the others are still written.
      const refused: Diagnostic[] = [];
      const written = [];
      for (const edit of dryRun ? [] : result.edits) {
        try {
          await writeInside(await repo.top(), edit.file, edit.after);
          written.push(edit);
        } catch (error) {
          if (!(error instanceof UsageError)) throw error;
          refused.push({ file: edit.file, line: 1, severity: 'warning', message: error.message });
        }
      }
      const shown = dryRun
        ? result
        : { ...result, edits: written, diagnostics: [...result.diagnostics, ...refused] };
      io.stdout(wrapToWidth(renderFixText(shown, { colour: io.colour, dryRun }), io.width));
      return refused.length ? 1 : 0;
    }
    if (command === 'scan') {
      const as = oneOf('--format', values.format ?? 'text', FORMATS);
      const files = outputs(values.output ?? [], FORMATS);
      const { scan, scanFindings } = await import('../commands/scan.js');
      const report = await scan(repo, { rev: values.rev ?? null, risks: values.risks ?? false, ...common });
      // An inventory in text, JSON and markdown; its findings alone in the formats made for findings.
      const render = async (as: Format, target: Io) => {
        if (as === 'json') return JSON.stringify(report, null, 2) + '\n';
        if (as === 'markdown')
          return (await import('../stages/9-report/markdown.js')).renderScanMarkdown(report);
        if (as === 'text') {
          return wrapToWidth(renderScanText(report, { colour: target.colour, verbose: false }), target.width);
        }
        return format(scanFindings(report), as, target, false, () => repo.originWebUrl());
      };
      const plain = { ...io, colour: false, width: undefined };
      await writeOutputs(
        await Promise.all(files.map(async ({ as, file }) => ({ file, text: await render(as, plain) }))),
        io,
      );
      io.stdout(await render(as, io));
      return 0;
    }
    return 2;
  } finally {
    repo.close();
  }
}

function seconds(flag: string, value: string): number {
  if (!/^[1-9]\d{0,6}$/.test(value))
    throw new UsageError(`${flag} must be a whole number of seconds; got '${value}'.`);
  return Number(value);
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')}; got '${value}'.`);
  return value as T;
}

/**
 * `--output FORMAT=FILE`, repeatable: one run writes every format a pipeline wants (a long check
 * is not run once per format). Paths are the caller's, relative to where it runs, like a shell
 * redirection; colour never goes into a file.
 */
function outputs<T extends string>(
  given: readonly string[],
  allowed: readonly T[],
): { as: T; file: string }[] {
  return given.map((option) => {
    const at = option.indexOf('=');
    if (at < 1 || at === option.length - 1)
      throw new UsageError(`--output takes FORMAT=FILE (e.g. sarif=results.sarif); got '${option}'.`);
    return { as: oneOf('--output', option.slice(0, at), allowed), file: option.slice(at + 1) };
  });
}

/** The logins file `--registry-credentials` names, read by the caller's path; never echoed. */
async function readCredentials(file: string | undefined, io: Io): Promise<Credential[]> {
  if (file === undefined) return [];
  const { readFile } = await import('node:fs/promises');
  const { resolve } = await import('node:path');
  const text = await readFile(resolve(io.cwd, file), 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read --registry-credentials ${file}: ${error.code ?? error.message}.`);
  });
  return parseCredentials(text, file);
}

async function writeOutputs(files: { file: string; text: string }[], io: Io): Promise<void> {
  if (!files.length) return;
  const { writeFile } = await import('node:fs/promises');
  const { resolve } = await import('node:path');
  for (const { file, text } of files)
    await writeFile(resolve(io.cwd, file), text).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot write --output ${file}: ${error.code ?? error.message}.`);
    });
}

/** The report on stdout (and in every --output file), the reason on stderr, and the exit code at `failOn`. */
async function verdict(
  report: Report,
  as: Format,
  failOn: FailOn,
  io: Io,
  verbose: boolean,
  files: readonly { as: Format; file: string }[],
  repositoryUri: RepositoryUri,
) {
  const plain = { ...io, colour: false, width: undefined };
  await writeOutputs(
    await Promise.all(
      files.map(async ({ as, file }) => ({
        file,
        text: await format(report, as, plain, verbose, repositoryUri),
      })),
    ),
    io,
  );
  io.stdout(await format(report, as, io, verbose, repositoryUri));
  const failure = failureReason(report, failOn);
  if (failure && as === 'text') io.stderr(`Failing: ${failure}.\n`);
  return failure ? 1 : 0;
}

/** `merge`: the shards' JSON reports as the one report of the unsharded check. */
async function merge(values: Values, io: Io, paths: readonly string[]): Promise<number> {
  if (!paths.length)
    throw new UsageError('merge needs the JSON report of every shard (files or directories).');
  const as = oneOf('--format', values.format ?? 'text', FORMATS);
  const failOn = oneOf('--fail-on', values['fail-on'] ?? 'dormant', FAIL_ON_VALUES) as FailOn;
  const { readReports } = await import('../commands/report-file.js');
  const { mergeReports } = await import('../commands/merge.js');
  const files = outputs(values.output ?? [], FORMATS);
  // Reports carry no repository address; SARIF from merge has no provenance, as from a clone without origin.
  return verdict(
    mergeReports(await readReports(paths)),
    as,
    failOn,
    io,
    values.verbose ?? false,
    files,
    async () => null,
  );
}
