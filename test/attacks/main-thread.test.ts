import fc from 'fast-check';
import { LineCounter, parseAllDocuments as yamlParseAll } from 'yaml';
import { parseAllDocuments } from '../../src/model/yaml.js';
import { parseManifests } from '../../src/stages/3-documents/parse.js';
import { trimBoth, trimEnd } from '../../src/model/text.js';
import { spellsVariable } from '../../src/stages/2-sources/helm/chart.js';
import { failPlace, isValuesFile } from '../../src/stages/2-sources/helm/render.js';
import { keyTwice, klogBlock } from '../../src/stages/2-sources/kustomize/render.js';
import { normalizeSource } from '../../src/stages/2-sources/remote/sources.js';
import { pathSteps } from '../../src/stages/3-documents/positions.js';
import { valuesSpelled } from '../../src/stages/5-references/by-name.js';

// What a pull request writes is read on the main thread, where no deadline reaches. The tool's own
// patterns there once backtracked polynomially (ESLint's redos/no-vulnerable now keeps src/ free of
// such patterns), and yaml's check for a key written twice compared every key with every other.
// Each replacement is held equal to what it replaced on inputs built from the pieces that code looks
// for, then given a megabyte, or a mapping of 100,000 keys, shaped to make the old code take hours.

/** Strings joined from `pieces`: short enough to compare with a backtracking pattern, dense in what it looks for. */
const from = (pieces: string[], maxLength = 14) =>
  fc.array(fc.constantFrom(...pieces), { maxLength }).map((p) => p.join(''));

const same = <T>(pieces: string[], ours: (s: string) => T, pattern: (s: string) => T) =>
  fc.assert(
    fc.property(from(pieces), (s) => {
      expect(ours(s)).toEqual(pattern(s));
    }),
    { numRuns: 2000 },
  );

const MEGABYTE = 1 << 20;

test('trimming slashes by hand equals the patterns it replaced, and takes a megabyte-long run', () => {
  same(
    ['/', 'a', '\n'],
    (s) => trimEnd(s, '/'),
    (s) => s.replace(/\/+$/, ''),
  );
  same(
    ['/', 'a', '\n'],
    (s) => trimBoth(s, '/'),
    (s) => s.replace(/^\/+|\/+$/g, ''),
  );
  const run = `${'/'.repeat(MEGABYTE)}x/`;
  expect(trimEnd(run, '/') === run.slice(0, -1)).toBe(true);
  expect(trimBoth(run, '/')).toBe('x');
});

test('a source URL is normalized as before, and a long host or path is no attack', () => {
  const byPattern = (url: string) => {
    let u = url.trim().replace(/^git::/, '');
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(u))
      u = u.startsWith('git@') ? `ssh://${u.replace(':', '/')}` : `oci://${u}`;
    const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i.exec(u);
    if (!match) return u;
    const path = match[3]
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .replace(/\.git$/, '');
    return `${match[1].toLowerCase()}://${match[2].toLowerCase()}${path}`;
  };
  same(
    ['git::', 'oci://', 'HTTPS://', 'git@', 'Host', ':', '/', '?', '#', '.git', '+', '\n', ' ', 'a'],
    normalizeSource,
    byPattern,
  );
  // Large results are compared by length and ends: a failure must not print a megabyte.
  const hostile = `A://${'+'.repeat(MEGABYTE)}://\nx`;
  expect(normalizeSource(hostile) === hostile).toBe(true);
  const long = normalizeSource(`oci://reg.example${'/'.repeat(MEGABYTE)}x/`);
  expect([long.length, long.slice(-2)]).toEqual([`oci://reg.example`.length + MEGABYTE + 1, '/x']);
  expect(normalizeSource(`https://h/${'#'.repeat(MEGABYTE)}x`)).toBe('https://h');
});

test("a reference's path is cut into steps as before, and a container named by a megabyte of `[` is no attack", () => {
  const byPattern = (path: string) =>
    [...path.split(' ')[0].matchAll(/\.?([^.[]+)|\[([^\]]*)\]/g)].map(([, key, item]) =>
      key !== undefined ? key : { item },
    );
  same(['.', '[', ']', 'a', 'b', ' '], pathSteps, byPattern);
  expect(pathSteps(`containers[${'['.repeat(MEGABYTE)}.env`)).toEqual(['containers', 'env']);
});

