import { spawn, type ChildProcess } from 'node:child_process';
// `fs.promises`, not `node:fs/promises`: the getter loads it on first use, and a check that renders
// nothing never does (importing it costs every start 0.7 ms: it loads readline).
import { mkdtempSync, promises as fs, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeTree, type Invocation } from './invocation.js';

// The executor of every program this tool starts. Each child runs in its own process group, so a
// timeout, a memory cap, the run's deadline or a signal stops it and everything it started; its
// output is capped; temporary trees are registered here so an interrupted run removes them too.

export type Outcome =
  | { ok: true; stdout: Buffer; stderr: string }
  | {
      ok: false;
      why: 'exit' | 'timeout' | 'memory' | 'output' | 'deadline' | 'spawn';
      stderr: string;
      message: string;
    };

const live = new Set<ChildProcess>();
const temporary = new Set<string>();
let deadline: { at: number; seconds: number } | null = null;
let deadlineTimer: NodeJS.Timeout | null = null;

/**
 * The run's deadline: every program still running then is stopped, and every later one refused.
 * The adapters set it once (`--timeout`, the `timeout` input).
 */
export function setDeadline(seconds: number): void {
  deadline = { at: Date.now() + seconds * 1000, seconds };
  if (deadlineTimer) clearTimeout(deadlineTimer);
  deadlineTimer = setTimeout(() => live.forEach(stopGroup), seconds * 1000);
  deadlineTimer.unref();
}

/** Whether the run's deadline has passed; long loops over many roots stop early then. */
export const pastDeadline = (): boolean => deadline !== null && Date.now() >= deadline.at;

export const deadlineMessage = (): string =>
  `was stopped: the run reached its deadline (${deadline?.seconds ?? 0} s; --timeout, or the timeout input)`;

/** Runs one invocation to its end, within its limits; never throws. */
export function execute(invocation: Invocation): Promise<Outcome> {
  if (pastDeadline())
    return Promise.resolve({ ok: false, why: 'deadline', stderr: '', message: deadlineMessage() });
  const remaining = deadline ? deadline.at - Date.now() : Infinity;
  const timeoutMs = Math.min(invocation.limits.timeoutMs, remaining);
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(invocation.program, invocation.args, {
        cwd: invocation.cwd,
        env: invocation.env,
        // Its own process group (setsid): killing the group stops what it started too (kustomize's helm).
        detached: true,
        stdio: [invocation.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      });
    } catch (error) {
      resolve({
        ok: false,
        why: 'spawn',
        stderr: '',
        message: `could not be started: ${(error as Error).message}`,
      });
      return;
    }
    live.add(child);
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = '';
    let stopped: 'timeout' | 'memory' | 'output' | null = null;
    const stop = (why: 'timeout' | 'memory' | 'output') => {
      stopped ??= why;
      stopGroup(child);
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > invocation.limits.maxOutputBytes) return stop('output');
      out.push(chunk);
    });
    // stderr is read for a message only: the first 64 kB are plenty.
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < 65536) stderr += chunk.toString('utf8');
    });
    if (invocation.stdin !== undefined) {
      // A program that stops before reading all of it says why by its exit; the broken pipe adds nothing.
      child.stdin!.on('error', () => {});
      child.stdin!.end(invocation.stdin);
    }
    const timer = setTimeout(() => stop('timeout'), Math.max(0, timeoutMs));
    const unwatch =
      invocation.limits.maxMemoryBytes && child.pid
        ? watchMemory(child.pid, invocation.limits.maxMemoryBytes, () => stop('memory'))
        : null;
    const finish = (outcome: Outcome) => {
      clearTimeout(timer);
      unwatch?.();
      live.delete(child);
      // Whatever the leader left running in its group goes with it.
      stopGroup(child);
      resolve(outcome);
    };
    child.on('error', (error) =>
      finish({
        ok: false,
        why: 'spawn',
        stderr,
        message: `${invocation.program} could not be started: ${error.message}`,
      }),
    );
    child.on('close', (code, signal) => {
      const seconds = Math.round(invocation.limits.timeoutMs / 1000);
      if (stopped === 'timeout' && pastDeadline())
        return finish({ ok: false, why: 'deadline', stderr, message: deadlineMessage() });
      if (stopped === 'timeout')
        return finish({ ok: false, why: 'timeout', stderr, message: `was stopped after ${seconds} s` });
      if (stopped === 'memory')
        return finish({
          ok: false,
          why: 'memory',
          stderr,
          message: `was stopped at ${Math.round(invocation.limits.maxMemoryBytes! / 2 ** 20)} MiB of memory`,
        });
      if (stopped === 'output')
        return finish({
          ok: false,
          why: 'output',
          stderr,
          message: `was stopped when its output passed ${Math.round(invocation.limits.maxOutputBytes / 2 ** 20)} MiB`,
        });
      if (signal && pastDeadline())
        return finish({ ok: false, why: 'deadline', stderr, message: deadlineMessage() });
      if (code === 0) return finish({ ok: true, stdout: Buffer.concat(out), stderr });
      finish({
        ok: false,
        why: 'exit',
        stderr,
        message: signal ? `was killed by ${signal}` : `exited with ${code}`,
      });
    });
  });
}

/**
 * A long-lived program fed through stdin (git cat-file --batch). It is registered like any other,
 * so a signal or the deadline stops it; the caller reads its streams.
 */
