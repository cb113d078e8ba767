// npm run bench: a deterministic synthetic GitOps monorepo, the tool against the floors no
// implementation can beat, medians of several runs with peak memory, all in one run.
//   node scripts/bench.js            the whole benchmark (a few minutes)
//   node scripts/bench.js --quick    fewer runs, for a smoke test
// Internal modes (run as child processes so that each is measured like the CLI is):
//   --parse-only REPO REV            read and parse every manifest at REV with the YAML library, nothing else
//   --naive REPO BASE HEAD           read every manifest at both revisions and parse them all
//   --generate NAMESPACES            build a repository, keep it and print where (also for profiling)
//   --generate-kubeflow              the kubeflow-shaped repository, kept, with its revisions
//   --generate-kustomize             the 200-overlay monorepo, kept, with its revisions
//   --kustomize-only                 only the rendered sections (kustomize monorepo, kubeflow-shaped)
//   --noop-only                      only the no-op check
//   --file-only                      only the one-file section (fix growth, alias-heavy check)
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const CLI = join(ROOT, 'dist', 'cli.js');
const SELF = fileURLToPath(import.meta.url);

function parseAll(texts) {
  let documents = 0;
  for (const text of texts)
    for (const doc of parseAllDocuments(text, { version: '1.1' })) documents += doc.toJS() ? 1 : 0;
  return documents;
}

// The floor for scan: one revision's manifests read the fastest way git offers (blobs by id through
// one cat-file process) and parsed with the YAML library; nothing else.
function parseOnly(repo, rev) {
  console.log(parseAll(readRevision(repo, rev)));
}

function readRevision(repo, rev) {
  const entries = execFileSync('git', ['ls-tree', '-r', '-z', rev], { cwd: repo, maxBuffer: 1 << 30 })
    .toString()
    .split('\0')
    .filter((e) => /\.ya?ml$/.test(e));
  const ids = entries.map((e) => e.split('\t')[0].split(' ')[2]);
  const out = execFileSync('git', ['cat-file', '--batch'], {
    cwd: repo,
    input: ids.join('\n') + '\n',
    maxBuffer: 1 << 30,
  });
  const texts = [];
  for (let at = 0; at < out.length;) {
    const eol = out.indexOf(10, at);
    const size = Number(out.subarray(at, eol).toString().split(' ')[2]);
    texts.push(out.subarray(eol + 1, eol + 1 + size).toString());
    at = eol + 1 + size + 1;
  }
  return texts;
}

// The straightforward engine: every manifest at both revisions, read (one cat-file process, as the
// tool does) and parsed. It does no analysis at all, so the tool's real work only adds to it.
function naive(repo, base, head) {
  console.log(parseAll(readRevision(repo, base)) + parseAll(readRevision(repo, head)));
}

// ---------------------------------------------------------------------------------------------
// The synthetic monorepo: per namespace 100 files — 20 apps (Deployment, ConfigMap, Secret,
// Service), StatefulSets and CronJobs with their ConfigMap in the same file, a DaemonSet,
// multi-document bundles and policy noise. Names are unique per namespace, as in most monorepos.

function random(seed) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const APPS = [
  'checkout',
  'cart',
  'catalog',
  'search',
  'payments',
  'users',
  'auth',
  'orders',
  'shipping',
  'billing',
  'reviews',
  'images',
  'email',
  'notify',
  'ledger',
  'pricing',
  'inventory',
  'gateway',
  'metrics',
  'reports',
];

function configMap(ns, name, rand, extra = '') {
  const lines = Array.from({ length: 8 }, (_, i) => `  KEY_${i}: "${Math.floor(rand() * 1e6)}"`).join('\n');
  const file = Array.from({ length: 24 }, (_, i) => `    setting.${i} = ${Math.floor(rand() * 1e9)}`).join(
    '\n',
  );
  return `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: ${ns}\n  labels:\n    app.kubernetes.io/part-of: ${ns}\ndata:\n${lines}\n  app.properties: |\n${file}\n${extra}`;
}

function podSpec(app, config, secret) {
  return `    spec:
      serviceAccountName: ${app}
      containers:
        - name: ${app}
          image: registry.example.com/${app}:1.${app.length}.0
          ports:
            - containerPort: 8080
          envFrom:
            - configMapRef:
                name: ${config}
          env:
            - name: DB_PASSWORD
              valueFrom:
                secretKeyRef:
                  name: ${secret}
                  key: password
          resources:
            requests: {cpu: 100m, memory: 128Mi}
            limits: {memory: 256Mi}
          volumeMounts:
            - name: config
              mountPath: /etc/${app}
      volumes:
        - name: config
          configMap:
            name: ${config}
            items:
              - key: app.properties
                path: app.properties`;
}

function workload(kind, apiVersion, ns, name, config, secret, extraSpec = '') {
  return `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: ${name}\n  namespace: ${ns}\nspec:\n${extraSpec}  selector:\n    matchLabels: {app: ${name}}\n  template:\n    metadata:\n      labels: {app: ${name}}\n${podSpec(name, config, secret)}\n`;
}

