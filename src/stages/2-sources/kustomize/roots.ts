import type { ManifestObject } from '../../../model/types.js';
import { isRecord } from '../../../model/values.js';
import { argoSources, repoPath, type RenderRoot } from '../tools.js';
import type { Kustomization } from './kustomization.js';

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
  /** Paths some kustomization of the build names outside the repository. */
  outside: string[];
  /** Some kustomization of the build inflates Helm charts. */
  helm: boolean;
}

/**
 * The roots at one revision: every kustomization no other includes (Components excepted), and every
 * directory an Argo CD Application/ApplicationSet or a Flux Kustomization points at, built with that
 * object's options instead of bare. `only` (from `--root` or the config file) replaces discovery.
 */
export function findRoots(
  kustomizations: ReadonlyMap<string, Kustomization>,
  controllers: readonly ManifestObject[],
  filesUnder: (dir: string, recursive: boolean) => string[],
  only: readonly string[] | null,
): Root[] {
  const closures = new Closures(kustomizations, filesUnder);
  const make = (dir: string, declaredBy: Root['declaredBy'], options: RootOptions): Root | null => {
    const k = kustomizations.get(dir);
    if (!k || k.component) return null;
    const { files, remote, outside, helm } = closures.of(dir);
    const id = declaredBy ? `${dir || '.'} (${declaredBy.kind} ${declaredBy.name})` : dir || '.';
    return { id, dir, file: k.file, declaredBy, options, closure: files, remote, outside, helm };
  };
  if (only) return only.flatMap((dir) => make(dir.replace(/^\.\/|\/$/g, ''), null, {}) ?? []);

  const declared = controllers
    .flatMap(declarations)
    .flatMap((d) => make(d.dir, d.declaredBy, d.options) ?? []);
  const included = new Set([...kustomizations.values()].flatMap((k) => k.includes));
  const pointedAt = new Set(declared.map((r) => r.dir));
  const bare = [...kustomizations.values()]
    .filter((k) => !k.component && !included.has(k.dir) && !pointedAt.has(k.dir))
    .flatMap((k) => make(k.dir, null, {}) ?? []);
  return [...bare, ...declared];
}

interface Closure {
  files: Set<string>;
  remote: string[];
  outside: string[];
  helm: boolean;
}

class Closures {
  private readonly memo = new Map<string, Closure>();

  constructor(
    private readonly kustomizations: ReadonlyMap<string, Kustomization>,
    private readonly filesUnder: (dir: string, recursive: boolean) => string[],
  ) {}

  /** The files a build of `dir` reads, following includes; a cycle is left to kustomize to report. */
  of(dir: string, visiting = new Set<string>()): Closure {
    const known = this.memo.get(dir);
    if (known) return known;
    const result: Closure = { files: new Set<string>(), remote: [], outside: [], helm: false };
    const k = this.kustomizations.get(dir);
    if (!k || visiting.has(dir)) return result;
    visiting.add(dir);
    result.files.add(k.file);
    result.remote.push(...k.remote);
    result.outside.push(...k.outside.map((entry) => `${entry} (in ${k.file})`));
    result.helm ||= k.helm;
    for (const path of k.inputs) result.files.add(path);
    for (const path of k.inputDirs) for (const file of this.filesUnder(path, false)) result.files.add(file);
    if (k.chartHome !== null) for (const file of this.filesUnder(k.chartHome, true)) result.files.add(file);
    for (const path of k.includes) {
      if (this.kustomizations.has(path)) {
        const inner = this.of(path, visiting);
        inner.files.forEach((f) => result.files.add(f));
        result.remote.push(...inner.remote);
        result.outside.push(...inner.outside);
        result.helm ||= inner.helm;
      } else {
        result.files.add(path);
      }
    }
    visiting.delete(dir);
    this.memo.set(dir, result);
    return result;
  }
}

interface Declaration {
  dir: string;
  declaredBy: NonNullable<Root['declaredBy']>;
  options: RootOptions;
}

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
