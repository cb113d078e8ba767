import { diffConfigs } from '../src/stages/6-changes/diff.js';
import { pairObjects } from '../src/stages/6-changes/pairing.js';
import { parseManifests } from '../src/stages/3-documents/parse.js';
import type { Diagnostic } from '../src/model/types.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Diff two versions of a small repository given as path → text. */
function diff(base: Record<string, string>, head: Record<string, string>) {
  const paths = [...new Set([...Object.keys(base), ...Object.keys(head)])];
  const objects = (files: Record<string, string>, path: string) =>
    path in files ? parseManifests(path, files[path]).objects : [];
  const diagnostics: Diagnostic[] = [];
  const changes = diffConfigs(
    pairObjects(paths.map((p) => ({ base: objects(base, p), head: objects(head, p) }))),
    diagnostics,
  );
  return { changes, diagnostics };
}

const cm = (body: string, name = 'app') =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${body}`;
const secret = (body: string, name = 'creds') =>
  `apiVersion: v1\nkind: Secret\nmetadata:\n  name: ${name}\ntype: Opaque\n${body}`;

describe('equivalent: no change', () => {
  test.each([
    ['key order', cm('data:\n  a: "1"\n  b: "2"\n'), cm('data:\n  b: "2"\n  a: "1"\n')],
    ['quoting style', cm('data:\n  a: "x"\n  b: \'y\'\n'), cm('data:\n  a: x\n  b: "y"\n')],
    [
      'block vs quoted scalar',
      cm('data:\n  conf: |\n    line1\n    line2\n'),
      cm('data:\n  conf: "line1\\nline2\\n"\n'),
    ],
    [
      'flow vs block style',
      cm('data:\n  a: "1"\n'),
      '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "app"}, "data": {"a": "1"}}',
    ],
    [
      'metadata only: labels, annotations',
      cm('data:\n  a: "1"\n'),
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\n  labels: {team: x}\n  annotations: {note: y}\ndata:\n  a: "1"\n',
    ],
    ['comments', cm('data:\n  a: "1"\n'), `# owned by team x\n${cm('data:\n  a: "1" # one\n')}`],
    [
      'Secret data vs the same stringData',
      secret(`data:\n  password: ${b64('s3cret')}\n`),
      secret('stringData:\n  password: s3cret\n'),
    ],
    [
      'Secret base64 folded over lines',
      secret(`data:\n  cert: ${b64('x'.repeat(60))}\n`),
      secret(
        `data:\n  cert: >-\n    ${b64('x'.repeat(60)).slice(0, 40)}\n    ${b64('x'.repeat(60)).slice(40)}\n`,
      ),
    ],
    [
      'Secret type and metadata',
      secret(`data:\n  a: ${b64('1')}\n`),
      secret(`data:\n  a: ${b64('1')}\n`).replace('type: Opaque', 'type: Opaque\nimmutable: false'),
    ],
  ])('%s', (_, before, after) => {
    expect(diff({ 'a.yaml': before }, { 'a.yaml': after }).changes).toEqual([]);
  });

  test('moving an object to another file', () => {
    const other = 'apiVersion: v1\nkind: Service\nmetadata: {name: s}\n';
    const { changes } = diff(
      { 'a.yaml': `${cm('data:\n  a: "1"\n')}---\n${other}`, 'b.yaml': other },
      { 'a.yaml': other, 'moved/c.yaml': cm('data:\n  a: "1"\n') },
    );
    expect(changes).toEqual([]);
  });
});

