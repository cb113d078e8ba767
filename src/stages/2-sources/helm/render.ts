import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, posix } from 'node:path';
import { parse } from '../../../model/yaml.js';
import { compareText } from '../../../model/text.js';
import { isRecord } from '../../../model/values.js';
import { findProgram, helm as helmCall } from '../../../programs/invocation.js';
import { execute, makeTemporary, removeTemporary, type Outcome } from '../../../programs/run.js';
import { pool, replaceInTree, runRender, withTree, type Refusal, type RenderResult } from '../tools.js';
import { holds, type ChartRoot } from './chart.js';
import type { RemoteAccess } from '../remote/access.js';
import { schemaFetch } from './schema-refs.js';
import type { GitBase } from '../remote/git-base.js';
import type { RemoteChart } from '../remote/sources.js';
import { findKustomize, type Kustomize } from '../kustomize/render.js';
import { postRender } from './post-render.js';

export interface Helm {
  command: string;
  version: string;
  /** The kustomize a Flux post-renderer runs through, found on first use. */
  kustomize: () => Promise<Kustomize | { error: string }>;
}

const MIN_MAJOR = 3;
const TREE = 'repo';
/** Inline values are written here, beside the tree, one file per root. */
const VALUES = 'values';
/** Charts from registries are unpacked here, beside the tree, one directory per root. */
const REMOTE = 'remote-charts';
/** How a render the chart's own `fail` or `required` stopped is said. */
const AUTHORED = "the chart's fail or required stopped the render";
/** How helm says the values fail the chart's `values.schema.json`, and how that is said here. */
const SCHEMA_REJECTED = "values don't meet the specifications of the schema(s)";
const SCHEMA = "its values do not meet the chart's values.schema.json";
const SCHEMA_UNLOADED = 'its values.schema.json could not be loaded';
/** How helm says a chart's `kubeVersion` rules out the version it renders for. */
const KUBE_VERSION_REQUIRED = 'chart requires kubeVersion';
/** A Flux post-renderer's kustomization and its input, beside the tree, one directory per root. */
const POST_RENDER = 'post-render';

/** Finds helm: `override` (`--helm PATH`, the input, the trusted configuration), else `helm` on PATH; never one inside the repository. Helm 2 (Tiller) is refused. */
export async function findHelm(
  override: string | null,
  repositoryRoot: string,
  kustomizeOverride: string | null,
): Promise<Helm | { error: string }> {
  const found = findProgram(override, ['helm'], repositoryRoot);
  if ('error' in found)
    return {
      error: override
        ? found.error
        : 'helm is not installed (not on PATH); install it, set --helm PATH, or pass --render off.',
    };
  const home = makeTemporary('crg-probe-');
  try {
    const out = await execute(helmCall.version(found.program, home));
    const match = out.ok ? /(?<!\d)v?(\d+)\.(\d+)\.(\d+)/.exec(out.stdout.toString('utf8')) : null;
    if (!match) return { error: `${found.name} could not be run as helm.` };
    const version = `v${match[1]}.${match[2]}.${match[3]}`;
    if (Number(match[1]) < MIN_MAJOR)
      return { error: `${found.name} is helm ${version}; rendered mode needs helm v${MIN_MAJOR} or newer.` };
    let kustomize: ReturnType<typeof findKustomize> | null = null;
    return {
      command: found.program,
      version,
      kustomize: async () => (kustomize ??= findKustomize(kustomizeOverride, repositoryRoot)),
    };
  } finally {
    removeTemporary(home);
  }
}

/**
 * `helm template` for each root, offline, over a temporary copy of the files. Helm's homes are
 * empty temporary directories, so no repository index, plugin or cached credential of the machine
 * is used, and `helm dependency update` (network) never runs: a chart's dependencies must be
 * vendored in `charts/`. Release name and namespace are checked against their grammars and every
 * path is one of the tree's, so nothing from the repository is read by helm as an option.
 */
