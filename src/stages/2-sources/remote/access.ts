import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse } from '../../../model/yaml.js';
import { makeCacheFolder } from '../../../model/cache-home.js';
import { git, helm, LOGGED_IN_REPOSITORY, Refused, type Invocation } from '../../../programs/invocation.js';
import { Repository } from '../../1-git/repository.js';
import type { GitBase } from './git-base.js';
import { execute, makeTemporary, removeTemporary } from '../../../programs/run.js';
import { isRecord } from '../../../model/values.js';
import type { Refusal } from '../tools.js';
import { untar } from './tar.js';
import { normalizeSource, type RemoteChart } from './sources.js';
import { credentialFor, underPrefix, type Credential } from './credentials.js';

/** What the trusted side says about fetching (the base configuration's `remote`, and flags or inputs). */
export interface RemoteSettings {
  /** `remote: off` in the base configuration: nothing is fetched. */
  enabled: boolean;
  /** `remote.allow`: source prefixes fetched whatever the base names (`ghcr.io/org/`, `https://charts.example.org/`). */
  allow: readonly string[];
  /** Fetched charts, content-addressed (`--cache-dir`; default under the user's cache directory). */
  cacheDir: string;
  /** `--offline`: the cache only. */
  offline: boolean;
  /** Logins for the charts under a prefix; a source is still fetched only if trusted. */
  credentials: readonly Credential[];
}

export interface FetchedChart {
  /** The chart's files, its directory name first (`web/Chart.yaml`), as `helm package` wrote them. */
  files: Map<string, Buffer>;
  version: string;
  /** SHA-256 of the archive: the cache's key. */
  sha256: string;
}

export const MAX_CHART_BYTES = 64 * 2 ** 20;
const MAX_FILE_BYTES = 16 * 2 ** 20;

