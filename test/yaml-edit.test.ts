import { setTemplateAnnotation, type AnnotationTarget } from '../src/stages/8-stamps/yaml-edit.js';

const KEY = 'config-rollout-guard/hash';
const V = 'sha256:' + 'ab'.repeat(32);
const deployment: AnnotationTarget = {
  line: 1,
  kind: 'Deployment',
  name: 'web',
  templatePath: 'spec.template',
};

/** Every case: input, and the exact output. Lines that are not the annotation's must come back unchanged. */
const CASES: { name: string; target?: AnnotationTarget; input: string; output: string }[] = [
  {
    name: 'existing annotations (block): a line appended after the last one, comments kept',
    input: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    metadata:
      annotations:
        prometheus.io/scrape: 'true'   # scraped
        note: |
          multi
          line
      labels: {app: web}
    spec:
      containers: []
`,
    output: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    metadata:
      annotations:
        prometheus.io/scrape: 'true'   # scraped
        note: |
          multi
          line
        ${KEY}: "${V}"
      labels: {app: web}
    spec:
      containers: []
`,
  },
  {
    name: 'no annotations: added under metadata, in the file’s 4-space indentation',
    input: `apiVersion: apps/v1
kind: Deployment
metadata:
    name: web
spec:
    template:
        metadata:
            labels:
                app: web
        spec:
            containers: []
`,
    output: `apiVersion: apps/v1
kind: Deployment
metadata:
    name: web
spec:
    template:
        metadata:
            labels:
                app: web
            annotations:
                ${KEY}: "${V}"
        spec:
            containers: []
`,
  },
  {
    name: 'no metadata in the template: added before its first key',
    input:
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers: []\n',
    output: `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    metadata:\n      annotations:\n        ${KEY}: "${V}"\n    spec:\n      containers: []\n`,
  },
  {
    name: 'an empty `annotations:` key (as in kubeflow’s katib postgres) gets its first entry',
    input:
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata:\n      labels: {a: b}\n      annotations:\n    spec: {}\n',
    output: `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata:\n      labels: {a: b}\n      annotations:\n        ${KEY}: "${V}"\n    spec: {}\n`,
  },
  {
    name: 'an explicit null annotations value becomes a flow map on its line',
    input:
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata:\n      annotations: ~ # none yet\n    spec: {}\n',
    output: `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata:\n      annotations: {"${KEY}": "${V}"} # none yet\n    spec: {}\n`,
  },
  {
    name: 'an empty template `metadata:` gets annotations below it',
    input:
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata:\n    spec: {}\n',
    output: `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata:\n      annotations:\n        ${KEY}: "${V}"\n    spec: {}\n`,
  },
  {
    name: 'an existing value is replaced in place',
    input: `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata:\n      annotations:\n        ${KEY}: sha256:old # keep me\n    spec: {}\n`,
    output: `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata:\n      annotations:\n        ${KEY}: "${V}" # keep me\n    spec: {}\n`,
  },
  {
    name: 'flow style metadata: an entry added inside the braces',
    input: `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata: {labels: {app: web}}\n    spec: {}\n`,
    output: `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata: {labels: {app: web}, "annotations": {"${KEY}": "${V}"}}\n    spec: {}\n`,
  },
  {
    name: 'empty flow annotations',
    input: `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata:\n      annotations: {}\n    spec: {}\n`,
    output: `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata:\n      annotations: {"${KEY}": "${V}"}\n    spec: {}\n`,
  },
  {
    name: 'CRLF line endings, no final newline, other documents and separators untouched',
    target: { ...deployment, line: 3 },
    input:
      '# header\r\n---\r\napiVersion: apps/v1\r\nkind: Deployment\r\nmetadata:\r\n  name: web\r\nspec:\r\n  template:\r\n    metadata:\r\n      labels:\r\n        app: web\r\n---\r\nkind: Other\r\n...',
    output: `# header\r\n---\r\napiVersion: apps/v1\r\nkind: Deployment\r\nmetadata:\r\n  name: web\r\nspec:\r\n  template:\r\n    metadata:\r\n      labels:\r\n        app: web\r\n      annotations:\r\n        ${KEY}: "${V}"\r\n---\r\nkind: Other\r\n...`,
  },
  {
    name: 'a template that ends the file without a newline',
    input:
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    metadata:\n      annotations:\n        a: b',
    output: `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    metadata:\n      annotations:\n        a: b\n        ${KEY}: "${V}"`,
  },
  {
    name: 'JSON manifest, pretty-printed: stays JSON in its own layout',
    input: `{
  "apiVersion": "apps/v1",
  "kind": "Deployment",
  "metadata": {"name": "web"},
  "spec": {
    "template": {
      "metadata": {
        "labels": {"app": "web"}
      },
      "spec": {"containers": []}
    }
  }
}
`,
    output: `{
  "apiVersion": "apps/v1",
  "kind": "Deployment",
  "metadata": {"name": "web"},
  "spec": {
    "template": {
      "metadata": {
        "labels": {"app": "web"},
        "annotations": {"${KEY}": "${V}"}
      },
      "spec": {"containers": []}
    }
  }
}
`,
  },
  {
    name: 'a List item, and a CronJob template path',
    target: { line: 4, kind: 'CronJob', name: 'nightly', templatePath: 'spec.jobTemplate.spec.template' },
    input: `apiVersion: v1
kind: List
items:
- apiVersion: batch/v1
  kind: CronJob
  metadata: {name: nightly}
  spec:
    jobTemplate:
      spec:
        template:
          metadata:
            labels: {app: x}
          spec: {}
`,
    output: `apiVersion: v1
kind: List
items:
- apiVersion: batch/v1
  kind: CronJob
  metadata: {name: nightly}
  spec:
    jobTemplate:
      spec:
        template:
          metadata:
            labels: {app: x}
            annotations:
              ${KEY}: "${V}"
          spec: {}
`,
  },
];

