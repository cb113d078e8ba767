import {
  git,
  helm,
  kustomize,
  RENDER_LIMITS,
  Refused,
  removeTree,
  rendererEnv,
  type Invocation,
} from '../../src/programs/invocation.js';

// Every command line this tool builds, called with hostile repository strings: each is refused by
// its grammar, or lands where it cannot be read as an option (after `--`, or inside one token).

const HOSTILE = ['--post-renderer=./evil.sh', '--output=/tmp/x', '-f', '--set-file=a=/etc/passwd', 'a\nb'];
const SHA = 'a'.repeat(40);

/** Where each argv position stands: flags before `--`, operands after it. */
function operands(invocation: Invocation): string[] {
  const end = invocation.args.indexOf('--');
  return end < 0 ? [] : invocation.args.slice(end + 1);
}

/**
 * The arguments the hostile string produced (those that differ from a build with a plain string)
 * are operands after `--` or `--end-of-options`, paths this tool prefixed (`./`, `:(literal)`), or
 * the value part of one of our own `--flag=value` tokens: never an option of their own.
 */
function safelyPlaced(hostile: Invocation, plain: Invocation): boolean {
  const end = Math.max(hostile.args.indexOf('--'), hostile.args.indexOf('--end-of-options'));
  return hostile.args.every(
    (arg, i) =>
      arg === plain.args[i] ||
      (end >= 0 && i > end) ||
      arg.startsWith('./') ||
      arg.startsWith(':(literal)') ||
      (/^--[a-z-]+=/.test(arg) && arg.split('=')[0] === plain.args[i]?.split('=')[0]),
  );
}

const call = (build: () => Invocation): Invocation | Refused => {
  try {
    return build();
  } catch (error) {
    if (error instanceof Refused) return error;
    throw error;
  }
};

const cases: [string, (hostile: string) => Invocation][] = [
  [
    'helm template: release name',
    (h) =>
      helm.template(
        '/bin/helm',
        '/w',
        '/h',
        { release: h, chart: 'repo/web', namespace: null, valueFiles: [], sets: [], kubeVersion: null },
        1000,
      ),
  ],
  [
    'helm template: namespace',
    (h) =>
      helm.template(
        '/bin/helm',
        '/w',
        '/h',
        { release: 'web', chart: 'repo/web', namespace: h, valueFiles: [], sets: [], kubeVersion: null },
        1000,
      ),
  ],
  [
    'helm template: kube version',
    (h) =>
      helm.template(
        '/bin/helm',
        '/w',
        '/h',
        { release: 'web', chart: 'repo/web', namespace: null, valueFiles: [], sets: [], kubeVersion: h },
        1000,
      ),
  ],
  [
    'helm template: chart path',
    (h) =>
      helm.template(
        '/bin/helm',
        '/w',
        '/h',
        { release: 'web', chart: h, namespace: null, valueFiles: [], sets: [], kubeVersion: null },
        1000,
      ),
  ],
  [
    'helm template: values file',
    (h) =>
      helm.template(
        '/bin/helm',
        '/w',
        '/h',
        { release: 'web', chart: 'repo/web', namespace: null, valueFiles: [h], sets: [], kubeVersion: null },
        1000,
      ),
  ],
  [
    'helm template: --set name',
    (h) =>
      helm.template(
        '/bin/helm',
        '/w',
        '/h',
        {
          release: 'web',
          chart: 'repo/web',
          namespace: null,
          valueFiles: [],
          sets: [{ name: h, value: 'x', string: false }],
          kubeVersion: null,
        },
        1000,
      ),
  ],
  [
    'helm template: --set value',
    (h) =>
      helm.template(
        '/bin/helm',
        '/w',
        '/h',
        {
          release: 'web',
          chart: 'repo/web',
          namespace: null,
          valueFiles: [],
          sets: [{ name: 'x', value: h, string: true }],
          kubeVersion: null,
        },
        1000,
      ),
  ],
  [
    'kustomize build: directory',
    (h) => kustomize.build({ program: '/bin/kubectl', args: ['kustomize'] }, '/w', '/h', h, null, 1000),
  ],
  ['git ls-tree: revision', (h) => git.lsTree('/r', h)],
  ['git ls-tree: path', (h) => git.lsTree('/r', SHA, [h])],
  ['git diff: revisions', (h) => git.diffRaw('/r', h, SHA)],
  ['git merge-base', (h) => git.mergeBase('/r', SHA, h)],
  ['git fetch: commits', (h) => git.fetchCommits('/r', [h])],
  ['git grep: revision', (h) => git.grep('/r', [h], ['app-config'], ['*.yaml'])],
  ['git grep: revisions', (h) => git.grep('/r', [SHA, h], ['app-config'], ['*.yaml'])],
  ['git grep: patterns (on stdin)', (h) => git.grep('/r', [SHA], [h], ['*.yaml'])],
  ['git grep: file names', (h) => git.named('/r', SHA, [h])],
  ['helm dependency list: chart directory', (h) => helm.dependencyList('/bin/helm', '/w', '/h', h)],
  // Only ever a tree this tool made; placed as an operand all the same.
  ['rm: a temporary tree', (h) => removeTree(`/tmp/crg-render-${h}`)],
];