test("klog's multi-line error is found as before, and a megabyte of unclosed blocks is no attack", () => {
  same(['err=<\n', '\n', ' ', '\t', '>', 'x'], klogBlock, (s) => /err=<\n([\s\S]*?)\n\s*>/.exec(s)?.[1]);
  expect(klogBlock(`${'>err=<\nr'.repeat(MEGABYTE / 8)}>${'\n'.repeat(1000)}`)).toBeUndefined();
});

test('the key yaml names twice is found as before, and a megabyte-long line is no attack', () => {
  same(
    ['yaml: unmarshal errors: ', 'mapping key "', '" already defined', '\\', '"', 'k', '\n', '\r', ' '],
    keyTwice,
    (s) => /yaml: unmarshal errors: .*?mapping key "((?:[^"\\]|\\.)*)" already defined/.exec(s)?.[1],
  );
  expect(keyTwice(`${'yaml: unmarshal errors: u'.repeat(MEGABYTE / 25)}\n`)).toBeUndefined();
  expect(keyTwice(`yaml: unmarshal errors: ${'mapping key "'.repeat(MEGABYTE / 13)}`)).toBeUndefined();
});

test("the place of a chart's own fail is found as before, and a megabyte of them is no attack", () => {
  same(
    ['execution error at (', ')', ':', '\n', '\r', 'x', ' '],
    failPlace,
    (s) => /^(.*?execution error at \([^)\n]*\)):/.exec(s)?.[1] ?? null,
  );
  expect(failPlace('execution error at ('.repeat(MEGABYTE / 20))).toBeNull();
});

test('values files and Flux variables are told as before, and megabyte-long names are no attack', () => {
  same(['values', '.yaml', '.yml', '/', 'x', '.'], isValuesFile, (s) => /values[^/]*\.ya?ml$/.test(s));
  same(['${', '}', '$', '{', 'x'], spellsVariable, (s) => /\$\{[^}]*\}/.test(s));
  expect(isValuesFile(`${'values'.repeat(MEGABYTE / 6)}/values.yml`)).toBe(true);
  expect(spellsVariable('${'.repeat(MEGABYTE / 2))).toBe(false);
});

test("configs' names written as values are found as before, in one pass whatever the number of names", () => {
  // The pattern once asked of the text for each name.
  const byPattern = (name: string) =>
    new RegExp(
      `(?:^[ \\t]*-?|[:=/,[{])[ \\t]*["']?${name.replace(/\./g, '\\.')}["']?[ \\t]*(?:[,\\]}]|[ \\t]#|$)`,
      'm',
    );
  const names = ['app-env', 'app-env-x', 'env', 'a.b'];
  const old = names.map(byPattern);
  const pieces = [
    ' ',
    '\t',
    '-',
    ...names,
    '"',
    "'",
    ':',
    '/',
    ',',
    '[',
    '{',
    ']',
    '}',
    '#',
    '\n',
    '\r',
    'x',
  ];
  same(
    pieces,
    (s) => [...valuesSpelled(s, names)].sort(),
    (s) => names.filter((_, i) => old[i].test(s)).sort(),
  );
  // A few names are looked for where they occur; many, in one pass over every value: alike.
  const many8 = [...names, ...Array.from({ length: 8 }, (_, i) => `unused-${i}`)];
  same(
    pieces,
    (s) => [...valuesSpelled(s, names)].sort(),
    (s) => [...valuesSpelled(s, many8)].filter((n) => names.includes(n)).sort(),
  );
  expect([...valuesSpelled(`${'\t'.repeat(MEGABYTE)}/app-env`, ['app-env'])]).toEqual(['app-env']);
  expect(valuesSpelled(`${' '.repeat(MEGABYTE)}x`, ['app-env']).size).toBe(0);
  // 20,000 changed names and a megabyte that writes each as a key, never as a value: a pattern per
  // name read twenty gigabytes.
  const many = Array.from({ length: 20_000 }, (_, i) => `config-${i}`);
  const keys = many.map((n) => `${n}: 1\n`).join('');
  expect(keys.length).toBeGreaterThan(MEGABYTE / 4);
  const text = keys.repeat(Math.ceil(MEGABYTE / keys.length));
  expect(valuesSpelled(text, many).size).toBe(0);
  expect([...valuesSpelled(`${text}x: config-19999\n`, many)]).toEqual(['config-19999']);
});

