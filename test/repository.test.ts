import { Repository } from '../src/stages/1-git/repository.js';
import { TempRepo } from './helpers/temp-repo.js';

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
    const repository = await Repository.open(repo.dir);
    const paths = ['big.yaml', 'a.yaml', 'missing.yaml', 'empty.yaml', 'dir with space/c.yaml', 'big.yaml'];
    expect(await repository.readMany(sha, paths)).toEqual([big, 'a: 1\n', null, '', 'c: 3\n', big]);
    expect(await repository.readMany(null, paths)).toEqual([big, 'a: 1\n', null, '', 'c: 3\n', big]);
    repository.close();
  } finally {
    repo.cleanup();
  }
});
