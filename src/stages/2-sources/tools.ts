import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, posix, relative, sep } from 'node:path';
import type { ManifestObject, NotCheckedReason } from '../../model/types.js';
import { field, isRecord } from '../../model/values.js';
import { Refused, type Invocation } from '../../programs/invocation.js';
import { execute, makeTemporary, removeTemporarySoon } from '../../programs/run.js';

// What every renderer shares: the repository's files copied into a temporary tree (never the
// user's work tree), a bounded child process, and a bounded pool.

/** A root a renderer builds: a kustomization or a chart, as discovery found it at one revision. */
export interface RenderRoot {
  /** How reports name it: the directory, plus the declaring object when there is one. */
  id: string;
  dir: string;
  /** The file a reviewer sees for the root: its kustomization or its Chart.yaml. */
  file: string;
  declaredBy: { kind: string; name: string; file: string; line: number } | null;
  /** Every repository file the build reads. */
  closure: Set<string>;
  /** Why it is not rendered (a path outside the repository, a cycle, a refused option): nothing is built then. */
  refused: Refusal[];
}

/** Why a root is not rendered, or why its render failed: the reason, and a sentence. */
export interface Refusal {
  reason: NotCheckedReason;
  message: string;
}

/** Where a rendered object comes from, in the files a reviewer edits. */
export interface Origin {
  /** The repository file it was read from: a kustomize resource, a generator's kustomization, a chart template. */
  file: string | null;
  /** `ConfigMapGenerator` / `SecretGenerator` when a kustomize generator made it. */
  generator: string | null;
  /** The name the object has in its source file, before overlays prefix it: what a patch targets. */
  written: string | null;
  /** Which of its root's remote bases (kustomize `remoteBases`) it came from, when `file` is none here. */
  remoteBase?: number;
}

export type RenderResult = { ok: true; yaml: string } | ({ ok: false } & Refusal);

/**
 * Where one batch of renders runs: `tree` holds the repository files the roots read, and nothing
 * else; `home` is the renderers' HOME (their caches and configuration, empty); `dir` holds both,
 * and what the renderer writes beside the tree (wrappers, values), so no root ever contains it.
 */
export interface Workspace {
  dir: string;
  tree: string;
  home: string;
}

/** The trees being used, with the files each still holds as written: another tree takes an equal one as a link. */
const livingTrees = new Map<string, Map<string, Buffer>>();

/**
 * Runs `use` over a temporary workspace holding a copy of `files`, removed afterwards whatever
 * happens. A file another living tree holds alike at the same path (the base and head trees of a
 * change share all but the changed files) is a hard link to that one: writing a file's data costs
 * tens of times a link on some file systems. So nothing may write through a tree's file: what
 * changes one replaces it (`replaceInTree`).
 */
export async function withTree<T>(
  files: ReadonlyMap<string, Buffer>,
  use: (workspace: Workspace) => Promise<T>,
): Promise<T> {
  let bytes = 0;
  for (const data of files.values()) bytes += data.length;
  const dir = makeTemporary('crg-render-', bytes);
  const workspace = { dir, tree: join(dir, 'repo'), home: join(dir, 'home') };
  try {
    mkdirSync(join(workspace.home, 'bin'), { recursive: true });
    // Synchronously: hundreds of small files, each a few system calls, take a tenth of the time
    // they take as a chain of awaited thread-pool round trips, and nothing else waits meanwhile.
    const made = new Set<string>();
    const others = [...livingTrees];
    for (const [path, bytes] of files) {
      const parent = dirname(join(workspace.tree, path));
      if (!made.has(parent)) mkdirSync(parent, { recursive: true });
      made.add(parent);
      const alike = others.find(([, held]) => held.get(path)?.equals(bytes))?.[0];
      // Regular files only, created anew: nothing in the tree links outside the workspaces.
      if (!alike || !linked(join(alike, path), join(workspace.tree, path)))
        writeFileSync(join(workspace.tree, path), bytes, { flag: 'wx' });
    }
    mkdirSync(workspace.tree, { recursive: true });
    livingTrees.set(workspace.tree, new Map(files));
    return await use(workspace);
  } finally {
    livingTrees.delete(workspace.tree);
    removeTemporarySoon(dir);
  }
}

/** A hard link at `to` to the file at `from`, or false where there can be none (another file system). */
function linked(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch {
    return false;
  }
}

let staged = 0;

/**
 * Writes `bytes` at `path` in a tree as a new file, moved into place: a tree's file may be a link
 * another tree shares (`withTree`), which writing through it would change too, and two roots of one
 * tree may replace the same file at once (a base both include rewritten for its remote resources):
 * each replacement lands whole, and a build reading the file sees one or the other.
 */
