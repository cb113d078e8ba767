import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePatch } from 'diff';
import { simpleGit, type SimpleGit } from 'simple-git';
import { BlobReader } from './blob-reader.js';
import { UsageError } from '../../model/errors.js';

/** A commit SHA, or `null` for the working tree (tracked and untracked, not ignored, files). */
export type Revision = string | null;

export interface FileChange {
  basePath: string | null;
  headPath: string | null;
}

/**
 * Settings for every git command: nothing the checked repository (or a runner's configuration
 * that its `.gitattributes` can select) names is run — no external diff, no fsmonitor, no hooks.
 * Commands that can show content also pass `--no-ext-diff --no-textconv`.
 */
const SAFE_CONFIG = ['core.fsmonitor=false', 'diff.external=', 'core.hooksPath=/dev/null'];
// simple-git refuses to pass these keys at all, to stop callers from injecting a program; we pass
// only the values above, which switch the programs off.
const SAFE = {
  config: SAFE_CONFIG,
  unsafe: { allowUnsafeFsMonitor: true, allowUnsafeDiffExternal: true, allowUnsafeHooksPath: true },
};

/**
 * The only place that talks to git. Everything above it asks questions in terms of revisions and
 * paths relative to the repository root, so the pipeline reads a commit and the working tree alike.
 */
export class Repository {
  private blobs: BlobReader | null = null;

  private constructor(
    readonly root: string,
    private readonly git: SimpleGit,
  ) {}

  static async open(dir: string): Promise<Repository> {
    let root: string;
    try {
      // simple-git throws at construction for a directory that does not exist: the same message then.
      root = (await simpleGit({ baseDir: dir, ...SAFE }).revparse(['--show-toplevel'])).trim();
    } catch {
      throw new UsageError(`${dir} is not inside a git repository.`);
    }
    return new Repository(root, simpleGit({ baseDir: root, ...SAFE }));
  }

  /** The full SHA of `rev`, or a usage error that says how to make it available. */
  async resolveCommit(rev: string): Promise<string> {
    // `--verify --quiet` exits 1 and prints nothing for an unknown revision, which simple-git does not treat as failure.
    const sha = await this.git
      .revparse(['--verify', '--quiet', '--end-of-options', `${rev}^{commit}`])
      .then((out) => out.trim())
      .catch(() => '');
    if (!/^[0-9a-f]{40,64}$/.test(sha)) {
      throw new UsageError(
        `Revision '${rev}' is not a commit in ${this.root}. Fetch it first (in GitHub Actions: actions/checkout with fetch-depth: 0).`,
      );
    }
    return sha;
  }

  async hasCommit(rev: string): Promise<boolean> {
    return this.resolveCommit(rev).then(
      () => true,
      () => false,
    );
  }

  /** The best common ancestor of two commits, or null when the history to find it is not here. */
  async mergeBase(a: string, b: string): Promise<string | null> {
    const out = await this.git.raw(['merge-base', a, b]).catch(() => '');
    return out.trim() || null;
  }

  /** Fetches commits by SHA from `origin`, without their history: a shallow CI checkout needs only the trees. */
  async fetchCommits(shas: string[]): Promise<void> {
    await this.git.raw([
      'fetch',
      '--quiet',
      '--no-tags',
      '--no-recurse-submodules',
      '--depth=1',
      'origin',
      ...shas,
    ]);
  }

  /** The tree of a commit, and the mode of each of `paths` in it (a commit through the API must keep them). */
  async treeAndModes(rev: string, paths: string[]): Promise<{ tree: string; modes: Map<string, string> }> {
    const tree = (await this.git.revparse([`${rev}^{tree}`])).trim();
    const modes = new Map<string, string>();
    if (paths.length) {
      const out = await this.git.raw(['ls-tree', '-z', rev, '--', ...paths]);
      for (const entry of out.split('\0').filter(Boolean)) {
        const [meta, path] = entry.split('\t');
        modes.set(path, meta.split(' ')[0]);
      }
    }
    return { tree, modes };
  }