export async function renderCharts(
  helm: Helm,
  roots: readonly ChartRoot[],
  files: ReadonlyMap<string, Buffer>,
  timeoutMs: number,
  access: RemoteAccess,
  finished: (root: ChartRoot, result: RenderResult) => void = () => {},
): Promise<Map<ChartRoot, RenderResult>> {
  return withTree(files, async ({ dir, home }) => {
    await mkdir(join(dir, VALUES), { recursive: true });
    // What goes into a chart's `charts/` is placed once per destination: two releases of one chart
    // render at the same time from the same directory, and one must not rewrite a file the other reads.
    const placing = new Map<string, Promise<Refusal | null>>();
    const place = (to: string, write: () => Promise<Refusal | null>) => {
      let placed = placing.get(to);
      if (!placed) placing.set(to, (placed = write()));
      return placed;
    };
    // So is helm's word on a chart's dependencies: the same for every release of it.
    const listings = new Map<string, Promise<Outcome>>();
    const listing = (chart: string) => {
      let listed = listings.get(chart);
      if (!listed)
        listings.set(chart, (listed = execute(helmCall.dependencyList(helm.command, dir, home, chart))));
      return listed;
    };
    const writeAll = async (entries: Iterable<readonly [string, Buffer]>, under: string) => {
      for (const [path, bytes] of entries) await replaceInTree(join(dir, TREE, under, path), bytes);
    };
    const results = await pool(
      roots.length,
      availableParallelism(),
      async (i): Promise<RenderResult> => {
        const root = roots[i];
        if (root.refused.length) return { ok: false, ...root.refused[0] };
        // A chart from a registry is fetched (or taken from the cache) and unpacked beside the tree.
        let chartPath = posix.join(TREE, root.dir);
        if (root.remote) {
          const fetched = root.remote.git
            ? await fromGit(access, root.remote, root.remote.git)
            : await access.chart(root.remote);
          if (!('files' in fetched)) return { ok: false, ...fetched };
          root.resolvedVersion = fetched.version;
          const top = [...fetched.files.keys()][0]?.split('/')[0] ?? root.remote.chart;
          for (const [path, bytes] of fetched.files) {
            await mkdir(posix.dirname(join(dir, REMOTE, String(i), path)), { recursive: true });
            await writeFile(join(dir, REMOTE, String(i), path), bytes);
          }
          chartPath = posix.join(REMOTE, String(i), top);
        }
        const fetches = root.remote
          ? null
          : schemaFetch(files, [root.dir, ...root.local.map((c) => c.dir)], (url) => !access.refusal(url));
        if (fetches) return { ok: false, ...fetches };
        // Dependencies kept in this repository (`file://`), copied where `helm dependency build` puts them.
        for (const { dir: from, at } of root.local) {
          if (holds(files.keys(), posix.join(root.dir, posix.dirname(at)), posix.basename(at))) continue;
          await place(posix.join(root.dir, at), async () => {
            const inside = [...files].filter(([path]) => path.startsWith(`${from}/`));
            await writeAll(
              inside.map(([path, bytes]) => [path.slice(from.length + 1), bytes] as const),
              posix.join(root.dir, at),
            );
            return null;
          });
        }
        const refusedVersion = await versions(root, () => listing(chartPath));
        if (refusedVersion) return { ok: false, ...refusedVersion };
        // Dependencies a chart of this repository does not vendor in `charts/`: fetched from a trusted
        // source at the version Chart.lock pins, and unpacked where helm looks for them.
        for (const dependency of root.chart.dependencies) {
          if (holds(files.keys(), posix.join(root.dir, 'charts'), dependency.chart)) continue;
          const refused = await place(posix.join(root.dir, 'charts', dependency.chart), async () => {
            const fetched = await access.chart(dependency);
            if (!('files' in fetched))
              return {
                reason: fetched.reason,
                message: `dependency ${dependency.chart}: ${fetched.message}. ${vendor('it')}`,
              };
            await writeAll(fetched.files, posix.join(root.dir, 'charts'));
            return null;
          });
          if (refused) return { ok: false, ...refused };
        }
        const inline = await Promise.all(
          root.values.map(async (values, j) => {
            const path = posix.join(VALUES, `${i}-${j}.yaml`);
            await writeFile(join(dir, path), JSON.stringify(values));
            return path;
          }),
        );
        const rendered = await runRender(
          'helm',
          () =>
            helmCall.template(
              helm.command,
              dir,
              home,
              {
                release: root.release,
                chart: chartPath,
                namespace: root.namespace,
                valueFiles: [
                  ...root.chartValueFiles.map((f) => posix.join(chartPath, f)),
                  ...root.valueFiles.map((f) => posix.join(TREE, f)),
                  ...inline,
                ],
                sets: root.parameters,
                kubeVersion: root.kubeVersion,
              },
              timeoutMs,
            ),
          (stderr) => cleanMessage(stderr, dir, root, files),
        );
        // A chart nobody declares a release of is rendered with its defaults; one that requires
        // values then stops itself: what is missing is a declaration, not a fix to the chart.
        if (
          !rendered.ok &&
          root.declaredBy === null &&
          (rendered.message.includes(AUTHORED) || rendered.message.startsWith(SCHEMA))
        )
          return {
            ok: false,
            reason: 'missing-input',
            message:
              `rendered with its default values (nothing declares a release of it): ${rendered.message}. ` +
              `Declare a release with the values it needs: \`charts: [{path: ${root.dir || '.'}, values: [${root.dir ? `${root.dir}/` : ''}…-values.yaml]}]\` in .config-rollout-guard.yaml`,
          };
        // A schema it refers to (an allowed URL, or a trusted chart's own) that helm could not fetch.
        if (!rendered.ok && rendered.message.startsWith(SCHEMA_UNLOADED))
          return { ok: false, reason: 'fetch-failed', message: rendered.message };
        // The chart asks for a newer Kubernetes than helm assumes: the clusters' version is what is missing.
        if (!rendered.ok && root.kubeVersion === null && rendered.message.includes(KUBE_VERSION_REQUIRED))
          return {
            ok: false,
            reason: 'missing-input',
            message: `${rendered.message}. Say which Kubernetes version the clusters run: \`kube-version: "1.34"\` in .config-rollout-guard.yaml`,
          };
        if (!rendered.ok || root.postRender === null) return rendered;
        const kustomize = await helm.kustomize();
        if ('error' in kustomize)
          return {
            ok: false,
            reason: 'tool',
            message: `its postRenderers need kustomize: ${kustomize.error}`,
          };
        return postRender(
          kustomize,
          root.postRender,
          rendered.yaml,
          { dir, home },
          posix.join(POST_RENDER, String(i)),
          timeoutMs,
        );
      },
      (i, result) => finished(roots[i], result),
    );
    return new Map(roots.map((root, i) => [root, results[i]]));
  });
}

