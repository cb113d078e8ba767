import type { Stats } from './progress.js';
// The vocabulary of the whole pipeline. Every stage speaks in these types, and the JSON report
// (docs/report-schema.md) is a direct serialisation of them.

export type ConfigKind = 'ConfigMap' | 'Secret';

/** A place in the repository: path relative to the repository root, 1-based line. */
export interface Location {
  file: string;
  line: number;
}

export type Severity = 'error' | 'warning' | 'notice';

/**
 * Something the reader must know that is not an impact: a file we could not read as manifests
 * (warning: the run goes on with the rest) or a change the API server will reject (error).
 */
export interface Diagnostic extends Location {
  severity: Severity;
  message: string;
  /** The workload it is about: a rollout note's, or one whose new pods an error says cannot start (`fix` leaves those alone). */
  workload?: WorkloadRefSummary;
  /** Other lines it concerns: for a reference that loses its key, the config change that removes it. */
  related?: Location[];
}

/** Where an object comes from when a renderer made it: the root that was built. */
export interface Source {
  /** The root's directory, plus the Argo CD / Flux object that declares it, if any. */
  root: string;
  renderer: 'kustomize' | 'helm';
  /** The Helm release name the chart was rendered as. */
  release?: string;
  /** A chart from a Helm repository or OCI registry: its name and the version rendered. */
  chart?: string;
}

/**
 * One Kubernetes object as written in the repository, or as a renderer built it; then `file` and
 * `line` point at what a reviewer edits (its source file, or the generator that makes it).
 */
export interface ManifestObject extends Location {
  apiVersion: string;
  kind: string;
  /** `null` when the manifest sets none: the object lands in whatever namespace it is applied to. */
  namespace: string | null;
  name: string;
  body: Record<string, unknown>;
  source?: Source;
}

/** How a consumed config reaches the containers, which decides whether running pods can ever see a change. */
export type Delivery =
  | 'env' // read once at container start
  | 'subPath' // a file copied at container start, never updated
  | 'volume' // files the kubelet updates in place; the application must re-read them
  | 'init' // files an init container reads once, before the pod's containers start
  | 'mount' // credentials used when a volume is mounted (CSI, volume plugins)
  | 'image-pull' // read at each image pull; never needs a rollout
  | 'unmounted'; // a volume no container mounts: nothing reads its content

export type RefPath =
  'volume' | 'projected' | 'csi' | 'volume-plugin' | 'env' | 'envFrom' | 'imagePullSecrets';

/** One place in a pod spec that consumes a ConfigMap or Secret. */
export interface ConfigRef {
  kind: ConfigKind;
  name: string;
  /** The keys read through this reference; `null` means every key. */
  keys: string[] | null;
  optional: boolean;
  path: RefPath;
  /** Where in the pod spec, e.g. `containers[proxy].envFrom[0].configMapRef`. */
  via: string;
  container: string | null;
  delivery: Delivery;
  /** The pod volume it comes through, for volume deliveries (what a reload sidecar must mount too). */
  volume?: string;
}

export interface ObjectId {
  kind: string;
  namespace: string | null;
  name: string;
}

export interface KeyChanges {
  added: string[];
  removed: string[];
  modified: string[];
}

/** A ConfigMap or Secret whose content differs between base and head. Never carries values. */
export interface ConfigChange extends Location {
  kind: ConfigKind;
  namespace: string | null;
  name: string;
  change: 'added' | 'modified' | 'deleted';
  keys: KeyChanges;
  source?: Source;
}

export type ImpactStatus =
  'dormant' | 'stale-hash' | 'rolling' | 'next-run' | 'manual' | 'reloaded' | 'ignored';

export interface ImpactedConfig {
  kind: ConfigKind;
  namespace: string | null;
  name: string;
  /** The changed keys this workload reads. */
  keys: string[];
  via: { path: string; container: string | null; delivery: Delivery }[];
  /** True when the match holds only if both objects are applied to the same namespace. */
  namespaceAssumed: boolean;
  /**
   * The rendered root that deploys the config, when not the workload's own (a release deployed
   * beside it); null for a plain manifest a release's workload reads (a release that names it).
   */
  root?: string | null;
}

export interface WorkloadRefSummary extends Location {
  kind: string;
  namespace: string | null;
  name: string;
  source?: Source;
}

