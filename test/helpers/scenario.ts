import { mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { check, type CheckOptions } from '../../src/commands/check.js';
import { Repository } from '../../src/stages/1-git/repository.js';
import type { Report } from '../../src/model/types.js';
import { TempRepo } from './temp-repo.js';

/** Files by path, null to delete one; bytes where a test needs a binary file (a chart archive). */
export type Files = Record<string, string | null>;
export type Bytes = Record<string, string | Buffer | null | Link>;
/** A symbolic link to `link`, as git commits one. */
export interface Link {
  link: string;
}

/** A repository with a base commit and a head commit (null deletes a file). */
export async function twoCommits(
  base: Bytes,
  head: Bytes,
): Promise<{ repo: TempRepo; base: string; head: string }> {
  const repo = await TempRepo.create();
  apply(repo, base);
  const baseSha = await repo.commit('base');
  apply(repo, head);
  const headSha = await repo.commit('head');
  return { repo, base: baseSha, head: headSha };
}

export function apply(repo: TempRepo, files: Bytes): void {
  for (const [path, content] of Object.entries(files)) {
    if (content === null) repo.remove(path);
    else if (typeof content === 'object' && 'link' in content) {
      repo.remove(path);
      mkdirSync(dirname(join(repo.dir, path)), { recursive: true });
      symlinkSync(content.link, join(repo.dir, path));
    } else repo.write({ [path]: content });
  }
}

/** Runs the engine on base..head of a fresh two-commit repository. */
export async function checkChange(
  base: Bytes,
  head: Bytes,
  options: Partial<CheckOptions> = {},
): Promise<Report> {
  const { repo, base: b, head: h } = await twoCommits(base, head);
  const repository = Repository.open(repo.dir);
  try {
    return await check(repository, { base: b, head: h, ...options });
  } finally {
    repository.close();
  }
}
