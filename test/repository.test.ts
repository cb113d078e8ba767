import { execFileSync } from 'node:child_process';
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Repository } from '../src/stages/1-git/repository.js';
import { grepScope } from '../src/stages/2-sources/select.js';
import { scratchDir, TempRepo } from './helpers/temp-repo.js';

test('readMany returns every blob whole and in order, large ones included, and null for what is missing', async () => {
  const repo = await TempRepo.create();
  try {
    // Several megabytes arrive in many pipe chunks, between small blobs and an empty one.
    const big = Array.from({ length: 120000 }, (_, i) => `line ${i} ${'x'.repeat(i % 50)}`).join('\n');
    const files: Record<string, string> = {
      'a.yaml': 'a: 1\n',
      'big.yaml': big,
      'empty.yaml': '',
      'dir with space/c.yaml': 'c: 3\n',
    };
    repo.write(files);
    const sha = await repo.commit();
    const repository = Repository.open(repo.dir);
    const paths = ['big.yaml', 'a.yaml', 'missing.yaml', 'empty.yaml', 'dir with space/c.yaml', 'big.yaml'];
    expect(await repository.readMany(sha, paths)).toEqual([big, 'a: 1\n', null, '', 'c: 3\n', big]);
    expect(await repository.readMany(null, paths)).toEqual([big, 'a: 1\n', null, '', 'c: 3\n', big]);
    repository.close();
  } finally {
    repo.cleanup();
  }
});

test('opened from a subdirectory, paths are still from the top', async () => {
  const repo = await TempRepo.create();
  let repository: Repository | undefined;
  try {
    repo.write({ 'top.yaml': 'at: top\n', 'apps/web/top.yaml': 'at: apps/web\n' });
    const sha = await repo.commit();
    // A user who likes diffs relative to where they stand does not change what a change is.
    await repo.git.addConfig('diff.relative', 'true');
    repo.write({ 'top.yaml': 'at: top, changed\n', 'apps/web/top.yaml': 'at: apps/web, changed\n' });
    const next = await repo.commit();
    repository = Repository.open(join(repo.dir, 'apps/web'));
    expect(await repository.resolveCommit('HEAD~1')).toBe(sha);
    expect(await repository.readMany(sha, ['top.yaml', 'apps/web/top.yaml'])).toEqual([
      'at: top\n',
      'at: apps/web\n',
    ]);
    expect(await repository.changedFiles(sha, next)).toEqual([
      { basePath: 'apps/web/top.yaml', headPath: 'apps/web/top.yaml' },
      { basePath: 'top.yaml', headPath: 'top.yaml' },
    ]);
    expect(await repository.top()).toBe(await repo.git.revparse(['--show-toplevel']));
  } finally {
    repository?.close();
    repo.cleanup();
  }
});

test('findByName answers alike from git grep and from a listing of the whole tree', async () => {
  const repo = await TempRepo.create();
  let repository: Repository | undefined;
  try {
    repo.write({
      'kustomization.yaml': 'resources: [a]\n',
      'a/kustomization.yaml': 'resources: [app.yaml]\n',
      'a/app.yaml': 'kind: ConfigMap\n',
      'b/kustomization.yaml': '',
      'c/Chart.yaml': 'name: c\n',
      'x/notkustomization.yaml': 'x: 1\n',
      'y/Kustomization': 'resources: []\n',
    });
    const sha = await repo.commit();
    const names = ['kustomization.yaml', 'Kustomization', 'Chart.yaml'];
    const expected = ['a/kustomization.yaml', 'c/Chart.yaml', 'kustomization.yaml', 'y/Kustomization'];
    repository = Repository.open(repo.dir);
    expect([...(await repository.findByName(sha, names))].sort()).toEqual(expected);
    const listed = repository.listFiles(sha);
    expect([...(await repository.findByName(sha, names))].sort()).toEqual(expected);
    expect(await listed).toContain('b/kustomization.yaml');
  } finally {
    repository?.close();
    repo.cleanup();
  }
});

