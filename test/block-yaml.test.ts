import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { isMap, isSeq, LineCounter, parseAllDocuments, type Scalar } from 'yaml';
import { readBlockYaml } from '../src/model/block-yaml.js';
import { renderDocuments, withoutDefinitions } from '../src/stages/3-documents/lines.js';
import { parseManifests, parseWithLibrary, readPrinted } from '../src/stages/3-documents/parse.js';
import { lineAt } from '../src/stages/3-documents/positions.js';
import { HELM } from './helpers/helm.js';
import { hasKustomize } from './helpers/kustomize.js';

// The reader of printed YAML answers only where the YAML library answers the same. Each document
// it reads is read by the library too, as YAML 1.1 (manifests, kustomizations) and as 1.2 (the
// library's default), and the three readings compared.

const SHARED = resolve(import.meta.dirname, '../../shared');

/** Whether the library reads `text` as one document, without error, to the same value and line. */
function libraryAgrees(text: string, read: NonNullable<ReturnType<typeof readBlockYaml>>): boolean {
  return (['1.1', '1.2'] as const).every((version) => {
    const lines = new LineCounter();
    const docs = parseAllDocuments(text, { version, lineCounter: lines, uniqueKeys: true });
    if (docs.length !== 1 || docs[0].errors.length > 0 || !docs[0].contents) return false;
    return (
      isDeepStrictEqual(docs[0].toJS({ maxAliasCount: 1000 }), read.value) &&
      lines.linePos(docs[0].contents.range[0]).line === read.line &&
      mapLines(docs[0].contents, read.value, lines, read.lineOf)
    );
  });
}

/** Whether each mapping of `value` is said to start where yaml's node for it starts. */
function mapLines(
  node: unknown,
  value: unknown,
  lines: LineCounter,
  lineOf: WeakMap<object, number>,
): boolean {
  if (isMap(node))
    return (
      lineOf.get(value as object) === lines.linePos(node.range![0]).line &&
      node.items.every((pair) =>
        mapLines(
          pair.value,
          (value as Record<string, unknown>)[String((pair.key as Scalar).value)],
          lines,
          lineOf,
        ),
      )
    );
  if (isSeq(node))
    return node.items.every((item, i) => mapLines(item, (value as unknown[])[i], lines, lineOf));
  return true;
}

/** Of `documents`, how many the reader read, and those where the library disagrees. */
function compare(documents: string[]): { read: number; disagree: string[] } {
  let read = 0;
  const disagree: string[] = [];
  for (const document of documents) {
    const value = readBlockYaml(document);
    if (!value) continue;
    read++;
    if (!libraryAgrees(document, value)) disagree.push(document);
  }
  return { read, disagree };
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

const corpora = existsSync(join(SHARED, 'corpora')) ? test : test.skip;
const builds = existsSync(join(SHARED, 'corpora')) && hasKustomize ? test : test.skip;

corpora('hand-written manifests of public projects: where it reads one, the library reads the same', () => {
  const documents = [join(SHARED, 'corpora'), join(SHARED, 'corpora-rendered')]
    .flatMap(yamlFiles)
    .filter((f) => !f.includes('/templates/'))
    .flatMap((f) => renderDocuments(readFileSync(f, 'utf8')));
  const { read, disagree } = compare(documents);
  expect(disagree).toEqual([]);
  // Not vacuous: many plain manifests are written as renderers print them.
  expect(read).toBeGreaterThan(documents.length / 4);
});

corpora(
  "manifest files: where each document is read so, the objects, lines and notes are the library's",
  () => {
    let read = 0;
    const files = [join(SHARED, 'corpora'), join(SHARED, 'corpora-rendered')].flatMap(yamlFiles);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const printed = readPrinted(file, text);
      if (!printed) continue;
      read++;
      const library = parseWithLibrary(file, text);
      expect({ file, ...printed }).toEqual({ file, ...library });
      // The document each object is remembered in: where a path of it is found again.
      printed.objects.forEach((o, i) =>
        expect([file, lineAt(o, 'metadata.name', 'spec')]).toEqual([
          file,
          lineAt(library.objects[i], 'metadata.name', 'spec'),
        ]),
      );
    }
    expect(read).toBeGreaterThan(files.length / 10);
  },
);

