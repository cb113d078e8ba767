import type { PodTemplatePaths } from '../stages/4-objects/workloads.js';
import { DEFAULT_HASH_ANNOTATION } from '../stages/8-stamps/hash-spec.js';
import type { HashOptions } from '../stages/8-stamps/template-hashes.js';
import { manifestSelector } from '../stages/2-sources/select.js';

/** What every command is told, by the CLI's options or the Action's inputs. */
export interface EngineOptions {
  include?: readonly string[];
  exclude?: readonly string[];
  podTemplatePaths?: PodTemplatePaths;
  hash?: Partial<HashOptions>;
}

/** The same options with every default filled in: the one place defaults live. */
export interface Settings {
  selected: (path: string) => boolean;
  podTemplatePaths: PodTemplatePaths;
  hash: HashOptions;
}

export function settings(options: EngineOptions): Settings {
  return {
    selected: manifestSelector(options.include, options.exclude),
    podTemplatePaths: options.podTemplatePaths ?? new Map(),
    hash: {
      annotation: options.hash?.annotation || DEFAULT_HASH_ANNOTATION,
      key: options.hash?.key ?? null,
    },
  };
}
