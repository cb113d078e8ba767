import fc from 'fast-check';
import {
  definesNoneOf,
  mayHoldKind,
  mayHoldObjects,
  opensWithAction,
  skimConfigs,
  withoutDefinitions,
} from '../src/stages/3-documents/lines.js';
import {
  MAX_FILE_BYTES,
  parseKinds,
  parseManifests,
  parseRender,
  parseWithLibrary,
  type DocumentCache,
} from '../src/stages/3-documents/parse.js';
import { takeOrigin } from '../src/stages/2-sources/kustomize/origin.js';
import { manifestSelector } from '../src/stages/2-sources/select.js';

describe('parseManifests', () => {
  test('multi-document files: every object with the line it starts on; comments and separators do not count', () => {
    const text = [
      '# leading comment',
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: a, namespace: ns}',
      '---',
      '---',
      '# a comment-only document above, then a non-Kubernetes document',
      'foo: bar',
      '---',
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: b',
    ].join('\n');
    const { objects, diagnostics } = parseManifests('f.yaml', text);
    expect(diagnostics).toEqual([]);
    expect(objects.map((o) => [o.kind, o.namespace, o.name, o.line])).toEqual([
      ['ConfigMap', 'ns', 'a', 2],
      ['Deployment', null, 'b', 10],
    ]);
  });

  test('kind: List and *List items are expanded with their own lines', () => {
    const text = [
      'apiVersion: v1',
      'kind: ConfigMapList',
      'items:',
      '  - apiVersion: v1',
      '    kind: ConfigMap',
      '    metadata: {name: one}',
      '  - metadata: {name: two}',
      '    kind: ConfigMap',
      '    apiVersion: v1',
      '---',
      '{"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}}]}',
    ].join('\n');
    const { objects } = parseManifests('list.yaml', text);
    expect(objects.map((o) => [o.kind, o.name, o.line])).toEqual([
      ['ConfigMap', 'one', 4],
      ['ConfigMap', 'two', 7],
      ['Secret', 's', 11],
    ]);
  });

  test('JSON manifests', () => {
    const { objects } = parseManifests(
      'x.json',
      JSON.stringify(
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'j' }, data: { a: '1' } },
        null,
        2,
      ),
    );
    expect(objects).toHaveLength(1);
    expect(objects[0]).toMatchObject({ name: 'j', line: 1, body: { data: { a: '1' } } });
  });

  test('non-Kubernetes YAML is ignored quietly', () => {
    for (const text of [
      'name: x\nvalues: [1, 2]',
      '- a\n- b',
      'just a string',
      '',
      '# only a comment',
      'kind: Thing\nmetadata: {name: x}',
      // Not parsed at all: no line at the margin keys a kind or an apiVersion (`mayHoldObjects`).
      'title: "a KEP whose quote\nstatus: never closes',
      'image:\n  tag: {{ .Values.tag }}',
    ]) {
      expect(parseManifests('other.yaml', text)).toEqual({ objects: [], diagnostics: [] });
    }
  });

  test('invalid YAML: one diagnostic naming file and line, the other documents still read', () => {
    const text = [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: good}',
      '---',
      'apiVersion: v1',
      'kind: ConfigMap',
      'data: [unclosed',
      '---',
      'apiVersion: v1',
      'kind: Secret',
      'metadata: {name: also-good}',
    ].join('\n');
    const { objects, diagnostics } = parseManifests('broken.yaml', text);
    expect(objects.map((o) => o.name)).toEqual(['good', 'also-good']);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ file: 'broken.yaml', severity: 'warning' });
    expect(diagnostics[0].line).toBeGreaterThanOrEqual(7);
    expect(diagnostics[0].message).toMatch(/invalid YAML/);
  });

  // bitwarden/helm-charts' self-host renders `args: ['` … `']`, the closing quote at the key's
  // indentation: go-yaml (kubectl, helm) reads it, as it reads the rest of its file.
  test("a quoted scalar closed at its key's indentation reads as go-yaml reads it, lines unchanged", () => {
    const job = (name: string) =>
      [
        'apiVersion: batch/v1',
        'kind: Job',
        `metadata: {name: ${name}}`,
        'spec:',
        '  template:',
        '    spec:',
        '      containers:',
        '      - name: gen',
        "        args: ['",
        '          openssl req -subj "/CN=x";',
        '          echo Done;',
        "        ']",
        '        image: alpine',
      ].join('\n');
    const block = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: kept}\ndata:\n  a: |\n    "]\n';
    const { objects, diagnostics } = parseManifests(
      'job.yaml',
      `${block}---\n${job('first')}\n---\n${job('second')}\n`,
    );
    expect(diagnostics).toEqual([]);
    expect(objects.map((o) => [o.name, o.line])).toEqual([
      ['kept', 1],
      ['first', 8],
      ['second', 22],
    ]);
    const args = (o: (typeof objects)[number]) =>
      (o.body as { spec: { template: { spec: { containers: { args: string[] }[] } } } }).spec.template.spec
        .containers[0].args;
    expect(args(objects[1])).toEqual([' openssl req -subj "/CN=x"; echo Done; ']);
    // A document that did read keeps its text: a block scalar's `"]` line is data.
    expect(objects[0].body.data).toEqual({ a: '"]\n' });
    // A quote that is never closed is still invalid.
    const open = parseManifests('open.yaml', job('x').replace("        ']", '        ]'));
    expect(open.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/invalid YAML/)]);
  });

  test('a Helm template is one diagnostic at the first template action, whatever else the file holds', () => {
    const text = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: {{ include "chart.fullname" . }}',
      'spec:',
      '  replicas: {{ .Values.replicas }}',
      '---',
      '{{- if .Values.config }}',
      'apiVersion: v1',
      'kind: ConfigMap',
      '{{- end }}',
    ].join('\n');
    const { objects, diagnostics } = parseManifests('chart/templates/deploy.yaml', text);
    expect(objects).toEqual([]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        file: 'chart/templates/deploy.yaml',
        line: 4,
        message: expect.stringMatching(/Helm or Go template/),
      }),
    ]);
  });

  // cloudogu/gitops-playground: `*.ftl.yaml` read as "a key spans several lines", document by document.
  test.each([
    ['FreeMarker', 'metadata:\n  name: app\n<#if monitoring.active>\n  labels: {a: b}\n</#if>\n', 3],
    ['Jinja', 'metadata:\n  name: app\n{% if monitoring %}\n  labels: {a: b}\n{% endif %}\n', 3],
  ])('a %s template is one diagnostic at its first action', (language, body, line) => {
    const text = `apiVersion: v1\nkind: ConfigMap\n${body}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n<#-- a comment -->\n{% raw %}\n`;
    const { objects, diagnostics } = parseManifests('apps/values.ftl.yaml', text);
    expect(objects).toEqual([]);
    expect(diagnostics.map((d) => [d.line, d.message])).toEqual([
      [line + 2, expect.stringContaining(`looks like a ${language} template`)],
    ]);
  });

  // Most chart templates open with an action, and are not given to yaml (`opensWithAction`): held
  // to yaml's own reading on generated texts, whose first content is an action or is not.
  test('a text whose first content is an action: what yaml would say, without yaml', () => {
    const eol = fc.constantFrom('\n', '\n', '\r\n');
    const above = fc.array(
      fc.tuple(
        fc.constantFrom(
          '',
          '  ',
          '# chart: {{ .Chart.Name }}',
          '  # {% raw %}',
          '# <#-- FreeMarker -->',
          '---',
          '--- # doc',
          '--- |',
          '--- >-',
          '--- a',
        ),
        eol,
      ),
      { maxLength: 3 },
    );
    const action = fc.constantFrom(
      '{{- if .Values.enabled }}',
      '  {{- $name := include "x.fullname" . }}',
      '{{/* a comment */}}',
      '{{- /*\nGenerated from a dashboard\n*/ -}}',
      '{{ include "x" . }}: value',
      '{{}}',
      '{{ a: b }}',
      '{ {a: b} }',
      '\t{{ x }}',
      'apiVersion: v1',
    );
    const body = fc.array(
      fc.constantFrom(
        'apiVersion: v1',
        'kind: ConfigMap',
        'metadata:\n  name: {{ .Release.Name }}',
        'metadata: {name: a}',
        'data:\n  t.tmpl: |\n    {{ .Values.x }}',
        '{{- end }}',
        '{% if x %}',
        '<#if x>',
        '---',
        'more {{ x }}',
      ),
      { maxLength: 6 },
    );
    const text = fc
      .tuple(above, action, eol, body)
      .map(
        ([lines, first, end, rest]) => lines.map(([l, e]) => l + e).join('') + first + end + rest.join(end),
      );
    let fired = 0;
    fc.assert(
      fc.property(text, (t) => {
        if (opensWithAction(t)) fired++;
        expect([t, parseManifests('chart/templates/t.yaml', t)]).toEqual([
          t,
          parseWithLibrary('chart/templates/t.yaml', t),
        ]);
      }),
      // Met by random runs, kept: a `{%` in a comment sends the `{ {…} }` document to yaml alone, where
      // only the `{{` further down makes it a template.
      {
        numRuns: 3_000,
        examples: [['  # {% raw %}\n{ {a: b} }\n---\ndata:\n  t.tmpl: |\n    {{ .Values.x }}']],
      },
    );
    expect(fired).toBeGreaterThan(500);
  });

  test('template text inside a valid ConfigMap value is data, not a template file', () => {
    const text =
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: alert-templates}\ndata:\n  slack.tmpl: |\n    {{ define "x" }}{{ .Status }}{{ end }}\n';
    const { objects, diagnostics } = parseManifests('t.yaml', text);
    expect(diagnostics).toEqual([]);
    expect(objects).toHaveLength(1);
  });

  test('an alias bomb is refused with a diagnostic, not expanded', () => {
    let text =
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: bomb}\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 12; i++)
      text += `a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    const { objects, diagnostics } = parseManifests('bomb.yaml', text);
    expect(objects).toEqual([]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ file: 'bomb.yaml', line: 1, message: expect.stringMatching(/alias/i) }),
    ]);
  });

  test('an oversized file is skipped with a diagnostic', () => {
    const text =
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big}\ndata:\n  blob: "' +
      'x'.repeat(MAX_FILE_BYTES) +
      '"\n';
    const { objects, diagnostics } = parseManifests('big.yaml', text);
    expect(objects).toEqual([]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ file: 'big.yaml', line: 1, message: expect.stringMatching(/larger than/) }),
    ]);
  });

  test('diagnostics never quote the source: a broken Secret does not leak its value', () => {
    const text =
      'apiVersion: v1\nkind: Secret\nmetadata: {name: s}\nstringData:\n  password: "hunter2-very-secret\n  other: [\n';
    const { diagnostics } = parseManifests('secret.yaml', text);
    expect(diagnostics.length).toBeGreaterThan(0);
    for (const d of diagnostics) expect(d.message).not.toContain('hunter2');
  });

  test('YAML 1.1 as Kubernetes reads it: octal modes and yes/no', () => {
    const { objects } = parseManifests(
      'm.yaml',
      'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  hostNetwork: yes\n  volumes: [{name: v, secret: {secretName: s, defaultMode: 0644}}]\n',
    );
    expect(objects[0].body.spec).toMatchObject({
      hostNetwork: true,
      volumes: [{ secret: { defaultMode: 420 } }],
    });
  });
});

// DataDog/helm-charts installs its CRDs from templates inside `{{- if .Values.installCRDs }}`: 1.5 MB
// of them were parsed whole for every check whose names they mention, only to be found templates.
test('withoutDefinitions: a CRD inside a template action is one; a document opening a flow mapping is not', () => {
  const crd = [
    '{{- if .Values.installCRDs }}',
    'apiVersion: apiextensions.k8s.io/v1',
    'kind: CustomResourceDefinition',
    'metadata: {name: things.example.com}',
    '{{- end }}',
  ].join('\n');
  const flow = '{apiVersion: v1,\nkind: CustomResourceDefinition}\n';
  const configMap = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n';
  expect(withoutDefinitions(`${crd}\n---\n${flow}---\n${configMap}`)).toBe(
    `${'\n'.repeat(5)}---\n${flow}---\n${configMap}`,
  );
});

describe('mayHoldObjects: whether a text may hold a Kubernetes object, by its lines', () => {
  /**
   * Holds the rule to yaml's reading on generated texts; says how often yaml read an object there,
   * and how often the rule said none.
   */
  function neverMissesAnObject(texts: fc.Arbitrary<string>, file: string, numRuns: number) {
    const seen = { objects: 0, none: 0 };
    fc.assert(
      fc.property(texts, (text) => {
        const read = parseWithLibrary(file, text).objects.length > 0;
        const may = mayHoldObjects(text);
        if (read) seen.objects++;
        if (!may) seen.none++;
        if (read) expect({ text, may }).toEqual({ text, may: true });
      }),
      { numRuns },
    );
    return seen;
  }

  test("a chart's values file (anchors, merge keys, kind: only nested) holds none; manifests may", () => {
    const values = [
      '# values for every app',
      'defaults: &defaults',
      '  replicas: 2',
      '  kind: Deployment',
      'apps:',
      '  web:',
      '    <<: *defaults',
      '    apiVersion: apps/v1',
      'kindness: 1',
    ].join('\n');
    expect(mayHoldObjects(values)).toBe(false);
    for (const text of [
      `${values}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}`,
      '  apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}',
      '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}}',
      'base: &b {kind: ConfigMap, apiVersion: v1}\n<<: *b\nmetadata: {name: a}',
      '{"\\u006bind": "ConfigMap", "apiVersion": "v1", "metadata": {"name": "a"}}',
    ])
      expect([text, mayHoldObjects(text)]).toEqual([text, true]);
    // JSON is read as JSON: a package-lock.json or a Grafana dashboard names kinds only inside.
    const lock = JSON.stringify(
      { name: 'x', packages: { a: { kind: 'Deployment', apiVersion: 'v1' } } },
      null,
      2,
    );
    expect(mayHoldObjects(lock)).toBe(false);
  });

  test('generated JSON: every text yaml reads as an object, it says may hold one', () => {
    const key = (word: string) =>
      fc.constantFrom(word, `\\u00${word.charCodeAt(0).toString(16)}${word.slice(1)}`);
    const member = (k: fc.Arbitrary<string>, v: unknown) =>
      fc.option(
        k.map((k) => `"${k}": ${JSON.stringify(v)}`),
        { freq: 3 },
      );
    const object = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a' } };
    const text = fc
      .tuple(
        member(key('kind'), 'ConfigMap'),
        member(key('apiVersion'), 'v1'),
        member(key('metadata'), { name: 'a' }),
        fc.option(fc.constant(`"<<": ${JSON.stringify(object)}`), { freq: 5 }),
        fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
        fc.boolean(),
      )
      .map(([a, b, c, merge, rest, array]) => {
        const members = [
          a,
          b,
          c,
          merge,
          ...Object.entries(rest).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`),
        ];
        const body = `{${members.filter((m) => m !== null).join(',\n ')}}`;
        return array ? `[${body}]` : body;
      });
    const { objects, none } = neverMissesAnObject(text, 'f.json', 5_000);
    expect(objects).toBeGreaterThan(500);
    expect(none).toBeGreaterThan(500);
  });

  // Each way YAML lets a root key be written: quoted, escaped, anchored, tagged, an alias, an
  // explicit `?` key, a merge key, a flow mapping, a mapping off the margin, after a byte-order mark.
  const written = (word: string) =>
    fc.oneof(
      fc.constantFrom(word, `'${word}'`, `"${word}"`, `!!str ${word}`),
      fc.constant(`"\\x${word.charCodeAt(0).toString(16)}${word.slice(1)}"`),
      fc.nat(3).map((n) => `&k${n} ${word}`),
    );
  const pair = (k: fc.Arbitrary<string>, v: string) =>
    fc.tuple(k, fc.boolean()).map(([k, explicit]) => (explicit ? `? ${k}\n:${v}` : `${k}:${v}`));
  // An object's keys, each of them sometimes left out; and others, some of which bring them in.
  const needed = [
    pair(written('kind'), ' ConfigMap'),
    pair(written('apiVersion'), ' v1'),
    pair(written('metadata'), ' {name: a}'),
  ].map((p) => fc.option(p, { freq: 3 }));
  const other = fc.oneof(
    pair(fc.constantFrom('kindness', 'values', 'image'), ' v1'),
    pair(written('base'), ' &m {kind: ConfigMap, apiVersion: v1, metadata: {name: a}}'),
    pair(written('nested'), '\n  kind: Deployment\n  apiVersion: apps/v1'),
    pair(written('script'), ' |\n  kind: x\n  apiVersion: y'),
    fc.nat(3).map((n) => `*k${n} : v1`),
    fc.constant('<<: *m'),
    fc.constant('# kind: ConfigMap'),
  );
  const documentText = fc
    .tuple(fc.tuple(...needed), fc.array(other, { maxLength: 3 }))
    .chain(([keys, others]) => {
      const entries = [...keys.filter((k): k is string => k !== null), ...others];
      return fc.tuple(
        fc.shuffledSubarray(entries, { minLength: entries.length }),
        fc.constantFrom('block', 'block', 'block', 'indented', 'flow'),
        fc.constantFrom('', '', '# leading\n', '\n', '\uFEFF', '%YAML 1.1\n---\n'),
      );
    })
    .map(([entries, layout, before]) => {
      if (layout === 'flow') return `${before}{${entries.join(', ')}}\n`;
      const lines = entries.join('\n');
      return `${before}${layout === 'indented' ? lines.replace(/^/gm, '  ') : lines}\n`;
    });

  test('generated documents: every one yaml reads as an object, it says may hold one', () => {
    const { objects, none } = neverMissesAnObject(documentText, 'f.yaml', 20_000);
    // Not vacuous: both answers are given often.
    expect(objects).toBeGreaterThan(500);
    expect(none).toBeGreaterThan(50);
  });
});