builds('builds by kustomize and helm: it reads nearly all, as the library does', () => {
  const kubeflow = join(SHARED, 'corpora/kubeflow__manifests');
  const roots = readdirSync(kubeflow, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('kustomization.yaml'))
    .sort()
    .filter((_, i) => i % 8 === 0)
    .map((f) => join(kubeflow, f, '..'));
  // Without git on its PATH kustomize cannot fetch a remote base; such a root fails, and is left out.
  const kubectl = execFileSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).trim();
  const builds: string[] = [];
  for (const root of roots) {
    try {
      builds.push(
        execFileSync(kubectl, ['kustomize', root], {
          encoding: 'utf8',
          timeout: 30_000,
          env: { PATH: '/nonexistent' },
          stdio: ['ignore', 'pipe', 'ignore'],
        }),
      );
    } catch {
      // A root that reads a remote base, or a file the corpus left out.
    }
  }
  if (HELM)
    for (const chart of [
      'corpora-rendered/stefanprodan__podinfo/charts/podinfo',
      'corpora-rendered/prometheus-community__helm-charts/charts/prometheus-blackbox-exporter',
    ])
      builds.push(execFileSync(HELM, ['template', 'x', join(SHARED, chart)], { encoding: 'utf8' }));
  expect(builds.length).toBeGreaterThan(10);
  const documents = builds.flatMap((b) => renderDocuments(b)).filter((d) => d.trim() !== '');
  const { read, disagree } = compare(documents);
  expect(disagree).toEqual([]);
  expect(read).toBeGreaterThan(documents.length * 0.9);
});

/** A small deterministic generator (mulberry32): fast-check gives the seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ['a', 'name', 'x.y/z', 'k k', 'a:b', 'E2', 'yes', '8080', '-a', 'on', '__proto__', 'a'];
const SCALARS = [
  'v',
  'apps/v1',
  'E2',
  'e5',
  '-e5',
  '1',
  '0',
  '-0',
  '00',
  '012',
  '1.5',
  '1_0',
  '0x1F',
  '.inf',
  'yes',
  'No',
  'true',
  'null',
  '~',
  '100m',
  '1.2.3',
  '0.93.0',
  '1.2.3.4',
  '01.02.03',
  '1.2.',
  '1..2',
  '+1.2.3',
  '1.2.3e4',
  '1_2.3.4',
  '2001-12-14',
  '12:30',
  '"q"',
  "'s'",
  "'it''s'",
  '"a\\"b"',
  '"a\\nb"',
  '"a\\tb \\\\ c"',
  '"a\\ b \\\\ c\\\\\\ d"',
  '"a\\xb"',
  '"a\\/b"',
  '"a\\',
  '"a\\\\"',
  'exec',
  '3c0d9c0320bb',
  '1abc',
  '0bad',
  '0b1',
  '0b1f',
  '0x1f',
  '123e4',
  '1e5f',
  '9_f',
  'e.5',
  'e_1',
  'E+',
  '[]',
  '[a, b]',
  '[ a , E2 ]',
  '[a,]',
  '[a, [b]]',
  '{a: b, c: d}',
  '{a: b, a: c}',
  '{a}',
  '{a: }',
  '{yes: b}',
  '[x: y]',
  '{a: b: c}',
  '[1, -e5, 0x1]',
  "[a, 'b']",
  '{a: [b]}',
  '[a #c]',
  '[-a]',
  '{ }',
  '{a: 1, b: ~}',
  'a\u0085b',
  'a\u2028b',
  'a\u0001b',
  '"a\u00a0b"',
  '{}',
  '[a]',
  '{a: b}',
  '&x v',
  '*x',
  '!t v',
  'a # c',
  'a#b',
  '--port=1',
  '<<',
  '=',
  'face',
  '+x',
  'http://h:1/p',
  'x: y',
  'v ',
  '50%',
  '5xx',
  '3e5',
  '0o17',
  '0o8',
  '+.inf',
  '.NaN',
  '-.5',
  '1e',
  '1:2:3',
  '2001-1-1',
  '2001-12-14t21:59:43.10-05:00',
  '12345678-9abc-def0',
  '8d3f-4a',
  '1_000_000',
  '0.5%',
  '1,5',
  '["a", "-c"]',
  "['a', b]",
  '["a,b"]',
  "[\"a\" , 'b''c']",
  '["a" b]',
  '["a":b]',
  '["a": b]',
  '["a\\"b"]',
  '[a"b]',
  '["a]',
  '[ "x" ]',
  '{a: "b"}',
  '{"a": b}',
  '["#x"]',
  '["a" #c]',
  '["a",]',
  '["yes", "1"]',
  '["a\\x"]',
];

/** Lines that may or may not continue a plain scalar above them. */
const CONTINUED = [
  '/var/run/x',
  '&& y',
  '- b',
  '-b',
  'b: c',
  'b:',
  'b #c',
  'b#c',
  '# c',
  '...',
  '[b]',
  'b  ',
  '"2m", "1h")',
  "'s",
  '`x` y',
  '{b}',
  '&a',
  '*a',
  '!t',
  '|x',
  '>x',
  '%x',
  '@x',
  ',x',
  '?x',
  '? x',
  ':x',
  ': x',
  '-',
  '--- x',
];

