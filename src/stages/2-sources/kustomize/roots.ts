import type { ManifestObject } from '../../../model/types.js';
import { isRecord } from '../../../model/values.js';
import { repoPath } from '../paths.js';
import { argoSources, type Refusal, type RenderRoot } from '../tools.js';
import type { HelmChartEntry, Kustomization } from './kustomization.js';

/** Options a GitOps controller applies on top of a kustomization, as a wrapper kustomization can. */
export interface RootOptions {
  /** kustomize's `namespace:` (Argo CD `kustomize.namespace`, Flux `targetNamespace`): overrides every namespace. */
  namespace?: string;
  namePrefix?: string;
  nameSuffix?: string;
  commonLabels?: Record<string, string>;
  commonAnnotations?: Record<string, string>;
  /** Flux `patches` (inline, with targets), passed through as written. */
  patches?: unknown[];
  /** Argo CD's destination namespace: given only to objects that set none, as `kubectl apply -n` does. */
  defaultNamespace?: string;
}

/** A directory kustomize builds on its own: a top-level kustomization, or one a controller points at. */
export interface Root extends RenderRoot {
  options: RootOptions;
  remote: string[];
  /** Remote `resources`/`bases`/`components` entries, with the kustomization that names each. */
  remoteBases: { entry: string; file: string }[];
  /** `configMapGenerator` files by URL, with the kustomization that names each. */
  remoteFiles: { entry: string; file: string }[];
  /** The charts some kustomization of the build inflates, each with the chart home it is read from. */
  charts: { chart: HelmChartEntry; chartHome: string }[];
  /** Files of plugin configurations the build reads, with the directory their paths are read from: vetted before building. */
  pluginFiles: { file: string; dir: string }[];
  /**
   * The files the build takes in only as `resources`, when none of its kustomizations copies
   * fields between objects: an edit of one changes only the objects it writes.
   */
  verbatim: Set<string>;
}

/** Past this many kustomizations in one chain of includes the build is not attempted. */
export const MAX_DEPTH = 64;

/**
 * The roots at one revision: every kustomization no other includes (Components excepted), and every
 * directory an Argo CD Application/ApplicationSet or a Flux Kustomization points at, built with that
 * object's options instead of bare. `only` (from `--root` or the config file) replaces discovery.
 * `setAside`: kustomizations another one includes at this revision; one of them stays a root when
 * the other revision deploys it on its own, so a change cannot hide a root by including it.
 */
export function findRoots(
  kustomizations: ReadonlyMap<string, Kustomization>,
  controllers: readonly ManifestObject[],
  filesUnder: (dir: string, recursive: boolean) => string[],
  only: readonly string[] | null,
): { roots: Root[]; setAside: Root[] } {
  const closures = new Closures(kustomizations, filesUnder);
  const make = (dir: string, declaredBy: Root['declaredBy'], options: RootOptions): Root | null => {
    const k = kustomizations.get(dir);
    if (!k || k.component) return null;
    const { files, remote, remoteBases, remoteFiles, refused, charts, pluginFiles, verbatim } =
      closures.of(dir);
    const id = declaredBy ? `${dir || '.'} (${declaredBy.kind} ${declaredBy.name})` : dir || '.';
    return {
      id,
      dir,
      file: k.file,
      declaredBy,
      options,
      closure: files,
      remote,
      remoteBases,
      remoteFiles,
      refused,
      charts,
      pluginFiles,
      verbatim,
    };
  };
  if (only)
    return {
      roots: only.flatMap((dir) => make(dir.replace(/^\.\/|\/$/g, ''), null, {}) ?? []),
      setAside: [],
    };

  const declared = controllers
    .flatMap(declarations)
    .flatMap((d) => make(d.dir, d.declaredBy, d.options) ?? []);
  // A Component's resources are pulled into whatever uses the Component: they do not stop a
  // directory from being deployed on its own.
  const included = new Set(
    [...kustomizations.values()].filter((k) => !k.component).flatMap((k) => k.includes),
  );
  const pointedAt = new Set(declared.map((r) => r.dir));
  const bare = [...kustomizations.values()].filter((k) => !k.component && !pointedAt.has(k.dir));
  const build = (list: Kustomization[]) => list.flatMap((k) => make(k.dir, null, {}) ?? []);
  return {
    roots: [...build(bare.filter((k) => !included.has(k.dir))), ...declared],
    setAside: build(bare.filter((k) => included.has(k.dir))),
  };
}

/**
 * The files one kustomization reads itself, not through the kustomizations it includes: what a
 * build's closure is the union of, over every kustomization the build reaches.
 */
