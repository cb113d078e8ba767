import { writeInside } from './write.js';
import { parseArgs } from 'node:util';
import { planFix } from '../commands/fix.js';
import { unifiedDiff } from '../stages/8-stamps/plan.js';
import { check } from '../commands/check.js';
import { RENDER_MODES, overlay } from '../commands/options.js';
import { readConfigFile } from '../commands/config-file.js';
import { FAIL_ON_VALUES, failureReason, type FailOn } from '../model/status.js';
import { scan } from '../commands/scan.js';
import { UsageError } from '../model/errors.js';
import type { Diagnostic } from '../model/types.js';
import { Repository } from '../stages/1-git/repository.js';
import { parsePodTemplatePaths } from '../stages/4-objects/workloads.js';
import { renderMarkdown } from '../stages/9-report/markdown.js';
import { renderSarif } from '../stages/9-report/sarif.js';
import packageJson from '../../package.json' with { type: 'json' };

const VERSION = packageJson.version;
import { renderFixText, renderScanText, renderText } from '../stages/9-report/text.js';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  colour: boolean;
  cwd: string;
  env: Record<string, string | undefined>;
}

const USAGE = `Usage:
  config-rollout-guard check --base REV [--head REV] [options]
      Which workloads will not pick up the ConfigMap/Secret changes between REV and HEAD
      (default head: the working tree, uncommitted changes included).
      --format text|json|markdown|sarif
                                      (default text; sarif: SARIF 2.1.0 for GitHub code scanning)
      --fail-on dormant|manual|none   exit 1 on impacts at or above this status (default dormant)
      --verbose                       also list workloads that reference a changed config but are not affected
  config-rollout-guard fix [--base REV] [--dry-run]
      Writes a content-hash annotation into the pod template of each workload that --base..working tree
      leaves dormant or with a stale hash, so applying the change rolls it. Without --base: into every
      workload that reads a config (adoption). --dry-run prints the diff and writes nothing.
  config-rollout-guard scan [--rev REV] [--format text|json]
      Every workload → ConfigMap/Secret reference at REV (default: the working tree).

Common options:
  --repo DIR                 the git repository (default: the current directory)
  --include GLOB             manifest files to read, repeatable (default **/*.yaml, **/*.yml, **/*.json);
                             a GLOB without a slash matches file names at any depth
  --exclude GLOB             files to skip, repeatable (.github/** is always skipped)
  --pod-template KIND=PATH   where a custom resource keeps pod templates, repeatable
                             (e.g. RayCluster=spec.workerGroupSpecs[].template)
  --annotation KEY           the pod-template annotation for the hash (default config-rollout-guard/hash)
  --render auto|best-effort|off
                             render the kustomize and Helm roots a change touches (default auto: a root
                             that cannot be rendered fails the run; best-effort: reports it; off: read
                             files as written)
  --root DIR                 a kustomize or chart directory to render instead of the discovered roots, repeatable
  --kustomize PATH           the kustomize (or kubectl) binary (default: kustomize, else kubectl kustomize)
  --helm PATH                the helm binary, v3 or newer (default: helm on PATH)
  --no-color                 no colour (also NO_COLOR=1 or TERM=dumb; FORCE_COLOR=1 forces it)
  --config PATH              the configuration file in the repository (default .config-rollout-guard.yaml);
                             options given here win over it

Keyed hashes: set CONFIG_ROLLOUT_GUARD_HASH_KEY to hash with HMAC-SHA256 (see docs/hash-spec.md).

config-rollout-guard --version prints the version.

Exit codes: 0 nothing at or above the fail level, 1 findings, 2 usage or fatal error.
`;

export async function run(argv: string[], io: Io): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`config-rollout-guard: ${error.message}\n`);
      return 2;
    }
    io.stderr(`config-rollout-guard: ${(error as Error).stack ?? error}\n`);
    return 2;
  }
}