/** Block YAML as renderers print it, with the odd scalar, key and indentation a hand may write. */
function printed(seed: number): string {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const pad = (n: number) => ' '.repeat(n);
  const out: string[] = [];
  /** What follows `head` (a key and its colon, or a dash) whose collection would stand at `indent`. */
  const after = (head: string, indent: number, depth: number, ofKey: boolean) => {
    const r = next();
    if (depth >= 3 || r < 0.5) {
      out.push(`${head} ${pick(SCALARS)}`);
      // A long plain scalar folded onto the lines below, as kustomize prints one; at times not
      // deeper than its key, after a blank line, or a line that cannot continue it.
      for (let n = next() < 0.25 ? 1 + Math.floor(next() * 2) : 0; n > 0; n--) {
        if (next() < 0.1) out.push('');
        const deeper = next() < 0.8 ? 1 + Math.floor(next() * 3) : -Math.floor(next() * 2);
        const line = pick(next() < 0.6 ? CONTINUED.slice(0, 5) : [...SCALARS, ...CONTINUED]);
        out.push(`${pad(Math.max(0, indent + deeper))}${line}`);
      }
      return;
    }
    if (r < 0.6) {
      // go-yaml says how deep the lines stand (`|2-`) when the first starts with spaces.
      out.push(`${head} ${pick(['|', '|-', '|+', '>', '|1', '|2', '|2-', '|3-', '|-2'])}`);
      for (let n = 1 + Math.floor(next() * 3); n > 0; n--) {
        out.push(
          next() < 0.2
            ? pad(Math.floor(next() * (indent + 4)))
            : `${pad(indent + 2 + (next() < 0.3 ? Math.floor(next() * 3) - 1 : 0))}${pick(SCALARS)}`,
        );
        comment();
      }
      return;
    }
    out.push(head);
    if (r < 0.62) return;
    if (r < 0.66) {
      // A scalar on the line below, deeper (go-yaml's long pattern), at times folded onto more.
      const below = [...SCALARS, ...CONTINUED, '"q"', '"q', "'q'", '[a, b]', '{a: 1}', '|', '|2', '- x'];
      out.push(`${pad(indent + 1 + Math.floor(next() * 3))}${pick(below)}`);
      if (next() < 0.3) out.push(`${pad(indent + Math.floor(next() * 4))}${pick([...CONTINUED, 'q"'])}`);
      return;
    }
    if (ofKey && r < 0.8) return list(indent, depth + 1);
    node(indent + 2, depth + 1);
  };
  const node = (indent: number, depth: number) => (next() < 0.4 ? list(indent, depth) : map(indent, depth));
  // A comment line now and then, at any indentation: between nodes, or inside a `|` block.
  const comment = () => {
    if (next() < 0.15) out.push(`${pad(Math.floor(next() * 8))}#${pick(['', ' c', ' key: v', '- x'])}`);
  };
  const map = (indent: number, depth: number) => {
    for (let n = 1 + Math.floor(next() * 3); n > 0; n--) {
      comment();
      const at = next() < 0.05 ? indent + 1 : indent;
      after(`${pad(at)}${pick(KEYS)}:`, at, depth, true);
    }
  };
  const list = (indent: number, depth: number) => {
    for (let n = 1 + Math.floor(next() * 3); n > 0; n--) {
      comment();
      if (next() < 0.6) {
        after(`${pad(indent)}-`, indent, depth, false);
        continue;
      }
      after(`${pad(indent)}- ${pick(KEYS)}:`, indent + 2, depth, true);
      if (next() < 0.5) after(`${pad(indent + 2)}${pick(KEYS)}:`, indent + 2, depth, true);
    }
  };
  map(0, 0);
  return out.join('\n') + (next() < 0.5 ? '\n' : '');
}

