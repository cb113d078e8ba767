import { credentialFor, parseCredentials, underPrefix } from '../src/stages/2-sources/remote/credentials.js';
import { repositoryKey } from '../src/stages/2-sources/remote/sources.js';
import { fluxPostRender } from '../src/stages/2-sources/helm/post-render.js';
import { parseGitBase } from '../src/stages/2-sources/remote/git-base.js';
import { schemaFetch } from '../src/stages/2-sources/helm/schema-refs.js';

// How sources are named and matched: one repository however its URL is written, prefixes as the
// allowlist and logins write them, the logins text, and what a Flux post-renderer contributes.

test('one repository, however its URL is written', () => {
  const key = repositoryKey('https://github.com/acme/gitops');
  for (const url of [
    'git@github.com:acme/gitops.git',
    'ssh://git@github.com/acme/gitops',
    'https://GitHub.com/acme/gitops.git/',
    'git::https://github.com/acme/gitops',
  ])
    expect(repositoryKey(url)).toBe(key);
  expect(repositoryKey('https://github.com/acme/other')).not.toBe(key);
});

// As kustomize's repospec.go splits them: an explicit marker (`//`, `.git`, `_git/`), else the first
// two path segments; only a known git host is taken without a marker (elsewhere it may be one file).
test.each([
  ['github.com/acme/gitops//apps/web?ref=v1', 'https://github.com/acme/gitops', 'apps/web', 'v1'],
  [
    'https://github.com/kyverno/policies/pod-security-vpol/baseline',
    'https://github.com/kyverno/policies',
    'pod-security-vpol/baseline',
    null,
  ],
  ['https://github.com/acme/gitops', 'https://github.com/acme/gitops', '', null],
  ['https://gitlab.com/acme/gitops/apps?ref=main', 'https://gitlab.com/acme/gitops', 'apps', 'main'],
  ['https://git.example.org/acme/gitops.git/apps', 'https://git.example.org/acme/gitops.git', 'apps', null],
  ['https://github.com/acme/gitops/deploy/all.yaml', null, null, null],
  ['https://git.example.org/acme/gitops/apps', null, null, null],
  ['https://github.com/acme/gitops/../../etc', null, null, null],
])('remote base %s: repository %s, directory %s, ref %s', (entry, url, subdir, ref) => {
  const base = parseGitBase(entry);
  expect(base && { url: base.url, subdir: base.subdir, ref: base.ref }).toEqual(
    url === null ? null : { url, subdir, ref },
  );
});

test.each([
  ['oci://ghcr.io/acme/charts/web', 'ghcr.io/acme', true],
  ['oci://ghcr.io/acme/charts/web', 'ghcr.io/acme/', true],
  ['oci://ghcr.io/acmeother/web', 'ghcr.io/acme', false],
  ['https://charts.example.org/stable', 'https://charts.example.org', true],
  ['http://charts.example.org/stable', 'https://charts.example.org', false],
  ['https://charts.example.org.evil.net', 'charts.example.org', false],
])('%s under %s: %s', (source, prefix, expected) => {
  expect(underPrefix(source, prefix)).toBe(expected);
});

test('logins: the longest prefix wins; comments and blank lines are skipped; a password may hold colons', () => {
  const logins = parseCredentials(
    '# ours\n\nghcr.io=any:one\nghcr.io/acme=bot:t:w:o\n https://charts.example.org=ci:three \n',
    'logins',
  );
  expect(credentialFor('oci://ghcr.io/acme/web', logins)?.password).toBe('t:w:o');
  expect(credentialFor('oci://ghcr.io/other/web', logins)?.password).toBe('one');
  expect(credentialFor('https://charts.example.org/stable', logins)?.password).toBe('three');
  expect(credentialFor('https://elsewhere.example.org', logins)).toBeNull();
  expect(() => parseCredentials('ghcr.io=only-a-secret', 'logins')).toThrow(
    'logins, line 1: expected PREFIX=USERNAME:PASSWORD',
  );
  expect(() => parseCredentials('ghcr.io=only-a-secret', 'logins')).not.toThrow(/only-a-secret/);
});

