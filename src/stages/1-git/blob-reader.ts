import type { ChildProcess } from 'node:child_process';
import { git } from '../../programs/invocation.js';
import { startLongLived } from '../../programs/run.js';

/** An object as the reader answers it: its id, and its content. */
interface Found {
  id: string;
  content: Buffer;
}

interface Pending {
  /** What the caller reads: another type of object answers as none. */
  type: 'blob' | 'tree' | 'commit';
  resolve: (found: Found | null) => void;
  reject: (error: Error) => void;
}

/**
 * Reads many blobs through one long-lived `git cat-file --batch`: one process for the whole run
 * instead of one per file, which is what keeps reading cost proportional to the bytes read.
 */
export class BlobReader {
  private readonly git: ChildProcess | null = null;
  private readonly pending: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  /** Chunks of a blob still arriving: joined once it is whole, so a large blob is copied once, not per chunk. */
  private partial: Buffer[] = [];
  private partialLength = 0;
  private needed = 0;
  private failure: Error | null = null;
  /** Bytes of an object id in a tree: SHA-1's 20, or SHA-256's 32, as the headers' ids tell. */
  private idBytes = 20;
  /** Commits asked for as the reader started, each handed to the first who asks for it. */
  private readonly early = new Map<string, Promise<string | null>>();

  /**
   * `revisions` are asked at once: git answers them while the caller gets ready to ask (the CLI
   * starts the reader as soon as its arguments are parsed).
   */
  constructor(repoDir: string, revisions: readonly string[] = []) {
    try {
      this.git = startLongLived(git.catFileBatch(repoDir));
    } catch (error) {
      // A directory that is none (a file given as the repository) fails the spawn itself.
      this.failure = error as Error;
      return;
    }
    this.git.stdout!.on('data', (chunk: Buffer) => {
      this.partial.push(chunk);
      this.partialLength += chunk.length;
      if (this.buffer.length + this.partialLength < this.needed) return;
      this.buffer = Buffer.concat([this.buffer, ...this.partial]);
      this.partial = [];
      this.partialLength = 0;
      this.drain();
    });
    let stderr = '';
    this.git.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const fail = (error: Error) => {
      this.failure = error;
      for (const p of this.pending.splice(0)) p.reject(error);
    };
    this.git.on('error', fail);
    // Writing to a reader that exited (not a repository, killed) fails the pipe; 'close' says why.
    this.git.stdin!.on('error', () => {});
    this.git.on('close', (code) => {
      if (this.pending.length) fail(new Error(`git cat-file exited with ${code}: ${stderr.trim()}`));
    });
    for (const rev of new Set(revisions)) {
      const answer = this.resolve(rev);
      // An answer no one asks for (the run stopped at a usage error first) fails no one.
      answer.catch(() => undefined);
      this.early.set(rev, answer);
    }
  }

  /** The blob with this object id, or `null` when there is none. */
  async read(object: string): Promise<Buffer | null> {
    return (await this.ask(object, 'blob'))?.content ?? null;
  }

  /**
   * The id of the commit a revision names (a branch, a tag, `HEAD~2`, an id), or `null` when it
   * names none. The revision is a line of input, never an argument: no spelling of it is an option.
   */
  commit(rev: string): Promise<string | null> {
    const early = this.early.get(rev);
    this.early.delete(rev);
    return early ?? this.resolve(rev);
  }

  private async resolve(rev: string): Promise<string | null> {
    return (await this.ask(`${rev}^{commit}`, 'commit'))?.id ?? null;
  }

  /**
   * The entries of the tree with this object id (`rev:dir`, or `rev^{tree}` for the top), by name, or
   * `null` when there is none: what a directory holds, known without reading any file in it.
   */
  async tree(object: string): Promise<Map<string, { mode: string; id: string }> | null> {
    const content = (await this.ask(object, 'tree'))?.content;
    if (!content) return null;
    // `<mode> <name>\0<binary id>` after one another; the id is as long as the repository's hash.
    const entries = new Map<string, { mode: string; id: string }>();
    const idBytes = this.idBytes;
    for (let at = 0; at < content.length;) {
      const space = content.indexOf(0x20, at);
      const nul = space < 0 ? -1 : content.indexOf(0, space);
      // A tree object written by hand (`hash-object --literally`) may be cut short: no more entries.
      if (nul < 0 || nul + idBytes >= content.length) break;
      entries.set(content.subarray(space + 1, nul).toString('utf8'), {
        mode: content.subarray(at, space).toString(),
        id: content.subarray(nul + 1, nul + 1 + idBytes).toString('hex'),
      });
      at = nul + 1 + idBytes;
    }
    return entries;
  }

  private ask(object: string, type: Pending['type']): Promise<Found | null> {
    if (this.failure) return Promise.reject(this.failure);
    if (/[\n\r]/.test(object)) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.pending.push({ type, resolve, reject });
      this.git!.stdin!.write(`${object}\n`);
    });
  }

  close(): void {
    this.git?.stdin!.end();
  }

  private drain(): void {
    while (this.pending.length) {
      const eol = this.buffer.indexOf(10);
      if (eol < 0) return;
      const header = this.buffer.subarray(0, eol).toString();
      if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
        this.buffer = this.buffer.subarray(eol + 1);
        this.pending.shift()!.resolve(null);
        continue;
      }
      const [id, type, sizeText] = header.split(' ');
      this.idBytes = id.length / 2;
      const size = Number(sizeText);
      this.needed = eol + 1 + size + 1;
      if (this.buffer.length < this.needed) return;
      this.needed = 0;
      const content = this.buffer.subarray(eol + 1, eol + 1 + size);
      this.buffer = this.buffer.subarray(eol + 1 + size + 1);
      const asked = this.pending.shift()!;
      asked.resolve(type === asked.type ? { id, content: Buffer.from(content) } : null);
    }
  }
}