/**
 * A dependency kept in this repository that the chart does not vendor is what `helm dependency
 * build` copies, and Argo CD and Flux build it so: a version constraint that does not admit the
 * dependency's version, that is no constraint, or that is missing stops that build, and nothing of
 * the change deploys. helm says which, of the copies in the tree (`list`: `helm dependency list`).
 */
async function versions(root: ChartRoot, list: () => Promise<Outcome>): Promise<Refusal | null> {
  if (root.unvendored.length === 0) return null;
  const listed = await list();
  if (!listed.ok) return null;
  const status = new Map(
    listed.stdout
      .toString('utf8')
      .split('\n')
      .slice(1)
      .map((row) => row.split('\t').map((field) => field.trim()))
      .filter((fields) => fields.length === 4)
      .map(([name, , , said]) => [name, said]),
  );
  for (const { dependency, version } of root.unvendored) {
    const { name, repository, constraint } = dependency;
    const said = status.get(name);
    const refuses =
      'helm dependency build, which Argo CD and Flux run for it, stops there, and nothing of the chart deploys';
    if (said === 'wrong version')
      return {
        reason: 'render-failed',
        message: `its dependency ${name} asks for version ${JSON.stringify(constraint)}, and ${repository} is version ${version}: ${refuses}`,
      };
    if (said === 'invalid version')
      return {
        reason: 'render-failed',
        message: `its dependency ${name} (${repository}) ${constraint === null ? 'gives no version' : `gives ${JSON.stringify(constraint)}, which is no version constraint`}: ${refuses}`,
      };
  }
  return null;
}

/** A chart directory of another git repository, as a fetched chart: its files under the chart's name, the ref as its version. */
async function fromGit(
  access: RemoteAccess,
  chart: RemoteChart,
  git: GitBase,
): Promise<{ files: Map<string, Buffer>; version: string } | Refusal> {
  const fetched = await access.gitBase(git);
  if (!('files' in fetched)) return fetched;
  return {
    files: new Map([...fetched.files].map(([path, bytes]) => [`${chart.chart}/${path}`, bytes])),
    version: git.ref ?? fetched.commit.slice(0, 7),
  };
}

/**
 * How to have a chart's dependencies without a fetch. Said alike for every chart it holds up (a
 * Renovate bump across many apps is one line of the report): the entry names the chart's directory.
 */
const vendor = (what: 'it' | 'the dependencies') =>
  `Vendor ${what} (run \`helm dependency build\` in the chart's directory and commit its charts/), or name ` +
  `${what === 'it' ? 'its' : 'their'} repository in the base configuration's remote.allow`;

/**
 * Helm's message, first line, without the temporary directory. The text a chart's own `fail` or
 * `required` writes is never shown: a template can put any value there in any encoding. Every
 * scalar of the values is cut out of the rest.
 */