export function directReads(
  k: Kustomization,
  isKustomization: (dir: string) => boolean,
  filesUnder: (dir: string, recursive: boolean) => string[],
): string[] {
  return [
    k.file,
    ...k.inputs,
    ...k.inputDirs.flatMap((path) => filesUnder(path, false)),
    ...(k.chartHome === null ? [] : filesUnder(k.chartHome, true)),
    ...k.includes.filter((path) => !isKustomization(path)),
    // A plugin configuration file is read by the build like any input (vetted before it).
    ...k.pluginFiles,
  ];
}

interface Closure {
  files: Set<string>;
  remote: string[];
  remoteBases: Root['remoteBases'];
  remoteFiles: Root['remoteFiles'];
  refused: Refusal[];
  charts: Root['charts'];
  pluginFiles: { file: string; dir: string }[];
  verbatim: Set<string>;
}

class Closures {
  private readonly memo = new Map<string, Closure>();
  private readonly graph: IncludeGraph;

  constructor(
    private readonly kustomizations: ReadonlyMap<string, Kustomization>,
    private readonly filesUnder: (dir: string, recursive: boolean) => string[],
  ) {
    this.graph = new IncludeGraph(kustomizations);
  }

  /**
   * The files a build of `dir` reads, following includes (iteratively: a chain of any length is
   * walked). A cycle or a chain deeper than MAX_DEPTH is said here, before kustomize is asked.
   */
  of(dir: string): Closure {
    const known = this.memo.get(dir);
    if (known) return known;
    const result: Closure = {
      files: new Set(),
      remote: [],
      remoteBases: [],
      remoteFiles: [],
      refused: [],
      charts: [],
      pluginFiles: [],
      verbatim: new Set(),
    };
    this.memo.set(dir, result);
    const reach = this.graph.reachable(dir);
    const resources = new Set<string>();
    let copies = false;
    for (const d of reach) {
      const k = this.kustomizations.get(d)!;
      const isKustomization = (p: string) => this.kustomizations.has(p);
      for (const file of directReads(k, isKustomization, this.filesUnder)) result.files.add(file);
      for (const path of k.includes) if (!isKustomization(path)) resources.add(path);
      copies ||= k.copies;
      result.remote.push(...k.remote);
      result.remoteBases.push(...k.remoteBases.map((entry) => ({ entry, file: k.file })));
      result.remoteFiles.push(...k.remoteFiles.map((entry) => ({ entry, file: k.file })));
      result.refused.push(...k.refused);
      result.charts.push(...k.charts.map((chart) => ({ chart, chartHome: k.chartHome ?? '' })));
      result.pluginFiles.push(...k.pluginFiles.map((file) => ({ file, dir: k.dir })));
      // A directory named by `generators`/`transformers`/`validators` builds plugin configurations:
      // every resource file of its build is one, read from the naming kustomization's directory.
      for (const pluginDir of k.pluginDirs)
        for (const d2 of this.graph.reachable(pluginDir))
          for (const path of this.kustomizations.get(d2)!.includes)
            if (!this.kustomizations.has(path)) result.pluginFiles.push({ file: path, dir: k.dir });
    }
    // A file one kustomization includes may be another's patch or generator input. What a remote
    // base does with the objects it is given is not known here.
    if (!copies && result.remote.length + result.remoteBases.length + result.remoteFiles.length === 0) {
      const otherwise = new Set(
        [...reach].flatMap((d) => {
          const k = this.kustomizations.get(d)!;
          return directReads({ ...k, includes: [] }, () => false, this.filesUnder);
        }),
      );
      for (const path of resources) if (!otherwise.has(path)) result.verbatim.add(path);
    }
    const cycle = [...reach].map((d) => this.graph.cycleThrough(d)).find((c) => c !== null);
    const show = (d: string) => d || '.';
    if (cycle)
      result.refused.push({
        reason: 'cycle',
        message: `its includes form a cycle: ${cycle.map(show).join(' → ')}`,
      });
    else if (this.graph.depth(dir) > MAX_DEPTH)
      result.refused.push({
        reason: 'too-deep',
        message: `its chain of includes is deeper than ${MAX_DEPTH} kustomizations`,
      });
    // A root that is not built is said not checked whatever its edit.
    if (result.refused.length) result.verbatim.clear();
    return result;
  }
}

/** Which kustomization includes which: reachability, cycles and depth, without recursion. */
class IncludeGraph {
  private readonly depths = new Map<string, number>();
  private readonly cycles = new Map<string, string[] | null>();