test('a search asked again at one revision is the same search, and another question is a search of its own', async () => {
  const repo = await TempRepo.create();
  let repository: Repository | undefined;
  try {
    repo.write({ 'a.yaml': 'name: alpha\n', 'b.yaml': 'name: beta\n', 'c/d.yaml': 'name: alpha beta\n' });
    const first = await repo.commit();
    repo.write({ 'a.yaml': 'name: gamma\n' });
    const second = await repo.commit();
    repository = Repository.open(repo.dir);
    // The early search at head and the engine's own ask for one set of needles, in any order.
    const asked = repository.grep(second, ['alpha', 'beta']);
    expect(repository.grep(second, ['beta', 'alpha', 'beta'])).toBe(asked);
    expect((await asked).sort()).toEqual(['b.yaml', 'c/d.yaml']);
    // Another revision, other needles, another scope: each is asked of git.
    expect(repository.grep(first, ['alpha', 'beta'])).not.toBe(asked);
    expect((await repository.grep(first, ['alpha', 'beta'])).sort()).toEqual([
      'a.yaml',
      'b.yaml',
      'c/d.yaml',
    ]);
    expect(await repository.grep(second, ['alpha'])).toEqual(['c/d.yaml']);
    expect(await repository.grep(second, ['alpha', 'beta'], ['c'])).toEqual(['c/d.yaml']);
  } finally {
    repository?.close();
    repo.cleanup();
  }
});

test('a search at several commits answers each as its own search would, and is the one asked again', async () => {
  const repo = await TempRepo.create();
  let together: Repository | undefined;
  let apart: Repository | undefined;
  try {
    repo.write({ 'a.yaml': 'name: alpha\n', 'b:c.yaml': 'name: beta\n', 'd/e.yaml': 'other\n' });
    const first = await repo.commit();
    repo.write({ 'a.yaml': 'name: gamma\n', 'd/e.yaml': 'alpha\n', 'f.yaml': 'beta\n' });
    const second = await repo.commit();
    // A file whose content this clone lacks, at the first commit only: found there, not at the second.
    const lost = (await repo.git.revparse([`${first}:a.yaml`])).trim();
    rmSync(join(repo.dir, '.git', 'objects', lost.slice(0, 2), lost.slice(2)));
    together = Repository.open(repo.dir);
    apart = Repository.open(repo.dir);
    const needles = ['alpha', 'beta'];
    const [atFirst, atSecond, again] = together.grepEach([first, second, first], needles, grepScope());
    expect(again).toBe(atFirst);
    expect(together.grep(second, ['beta', 'alpha'], grepScope())).toBe(atSecond);
    expect((await atFirst).sort()).toEqual(['a.yaml', 'b:c.yaml']);
    expect((await atSecond).sort()).toEqual(['b:c.yaml', 'd/e.yaml', 'f.yaml']);
    for (const [rev, found] of [
      [first, atFirst],
      [second, atSecond],
    ] as const)
      expect((await apart.grep(rev, needles, grepScope())).sort()).toEqual((await found).sort());
  } finally {
    together?.close();
    apart?.close();
    repo.cleanup();
  }
});

test('a symbolic link reads as its target path, at a commit and in the working tree, and readTree and links name it', async () => {
  const repo = await TempRepo.create();
  let repository: Repository | undefined;
  try {
    // A file outside the repository that a link in the working tree points at: never read.
    const outside = join(scratchDir('crg-outside-'), 'secret.yaml');
    writeFileSync(outside, 'token: outside-the-repository\n');
    repo.write({ 'a.yaml': 'a: 1\n' });
    symlinkSync('a.yaml', join(repo.dir, 'inside.yaml'));
    symlinkSync(outside, join(repo.dir, 'outside.yaml'));
    const sha = await repo.commit();
    repository = Repository.open(repo.dir);
    const paths = ['a.yaml', 'inside.yaml', 'outside.yaml', 'missing.yaml'];
    const expected = ['a: 1\n', 'a.yaml', outside, null];
    for (const rev of [sha, null]) {
      expect(await repository.readMany(rev, paths)).toEqual(expected);
      const { bytes, links } = await repository.readTree(rev, paths);
      expect(bytes.map((b) => b?.toString('utf8') ?? null)).toEqual(expected);
      expect([...links]).toEqual(['inside.yaml', 'outside.yaml']);
      expect(await repository.links(rev)).toEqual(
        new Map([
          ['inside.yaml', 'a.yaml'],
          ['outside.yaml', outside],
        ]),
      );
    }
    // In the working tree, an untracked link counts too, and a tracked link removed from disk does not.
    symlinkSync('a.yaml', join(repo.dir, 'untracked.yaml'));
    repo.remove('outside.yaml');
    repository.close();
    repository = Repository.open(repo.dir);
    expect(await repository.links(null)).toEqual(
      new Map([
        ['inside.yaml', 'a.yaml'],
        ['untracked.yaml', 'a.yaml'],
      ]),
    );
    expect([...(await repository.links(sha)).keys()]).toEqual(['inside.yaml', 'outside.yaml']);
  } finally {
    repository?.close();
    repo.cleanup();
  }
});

