import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, posix } from 'node:path';
import { parse } from 'yaml';
import { isRecord } from '../../../model/values.js';
import { isKustomizationFile } from './kustomization.js';
import { pool, run, withTree, type RenderResult } from '../tools.js';
import type { Root } from './roots.js';

/** The kustomize to run: a standalone binary (`kustomize build`) or kubectl's built-in one. */
export interface Kustomize {
  command: string;
  args: string[];
  version: string;
}

const MIN_MAJOR = 4;
/** Origin annotations point at files relative to the wrapper, two levels below the materialised tree. */
export const WRAPPER_DIR = '.config-rollout-guard-roots';

/**
 * Finds kustomize: `override` (`--kustomize PATH`), else `kustomize` on PATH, else `kubectl kustomize`.
 * Older than v4 is refused: v3 lacks `buildMetadata`, which maps rendered objects back to their files.
 */
export async function findKustomize(override: string | null): Promise<Kustomize | { error: string }> {
  const candidates: { command: string; args: string[]; probe: string[] }[] = override
    ? [
        /kubectl[^/]*$/.test(override)
          ? { command: override, args: ['kustomize'], probe: ['version', '--client', '-o', 'json'] }
          : { command: override, args: ['build'], probe: ['version'] },
      ]
    : [
        { command: 'kustomize', args: ['build'], probe: ['version'] },
        { command: 'kubectl', args: ['kustomize'], probe: ['version', '--client', '-o', 'json'] },
      ];
  for (const candidate of candidates) {
    const out = await run(candidate.command, candidate.probe, process.cwd(), 30_000);
    if ('error' in out) continue;
    const kustomizeLine = /"kustomizeVersion":\s*"([^"]+)"/.exec(out.stdout)?.[1] ?? out.stdout;
    const match = /v?(\d+)\.(\d+)\.(\d+)/.exec(kustomizeLine);
    if (!match) continue;
    const version = `v${match[1]}.${match[2]}.${match[3]}`;
    if (Number(match[1]) < MIN_MAJOR)
      return {
        error: `${candidate.command} has kustomize ${version}; rendered mode needs v${MIN_MAJOR} or newer (install kustomize, or set --kustomize PATH).`,
      };
    return { command: candidate.command, args: candidate.args, version };
  }
  return {
    error: override
      ? `${override} could not be run as kustomize.`
      : 'kustomize is not installed (neither kustomize nor kubectl is on PATH); install it, set --kustomize PATH, or pass --render off.',
  };
}

/**
 * Builds roots of one revision. The files they read are written to a temporary directory (never
 * over the user's work tree), and each root is built through a wrapper kustomization beside them
 * that adds origin annotations and the controller's options. kustomize runs without plugins: no
 * `--enable-alpha-plugins` or `--enable-exec`, so nothing in the repository runs. `--enable-helm`
 * is given, with the helm found on this machine, only to a root that inflates charts: helm renders
 * templates and runs no program of the repository.
 */
export async function renderRoots(
  kustomize: Kustomize,
  roots: readonly Root[],
  files: ReadonlyMap<string, Buffer>,
  timeoutMs: number,
  helm: { command: string } | { error: string } | null,
): Promise<Map<Root, RenderResult>> {
  return withTree(files, async (tree) => {
    const wrappers = await Promise.all(
      roots.map(async (root, i) => {
        const dir = join(tree, WRAPPER_DIR, String(i));
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, 'kustomization.yaml'), JSON.stringify(wrapper(root), null, 2) + '\n');
        return dir;
      }),
    );
    const results = await pool(roots.length, availableParallelism(), async (i): Promise<RenderResult> => {
      // The tree holds only repository files; a path that leaves the repository would leave the tree.
      if (roots[i].outside.length)
        return {
          ok: false,
          message: `it names ${roots[i].outside[0]}, outside the repository, which is never read`,
        };
      let charts: string[] = [];
      if (roots[i].helm) {
        if (!helm || 'error' in helm)
          return { ok: false, message: `it inflates Helm charts: ${helm?.error}` };
        charts = ['--enable-helm', '--helm-command', helm.command];
      }
      // Files outside a kustomization's own directory load as Flux loads them (LoadRestrictionsNone);
      // the tree is the repository's files only, and escapes are refused above.
      const out = await run(
        kustomize.command,
        [...kustomize.args, '--load-restrictor', 'LoadRestrictionsNone', ...charts, wrappers[i]],
        tree,
        timeoutMs,
      );
      return 'error' in out
        ? ({ ok: false, message: cleanMessage(out.error, tree, files) } as const)
        : ({ ok: true, yaml: out.stdout } as const);
    });
    return new Map(roots.map((root, i) => [root, results[i]]));
  });
}