function generate(dir, namespaces) {
  const rand = random(42);
  const configs = [];
  const write = (path, text) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  for (let n = 0; n < namespaces; n++) {
    const ns = `team-${String(n).padStart(3, '0')}`;
    const base = `clusters/prod/${ns}`;
    write(`${base}/namespace.yaml`, `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${ns}\n`);
    APPS.forEach((a) => {
      const app = `${ns}-${a}`;
      write(`${base}/${a}/configmap.yaml`, configMap(ns, `${app}-config`, rand));
      configs.push({ path: `${base}/${a}/configmap.yaml`, name: `${app}-config` });
      write(
        `${base}/${a}/secret.yaml`,
        `apiVersion: v1\nkind: Secret\nmetadata:\n  name: ${app}-db\n  namespace: ${ns}\ntype: Opaque\ndata:\n  password: ${Buffer.from(String(rand())).toString('base64')}\n  username: ${Buffer.from(a).toString('base64')}\n`,
      );
      write(
        `${base}/${a}/deployment.yaml`,
        workload('Deployment', 'apps/v1', ns, app, `${app}-config`, `${app}-db`, '  replicas: 3\n'),
      );
      write(
        `${base}/${a}/service.yaml`,
        `apiVersion: v1\nkind: Service\nmetadata:\n  name: ${app}\n  namespace: ${ns}\nspec:\n  selector: {app: ${app}}\n  ports:\n    - port: 80\n      targetPort: 8080\n`,
      );
    });
    for (let i = 0; i < 5; i++) {
      const name = `${ns}-db-${i}`;
      write(
        `${base}/stateful/db-${i}.yaml`,
        `${configMap(ns, `${name}-config`, rand)}---\n${workload('StatefulSet', 'apps/v1', ns, name, `${name}-config`, `${ns}-checkout-db`, `  serviceName: ${name}\n`)}`,
      );
      const job = `${ns}-job-${i}`;
      write(
        `${base}/jobs/job-${i}.yaml`,
        `${configMap(ns, `${job}-config`, rand)}---\napiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: ${job}\n  namespace: ${ns}\nspec:\n  schedule: "${i} 3 * * *"\n  jobTemplate:\n    spec:\n      template:\n${podSpec(job, `${job}-config`, `${ns}-checkout-db`).replace(/^/gm, '    ')}\n`,
      );
    }
    write(
      `${base}/node-agent.yaml`,
      workload('DaemonSet', 'apps/v1', ns, `${ns}-agent`, `${ns}-agent-config`, `${ns}-checkout-db`) +
        `---\n${configMap(ns, `${ns}-agent-config`, rand)}`,
    );
    for (let i = 0; i < 4; i++) {
      const name = `${ns}-edge-${i}`;
      write(
        `${base}/bundles/edge-${i}.yaml`,
        `# rendered bundle\n${configMap(ns, `${name}-config`, rand)}---\n${workload('Deployment', 'apps/v1', ns, name, `${name}-config`, `${ns}-auth-db`)}---\napiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\n  namespace: ${ns}\nspec:\n  ports: [{port: 80}]\n`,
      );
    }
    for (let i = 0; i < 4; i++) {
      write(
        `${base}/policy/policy-${i}.yaml`,
        `apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: policy-${i}\n  namespace: ${ns}\nspec:\n  podSelector: {}\n  policyTypes: [Ingress]\n  ingress:\n    - from:\n        - namespaceSelector:\n            matchLabels: {team: ${ns}}\n`,
      );
    }
  }
  return configs;
}

function git(repo, ...args) {
  return execFileSync(
    'git',
    ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...args],
    {
      cwd: repo,
      maxBuffer: 1 << 30,
    },
  )
    .toString()
    .trim();
}

/**
 * An empty repository for a benchmark, and a writer of files into it. No background `git gc
 * --auto` after a big commit: it would compete with the measurements.
 */
function benchRepo(prefix) {
  const repo = mkdtempSync(join(tmpdir(), prefix));
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'config', 'gc.auto', '0');
  git(repo, 'config', 'maintenance.auto', 'false');
  const write = (path, text) => {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  };
  return { repo, write };
}

/** A repository with a base commit and one head branch per count of changed ConfigMaps. */
function buildRepo(namespaces, counts) {
  const { repo } = benchRepo('crg-bench-');
  const configs = generate(repo, namespaces);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  const base = git(repo, 'rev-parse', 'HEAD');
  const heads = {};
  for (const count of counts) {
    git(repo, 'checkout', '-q', '-B', `change-${count}`, base);
    // Spread over namespaces: every (configs/count)-th ConfigMap of the app set.
    const step = Math.floor(configs.length / count);
    const changed = Array.from({ length: count }, (_, i) => configs[i * step]);
    for (const { path } of changed)
      writeFileSync(
        join(repo, path),
        readFileSync(join(repo, path), 'utf8').replace(/KEY_0: "\d+"/, 'KEY_0: "changed"'),
      );
    git(repo, 'commit', '-q', '-am', `change ${count}`);
    heads[count] = { sha: git(repo, 'rev-parse', 'HEAD'), names: changed.map((c) => c.name) };
  }
  git(repo, 'checkout', '-q', `change-${counts[0]}`);
  // Packed, as a clone is, and now rather than in the background during the measurements.
  git(repo, 'repack', '-adq');
  const files = Number(git(repo, 'ls-files').split('\n').length);
  return { repo, base, heads, files };
}

// ---------------------------------------------------------------------------------------------

// NODE_EXTRA_CA_CERTS makes every node start read and parse that certificate bundle first (about
// 38 ms on this machine, more than node's own start), and a GitHub runner does not set it: each
// command is measured without it, the floors and the tool alike.
const CLEAN_ENV = { ...process.env };
delete CLEAN_ENV.NODE_EXTRA_CA_CERTS;
/** The Go collector settings the check gives its renderers (src/programs/invocation.ts). */
const GO_RUNTIME = {
  GOGC: '400',
  GOMEMLIMIT: '1536MiB',
  GOMAXPROCS: String(Math.max(1, Math.floor(cpus().length / 2))),
};

/** One command to measure: `label` names its row. */
const spec = (label, command, args, options = {}) => ({ label, command, args, options });

/**
 * Median wall time and peak RSS of `runs` runs of each command, measured in rounds: each round
 * runs every command once, in turn. A machine that grows busier or quieter during a section then
 * weighs on a floor and the tool alike, so the ratio between two rows holds where medians taken one
 * command after another moved 1.5× between the floor's runs and the tool's.
 */
