import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, posix } from 'node:path';
import { parse } from 'yaml';
import { isRecord } from '../../../model/values.js';
import { pool, run, withTree, type RenderResult } from '../tools.js';
import type { ChartRoot } from './chart.js';

export interface Helm {
  command: string;
  version: string;
}

const MIN_MAJOR = 3;
/** Inline values are written here inside the temporary tree, one file per root. */
const VALUES_DIR = '.config-rollout-guard-values';

/** Finds helm: `override` (`--helm PATH`), else `helm` on PATH. Helm 2 (Tiller) is refused. */
export async function findHelm(override: string | null): Promise<Helm | { error: string }> {
  const command = override ?? 'helm';
  const out = await run(command, ['version', '--short'], process.cwd(), 30_000, isolated(process.cwd()));
  const match = 'stdout' in out ? /v?(\d+)\.(\d+)\.(\d+)/.exec(out.stdout) : null;
  if (!match)
    return {
      error: override
        ? `${override} could not be run as helm.`
        : 'helm is not installed (not on PATH); install it, set --helm PATH, or pass --render off.',
    };
  const version = `v${match[1]}.${match[2]}.${match[3]}`;
  if (Number(match[1]) < MIN_MAJOR)
    return { error: `${command} is helm ${version}; rendered mode needs helm v${MIN_MAJOR} or newer.` };
  return { command, version };
}

/**
 * `helm template` for each root, offline, over a temporary copy of the files. Helm's homes point
 * into that copy, so no repository index, plugin or cached credential of the machine is used, and
 * `helm dependency update` (network) never runs: a chart's dependencies must be vendored in `charts/`.
 */
export async function renderCharts(
  helm: Helm,
  roots: readonly ChartRoot[],
  files: ReadonlyMap<string, Buffer>,
  timeoutMs: number,
): Promise<Map<ChartRoot, RenderResult>> {
  return withTree(files, async (tree) => {
    await mkdir(join(tree, VALUES_DIR), { recursive: true });
    const results = await pool(roots.length, availableParallelism(), async (i) => {
      const root = roots[i];
      if (root.unrenderable) return { ok: false, message: root.unrenderable } as const;
      const inline = await Promise.all(
        root.values.map(async (values, j) => {
          const path = join(VALUES_DIR, `${i}-${j}.yaml`);
          await writeFile(join(tree, path), JSON.stringify(values));
          return path;
        }),
      );
      const args = [
        'template',
        root.release,
        `./${root.dir || '.'}`,
        '--skip-tests',
        ...(root.namespace ? ['--namespace', root.namespace] : []),
        ...[...root.valueFiles, ...inline].flatMap((f) => ['--values', f]),
        ...root.parameters.flatMap((p) => [p.string ? '--set-string' : '--set', `${p.name}=${p.value}`]),
      ];
      const out = await run(helm.command, args, tree, timeoutMs, isolated(tree));
      return 'error' in out
        ? ({ ok: false, message: cleanMessage(out.error, tree, root, files) } as const)
        : ({ ok: true, yaml: out.stdout } as const);
    });
    return new Map(roots.map((root, i) => [root, results[i]]));
  });
}

/** Helm's configuration, cache, data and plugin homes inside `dir`: nothing of the machine's helm is read. */
function isolated(dir: string): NodeJS.ProcessEnv {
  const home = join(dir, '.config-rollout-guard-helm');
  return {
    PATH: process.env.PATH,
    HOME: home,
    HELM_CACHE_HOME: join(home, 'cache'),
    HELM_CONFIG_HOME: join(home, 'config'),
    HELM_DATA_HOME: join(home, 'data'),
    HELM_PLUGINS: join(home, 'plugins'),
  };
}

/**
 * Helm's message, first line, without the temporary directory, and with every scalar of the values
 * cut out: a template error can quote a value, and values files hold Secret data.
 */
function cleanMessage(
  stderr: string,
  tree: string,
  root: ChartRoot,
  files: ReadonlyMap<string, Buffer>,
): string {
  const line = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith('Error:'));
  let text = (line ?? stderr.trim().split('\n').pop() ?? 'failed').replace(/^Error:\s*/, '');
  text = text.replaceAll(tree + '/', '').replaceAll(tree, '.');
  for (const value of scalars(root, files)) text = text.replaceAll(value, '…');
  if (/missing in charts\/ directory/.test(text))
    text +=
      `. Vendor the dependencies: run \`helm dependency build ${root.dir || '.'}\` and commit ` +
      `${posix.join(root.dir, 'charts')}/ (the check never fetches charts over the network)`;
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

function scalars(root: ChartRoot, files: ReadonlyMap<string, Buffer>): string[] {
  const found = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isRecord(v)) Object.values(v).forEach(walk);
    else if (v !== null && v !== undefined && String(v).length >= 3) found.add(String(v));
  };
  const valueFiles = [...files.keys()].filter(
    (f) => root.valueFiles.includes(f) || (f.startsWith(root.dir) && /values[^/]*\.ya?ml$/.test(f)),
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
