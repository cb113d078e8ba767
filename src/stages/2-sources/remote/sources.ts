import { posix } from 'node:path';
import type { HelmPull } from '../../../programs/invocation.js';
import type { GitBase } from './git-base.js';
import { trimEnd } from '../../../model/text.js';

/**
 * Where a remote source lives, as trust compares it: scheme and host lower-cased, no trailing
 * slash, no `.git`, no `git::` prefix; an OCI reference Argo CD writes without a scheme gets `oci://`.
 */
export function normalizeSource(url: string): string {
  let u = url.trim().replace(/^git::/, '');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(u))
    u = u.startsWith('git@') ? `ssh://${u.replace(':', '/')}` : `oci://${u}`;
  // Cut by position, not one pattern over the whole URL: that pattern backtracked quadratically on
  // a long host of a URL a pull request writes (see model/text.ts).
  const scheme = u.indexOf('://');
  const rest = u.slice(scheme + 3);
  const hostEnd = rest.search(/[/?#]/);
  let path = hostEnd < 0 ? '' : rest.slice(hostEnd);
  if (/[\n\r\u2028\u2029]/.test(path)) return u;
  const query = path.search(/[?#]/);
  path = trimEnd(query < 0 ? path : path.slice(0, query), '/').replace(/\.git$/, '');
  const host = hostEnd < 0 ? rest : rest.slice(0, hostEnd);
  return `${u.slice(0, scheme).toLowerCase()}://${host.toLowerCase()}${path}`;
}

/**
 * A git repository however its URL is written: `git@github.com:org/repo.git`,
 * `ssh://git@github.com/org/repo` and `https://github.com/org/repo` are one repository.
 */
export const repositoryKey = (url: string): string =>
  normalizeSource(url).replace(/^[a-z0-9+.-]+:\/\/([^/@]*@)?/, '');

/** A chart in a Helm repository, an OCI registry or another git repository, as a Flux or Argo CD object names it. */
export interface RemoteChart extends HelmPull {
  /** What trust compares: the repository a base revision or the allowlist must name. */
  source: string;
  /** A chart in a directory of another git repository (a Flux GitRepository): fetched by git, not helm. */
  git?: GitBase;
}

export function httpChart(url: string, chart: string, version: string | null, insecure = false): RemoteChart {
  const repository = trimEnd(url, '/');
  return {
    repository,
    chart,
    oci: false,
    version,
    digest: null,
    plainHttp: insecure,
    source: normalizeSource(repository),
  };
}

/**
 * A chart in an OCI registry: `oci://registry/path/name`. The source trust compares is the
 * repository that holds it (`oci://registry/path`): a base that names one chart there names the
 * registry path its neighbours share.
 */
export function ociChart(
  reference: string,
  version: string | null,
  digest: string | null,
  insecure: boolean,
): RemoteChart {
  const normal = normalizeSource(reference);
  const host = /^oci:\/\/([^/:]+)/.exec(normal)?.[1] ?? '';
  return {
    repository: normal,
    chart: posix.basename(normal),
    oci: true,
    version,
    digest,
    // A registry on loopback speaks plain HTTP; elsewhere only when the source says `insecure: true`.
    plainHttp: insecure || host === 'localhost' || host === '127.0.0.1',
    source: posix.dirname(normal),
  };
}

/** A chart in a directory of another git repository, at a tag, branch or commit (null: its default branch). */
export function gitChart(url: string, ref: string | null, dir: string): RemoteChart {
  const source = normalizeSource(url);
  return {
    repository: url,
    chart: posix.basename(dir) || posix.basename(source),
    oci: false,
    version: ref,
    digest: null,
    plainHttp: false,
    source,
    git: { url, subdir: dir, ref, source },
  };
}

/** How reports name a chart and the version it resolved to. */
export const chartLabel = (chart: RemoteChart, version: string | null): string =>
  `${chart.chart} ${version ?? chart.version ?? 'latest'}`;