export function startLongLived(invocation: Invocation): ChildProcess {
  const child = spawn(invocation.program, invocation.args, {
    cwd: invocation.cwd,
    env: invocation.env,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  child.on('close', () => live.delete(child));
  return child;
}

function stopGroup(child: ChildProcess): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** What /proc counts resident memory in: the page size of x86-64 and of most arm64 kernels. */
const PAGE_BYTES = 4096;

/** Process groups under a memory cap, by leader pid: one timer and one look at /proc serve them all. */
const capped = new Map<number, { maxBytes: number; exceeded: () => void }>();
let memoryTimer: NodeJS.Timeout | null = null;

/**
 * Stops a group when the resident memory of its processes passes `maxBytes`, looked at every 200
 * ms. A look reads every process's stat file, so the groups running at once (base and head builds,
 * a pool as wide as the cores) share one look rather than each taking its own. Returns the undo.
 */
function watchMemory(group: number, maxBytes: number, exceeded: () => void): () => void {
  capped.set(group, { maxBytes, exceeded });
  memoryTimer ??= setInterval(() => {
    for (const [leader, bytes] of groupMemory(new Set(capped.keys())))
      if (bytes > capped.get(leader)!.maxBytes) capped.get(leader)!.exceeded();
  }, 200);
  return () => {
    capped.delete(group);
    if (capped.size === 0 && memoryTimer) {
      clearInterval(memoryTimer);
      memoryTimer = null;
    }
  };
}

/**
 * Resident memory of every process in each of `groups`, from /proc (Linux): `stat` holds a
 * process's group and its resident pages both. Elsewhere there is no /proc to read and the cap
 * does not apply; the timeout still does.
 */
function groupMemory(groups: ReadonlySet<number>): Map<number, number> {
  const totals = new Map<number, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return totals;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces: the 3rd (state)
      // first, so the 5th (pgrp) is at 2 and the 24th (rss, in pages) at 21.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const group = Number(fields[2]);
      if (groups.has(group)) totals.set(group, (totals.get(group) ?? 0) + Number(fields[21]) * PAGE_BYTES);
    } catch {
      // Exited while we looked.
    }
  }
  return totals;
}

/** A new temporary directory, removed by `removeTemporary` or when the run is interrupted. */
export function makeTemporary(prefix: string, bytes?: number): string {
  const parent = bytes === undefined ? tmpdir() : treeParent(bytes);
  let dir: string;
  try {
    dir = mkdtempSync(join(parent, prefix));
  } catch (error) {
    if (parent === tmpdir()) throw error;
    dir = mkdtempSync(join(tmpdir(), prefix));
  }
  temporary.add(dir);
  return dir;
}

const MEMORY = '/dev/shm';
const MEMORY_BUDGET = 64 * 2 ** 20;

/**
 * Where a tree of `bytes` is written: in memory when there is room, for a render tree lives for one
 * run and only the renderers read it. On a disk file system a tree is mostly directories, and a new
 * directory or the first file in one costs a journal update: 160 files of a kustomize closure took
 * 70–160 ms to write on ext4 here, 5 in tmpfs. A set TMPDIR is the user's word on where temporary
 * files go; a tree over the budget, or over a quarter of what the memory file system has free (a
 * container's is often 64 MiB), goes to the disk too, so a head's files cannot fill memory.
 */
export function treeParent(bytes: number): string {
  if (process.env.TMPDIR || bytes > MEMORY_BUDGET) return tmpdir();
  try {
    const space = statfsSync(MEMORY);
    return bytes * 4 <= space.bavail * space.bsize ? MEMORY : tmpdir();
  } catch {
    return tmpdir();
  }
}

export function removeTemporary(dir: string): void {
  temporary.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Removes `dir` while the run goes on (a render's tree goes while its output is parsed), in `rm`'s
 * process: node's own recursive removal spent 20 ms of the main thread on a kubeflow-shaped tree
 * (docs/performance.md, stop 58). The process does not exit before it is gone, and a signal still
 * removes it.
 */
export function removeTemporarySoon(dir: string): void {
  // Where rm cannot run, node removes it. A tree that cannot be removed stays listed, so a signal
  // tries again; it never fails the run.
  void execute(removeTree(dir)).then((outcome) =>
    outcome.ok
      ? temporary.delete(dir)
      : fs.rm(dir, { recursive: true, force: true }).then(
          () => temporary.delete(dir),
          () => undefined,
        ),
  );
}

/**
 * The run is over and its output written: a program still running is one no one will ask (a search
 * begun early whose answer was not needed, the reader), so it is stopped, and the process exits
 * without waiting for them or for the teardown of what is left. Where output is still being written
 * (a pipe that is not synchronous, as on macOS) or a temporary tree is still being removed, the
 * run ends the ordinary way, after them.
 */
export function finish(code: number): void {
  process.exitCode = code;
  if (process.stdout.writableLength || process.stderr.writableLength || temporary.size) return;
  live.forEach(stopGroup);
  process.exit();
}

/**
 * On SIGINT or SIGTERM (a cancelled workflow, Ctrl-C): stop every program's group, remove every
 * temporary tree, say so, and exit as a signalled process does. Called once by each adapter.
 */
export function stopOnSignals(say: (line: string) => void): void {
  const handler = (signal: NodeJS.Signals) => {
    const programs = live.size;
    live.forEach(stopGroup);
    temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
    say(
      `config-rollout-guard: stopped by ${signal}; ${programs} running program${programs === 1 ? '' : 's'} stopped and temporary files removed.`,
    );
    process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
