import { normalizeSource } from './sources.js';
import { trimBoth } from '../../../model/text.js';

/** A kustomize remote base: a git repository, a directory in it, and the ref to take it at. */
export interface GitBase {
  /** The repository as git fetches it. */
  url: string;
  /** The directory inside it ('' for its root). */
  subdir: string;
  /** A tag, branch or commit; null for the remote's default branch. */
  ref: string | null;
  /** What trust compares. */
  source: string;
}

/**
 * A `resources:` entry as kustomize reads a remote target: `github.com/org/repo//dir?ref=v1`,
 * `https://github.com/org/repo/dir`, `https://host/org/repo.git//dir?ref=v1`, `git::…`,
 * `git@host:org/repo.git//dir`, `ssh://`,
 * `git://` and `file://` URLs. Null for anything else (a URL to a single file).
 */
export function parseGitBase(entry: string): GitBase | null {
  let text = entry.trim().replace(/^git::/, '');
  const query = text.indexOf('?');
  const params = new URLSearchParams(query >= 0 ? text.slice(query + 1) : '');
  if (query >= 0) text = text.slice(0, query);
  const ref = params.get('ref') ?? params.get('version');
  if (text.startsWith('github.com/')) text = `https://${text}`;
  let url: string;
  let subdir = '';
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text);
  if (scheme || text.startsWith('git@')) {
    const start = scheme ? scheme[0].length : 0;
    const split = text.indexOf('//', start);
    if (split >= 0) {
      url = text.slice(0, split);
      subdir = text.slice(split + 2);
    } else {
      // Without `//`, a repository is named by `.git` or `_git`; the rest is the directory. Without
      // either, kustomize takes the first two path segments as the repository (`org/repo`), which on
      // a known git host names one: `https://github.com/kyverno/policies/pod-security/baseline`.
      const marker = /(\.git|\/_git\/[^/]+)(\/|$)/.exec(text.slice(start));
      const host = /^https:\/\/(?:github\.com|gitlab\.com|bitbucket\.org)\/[^/]+\/[^/]+/i.exec(text);
      if (marker) {
        const end = start + marker.index + marker[1].length;
        url = text.slice(0, end);
        subdir = text.slice(end + 1);
      } else if (host && !/\.(ya?ml|json)$/i.test(text)) {
        url = host[0];
        subdir = text.slice(host[0].length + 1);
      } else return null;
    }
  } else return null;
  if (
    /^https?:\/\//i.test(url) &&
    !/\.git$|\/_git\/|^https?:\/\/(github\.com|gitlab\.com|bitbucket\.org)\//i.test(url) &&
    !ref &&
    !subdir
  )
    return null;
  const normalSubdir = trimBoth(subdir, '/');
  if (normalSubdir.split('/').includes('..')) return null;
  return { url, subdir: normalSubdir, ref, source: normalizeSource(url) };
}
