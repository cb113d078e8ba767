import type { ConfigIndex } from '../../model/identity.js';
import type { Unjudged } from '../../model/not-checked.js';
import type { ConfigChange, Diagnostic, Impact, ManifestObject } from '../../model/types.js';
import type { Repository, Revision } from '../../stages/1-git/repository.js';
import type { Origin, RenderResult, RenderRoot } from '../../stages/2-sources/tools.js';
import type { ControllerIndex } from '../../stages/2-sources/controllers.js';
import type { Links } from '../../stages/2-sources/links.js';
import type { Consumer } from '../../stages/5-references/consumers.js';
import type { Settings } from '../options.js';
import type { RemoteAccess } from '../../stages/2-sources/remote/access.js';

/**
 * What a discovery that stops where the change stops looks for: the changed paths, and every
 * symbolic link whose reading one of them changes (a root that reads the link reads that path).
 */
export async function reaching(at: Snapshot): Promise<ReadonlySet<string> | null> {
  return at.changed === null ? null : (await at.links()).reaching(at.changed);
}

/** A root's render read as objects, each with its origin. */
export interface Rendered {
  objects: ManifestObject[];
  origins: Map<ManifestObject, Origin>;
}

/** One revision of the repository as discovery sees it; each piece is read once and shared by the renderers. */
export interface Snapshot {
  repo: Repository;
  rev: Revision;
  settings: Settings;
  files: () => Promise<string[]>;
  /**
   * The selected files with one of `names` (a renderer's `rootFiles`), in any directory: one walk of
   * the trees for every renderer's names together.
   */
  named: (names: readonly string[]) => Promise<string[]>;
  /** Argo CD Applications/ApplicationSets, Flux Kustomizations/HelmReleases and Flux sources: what declares roots. */
  controllers: () => Promise<ControllerIndex>;
  /**
   * The paths a check changes, for a discovery that finds only the roots that can read them; null
   * when every root is wanted (scan, and the closures `fix` adopts around).
   */
  changed: ReadonlySet<string> | null;
  /** The revision's symbolic links, followed (listing the tree, which discovery lists anyway). */
  links: () => Promise<Links>;
}

/**
 * A renderer's roots at one revision, and those it set aside there because another root reads them
 * (a kustomization another includes): one of those stays a root when the other revision deploys it
 * on its own, so a change cannot hide a root by including it somewhere.
 */
export interface Discovered<R extends RenderRoot> {
  roots: R[];
  setAside: R[];
  /**
   * Whether some build at this revision reads a path, when discovery stopped where the change
   * stops (`Snapshot.changed`): the roots then are those that can read a changed path, and a file
   * the check reads later is asked here. Absent, the roots and set-aside roots are all of them.
   */
  reads?: (path: string) => boolean;
}

/** What the pair of builds of one root, and the files they read, give the renderer's own steps. */
export interface Builds<R extends RenderRoot> {
  root: R;
  baseRoot: R | undefined;
  base: Rendered;
  head: Rendered;
  baseOf: ReadonlyMap<ManifestObject, ManifestObject>;
  changed: ReadonlySet<string>;
  headTree: ReadonlyMap<string, Buffer>;
  baseTree: ReadonlyMap<string, Buffer>;
}

/**
 * One way of turning repository files into objects (kustomize, Helm). The driver in `part.ts` does
 * the rest the same way for every renderer: which roots a change touches, both builds, the pairing,
 * the diff and the impacts.
 */
export interface Renderer<R extends RenderRoot, Tool> {
  name: 'kustomize' | 'helm';
  /** The file names that mark its roots (`kustomization.yaml`, `Chart.yaml`). */
  rootFiles: readonly string[];
  /** The roots at one revision. */
  discover(snapshot: Snapshot): Promise<Discovered<R>>;
  /** The binary, found once per check and only when some root exists. */
  tool(): Promise<Tool | { error: string }>;
  render(
    tool: Tool,
    roots: readonly R[],
    files: ReadonlyMap<string, Buffer>,
    timeoutMs: number,
    access: RemoteAccess,
    /** Hears of each root's build as it ends: its root is compared while others still build. */
    finished: (root: R, result: RenderResult) => void,
  ): Promise<Map<R, RenderResult>>;
  /**
   * Paths of a root's tree the renderer writes itself (helm's copies of `file://` dependencies): a
   * symbolic link the repository keeps there is replaced, not read.
   */
  fills(root: R): string[];
  /**
   * Files the root's build deploys as written (kustomize `resources` no other object's fields are
   * copied into): a change of one that writes no config changes no config of the build.
   */
  verbatim(root: R): ReadonlySet<string>;
  /** The remote sources a root fetches (normalized): those a base root names are trusted at head. */
  sources(root: R): string[];
  /** A function of the root's templates that gives a new value on every render (`genCA`, `randAlphaNum`), or null. */
  varies(root: R, tree: ReadonlyMap<string, Buffer>): string | null;
  read(yaml: string, root: R, tree: ReadonlyMap<string, Buffer>, diagnostics: Diagnostic[]): Rendered;
  /** The same across revisions for one object, whatever its content (kustomize's hash suffix is not). */
  logicalName(object: ManifestObject, origin: Origin | undefined): string;
  /** Where a reviewer sees the edit behind a config change. */
  pointAtEdit(change: ConfigChange, builds: Builds<R>): ConfigChange;
  /** The renderer's own findings on top of the impacts, and what it saw change but could not judge. */
  review(
    builds: Builds<R>,
    tool: Tool,
    result: {
      workloads: Consumer[];
      configs: ConfigIndex;
      impacts: Impact[];
      /** The config changes judged; null for `scan`, which reviews a whole revision. */
      changes: ConfigChange[] | null;
    },
    timeoutMs: number,
    access: RemoteAccess,
  ): Promise<{ impacts: Impact[]; diagnostics: Diagnostic[]; notChecked: Unjudged[] }>;
}

/** `parse`, once for each file and text: most files are the same text at both revisions. */
export const parsedOnce =
  <T>(cache: Map<string, T>, parse: (file: string, text: string) => T) =>
  (file: string, text: string): T => {
    const key = `${file}\0${text}`;
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = parse(file, text)));
    return value;
  };