function measureTogether(specs, runs) {
  const samples = Object.fromEntries(Object.keys(specs).map((key) => [key, { times: [], rss: [] }]));
  const rssFile = join(tmpdir(), `crg-bench-rss-${process.pid}`);
  // The CLI keeps its compiled code in the user's cache, from the first run that answers a command
  // (src/cli/compiled-code.ts). Each measurement starts with a cache of its own, so a row is the
  // command run again, whatever ran on this machine before: a test suite's checks had left kept
  // code that cost the no-op 0.2–0.6 ms (paired runs).
  const cache = mkdtempSync(join(tmpdir(), 'crg-bench-cache-'));
  for (let i = 0; i < runs; i++) {
    for (const [key, { label, command, args, options }] of Object.entries(specs)) {
      const start = process.hrtime.bigint();
      const result = spawnSync('/usr/bin/time', ['-f', '%M', '-o', rssFile, command, ...args], {
        cwd: options.cwd,
        env: { ...(options.env ?? CLEAN_ENV), XDG_CACHE_HOME: cache },
        maxBuffer: 1 << 30,
      });
      const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
      if (result.status !== 0 && !(options.okCodes ?? []).includes(result.status)) {
        throw new Error(`${label} failed (${result.status}): ${result.stderr.toString().slice(0, 500)}`);
      }
      samples[key].times.push(elapsed);
      samples[key].rss.push(Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) / 1024);
    }
  }
  rmSync(rssFile, { force: true });
  rmSync(cache, { recursive: true, force: true });
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return Object.fromEntries(
    Object.entries(specs).map(([key, { label }]) => {
      const row = { label, ms: median(samples[key].times), mb: Math.max(...samples[key].rss), runs };
      console.error(
        `  ${label.padEnd(46)} ${row.ms.toFixed(0).padStart(7)} ms  ${row.mb.toFixed(0).padStart(5)} MB  (median of ${runs}, in rounds)`,
      );
      return [key, row];
    }),
  );
}

// Every ratio the performance issue sets a limit for, printed together at the end of a run.
const targets = [];
function target(label, ratio, limit) {
  targets.push({ label, ratio, limit });
}

function targetsReport() {
  return [
    '',
    '| target | measured | limit | |',
    '| --- | ---: | ---: | --- |',
    ...targets.map(
      (t) =>
        `| ${t.label} | ${t.ratio.toFixed(2)}× | ≤ ${t.limit}× | ${t.ratio <= t.limit ? 'met' : '**missed**'} |`,
    ),
  ].join('\n');
}

// A check where nothing changed (base = head) in a one-file repository: what every run on an
// unrelated pull request costs.
function noopSection(quick) {
  // Its two rows differ by a few milliseconds on a 20 ms start, where 15 rounds moved the ratio by
  // ±0.03 between runs; a round costs 50 ms, so it takes 61.
  const runs = quick ? 5 : 61;
  const repo = oneFileRepo(
    `${configMap('one', 'app-config', random(3))}---\n${workload('Deployment', 'apps/v1', 'one', 'app', 'app-config', 'db')}`,
  );
  console.error('\nno-op: a one-file repository, base = head');
  const r = measureTogether(
    {
      node: spec('floor: node alone', process.execPath, ['-e', '0']),
      check: spec('check, base = head', process.execPath, [
        CLI,
        'check',
        '--repo',
        repo,
        '--base',
        'HEAD',
        '--head',
        'HEAD',
      ]),
    },
    runs,
  );
  rmSync(repo, { recursive: true, force: true });
  target('no-op check ÷ node -e 0', r.check.ms / r.node.ms, 1.5);
  return r;
}

function noopReport(r) {
  return [
    '',
    '| no-op (one file, base = head) | median | peak RSS | ratio |',
    '| --- | ---: | ---: | --- |',
    `| check | ${r.check.ms.toFixed(0)} ms | ${r.check.mb.toFixed(0)} MB | ${(r.check.ms / r.node.ms).toFixed(2)}× of node (target ≤ 1.5×) |`,
    `| floor: node alone | ${r.node.ms.toFixed(0)} ms | ${r.node.mb.toFixed(0)} MB | |`,
  ].join('\n');
}

