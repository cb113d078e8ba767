import { UsageError } from '../model/errors.js';
import { terminal } from '../stages/9-report/escape.js';
import { BlobReader } from '../stages/1-git/blob-reader.js';
import { finish, stopOnSignals } from '../programs/run.js';
import { execute } from './commands.js';
import { ArgumentError, parseArguments } from './arguments.js';
import { commandAnswered } from './compiled-code.js';
import packageJson from '../../package.json' with { type: 'json' };

const VERSION = packageJson.version;

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  colour: boolean;
  /** The terminal's width when stdout is one: text wraps to it (piped output keeps whole lines). */
  width?: number;
  /** Where progress may update a line in place, and how wide that line may be. */
  stderrTty?: boolean;
  columns?: number;
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
  --cache-dir DIR            where charts fetched from Helm repositories and OCI registries are kept
                             (default ~/.cache/config-rollout-guard)
  --offline                  fetch nothing: charts come from the cache, or are not checked
  --registry-credentials FILE
                             logins for private chart registries, chart repositories and remote-base git
                             repositories, a line each: PREFIX=USERNAME:PASSWORD (e.g.
                             ghcr.io/my-org=bot:TOKEN); sent only to sources under PREFIX
  --timeout SECONDS          stop the run after this long, every program it started with it
                             (default 900); a render past its own limit (120 s) is not checked
  --progress auto|plain|none what to show on stderr while it works (default auto: one updating line
                             on a terminal, nothing otherwise; plain: a line per stage with its time)
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
  timeout: { type: 'string' },
  'cache-dir': { type: 'string' },
  offline: { type: 'boolean' },
  'registry-credentials': { type: 'string' },
  'no-color': { type: 'boolean' },
  progress: { type: 'string' },
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
      shard: { type: 'string' },
      output: { type: 'string', multiple: true },
    },
    help: `config-rollout-guard check [--base REV] [--head REV] [options]
    Which workloads will not pick up the ConfigMap/Secret changes between REV and HEAD
    (default head: the working tree, uncommitted changes included).
  --base REV                 the revision the change starts from (default: where this branch
                             leaves the remote's default branch, origin/HEAD; without one, HEAD)
  --head REV                 the revision it ends at (default: the working tree)
  --format text|json|markdown|sarif|codequality
                             default text; sarif: SARIF 2.1.0 for GitHub code scanning;
                             codequality: GitLab's Code Quality report (merge request widget)
  --fail-on dormant|manual|none
                             exit 1 on impacts at or above this status (default dormant)
  -v, --verbose              also list workloads that reference a changed config but are not affected
  --output FORMAT=FILE       also write the report in FORMAT to FILE, repeatable
                             (e.g. --output json=report.json --output sarif=results.sarif)
  --shard K/N                render only the K-th of N parts of the affected roots (one job each);
                             merge the N JSON reports with config-rollout-guard merge`,
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
    options: {
      rev: { type: 'string' },
      format: { type: 'string' },
      risks: { type: 'boolean' },
      output: { type: 'string', multiple: true },
    },
    help: `config-rollout-guard scan [--rev REV] [--format F] [--risks] [options]
    Every workload → ConfigMap/Secret reference at REV, rendered roots included, with the charts'
    checksum notes.
  --rev REV                  the revision (default: the working tree)
  --format text|json|markdown|sarif|codequality
                             default text; sarif and codequality carry the notes (--risks among
                             them) and the roots not checked, not the inventory
  --output FORMAT=FILE       also write the scan in FORMAT to FILE, repeatable
  --risks                    also note every workload whose next config change would lie dormant
                             (no hash, checksum or reloader), and the risks of rolling it`,
  },
  merge: {
    options: {
      format: { type: 'string' },
      'fail-on': { type: 'string' },
      verbose: { type: 'boolean', short: 'v' },
      output: { type: 'string', multiple: true },
    },
    help: `config-rollout-guard merge REPORT... [--format F] [--fail-on LEVEL]
    The JSON reports of the N shards of one check (files, or directories of them) as the one report,
    exit code and output the check makes unsharded.
  --format text|json|markdown|sarif|codequality
                             default text
  --output FORMAT=FILE       also write the report in FORMAT to FILE, repeatable
  --fail-on dormant|manual|none
                             exit 1 on impacts at or above this status (default dormant)
  -v, --verbose              also list workloads that reference a changed config but are not affected`,
  },
} as const;
export type Command = keyof typeof COMMANDS;

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
  `Usage: ${COMMANDS[command].help}\n\n${command === 'merge' ? '  --no-color                 no colour\n  -h, --help                 this help' : COMMON_HELP}\n\nExit codes: 0 nothing at or above the fail level, 1 findings, 2 usage or fatal error.\n`;