describe('parseKinds: the objects of some kinds, parsing only the documents that may hold one', () => {
  test('a kind line is seen however it is written; a mention elsewhere is not one', () => {
    const secret = ['Secret'];
    for (const line of [
      'kind: Secret',
      'kind: "Secret"',
      "kind: 'Secret'",
      'kind: !!str Secret',
      'kind: &k Secret # a comment',
      '{"apiVersion": "v1", "kind": "Secret"}',
      '{apiVersion: v1, kind: Secret}',
      'items:\n  - kind: Secret',
    ])
      expect([line, mayHoldKind(line, secret)]).toEqual([line, true]);
    for (const line of [
      'kind: SealedSecret',
      'kind: SecretProviderClass',
      'description: a Secret the controller reads',
      'secretRef: {name: x}',
      'kind:\n  Secret',
    ])
      expect([line, mayHoldKind(line, secret)]).toEqual([line, false]);
  });

  test('a line a pull request fills with `kind:` is searched once, not once per `kind:` (2 MB of them)', () => {
    const line = 'kind:'.repeat(400_000);
    expect(mayHoldKind(line, ['Secret'])).toBe(false);
    expect(mayHoldKind(`${line} Secret`, ['Secret'])).toBe(true);
    expect(mayHoldKind(`kind: x kind\n: Secret`, ['Secret'])).toBe(true);
  });

  test('in a bundle, the Secret and its line; a document that does not parse and holds none is never read', () => {
    const text = [
      'apiVersion: apiextensions.k8s.io/v1',
      'kind: CustomResourceDefinition',
      'metadata: {name: big}',
      'spec: {description: "names argoproj.io and a Secret", broken: [}',
      '---',
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: c}',
      '---',
      'apiVersion: v1',
      'kind: Secret',
      'metadata: {name: s}',
      'stringData: {token: t0ken}',
      '',
    ].join('\n');
    expect(parseManifests('bundle.yaml', text).diagnostics).toHaveLength(1);
    const found = parseKinds('bundle.yaml', text, ['Secret']);
    expect(found.map((o) => [o.kind, o.name, o.line])).toEqual([['Secret', 's', 10]]);
    expect(parseKinds('bundle.yaml', text, ['Application'])).toEqual([]);
  });
});