  /** Head-side line ranges of `git diff -U3 base head`: the lines GitHub lets a review comment on. */
  async diffLines(base: string, head: string): Promise<Map<string, [number, number][]>> {
    const out = await this.git.raw([
      'diff',
      '-U3',
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      '--no-renames',
      base,
      head,
    ]);
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
    const args = ['diff', '--name-status', '-z', '-M', '--no-ext-diff', '--no-textconv', base];
    if (head) args.push(head);
    const fields = (await this.git.raw(args)).split('\0');
    const changes: FileChange[] = [];
    for (let i = 0; i < fields.length - 1;) {
      const status = fields[i++];
      if (status.startsWith('R') || status.startsWith('C')) {
        const from = fields[i++];
        const to = fields[i++];
        changes.push({ basePath: status.startsWith('R') ? from : null, headPath: to });
      } else {
        const path = fields[i++];
        changes.push({ basePath: status === 'A' ? null : path, headPath: status === 'D' ? null : path });
      }
    }
    if (head === null) {
      for (const path of await this.untracked()) changes.push({ basePath: null, headPath: path });
    }
    return changes;
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

  /** As readMany, as bytes: generator inputs can be binary. */
  async readBytes(rev: Revision, paths: readonly string[]): Promise<(Buffer | null)[]> {
    if (rev === null) {
      const contents: (Buffer | null)[] = [];
      for (let i = 0; i < paths.length; i += 64) {
        const batch = paths.slice(i, i + 64).map((path) => readFile(join(this.root, path)).catch(() => null));
        contents.push(...(await Promise.all(batch)));
      }
      return contents;
    }
    const ids = await this.blobIds(rev, paths);
    this.blobs ??= new BlobReader(this.root);
    const blobs = this.blobs;
    return Promise.all(
      paths.map(async (path) => {
        const id = ids.get(path);
        return id ? await blobs.read(id) : null;
      }),
    );
  }

  /** Path → blob id at `rev`, for the given paths (the whole tree when they are many). */
  private async blobIds(rev: string, paths: readonly string[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    if (paths.length === 0) return ids;
    const args = ['ls-tree', '-r', '-z', rev];
    if (paths.length <= 200) args.push('--', ...paths.map((p) => `:(literal)${p}`));
    for (const entry of (await this.git.raw(args)).split('\0')) {
      const tab = entry.indexOf('\t');
      const [, type, id] = entry.slice(0, tab).split(' ');
      if (type === 'blob') ids.set(entry.slice(tab + 1), id);
    }
    return ids;
  }

  /**
   * Files at `rev` that contain any of `needles` as a fixed string. One `git grep` for all of them,
   * over the files `scope` names (pathspecs; empty: every file).
   */
  async grep(rev: Revision, needles: string[], scope: readonly string[] = []): Promise<string[]> {
    if (needles.length === 0) return [];
    // Patterns go through a file: a monorepo change can name more configs than a command line holds.
    const dir = await mkdtemp(join(tmpdir(), 'crg-grep-'));
    try {
      const patterns = join(dir, 'patterns');
      await writeFile(patterns, needles.join('\n') + '\n');
      const args = ['grep', '-l', '-z', '-I', '-F', '-f', patterns];
      args.push(...(rev === null ? ['--untracked'] : [rev]));
      if (scope.length) args.push('--', ...scope);
      // git grep exits 1 with no output when nothing matches; simple-git reports that as an empty result.
      const out = await this.git.raw(args);
      const prefix = rev === null ? '' : `${rev}:`;
      return out
        .split('\0')
        .filter(Boolean)
        .map((name) => (name.startsWith(prefix) ? name.slice(prefix.length) : name));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Non-empty files at `rev` whose name is one of `names`, in any directory. git walks only the
   * trees and reads only the matching blobs, so this stays cheap on a large repository.
   */
  async findByName(rev: Revision, names: readonly string[]): Promise<string[]> {
    const specs = names.map((n) => `:(glob)**/${n}`);
    // ls-tree takes no glob pathspec; grep does, at a revision as in the working tree.
    const args = [
      'grep',
      '-l',
      '-z',
      '-I',
      '-e',
      '',
      ...(rev === null ? ['--untracked'] : [rev]),
      '--',
      ...specs,
    ];
    const prefix = rev === null ? '' : `${rev}:`;
    const out = await this.git.raw(args);
    return [
      ...new Set(
        out
          .split('\0')
          .filter(Boolean)
          .map((n) => (n.startsWith(prefix) ? n.slice(prefix.length) : n)),
      ),
    ];
  }

  async listFiles(rev: Revision): Promise<string[]> {
    const out =
      rev === null
        ? await this.git.raw(['ls-files', '-z', '--cached', '--others', '--exclude-standard'])
        : await this.git.raw(['ls-tree', '-r', '-z', '--name-only', rev]);
    return [...new Set(out.split('\0').filter(Boolean))];
  }

  close(): void {
    this.blobs?.close();
    this.blobs = null;
  }

  private async untracked(): Promise<string[]> {
    const out = await this.git.raw(['ls-files', '-z', '--others', '--exclude-standard']);
    return out.split('\0').filter(Boolean);
  }
}
