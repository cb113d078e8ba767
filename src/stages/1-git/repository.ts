// `fs.promises` loads on first use: a check of commits reads no file of the working tree (run.ts).
import { constants, promises as fs } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { BlobReader } from './blob-reader.js';
import { UsageError } from '../../model/errors.js';
import { trimBoth } from '../../model/text.js';
import { git, type Invocation } from '../../programs/invocation.js';
import { execute, type Outcome } from '../../programs/run.js';

/** A commit SHA, or `null` for the working tree (tracked and untracked, not ignored, files). */
export type Revision = string | null;

export interface FileChange {
  basePath: string | null;
  headPath: string | null;
  /** A rename that leaves a regular file as it was: the same blob, the same mode. */
  moved?: true;
}

/** Up to this many paths, `rev:path` through the running reader beats a process that lists them. */
const FEW = 16;

/**
 * Up to this many paths (and bytes of them, for the command line), an `ls-tree` limited to them
 * walks only their trees; beyond, listing the whole tree once costs less. On a 20,000-file tree:
 * 215 paths 4 ms, 2,015 paths 52 ms, the whole tree 43 ms and then 2 MB to parse.
 */
const LISTED_BY_PATH = { paths: 2000, bytes: 256 * 1024 };

/** git's mode for a symbolic link. */
const SYMLINK = '120000';

/** A directory's mode as a tree object writes it; a file's is a regular file's or a link's. */
const TREE_MODE = '40000';
const isFileMode = (mode: string | undefined) =>
  mode !== undefined && (mode.startsWith('100') || mode === SYMLINK);

/** A directory's entries by name; null, none at that path; 'unknown', its tree is not in this clone. */
type Directory = Map<string, { mode: string; id: string }> | null | 'unknown';

/** A symbolic link's entry in `ls-tree -r -z` output (no sizes): its blob id and path. */
const LINK_ENTRY = /(?:^|\0)120000 blob ([0-9a-f]+)\t([^\0]*)/g;

/** A symbolic link's entry in `ls-files -s -z` output: its path. */
const STAGED_LINK = /(?:^|\0)120000 [0-9a-f]+ \d\t([^\0]*)/g;

/** One file of a commit's tree. */
interface TreeEntry {
  mode: string;
  type: string;
  id: string;
  /** Bytes of a blob, when an `ls-tree -l` listed it. */
  size?: number;
}

/** git failed where the run cannot go on: its first line of stderr. */
export class GitError extends Error {
  override name = 'GitError';
}

async function gitOut(invocation: Invocation, okCodes: readonly number[] = []): Promise<string> {
  const outcome = await execute(invocation);
  if (outcome.ok) return outcome.stdout.toString('utf8');
  // `git grep` exits 1 when nothing matches.
  const quiet = outcome.why === 'exit' && !outcome.stderr.trim();
  if (quiet && okCodes.some((c) => outcome.message === `exited with ${c}`)) return '';
  throw gitFailure(invocation, outcome);
}

/** What a git command that failed said, in one line. */
function gitFailure(invocation: Invocation, outcome: Extract<Outcome, { ok: false }>): GitError {
  const command = invocation.args.find((a) => !a.startsWith('-') && !a.includes('='));
  const first = outcome.why === 'exit' ? outcome.stderr.trim().split('\n')[0] : '';
  return new GitError(`git ${command} ${first ? `failed: ${first}` : outcome.message}`);
}

/** git grep's word for a file it could not search: its object is not in this clone. */
const UNSEARCHED = /^error: '(.+)': unable to read [0-9a-f]{40,64}$/;

/** The path git would trust, from its hint for a repository another user owns; null for any other failure. */
function untrusted(stderr: string): string | null {
  const hint = stderr.indexOf('safe.directory ', stderr.indexOf('dubious ownership'));
  if (!stderr.includes('dubious ownership') || hint < 0) return null;
  return (
    stderr
      .slice(hint + 'safe.directory '.length)
      .split('\n')[0]
      .trim() || null
  );
}

