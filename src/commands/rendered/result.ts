import type { ConfigIndex } from '../../model/identity.js';
import type { Unjudged } from '../../model/not-checked.js';
import type { ConfigChange, Diagnostic, Impact, ManifestObject, Unaffected } from '../../model/types.js';
import type { ControllerIndex } from '../../stages/2-sources/controllers.js';
import type { Origin, RenderRoot } from '../../stages/2-sources/tools.js';
import type { Workload } from '../../stages/4-objects/workloads.js';
import type { Consumer } from '../../stages/5-references/consumers.js';

// What the rendered part gives a check, apart from the part itself: a change that can touch no
// root (most plain-file changes) is judged without loading the renderers at all.

/** What the rendered roots a change touches contribute to a check. */
export interface RenderedPart {
  /**
   * Whether some root's build reads a file, or a root set aside would, at either revision: such a
   * file is never also read as a plain manifest (a library chart's templates are a chart's, though
   * nothing renders it). Null when no root exists at either revision.
   */
  readByRoot: ((path: string) => boolean) | null;
  changes: ConfigChange[];
  impacts: Impact[];
  unaffected: Unaffected[];
  diagnostics: Diagnostic[];
  notChecked: Unjudged[];
  /** The roots built and checked. */
  rendered: string[];
  /** What each built root deploys at head, for `fix`. */
  heads: RenderedRoot[];
  /** The values of every Secret either build made, for redaction. */
  secretTexts: string[];
  /** The Argo CD and Flux objects at head, as discovery read them; null when nothing was discovered. */
  controllers: (() => Promise<ControllerIndex>) | null;
  /**
   * The rendered readers of these plain configs, at head: the releases that name one (a HelmRelease
   * whose values mount it by name) and the roots whose files may read one by its name
   * (`readersElsewhere`). Null when nothing renders.
   */
  readersOf: ((changes: readonly ConfigChange[]) => Promise<Companions>) | null;
}

/** One root as built at head: its workloads with their references, and the configs they can read. */
export interface RenderedRoot {
  renderer: 'kustomize' | 'helm';
  root: RenderRoot;
  consumers: Consumer[];
  configs: ConfigIndex;
  origins: ReadonlyMap<ManifestObject, Origin>;
  /** The files the head build read. */
  tree: ReadonlyMap<string, Buffer>;
  /** The head build's objects, for a fix to compare against a build of its edit. */
  objects: ManifestObject[];
}

/** What a check renders when the change can touch no root. */
export const noRendered = (): RenderedPart => ({
  readByRoot: null,
  changes: [],
  impacts: [],
  unaffected: [],
  diagnostics: [],
  notChecked: [],
  rendered: [],
  heads: [],
  secretTexts: [],
  controllers: null,
  readersOf: null,
});

/** Workloads of releases deployed beside changed configs, how their templates were, and what could not be rendered. */
export interface Companions {
  /** The releases rendered. */
  rendered: string[];
  consumers: Consumer[];
  previous: Map<ManifestObject, Pick<Workload, 'templates'> | 'unchanged' | null>;
  notChecked: Unjudged[];
  /** The values of the Secrets their renders read, for redaction. */
  secrets: string[];
}

export const noCompanions = (): Companions => ({
  rendered: [],
  consumers: [],
  previous: new Map(),
  notChecked: [],
  secrets: [],
});
