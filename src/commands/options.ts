import type { PodTemplatePaths } from '../stages/4-objects/workloads.js';
import type { HashOptions } from '../stages/8-stamps/template-hashes.js';
import { grepScope, manifestSelector } from '../stages/2-sources/select.js';
import type { TeamRules } from '../stages/7-impacts/reloaders.js';
import type { ChartRelease } from '../stages/2-sources/helm/chart.js';
import type { NotCheckedPolicy } from '../model/not-checked.js';
import type { RemoteSettings } from '../stages/2-sources/remote/access.js';
import type { Credential } from '../stages/2-sources/remote/credentials.js';
import { Progress } from '../model/progress.js';
import type { Shard } from '../model/types.js';
import { cacheHome } from '../model/cache-home.js';

/** How long a whole run may take before every program it started is stopped (`--timeout`, the `timeout` input). */
export const DEFAULT_TIMEOUT_SECONDS = 900;

/** The pod-template annotation that ties a workload's pods to the config they read (docs/hash-spec.md). */
export const DEFAULT_HASH_ANNOTATION = 'config-rollout-guard/hash';

/** Manifest files past this size are not read. */
export const DEFAULT_MAX_FILE_MIB = 16;

export type RenderMode = 'auto' | 'off' | 'best-effort';
export const RENDER_MODES: readonly RenderMode[] = ['auto', 'off', 'best-effort'];

/** What every command is told, by the CLI's options or the Action's inputs. */
export interface EngineOptions {
  include?: readonly string[];
  exclude?: readonly string[];
  podTemplatePaths?: PodTemplatePaths;
  hash?: Partial<HashOptions>;
  /** `auto`: render the kustomize and Helm roots a change touches, and fail on one that cannot be rendered. */
  render?: RenderMode;
  /** Kustomize or chart directories to render instead of the discovered roots. */
  roots?: readonly string[];
  /** The kustomize (or kubectl) binary to run. */
  kustomize?: string | null;
  /** The helm binary to run. */
  helm?: string | null;
  /** The Kubernetes version charts render for (`kube-version` in the base configuration). */
  kubeVersion?: string | null;
  /** Chart releases the configuration file declares. */
  charts?: readonly ChartRelease[];
  /** The team's rules from the configuration file. */
  rules?: TeamRules;
  /** Files larger than this many MiB are not read (not checked, said); default 16. */
  maxFileMib?: number;
  /** Not-checked entries that only warn (`warn-not-checked` in the base configuration). */
  warnNotChecked?: NotCheckedPolicy['warn'];
  /** The base configuration's `remote`: whether to fetch, and what besides the base's own sources. */
  remote?: { enabled: boolean; allow: readonly string[] };
  /** Where fetched charts are kept (`--cache-dir`, input `cache-dir`). */
  cacheDir?: string | null;
  /** Fetch nothing; the cache only (`--offline`). */
  offline?: boolean;
  /** Logins for private chart sources (`--registry-credentials FILE`, input `registry-credentials`); never from a configuration file. */
  credentials?: readonly Credential[];
  /** Stage timings and what a person watching is told; silent when absent. */
  progress?: Progress;
  /** Render only this shard's part of the affected roots (`check --shard K/N`). */
  shard?: Shard | null;
}

/** The same options with every default filled in: the one place defaults live. */
export interface Settings {
  selected: (path: string) => boolean;
  /** Pathspecs that hold every selected file: what `git grep` may limit itself to ([]: everything). */
  grepScope: readonly string[];
  podTemplatePaths: PodTemplatePaths;
  hash: HashOptions;
  render: RenderMode;
  roots: readonly string[] | null;
  kustomize: string | null;
  helm: string | null;
  /** The clusters' Kubernetes version, as helm's `--kube-version`; null: helm's own default. */
  kubeVersion: string | null;
  charts: readonly ChartRelease[];
  /** How long one root may take to build. */
  renderTimeoutMs: number;
  rules: TeamRules;
  maxFileBytes: number;
  /** Which not-checked entries fail the run (model/not-checked.ts). */
  notChecked: NotCheckedPolicy;
  remote: RemoteSettings;
  progress: Progress;
  shard: Shard | null;
}

export async function settings(options: EngineOptions): Promise<Settings> {
  return {
    selected: await manifestSelector(options.include, options.exclude),
    grepScope: grepScope(options.include),
    podTemplatePaths: options.podTemplatePaths ?? new Map(),
    hash: {
      annotation: options.hash?.annotation || DEFAULT_HASH_ANNOTATION,
      key: options.hash?.key ?? null,
    },
    render: options.render ?? 'auto',
    roots: options.roots?.length ? options.roots : null,
    kustomize: options.kustomize || null,
    helm: options.helm || null,
    kubeVersion: options.kubeVersion || null,
    charts: options.charts ?? [],
    renderTimeoutMs: 120_000,
    rules: options.rules ?? { ignore: [], reloads: [], sidecars: [], reloaderAutoReloadAll: false },
    maxFileBytes: (options.maxFileMib ?? DEFAULT_MAX_FILE_MIB) * 2 ** 20,
    notChecked: { rootsWarn: options.render === 'best-effort', warn: options.warnNotChecked ?? [] },
    remote: {
      enabled: options.remote?.enabled ?? true,
      allow: options.remote?.allow ?? [],
      cacheDir: options.cacheDir || cacheHome(),
      offline: options.offline ?? false,
      credentials: options.credentials ?? [],
    },
    progress: options.progress ?? new Progress(),
    shard: options.shard ?? null,
  };
}

export type Rules = TeamRules;

/**
 * Options from the configuration file under those given on the command line or as Action inputs:
 * what the caller gave wins, field by field; lists given on the command line replace the file's.
 */
export function overlay(file: EngineOptions, given: EngineOptions): EngineOptions {
  const defined = Object.fromEntries(
    Object.entries(given).filter(
      ([, v]) =>
        v !== undefined &&
        v !== null &&
        !(Array.isArray(v) && v.length === 0) &&
        !(v instanceof Map && v.size === 0),
    ),
  ) as EngineOptions;
  return {
    ...file,
    ...defined,
    hash: { ...file.hash, ...Object.fromEntries(Object.entries(given.hash ?? {}).filter(([, v]) => v)) },
  };
}
