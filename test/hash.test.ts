import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import stringify from 'fast-json-stable-stringify';
import { parseManifests } from '../src/stages/3-documents/parse.js';
import { canonicalContent, contentHash } from '../src/stages/8-stamps/hash-spec.js';
import { ConfigIndex } from '../src/model/identity.js';
import { isConfig } from '../src/stages/4-objects/configs.js';
import { asWorkload } from '../src/stages/4-objects/workloads.js';
import { extractRefs } from '../src/stages/5-references/extract.js';
import type { ManifestObject } from '../src/model/types.js';
import { configMap, container, deployment, secret, yaml } from './helpers/manifests.js';

const SPEC = readFileSync(join(import.meta.dirname ?? '.', '../docs/hash-spec.md'), 'utf8');
const block = (info: string) => {
  const match = new RegExp('```' + info + '\\n([\\s\\S]*?)```').exec(SPEC);
  if (!match) throw new Error(`docs/hash-spec.md has no block ${info}`);
  return match[1];
};

/** The hash of the first workload's first template in `text`. */
function hashOf(text: string, key: string | null = null): { canonical: string; hash: string } {
  const { objects } = parseManifests('m.yaml', text);
  const workload = objects.map((o) => asWorkload(o)).find(Boolean)!;
  const canonical = canonicalContent(
    workload.object,
    extractRefs(workload.templates[0].template.spec),
    new ConfigIndex(objects.filter(isConfig)),
  )!;
  return { canonical: stringify(canonical), hash: contentHash(canonical, key) };
}

describe.each([1, 2])('golden vector %i (docs/hash-spec.md)', (n) => {
  const manifests = block(`yaml vector-${n}`);
  const canonical = block(`json canonical-${n}`).trim();
  const [plain, keyed] = block(`text hashes-${n}`).trim().split('\n');

  test('canonical JSON and both hashes match the spec', () => {
    expect(hashOf(manifests).canonical).toBe(canonical);
    expect(hashOf(manifests).hash).toBe(plain);
    expect(hashOf(manifests, 'example-hash-key').hash).toBe(keyed);
  });

  test('the spec’s hashes are what sha256sum and openssl compute from its canonical JSON', () => {
    const sha = execFileSync('sha256sum', { input: canonical }).toString().split(' ')[0];
    expect(`sha256:${sha}`).toBe(plain);
    const hmac = execFileSync('openssl', ['dgst', '-sha256', '-hmac', 'example-hash-key'], {
      input: canonical,
    })
      .toString()
      .trim()
      .split(' ')
      .pop();
    expect(`hmac-sha256:${hmac}`).toBe(keyed);
  });
});

// Properties over generated configs and references.
const keyName = fc.stringMatching(/^[a-z][a-z0-9._-]{0,11}$/);
const data = fc.dictionary(keyName, fc.string({ maxLength: 20 }), { minKeys: 1, maxKeys: 6 });
type Ref = { kind: 'env'; key: string } | { kind: 'envFrom' } | { kind: 'items'; keys: string[] };

function workloadText(
  cm: Record<string, string>,
  refs: Ref[],
  extra: { labels?: Record<string, string>; flow?: boolean } = {},
): string {
  const env = refs.flatMap((r, i) =>
    r.kind === 'env' ? [{ name: `V${i}`, valueFrom: { configMapKeyRef: { name: 'cfg', key: r.key } } }] : [],
  );
  const envFrom = refs.filter((r) => r.kind === 'envFrom').map(() => ({ configMapRef: { name: 'cfg' } }));
  const volumes = refs.flatMap((r, i) =>
    r.kind === 'items'
      ? [{ name: `v${i}`, configMap: { name: 'cfg', items: r.keys.map((key) => ({ key, path: key })) } }]
      : [],
  );
  const mounts = volumes.map((v) => ({ name: v.name, mountPath: `/${v.name}` }));
  const config = configMap(
    'cfg',
    cm,
    extra.labels ? { metadata: { name: 'cfg', labels: extra.labels } } : {},
  );
  const text = yaml(
    config,
    deployment('w', { containers: [container('c', { env, envFrom, volumeMounts: mounts })], volumes }),
  );
  return extra.flow ? text.replace(/^data:\n((?: {2}.*\n)+)/m, () => `data: ${JSON.stringify(cm)}\n`) : text;
}

const refsFor = (keys: string[]) =>
  fc.array(
    fc.oneof(
      fc.constantFrom(...keys).map((key): Ref => ({ kind: 'env', key })),
      fc.constant<Ref>({ kind: 'envFrom' }),
      fc.subarray(keys, { minLength: 1 }).map((k): Ref => ({ kind: 'items', keys: k })),
    ),
    { minLength: 1, maxLength: 5 },
  );