  constructor(private readonly kustomizations: ReadonlyMap<string, Kustomization>) {}

  private children(dir: string): string[] {
    return (this.kustomizations.get(dir)?.includes ?? []).filter((p) => this.kustomizations.has(p));
  }

  reachable(dir: string): Set<string> {
    const seen = new Set<string>();
    const stack = [dir];
    while (stack.length) {
      const d = stack.pop()!;
      if (seen.has(d) || !this.kustomizations.has(d)) continue;
      seen.add(d);
      stack.push(...this.children(d));
    }
    return seen;
  }

  /** A path from `dir` back to itself, if `dir` lies on a cycle. */
  cycleThrough(dir: string): string[] | null {
    if (this.cycles.has(dir)) return this.cycles.get(dir)!;
    const parent = new Map<string, string>();
    const queue = [...this.children(dir)];
    queue.forEach((c) => parent.set(c, dir));
    let found: string[] | null = null;
    for (let i = 0; i < queue.length && !found; i++) {
      const d = queue[i];
      if (d === dir) {
        const path = [dir];
        for (let p = parent.get(dir)!; p !== dir; p = parent.get(p)!) path.unshift(p);
        found = [dir, ...path];
        break;
      }
      for (const c of this.children(d))
        if (!parent.has(c)) {
          parent.set(c, d);
          queue.push(c);
        }
    }
    this.cycles.set(dir, found);
    return found;
  }

  /** The longest chain of includes from `dir`, in kustomizations; a cycle counts once round. */
  depth(dir: string): number {
    const stack: { dir: string; expanded: boolean }[] = [{ dir, expanded: false }];
    const onPath = new Set<string>();
    while (stack.length) {
      const top = stack[stack.length - 1];
      if (this.depths.has(top.dir)) {
        stack.pop();
        continue;
      }
      if (!top.expanded) {
        top.expanded = true;
        onPath.add(top.dir);
        for (const c of this.children(top.dir))
          if (!this.depths.has(c) && !onPath.has(c)) stack.push({ dir: c, expanded: false });
        continue;
      }
      stack.pop();
      onPath.delete(top.dir);
      this.depths.set(
        top.dir,
        1 + Math.max(0, ...this.children(top.dir).map((c) => this.depths.get(c) ?? 0)),
      );
    }
    return this.depths.get(dir)!;
  }
}

interface Declaration {
  dir: string;
  declaredBy: NonNullable<Root['declaredBy']>;
  options: RootOptions;
}

/** The kustomize directories an Argo CD or Flux object deploys from this repository. */
export const declaredDirs = (object: ManifestObject): string[] => declarations(object).map((d) => d.dir);

/** The kustomize directories an Argo CD or Flux object deploys from this repository, with its options. */
function declarations(object: ManifestObject): Declaration[] {
  const declaredBy = { kind: object.kind, name: object.name, file: object.file, line: object.line };
  const group = object.apiVersion.split('/')[0];
  const argo = argoSources(object);
  if (argo) {
    const { sources, destination } = argo;
    return sources.flatMap((source) => {
      const dir = repoPath(source.path);
      if (dir === null) return [];
      const k = isRecord(source.kustomize) ? source.kustomize : {};
      const options: RootOptions = {
        ...text('namespace', k.namespace),
        ...text('namePrefix', k.namePrefix),
        ...text('nameSuffix', k.nameSuffix),
        ...labels('commonLabels', k.commonLabels),
        ...labels('commonAnnotations', k.commonAnnotations),
        ...text('defaultNamespace', destination.namespace),
      };
      return [{ dir, declaredBy, options }];
    });
  }
  if (group === 'kustomize.toolkit.fluxcd.io' && object.kind === 'Kustomization') {
    const spec = isRecord(object.body.spec) ? object.body.spec : {};
    const dir = repoPath(spec.path ?? '.');
    if (dir === null) return [];
    const options: RootOptions = {
      ...text('namespace', spec.targetNamespace),
      ...text('namePrefix', spec.namePrefix),
      ...text('nameSuffix', spec.nameSuffix),
      ...(Array.isArray(spec.patches) && spec.patches.length ? { patches: spec.patches } : {}),
    };
    return [{ dir, declaredBy, options }];
  }
  return [];
}

const text = <K extends string>(key: K, value: unknown) =>
  (typeof value === 'string' && value !== '' ? { [key]: value } : {}) as Partial<Record<K, string>>;

const labels = <K extends string>(key: K, value: unknown) =>
  (isRecord(value) && Object.keys(value).length
    ? { [key]: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) }
    : {}) as Partial<Record<K, Record<string, string>>>;