test('generated block YAML: where it reads a text, the library reads the same', () => {
  let read = 0;
  fc.assert(
    fc.property(fc.integer(), (seed) => {
      const text = printed(seed);
      const value = readBlockYaml(text);
      if (!value) return;
      read++;
      expect({ text, agrees: libraryAgrees(text, value) }).toEqual({ text, agrees: true });
    }),
    { numRuns: 20_000 },
  );
  // Not vacuous: a good share of the texts are in the subset it reads.
  expect(read).toBeGreaterThan(1000);
});

/**
 * A scalar after a key, after a dash at the key's indentation (kyaml) or deeper, or after a key in
 * an item: one of `first` (`written`), then one to three lines of `words`, most deeper than the
 * key, some after a blank line (a share `blanks` of them).
 */
function wrappedScalar(seed: number, first: readonly string[], words: readonly string[], blanks: number) {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const [head, indent] = pick([
    ['k: ', 0],
    ['a:\n- ', 0],
    ['a:\n  - ', 2],
    ['a:\n- k: ', 2],
  ] as const);
  const written = pick(first);
  const lines = [`${head}${written}`];
  for (let n = 1 + Math.floor(next() * 3); n > 0; n--) {
    if (next() < blanks) lines.push(next() < 0.5 ? '' : ' '.repeat(indent + Math.floor(next() * 5)));
    const deeper = next() < 0.85 ? 1 + Math.floor(next() * 3) : -Math.floor(next() * 2);
    lines.push(`${' '.repeat(Math.max(0, indent + deeper))}${pick(words)}`);
  }
  return { next, pick, lines, written };
}

test('generated plain scalars folded onto deeper lines: where it reads one, the library reads the same', () => {
  let folded = 0;
  fc.assert(
    fc.property(fc.integer(), (seed) => {
      const first = ['/bin/cp a', 'x', 'sh -c', '1', 'true', 'v: w', '"q"', 'a #c'];
      const { next, pick, lines, written } = wrappedScalar(seed, first, [...CONTINUED, ...SCALARS], 0.1);
      if (next() < 0.5) lines.push(pick(['z: 1', '- z', '  z: 1', '# c']));
      const text = lines.join('\n') + '\n';
      const value = readBlockYaml(text);
      if (!value) return;
      if (JSON.stringify(value.value).includes(`"${written} `)) folded++;
      expect({ text, agrees: libraryAgrees(text, value) }).toEqual({ text, agrees: true });
    }),
    { numRuns: 10_000 },
  );
  // Not vacuous: many of the texts fold a scalar.
  expect(folded).toBeGreaterThan(500);
});