describe('not equivalent: a change with its keys', () => {
  test('modified, added and removed keys, with the head location', () => {
    const { changes } = diff(
      { 'a.yaml': cm('data:\n  keep: "1"\n  mod: "old"\n  gone: "x"\n') },
      { 'a.yaml': `# moved down\n${cm('data:\n  keep: "1"\n  mod: "new"\n  new: "y"\n')}` },
    );
    expect(changes).toEqual([
      {
        kind: 'ConfigMap',
        namespace: null,
        name: 'app',
        file: 'a.yaml',
        line: 2,
        change: 'modified',
        keys: { added: ['new'], removed: ['gone'], modified: ['mod'] },
      },
    ]);
  });

  test.each([
    [
      'a trailing newline in a block scalar',
      cm('data:\n  c: |\n    x\n'),
      cm('data:\n  c: |-\n    x\n'),
      'c',
    ],
    [
      'stringData wins over data for the same key',
      secret(`data:\n  p: ${b64('a')}\n`),
      secret(`data:\n  p: ${b64('a')}\nstringData:\n  p: b\n`),
      'p',
    ],
    ['data moved to binaryData', cm('data:\n  f: "hi"\n'), cm(`binaryData:\n  f: ${b64('hi')}\n`), 'f'],
    [
      'a Secret value',
      secret(`data:\n  token: ${b64('one')}\n`),
      secret(`data:\n  token: ${b64('two')}\n`),
      'token',
    ],
    ['a number-looking value', cm('data:\n  num: "010"\n'), cm('data:\n  num: "10"\n'), 'num'],
  ])('%s', (_, before, after, key) => {
    const { changes } = diff({ 'a.yaml': before }, { 'a.yaml': after });
    expect(changes).toHaveLength(1);
    expect(changes[0].keys.modified).toEqual([key]);
  });

  test('namespace is part of identity: the same name in two namespaces are two objects', () => {
    const ns = (n: string, v: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app, namespace: ${n}}\ndata: {a: "${v}"}\n`;
    const { changes } = diff(
      { 'a.yaml': `${ns('ns-x', '1')}---\n${ns('ns-y', '1')}` },
      { 'a.yaml': `${ns('ns-x', '1')}---\n${ns('ns-y', '2')}` },
    );
    expect(changes.map((c) => [c.namespace, c.name])).toEqual([['ns-y', 'app']]);
  });

  test('added and deleted objects list all their keys', () => {
    const { changes } = diff(
      { 'a.yaml': cm('data:\n  a: "1"\n  b: "2"\n', 'old') },
      { 'a.yaml': cm('data:\n  c: "3"\n', 'new') },
    );
    expect(changes.map((c) => [c.name, c.change, c.keys])).toEqual([
      ['new', 'added', { added: ['c'], removed: [], modified: [] }],
      ['old', 'deleted', { added: [], removed: ['a', 'b'], modified: [] }],
    ]);
  });

  test('duplicate copies of one object in two bundles are diffed copy by copy', () => {
    const v = (x: string) => cm(`data:\n  a: "${x}"\n`);
    const { changes } = diff(
      { 'bundle-1.yaml': v('1'), 'bundle-2.yaml': v('1') },
      { 'bundle-1.yaml': v('1'), 'bundle-2.yaml': v('2') },
    );
    expect(changes.map((c) => c.file)).toEqual(['bundle-2.yaml']);
  });
});

describe('immutable objects', () => {
  test('changing an immutable ConfigMap in place is an error at its line', () => {
    const { changes, diagnostics } = diff(
      { 'a.yaml': cm('immutable: true\ndata:\n  a: "1"\n') },
      { 'a.yaml': cm('immutable: true\ndata:\n  a: "2"\n') },
    );
    expect(changes).toHaveLength(1);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        file: 'a.yaml',
        line: 1,
        severity: 'error',
        message: expect.stringMatching(/immutable/),
      }),
    ]);
  });

  test('making an object immutable together with a content change is allowed', () => {
    const { diagnostics } = diff(
      { 'a.yaml': cm('data:\n  a: "1"\n') },
      { 'a.yaml': cm('immutable: true\ndata:\n  a: "2"\n') },
    );
    expect(diagnostics).toEqual([]);
  });
});

test('no value of a Secret appears anywhere in the result', () => {
  const result = diff(
    { 'a.yaml': secret(`data:\n  password: ${b64('first-secret-value')}\n  bad: "not base64!"\n`) },
    { 'a.yaml': secret('stringData:\n  password: second-secret-value\n  bad: x\n') },
  );
  const text = JSON.stringify(result);
  expect(result.changes).toHaveLength(1);
  for (const value of [
    'first-secret-value',
    b64('first-secret-value'),
    'second-secret-value',
    'not base64!',
  ]) {
    expect(text).not.toContain(value);
  }
});