describe.each(cases)('%s', (_, build) => {
  test.each(HOSTILE)('%j is refused, or never read as an option', (hostile) => {
    const result = call(() => build(hostile));
    if (result instanceof Refused) {
      expect(result.message).toMatch(/is not a|not a path|not a valid/);
      return;
    }
    // The same call with an ordinary string where the hostile one went (a commit id where one is due).
    const plain = call(() => build('plain'));
    expect(plain).not.toBeInstanceOf(Refused);
    expect(safelyPlaced(result, plain as Invocation)).toBe(true);
    // Whatever was placed, the program is an absolute path or git's own name resolved on PATH.
    expect(result.program).not.toContain(hostile);
  });
});

test('what git grep looks for is its stdin, never its argv', () => {
  const invocation = git.grep('/r', [SHA], ['--output=/tmp/x', '${VAR'], []);
  expect(invocation.args.some((a) => a.includes('--output') || a.includes('${VAR'))).toBe(false);
  expect(invocation.stdin).toBe('--output=/tmp/x\n${VAR\n');
  // Many needles are searched as alternations: still on stdin, escaped.
  const many = git.grep(
    '/r',
    [SHA],
    ['--output=/tmp/x', ...Array.from({ length: 9 }, (_, i) => `$(x${i})`)],
    [],
  );
  expect(many.args.some((a) => a.includes('--output') || a.includes('$('))).toBe(false);
  expect(many.stdin).toMatch(/^--output=\/tmp\/x\|\\\$\\\(x0\\\)\|/);
});

test('operands of the renderers are the tree paths this tool made, after --', () => {
  const template = helm.template(
    '/bin/helm',
    '/w',
    '/h',
    {
      release: 'web',
      chart: 'repo/web',
      namespace: 'ns',
      valueFiles: ['repo/v.yaml'],
      sets: [],
      kubeVersion: '1.34',
    },
    1000,
  );
  expect(operands(template)).toEqual(['web', './repo/web']);
  expect(template.args).toContain('--kube-version=1.34');
});

test('renderers get no token, no GITHUB_, INPUT_, ACTIONS_ or RUNNER_ variable, no kubeconfig, no PATH with programs', () => {
  const saved = { ...process.env };
  Object.assign(process.env, {
    GITHUB_TOKEN: 't',
    INPUT_TOKEN: 't',
    ACTIONS_RUNTIME_TOKEN: 't',
    RUNNER_TEMP: '/x',
    HTTPS_PROXY: 'http://proxy',
  });
  try {
    const env = rendererEnv('/home/x');
    expect(Object.keys(env).filter((k) => /^(GITHUB|INPUT|ACTIONS|RUNNER)_|TOKEN|PROXY/i.test(k))).toEqual(
      [],
    );
    expect(env).toMatchObject({
      PATH: '/home/x/bin',
      HOME: '/home/x',
      KUBECONFIG: '/dev/null',
      HELM_NO_PLUGINS: '1',
    });
    expect(Object.keys(rendererEnv('/home/x', true))).toContain('HTTPS_PROXY');
  } finally {
    process.env = saved;
  }
});

test("renderers' Go collector runs less often, and harder as a build nears the memory cap than at it", () => {
  const env = rendererEnv('/home/x');
  expect(Number(env.GOGC)).toBeGreaterThan(100);
  const limit = /^(\d+)MiB$/.exec(env.GOMEMLIMIT);
  expect(Number(limit?.[1]) * 2 ** 20).toBeLessThan(RENDER_LIMITS.maxMemoryBytes);
  expect(Number(env.GOMAXPROCS)).toBeGreaterThanOrEqual(1);
});

test('a login never reaches an argv: git gets it as a header for the one URL, helm pull no flag for it', () => {
  const login = { username: 'bot', password: 'p4ss-w0rd' };
  const fetch = git.fetchRef('/cache/x.git', 'https://git.example.org/org/bases.git', 'v1', login);
  expect(fetch.args.join(' ')).not.toContain(login.password);
  expect(fetch.env).toMatchObject({
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'http.https://git.example.org/org/bases.git.extraHeader',
    GIT_CONFIG_VALUE_0: `Authorization: Basic ${Buffer.from('bot:p4ss-w0rd').toString('base64')}`,
  });
  // Over SSH or git:// there is no header to send: the login is not used.
  expect(git.fetchRef('/cache/x.git', 'git://git.example.org/bases.git', 'v1', login).env).not.toHaveProperty(
    'GIT_CONFIG_COUNT',
  );
  const chart = {
    repository: 'https://charts.example.org',
    chart: 'web',
    oci: false,
    version: '1.0.0',
    digest: null,
    plainHttp: false,
  };
  const pull = helm.pull('/bin/helm', '/out', '/home', chart, true, 1000);
  expect(pull.args).toEqual(['pull', '--destination=/out', '--version=1.0.0', '--', 'crg-source/web']);
  expect(JSON.stringify(pull)).not.toContain(login.password);
});