/** The CLI as a process: its arguments, its streams, and its exit once the answer is written. */
export async function start(): Promise<void> {
  stopOnSignals((line) => process.stderr.write(`${line}\n`));
  const args = process.argv.slice(2);
  finish(
    await run(args, {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      colour: wantsColour(process.env, Boolean(process.stdout.isTTY), args.includes('--no-color')),
      width: process.stdout.isTTY ? process.stdout.columns : undefined,
      stderrTty: Boolean(process.stderr.isTTY),
      columns: process.stderr.columns,
      cwd: process.cwd(),
      env: process.env,
    }),
  );
}

export async function run(argv: string[], io: Io): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    // A usage mistake, a git failure, a refused revision: one line, no stack, and a line for each of
    // its details. Any may quote a path or a revision, which must not steer the terminal.
    if (error instanceof UsageError || ['GitError', 'Refused'].includes((error as Error).name)) {
      const details = error instanceof UsageError ? error.details.map((line) => `  ${terminal(line)}\n`) : [];
      io.stderr(`config-rollout-guard: ${terminal((error as Error).message)}\n${details.join('')}`);
      return 2;
    }
    const lines = String((error as Error).stack ?? error).split('\n');
    io.stderr(`config-rollout-guard: ${lines.map(terminal).join('\n')}\n`);
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
    throw new UsageError(
      `unknown command '${command}'.${didYouMean(command, Object.keys(COMMANDS))} Commands: check, fix, scan, merge. See --help.`,
    );
  const { values, positionals } = parse(command as Command, rest);
  if (values.help) {
    io.stdout(commandHelp(command as Command));
    return 0;
  }
  // A command that reads a commit starts the repository's reader now, with the revisions it was
  // given: git answers them while the command gets ready.
  const revisions = [values.base, values.head, values.rev].filter((rev) => rev !== undefined);
  const reader =
    command === 'check' || revisions.length ? new BlobReader(values.repo ?? io.cwd, revisions) : null;
  const code = await execute(command as Command, values, io, positionals, reader);
  commandAnswered();
  return code;
}

/** The values a command was given; an option of another command, or none at all, is a usage error. */
function parse(command: Command, args: string[]) {
  // merge reads report files only: no repository, renderer or cache options.
  const options =
    command === 'merge'
      ? { ...COMMANDS.merge.options, help: COMMON.help, 'no-color': COMMON['no-color'] }
      : { ...COMMON, ...COMMANDS[command].options };
  try {
    const { values, positionals } = parseArguments(args, options, command === 'merge');
    return { values: values as Values, positionals };
  } catch (error) {
    if (!(error instanceof ArgumentError)) throw error;
    const name = error.unknown?.replace(/^-+/, '');
    const owners = (Object.keys(COMMANDS) as Command[]).filter(
      (c) => name && Object.hasOwn(COMMANDS[c].options, name),
    );
    const own = Object.keys(COMMANDS[command].options)
      .map((o) => `--${o}`)
      .join(', ');
    if (owners.length)
      throw new UsageError(
        `${error.unknown} does not apply to ${command} (only to ${owners.join(', ')}). ${command} takes ${own} and the common options; see ${command} --help.`,
      );
    const known = name && error.unknown?.startsWith('--') ? didYouMean(name, Object.keys(options), '--') : '';
    throw new UsageError(`${error.message}${known} See ${command} --help.`);
  }
}

/**
 * " Did you mean --format?" for a typo: the nearest known word within two edits (a swap of two
 * neighbouring letters is one), or nothing when none is that near.
 */
function didYouMean(word: string, known: readonly string[], prefix = ''): string {
  const nearest = known
    .map((candidate) => ({ candidate, distance: editDistance(word, candidate) }))
    .filter(({ distance }) => distance <= Math.min(2, Math.floor(word.length / 2)))
    .sort((a, b) => a.distance - b.distance)[0];
  return nearest ? ` Did you mean ${prefix}${nearest.candidate}?` : '';
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/** What any command's options parse to: strings, repeated strings, flags. */
export interface Values {
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
  timeout?: string;
  'cache-dir'?: string;
  offline?: boolean;
  'registry-credentials'?: string;
  'no-color'?: boolean;
  progress?: string;
  help?: boolean;
  base?: string;
  head?: string;
  rev?: string;
  format?: string;
  'fail-on'?: string;
  verbose?: boolean;
  'dry-run'?: boolean;
  risks?: boolean;
  shard?: string;
  output?: string[];
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