test('readMany and existing answer alike for a few paths, a few hundred and more than the whole tree holds', async () => {
  const repo = await TempRepo.create();
  let repository: Repository | undefined;
  try {
    // Names a pathspec would read as patterns or magic: they must be looked up literally.
    const odd = ['star*.yaml', ':(glob)x.yaml', 'q?/a.yaml', '[ab].yaml'];
    const files: Record<string, string> = Object.fromEntries([
      ...Array.from({ length: 2100 }, (_, i) => [`d${i % 7}/f${i}.yaml`, `n: ${i}\n`]),
      ...odd.map((f) => [f, `odd: ${f}\n`]),
    ]);
    repo.write(files);
    const sha = await repo.commit();
    repository = Repository.open(repo.dir);
    const present = Object.keys(files);
    // The few (the running reader), a few hundred (an ls-tree of those paths) and more than its
    // limit (the whole tree listed): each with missing paths and a pattern that matches files.
    for (const size of [5, 300, 2300]) {
      const asked = [...odd, 'd1/*.yaml', 'missing.yaml', ...present.slice(0, size)].slice(0, size + 6);
      expect(await repository.readMany(sha, asked)).toEqual(asked.map((p) => files[p] ?? null));
      expect(await repository.existing(sha, asked)).toEqual(asked.filter((p) => p in files));
    }
  } finally {
    repository?.close();
    repo.cleanup();
  }
});

test('diffLines: the changed line ranges at head, for paths with a space, a tab, a quote and non-ASCII characters', async () => {
  const repo = await TempRepo.create();
  try {
    const names = ['plain.yaml', 'with space.yaml', 'with\ttab.yaml', 'with"quote.yaml', 'café/ñandú.yaml'];
    const text = (changed: boolean) =>
      Array.from({ length: 20 }, (_, i) => (changed && i === 9 ? 'x: changed' : `k${i}: ${i}`)).join('\n') +
      '\n';
    repo.write(Object.fromEntries(names.map((n) => [n, text(false)])));
    const base = await repo.commit('base');
    repo.write(Object.fromEntries(names.map((n) => [n, text(true)])));
    const head = await repo.commit('head');
    const repository = Repository.open(repo.dir);
    try {
      const ranges = await repository.diffLines(base, head);
      // Line 10 changed; git's three lines of context around it.
      expect(Object.fromEntries(ranges)).toEqual(Object.fromEntries(names.map((n) => [n, [[7, 13]]])));
    } finally {
      repository.close();
    }
  } finally {
    repo.cleanup();
  }
});

test('grep reads only the files its scope names: the manifests, never the sources or images beside them', async () => {
  const repo = await TempRepo.create();
  try {
    repo.write({
      'a.yaml': 'name: needle\n',
      'deep/dir/b.yml': 'name: needle\n',
      'c.json': '{"name": "needle"}\n',
      'src/main.go': '// needle\n',
      'docs/README.md': 'needle\n',
    });
    const sha = await repo.commit();
    const repository = Repository.open(repo.dir);
    for (const rev of [sha, null]) {
      expect((await repository.grep(rev, ['needle'], grepScope())).sort()).toEqual([
        'a.yaml',
        'c.json',
        'deep/dir/b.yml',
      ]);
      expect(await repository.grep(rev, ['needle'], grepScope(['manifests/*.yaml']))).toEqual(['a.yaml']);
      expect((await repository.grep(rev, ['needle'], grepScope(['**/*.{yaml,md}']))).length).toBe(5);
    }
    repository.close();
  } finally {
    repo.cleanup();
  }
});