export async function replaceInTree(path: string, bytes: string | Buffer): Promise<void> {
  const tree = [...livingTrees.keys()].find((t) => path.startsWith(`${t}${sep}`));
  // From now on the file is no longer what the tree was made with: no other tree may link to it.
  if (tree) livingTrees.get(tree)!.delete(relative(tree, path).split(sep).join(posix.sep));
  await mkdir(dirname(path), { recursive: true });
  // Beside the tree, not in it: a chart's `charts/` is read whole.
  const beside = join(dirname(tree ?? dirname(path)), `replacing-${process.pid}-${++staged}`);
  await writeFile(beside, bytes, { flag: 'wx' });
  await rename(beside, path);
}

/**
 * One render: the command line `invocation` builds (refused when a repository string would not be
 * a plain operand), run; its YAML, or why there is none in the renderer's own `clean` words.
 */
export async function runRender(
  program: string,
  invocation: () => Invocation,
  clean: (stderr: string) => string,
): Promise<RenderResult> {
  let built;
  try {
    built = invocation();
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: 'refused', message: error.message };
    throw error;
  }
  const out = await execute(built);
  if (out.ok) return { ok: true, yaml: out.stdout.toString('utf8') };
  if (out.why !== 'exit') return { ok: false, ...stopped(program, out) };
  return { ok: false, reason: 'render-failed', message: clean(out.stderr) };
}

/** What a stopped program means for a root: its limits, its deadline, or a failure to start. */
export function stopped(program: string, outcome: { why: string; message: string }): Refusal {
  return {
    reason: outcome.why === 'spawn' ? 'tool' : 'limit',
    message: `${program} ${outcome.message}`,
  };
}

/** Runs `count` tasks, at most `width` at a time, keeping their order; `finished` hears of each as it ends. */
export async function pool<T>(
  count: number,
  width: number,
  task: (i: number) => Promise<T>,
  finished: (i: number, result: T) => void = () => {},
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
      finished(i, results[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
  return results;
}

/** The indices of `promises` in the order they settle: the first of these is the first to settle. */
export function bySettling(promises: readonly Promise<unknown>[]): Promise<number>[] {
  const settle: ((i: number) => void)[] = [];
  const order = promises.map(() => new Promise<number>((resolve) => settle.push(resolve)));
  let settled = 0;
  promises.forEach((promise, i) =>
    promise.then(
      () => settle[settled++](i),
      () => settle[settled++](i),
    ),
  );
  return order;
}

/** The 1-based line where `after` first differs from `before` (the last line when it only shrank). */
export function firstDifference(
  before: string | Buffer | undefined,
  after: string | Buffer | undefined,
): number {
  const a = (before?.toString() ?? '').split('\n');
  const b = (after?.toString() ?? '').split('\n');
  const i = b.findIndex((line, n) => line !== a[n]);
  return i < 0 ? Math.max(1, b.length) : i + 1;
}

/**
 * Whether a text may write an Argo CD Application or ApplicationSet: a document of it opens one
 * (`kind:` at the start of a line); or one spells it elsewhere (JSON, flow style, a List's items)
 * where no document opens with a plain kind, or a List does. A release bundle, whose CRDs spell
 * `kind: Application` indented below documents of other kinds, does not; nor does a lock file.
 */
export function mayWriteApplications(text: string): boolean {
  if (/^kind:[ \t]*["']?Application(?:Set)?["']?[ \t]*$/m.test(text)) return true;
  if (!/\bkind["']?[ \t]*:[ \t]*["']?Application(?:Set)?\b/.test(text)) return false;
  return !/^kind:/m.test(text) || /^kind:[ \t]*["']?\w*List["']?[ \t]*$/m.test(text);
}

/**
 * An Argo CD Application's or ApplicationSet's sources (`source`, `sources[]`) and its destination:
 * what both renderers read to find the roots it deploys.
 */
export function argoSources(
  object: ManifestObject,
): { sources: Record<string, unknown>[]; destination: Record<string, unknown> } | null {
  if (object.apiVersion.split('/')[0] !== 'argoproj.io') return null;
  if (object.kind !== 'Application' && object.kind !== 'ApplicationSet') return null;
  const spec = object.kind === 'Application' ? object.body.spec : field(object.body, 'spec.template.spec');
  if (!isRecord(spec)) return null;
  return {
    sources: [spec.source, ...(Array.isArray(spec.sources) ? spec.sources : [])].filter(isRecord),
    destination: isRecord(spec.destination) ? spec.destination : {},
  };
}