/** A response's body, or null past `limit` bytes (leaving the loop cancels the rest). */
async function readCapped(response: Response, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * The one way remote content enters a check. A source is fetched only if the trusted side names
 * it: the base revision declares it (the same repository, or the same OCI registry path), or the
 * base configuration's `remote.allow` holds a prefix of it. A chart is fetched by helm's own
 * `helm pull` and a base by `git fetch`, with proxy settings and nothing else of the environment;
 * what they bring is kept by its digest, so a second run with the same cache makes no request for
 * them. A file by URL is this process's own request (see `file`). `--offline` never makes one.
 */
export class RemoteAccess {
  private readonly inFlight = new Map<string, Promise<FetchedChart | Refusal>>();
  private readonly repositoryQueue = new Map<string, Promise<void>>();
  private readonly bases = new Map<
    string,
    Promise<{ files: Map<string, Buffer>; commit: string } | Refusal>
  >();
  private readonly urlFiles = new Map<string, Promise<{ bytes: Buffer } | Refusal>>();
  /** Charts and bases this run took from the cache, and fetched (the report's stats). */
  readonly tally = { cacheHits: 0, fetched: 0 };

  private readonly trustedAtBase: Set<string>;

  constructor(
    private readonly settings: RemoteSettings,
    trustedAtBase: ReadonlySet<string>,
    private readonly helmProgram: () => Promise<{ command: string } | { error: string }>,
    private readonly timeoutMs: number,
  ) {
    this.trustedAtBase = new Set(trustedAtBase);
  }

  /** Sources a later discovery of the base revision found it naming (a release deployed beside a changed config). */
  trustAtBase(sources: Iterable<string>): void {
    for (const source of sources) this.trustedAtBase.add(source);
  }

  /** Why `source` may not be fetched, or null when it may. */
  refusal(source: string): Refusal | null {
    if (!this.settings.enabled)
      return { reason: 'remote', message: `${source} is remote, and the configuration says remote: off` };
    const allowed =
      this.trustedAtBase.has(normalizeSource(source)) ||
      this.settings.allow.some((prefix) => underPrefix(source, prefix));
    return allowed
      ? null
      : {
          reason: 'remote',
          message: `it fetches ${source}, which neither the base revision nor the base configuration's remote.allow names, so it is not fetched`,
        };
  }

  /** A chart, from the cache or fetched, once per run however many roots name it. */
  chart(chart: RemoteChart): Promise<FetchedChart | Refusal> {
    const refused = this.refusal(chart.source);
    if (refused) return Promise.resolve(refused);
    const key = JSON.stringify([chart.repository, chart.chart, chart.version, chart.digest]);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.cached(key).then((hit) => {
        if (hit) this.tally.cacheHits++;
        return hit ?? this.pull(chart, key);
      });
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /**
   * A remote base's files (relative to its directory) at the commit its ref names, from this
   * tool's cache of the repository or fetched into it.
   */
  gitBase(base: GitBase): Promise<{ files: Map<string, Buffer>; commit: string } | Refusal> {
    const refused = this.refusal(base.source);
    if (refused) return Promise.resolve(refused);
    const key = JSON.stringify([base.url, base.ref, base.subdir]);
    let pending = this.bases.get(key);
    if (!pending) {
      // One git process at a time per cached repository: fetches into it take its lock.
      const previous = this.repositoryQueue.get(base.url) ?? Promise.resolve();
      pending = previous.then(() => this.fetchBase(base));
      this.repositoryQueue.set(
        base.url,
        pending.then(
          () => undefined,
          () => undefined,
        ),
      );
      this.bases.set(key, pending);
    }
    return pending;
  }

  private async fetchBase(base: GitBase): Promise<{ files: Map<string, Buffer>; commit: string } | Refusal> {
    const what = `${base.url}${base.ref ? ` at ${base.ref}` : ''}`;
    const id = createHash('sha256').update(base.url).digest('hex');
    const bare = join(this.settings.cacheDir, 'git', `${id}.git`);
    const refFile = join(
      this.settings.cacheDir,
      'git-refs',
      `${createHash('sha256').update(`${base.url}\0${base.ref}`).digest('hex')}.json`,
    );
    // A base is fetched into the cache itself: without one, it is not fetched.
    const unusable = cacheFolder(bare) ?? cacheFolder(dirname(refFile));
    if (unusable) return { reason: 'fetch-failed', message: `${what} could not be fetched: ${unusable}` };
    const run = async (invocation: Invocation) => execute(invocation);
    const repo = Repository.bare(bare);
    try {
      let commit: string | null = await readFile(refFile, 'utf8').then(
        (t) => (JSON.parse(t) as { commit: string }).commit,
        () => null,
      );
      if (commit && !(await repo.hasCommit(commit))) commit = null;
      if (commit) this.tally.cacheHits++;
      else {
        if (this.settings.offline)
          return {
            reason: 'fetch-failed',
            message: `${what} is not in the cache, and the check runs --offline`,
          };
        await run(git.initBare(bare));
        let invocation;
        try {
          invocation = git.fetchRef(
            bare,
            base.url,
            base.ref,
            credentialFor(base.url, this.settings.credentials),
          );
        } catch (error) {
          if (error instanceof Refused) return { reason: 'refused', message: error.message };
          throw error;
        }
        const out = await run(invocation);
        if (!out.ok)
          return {
            reason: 'fetch-failed',
            message: `${what} could not be fetched: ${(out.stderr.trim().split('\n')[0] || out.message).slice(0, 300)}`,
          };
        repo.fetched();
        commit = await repo.resolveCommit('FETCH_HEAD');
        this.tally.fetched++;
        await keep(() => writeFile(refFile, JSON.stringify({ commit })));
      }
      const prefix = base.subdir ? `${base.subdir}/` : '';
      const paths = (await repo.listFiles(commit)).filter((p) => p.startsWith(prefix));
      const bytes = await repo.readBytes(commit, paths);
      const files = new Map(
        paths.flatMap((p, i) => (bytes[i] ? [[p.slice(prefix.length), bytes[i]!] as const] : [])),
      );
      if (files.size === 0)
        return { reason: 'fetch-failed', message: `${what} has no directory ${base.subdir || '.'}` };
      return { files, commit };
    } finally {
      repo.close();
    }
  }

  /**
   * A file by URL (a kustomize resource such as Argo CD's `install.yaml`), fetched once per run
   * over HTTPS by this process: a URL can serve new content any day, so a run fetches it again and
   * keeps it for `--offline`. Redirects are followed (a GitHub release asset is served from another
   * host): the trusted URL's server chooses them, not the pull request. A login goes only to a URL
   * under its own prefix.
   */
  file(url: string): Promise<{ bytes: Buffer } | Refusal> {
    const refused = this.refusal(url);
    if (refused) return Promise.resolve(refused);
    let pending = this.urlFiles.get(url);
    if (!pending) this.urlFiles.set(url, (pending = this.fetchFile(url)));
    return pending;
  }

  private async fetchFile(url: string): Promise<{ bytes: Buffer } | Refusal> {
    const cached = join(this.settings.cacheDir, 'files', createHash('sha256').update(url).digest('hex'));
    if (this.settings.offline) {
      const bytes = await readFile(cached).catch(() => null);
      if (bytes) this.tally.cacheHits++;
      return bytes
        ? { bytes }
        : { reason: 'fetch-failed', message: `${url} is not in the cache, and the check runs --offline` };
    }
    const failed = (why: string): Refusal => ({ reason: 'fetch-failed', message: `${url} ${why}` });
    let at = url;
    try {
      for (let hops = 0; ; hops++) {
        const credential = credentialFor(at, this.settings.credentials);
        const response = await fetch(at, {
          redirect: 'manual',
          signal: AbortSignal.timeout(this.timeoutMs),
          headers: credential
            ? {
                authorization: `Basic ${Buffer.from(`${credential.username}:${credential.password}`).toString('base64')}`,
              }
            : {},
        });
        const next = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && next) {
          await response.body?.cancel();
          at = new URL(next, at).toString();
          if (!/^https?:\/\//i.test(at)) return failed(`redirects to ${at}, which is not HTTP`);
          if (hops === 4) return failed('redirects more than five times');
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          return failed(`could not be fetched: the server answered ${response.status}`);
        }
        const bytes = await readCapped(response, MAX_FILE_BYTES);
        if (bytes === null)
          return { reason: 'limit', message: `${url} is larger than ${MAX_FILE_BYTES / 2 ** 20} MiB` };
        await keep(async () => {
          makeCacheFolder(dirname(cached));
          await writeFile(`${cached}.${process.pid}`, bytes);
          await rename(`${cached}.${process.pid}`, cached);
        });
        this.tally.fetched++;
        return { bytes };
      }
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      return failed(`could not be fetched: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  }

  private paths(key: string) {
    const id = createHash('sha256').update(key).digest('hex');
    return {
      ref: join(this.settings.cacheDir, 'refs', `${id}.json`),
      blob: (sha256: string) => join(this.settings.cacheDir, 'charts', `${sha256}.tgz`),
    };
  }

  /** A chart this cache already holds, verified by its digest; null when it holds none. */
  private async cached(key: string): Promise<FetchedChart | null> {
    const paths = this.paths(key);
    try {
      const ref = JSON.parse(await readFile(paths.ref, 'utf8')) as { sha256: string; version: string };
      const tgz = await readFile(paths.blob(ref.sha256));
      if (createHash('sha256').update(tgz).digest('hex') !== ref.sha256) return null;
      return { files: untar(tgz, MAX_CHART_BYTES), version: ref.version, sha256: ref.sha256 };
    } catch {
      return null;
    }
  }

  private async pull(chart: RemoteChart, key: string): Promise<FetchedChart | Refusal> {
    const what = `${chart.chart} ${chart.digest ?? chart.version ?? ''} from ${chart.repository}`.replace(
      '  ',
      ' ',
    );
    if (this.settings.offline)
      return { reason: 'fetch-failed', message: `${what} is not in the cache, and the check runs --offline` };
    const helmFound = await this.helmProgram();
    if ('error' in helmFound)
      return { reason: 'tool', message: `fetching ${what} needs helm: ${helmFound.error}` };
    const home = makeTemporary('crg-fetch-');
    try {
      const destination = join(home, 'out');
      await mkdir(destination);
      const credential = credentialFor(chart.repository, this.settings.credentials);
      const failed = (out: { stderr: string; message: string }): Refusal => {
        const first = out.stderr
          .split('\n')
          .find((l) => l.startsWith('Error:'))
          ?.replace(/^Error:\s*/, '');
        return {
          reason: 'fetch-failed',
          message: `${what} could not be fetched: ${(first ?? out.message).slice(0, 300)}`,
        };
      };
      let invocations;
      try {
        invocations = [
          ...(credential ? await logIn(helmFound.command, home, chart, credential, this.timeoutMs) : []),
          helm.pull(helmFound.command, destination, home, chart, credential !== null, this.timeoutMs),
        ];
      } catch (error) {
        if (error instanceof Refused) return { reason: 'refused', message: error.message };
        throw error;
      }
      for (const invocation of invocations) {
        const out = await execute(invocation);
        if (!out.ok) return failed(out);
      }
      const [archive] = (await readdir(destination)).filter((f) => f.endsWith('.tgz'));
      if (!archive) return { reason: 'fetch-failed', message: `${what}: helm pull wrote no chart archive` };
      const tgz = await readFile(join(destination, archive));
      const sha256 = createHash('sha256').update(tgz).digest('hex');
      const expected = await indexDigest(home, chart.chart, archive);
      if (expected && expected !== sha256)
        return {
          reason: 'fetch-failed',
          message: `${what}: the archive's digest is not the one the repository index gives`,
        };
      const version = archive.slice(chart.chart.length + 1, -'.tgz'.length);
      const files = untar(tgz, MAX_CHART_BYTES);
      await this.store(key, tgz, sha256, version);
      this.tally.fetched++;
      return { files, version, sha256 };
    } finally {
      removeTemporary(home);
    }
  }

  private async store(key: string, tgz: Buffer, sha256: string, version: string): Promise<void> {
    const paths = this.paths(key);
    await keep(async () => {
      makeCacheFolder(join(this.settings.cacheDir, 'charts'));
      makeCacheFolder(join(this.settings.cacheDir, 'refs'));
      // Written aside, then renamed: two runs sharing a cache never read half a file.
      const blob = paths.blob(sha256);
      await writeFile(`${blob}.${process.pid}`, tgz);
      await rename(`${blob}.${process.pid}`, blob);
      await writeFile(`${paths.ref}.${process.pid}`, JSON.stringify({ sha256, version }));
      await rename(`${paths.ref}.${process.pid}`, paths.ref);
    });
  }
}

/**
 * Keeps what was fetched for the next run. A cache that cannot be written (a --cache-dir on a
 * read-only or full disk) costs the next run a fetch, not this one what it fetched.
 */
async function keep(write: () => Promise<void>): Promise<void> {
  await write().catch(() => undefined);
}

/** Makes a folder of the cache, or says why it cannot be made. */
function cacheFolder(folder: string): string | null {
  try {
    makeCacheFolder(folder);
    return null;
  } catch (error) {
    const { code, path } = error as NodeJS.ErrnoException;
    return `the cache folder ${path ?? folder} cannot be made (${code ?? (error as Error).message}; --cache-dir chooses another)`;
  }
}

/** For renders of this repository's own charts only (a fix's verification): nothing is fetched. */
export const noFetching = (): RemoteAccess =>
  new RemoteAccess(
    { enabled: false, allow: [], cacheDir: '', offline: true, credentials: [] },
    new Set(),
    async () => ({ error: 'nothing is fetched here' }),
    0,
  );

/**
 * Hands helm a login the way it keeps its own, inside the fetch's temporary home (never on an
 * argv): a registry's in `registry/config.json`, a chart repository's in `repositories.yaml`, whose
 * index is then read with it (`helm repo update`). Returns the programs to run before the pull.
 */
async function logIn(
  program: string,
  home: string,
  chart: RemoteChart,
  credential: Credential,
  timeoutMs: number,
): Promise<Invocation[]> {
  const config = join(home, 'config');
  const write = async (path: string, content: unknown) => {
    await mkdir(dirname(join(config, path)), { recursive: true, mode: 0o700 });
    await writeFile(join(config, path), JSON.stringify(content), { mode: 0o600 });
  };
  const auth = { username: credential.username, password: credential.password };
  if (chart.oci) {
    const host = /^oci:\/\/([^/]+)/.exec(chart.repository)?.[1] ?? '';
    await write('registry/config.json', {
      auths: { [host]: { auth: Buffer.from(`${auth.username}:${auth.password}`).toString('base64') } },
    });
    return [];
  }
  await write('repositories.yaml', {
    apiVersion: 'v1',
    repositories: [{ name: LOGGED_IN_REPOSITORY, url: chart.repository, ...auth }],
  });
  return [helm.repoUpdate(program, home, timeoutMs)];
}

/** The digest a chart repository's index gives for the archive helm pulled (HTTP repositories; OCI verifies its own). */
async function indexDigest(home: string, chart: string, archive: string): Promise<string | null> {
  const dir = join(home, 'cache', 'repository');
  const indexes = await readdir(dir).catch(() => [] as string[]);
  for (const file of indexes.filter((f) => f.endsWith('index.yaml'))) {
    let index: unknown;
    try {
      index = parse(await readFile(join(dir, file), 'utf8'), { maxAliasCount: 100 });
    } catch {
      continue;
    }
    const entries = isRecord(index) && isRecord(index.entries) ? index.entries[chart] : null;
    for (const entry of Array.isArray(entries) ? entries.filter(isRecord) : []) {
      const urls = Array.isArray(entry.urls) ? entry.urls.map(String) : [];
      if (urls.some((u) => u.endsWith(`/${archive}`) || u === archive) && typeof entry.digest === 'string')
        return entry.digest.replace(/^sha256:/, '');
    }
  }
  return null;
}