function cleanMessage(
  stderr: string,
  dir: string,
  root: ChartRoot,
  files: ReadonlyMap<string, Buffer>,
): string {
  const line = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith('Error:'));
  let text = (line ?? stderr.trim().split('\n').pop() ?? 'failed').replace(/^Error:\s*/, '');
  text = text.replaceAll(`${dir}/${TREE}/`, '').replaceAll(`${TREE}/`, '').replaceAll(dir, '.');
  const authored = failPlace(text);
  if (authored) text = `${authored}: ${AUTHORED} (its message is not shown; run helm template to read it)`;
  // helm lists each value the schema rejects on a line of its own after the first (`- policy:
  // Invalid type…`), under the chart whose schema it is; a value a message could quote is cut below.
  // A schema helm could not load (a reference it could not fetch) comes as a line of another shape.
  if (text.startsWith(SCHEMA_REJECTED)) {
    const charts: { name: string; faults: string[] }[] = [];
    let unloaded: string | null = null;
    for (const l of stderr.slice(stderr.indexOf(SCHEMA_REJECTED)).split('\n').slice(1)) {
      const fault = /^\s*- (.+)$/.exec(l)?.[1];
      if (fault) charts.at(-1)?.faults.push(fault.trim());
      else if (/^\S+:\s*$/.test(l)) charts.push({ name: l.trim().slice(0, -1), faults: [] });
      else if (l.trim()) unloaded ??= l.trim();
    }
    // helm lists them in Go's map order, which differs from run to run.
    const faults = charts
      .flatMap((c) => c.faults.map((f) => (charts.length > 1 ? `${c.name}: ${f}` : f)))
      .sort(compareText);
    text =
      faults.length || unloaded === null
        ? `${SCHEMA}${faults.length ? `: ${faults.join('; ')}` : ''}`
        : `${SCHEMA_UNLOADED}: ${unloaded}`;
  }
  // Past what is shown nothing needs cutting: a value the bound splits is beyond the 500 shown.
  text = cutValues(text.slice(0, 4000), scalars(root, files), chartFileNames(root, files));
  if (/missing in charts\/ directory/.test(text)) text += `. ${vendor('the dependencies')}`;
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

// Cut by position: the patterns these replace retried each occurrence to the end of a chart's
// message or file name, the square of its length on the main thread (model/text.ts).

/**
 * The text up to the place of a chart's own `fail` (`… execution error at (web/templates/a.yaml:3:4)`),
 * or null: the first `execution error at (` on the text's first line whose `)` is followed by `:`.
 */
export function failPlace(text: string): string | null {
  const mark = 'execution error at (';
  const lineBreak = text.search(/[\n\r\u2028\u2029]/);
  const newline = text.indexOf('\n');
  for (let at = text.indexOf(mark); at >= 0 && (lineBreak < 0 || at < lineBreak);) {
    const close = text.indexOf(')', at + mark.length);
    if (close < 0 || (newline >= 0 && close > newline)) return null;
    if (text[close + 1] === ':') return text.slice(0, close + 1);
    at = text.indexOf(mark, close);
  }
  return null;
}

/** A values file by its name: `values` in the file's name, which ends in `.yaml` or `.yml`. */
export const isValuesFile = (path: string) => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.includes('values') && (name.endsWith('.yaml') || name.endsWith('.yml'));
};

/**
 * `text` with every value cut out, except where it lies wholly inside a name of the chart's files
 * the text prints: those are identifiers the report prints anyway (argocd-example-apps' `namespace:
 * argocd` made `…-rbac-cm.yaml` of `templates/argocd-rbac-cm.yaml`). A value that reaches past a
 * name is cut, name and all.
 */
function cutValues(text: string, values: readonly string[], names: readonly string[]): string {
  const kept: [number, number][] = [];
  for (const name of names)
    for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1))
      kept.push([at, at + name.length]);
  const cuts: [number, number][] = [];
  for (const value of values)
    for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1))
      if (!kept.some(([from, to]) => at >= from && at + value.length <= to))
        cuts.push([at, at + value.length]);
  cuts.sort((a, b) => a[0] - b[0]);
  let out = '';
  let shown = 0;
  for (const [from, to] of cuts) {
    // Overlapping values are one cut.
    if (from < shown) shown = Math.max(shown, to);
    else {
      out += `${text.slice(shown, from)}…`;
      shown = to;
    }
  }
  return out + text.slice(shown);
}

/** The chart's files as helm names them in a message (`web/templates/a.yaml`), longest first. */
function chartFileNames(root: ChartRoot, files: ReadonlyMap<string, Buffer>): string[] {
  const inside = root.dir ? `${root.dir}/` : '';
  return [...files.keys()]
    .filter((f) => f.startsWith(inside))
    .map((f) => `${root.chart.name}/${f.slice(inside.length)}`)
    .sort((a, b) => b.length - a.length);
}

function scalars(root: ChartRoot, files: ReadonlyMap<string, Buffer>): string[] {
  const found = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isRecord(v)) Object.values(v).forEach(walk);
    else if (v !== null && v !== undefined && String(v).length >= 3) found.add(String(v));
  };
  const valueFiles = [...files.keys()].filter(
    (f) => root.valueFiles.includes(f) || (f.startsWith(root.dir) && isValuesFile(f)),
  );
  for (const file of valueFiles) {
    try {
      walk(parse(files.get(file)!.toString('utf8')));
    } catch {
      // An unreadable values file is helm's to report; it holds nothing to cut then.
    }
  }
  root.values.forEach(walk);
  root.parameters.forEach((p) => found.add(p.value));
  return [...found].filter((v) => v.length >= 3).sort((a, b) => b.length - a.length);
}