test('a post-renderer: inline patches with string targets, the older forms as inline patches, images; nothing read from a path', () => {
  const post = fluxPostRender({
    postRenderers: [
      {
        kustomize: {
          patches: [
            {
              patch: '- {op: remove, path: /spec/replicas}',
              target: { kind: 'Deployment', name: 'web', extra: 1 },
            },
            { path: '/etc/passwd', target: { kind: 'Secret' } },
          ],
          patchesStrategicMerge: [{ kind: 'Deployment', metadata: { name: 'web' } }],
          patchesJson6902: [
            { target: { kind: 'Service', name: 'web' }, patch: [{ op: 'remove', path: '/x' }] },
          ],
          images: [{ name: 'nginx', newTag: '1.28', digest: 7 }, { newTag: 'no-name' }],
        },
      },
      { notKustomize: {} },
    ],
  });
  expect(post).toEqual({
    patches: [
      { patch: '- {op: remove, path: /spec/replicas}', target: { kind: 'Deployment', name: 'web' } },
      { patch: '{"kind":"Deployment","metadata":{"name":"web"}}' },
      { patch: '[{"op":"remove","path":"/x"}]', target: { kind: 'Service', name: 'web' } },
    ],
    images: [{ name: 'nginx', newTag: '1.28' }],
  });
  expect(fluxPostRender({ postRenderers: [{ kustomize: { patches: [{ path: 'x.yaml' }] } }] })).toBeNull();
});

// Which references of a repository chart's values schema helm may load while it validates: those
// inside the schema, JSON Schema's own metaschemas, and URLs the trusted side allows.
describe("a values schema's references out of it", () => {
  const allowed = (url: string) => url.startsWith('https://schemas.example.com/');
  const schema = (body: object) => new Map([['chart/values.schema.json', Buffer.from(JSON.stringify(body))]]);
  test.each([
    [{ $schema: 'http://json-schema.org/schema#', properties: { a: { $ref: '#/definitions/a' } } }, null],
    [{ $schema: 'https://json-schema.org/draft/2020-12/schema' }, null],
    [{ properties: { a: { $ref: 'https://schemas.example.com/k8s.json#/a' } } }, null],
    [{ allOf: [{ $ref: 'https://evil.example.org/x.json' }] }, 'remote'],
    [{ properties: { a: { $ref: 'schemas/definitions.json#/labels' } } }, 'unsupported'],
    [{ properties: { a: { $ref: 'file:///etc/passwd' } } }, 'unsupported'],
    [{ properties: { a: { $dynamicRef: 'https://evil.example.org/d' } } }, 'remote'],
    [{ $schema: 'https://evil.example.org/meta' }, 'remote'],
    [{ properties: { $ref: { type: 'string' } } }, null],
  ])('%j → %p', (body, reason) => {
    expect(schemaFetch(schema(body), ['chart'], allowed)?.reason ?? null).toBe(reason);
  });

  test('only the charts named are read, in path order, and a schema that does not parse is helm’s to report', () => {
    const files = new Map([
      ['other/values.schema.json', Buffer.from('{"$ref": "https://evil.example.org/a"}')],
      ['chart/charts/b/values.schema.json', Buffer.from('{"$ref": "https://evil.example.org/b"}')],
      ['chart/charts/a/values.schema.json', Buffer.from('{"$ref": "https://evil.example.org/a"}')],
      ['chart/values.schema.json', Buffer.from('{not json')],
    ]);
    expect(schemaFetch(files, ['chart'], allowed)?.message).toBe(
      "chart/charts/a/values.schema.json refers to https://evil.example.org/a, which helm would fetch while it checks the values; the base configuration's remote.allow does not name it",
    );
    expect(schemaFetch(files, ['elsewhere'], allowed)).toBeNull();
  });
});