/** git diff's, when it could not read a file's content to find renames. */
const MISSING_OBJECT = /failed: fatal: unable to read [0-9a-f]{40,64}$/;

/**
 * The only place that talks to git. Everything above it asks questions in terms of revisions and
 * paths relative to the repository root, so the pipeline reads a commit and the working tree alike.
 * Every git command line is built in `programs/invocation.ts`.
 */
export class Repository {
  private blobs: BlobReader | null = null;
  private readonly trees = new Map<string, Promise<Map<string, TreeEntry>>>();
  /** Entries the diff named, by commit: the changed files are read without asking for them again. */
  private readonly diffed = new Map<string, Map<string, TreeEntry>>();
  private commonDir: Promise<string> | null = null;
  private readonly resolved = new Map<string, Promise<string>>();
  /** Searches, by revision, what they look for and where: one asked twice runs once. */
  private readonly searches = new Map<string, Promise<string[]>>();
  private readonly linksAt = new Map<Revision, Promise<Map<string, string>>>();
  /** Directories read through the reader, by commit and path (see `directory`). */
  private readonly directories = new Map<string, Promise<Directory>>();
  private remotes: Promise<Map<string, string>> | null = null;
  /** Untracked files of the working tree, listed once: the run reads the tree as it was then. */
  private untracked: Promise<string[]> | null = null;

  private topLevel: Promise<string> | null;

  /**
   * `dir` is where git finds the repository from. Commands that name no path (revisions, objects,
   * remotes, the merge base) run there: they mean the same from anywhere in the work tree.
   */
  private constructor(
    private readonly dir: string,
    top: string | null,
  ) {
    this.topLevel = top === null ? null : Promise.resolve(top);
  }

  /**
   * The repository `dir` is in, asked nothing yet. Commits and their files are read through one
   * `cat-file` started in `dir` (here, or by the caller before the engine loaded: `reader`); the top
   * of the work tree, which commands that take paths run from, is asked the first time one runs.
   * A check of a range that changes nothing starts one git process.
   */
  static open(dir: string, reader: BlobReader | null = null): Repository {
    const repo = new Repository(dir, null);
    repo.blobs = reader;
    return repo;
  }

  /** The top of the work tree: where paths are from, and where the working tree is read. */
  top(): Promise<string> {
    this.topLevel ??= execute(git.toplevel(this.dir)).then((outcome) => {
      if (outcome.ok) return outcome.stdout.toString('utf8').trim();
      // A repository another user owns (a container's mounted checkout) is one git refuses until it
      // is trusted: that is the user's call to make, and the step to say, not a wrong directory.
      const trust = outcome.why === 'exit' ? untrusted(outcome.stderr) : null;
      throw new UsageError(
        trust
          ? `git refuses to read ${this.dir}: another user owns it. If you trust it: git config --global --add safe.directory ${trust}`
          : `${this.dir} is not inside a git repository.`,
      );
    });
    return this.topLevel;
  }

  private reader(): BlobReader {
    return (this.blobs ??= new BlobReader(this.dir));
  }

  /** A bare repository (this tool's cache of a remote base), read like any other. */
  static bare(dir: string): Repository {
    return new Repository(dir, dir);
  }

  /**
   * The full SHA of `rev`, or a usage error that says how to make it available. A commit id that
   * resolved is asked of git once; a name (which can move) each time.
   */
  resolveCommit(rev: string): Promise<string> {
    let pending = this.resolved.get(rev);
    if (!pending) {
      pending = this.reader()
        .commit(rev)
        // The reader failed: outside a repository, the top says so in a sentence.
        .catch(async (error: unknown) => {
          await this.top();
          throw error;
        })
        .then((sha) => {
          // A missing commit may be fetched next, so only a commit id that resolved is kept; the id
          // a name resolved to is one (the check is handed the ids the CLI resolved).
          if (!sha || !/^[0-9a-f]{40,64}$/.test(rev)) this.resolved.delete(rev);
          if (sha) {
            if (!this.resolved.has(sha)) this.resolved.set(sha, Promise.resolve(sha));
            return sha;
          }
          throw new UsageError(
            `Revision '${rev}' is not a commit in ${resolve(this.dir)}. Fetch it first (in GitHub Actions: actions/checkout with fetch-depth: 0).`,
          );
        });
      this.resolved.set(rev, pending);
    }
    return pending;
  }

