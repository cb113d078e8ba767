import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, dirname, isAbsolute, join, relative, resolve } from 'node:path';

// The one place that builds a command line. Every program this tool starts (git, kustomize, helm)
// is an `Invocation` made here: an absolute program path found on the trusted PATH, an argv in
// which every string that came from the repository sits after `--` or was checked against its
// grammar first, an environment built from an allowlist, and limits. `run.ts` executes them.

export interface Limits {
  timeoutMs: number;
  maxOutputBytes: number;
  /** Resident memory of the whole process group (Linux); the group is killed past it. */
  maxMemoryBytes?: number;
}

export interface Invocation {
  program: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin?: string;
  limits: Limits;
}

/** A repository string that does not fit where it would go: the root or the call is refused with this reason. */
export class Refused extends Error {
  override name = 'Refused';
}

const MiB = 2 ** 20;

/** Rendering limits; a root past one is not checked, with the reason. */
export const RENDER_LIMITS = { maxOutputBytes: 256 * MiB, maxMemoryBytes: 2048 * MiB };

const GIT_LIMITS: Limits = { timeoutMs: 30 * 60_000, maxOutputBytes: 1024 * MiB };

// ---------------------------------------------------------------------------------------------
// Grammars of the repository strings that reach an argv.

/** A full commit id: the only revision form passed to git after it has been resolved. */
export function commitId(rev: string): string {
  if (!/^[0-9a-f]{40}$|^[0-9a-f]{64}$/.test(rev)) throw new Refused(`'${rev}' is not a resolved commit id`);
  return rev;
}

/** Helm's release name rule: a DNS-1123 subdomain of at most 53 characters. */
export function releaseName(name: string): string {
  if (name.length > 53 || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(name))
    throw new Refused(
      `'${name}' is not a valid Helm release name (lower-case letters, digits, '-' and '.', at most 53 characters)`,
    );
  return name;
}

/** A namespace: a DNS-1123 label of at most 63 characters. */
export function namespaceName(name: string): string {
  if (name.length > 63 || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name))
    throw new Refused(`'${name}' is not a valid namespace name (a DNS-1123 label)`);
  return name;
}

/** A Kubernetes version for `--kube-version`: `1.34`, `v1.34.1`, nothing else. */
export function kubeVersion(version: string): string {
  if (!KUBE_VERSION.test(version)) throw new Refused(`'${version}' is not a Kubernetes version (like 1.34)`);
  return version;
}
export const KUBE_VERSION = /^v?\d{1,3}\.\d{1,3}(\.\d{1,3})?$/;

/** A path inside the materialised tree, relative, never leaving it and never read as an option. */
export function treePath(path: string): string {
  const normal = join('.', path);
  if (isAbsolute(path) || normal === '..' || normal.startsWith('../') || /[\0\n\r]/.test(path))
    throw new Refused(`'${path}' is not a path inside the repository`);
  return `./${normal}`;
}

/** A `--set` assignment (Argo CD parameters): one argv token, `--set=name=value`, so it cannot be an option. */
export function setting(flag: '--set' | '--set-string', name: string, value: string): string {
  if (name === '' || /[\0\n\r]/.test(name) || /[\0]/.test(value))
    throw new Refused(`'${name}' is not a Helm value path`);
  return `${flag}=${name}=${value}`;
}

// ---------------------------------------------------------------------------------------------
// Environments. Nothing of the caller's environment passes but what is named here: no token, no
// GITHUB_*, INPUT_*, ACTIONS_* or RUNNER_* variable reaches a program.

const pick = (names: readonly string[]) =>
  Object.fromEntries(names.flatMap((n) => (process.env[n] ? [[n, process.env[n]!]] : [])));

const PROXY = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];

/**
 * git reads the trusted clone's own configuration (its HOME for `safe.directory`), and the
 * repository selection a caller such as a pre-commit hook makes.
 */
function gitEnv(network: boolean): Record<string, string> {
  return {
    ...pick(['PATH', 'HOME', 'TMPDIR', 'XDG_CONFIG_HOME', 'GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']),
    ...(network ? pick([...PROXY, 'SSH_AUTH_SOCK']) : {}),
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
  };
}

/**
 * kustomize, kubectl and helm are Go programs whose collector, at its default, runs each time the
 * heap doubles: a build that lives a fraction of a second spends about a sixth of its CPU collecting.
 * Collecting at five times the live heap, and harder as it nears a limit under the memory cap,
 * spends that CPU on the builds, and stops no build for garbage not yet collected. A check builds
 * both revisions at once, each as many at a time as there are cores, so each build's collector
 * gets its share of them (docs/performance.md, stop 57).
 */