async function dispatch(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-V') {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(USAGE);
    return command === undefined ? 2 : 0;
  }
  const { values } = parse(rest);
  if (values.help) {
    io.stdout(USAGE);
    return 0;
  }
  const repo = await Repository.open(values.repo ?? io.cwd);
  try {
    const given = {
      include: values.include ?? [],
      exclude: values.exclude ?? [],
      podTemplatePaths: parsePodTemplatePaths(values['pod-template'] ?? []),
      render: values.render === undefined ? undefined : oneOf('--render', values.render, RENDER_MODES),
      roots: values.root ?? [],
      kustomize: values.kustomize ?? null,
      helm: values.helm ?? null,
      hash: {
        annotation: values.annotation,
        key: io.env.CONFIG_ROLLOUT_GUARD_HASH_KEY || null,
      },
    };
    // The configuration as the revision being checked has it (the working tree by default).
    const file = await readConfigFile(repo, values.head ?? values.rev ?? null, values.config ?? null);
    const common = overlay(file.options, given);
    if (command === 'check') {
      if (!values.base) throw new UsageError('check needs --base REV (the revision the change starts from).');
      const format = oneOf('--format', values.format ?? 'text', [
        'text',
        'json',
        'markdown',
        'sarif',
      ] as const);
      const failOn = oneOf(
        '--fail-on',
        values['fail-on'] ?? file.failOn ?? 'dormant',
        FAIL_ON_VALUES,
      ) as FailOn;
      const report = await check(repo, { base: values.base, head: values.head ?? null, ...common });
      if (format === 'json') io.stdout(JSON.stringify(report, null, 2) + '\n');
      else if (format === 'markdown') io.stdout(renderMarkdown(report));
      else if (format === 'sarif') io.stdout(renderSarif(report, VERSION));
      else io.stdout(renderText(report, { colour: io.colour, verbose: values.verbose ?? false }));
      const failure = failureReason(report, failOn);
      if (failure && format === 'text') io.stderr(`Failing: ${failure}.\n`);
      return failure ? 1 : 0;
    }
    if (command === 'fix') {
      const result = await planFix(repo, { base: values.base ?? null, head: null, ...common });
      const dryRun = values['dry-run'] ?? false;
      if (dryRun) io.stdout(unifiedDiff(result.edits));
      // A file that may not be written is reported, and the others are still written.
      const refused: Diagnostic[] = [];
      const written = [];
      for (const edit of dryRun ? [] : result.edits) {
        try {
          await writeInside(repo.root, edit.file, edit.after);
          written.push(edit);
        } catch (error) {
          if (!(error instanceof UsageError)) throw error;
          refused.push({ file: edit.file, line: 1, severity: 'warning', message: error.message });
        }
      }
      const shown = dryRun
        ? result
        : { ...result, edits: written, diagnostics: [...result.diagnostics, ...refused] };
      io.stdout(renderFixText(shown, { colour: io.colour, dryRun }));
      return refused.length ? 1 : 0;
    }
    if (command === 'scan') {
      const format = oneOf('--format', values.format ?? 'text', ['text', 'json'] as const);
      const report = await scan(repo, { rev: values.rev ?? null, ...common });
      io.stdout(
        format === 'json'
          ? JSON.stringify(report, null, 2) + '\n'
          : renderScanText(report, { colour: io.colour, verbose: false }),
      );
      return 0;
    }
    throw new UsageError(`unknown command '${command}'. Commands: check, fix, scan. See --help.`);
  } finally {
    repo.close();
  }
}

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        repo: { type: 'string' },
        base: { type: 'string' },
        head: { type: 'string' },
        rev: { type: 'string' },
        format: { type: 'string' },
        'fail-on': { type: 'string' },
        include: { type: 'string', multiple: true },
        exclude: { type: 'string', multiple: true },
        'pod-template': { type: 'string', multiple: true },
        verbose: { type: 'boolean', short: 'v' },
        'dry-run': { type: 'boolean' },
        annotation: { type: 'string' },
        render: { type: 'string' },
        root: { type: 'string', multiple: true },
        kustomize: { type: 'string' },
        helm: { type: 'string' },
        config: { type: 'string' },
        'no-color': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. See --help.`);
  }
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')}; got '${value}'.`);
  return value as T;
}

/**
 * Colour as terminals and CI expect it: `--no-color`, `NO_COLOR` and `TERM=dumb` turn it off,
 * `FORCE_COLOR` (other than 0) turns it on even without a terminal; otherwise only on a TTY.
 */
export function wantsColour(
  env: Record<string, string | undefined>,
  tty: boolean,
  noColorFlag: boolean,
): boolean {
  if (noColorFlag || (env.NO_COLOR ?? '') !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return tty && env.TERM !== 'dumb';
}
