import { parseArgs } from 'node:util';
import { check } from '../core/check.js';
import { FAIL_ON_VALUES, failureReason, type FailOn } from '../core/policy.js';
import { scan } from '../core/scan.js';
import { UsageError } from '../errors.js';
import { Repository } from '../git/repository.js';
import { parsePodTemplatePaths } from '../objects/workloads.js';
import { renderMarkdown } from '../report/markdown.js';
import { renderScanText, renderText } from '../report/text.js';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  colour: boolean;
  cwd: string;
}

const USAGE = `Usage:
  config-rollout-guard check --base REV [--head REV] [options]
      Which workloads will not pick up the ConfigMap/Secret changes between REV and HEAD
      (default head: the working tree, uncommitted changes included).
      --format text|json|markdown     (default text)
      --fail-on dormant|manual|none   exit 1 on impacts at or above this status (default dormant)
      --verbose                       also list workloads that reference a changed config but are not affected
  config-rollout-guard scan [--rev REV] [--format text|json]
      Every workload → ConfigMap/Secret reference at REV (default: the working tree).

Common options:
  --repo DIR                 the git repository (default: the current directory)
  --include GLOB             manifest files to read, repeatable (default **/*.yaml, **/*.yml, **/*.json)
  --exclude GLOB             files to skip, repeatable (.github/** is always skipped)
  --pod-template KIND=PATH   where a custom resource keeps pod templates, repeatable
                             (e.g. RayCluster=spec.workerGroupSpecs[].template)

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
  const common = {
    include: values.include ?? [],
    exclude: values.exclude ?? [],
    podTemplatePaths: parsePodTemplatePaths(values['pod-template'] ?? []),
  };
  try {
    if (command === 'check') {
      if (!values.base) throw new UsageError('check needs --base REV (the revision the change starts from).');
      const format = oneOf('--format', values.format ?? 'text', ['text', 'json', 'markdown'] as const);
      const failOn = oneOf('--fail-on', values['fail-on'] ?? 'dormant', FAIL_ON_VALUES) as FailOn;
      const report = await check(repo, { base: values.base, head: values.head ?? null, ...common });
      if (format === 'json') io.stdout(JSON.stringify(report, null, 2) + '\n');
      else if (format === 'markdown') io.stdout(renderMarkdown(report));
      else io.stdout(renderText(report, { colour: io.colour, verbose: values.verbose ?? false }));
      const failure = failureReason(report, failOn);
      if (failure && format === 'text') io.stderr(`Failing: ${failure}.\n`);
      return failure ? 1 : 0;
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
    throw new UsageError(`unknown command '${command}'. Commands: check, scan. See --help.`);
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