describe('definesNoneOf: what a file that cannot be parsed may define, by its lines', () => {
  test.each([
    [
      'kinds written plainly, none of them',
      'kind: Deployment\n{% if x %}\n---\n# only a comment\n---\nkind: "Service"\n',
      true,
    ],
    ['one of them', 'kind: Deployment\n---\nkind: ConfigMap\n', false],
    ['a List, whose items may be', 'kind: List\nitems: [{% for %}]\n', false],
    ['a templated kind', 'kind: {{ .kind }}\n', false],
    [
      'a document without a kind line (a Jinja include)',
      'kind: Deployment\n---\n{% include "cm.yaml" %}\n',
      false,
    ],
    ['a flow document', '{kind: Deployment, data: [}\n', false],
    [
      'JSON with comments that never spells kind (argo-workflows: a dev container definition)',
      '{\n  // Dev container definition\n  "name": "builder",\n  "build": {\n    "args": { "CACHE": "0" }\n  }\n}\n',
      true,
    ],
    ['JSON that may spell kind by an escape', '{\n  // x\n  "\\u006bind": "ConfigMap"\n}\n', false],
    ['a flow document that includes a template', '{ {{ include "x" . }} }\n', false],
    ['a kind line nested in an object is no kind', 'kind: Deployment\nspec:\n  kind: Secret\n', true],
  ])('%s', (_, text, none) => {
    expect(definesNoneOf(text, ['ConfigMap', 'Secret'])).toBe(none);
  });
});