  async hasCommit(rev: string): Promise<boolean> {
    return this.resolveCommit(rev).then(
      () => true,
      () => false,
    );
  }

  /** The best common ancestor of two commits, or null when the history to find it is not here. */
  async mergeBase(a: string, b: string): Promise<string | null> {
    const out = await gitOut(git.mergeBase(this.dir, a, b)).catch(() => '');
    return out.trim() || null;
  }

  /**
   * Where a pull request from HEAD would start: the merge base of HEAD and the remote's default
   * branch (origin/HEAD, else origin/main, else origin/master), or null when there is none.
   */
  async defaultBase(): Promise<{ branch: string; commit: string } | null> {
    // Every candidate is asked at once: one process for origin/HEAD, one round trip of the reader.
    const tip = (branch: string) => this.resolveCommit(branch).catch(() => null);
    const fallbacks = new Map(['origin/main', 'origin/master'].map((branch) => [branch, tip(branch)]));
    const [recorded, head] = await Promise.all([
      gitOut(git.originHead(this.dir)).then(
        (out) => out.trim().replace(/^refs\/remotes\//, ''),
        () => '',
      ),
      tip('HEAD'),
    ]);
    if (!head) return null;
    for (const branch of [recorded, ...fallbacks.keys()]) {
      const at = branch ? await (fallbacks.get(branch) ?? tip(branch)) : null;
      if (!at) continue;
      const commit = await this.mergeBase(at, head);
      return commit ? { branch, commit } : null;
    }
    return null;
  }

  /** Fetches commits by SHA from `origin`, without their history: a shallow CI checkout needs only the trees. */
  async fetchCommits(shas: string[]): Promise<void> {
    await gitOut(git.fetchCommits(this.dir, shas));
    this.fetched();
  }

  /** What a fetch brought is asked of a new reader: the running one may have looked for it before. */
  fetched(): void {
    this.close();
  }

  /** The tree of a commit, and the mode of each of `paths` in it (a commit through the API must keep them). */
  async treeAndModes(rev: string, paths: string[]): Promise<{ tree: string; modes: Map<string, string> }> {
    const tree = (await gitOut(git.tree(this.dir, rev))).trim();
    const entries = await this.entries(rev, paths);
    return { tree, modes: new Map([...entries].map(([path, e]) => [path, e.mode])) };
  }

  /** Head-side line ranges of `git diff -U3 base head`: the lines GitHub lets a review comment on. */
  async diffLines(base: string, head: string): Promise<Map<string, [number, number][]>> {
    const out = await gitOut(git.diffPatch(await this.top(), base, head));
    const { parsePatch } = await import('diff');
    const ranges = new Map<string, [number, number][]>();
    // jsdiff reads git's headers as git writes them: C-quoted names (non-ASCII, quotes, tabs), the
    // tab after a name with a space.
    for (const patch of parsePatch(out)) {
      const name = patch.newFileName;
      if (!name || name === '/dev/null') continue;
      const file = name.replace(/^b\//, '');
      for (const hunk of patch.hunks)
        if (hunk.newLines > 0)
          ranges.set(file, [...(ranges.get(file) ?? []), [hunk.newStart, hunk.newStart + hunk.newLines - 1]]);
    }
    return ranges;
  }

  async changedFiles(base: string, head: Revision): Promise<FileChange[]> {
    // The diff names paths from the top wherever it runs (`diffRaw`), so it starts beside the
    // question of where the top is, which every step after it asks (the untracked files first).
    this.top().catch(() => undefined);
    const untracked = head === null ? this.untrackedFiles() : null;
    untracked?.catch(() => undefined);
    // A partial clone that cannot fetch an added or deleted file's content cannot pair renames; the
    // paths alone are enough (objects are paired by identity), and that file is read as not in the clone.
    const raw = await gitOut(git.diffRaw(this.dir, base, head)).catch((error: unknown) => {
      if (!MISSING_OBJECT.test((error as Error).message)) throw error;
      return gitOut(git.diffRaw(this.dir, base, head, false));
    });
    const fields = raw.split('\0');
    const changes: FileChange[] = [];
    const known = (rev: string) => this.diffed.get(rev) ?? this.diffed.set(rev, new Map()).get(rev)!;
    const remember = (rev: string | null, path: string | null, mode: string, id: string) => {
      // An all-zero id is a side the file is missing from, or a work-tree file git did not hash.
      if (rev && path && !/^0+$/.test(id))
        known(rev).set(path, { mode, type: mode === '160000' ? 'commit' : 'blob', id });
    };
    for (let i = 0; i < fields.length - 1;) {
      // `:MODE MODE ID ID STATUS`, then one path, or two for a rename or copy.
      const [baseMode, headMode, baseId, headId, status] = fields[i++].slice(1).split(' ');
      let basePath: string | null;
      let headPath: string | null;
      if (status.startsWith('R') || status.startsWith('C')) {
        const from = fields[i++];
        headPath = fields[i++];
        basePath = status.startsWith('R') ? from : null;
      } else {
        const path = fields[i++];
        basePath = status === 'A' ? null : path;
        headPath = status === 'D' ? null : path;
      }
      remember(base, basePath, baseMode, baseId);
      remember(head, headPath, headMode, headId);
      // A link moved as it was may lead elsewhere from its new place.
      const moved =
        status.startsWith('R') && baseId === headId && baseMode === headMode && baseMode !== SYMLINK;
      changes.push({ basePath, headPath, ...(moved ? { moved } : {}) });
    }
    for (const path of (await untracked) ?? []) changes.push({ basePath: null, headPath: path });
    return changes;
  }

  private untrackedFiles(): Promise<string[]> {
    this.untracked ??= this.top()
      .then((root) => gitOut(git.workingFiles(root, true)))
      .then((out) => out.split('\0').filter(Boolean));
    return this.untracked;
  }

  /**
   * Many files at once. From a commit, blobs are asked for by object id, pipelined through one
   * process: `rev:path` makes git walk the trees from the root for every file, ten times slower on
   * a large repository. From the working tree, reads go in bounded batches.
   */
  async readMany(rev: Revision, paths: readonly string[]): Promise<(string | null)[]> {
    return (await this.readBytes(rev, paths)).map((bytes) =>
      bytes === null ? null : bytes.toString('utf8'),
    );
  }

  /**
   * As readMany, as bytes: generator inputs can be binary. A symbolic link reads as git keeps it,
   * its target's path, in the working tree too: a link never makes this read a file elsewhere.
   */
  async readBytes(rev: Revision, paths: readonly string[]): Promise<(Buffer | null)[]> {
    if (rev === null) return (await this.readWorking(paths)).map((file) => file.bytes);
    // A few files nothing has listed yet (the configuration file) are asked for by `rev:path`.
    const diffed = this.diffed.get(rev);
    if (!this.trees.has(rev) && paths.length <= FEW && !paths.every((p) => diffed?.has(p))) {
      const blobs = this.reader();
      return Promise.all(paths.map((p) => blobs.read(`${rev}:${p}`)));
    }
    return this.readEntries(await this.entries(rev, paths), paths);
  }

  /**
   * As readBytes, and which of `paths` are symbolic links (their bytes are the link's target): what
   * a render tree, which holds regular files only, must not write, and a reading must not take for
   * a manifest.
   */
  async readTree(
    rev: Revision,
    paths: readonly string[],
  ): Promise<{ bytes: (Buffer | null)[]; links: Set<string>; missing: Set<string> }> {
    if (rev === null) {
      const files = await this.readWorking(paths);
      return {
        bytes: files.map((f) => f.bytes),
        links: new Set(paths.filter((_, i) => files[i].link)),
        missing: new Set(),
      };
    }
    const bytes = await this.readBytes(rev, paths);
    // A link's blob is its target's path, one line: only a file that reads as one is asked its
    // mode, so reading manifests lists nothing it would not list anyway. A file that reads as none
    // is asked whether the tree holds it: then its content is missing from this clone (a partial
    // clone that could not fetch it), which is no deletion.
    const oneLine = paths.filter((_, i) => bytes[i]?.length && !bytes[i]!.includes(0x0a));
    const none = paths.filter((_, i) => bytes[i] === null);
    const entries = await this.entries(rev, [...oneLine, ...none]);
    return {
      bytes,
      links: new Set(oneLine.filter((p) => entries.get(p)?.mode === SYMLINK)),
      missing: new Set(none.filter((p) => entries.get(p)?.type === 'blob')),
    };
  }

  /** Blobs by object id, pipelined through one process. */
  private async readEntries(entries: ReadonlyMap<string, TreeEntry>, paths: readonly string[]) {
    if (![...entries.values()].some((e) => e.type === 'blob')) return paths.map(() => null);
    const blobs = this.reader();
    return Promise.all(
      paths.map(async (path) => {
        const entry = entries.get(path);
        return entry?.type === 'blob' ? await blobs.read(entry.id) : null;
      }),
    );
  }

  /** Working-tree files in bounded batches; O_NOFOLLOW fails on a link (ELOOP), which is read as one. */
  private async readWorking(paths: readonly string[]): Promise<{ bytes: Buffer | null; link: boolean }[]> {
    const root = await this.top();
    const read = async (path: string) => {
      const at = join(root, path);
      try {
        return {
          bytes: await fs.readFile(at, { flag: constants.O_RDONLY | constants.O_NOFOLLOW }),
          link: false,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ELOOP') return { bytes: null, link: false };
        return { bytes: await fs.readlink(at, { encoding: 'buffer' }).catch(() => null), link: true };
      }
    };
    const files: { bytes: Buffer | null; link: boolean }[] = [];
    for (let i = 0; i < paths.length; i += 64)
      files.push(...(await Promise.all(paths.slice(i, i + 64).map(read))));
    return files;
  }

  /** The entries of `paths` at a commit: from the whole tree once it is listed, else by asking for them. */
  private async entries(rev: string, paths: readonly string[]): Promise<Map<string, TreeEntry>> {
    if (paths.length === 0) return new Map();
    const diffed = this.diffed.get(rev);
    if (diffed && paths.every((p) => diffed.has(p))) return diffed;
    const whole = this.trees.get(rev);
    if (whole) return whole;
    const bytes = paths.reduce((sum, p) => sum + p.length, 0);
    if (paths.length > LISTED_BY_PATH.paths || bytes > LISTED_BY_PATH.bytes) return this.tree(rev);
    return parseTree(await gitOut(git.lsTree(await this.top(), rev, paths)));
  }

  /** Every file of a commit's tree, listed once per revision. */
  private tree(rev: string): Promise<Map<string, TreeEntry>> {
    let listed = this.trees.get(rev);
    if (!listed) {
      listed = this.top()
        .then((root) => gitOut(git.lsTree(root, rev)))
        .then(parseTree);
      this.trees.set(rev, listed);
    }
    return listed;
  }

  /**
   * Files at `rev` that contain any of `needles` as a fixed string. One `git grep` for all of them,
   * over the files `scope` names (pathspecs; empty: every file). An answer is kept for the run: a
   * search begun early (before the engine loads, or before discovery asks) is the one its asker
   * gets, the working tree's as it was then.
   */
  grep(rev: Revision, needles: readonly string[], scope: readonly string[] = []): Promise<string[]> {
    return this.grepEach([rev], needles, scope)[0];
  }

  /**
   * `grep` at each of `revs`. The commits not searched yet for these needles are searched by one
   * `git grep`, which walks their trees as one process each would and starts once (discovery asks
   * at base and head alike).
   */
  grepEach(
    revs: readonly Revision[],
    needles: readonly string[],
    scope: readonly string[] = [],
  ): Promise<string[]>[] {
    if (needles.length === 0) return revs.map(() => Promise.resolve([]));
    const sorted = [...new Set(needles)].sort();
    const key = (rev: Revision) => JSON.stringify([rev, scope, sorted]);
    const fresh = [...new Set(revs)].filter((rev) => !this.searches.has(key(rev)));
    const commits = fresh.filter((rev) => rev !== null);
    for (const at of [...(commits.length ? [commits] : []), ...(fresh.includes(null) ? [null] : [])]) {
      const found = this.top().then((root) => searched(git.grep(root, at, needles, scope), at));
      const answer = (rev: Revision) => found.then((byRev) => byRev.get(rev)!);
      for (const rev of at ?? [null]) this.searches.set(key(rev), answer(rev));
    }
    return revs.map((rev) => this.searches.get(key(rev))!);
  }

  /**
   * Non-empty files at `rev` whose name is one of `names`, in any directory, and those whose
   * content this clone lacks (reading one says so). git walks only the trees and reads only the
   * matching blobs, so this stays cheap on a large repository; a commit whose whole tree is listed
   * already, or being listed (kustomize's discovery lists it beside this), is answered from that
   * listing without a process of its own.
   */
  async findByName(rev: Revision, fileNames: readonly string[]): Promise<string[]> {
    const listed = rev === null ? undefined : this.trees.get(rev);
    if (listed)
      return [...(await listed)]
        .filter(
          // `ls-tree -l` gives no size for a blob it cannot read.
          ([path, e]) => e.type === 'blob' && !(e.size! <= 0) && fileNames.includes(posix.basename(path)),
        )
        .map(([path]) => path);
    return (await searched(git.named(await this.top(), rev, fileNames), rev === null ? null : [rev])).get(
      rev,
    )!;
  }

  /** Which of `paths` are files at `rev`. */
  async existing(rev: Revision, paths: readonly string[]): Promise<string[]> {
    if (paths.length === 0) return [];
    if (rev === null) {
      const root = await this.top();
      const found = await Promise.all(
        paths.map((p) =>
          fs.stat(join(root, p)).then(
            () => p,
            () => null,
          ),
        ),
      );
      return found.filter((p): p is string => p !== null);
    }
    // A few paths are asked of the reader already running, by the trees above them: no process
    // of their own, and a file is there whether or not this clone has its content (`rev:path`
    // reads the same for a file the commit lacks and one a partial clone could not fetch). A
    // directory whose tree the clone lacks may hold anything: its paths count as there.
    if (!this.trees.has(rev) && paths.length <= 200) {
      const found = await Promise.all(
        paths.map(async (p) => {
          const dir = await this.directory(rev, posix.dirname(p));
          return dir === 'unknown' || isFileMode(dir?.get(posix.basename(p))?.mode);
        }),
      );
      return paths.filter((_, i) => found[i]);
    }
    const entries = await this.entries(rev, paths);
    return paths.filter((p) => entries.has(p));
  }

  /**
   * What directory `dir` holds at commit `rev`: null when there is no such directory, 'unknown'
   * when its tree is not in this clone (its parent lists it, or the parent is unknown too). Every
   * directory on the way is asked of the running reader at once, so a path costs one round trip.
   */
  private directory(rev: string, dir: string): Promise<Directory> {
    const key = `${rev}\0${dir}`;
    let found = this.directories.get(key);
    if (!found) {
      const blobs = this.reader();
      const own = blobs.tree(dir === '.' ? `${rev}^{tree}` : `${rev}:${dir}`);
      const parent = dir === '.' ? null : this.directory(rev, posix.dirname(dir));
      found = (async (): Promise<Directory> => {
        const entries = await own;
        if (entries) return entries;
        // The top tree of a commit this clone has is always there: missing, it is not known.
        if (parent === null) return 'unknown';
        const above = await parent;
        if (above === null || above === 'unknown') return above;
        return above.get(posix.basename(dir))?.mode === TREE_MODE ? 'unknown' : null;
      })();
      this.directories.set(key, found);
    }
    return found;
  }

  /**
   * Every symbolic link of a revision, with the path it holds (as git keeps it, unresolved). At a
   * commit, from the tree's listing (its own, without sizes, when the tree is not listed yet: a
   * check's root pre-check asks before any discovery) and one read of each link's blob; in the
   * working tree, from the index and the untracked files (see workingLinks).
   */
  links(rev: Revision): Promise<Map<string, string>> {
    let found = this.linksAt.get(rev);
    if (!found) {
      found = rev === null ? this.workingLinks() : this.committedLinks(rev);
      this.linksAt.set(rev, found);
    }
    return found;
  }

  private async committedLinks(rev: string): Promise<Map<string, string>> {
    const listed = this.trees.get(rev);
    const ids = new Map<string, string>();
    if (listed) {
      for (const [path, e] of await listed) if (e.mode === SYMLINK) ids.set(path, e.id);
    } else {
      for (const [, id, path] of (await gitOut(git.lsTreeModes(await this.top(), rev))).matchAll(LINK_ENTRY))
        ids.set(path, id);
    }
    if (ids.size === 0) return new Map();
    const blobs = this.reader();
    const targets = await Promise.all([...ids.values()].map((id) => blobs.read(id)));
    return new Map(
      [...ids.keys()].flatMap((path, i) => (targets[i] ? [[path, targets[i]!.toString('utf8')]] : [])),
    );
  }

  /**
   * The index says which tracked files are links (lstat on every file costs a large tree a tenth of
   * a second); untracked files are asked one by one, and each is read with `O_NOFOLLOW`, so only what
   * is a link on disk counts. A tracked file turned into a link and not staged is a changed file:
   * reading it says it is a link (readTree).
   */
  private async workingLinks(): Promise<Map<string, string>> {
    const root = await this.top();
    const [staged, others] = await Promise.all([gitOut(git.stagedModes(root)), this.untrackedFiles()]);
    const found = [...staged.matchAll(STAGED_LINK)].map((m) => m[1]);
    for (let i = 0; i < others.length; i += 256) {
      const batch = others.slice(i, i + 256);
      const stats = await Promise.all(batch.map((f) => fs.lstat(join(root, f)).catch(() => null)));
      found.push(...batch.filter((_, j) => stats[j]?.isSymbolicLink()));
    }
    const targets = await this.readWorking(found);
    return new Map(
      found.flatMap((f, i) =>
        targets[i].link && targets[i].bytes ? [[f, targets[i].bytes!.toString('utf8')]] : [],
      ),
    );
  }

  async listFiles(rev: Revision): Promise<string[]> {
    if (rev === null)
      return [...new Set((await gitOut(git.workingFiles(await this.top()))).split('\0').filter(Boolean))];
    return [...(await this.tree(rev)).entries()].filter(([, e]) => e.type === 'blob').map(([path]) => path);
  }

  /** The URLs of this clone's remotes: how an Argo CD source names this very repository. */
  async ownUrls(): Promise<string[]> {
    return [...(await this.remoteUrlsByName()).values()];
  }

  /** origin as a web address (no credentials, no `.git`), or null when there is none. */
  async originWebUrl(): Promise<string | null> {
    const url = (await this.remoteUrlsByName()).get('origin');
    return url ? webUrl(url) : null;
  }

  private remoteUrlsByName(): Promise<Map<string, string>> {
    // `remote.<name>.url <url>` per line.
    this.remotes ??= gitOut(git.remotes(this.dir), [1]).then(
      (out) =>
        new Map(
          out
            .split('\n')
            .filter((line) => line.includes(' '))
            .map((line) => {
              const space = line.indexOf(' ');
              return [
                line.slice('remote.'.length, space - '.url'.length),
                line.slice(space + 1).trim(),
              ] as const;
            }),
        ),
    );
    return this.remotes;
  }

  /** A Git LFS object from this clone's own store, by its SHA-256, or null when it was never fetched. */
  async lfsObject(oid: string): Promise<Buffer | null> {
    if (!/^[0-9a-f]{64}$/.test(oid)) return null;
    this.commonDir ??= gitOut(git.commonDir(this.dir)).then((out) => out.trim());
    const path = join(await this.commonDir, 'lfs', 'objects', oid.slice(0, 2), oid.slice(2, 4), oid);
    return fs.readFile(path).catch(() => null);
  }

  close(): void {
    this.blobs?.close();
    this.blobs = null;
  }
}

/** `git ls-tree -r -l -z` output: `<mode> <type> <id> <size>\t<path>` per entry. */
function parseTree(out: string): Map<string, TreeEntry> {
  const entries = new Map<string, TreeEntry>();
  for (const line of out.split('\0')) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type, id, size] = line.slice(0, tab).split(/ +/);
    entries.set(line.slice(tab + 1), { mode, type, id, size: Number(size) });
  }
  return entries;
}

/**
 * The files a `git grep -l` names. A file whose content is missing from this clone (a partial
 * clone that could not fetch it) cannot be searched: git says so and goes on. It may hold what was
 * searched for, so it is among the files found, and reading it says why it is not checked. git
 * exits 1 when nothing matches: then anything else it said is a failure.
 */
async function searched(
  invocation: Invocation,
  revs: readonly string[] | null,
): Promise<Map<Revision, string[]>> {
  const outcome = await execute(invocation);
  const said = outcome.stderr.split('\n').filter(Boolean);
  const unsearched = said.flatMap((line) => UNSEARCHED.exec(line)?.[1] ?? []);
  if (!outcome.ok && !(outcome.message === 'exited with 1' && unsearched.length === said.length))
    throw gitFailure(invocation, outcome);
  const found = outcome.ok ? outcome.stdout.toString('utf8') : '';
  return byRevision([found, ...unsearched].join('\0'), revs);
}

/**
 * `git grep -l` names by the revision they were found at: at commits, the `rev:` before each says
 * which. A name without one (none is expected) counts at every revision searched.
 */
function byRevision(out: string, revs: readonly string[] | null): Map<Revision, string[]> {
  const found = new Map<Revision, Set<string>>((revs ?? [null]).map((rev) => [rev, new Set()]));
  for (const name of out.split('\0').filter(Boolean)) {
    const rev = revs?.find((r) => name.startsWith(`${r}:`));
    if (rev === undefined) for (const names of found.values()) names.add(name);
    else found.get(rev)!.add(name.slice(rev.length + 1));
  }
  return new Map([...found].map(([rev, names]) => [rev, [...names]]));
}

/**
 * The web address of a remote URL: `git@host:owner/repo.git`, `ssh://git@host/owner/repo` and
 * `https://user:token@host/owner/repo.git` all become `https://host/owner/repo`. Credentials never
 * survive; a URL of another kind (a local path, `file://`) has none.
 */
export function webUrl(remote: string): string | null {
  const scp = remote.includes('://') ? null : /^(?:[\w.-]+@)?([\w.-]+):(.+)$/.exec(remote);
  let origin: string;
  let path: string;
  if (scp) {
    origin = `https://${scp[1]}`;
    path = scp[2];
  } else {
    let url: URL;
    try {
      url = new URL(remote);
    } catch {
      return null;
    }
    if (url.protocol === 'http:' || url.protocol === 'https:') origin = `${url.protocol}//${url.host}`;
    else if (url.protocol === 'ssh:' || url.protocol === 'git:') origin = `https://${url.hostname}`;
    else return null;
    path = url.pathname;
  }
  path = trimBoth(path, '/').replace(/\.git$/, '');
  return path ? `${origin}/${path}` : null;
}