/**
 * Why something was not judged. Each is said in the report with the path or root it concerns, and
 * fails the run unless the base configuration lets it warn (`warn-not-checked`).
 */
export type NotCheckedReason =
  | 'render-failed' // the renderer ran and failed
  | 'refused' // refused before rendering: a path outside the repository, an option, an unvettable kustomization, a plugin
  | 'cycle' // includes that form a cycle
  | 'too-deep' // a chain of includes past the limit
  | 'remote' // needs the network, and the trusted side did not allow it
  | 'fetch-failed' // an allowed fetch that did not succeed
  | 'limit' // a render stopped by its time, memory or output limit, or the run's deadline
  | 'tool' // the renderer is not installed, or too old
  | 'unreadable' // a file or rendered document that does not parse
  | 'too-large' // a file past the size limit
  | 'lfs' // a Git LFS pointer whose content is not here
  | 'not-in-clone' // a file the commit holds whose content git does not have here (a partial clone)
  | 'missing-input' // something the render needs is not in the repository (a valuesFrom object, another source's file)
  | 'encrypted' // values a render needs are encrypted in the repository (SOPS, a SealedSecret)
  | 'unsupported' // a source this tool does not render or fetch (a URL file, a semver range of tags)
  | 'substituted' // a config whose content moves with a Flux post-build variable this change moves
  | 'unrendered' // a file a tool this check does not run renders (helmfile, jsonnet, an Argo CD plugin)
  | 'off-by-default' // a chart's ConfigMap or Secret template the change reaches, off with the chart's own values, in a chart no release here deploys
  | 'include'; // an include pattern that selects no file

export type Side = 'base' | 'head' | 'both';

/**
 * Something this change touches, or could touch, that could not be judged: a root that did not
 * render at one side or both, a file that could not be read, a source not rendered, an `include`
 * pattern that selects nothing. Never reported as added, deleted or all clear.
 */
export interface NotChecked extends Location {
  kind: 'root' | 'file' | 'include';
  /** The root's id, the file's path, or the pattern. */
  name: string;
  reason: NotCheckedReason;
  /** The revision(s) at which it could not be judged. */
  side: Side;
  message: string;
  /** Whether it fails the run: yes, unless `render: best-effort` (roots) or `warn-not-checked` in the base configuration says it only warns. */
  fails: boolean;
  /** For `unrendered`: the program this check does not run, which the next step is about. */
  program?: UnrunProgram;
}

export type UnrunProgram = 'helmfile' | 'jsonnet' | 'plugin';

/** One workload that reads changed config, and whether its pods will pick the change up. */
export interface Impact {
  status: ImpactStatus;
  reason: string;
  workload: WorkloadRefSummary;
  configs: ImpactedConfig[];
  delivery: Delivery[];
}

/** A workload that references a changed config but is not affected, with why (verbose output only). */
export interface Unaffected {
  workload: WorkloadRefSummary;
  /** `root` as an impact's config has it: deployed other than the workload. */
  config: ObjectId & { root?: string | null };
  reason: string;
}

export interface Report {
  version: 2;
  base: string;
  /** Commit SHA, or `null` for the working tree. */
  head: string | null;
  changes: ConfigChange[];
  impacts: Impact[];
  unaffected: Unaffected[];
  diagnostics: Diagnostic[];
  /** Rendered roots this change touches that were built at both revisions and checked. */
  rendered: string[];
  /** Rendered roots this change touches that could not be built. */
  notChecked: NotChecked[];
  /** Where the time went; absent from reports merged or made by older versions. */
  stats?: Stats;
  /** A shard's report (`check --shard`): its rendered part is only the roots of this shard. */
  shard?: Shard;
}

/** One of `count` parts of a check: the affected rendered roots are dealt round-robin, in id order. */
export interface Shard {
  index: number;
  count: number;
}

export interface ScannedWorkload extends WorkloadRefSummary {
  refs: (ConfigRef & { definedAt: Location | null })[];
}

/** `scan`: every workload → config reference at one revision. */
export interface ScanReport {
  version: 1;
  rev: string | null;
  workloads: ScannedWorkload[];
  diagnostics: Diagnostic[];
  /** The kustomize and Helm roots rendered. */
  rendered: string[];
  /** Roots that could not be rendered: nothing they deploy is listed. */
  notChecked: NotChecked[];
}