test.each(CASES)('$name', ({ input, output, target }) => {
  const result = setTemplateAnnotation(input, target ?? deployment, KEY, V);
  expect(result).toEqual({ text: output, changed: true });
  // Idempotent: a second run changes nothing.
  expect(setTemplateAnnotation(output, target ?? deployment, KEY, V)).toEqual({
    text: output,
    changed: false,
  });
});

test('two objects with the same name in one file: only the one at the given line changes', () => {
  const one = (ns: string) =>
    `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: ${ns}}\nspec:\n  template:\n    metadata:\n      labels: {app: web}\n`;
  const input = `${one('a')}---\n${one('b')}`;
  const result = setTemplateAnnotation(input, { ...deployment, line: 9 }, KEY, V);
  expect(result).toEqual({
    text: `${one('a')}---\n${one('b')}      annotations:\n        ${KEY}: "${V}"\n`,
    changed: true,
  });
});

test('a template whose metadata is not a mapping is an error, not a silent skip', () => {
  const text =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    metadata: [1]\n';
  expect(setTemplateAnnotation(text, deployment, KEY, V)).toEqual({
    error: 'Deployment web: its pod template metadata is not a mapping',
  });
});

test('a target that is not there is an error, not a guess', () => {
  expect(setTemplateAnnotation('kind: Deployment\n', deployment, KEY, V)).toEqual({
    error: 'no Deployment web starts at line 1',
  });
  expect(
    setTemplateAnnotation(
      'apiVersion: v1\nkind: Deployment\nmetadata: {name: web}\nspec: {}\n',
      deployment,
      KEY,
      V,
    ),
  ).toEqual({
    error: 'Deployment web has no pod template at spec.template',
  });
});

describe('anchors and scalar styles', () => {
  test('a pod template whose annotations another workload aliases is refused, naming the anchor', () => {
    const input = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    metadata:
      annotations: &shared
        team: a
    spec:
      containers: []
  other: *shared
`;
    const result = setTemplateAnnotation(input, deployment, KEY, V);
    expect(result).toEqual({ error: expect.stringMatching(/^Deployment web: .*&shared.*own annotations/) });
  });

  test('a template reached through an anchored spec is refused too', () => {
    const input = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec: &spec
  template:
    spec:
      containers: []
`;
    expect(setTemplateAnnotation(input, deployment, KEY, V)).toEqual({
      error: expect.stringContaining('&spec'),
    });
  });

  test.each(['>-', '|-', '>', '|'])(
    'an existing hash written as a %s block scalar is replaced in place',
    (indicator) => {
      const input = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    metadata:
      annotations:
        ${KEY}: ${indicator}
          sha256:old
        team: a
    spec:
      containers: []
`;
      const result = setTemplateAnnotation(input, deployment, KEY, V);
      expect(result).toEqual({
        text: input.replace(`${indicator}\n          sha256:old`, JSON.stringify(V)),
        changed: true,
      });
    },
  );
});