const GO_RUNTIME = {
  GOGC: '400',
  GOMEMLIMIT: `${Math.floor((RENDER_LIMITS.maxMemoryBytes * 3) / 4 / MiB)}MiB`,
  GOMAXPROCS: String(Math.max(1, Math.floor(availableParallelism() / 2))),
};

/**
 * A renderer's environment: its homes inside `home` (a fresh temporary directory), no kubeconfig,
 * no plugins, and a PATH that holds no program at all, so kustomize cannot start git (remote
 * bases) or anything else. Proxy settings only for a fetch the trusted side asked for.
 */
export function rendererEnv(home: string, network = false): Record<string, string> {
  return {
    PATH: join(home, 'bin'),
    HOME: home,
    TMPDIR: home,
    HELM_CACHE_HOME: join(home, 'cache'),
    HELM_CONFIG_HOME: join(home, 'config'),
    HELM_DATA_HOME: join(home, 'data'),
    HELM_PLUGINS: join(home, 'plugins'),
    HELM_NO_PLUGINS: '1',
    KUBECONFIG: '/dev/null',
    LC_ALL: 'C',
    ...GO_RUNTIME,
    ...(network ? pick([...PROXY, 'SSL_CERT_FILE', 'SSL_CERT_DIR']) : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// This tool's own temporary trees.

/**
 * Removes a tree this run wrote (never a repository path) in a process of its own: node's
 * recursive removal runs a callback on the main thread for every entry, while the run parses what
 * was built there.
 */
export function removeTree(dir: string): Invocation {
  return {
    program: tool('rm'),
    args: ['-rf', '--', dir],
    cwd: dirname(dir),
    env: { LC_ALL: 'C' },
    limits: { timeoutMs: 5 * 60_000, maxOutputBytes: MiB },
  };
}

// ---------------------------------------------------------------------------------------------
// git. Settings that switch off every program a repository (or a runner's configuration that its
// .gitattributes can select) could name: no external diff, no fsmonitor, no hooks, no textconv.

const GIT_SAFE = ['-c', 'core.fsmonitor=false', '-c', 'diff.external=', '-c', 'core.hooksPath=/dev/null'];

const literal = (paths: readonly string[]) => paths.map((p) => `:(literal)${p}`);

/**
 * git's fixed-string search scans once per needle: on a 20,000-file clone 1 name takes 0.3 s, 200 take
 * 1.3 s and 2,000 take 10.5 s. Beyond a few needles they are searched as alternations of escaped
 * strings, a few hundred to a pattern, which scan once (200: 0.4 s, 2,000: 0.6 s). Under LC_ALL=C
 * a pattern is bytes, so any name escapes the same way.
 */
const FIXED_NEEDLES = 8;
const PER_ALTERNATION = 500;
const alternations = (needles: readonly string[]): string[] => {
  const escaped = needles.map((n) => n.replace(/[.[\\()*+?{|^$]/g, '\\$&'));
  return Array.from({ length: Math.ceil(escaped.length / PER_ALTERNATION) }, (_, i) =>
    escaped.slice(i * PER_ALTERNATION, (i + 1) * PER_ALTERNATION).join('|'),
  );
};

function gitCall(cwd: string, args: string[], network = false): Invocation {
  return {
    program: tool('git'),
    args: [...GIT_SAFE, ...args],
    cwd,
    env: gitEnv(network),
    limits: GIT_LIMITS,
  };
}

export const git = {
  /** The top of the work tree `dir` is in. */
  toplevel: (dir: string) => gitCall(dir, ['rev-parse', '--show-toplevel']),
  remotes: (dir: string) => gitCall(dir, ['config', '--get-regexp', '^remote\\..*\\.url$']),
  commonDir: (dir: string) => gitCall(dir, ['rev-parse', '--path-format=absolute', '--git-common-dir']),
  tree: (dir: string, rev: string) =>
    gitCall(dir, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${commitId(rev)}^{tree}`]),
  /** The remote's default branch as the clone recorded it (`refs/remotes/origin/main`), if it did. */
  originHead: (dir: string) => gitCall(dir, ['symbolic-ref', '--quiet', 'refs/remotes/origin/HEAD']),
  mergeBase: (dir: string, a: string, b: string) =>
    gitCall(dir, ['merge-base', '--end-of-options', commitId(a), commitId(b)]),
  /** Commits by id from `origin`, without their history: the trusted checkout's remote and credentials. */
  fetchCommits: (dir: string, shas: readonly string[]) =>
    gitCall(
      dir,
      [
        'fetch',
        '--quiet',
        '--no-tags',
        '--no-recurse-submodules',
        '--depth=1',
        'origin',
        ...shas.map(commitId),
      ],
      true,
    ),
  /** Mode, type, id, size and path of files at a commit (`paths` literal; none: the whole tree). */
  lsTree: (root: string, rev: string, paths?: readonly string[]) =>
    gitCall(root, [
      'ls-tree',
      '-r',
      '-l',
      '-z',
      '--full-tree',
      commitId(rev),
      ...(paths ? ['--', ...literal(paths)] : []),
    ]),
  /** Mode, type, id and path of every file at a commit: no sizes, so git reads no object but the trees. */
  lsTreeModes: (root: string, rev: string) =>
    gitCall(root, ['ls-tree', '-r', '-z', '--full-tree', commitId(rev)]),
  /**
   * Changed paths with both sides' modes and blob ids (`--raw`), so they are read without an
   * `ls-tree`. Finding renames reads the content of added and deleted files. Paths are from the top
   * whatever `dir` is in the work tree: a user's `diff.relative` is not asked.
   */
  diffRaw: (dir: string, base: string, head: string | null, renames = true) =>
    gitCall(dir, [
      '-c',
      'diff.relative=false',
      'diff',
      '--raw',
      '--no-abbrev',
      '-z',
      renames ? '-M' : '--no-renames',
      '--no-ext-diff',
      '--no-textconv',
      commitId(base),
      ...(head ? [commitId(head)] : []),
      '--',
    ]),
  diffPatch: (root: string, base: string, head: string) =>
    gitCall(root, [
      'diff',
      '-U3',
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      '--no-renames',
      commitId(base),
      commitId(head),
      '--',
    ]),
  /**
   * Files holding any of `needles` as a fixed string. The patterns go through stdin: a monorepo
   * change can name more configs than a command line holds, and no pattern is ever an argument.
   * `-a`: a `.gitattributes` that marks manifests binary must not hide them.
   */
  /** At commits (one tree walk each, one start for all) or, for `null`, the working tree. */
  grep: (
    root: string,
    revs: readonly string[] | null,
    needles: readonly string[],
    scope: readonly string[],
  ) => {
    const lines = [...new Set(needles.flatMap((n) => n.split('\n')).filter(Boolean))];
    const alternated = lines.length > FIXED_NEEDLES;
    return {
      ...gitCall(root, [
        'grep',
        '-l',
        '-z',
        '-a',
        '--no-textconv',
        alternated ? '-E' : '-F',
        '-f',
        '-',
        ...(revs === null ? ['--untracked'] : revs.map(commitId)),
        '--',
        ...scope,
      ]),
      stdin: (alternated ? alternations(lines) : lines).join('\n') + '\n',
    };
  },
  /** Non-empty files with one of these names, in any directory. */
  named: (root: string, rev: string | null, names: readonly string[]) =>
    gitCall(root, [
      'grep',
      '-l',
      '-z',
      '-a',
      '--no-textconv',
      '-e',
      '',
      ...(rev === null ? ['--untracked'] : [commitId(rev)]),
      '--',
      ...names.map((n) => `:(glob)**/${n}`),
    ]),
  /** The working tree's files: tracked, and untracked but not ignored. */
  workingFiles: (root: string, untrackedOnly = false) =>
    gitCall(root, [
      'ls-files',
      '-z',
      ...(untrackedOnly ? [] : ['--cached']),
      '--others',
      '--exclude-standard',
      '--',
    ]),
  /** The index's files with their modes (`-s`): which tracked files are symbolic links. */
  stagedModes: (root: string) => gitCall(root, ['ls-files', '-z', '-s', '--cached', '--']),
  catFileBatch: (root: string) => gitCall(root, ['cat-file', '--batch']),
  /** A bare repository of this tool's cache, for remote bases. */
  initBare: (dir: string) => gitCall(dir, ['init', '--quiet', '--bare', '.']),
  /**
   * One ref of a remote base a trusted source names, into the cache's bare repository: the one
   * network call git makes for a render, after `--end-of-options`.
   */
  fetchRef: (
    bare: string,
    url: string,
    ref: string | null,
    login: { username: string; password: string } | null = null,
  ) => {
    if (!/^((https?|ssh|git|file):\/\/[^\s]+|git@[A-Za-z0-9.-]+:[^\s]+)$/.test(url))
      throw new Refused(`'${url}' is not a git URL`);
    if (ref !== null && !/^[A-Za-z0-9._][A-Za-z0-9._/-]*$/.test(ref))
      throw new Refused(`'${ref}' is not a git ref`);
    const call = gitCall(
      bare,
      ['fetch', '--quiet', '--no-tags', '--depth=1', '--end-of-options', url, ref ?? 'HEAD'],
      true,
    );
    // A login goes in the environment (never an argv), as a header git sends to this URL only.
    if (login && /^https?:\/\//.test(url))
      Object.assign(call.env, {
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: `http.${url}.extraHeader`,
        GIT_CONFIG_VALUE_0: `Authorization: Basic ${Buffer.from(`${login.username}:${login.password}`).toString('base64')}`,
      });
    return call;
  },
};

// ---------------------------------------------------------------------------------------------
// Renderers.

export const kustomize = {
  /** `kustomize build` or `kubectl kustomize`, with no plugins: no exec or container function runs. */
  build: (
    tool: KustomizeTool,
    tree: string,
    home: string,
    dir: string,
    helm: string | null,
    timeoutMs: number,
  ): Invocation => ({
    program: tool.program,
    args: [
      ...tool.args,
      '--load-restrictor',
      'LoadRestrictionsNone',
      ...(helm ? ['--enable-helm', '--helm-command', helm] : []),
      treePath(dir),
    ],
    cwd: tree,
    env: rendererEnv(home),
    limits: { timeoutMs, ...RENDER_LIMITS },
  }),
  version: (program: string, args: string[], home: string): Invocation => ({
    program,
    args,
    cwd: home,
    env: rendererEnv(home),
    limits: { timeoutMs: 30_000, maxOutputBytes: MiB },
  }),
};

export interface KustomizeTool {
  program: string;
  /** `build` for kustomize, `kustomize` for kubectl. */
  args: string[];
}

export interface HelmTemplate {
  release: string;
  chart: string;
  namespace: string | null;
  valueFiles: readonly string[];
  sets: readonly { name: string; value: string; string: boolean }[];
  /** `.Capabilities.KubeVersion`; helm's own default when null. */
  kubeVersion: string | null;
}

/** A chart to pull: from an HTTP(S) chart repository by name, or an OCI reference. */
export interface HelmPull {
  /** `https://charts.example.org` (with `chart`), or `oci://registry/path/chart`. */
  repository: string;
  chart: string;
  oci: boolean;
  /** An exact version, a semver range, or null for the newest. */
  version: string | null;
  /** `sha256:…`: an OCI manifest digest, pulled by digest. */
  digest: string | null;
  plainHttp: boolean;
}

const URL_GRAMMAR = /^(oci|https?):\/\/[A-Za-z0-9.-]+(:\d+)?(\/[A-Za-z0-9._~%!$&'()*+,;=:@-]*)*$/;
const CHART_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const VERSION_GRAMMAR = /^[A-Za-z0-9^~<>=*.,| +-]+$/;

/** The name a fetch's own `repositories.yaml` gives a chart repository it logs in to. */
export const LOGGED_IN_REPOSITORY = 'crg-source';

export const helm = {
  /**
   * `helm pull` of a chart a trusted source names, into `destination`: the one network call a
   * renderer makes, with proxy settings and nothing else of the environment.
   */
  pull: (
    program: string,
    destination: string,
    home: string,
    p: HelmPull,
    loggedIn: boolean,
    timeoutMs: number,
  ): Invocation => {
    if (!URL_GRAMMAR.test(p.repository)) throw new Refused(`'${p.repository}' is not a chart repository URL`);
    if (!CHART_NAME.test(p.chart)) throw new Refused(`'${p.chart}' is not a chart name`);
    if (p.version !== null && !VERSION_GRAMMAR.test(p.version))
      throw new Refused(`'${p.version}' is not a chart version`);
    if (p.digest !== null && !/^sha256:[0-9a-f]{64}$/.test(p.digest))
      throw new Refused(`'${p.digest}' is not a digest`);
    // A chart repository with a login is the one `repositories.yaml` names (see `repoUpdate`).
    const named = !p.oci && loggedIn;
    const ref = p.oci
      ? p.digest
        ? `${p.repository}@${p.digest}`
        : p.repository
      : named
        ? `${LOGGED_IN_REPOSITORY}/${p.chart}`
        : p.chart;
    return {
      program,
      args: [
        'pull',
        `--destination=${destination}`,
        ...(p.version !== null && !p.digest ? [`--version=${p.version}`] : []),
        ...(p.oci || named ? [] : [`--repo=${p.repository}`]),
        ...(p.plainHttp && p.oci ? ['--plain-http'] : []),
        '--',
        ref,
      ],
      cwd: home,
      env: rendererEnv(home, true),
      limits: { timeoutMs, maxOutputBytes: MiB, maxMemoryBytes: RENDER_LIMITS.maxMemoryBytes },
    };
  },
  /** The index of the one repository the fetch's `repositories.yaml` names, read with its login. */
  repoUpdate: (program: string, home: string, timeoutMs: number): Invocation => ({
    program,
    args: ['repo', 'update', '--', LOGGED_IN_REPOSITORY],
    cwd: home,
    env: rendererEnv(home, true),
    limits: { timeoutMs, maxOutputBytes: MiB },
  }),
  version: (program: string, home: string): Invocation => ({
    program,
    args: ['version', '--short'],
    cwd: home,
    env: rendererEnv(home),
    limits: { timeoutMs: 30_000, maxOutputBytes: MiB },
  }),
  /**
   * `helm dependency list` of a chart directory in the tree: helm's word on each dependency in its
   * `charts/` against the version Chart.yaml asks for. It reads only the tree.
   */
  dependencyList: (program: string, tree: string, home: string, chart: string): Invocation => ({
    program,
    args: ['dependency', 'list', '--', treePath(chart)],
    cwd: tree,
    env: rendererEnv(home),
    limits: { timeoutMs: 30_000, maxOutputBytes: MiB },
  }),
  /** `helm template` of a chart directory in the tree: flags first, then `--`, then release and chart. */
  template: (
    program: string,
    tree: string,
    home: string,
    t: HelmTemplate,
    timeoutMs: number,
  ): Invocation => ({
    program,
    args: [
      'template',
      '--skip-tests',
      ...(t.namespace ? ['--namespace', namespaceName(t.namespace)] : []),
      ...(t.kubeVersion ? [`--kube-version=${kubeVersion(t.kubeVersion)}`] : []),
      ...t.valueFiles.map((f) => `--values=${treePath(f)}`),
      ...t.sets.map((s) => setting(s.string ? '--set-string' : '--set', s.name, s.value)),
      '--',
      releaseName(t.release),
      treePath(t.chart),
    ],
    cwd: tree,
    env: rendererEnv(home),
    limits: { timeoutMs, ...RENDER_LIMITS },
  }),
};

// ---------------------------------------------------------------------------------------------
// Programs.

const found = new Map<string, string>();

/** A program by name on the caller's PATH (cached): git, the default kustomize, kubectl and helm. */
export function tool(name: string): string {
  const known = found.get(name);
  if (known) return known;
  const path = onPath(name, null);
  // An unresolvable name still fails cleanly at spawn, with the name in the message.
  found.set(name, path ?? name);
  return path ?? name;
}

/**
 * The program to run for a renderer: `given` (a flag, an input or the trusted configuration), else
 * the first of `defaults` on PATH. Never a file inside the repository being checked, and never
 * found through a PATH entry inside it: a pull request could replace either.
 */
export function findProgram(
  given: string | null,
  defaults: readonly string[],
  repositoryRoot: string,
): { program: string; name: string } | { error: string } {
  const inside = (path: string) => {
    const real = realOrSelf(path);
    const rel = relative(realOrSelf(repositoryRoot), real);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  };
  if (given) {
    const path = given.includes('/') ? resolve(given) : onPath(given, repositoryRoot);
    if (!path || !executable(path)) return { error: `${given} is not an executable program.` };
    if (inside(path))
      return {
        error: `${given} is inside the repository being checked, which a pull request can change; install the tool outside it.`,
      };
    return { program: realOrSelf(path), name: given };
  }
  for (const name of defaults) {
    const path = onPath(name, repositoryRoot);
    if (path) return { program: path, name };
  }
  return { error: `none of ${defaults.join(', ')} is on PATH` };
}

function onPath(name: string, skipInside: string | null): string | null {
  const root = skipInside ? realOrSelf(skipInside) : null;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    if (root) {
      const rel = relative(root, realOrSelf(dir));
      if (rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))) continue;
    }
    const path = join(dir, name);
    if (executable(path)) return path;
  }
  return null;
}

function executable(path: string): boolean {
  try {
    // Most PATH entries do not hold the program: asked without an exception, which node builds,
    // stack and all, for each failed call (git is the ninth entry on a common PATH).
    if (!statSync(path, { throwIfNoEntry: false })?.isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
