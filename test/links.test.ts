import { leadsInto, Links } from '../src/stages/2-sources/links.js';

// How a revision's symbolic links are followed: only to a file git lists, never out of the repository.
const links = (map: Record<string, string>, files: string[]) =>
  new Links(new Map(Object.entries(map)), [...files, ...Object.keys(map)]);

test('a link to a file of the repository leads there, through other links; each link it passes is read', () => {
  const found = links(
    {
      'chart/ci/prod-values.yaml': '../values-prod.yaml',
      'overlay/config.yaml': '../shared/next.yaml',
      'shared/next.yaml': './config.yaml',
      'top.yaml': 'chart/./values-prod.yaml',
    },
    ['chart/values-prod.yaml', 'shared/config.yaml'],
  );
  expect(Object.fromEntries(found.ends)).toEqual({
    'chart/ci/prod-values.yaml': { file: 'chart/values-prod.yaml', reads: ['chart/values-prod.yaml'] },
    'overlay/config.yaml': { file: 'shared/config.yaml', reads: ['shared/next.yaml', 'shared/config.yaml'] },
    'shared/next.yaml': { file: 'shared/config.yaml', reads: ['shared/config.yaml'] },
    'top.yaml': { file: 'chart/values-prod.yaml', reads: ['chart/values-prod.yaml'] },
  });
  expect(found.through('shared/config.yaml')).toEqual(['overlay/config.yaml', 'shared/next.yaml']);
  expect([...found.reaching(new Set(['chart/values-prod.yaml', 'README.md']))].sort()).toEqual([
    'README.md',
    'chart/ci/prod-values.yaml',
    'chart/values-prod.yaml',
    'top.yaml',
  ]);
});

test.each([
  ['an absolute path', '/etc/passwd', 'points outside the repository'],
  ['.. past the top', '../../../etc/passwd', 'points outside the repository'],
  ['a Windows drive', 'C:\\Windows\\win.ini', 'points outside the repository'],
  ['a directory', '../shared', 'points at a directory'],
  ['the top of the repository', '..', 'points at a directory'],
  ['nothing', '../absent.yaml', 'points at no file of the repository'],
  ['itself', 'values.yaml', 'is part of a loop of symbolic links'],
  ['a loop of two', 'loop.yaml', 'is part of a loop of symbolic links'],
  ['a file under a linked directory', 'dir-link/config.yaml', 'points at no file of the repository'],
])('a link to %s is refused', (_, target, refused) => {
  const found = links(
    { 'chart/values.yaml': target, 'chart/loop.yaml': 'values.yaml', 'chart/dir-link': '../shared' },
    ['chart/Chart.yaml', 'shared/config.yaml'],
  );
  expect(found.ends.get('chart/values.yaml')).toEqual(
    expect.objectContaining({ refused, reads: expect.any(Array) }),
  );
});

test('a link to a directory: a change under it reaches the link, and a root reading it reads that change', () => {
  const found = links({ 'chart/templates/common': '../../common' }, [
    'common/a.yaml',
    'common/sub/b.yaml',
    'other.yaml',
  ]);
  expect(found.ends.get('chart/templates/common')).toEqual({
    refused: 'points at a directory',
    reads: ['common'],
    dir: 'common',
  });
  expect(found.through('common/sub/b.yaml')).toEqual(['chart/templates/common']);
  expect(found.through('other.yaml')).toEqual([]);
  const changed = new Set(['common/sub/b.yaml', 'other.yaml']);
  expect(found.readBy('chart/templates/common', changed)).toEqual(['common', 'common/sub/b.yaml']);
  expect(found.readBy('chart/templates/common', null)).toEqual(['common']);
});

test('what is kept grows with the links, not with the files under the directories they lead to', () => {
  // A hostile head: thousands of links to its top, over thousands of files.
  const files = Array.from({ length: 5000 }, (_, i) => `d${i % 50}/f${i}.yaml`);
  const top = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`d${i % 50}/l${i}`, '..']));
  const found = links(top, files);
  expect(Math.max(...[...found.ends.values()].map((end) => end.reads.length))).toBe(1);
  expect(found.through('d7/f7.yaml')).toHaveLength(5000);
  expect(found.readBy('d0/l0', new Set(['d7/f7.yaml']))).toEqual(['', 'd7/f7.yaml']);
});

test('past 40 links a chain is refused, as Linux refuses it', () => {
  const chain = Object.fromEntries(Array.from({ length: 45 }, (_, i) => [`l${i}`, `l${i + 1}`]));
  const found = links(chain, ['l45']);
  expect(found.ends.get('l0')).toEqual({
    refused: 'passes through more than 40 symbolic links',
    reads: expect.any(Array),
  });
  expect(found.ends.get('l10')).toEqual({ file: 'l45', reads: expect.any(Array) });
});

test('a revision without links answers without work', () => {
  const found = links({}, ['a.yaml']);
  const changed = new Set(['a.yaml']);
  expect(found.reaching(changed)).toBe(changed);
  expect(found.ends.size).toBe(0);
});

test('leadsInto: a link whose first step is a changed path, or a directory above one', () => {
  const link = (target: string) => new Map([['chart/values.yaml', target]]);
  const changed = ['shared/env/prod.yaml'];
  expect(leadsInto(link('../shared/env/prod.yaml'), changed)).toBe(true);
  expect(leadsInto(link('../shared'), changed)).toBe(true);
  expect(leadsInto(link('..'), changed)).toBe(true);
  expect(leadsInto(link('../shared/env/dev.yaml'), changed)).toBe(false);
  expect(leadsInto(link('/shared/env/prod.yaml'), changed)).toBe(false);
  expect(leadsInto(link('../shared/env/prod.yaml'), [])).toBe(false);
});

test('leadsInto: no change, no link leads into one, not even a link to the top', () => {
  expect(leadsInto(new Map([['chart/values.yaml', '..']]), [])).toBe(false);
});
