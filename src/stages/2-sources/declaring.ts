import type { Repository, Revision } from '../1-git/repository.js';

/**
 * The API groups a file must name to hold an object that declares roots (`CONTROLLER_KINDS`): what
 * `git grep` looks for.
 */
export const CONTROLLER_GROUPS = [
  'argoproj.io',
  'kustomize.toolkit.fluxcd.io',
  'helm.toolkit.fluxcd.io',
  'source.toolkit.fluxcd.io',
];

/** The files at `rev` that may declare one (discovery's search, which a caller may begin early). */
export const declaringFiles = (
  repo: Repository,
  rev: Revision,
  scope: readonly string[],
): Promise<string[]> => repo.grep(rev, CONTROLLER_GROUPS, scope);

/** `declaringFiles` at each of `revs`, begun together (one search for the commits among them). */
export const declaringFilesAt = (
  repo: Repository,
  revs: readonly Revision[],
  scope: readonly string[],
): Promise<string[]>[] => repo.grepEach(revs, CONTROLLER_GROUPS, scope);