test('reference order, duplicates, metadata and scalar style never change the hash', () => {
  fc.assert(
    fc.property(
      data.chain((cm) => fc.tuple(fc.constant(cm), refsFor(Object.keys(cm)))),
      fc.dictionary(keyName, keyName, { maxKeys: 3 }),
      ([cm, refs], labels) => {
        const original = hashOf(workloadText(cm, refs)).hash;
        expect(hashOf(workloadText(cm, [...refs].reverse())).hash).toBe(original);
        expect(hashOf(workloadText(cm, [...refs, ...refs])).hash).toBe(original);
        expect(hashOf(workloadText(cm, refs, { labels })).hash).toBe(original);
        expect(hashOf(workloadText(cm, refs, { flow: true })).hash).toBe(original);
      },
    ),
    { numRuns: 150 },
  );
});

test('a change to a consumed key always changes the hash; to an unconsumed key, never', () => {
  fc.assert(
    fc.property(
      data.chain((cm) =>
        fc.tuple(fc.constant(cm), refsFor(Object.keys(cm)), fc.constantFrom(...Object.keys(cm))),
      ),
      fc.string({ maxLength: 20 }),
      ([cm, refs, key], value) => {
        fc.pre(cm[key] !== value);
        const consumed = refs.some(
          (r) =>
            r.kind === 'envFrom' ||
            (r.kind === 'env' && r.key === key) ||
            (r.kind === 'items' && r.keys.includes(key)),
        );
        const before = hashOf(workloadText(cm, refs)).hash;
        const after = hashOf(workloadText({ ...cm, [key]: value }, refs)).hash;
        expect(after !== before).toBe(consumed);
      },
    ),
    { numRuns: 200 },
  );
});

test('namespaces, absent objects and imagePullSecrets', () => {
  const pod = (extra: object) => ({
    containers: [container('c', { envFrom: [{ secretRef: { name: 's' } }] })],
    ...extra,
  });
  const withSecret = yaml(secret('s', { stringData: { a: '1' } }), deployment('w', pod({})));
  const absent = yaml(deployment('w', pod({})));
  const pullSecret = yaml(
    secret('s', { stringData: { a: '1' } }),
    deployment('w', pod({ imagePullSecrets: [{ name: 'reg' }] })),
  );
  expect(hashOf(withSecret).hash).not.toBe(hashOf(absent).hash);
  expect(JSON.parse(hashOf(absent).canonical).configs).toEqual([
    { kind: 'Secret', namespace: null, name: 's', present: false },
  ]);
  expect(hashOf(pullSecret).hash).toBe(hashOf(withSecret).hash);
  const namespaced = yaml(secret('s', { stringData: { a: '1' } }, 'prod'), deployment('w', pod({})));
  expect(JSON.parse(hashOf(namespaced).canonical).configs[0].namespace).toBe('prod');
});

test('among duplicate definitions the one in the workload’s own file wins, then its namespace, then path order', () => {
  const cm = (value: string, ns?: string, file = 'other.yaml'): ManifestObject => ({
    ...(parseManifests(file, yaml(configMap('cfg', { k: value }, {}, ns))).objects[0] as ManifestObject),
  });
  const [w] = parseManifests(
    'w.yaml',
    yaml(
      deployment(
        'w',
        { containers: [container('c', { envFrom: [{ configMapRef: { name: 'cfg' } }] })] },
        { namespace: 'prod' },
      ),
    ),
  ).objects;
  const refs = extractRefs(asWorkload(w)!.templates[0].template.spec);
  const pick = (...candidates: ManifestObject[]) => {
    const c = canonicalContent(w, refs, new ConfigIndex(candidates))!.configs[0];
    return c.present ? Object.values(c.data)[0] : null;
  };
  const digest = (v: string) => pick(cm(v, 'prod'));
  expect(pick(cm('other', 'prod', 'b.yaml'), cm('same-file', undefined, 'w.yaml'))).toBe(
    pick(cm('same-file', undefined, 'w.yaml')),
  );
  expect(pick(cm('no-ns', undefined, 'a.yaml'), cm('prod', 'prod', 'z.yaml'))).toBe(digest('prod'));
  expect(pick(cm('second', 'prod', 'b.yaml'), cm('first', 'prod', 'a.yaml'))).toBe(digest('first'));
  expect(pick(cm('elsewhere', 'staging'))).toBeNull();
});