test.each([
  ["'", ['a b', "it''s", '', '  lead', 'trail  ', "''", 'x: y', 'a #b', '- z', '# c', '"q"', "''x''"]],
  [
    '"',
    [
      'a b',
      "it's",
      '',
      '  lead',
      'trail  ',
      '\\n',
      'x\\"y',
      '\\\\',
      '\\t',
      '\\ ',
      'a\\',
      '\\x41',
      '# c',
      '- z',
    ],
  ],
])(
  'generated %s-quoted scalars over several lines: where it reads one, the library reads the same',
  (quote, words) => {
    let multiline = 0;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { next, pick, lines } = wrappedScalar(
          seed,
          words.map((w) => `${quote}${w}`),
          words,
          0.2,
        );
        lines[lines.length - 1] += pick([
          quote,
          quote,
          `${quote}  `,
          `${quote} #c`,
          `${quote} x`,
          `${quote}${quote}`,
        ]);
        if (next() < 0.5) lines.push(pick(['z: 1', '- z', '  z: 1', '# c', `  more${quote}`]));
        const text = lines.join('\n') + '\n';
        const value = readBlockYaml(text);
        if (!value) return;
        multiline++;
        expect({ text, agrees: libraryAgrees(text, value) }).toEqual({ text, agrees: true });
      }),
      { numRuns: 10_000 },
    );
    // Not vacuous: many of the texts are read.
    expect(multiline).toBeGreaterThan(1000);
  },
);

