import { mkdtempSync, mkdirSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { simpleGit, type SimpleGit } from 'simple-git';

// Everything a test file makes in the temp dir goes when the file's tests end, whether or not a
// test got as far as cleaning up after itself.
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new empty directory in the temp dir, removed after the test file. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A real git repository in a temporary directory, independent of the host's git config. */
export class TempRepo {
  readonly dir: string;
  readonly git: SimpleGit;

  private constructor(dir: string) {
    this.dir = dir;
    this.git = simpleGit({
      baseDir: dir,
      config: [
        'user.name=Test',
        'user.email=test@example.com',
        'commit.gpgsign=false',
        'init.defaultBranch=main',
      ],
    });
  }

  static async create(): Promise<TempRepo> {
    const repo = new TempRepo(scratchDir('crg-test-'));
    await repo.git.init();
    return repo;
  }

  write(files: Record<string, string | Buffer>): this {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(this.dir, path)), { recursive: true });
      writeFileSync(join(this.dir, path), content);
    }
    return this;
  }

  copyIn(source: string): this {
    cpSync(source, this.dir, { recursive: true });
    return this;
  }

  remove(...paths: string[]): this {
    for (const path of paths) rmSync(join(this.dir, path), { recursive: true, force: true });
    return this;
  }

  /** Stages everything and commits; returns the new commit's SHA. */
  async commit(message = 'change'): Promise<string> {
    await this.git.add(['-A']);
    await this.git.commit(message, { '--allow-empty': null });
    return (await this.git.revparse(['HEAD'])).trim();
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