describe('skimConfigs: the ConfigMaps and Secrets a file declares, by its lines', () => {
  const makers = ['SealedSecret'];
  const cm = (metadata: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n${metadata}data:\n  a: "1"\n`;
  test('block style, as nearly every manifest: kind, namespace, name, labels, the document', () => {
    const text = [
      '# a comment\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template: {}\n',
      cm('  name: "web-config" # quoted, commented\n  namespace: apps\n  labels:\n    # why\n    app: web\n'),
      "apiVersion: v1\nkind: 'Secret'\nmetadata:\n    annotations:\n        a: b\n    name: token\n    labels: {}\ntype: Opaque\n",
      'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: web\nsecrets:\n- name: token\n',
      'kind: ClusterRole\nrules:\n- apiGroups: [""]\n  resources: [configmaps]\n',
    ];
    const skimmed = skimConfigs(text.join('---\n'), makers);
    expect(
      skimmed?.map(({ document, ...c }) => ({
        ...c,
        document: document === text[1] || document === text[2],
      })),
    ).toEqual([
      { kind: 'ConfigMap', namespace: 'apps', name: 'web-config', labelled: true, document: true },
      { kind: 'Secret', namespace: null, name: 'token', labelled: false, document: true },
    ]);
  });

  test('a file that names no config kind declares none', () => {
    expect(skimConfigs('{"kind": "Deployment"}\n', makers)).toEqual([]);
  });

  test.each([
    ['JSON', '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}}\n'],
    ['flow metadata', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n'],
    ['a template', cm('  name: {{ .Release.Name }}\n')],
    ['a template in the data', cm('  name: a\n').replace('"1"', '{{ .Values.a }}')],
    ['a name YAML 1.1 reads as no string', cm('  name: on\n')],
    ['a number for a name', cm('  name: 1e3\n')],
    ['an alias for a name', cm('  name: *name\n')],
    ['a key twice', cm('  name: a\n  name: b\n')],
    ['metadata without a name', cm('  namespace: a\n')],
    ['indentation by tabs', cm('\tname: a\n')],
    ['a merge key', '<<: *base\n' + cm('  name: a\n')],
    ['a marker with more on its line', '--- !tag\n' + cm('  name: a\n')],
    ['a List: its items are objects', 'apiVersion: v1\nkind: ConfigMapList\nitems:\n- kind: ConfigMap\n'],
    [
      'a kind that makes a Secret',
      'apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: a\n',
    ],
    ['another API version', cm('  name: a\n').replace('v1', 'v2')],
    [
      'labels in flow style that do not close on their line',
      cm(`  name: a\n  labels: {${'a'.repeat(200_000)}\n`),
    ],
  ])('declines %s: the parse decides', (_, text) => {
    expect(skimConfigs(text, makers)).toBeNull();
  });
});

describe('manifestSelector', () => {
  test('defaults: YAML and JSON anywhere, .github excluded', async () => {
    const selected = await manifestSelector();
    expect(['a.yaml', 'deep/dir/b.yml', 'c.json', '.hidden/d.yaml'].every(selected)).toBe(true);
    expect(['.github/workflows/ci.yml', 'README.md', 'kustomization'].some(selected)).toBe(false);
  });

  test('include replaces the defaults, exclude adds to them', async () => {
    const selected = await manifestSelector(['deploy/**/*.yaml'], ['deploy/legacy/**']);
    expect(selected('deploy/app/x.yaml')).toBe(true);
    expect(selected('deploy/legacy/x.yaml')).toBe(false);
    expect(selected('other/x.yaml')).toBe(false);
  });
});

test('a broken document next to a valid one holding template text is invalid YAML, not a template', () => {
  const text =
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: t}\ndata:\n  x: "{{ .Status }}"\n---\nkind: [broken\n';
  const { objects, diagnostics } = parseManifests('mixed.yaml', text);
  expect(objects.map((o) => o.name)).toEqual(['t']);
  expect(diagnostics).toEqual([
    expect.objectContaining({ file: 'mixed.yaml', message: expect.stringMatching(/invalid YAML/) }),
  ]);
  expect(diagnostics[0].line).toBeGreaterThanOrEqual(7);
});

test('a name YAML 1.1 reads as a boolean is skipped with a diagnostic that says to quote it', () => {
  const { objects, diagnostics } = parseManifests(
    'no.yaml',
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: no\n  namespace: on\n',
  );
  expect(objects).toEqual([]);
  expect(diagnostics.map((d) => d.message)).toEqual([
    'skipped ConfigMap: metadata.name reads as false, not a string; quote it.',
    'skipped ConfigMap: metadata.namespace reads as true, not a string; quote it.',
  ]);
});

describe('parseRender', () => {
  const render = (value: string) =>
    [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: a',
      '  annotations: {config.kubernetes.io/origin: "path: ../../repo/a.yaml", team: x}',
      'data: {k: "1"}',
      '---',
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: b}',
      `data: {k: "${value}"}`,
      '---',
      'apiVersion: v1',
      'kind: Broken',
      'metadata: {name: [}',
      '',
    ].join('\n');

  test('the same objects, lines and diagnostics as parsing the whole text; equal documents parsed once', () => {
    const cache: DocumentCache = new Map();
    const whole = parseManifests('root', render('1'));
    const first = parseRender('root', render('1'), cache);
    expect(first).toEqual(whole);
    const second = parseRender('root', render('2'), cache);
    expect(second).toEqual(parseManifests('root', render('2')));
    // The unchanged document is shared between the two builds; the changed one is not.
    expect(second.objects[0].body).toBe(first.objects[0].body);
    expect(second.objects[1].body).not.toBe(first.objects[1].body);
    expect(cache.get('root')!.size).toBe(4);
  });

  test('taking the origin annotation copies the body: the other build sharing it keeps its own', () => {
    const cache: DocumentCache = new Map();
    const [base] = parseRender('root', render('1'), cache).objects;
    const [head] = parseRender('root', render('2'), cache).objects;
    const taken = takeOrigin(head.body, 'wrappers/0');
    expect(taken.origin.file).toBe('a.yaml');
    expect(taken.body.metadata).toEqual({ name: 'a', annotations: { team: 'x' } });
    expect(base.body.metadata).toMatchObject({
      annotations: { 'config.kubernetes.io/origin': 'path: ../../repo/a.yaml' },
    });
  });
});