/** The wrapper: the root as its only resource, origin annotations on, the controller's options on top. */
function wrapper(root: Root): Record<string, unknown> {
  const { namespace, namePrefix, nameSuffix, commonLabels, commonAnnotations, patches } = root.options;
  return {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    // Relative: kustomize refuses an absolute path here.
    resources: [posix.join('../..', root.dir)],
    buildMetadata: ['originAnnotations'],
    ...(namespace ? { namespace } : {}),
    ...(namePrefix ? { namePrefix } : {}),
    ...(nameSuffix ? { nameSuffix } : {}),
    ...(commonLabels ? { commonLabels } : {}),
    ...(commonAnnotations ? { commonAnnotations } : {}),
    ...(patches ? { patches } : {}),
  };
}

/**
 * kustomize's own words, shortened to the innermost cause and without the temporary directory. An
 * error about a literal or an env file can quote its value: every value a secretGenerator of the
 * build reads is cut out of the message.
 */
function cleanMessage(stderr: string, tree: string, files: ReadonlyMap<string, Buffer>): string {
  // klog prints `err="…"`, or `err=<` followed by tab-indented lines and ` >` when the text has newlines.
  const multi = /err=<\n([\s\S]*?)\n\s*>/.exec(stderr)?.[1]?.replace(/^\t/gm, '');
  const single = /err="((?:[^"\\]|\\.)*)"/.exec(stderr)?.[1]?.replace(/\\"/g, '"');
  const lines = stderr
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('#'));
  let text = (multi ?? single ?? lines[lines.length - 1] ?? 'failed').replace(/\s*\n\s*/g, ' ');
  text = text.replaceAll(tree + '/', '').replaceAll(tree, '.');
  const innermost = text.lastIndexOf('accumulating resources from ');
  if (innermost > 0) text = text.slice(innermost);
  for (const value of secretValues(files)) text = text.replaceAll(value, '…');
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

/** The values secretGenerators read in these files (literals, env lines, whole files), longest first. */
function secretValues(files: ReadonlyMap<string, Buffer>): string[] {
  const values = new Set<string>();
  const afterEquals = (line: string) => line.slice(line.indexOf('=') + 1).trim();
  for (const [path, bytes] of files) {
    if (!isKustomizationFile(path)) continue;
    let body: unknown;
    try {
      body = parse(bytes.toString('utf8'));
    } catch {
      continue;
    }
    const generators = isRecord(body) && Array.isArray(body.secretGenerator) ? body.secretGenerator : [];
    for (const generator of generators.filter(isRecord)) {
      const list = (v: unknown) =>
        (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
      for (const literal of list(generator.literals)) values.add(afterEquals(literal));
      const inputs = [
        ...list(generator.envs),
        ...list(generator.env),
        ...list(generator.files).map(afterEquals),
      ];
      for (const input of inputs) {
        const text = files.get(posix.join(posix.dirname(path), input))?.toString('utf8') ?? '';
        for (const line of text.split(/\r?\n/)) {
          values.add(line.trim());
          if (line.includes('=')) values.add(afterEquals(line));
        }
      }
    }
  }
  return [...values].filter((v) => v.length >= 2).sort((a, b) => b.length - a.length);
}