test('a file whose object the clone lacks: grep counts it as found, readTree says it is missing, not absent', async () => {
  const repo = await TempRepo.create();
  try {
    repo.write({ 'a.yaml': 'name: needle\n', 'lost.yaml': 'name: other\n', 'kept.yaml': 'name: kept\n' });
    const sha = await repo.commit();
    const id = (await repo.git.revparse([`${sha}:lost.yaml`])).trim();
    rmSync(join(repo.dir, '.git', 'objects', id.slice(0, 2), id.slice(2)));
    const repository = Repository.open(repo.dir);
    // Whether git finds a needle elsewhere (it exits 0) or nowhere (it exits 1).
    expect((await repository.grep(sha, ['needle'], grepScope())).sort()).toEqual(['a.yaml', 'lost.yaml']);
    expect(await repository.grep(sha, ['nowhere'], grepScope())).toEqual(['lost.yaml']);
    const read = await repository.readTree(sha, ['lost.yaml', 'kept.yaml', 'absent.yaml']);
    expect(read.bytes.map((b) => b?.toString() ?? null)).toEqual([null, 'name: kept\n', null]);
    expect([...read.missing]).toEqual(['lost.yaml']);
    repository.close();
  } finally {
    repo.cleanup();
  }
});

test('a tree object cut short reads as the entries it holds, and a path under it as absent, without stalling', async () => {
  const repo = await TempRepo.create();
  try {
    repo.write({ 'a.yaml': 'a: 1\n' });
    await repo.commit();
    const git = (args: string[], input?: string) =>
      execFileSync('git', args, { cwd: repo.dir, input }).toString().trim();
    // An entry with no NUL and no id after its name: git writes it only when told to.
    const broken = git(
      ['hash-object', '-t', 'tree', '--literally', '-w', '--stdin'],
      '100644 kustomization.yaml',
    );
    const blob = git(['rev-parse', 'HEAD:a.yaml']);
    const top = git(['mktree', '--missing'], `040000 tree ${broken}\tapp\n100644 blob ${blob}\ta.yaml\n`);
    const commit = git(['commit-tree', top, '-m', 'cut short']);
    const repository = Repository.open(repo.dir);
    expect(await repository.existing(commit, ['app/kustomization.yaml', 'a.yaml'])).toEqual(['a.yaml']);
    repository.close();
  } finally {
    repo.cleanup();
  }
});

test('grep finds each needle as the fixed string it is, one needle or many, whatever characters it holds', async () => {
  const repo = await TempRepo.create();
  let repository: Repository | undefined;
  try {
    // Each needle in a file of its own, and beside it a file that a pattern reading of it would match.
    const needles = [
      'a.b',
      '(x)',
      '[y]',
      'p|q',
      '^start',
      'end$',
      'back\\slash',
      'st*r',
      'pl+s',
      'q?',
      'br{2}',
      'ünï',
      'dash-name',
    ];
    const misread = [
      'axb',
      'x',
      'y',
      'p',
      'start',
      'end',
      'backslash',
      'sttr',
      'plls',
      'q',
      'brr',
      'un',
      'dash',
    ];
    repo.write(
      Object.fromEntries([
        ...needles.map((n, i) => [`hit/${i}.yaml`, `value: "${n}"\n`]),
        ...misread.map((m, i) => [`miss/${i}.yaml`, `value: "${m}"\n`]),
      ]),
    );
    const sha = await repo.commit();
    repository = Repository.open(repo.dir);
    const hits = needles.map((_, i) => `hit/${i}.yaml`).sort();
    for (const rev of [sha, null]) {
      // All at once (alternations), among more than one pattern holds, and one at a time (fixed strings).
      expect((await repository.grep(rev, needles, grepScope())).sort()).toEqual(hits);
      const many = [...Array.from({ length: 1200 }, (_, i) => `absent-${i}`), ...needles];
      expect((await repository.grep(rev, many, grepScope())).sort()).toEqual(hits);
      for (const [i, needle] of needles.entries())
        expect(await repository.grep(rev, [needle], grepScope())).toEqual([`hit/${i}.yaml`]);
    }
  } finally {
    repository?.close();
    repo.cleanup();
  }
});