test('a document nested deeper than 64 collections is left to the library', () => {
  // 3,000 levels, 4.5 MB: within the file size the tool reads, and a recursion per level.
  const nested = (levels: number) =>
    Array.from({ length: levels }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' v\n';
  expect(readBlockYaml(nested(3000))).toBeUndefined();
  expect(readBlockYaml(nested(60))?.value).toHaveProperty('k0.k1.k2');
});

test('text of blank lines and comments holds nothing, as the library reads it', () => {
  for (const text of ['', '\n\n\n', '# a\n  # b\n\n', '\n'.repeat(48)])
    expect([text, readPrinted('f.yaml', text)]).toEqual([text, parseWithLibrary('f.yaml', text)]);
  expect(parseWithLibrary('f.yaml', '# a\n')).toEqual({ objects: [], diagnostics: [] });
});

test("a bundle: blanked CustomResourceDefinitions hold nothing, an odd document is the library's alone, the file reads as the library reads it", () => {
  const text = [
    'apiVersion: apiextensions.k8s.io/v1',
    'kind: CustomResourceDefinition',
    'metadata:',
    '  name: apps.example.io',
    '---',
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: first',
    'data:',
    '  a: x',
    '---',
    '# only a comment',
    '---',
    '---',
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: second',
    'data:',
    '  a: x',
    '  b: >-',
    '    folded',
    '---',
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    'spec:',
    '  replicas: 1',
    '',
  ].join('\n');
  const bundle = withoutDefinitions(text);
  const read = readPrinted('bundle.yaml', bundle);
  expect(read).not.toBeNull();
  const library = parseWithLibrary('bundle.yaml', bundle);
  expect(read).toEqual(library);
  expect(read!.objects.map((o) => [o.name, o.line])).toEqual([
    ['first', 6],
    ['second', 16],
    ['web', 25],
  ]);
  // Each object is remembered in the document the library numbers it by, past the empty ones.
  read!.objects.forEach((o, i) =>
    expect([o.name, lineAt(o, 'data.b', 'spec.replicas')]).toEqual([
      o.name,
      lineAt(library.objects[i], 'data.b', 'spec.replicas'),
    ]),
  );
  expect(lineAt(read!.objects[1], 'data.b')).toBe(22);
  // A document the library reads with a note: the whole file's reading gives it.
  expect(readPrinted('bundle.yaml', `${bundle}---\nkey: [open\n`)).toBeNull();
  // So does a document start the split at `---` lines does not see: the documents after it are
  // numbered as the library numbers them.
  const marked = [
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata: {name: a}',
    '--- # the next',
    ...['b', 'c'].flatMap((name) => [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      `  name: ${name}`,
      'data:',
      '  k: v',
      '---',
    ]),
    '',
  ].join('\n');
  const parsed = parseManifests('marked.yaml', marked);
  expect(parsed.objects.map((o) => [o.name, lineAt(o, 'data.k')])).toEqual([
    ['a', 1],
    ['b', 10],
    ['c', 17],
  ]);
});

test('a version, a percentage or a status class is read as the string it is, as the library reads it; a number or a time is left to the library', () => {
  // `maxSurge: 25%` is in most Deployments; `5xx` in Envoy's and Contour's CRDs.
  const strings = ['0.93.0', '1.2.3.4', '01.02.03', '1.2.3e4', '1.2.', '25%', '5xx', '12345678-9abc'];
  for (const text of strings.map((v) => `metadata:\n  version: ${v}\n`)) {
    const read = readBlockYaml(text);
    expect([text, read && libraryAgrees(text, read)]).toEqual([text, true]);
  }
  for (const v of ['1.5', '3e5', '1_000', '12:30', '2001-12-14', '0o17', '.nan'])
    expect([v, readBlockYaml(`v: ${v}\n`)]).toEqual([v, undefined]);
});

test("older controller-gen's wrapped descriptions: a quoted scalar over several lines, and a plain line that starts with a quote, are read as the library reads them", () => {
  // As cert-manager's and Argo CD's CRDs print them (kubeflow's build of them: 4 MB of 6.6).
  const text = [
    'schema:',
    '  description: "A CertificateRequest is used to request a signed',
    '    certificate from one of the \\"configured\\" issuers. \\n All fields',
    '',
    '    are immutable:\\n \\ - a."',
    '  secret:',
    "    description: 'SecurityToken is the user''s temporary",
    "      security token: see https://example.com/x.htm#y'",
    '  duration: A duration, as a string (for example',
    '    "2m", "1h")',
    '',
  ].join('\n');
  const read = readBlockYaml(text);
  expect(read?.value).toEqual({
    schema: {
      description:
        'A CertificateRequest is used to request a signed certificate from one of the "configured" issuers. \n All fields\nare immutable:\n  - a.',
      secret: {
        description: "SecurityToken is the user's temporary security token: see https://example.com/x.htm#y",
      },
      duration: 'A duration, as a string (for example "2m", "1h")',
    },
  });
  expect(libraryAgrees(text, read!)).toBe(true);
});

test("controller-gen's CRD text: escaped descriptions and words like exec are read, as the library reads them", () => {
  const text = [
    'spec:',
    '  description: "roundRobinDNS controls the DNS resolution.\\nWhen enabled:\\n  - \\"a\\" \\\\ b"',
    '  command: exec',
    '  version: 0.93.0',
    '',
  ].join('\n');
  const read = readBlockYaml(text);
  expect(read?.value).toEqual({
    spec: {
      description: 'roundRobinDNS controls the DNS resolution.\nWhen enabled:\n  - "a" \\ b',
      command: 'exec',
      version: '0.93.0',
    },
  });
  expect(libraryAgrees(text, read!)).toBe(true);
});

test("go-yaml's long pattern on the line below its key, and a block that says how deep its lines stand, are read as the library reads them", () => {
  // As istio's CRDs print them (kubeflow's `common/istio`: 7 of 14 documents went to the library).
  const text = [
    'properties:',
    '  group:',
    '    pattern: ',
    '      ^$|^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$',
    '    type: string',
    '  simple:',
    '    description: |2-',
    '',
    '',
    '        Valid Options: LEAST_CONN, RANDOM',
    '    args:',
    '    - |2',
    '       indented',
    '      less',
    '',
  ].join('\n');
  const read = readBlockYaml(text);
  expect(read?.value).toEqual({
    properties: {
      group: {
        pattern: '^$|^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$',
        type: 'string',
      },
      simple: { description: '\n\n  Valid Options: LEAST_CONN, RANDOM', args: [' indented\nless\n'] },
    },
  });
  expect(libraryAgrees(text, read!)).toBe(true);
});
