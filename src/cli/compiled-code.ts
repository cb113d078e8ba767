import module from 'node:module';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { makeCacheFolder } from '../model/cache-home.js';

// V8's compiled code of the CLI's own chunks, kept between runs. A short run spends much of its own
// time compiling: each chunk as it loads, and each function the first time it is called. A chunk's
// code is kept when the run that loaded it exits, with every function that run compiled, and the
// next run hands it back to V8. Node 20 has no compile cache; Node 24's took 1.1 ms off a check that
// changes nothing, this 2.8 (docs/performance.md, stop 62).

type Compile = (this: Loaded, content: string, filename: string, ...rest: unknown[]) => unknown;
interface Loaded {
  exports: unknown;
  require: (id: string) => unknown;
}

let answered = false;

/**
 * A command answered: the functions this run compiled are those the next one will call, and its
 * code is worth keeping. A run of `--help`, or one stopped by a usage error, compiles little and
 * keeps nothing, so it does not stand in for a check's code until the next build.
 */
export function commandAnswered(): void {
  answered = true;
}

// The wrapper Node gives a CommonJS module; the column offset keeps stack traces' columns right on
// the first line, which is all of a minified chunk.
const HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const TAIL = '\n});';

/**
 * Every chunk loaded from `chunks` (dist/: the CLI's own code, never anything a repository holds)
 * is compiled with, and its code kept in, `store` in the user's cache. V8 checks kept code only
 * against its source's length, so a chunk's code is named by what changes with its content: the
 * chunk's name, size and modification time, and the tool's version (some package stores, Nix's for
 * one, give every file the same modification time). A store that cannot be read or written costs the compile, nothing more.
 */
export function keepCompiledCode(chunks: string, store: string, version: string): void {
  const loader = module as unknown as { prototype: { _compile: Compile } };
  const compile = loader.prototype._compile;
  // A folder for each installation and V8: two used in turn (CI's Node 20 and 24, a global install
  // and a checkout) do not replace each other's code at every run.
  const folder = join(store, `${encodeURIComponent(chunks)}@${process.versions.v8}`);
  // Kept code runs as this process: a folder another user can write to (a shared XDG_CACHE_HOME)
  // is neither read nor written. Missing, it is made, for this user alone.
  const usable = ownFolder(folder);
  const compiled: { script: Script; chunk: string; file: string }[] = [];
  loader.prototype._compile = function (content, filename, ...rest) {
    if (dirname(filename) !== chunks || content.startsWith('#!'))
      return compile.call(this, content, filename, ...rest);
    const chunk = basename(filename);
    const { size, mtimeMs } = statSync(filename);
    const file = join(folder, `${chunk}@${version}@${size}@${mtimeMs}`);
    let cachedData: Buffer | undefined;
    try {
      cachedData = usable === true ? readFileSync(file) : undefined;
    } catch {
      cachedData = undefined;
    }
    const script = new Script(HEAD + content + TAIL, { filename, cachedData, columnOffset: -HEAD.length });
    if (!cachedData || script.cachedDataRejected) compiled.push({ script, chunk, file });
    const wrapper = script.runInThisContext() as (...args: unknown[]) => unknown;
    const require = (id: string) => this.require(id);
    return wrapper.call(this.exports, this.exports, require, this, filename, chunks);
  };
  process.once('exit', () => {
    if (!compiled.length || !answered || usable === false) return;
    try {
      // Folders of installations that are gone (npx's, a deleted checkout) go.
      for (const name of existsSync(store) ? readdirSync(store) : [])
        if (!existsSync(decodeURIComponent(name.slice(0, name.lastIndexOf('@')))))
          rmSync(join(store, name), { recursive: true, force: true });
      makeCacheFolder(folder);
      const kept = readdirSync(folder);
      for (const { script, chunk, file } of compiled) {
        // An earlier build's code of the chunk goes.
        for (const name of kept)
          if (name.startsWith(`${chunk}@`)) rmSync(join(folder, name), { force: true });
        // Renamed into place: a run starting meanwhile reads a whole file or none.
        const partial = `${file}.${process.pid}`;
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, file);
      }
    } catch {
      // The next run compiles again.
    }
  });
}

/** Whether `folder` is this user's and no one else's to write: `null` when there is none yet. */
function ownFolder(folder: string): boolean | null {
  try {
    const { uid, mode } = statSync(folder);
    return (process.getuid === undefined || uid === process.getuid()) && (mode & 0o022) === 0;
  } catch {
    return null;
  }
}