function main(quick) {
  const light = quick ? 3 : 9;
  const heavy = quick ? 1 : 3;
  const counts = [1, 20, 200];
  console.error(
    `Machine: ${cpus().length} × ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  const results = {};
  for (const namespaces of [20, 200]) {
    const t0 = Date.now();
    // Generated in a child: a parent that grew large makes every fork it does slower, and with it
    // every measurement below.
    const generated = spawnSync(process.execPath, [SELF, '--generate', String(namespaces)], {
      maxBuffer: 1 << 30,
    });
    if (generated.status !== 0) throw new Error(generated.stderr.toString());
    const { repo, base, heads, files } = JSON.parse(generated.stdout.toString());
    console.error(
      `\n${files} files in ${namespaces} namespaces (generated and committed in ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
    // Every light command in rounds, every heavy one in rounds of its own.
    const lightSpecs = {
      node: spec('floor: node alone', process.execPath, ['-e', '0']),
      start: spec('floor: node + bundle load, no work', process.execPath, [CLI, '--help']),
      // The Action's whole bundle, run bare: what every Action run pays before any work. (`--help`
      // above loads the chunk every command runs, cli-main.js.)
      // Without inputs the Action stops at the missing token, right after loading everything.
      action: spec('start: Action bundle', process.execPath, [join(dirname(CLI), 'index.js')], {
        env: { PATH: process.env.PATH },
        okCodes: [1],
      }),
    };
    for (const count of counts) {
      const head = heads[count];
      lightSpecs[`diff${count}`] = spec(
        `floor: git diff --name-only (${count} changed)`,
        'git',
        ['diff', '--name-only', base, head.sha],
        { cwd: repo },
      );
      // The fastest search git has for the names: fixed strings for a few, one alternation beyond
      // (a fixed-string search scans once per name).
      const patterns =
        head.names.length > 8
          ? ['-E', '-e', head.names.map((n) => n.replace(/[.[\\()*+?{|^$]/g, '\\$&')).join('|')]
          : ['-F', ...head.names.flatMap((n) => ['-e', n])];
      lightSpecs[`grep${count}`] = spec(
        `floor: git grep -l of ${count} name(s)`,
        'git',
        ['grep', '-l', ...patterns, head.sha],
        {
          cwd: repo,
        },
      );
      lightSpecs[`check${count}`] = spec(
        `check, ${count} ConfigMap(s) changed`,
        process.execPath,
        [CLI, 'check', '--repo', repo, '--base', base, '--head', head.sha, '--format', 'json'],
        { okCodes: [1] },
      );
    }
    const l = measureTogether(lightSpecs, light);
    const h = measureTogether(
      {
        scan: spec('scan of the whole head', process.execPath, [
          CLI,
          'scan',
          '--repo',
          repo,
          '--rev',
          heads[1].sha,
          '--format',
          'json',
        ]),
        parse: spec('floor: read + parse every manifest, nothing else', process.execPath, [
          SELF,
          '--parse-only',
          repo,
          heads[1].sha,
        ]),
        naive: spec('straightforward: read + parse both revisions', process.execPath, [
          SELF,
          '--naive',
          repo,
          base,
          heads[1].sha,
        ]),
      },
      heavy,
    );
    results[files] = {
      files,
      node: l.node,
      start: l.start,
      action: l.action,
      diffs: Object.fromEntries(counts.map((c) => [c, l[`diff${c}`]])),
      greps: Object.fromEntries(counts.map((c) => [c, l[`grep${c}`]])),
      checks: Object.fromEntries(counts.map((c) => [c, l[`check${c}`]])),
      ...h,
    };
    rmSync(repo, { recursive: true, force: true });
  }
  const n = noopSection(quick);
  const k = kustomizeSection(quick);
  const f = fileSection(quick);
  console.log(noopReport(n));
  report(results);
  console.log(kustomizeReport(k));
  console.log(fileReport(f));
  console.log(targetsReport());
}

function report(results) {
  const sizes = Object.keys(results)
    .map(Number)
    .sort((a, b) => a - b);
  const big = results[sizes[sizes.length - 1]];
  const small = results[sizes[0]];
  const ms = (row) => `${row.ms.toFixed(0)} ms`;
  const x = (a, b) => `${(a / b).toFixed(2)}×`;
  const lines = [''];
  lines.push(
    `| measurement (${big.files} files) | median | peak RSS | ratio |`,
    '| --- | ---: | ---: | --- |',
  );
  lines.push(`| node alone (\`node -e 0\`) | ${ms(big.node)} | ${big.node.mb.toFixed(0)} MB | |`);
  lines.push(
    `| node + bundle load, no work | ${ms(big.start)} | ${big.start.mb.toFixed(0)} MB | bundle's own share ${(big.start.ms - big.node.ms).toFixed(0)} ms; ${x(big.start.ms, big.node.ms)} of node (target ≤ 1.25×) |`,
    `| node + Action bundle load | ${ms(big.action)} | ${big.action.mb.toFixed(0)} MB | ${x(big.action.ms, big.node.ms)} of node (target ≤ 1.5×) |`,
  );
  for (const count of [1, 20, 200]) {
    const floor = big.node.ms + big.greps[count].ms;
    lines.push(
      `| check, ${count} ConfigMap(s) changed | ${ms(big.checks[count])} | ${big.checks[count].mb.toFixed(0)} MB | ${x(big.checks[count].ms, floor)} of node + grep (${floor.toFixed(0)} ms); ${x(big.naive.ms, big.checks[count].ms)} faster than straightforward |`,
    );
  }
  target(
    `one-ConfigMap PR on ${big.files} files: check ÷ (node + git grep)`,
    big.checks[1].ms / (big.node.ms + big.greps[1].ms),
    1.5,
  );
  for (const count of [1, 20, 200])
    lines.push(
      `| floor: git grep -l, ${count} name(s) | ${ms(big.greps[count])} | ${big.greps[count].mb.toFixed(0)} MB | |`,
    );
  for (const count of [1, 200])
    lines.push(
      `| floor: git diff --name-only, ${count} changed | ${ms(big.diffs[count])} | ${big.diffs[count].mb.toFixed(0)} MB | |`,
    );
  lines.push(
    `| scan of the whole head | ${ms(big.scan)} | ${big.scan.mb.toFixed(0)} MB | ${x(big.scan.ms, big.parse.ms)} of parse-only |`,
  );
  lines.push(
    `| floor: read + parse every manifest, nothing else | ${ms(big.parse)} | ${big.parse.mb.toFixed(0)} MB | |`,
  );
  lines.push(
    `| straightforward: read + parse both revisions | ${ms(big.naive)} | ${big.naive.mb.toFixed(0)} MB | |`,
  );
  lines.push(
    '',
    `| growth | ${small.files} files | ${big.files} files | ratio |`,
    '| --- | ---: | ---: | --- |',
  );
  for (const count of [1, 20, 200])
    lines.push(
      `| check, ${count} changed | ${ms(small.checks[count])} | ${ms(big.checks[count])} | ${x(big.checks[count].ms, small.checks[count].ms)} |`,
    );
  lines.push(`| scan | ${ms(small.scan)} | ${ms(big.scan)} | ${x(big.scan.ms, small.scan.ms)} |`);
  lines.push(
    `| straightforward | ${ms(small.naive)} | ${ms(big.naive)} | ${x(big.naive.ms, small.naive.ms)} |`,
  );
  lines.push(
    '',
    `From 1 to 200 changed ConfigMaps at ${big.files} files, check grows ${x(big.checks[200].ms, big.checks[1].ms)}.`,
  );
  console.log(lines.join('\n'));
}

// ---------------------------------------------------------------------------------------------
// A kustomize monorepo: 50 shared bases, each a Deployment and a generator over an env file with
// disableNameSuffixHash, and 200 overlays (4 per base), each with its own namespace and prefix;
// plus plain manifests outside every kustomization. Change A edits one base's env file (4 overlays
// hold it in their closure); change B edits a plain ConfigMap (no closure holds it).

const BASES = 50;
const OVERLAYS = 200;

function buildKustomizeRepo() {
  const { repo, write } = benchRepo('crg-bench-k-');
  const rand = random(7);
  for (let b = 0; b < BASES; b++) {
    const base = `bases/svc-${String(b).padStart(2, '0')}`;
    write(
      `${base}/app.env`,
      Array.from({ length: 12 }, (_, i) => `KEY_${i}=${Math.floor(rand() * 1e6)}`).join('\n') + '\n',
    );
    write(
      `${base}/deployment.yaml`,
      workload('Deployment', 'apps/v1', 'x', 'svc', 'svc-config', 'svc-db').replace('  namespace: x\n', ''),
    );
    write(
      `${base}/kustomization.yaml`,
      'resources:\n- deployment.yaml\nconfigMapGenerator:\n- name: svc-config\n  envs: [app.env]\ngeneratorOptions:\n  disableNameSuffixHash: true\n',
    );
  }
  for (let o = 0; o < OVERLAYS; o++) {
    const name = `ov-${String(o).padStart(3, '0')}`;
    write(
      `overlays/${name}/kustomization.yaml`,
      `namespace: ${name}\nnamePrefix: ${name}-\nresources:\n- ../../bases/svc-${String(o % BASES).padStart(2, '0')}\n`,
    );
  }
  for (let i = 0; i < 200; i++) {
    write(
      `plain/app-${i}.yaml`,
      `${configMap('plain', `app-${i}-config`, rand)}---\n${workload('Deployment', 'apps/v1', 'plain', `app-${i}`, `app-${i}-config`, 'db')}`,
    );
  }
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  const base = git(repo, 'rev-parse', 'HEAD');
  const branch = (name, path, from, to) => {
    git(repo, 'checkout', '-q', '-B', name, base);
    writeFileSync(join(repo, path), readFileSync(join(repo, path), 'utf8').replace(from, to));
    git(repo, 'commit', '-q', '-am', name);
    return git(repo, 'rev-parse', 'HEAD');
  };
  const inClosure = branch('closure', 'bases/svc-07/app.env', /KEY_0=\d+/, 'KEY_0=changed');
  const outside = branch('outside', 'plain/app-7.yaml', /KEY_0: "\d+"/, 'KEY_0: "changed"');
  git(repo, 'repack', '-adq');
  // The floor builds the same overlays from plain checkouts of both revisions.
  const trees = worktrees(repo, base, inClosure);
  const touched = Array.from({ length: OVERLAYS }, (_, o) => o)
    .filter((o) => o % BASES === 7)
    .map((o) => `overlays/ov-${String(o).padStart(3, '0')}`);
  return { repo, base, inClosure, outside, trees, touched };
}

// A kubeflow-shaped tree (kubeflow/manifests at 038446d30, where one `params.env` changed): 40
// components, each a base (Deployment, Service, ServiceAccount, Role, RoleBinding, a generated
// ConfigMap from params.env, and a CRD-sized bundle of 6 more objects) with a dev overlay of its own,
// and one platform root that deploys every component's prod overlay (about 500 objects in one
// render). The change edits one component's params.env, which two roots deploy: its dev overlay
// and the platform.
const COMPONENTS = 40;

function buildKubeflowRepo() {
  const { repo, write } = benchRepo('crg-bench-kf-');
  const rand = random(11);
  const component = (c) => `apps/comp-${String(c).padStart(2, '0')}`;
  for (let c = 0; c < COMPONENTS; c++) {
    const dir = component(c);
    const name = `comp-${c}`;
    write(
      `${dir}/base/params.env`,
      Array.from({ length: 10 }, (_, i) => `PARAM_${i}=${Math.floor(rand() * 1e6)}`).join('\n') + '\n',
    );
    const rbac = ['ServiceAccount', 'Role', 'RoleBinding']
      .map(
        (kind) =>
          `apiVersion: ${kind === 'ServiceAccount' ? 'v1' : 'rbac.authorization.k8s.io/v1'}\nkind: ${kind}\nmetadata:\n  name: ${name}\n`,
      )
      .join('---\n');
    const extras = Array.from(
      { length: 6 },
      (_, i) =>
        `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}-static-${i}\ndata:\n${Array.from({ length: 20 }, (_, k) => `  key${k}: "${Math.floor(rand() * 1e9)}"`).join('\n')}\n`,
    ).join('---\n');
    write(
      `${dir}/base/resources.yaml`,
      `${workload('Deployment', 'apps/v1', 'x', name, `${name}-parameters`, `${name}-db`).replace('  namespace: x\n', '')}---\napiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\nspec:\n  ports: [{port: 80}]\n---\n${rbac}---\n${extras}`,
    );
    write(
      `${dir}/base/kustomization.yaml`,
      `resources:\n- resources.yaml\nconfigMapGenerator:\n- name: ${name}-parameters\n  envs: [params.env]\ngeneratorOptions:\n  disableNameSuffixHash: true\n`,
    );
    for (const env of ['dev', 'prod'])
      write(
        `${dir}/overlays/${env}/kustomization.yaml`,
        `namespace: kubeflow-${env}\nresources:\n- ../../base\nlabels:\n- pairs: {env: ${env}}\n`,
      );
  }
  write(
    'platform/kustomization.yaml',
    `resources:\n${Array.from({ length: COMPONENTS }, (_, c) => `- ../${component(c)}/overlays/prod\n`).join('')}`,
  );
  // The dev overlays are roots of their own: nothing includes them.
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  const base = git(repo, 'rev-parse', 'HEAD');
  const path = `${component(3)}/base/params.env`;
  writeFileSync(
    join(repo, path),
    readFileSync(join(repo, path), 'utf8').replace(/PARAM_0=\d+/, 'PARAM_0=changed'),
  );
  git(repo, 'commit', '-q', '-am', 'change');
  const head = git(repo, 'rev-parse', 'HEAD');
  git(repo, 'repack', '-adq');
  return {
    repo,
    base,
    head,
    trees: worktrees(repo, base, head),
    touched: ['platform', `${component(3)}/overlays/dev`],
  };
}

/** Plain checkouts of both revisions beside the repository, for the render floor. */
function worktrees(repo, base, head) {
  const trees = {};
  for (const [label, sha] of [
    ['base', base],
    ['head', head],
  ]) {
    trees[label] = join(repo, '..', `${repo.split('/').pop()}-${label}`);
    git(repo, 'worktree', 'add', '-q', '--detach', trees[label], sha);
  }
  return trees;
}

function kustomizeCommand() {
  for (const [command, args] of [
    ['kustomize', ['build']],
    ['kubectl', ['kustomize']],
  ]) {
    if (spawnSync(command, ['version', ...(command === 'kubectl' ? ['--client'] : [])]).status === 0)
      return [command, args];
  }
  return null;
}

function checkArgs(repo, base, head, extra = []) {
  return [CLI, 'check', '--repo', repo, '--base', base, '--head', head, '--format', 'json', ...extra];
}

/** How many roots a check rendered, from its own report. */
function renderedRoots(repo, base, head) {
  const out = spawnSync(process.execPath, checkArgs(repo, base, head), { maxBuffer: 1 << 30 });
  const report = JSON.parse(out.stdout.toString());
  return {
    rendered: report.rendered.length,
    impacts: report.impacts.length,
    notChecked: report.notChecked.length,
  };
}

/**
 * The render floor of a rendered check: node's start plus the builds of exactly the roots the change
 * touches, at both revisions from plain checkouts, as many at a time as there are cores. No
 * implementation that renders can do less.
 */
function renderFloor(command, args, k) {
  const dirs = ['base', 'head'].flatMap((t) => k.touched.map((d) => join(k.trees[t], d)));
  const parallel = String(cpus().length);
  return spec(
    `floor: ${command} ${args.join(' ')} of the ${dirs.length} builds, ${parallel} at a time`,
    'bash',
    [
      '-c',
      `printf '%s\\n' "$@" | xargs -P ${parallel} -n 1 ${command} ${args.join(' ')} > /dev/null`,
      'x',
      ...dirs,
    ],
  );
}

/**
 * The same builds as `renderFloor`, each with `buildMetadata: [originAnnotations]`, as the check
 * builds them (in place: one more key at the end of the root's kustomization, in a copy of the
 * tree): what the origin of every object, which a check needs to point at files and lines, costs
 * kustomize. Not a target; it says how much of a gap is kustomize's. With `GO_RUNTIME` they run as
 * the check runs them (its Go collector settings), and the check's ratio to them is what is the
 * check's own.
 */
function annotatedFloor(command, args, k, asRun = false) {
  if (!k.annotated) {
    k.annotated = mkdtempSync(join(tmpdir(), 'crg-bench-annotated-'));
    k.annotatedRoots = ['base', 'head'].flatMap((t) => {
      const tree = join(k.annotated, t);
      cpSync(k.trees[t], tree, { recursive: true, filter: (path) => !path.endsWith('/.git') });
      return k.touched.map((d) => {
        appendFileSync(join(tree, d, 'kustomization.yaml'), '\nbuildMetadata: [originAnnotations]\n');
        return join(tree, d);
      });
    });
  }
  const parallel = String(cpus().length);
  return spec(
    `floor: the same ${k.annotatedRoots.length} builds with origin annotations${asRun ? " and the check's Go settings" : ''}, ${parallel} at a time`,
    'bash',
    [
      '-c',
      `printf '%s\\n' "$@" | xargs -P ${parallel} -n 1 ${command} ${args.join(' ')} --load-restrictor LoadRestrictionsNone > /dev/null`,
      'x',
      ...k.annotatedRoots,
    ],
    asRun ? { env: { ...CLEAN_ENV, ...GO_RUNTIME } } : {},
  );
}

function removeRepo(k) {
  for (const t of Object.values(k.trees)) git(k.repo, 'worktree', 'remove', '--force', t);
  rmSync(k.repo, { recursive: true, force: true });
  if (k.annotated) rmSync(k.annotated, { recursive: true, force: true });
}

function kustomizeSection(quick) {
  const runs = quick ? 3 : 7;
  const found = kustomizeCommand();
  if (!found) {
    console.error('\nkustomize section skipped: neither kustomize nor kubectl is on PATH.');
    return null;
  }
  const [command, args] = found;
  const k = buildKustomizeRepo();
  console.error(
    `\nkustomize monorepo: ${BASES} bases, ${OVERLAYS} overlays, 200 plain files; change A edits one base's env file`,
  );
  const counts = {
    inClosure: renderedRoots(k.repo, k.base, k.inClosure),
    outside: renderedRoots(k.repo, k.base, k.outside),
  };
  console.error(
    `  change A: ${counts.inClosure.rendered} roots built, ${counts.inClosure.impacts} impacts; change B: ${counts.outside.rendered} roots built`,
  );
  const r = {
    counts,
    touched: k.touched.length,
    ...measureTogether(
      {
        node: spec('floor: node alone', process.execPath, ['-e', '0']),
        renderFloor: renderFloor(command, args, k),
        annotatedFloor: annotatedFloor(command, args, k),
        asRunFloor: annotatedFloor(command, args, k, true),
        checkA: spec(
          'check A (one base env file)',
          process.execPath,
          checkArgs(k.repo, k.base, k.inClosure),
          {
            okCodes: [1],
          },
        ),
        plainB: spec(
          'check B with --render off',
          process.execPath,
          checkArgs(k.repo, k.base, k.outside, ['--render', 'off']),
          { okCodes: [1] },
        ),
        checkB: spec(
          'check B (a plain file outside every closure)',
          process.execPath,
          checkArgs(k.repo, k.base, k.outside),
          { okCodes: [1] },
        ),
      },
      runs,
    ),
  };
  removeRepo(k);
  const kf = buildKubeflowRepo();
  console.error(
    `\nkubeflow-shaped tree: ${COMPONENTS} components, a platform root of all; one params.env changes`,
  );
  r.kubeflow = {
    counts: renderedRoots(kf.repo, kf.base, kf.head),
    touched: kf.touched.length,
    ...measureTogether(
      {
        node: spec('floor: node alone', process.execPath, ['-e', '0']),
        renderFloor: renderFloor(command, args, kf),
        annotatedFloor: annotatedFloor(command, args, kf),
        asRunFloor: annotatedFloor(command, args, kf, true),
        check: spec('check (one params.env)', process.execPath, checkArgs(kf.repo, kf.base, kf.head), {
          okCodes: [1],
        }),
      },
      runs,
    ),
  };
  console.error(`  ${r.kubeflow.counts.rendered} roots built, ${r.kubeflow.counts.impacts} impacts`);
  removeRepo(kf);
  return r;
}

function kustomizeReport(k) {
  if (!k) return '';
  const ms = (row) => `${row.ms.toFixed(0)} ms`;
  const floorA = k.node.ms + k.renderFloor.ms;
  const kf = k.kubeflow;
  const floorKf = kf.node.ms + kf.renderFloor.ms;
  target(
    'rendered PR, 200-overlay monorepo: check ÷ (node + render of the touched roots)',
    k.checkA.ms / floorA,
    1.3,
  );
  target(
    'rendered PR, kubeflow-shaped tree: check ÷ (node + render of the touched roots)',
    kf.check.ms / floorKf,
    1.3,
  );
  return [
    '',
    `| kustomize monorepo (${BASES} bases, ${OVERLAYS} overlays) | median | peak RSS | ratio |`,
    '| --- | ---: | ---: | --- |',
    `| check A: one base env file (${k.counts.inClosure.rendered} of ${OVERLAYS} roots built; ${k.touched} hold the file) | ${ms(k.checkA)} | ${k.checkA.mb.toFixed(0)} MB | ${(k.checkA.ms / floorA).toFixed(2)}× of node + builds (${floorA.toFixed(0)} ms; target ≤ 1.3×) |`,
    `| floor: the same ${2 * k.touched} builds, ${cpus().length} at a time | ${ms(k.renderFloor)} | ${k.renderFloor.mb.toFixed(0)} MB | |`,
    `| the same builds with origin annotations | ${ms(k.annotatedFloor)} | ${k.annotatedFloor.mb.toFixed(0)} MB | ${(k.annotatedFloor.ms / k.renderFloor.ms).toFixed(2)}× of the floor |`,
    `| the same builds as the check runs them (annotations, its Go settings) | ${ms(k.asRunFloor)} | ${k.asRunFloor.mb.toFixed(0)} MB | ${(k.asRunFloor.ms / k.renderFloor.ms).toFixed(2)}× of the floor; check A ${(k.checkA.ms / (k.node.ms + k.asRunFloor.ms)).toFixed(2)}× of node + these |`,
    `| floor: node alone | ${ms(k.node)} | ${k.node.mb.toFixed(0)} MB | |`,
    `| check B: a plain file outside every closure (${k.counts.outside.rendered} roots built) | ${ms(k.checkB)} | ${k.checkB.mb.toFixed(0)} MB | ${(k.checkB.ms / k.plainB.ms).toFixed(2)}× of check B with --render off (${ms(k.plainB)}) |`,
    '',
    `| kubeflow-shaped (${COMPONENTS} components, a platform root of all) | median | peak RSS | ratio |`,
    '| --- | ---: | ---: | --- |',
    `| check: one params.env (${kf.counts.rendered} roots built; ${kf.touched} deploy the file) | ${ms(kf.check)} | ${kf.check.mb.toFixed(0)} MB | ${(kf.check.ms / floorKf).toFixed(2)}× of node + builds (${floorKf.toFixed(0)} ms; target ≤ 1.3×) |`,
    `| floor: the same ${2 * kf.touched} builds, ${cpus().length} at a time | ${ms(kf.renderFloor)} | ${kf.renderFloor.mb.toFixed(0)} MB | |`,
    `| the same builds with origin annotations | ${ms(kf.annotatedFloor)} | ${kf.annotatedFloor.mb.toFixed(0)} MB | ${(kf.annotatedFloor.ms / kf.renderFloor.ms).toFixed(2)}× of the floor |`,
    `| the same builds as the check runs them (annotations, its Go settings) | ${ms(kf.asRunFloor)} | ${kf.asRunFloor.mb.toFixed(0)} MB | ${(kf.asRunFloor.ms / kf.renderFloor.ms).toFixed(2)}× of the floor; the check ${(kf.check.ms / (kf.node.ms + kf.asRunFloor.ms)).toFixed(2)}× of node + these |`,
    `| floor: node alone | ${ms(kf.node)} | ${kf.node.mb.toFixed(0)} MB | |`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Growth within one file: fix and check of 100, 400 and 1,600 workloads and their changed
// ConfigMaps in a single manifest, and check of one ConfigMap of 5,000 and 20,000 changed keys (the
// cost must follow the file, not the file times its workloads or keys), and check of a file whose
// pod template holds 999 aliases of a large list (memory must follow the nodes, not their expansion).

function oneFileRepo(text, change) {
  const { repo } = benchRepo('crg-bench-f-');
  writeFileSync(join(repo, 'all.yaml'), text);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  if (change) {
    writeFileSync(join(repo, 'all.yaml'), change(text));
    git(repo, 'commit', '-q', '-am', 'change');
  }
  return repo;
}

function fileSection(quick) {
  const runs = quick ? 1 : 3;
  const rows = {};
  for (const n of [100, 400, 1600]) {
    const text = Array.from(
      { length: n },
      (_, i) =>
        `${configMap('one', `app-${i}-config`, random(i + 1))}---\n${workload('Deployment', 'apps/v1', 'one', `app-${i}`, `app-${i}-config`, 'db')}`,
    ).join('---\n');
    const repo = oneFileRepo(text, (t) => t.replaceAll('KEY_0: "', 'KEY_0: "9'));
    const measured = measureTogether(
      {
        fix: spec(`fix (adoption) of ${n} workloads in one file`, process.execPath, [
          CLI,
          'fix',
          '--repo',
          repo,
          '--dry-run',
        ]),
        check: spec(
          `check of ${n} changed ConfigMaps and their workloads in one file`,
          process.execPath,
          [CLI, 'check', '--repo', repo, '--base', 'HEAD~1', '--head', 'HEAD', '--format', 'json'],
          { okCodes: [1] },
        ),
      },
      runs,
    );
    rows[n] = measured.fix;
    rows[`check${n}`] = measured.check;
    rmSync(repo, { recursive: true, force: true });
  }
  // One ConfigMap of many keys, every one changed: yaml's own check for a key written twice made
  // this grow with the square of the keys.
  for (const keys of [5_000, 20_000]) {
    const data = (value) => Array.from({ length: keys }, (_, i) => `  key${i}: "${value}"`).join('\n');
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: many}\ndata:\n${data('a')}\n---\n${workload('Deployment', 'apps/v1', 'one', 'app', 'many', 'db')}`;
    const repo = oneFileRepo(text, (t) => t.replace(data('a'), data('b')));
    rows[`keys${keys}`] = measureTogether(
      {
        keys: spec(
          `check of one ConfigMap of ${keys} changed keys`,
          process.execPath,
          [CLI, 'check', '--repo', repo, '--base', 'HEAD~1', '--head', 'HEAD', '--format', 'json'],
          { okCodes: [1] },
        ),
      },
      runs,
    ).keys;
    rmSync(repo, { recursive: true, force: true });
  }
  const items = 10_000;
  const list = Array.from(
    { length: items },
    (_, i) => `      - {name: VAR_${i}, value: "${'x'.repeat(40)}"}`,
  ).join('\n');
  const aliases = Array.from({ length: 999 }, (_, i) => `    c${i}: *big`).join('\n');
  const heavy = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg}\ndata: {a: "1"}\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: heavy}\nspec:\n  template:\n    metadata:\n      labels: {app: heavy}\n    spec:\n      containers:\n      - name: app\n        image: app:1\n        envFrom: [{configMapRef: {name: cfg}}]\n        env: &big\n${list}\n      extra:\n${aliases.replace(/^ {4}/gm, '        ')}\n`;
  const repo = oneFileRepo(heavy, (t) => t.replace('a: "1"', 'a: "2"'));
  rows.alias = measureTogether(
    {
      alias: spec(
        `check of a file with 999 aliases of a ${items}-item list`,
        process.execPath,
        [CLI, 'check', '--repo', repo, '--base', 'HEAD~1', '--head', 'HEAD', '--format', 'json'],
        { okCodes: [1] },
      ),
    },
    runs,
  ).alias;
  rows.aliasBytes = heavy.length;
  rows.aliasItems = items;
  rmSync(repo, { recursive: true, force: true });
  return rows;
}

function fileReport(f) {
  const ms = (row) => `${row.ms.toFixed(0)} ms`;
  return [
    '',
    '| one file | median | peak RSS | ratio |',
    '| --- | ---: | ---: | --- |',
    `| fix of 100 workloads in one file | ${ms(f[100])} | ${f[100].mb.toFixed(0)} MB | |`,
    `| fix of 400 workloads in one file | ${ms(f[400])} | ${f[400].mb.toFixed(0)} MB | ${(f[400].ms / f[100].ms).toFixed(2)}× of 100 |`,
    `| fix of 1,600 workloads in one file | ${ms(f[1600])} | ${f[1600].mb.toFixed(0)} MB | ${(f[1600].ms / f[400].ms).toFixed(2)}× of 400 |`,
    `| check of 100 changed ConfigMaps and their workloads in one file | ${ms(f.check100)} | ${f.check100.mb.toFixed(0)} MB | |`,
    `| check of 400 of them | ${ms(f.check400)} | ${f.check400.mb.toFixed(0)} MB | ${(f.check400.ms / f.check100.ms).toFixed(2)}× of 100 |`,
    `| check of 1,600 of them | ${ms(f.check1600)} | ${f.check1600.mb.toFixed(0)} MB | ${(f.check1600.ms / f.check400.ms).toFixed(2)}× of 400 |`,
    `| check of one ConfigMap of 5,000 changed keys | ${ms(f.keys5000)} | ${f.keys5000.mb.toFixed(0)} MB | |`,
    `| check of one of 20,000 | ${ms(f.keys20000)} | ${f.keys20000.mb.toFixed(0)} MB | ${(f.keys20000.ms / f.keys5000.ms).toFixed(2)}× of 5,000 |`,
    `| check of a ${(f.aliasBytes / 1024).toFixed(0)} KB file, 999 aliases of a ${f.aliasItems}-item list in a pod template | ${ms(f.alias)} | ${f.alias.mb.toFixed(0)} MB | |`,
  ].join('\n');
}

if (process.argv[2] === '--parse-only') parseOnly(process.argv[3], process.argv[4]);
else if (process.argv[2] === '--file-only')
  console.log(fileReport(fileSection(process.argv.includes('--quick'))));
else if (process.argv[2] === '--kustomize-only') {
  console.log(kustomizeReport(kustomizeSection(process.argv.includes('--quick'))));
  console.log(targetsReport());
} else if (process.argv[2] === '--noop-only') {
  console.log(noopReport(noopSection(process.argv.includes('--quick'))));
  console.log(targetsReport());
} else if (process.argv[2] === '--naive') naive(process.argv[3], process.argv[4], process.argv[5]);
else if (process.argv[2] === '--generate-kubeflow') console.log(JSON.stringify(buildKubeflowRepo()));
else if (process.argv[2] === '--generate-kustomize') console.log(JSON.stringify(buildKustomizeRepo()));
else if (process.argv[2] === '--generate')
  console.log(JSON.stringify(buildRepo(Number(process.argv[3]), [1, 20, 200])));
else main(process.argv.includes('--quick'));