test('keys written twice are found where yaml finds them, and a mapping of 100,000 keys is read at once', () => {
  // What each document's errors say, by line. yaml places a key written twice where the text before
  // the key ends (after `c:` with no value, the line before); this places it at the key, never earlier.
  const errors = (parsed: ReturnType<typeof yamlParseAll>, lines: LineCounter) =>
    [...parsed].map((d) => d.errors.map((e) => [e.code, lines.linePos(e.pos[0]).line] as const));
  const apart = (found: (readonly [string, number])[][]) =>
    found.map((d) => ({
      others: d.filter(([code]) => code !== 'DUPLICATE_KEY'),
      twice: d.filter(([code]) => code === 'DUPLICATE_KEY').map(([, line]) => line),
    }));
  const lines = [
    'a: 1',
    'b: 2',
    'a: 3',
    '"a": 4',
    '1: x',
    '"1": y',
    '  a: 1',
    '  a: 2',
    'c:',
    '- a: 1',
    '  a: 1',
    '{a: 1, a: 2}',
    'k: {x: 1, x: 2}',
    '.nan: 1',
    '&n a: 5',
    '*n : 6',
    '---',
    '] bad',
  ];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...lines), { maxLength: 10 }), (picked) => {
      const text = picked.join('\n');
      const [ours, theirs] = [new LineCounter(), new LineCounter()];
      const found = apart(
        errors(parseAllDocuments(text, { version: '1.1', prettyErrors: false, lineCounter: ours }), ours),
      );
      const expected = apart(
        errors(yamlParseAll(text, { version: '1.1', prettyErrors: false, lineCounter: theirs }), theirs),
      );
      expect(found.map((d) => d.others)).toEqual(expected.map((d) => d.others));
      found.forEach((d, i) => {
        expect(d.twice.length).toBe(expected[i].twice.length);
        d.twice.forEach((line, j) => expect(line).toBeGreaterThanOrEqual(expected[i].twice[j]));
      });
    }),
    { numRuns: 2000 },
  );
  const keys = Array.from({ length: 100_000 }, (_, i) => `  key${i}: "${i}"`);
  const configMap = (data: string[]) =>
    `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big}\ndata:\n${data.join('\n')}\n`;
  const whole = parseManifests('big.yaml', configMap(keys));
  expect([whole.objects.length, Object.keys(whole.objects[0].body.data as object).length]).toEqual([
    1, 100_000,
  ]);
  const twice = parseManifests('big.yaml', configMap([...keys, '  key7: "again"']));
  expect(twice.objects).toEqual([]);
  expect(twice.diagnostics.map((d) => [d.line, d.message])).toEqual([
    [
      100_005,
      expect.stringMatching(
        /^skipped a document: invalid YAML at line 100005, column 3: a key appears twice/,
      ),
    ],
  ]);
}, 60_000);

test("a template read as YAML: yaml's thousands of errors, the same without their stacks; a fault inside the parse keeps its stack", () => {
  const template = Array.from(
    { length: 2000 },
    (_, i) => `{{- if .Values.x${i} }}\n  k${i}: {{ .Values.y | quote }}\n{{- end }}`,
  ).join('\n');
  const codes = (docs: ReturnType<typeof yamlParseAll>) =>
    docs.map((d) => d.errors.map((e) => [e.code, e.pos[0], e.message]));
  const ours = parseAllDocuments(template, { version: '1.1' });
  expect(codes(ours)).toEqual(codes(yamlParseAll(template, { version: '1.1' })));
  expect(ours.flatMap((d) => d.errors).length).toBeGreaterThan(1000);
  const limit = Error.stackTraceLimit;
  expect(limit).toBeGreaterThan(0);
  // A fault (here an option yaml refuses) is thrown with the stack that says where it is, and
  // errors made after the parse have their stacks again.
  let fault: Error | null = null;
  try {
    parseAllDocuments('a: 1', { version: '9.9' as '1.1' });
  } catch (error) {
    fault = error as Error;
  }
  expect(fault?.stack?.split('\n').filter((l) => l.includes(' at ')).length).toBeGreaterThan(1);
  expect(Error.stackTraceLimit).toBe(limit);
  expect(new Error('after').stack?.split('\n').length).toBeGreaterThan(1);
});
