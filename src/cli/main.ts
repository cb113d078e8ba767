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

const COMMON_HELP = `Common options:
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
  -h, --help                 this help`;

const COMMON = {
  repo: { type: 'string' },
  include: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  'pod-template': { type: 'string', multiple: true },
  annotation: { type: 'string' },
  render: { type: 'string' },
  root: { type: 'string', multiple: true },
  kustomize: { type: 'string' },
  helm: { type: 'string' },
  config: { type: 'string' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Each command with the options it takes (beyond the common ones) and its help. */
const COMMANDS = {
  check: {
    options: {
      base: { type: 'string' },
      head: { type: 'string' },
      format: { type: 'string' },
      'fail-on': { type: 'string' },
      verbose: { type: 'boolean', short: 'v' },
    },
    help: `config-rollout-guard check --base REV [--head REV] [options]
    Which workloads will not pick up the ConfigMap/Secret changes between REV and HEAD
    (default head: the working tree, uncommitted changes included).
  --base REV                 the revision the change starts from (required)
  --head REV                 the revision it ends at (default: the working tree)
  --format text|json|markdown|sarif
                             default text; sarif: SARIF 2.1.0 for GitHub code scanning
  --fail-on dormant|manual|none
                             exit 1 on impacts at or above this status (default dormant)
  -v, --verbose              also list workloads that reference a changed config but are not affected`,
  },
  fix: {
    options: { base: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    help: `config-rollout-guard fix [--base REV] [--dry-run] [options]
    Writes a content-hash annotation (in a chart: a data-only checksum in its template) into the pod
    template of each workload that --base..working tree leaves dormant or with a stale hash, so
    applying the change rolls it. Without --base: into every workload that reads a config (adoption).
  --base REV                 the revision the change starts from
  --dry-run                  print the diff, write nothing`,
  },
  scan: {
    options: { rev: { type: 'string' }, format: { type: 'string' } },
    help: `config-rollout-guard scan [--rev REV] [--format text|json] [options]
    Every workload → ConfigMap/Secret reference at REV, rendered roots included, with the charts'
    checksum notes.
  --rev REV                  the revision (default: the working tree)
  --format text|json         default text`,
  },
} as const;
type Command = keyof typeof COMMANDS;

const USAGE = `Usage:
${Object.values(COMMANDS)
  .map((c) => `  ${c.help.slice(0, c.help.indexOf('\n  -')).replaceAll('\n', '\n  ')}`)
  .join('\n')}

Run config-rollout-guard COMMAND --help for the options of a command.

${COMMON_HELP}

Keyed hashes: set CONFIG_ROLLOUT_GUARD_HASH_KEY to hash with HMAC-SHA256 (see docs/hash-spec.md).

config-rollout-guard --version prints the version.

Exit codes: 0 nothing at or above the fail level, 1 findings, 2 usage or fatal error.
`;

const commandHelp = (command: Command) =>
  `Usage: ${COMMANDS[command].help}\n\n${COMMON_HELP}\n\nExit codes: 0 nothing at or above the fail level, 1 findings, 2 usage or fatal error.\n`;

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
  if (!Object.hasOwn(COMMANDS, command))
    throw new UsageError(`unknown command '${command}'. Commands: check, fix, scan. See --help.`);
  const values = parse(command as Command, rest);
  if (values.help) {
    io.stdout(commandHelp(command as Command));
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
    return 2;
  } finally {
    repo.close();
  }
}

/** The values a command was given; an option of another command, or none at all, is a usage error. */
function parse(command: Command, args: string[]) {
  const options = { ...COMMON, ...COMMANDS[command].options };
  try {
    const { values } = parseArgs({ args, strict: true, allowPositionals: false, options });
    return values as Values;
  } catch (error) {
    const flag = /'(-{1,2}[^' ]+)'/.exec((error as Error).message)?.[1];
    const name = flag?.replace(/^-+/, '').replace(/=.*$/, '');
    const owners = (Object.keys(COMMANDS) as Command[]).filter((c) => name && name in COMMANDS[c].options);
    const own = Object.keys(COMMANDS[command].options)
      .map((o) => `--${o}`)
      .join(', ');
    if (owners.length)
      throw new UsageError(
        `${flag} does not apply to ${command} (only to ${owners.join(', ')}). ${command} takes ${own} and the common options; see ${command} --help.`,
      );
    throw new UsageError(
      `${(error as Error).message.replace(/\. To specify a positional.*$/s, '').replace(/\.$/, '')}. See ${command} --help.`,
    );
  }
}

/** What any command's options parse to: strings, repeated strings, flags. */
interface Values {
  repo?: string;
  include?: string[];
  exclude?: string[];
  'pod-template'?: string[];
  annotation?: string;
  render?: string;
  root?: string[];
  kustomize?: string;
  helm?: string;
  config?: string;
  'no-color'?: boolean;
  help?: boolean;
  base?: string;
  head?: string;
  rev?: string;
  format?: string;
  'fail-on'?: string;
  verbose?: boolean;
  'dry-run'?: boolean;
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
