import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, posix } from 'node:path';
import { parse } from '../../../model/yaml.js';
import { isRecord } from '../../../model/values.js';
import { trimEnd } from '../../../model/text.js';
import {
  findProgram,
  kustomize as kustomizeCall,
  type Invocation,
  type KustomizeTool,
} from '../../../programs/invocation.js';
import { execute, makeTemporary, removeTemporary } from '../../../programs/run.js';
import { isKustomizationFile, readKustomization, type HelmChartEntry } from './kustomization.js';
import { insideRepository } from '../paths.js';
import { WORDS } from './reach.js';
import { compareText } from '../../../model/text.js';
import { yamlMistake } from '../../../model/yaml-mistakes.js';
import { parseGitBase } from '../remote/git-base.js';
import { httpChart, ociChart } from '../remote/sources.js';
import { schemaFetch } from '../helm/schema-refs.js';
import type { RemoteAccess } from '../remote/access.js';
import { pool, replaceInTree, runRender, withTree, type Refusal, type RenderResult } from '../tools.js';
import type { Root } from './roots.js';

/** The kustomize to run: a standalone binary (`kustomize build`) or kubectl's built-in one. */
export interface Kustomize extends KustomizeTool {
  /**
   * Why this program cannot build for this check (not kustomize, or older than v4, which lacks the
   * `buildMetadata` that maps rendered objects back to their files), or null. Asked, once, only
   * after a build failed or printed nothing: a working kustomize never pays for starting kubectl
   * once more, which costs as much as a small build.
   */
  unfit: () => Promise<string | null>;
}

const MIN_MAJOR = 4;
/** Wrappers sit beside the tree, two levels down: origin annotations name files as `../../repo/<path>`. */
export const WRAPPERS = 'wrappers';

/** What kustomize's `helmCharts[].repo` names, as a chart to fetch: an HTTP repository or an OCI registry. */
export const remoteChartOf = (chart: HelmChartEntry) =>
  chart.repo!.startsWith('oci://')
    ? ociChart(`${trimEnd(chart.repo!, '/')}/${chart.name}`, chart.version, null, false)
    : httpChart(chart.repo!, chart.name, chart.version);
export const TREE = 'repo';

/**
 * How kustomize words a failure inside the root the wrapper includes, before saying what failed:
 * a failure in its build, or a kustomization it cannot read.
 */
const WRAPPER_STEP = new RegExp(
  `^accumulating resources from '(?:\\.\\./)+${TREE}/[^']*': read [^:]*: is a directory': (?:recursed accumulation of path '[^']*': )?`,
);
/** How kustomize wraps the error of a component it includes. */
const COMPONENT = "recursed accumulation of path '";
const COMPONENT_STEP = `accumulateDirectory: "${COMPONENT}`;
/** Remote bases are written here, beside the tree: `<root>-<entry>/` (a file by URL: `<root>-<entry>.yaml`). */
export const REMOTE_BASES = 'remote-bases';
/** configMapGenerator files by URL are written here, beside the tree: `<root>-<entry>/<name>`. */
const REMOTE_FILES = 'remote-files';

/**
 * Finds kustomize: `override` (`--kustomize PATH`, the input, the trusted configuration), else
 * `kustomize` on PATH, else `kubectl kustomize`. Never a program inside the repository.
 */
export function findKustomize(
  override: string | null,
  repositoryRoot: string,
): Kustomize | { error: string } {
  const found = findProgram(override, ['kustomize', 'kubectl'], repositoryRoot);
  if ('error' in found)
    return {
      error: override
        ? found.error
        : 'kustomize is not installed (neither kustomize nor kubectl is on PATH); install it, set --kustomize PATH, or pass --render off.',
    };
  const kubectl = posix.basename(found.program).includes('kubectl');
  let asked: Promise<string | null> | null = null;
  return {
    program: found.program,
    args: kubectl ? ['kustomize'] : ['build'],
    unfit: () => (asked ??= unfitness(found, kubectl)),
  };
}

async function unfitness(found: { program: string; name: string }, kubectl: boolean): Promise<string | null> {
  const home = makeTemporary('crg-probe-');
  try {
    const out = await execute(
      kustomizeCall.version(
        found.program,
        kubectl ? ['version', '--client', '-o', 'json'] : ['version'],
        home,
      ),
    );
    const stdout = out.ok ? out.stdout.toString('utf8') : '';
    const kustomizeLine = /"kustomizeVersion":\s*"([^"]+)"/.exec(stdout)?.[1] ?? stdout;
    const match = /(?<!\d)v?(\d+)\.(\d+)\.(\d+)/.exec(kustomizeLine);
    if (!match) return `${found.name} could not be run as kustomize`;
    if (Number(match[1]) < MIN_MAJOR)
      return `${found.name} has kustomize v${match[1]}.${match[2]}.${match[3]}; rendered mode needs v${MIN_MAJOR} or newer (install kustomize, or set --kustomize PATH)`;
    return null;
  } finally {
    removeTemporary(home);
  }
}

/** One build, run as `runRender` runs it; a build that fails or prints nothing first rules out an unfit kustomize. */
export async function runKustomize(
  kustomize: Kustomize,
  invocation: () => Invocation,
  clean: (stderr: string) => string,
): Promise<RenderResult> {
  const result = await runRender('kustomize', invocation, clean);
  if (result.ok ? result.yaml.trim() !== '' : result.reason !== 'render-failed') return result;
  const unfit = await kustomize.unfit();
  return unfit ? { ok: false, reason: 'tool', message: unfit } : result;
}

/**
 * Builds roots of one revision. The files they read are written to a temporary tree (never over the
 * user's work tree), and each root is built through a wrapper kustomization beside that tree that
 * adds origin annotations and the controller's options. kustomize runs without plugins (no
 * `--enable-alpha-plugins` or `--enable-exec`), with an empty PATH and environment, so nothing in
 * the repository runs and nothing is fetched; `--enable-helm` is given, with the helm found on this
 * machine, only to a root that inflates charts from its chart home.
 */
export async function renderRoots(
  kustomize: Kustomize,
  roots: readonly Root[],
  files: ReadonlyMap<string, Buffer>,
  timeoutMs: number,
  helm: { command: string } | { error: string } | null,
  access: RemoteAccess,
  finished: (root: Root, result: RenderResult) => void = () => {},
): Promise<Map<Root, RenderResult>> {
  // A root built in place reads its own kustomization with origin annotations on; every other
  // file is written as it is.
  const inPlace = new Set(roots.filter((root) => buildsInPlace(root, files)));
  const written = inPlace.size
    ? new Map([
        ...files,
        ...[...inPlace].map((root) => [root.file, annotated(files.get(root.file)!)] as const),
      ])
    : files;
  return withTree(written, async ({ dir, tree, home }) => {
    const results = await pool(
      roots.length,
      availableParallelism(),
      async (i): Promise<RenderResult> => {
        const root = roots[i];
        if (root.refused.length) return { ok: false, ...root.refused[0] };
        if (root.remote.length)
          return {
            ok: false,
            reason: 'unsupported',
            message: `it fetches ${root.remote[0]}${root.remote.length > 1 ? ` and ${root.remote.length - 1} more` : ''} over the network, which this check does not do for it`,
          };
        // Until its first build starts, a revision's roots go on without an `await` where they
        // can: the other revision's tree is written in the meantime (synchronously), and its
        // builds and these then run together instead of one tree's writing holding both up.
        const remote = root.remoteBases.length || root.remoteFiles.length;
        const based = remote ? await materialiseRemote(root, files, dir, tree, i, access) : null;
        if (based) return { ok: false, ...based };
        let chartHelm: string | null = null;
        if (root.charts.length) {
          if (!helm || 'error' in helm)
            return { ok: false, reason: 'tool', message: `it inflates Helm charts: ${helm?.error}` };
          chartHelm = helm.command;
        }
        const fetches = schemaFetch(
          files,
          root.charts.map((c) => c.chartHome),
          (url) => !access.refusal(url),
        );
        if (fetches) return { ok: false, ...fetches };
        // A chart kustomize would pull (`helmCharts[].repo`) is fetched here, from a trusted source
        // only, and put where kustomize looks first, so kustomize itself never goes to the network.
        for (const { chart, home: chartHome } of root.charts.flatMap((c) =>
          c.chart.repo ? [{ chart: c.chart, home: c.chartHome }] : [],
        )) {
          const remote = remoteChartOf(chart);
          const fetched = await access.chart(remote);
          if (!('files' in fetched)) return { ok: false, ...fetched };
          const target = posix.join(chartHome, chart.version ? `${chart.name}-${chart.version}` : '');
          for (const [path, bytes] of fetched.files) await replaceInTree(join(tree, target, path), bytes);
        }
        const built = inPlace.has(root) ? posix.join(TREE, root.dir) : posix.join(WRAPPERS, String(i));
        if (!inPlace.has(root)) {
          mkdirSync(join(dir, built), { recursive: true });
          writeFileSync(
            join(dir, built, 'kustomization.yaml'),
            JSON.stringify(wrapper(root), null, 2) + '\n',
          );
        }
        return runKustomize(
          kustomize,
          () => kustomizeCall.build(kustomize, dir, home, built, chartHelm, timeoutMs),
          (stderr) => kustomizeMessage(stderr, dir, files, root.closure),
        );
      },
      (i, result) => finished(roots[i], result),
    );
    return new Map(roots.map((root, i) => [root, results[i]]));
  });
}

/**
 * Remote bases a trusted source names, fetched through git into this tool's cache (a file by URL,
 * and a configMapGenerator's file by URL: over HTTPS), and written beside the tree; each
 * kustomization that names one is rewritten, in the tree only, to point at that copy, so kustomize
 * never goes to the network. A base is vetted like the repository's own kustomizations, with its
 * own directory as the boundary; one that names another remote target is not followed. Returns why
 * the root cannot be built, or null.
 */
async function materialiseRemote(
  root: Root,
  files: ReadonlyMap<string, Buffer>,
  dir: string,
  tree: string,
  index: number,
  access: RemoteAccess,
): Promise<Refusal | null> {
  const rewrites = new Map<string, Map<string, string>>();
  for (const [n, { entry, file }] of root.remoteBases.entries()) {
    const base = parseGitBase(entry);
    const from = posix.join(TREE, posix.dirname(file));
    if (!base) {
      // A file by URL: fetched from a trusted source and written beside the tree, like a base.
      if (!/^https?:\/\//i.test(entry))
        return {
          reason: 'unsupported',
          message: `it fetches ${entry} over the network, which this check does not do for it`,
        };
      const fetched = await access.file(entry);
      if (!('bytes' in fetched)) return fetched;
      const at = posix.join(REMOTE_BASES, `${index}-${n}.yaml`);
      await mkdir(join(dir, REMOTE_BASES), { recursive: true });
      await writeFile(join(dir, at), fetched.bytes);
      rewrites.set(file, (rewrites.get(file) ?? new Map()).set(entry, posix.relative(from, at)));
      continue;
    }
    const fetched = await access.gitBase(base);
    if (!('files' in fetched)) return fetched;
    const fileSet = new Set(fetched.files.keys());
    const dirs = new Set(
      [...fileSet].flatMap((f) =>
        f
          .split('/')
          .slice(0, -1)
          .map((_, j, all) => all.slice(0, j + 1).join('/')),
      ),
    );
    const baseTree = {
      isDir: (p: string) => p === '' || dirs.has(p),
      exists: (p: string) => fileSet.has(p) || dirs.has(p),
    };
    for (const [path, bytes] of fetched.files) {
      if (!isKustomizationFile(path)) continue;
      const k = readKustomization(path, bytes.toString('utf8'), baseTree);
      const problem =
        k.refused[0]?.message ??
        (k.remote.length || k.remoteBases.length || k.remoteFiles.length
          ? `${path} names another remote target`
          : null);
      if (problem) return { reason: 'refused', message: `remote base ${entry}: ${problem}` };
    }
    const at = posix.join(REMOTE_BASES, `${index}-${n}`);
    for (const [path, bytes] of fetched.files) {
      await mkdir(posix.dirname(join(dir, at, path)), { recursive: true });
      await writeFile(join(dir, at, path), bytes);
    }
    rewrites.set(file, (rewrites.get(file) ?? new Map()).set(entry, posix.relative(from, at) || '.'));
  }
  // A configMapGenerator file by URL: fetched like a file resource, written under the name kustomize
  // would give its key (the URL's last segment), and named by the generator in its place.
  const inputs = new Map<string, Map<string, string>>();
  for (const [n, { entry, file }] of root.remoteFiles.entries()) {
    const name = entry.slice(entry.lastIndexOf('/') + 1);
    // A name no file can have here would fail the write, not the root.
    if (name === '' || name === '.' || name === '..' || name.includes('\0') || Buffer.byteLength(name) > 255)
      return { reason: 'unsupported', message: `its configMapGenerator reads ${entry}, which names no file` };
    const fetched = await access.file(entry);
    if (!('bytes' in fetched)) return fetched;
    const at = posix.join(REMOTE_FILES, `${index}-${n}`, name);
    await mkdir(join(dir, posix.dirname(at)), { recursive: true });
    await writeFile(join(dir, at), fetched.bytes);
    const from = posix.join(TREE, posix.dirname(file));
    inputs.set(file, (inputs.get(file) ?? new Map()).set(entry, posix.relative(from, at)));
  }
  for (const file of new Set([...rewrites.keys(), ...inputs.keys()])) {
    const body = parse(files.get(file)!.toString('utf8'), { version: '1.1', maxAliasCount: 100 }) as Record<
      string,
      unknown
    >;
    const entries = rewrites.get(file) ?? new Map<string, string>();
    for (const field of ['resources', 'bases', 'components'])
      if (Array.isArray(body[field]))
        body[field] = body[field].map((e: unknown) => (typeof e === 'string' ? (entries.get(e) ?? e) : e));
    const local = inputs.get(file) ?? new Map<string, string>();
    if (Array.isArray(body.configMapGenerator))
      for (const generator of body.configMapGenerator.filter(isRecord))
        if (Array.isArray(generator.files))
          generator.files = generator.files.map((f: unknown) => {
            // Two `=` are kustomize's own error to give, as it gives it.
            if (typeof f !== 'string' || f.split('=').length > 2) return f;
            const key = f.slice(0, f.indexOf('=') + 1);
            return key + (local.get(f.slice(key.length)) ?? f.slice(key.length));
          });
    await replaceInTree(join(tree, file), JSON.stringify(body));
  }
  return null;
}

/**
 * Whether a root is built in place, its own kustomization turning origin annotations on, rather
 * than through a wrapper. A wrapper is one more layer of kustomize's work over every object: a
 * twentieth of a large build's time. In place is only for a root built as the repository wrote it
 * (no controller options, no remote target rewritten in the tree) whose kustomization is a block
 * mapping at the margin that sets no `buildMetadata`, so that one more key at its end is a key of
 * its root. kustomize reads `buildMetadata` only at the top of a build: another root that includes
 * this one builds the same.
 */
export function buildsInPlace(root: Root, files: ReadonlyMap<string, Buffer>): boolean {
  if (Object.keys(controllerOptions(root)).length || root.remoteBases.length || root.remoteFiles.length)
    return false;
  const text = files.get(root.file)?.toString('utf8');
  return text !== undefined && !text.includes('buildMetadata') && ONE_BLOCK_MAPPING.test(text);
}

/**
 * Comments, blank lines and at most one `---` first, then a plain key at the margin; no other
 * document marker.
 */
const ONE_BLOCK_MAPPING =
  /^(?:[ \t]*(?:#.*)?\r?\n)*(?:---[ \t]*\r?\n(?:[ \t]*(?:#.*)?\r?\n)*)?[A-Za-z](?![^]*\n(?:---|\.\.\.)(?:[ \t]|\r?\n|\r?$))/;

const annotated = (kustomization: Buffer) =>
  Buffer.concat([kustomization, Buffer.from('\nbuildMetadata: [originAnnotations]\n')]);

/**
 * The directory of the build, in the workspace, that origin annotations name files from: the
 * root's own in the tree, or a wrapper beside it.
 */
export const builtFrom = (root: Root, files: ReadonlyMap<string, Buffer>): string =>
  buildsInPlace(root, files) ? posix.join(TREE, root.dir) : posix.join(WRAPPERS, '0');

/**
 * The wrapper: the root as its only resource, origin annotations on, the controller's options on
 * top.
 */
function wrapper(root: Root): Record<string, unknown> {
  return {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    // Relative: kustomize refuses an absolute path here.
    resources: [posix.join('../..', TREE, root.dir)],
    buildMetadata: ['originAnnotations'],
    ...controllerOptions(root),
  };
}

/**
 * What the controller that deploys the root adds to its build. A Flux patch is passed as inline
 * text with its target only: a `path` there would be read from the machine.
 */
function controllerOptions(root: Root): Record<string, unknown> {
  const { namespace, namePrefix, nameSuffix, commonLabels, commonAnnotations, patches } = root.options;
  const inline = (patches ?? [])
    .filter(isRecord)
    .flatMap((p) =>
      typeof p.patch === 'string'
        ? [{ patch: p.patch, ...(isRecord(p.target) ? { target: p.target } : {}) }]
        : [],
    );
  return {
    ...(namespace ? { namespace } : {}),
    ...(namePrefix ? { namePrefix } : {}),
    ...(nameSuffix ? { nameSuffix } : {}),
    ...(commonLabels ? { commonLabels } : {}),
    ...(commonAnnotations ? { commonAnnotations } : {}),
    ...(inline.length ? { patches: inline } : {}),
  };
}

/**
 * kustomize's own words, shortened to the innermost cause and without the temporary directory.
 * kustomize quotes the content of a node it cannot read ("node contents: …"): that part is cut,
 * and so is every value a secretGenerator of the build reads.
 */
export function kustomizeMessage(
  stderr: string,
  dir: string,
  files: ReadonlyMap<string, Buffer>,
  closure: Iterable<string> = [],
): string {
  // klog prints `err="…"`, or `err=<` followed by tab-indented lines and ` >` when the text has newlines.
  const multi = klogBlock(stderr)?.replace(/^\t/gm, '');
  const single = /err="((?:[^"\\]|\\.)*)"/.exec(stderr)?.[1]?.replace(/\\"/g, '"');
  const lines = stderr
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('#'));
  let text = (multi ?? single ?? lines[lines.length - 1] ?? 'failed')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');
  // kustomize quotes each inner error again (`%q`) as it wraps it: a component in a component
  // reads `\\\"` for a quote. Unquoted level by level, it reads as written.
  for (let level = 0; level < 8 && /\\["\\]/.test(text); level++) text = text.replace(/\\(["\\])/g, '$1');
  text = text
    .replaceAll(`${dir}/${TREE}/`, '')
    .replaceAll(`${dir}/${WRAPPERS}/`, '(wrapper) ')
    .replaceAll(dir, '.');
  // Go prints a struct by pointer (`&{0xc0005705b0 <nil>}`), an address that differs on every run,
  // and a resource id field by field or as `Deployment.v1.apps/name.[noNs]`: `ConfigMap ns/name`
  // says the same, the same way each time.
  const id = (kind: string, name: string, namespace: string) =>
    `${kind} ${namespace && namespace !== '[noNs]' ? `${namespace}/` : ''}${name}`;
  text = text
    .replace(/ ?&\{(?:0x[0-9a-f]+|<nil>)(?: (?:0x[0-9a-f]+|<nil>))*\}/g, '')
    .replace(
      /resid\.ResId\{Gvk:resid\.Gvk\{Group:"[^"]*", Version:"[^"]*", Kind:"([^"]*)", isClusterScoped:\w+\}, Name:"([^"]*)", Namespace:"([^"]*)"\}/g,
      (_, kind: string, name: string, namespace: string) => id(kind, name, namespace),
    )
    .replace(
      /\b([A-Z][A-Za-z0-9]*)\.v[0-9][a-z0-9]*\.(?:\[noGrp\]|[a-z0-9.-]+)\/([^\s/;,']+)\.(\[noNs\]|[a-z0-9-]+)(?![\w.-])/g,
      (_, kind: string, name: string, namespace: string) => id(kind, name, namespace),
    );
  // A transformer's configuration is quoted whole: an inline patch there can set a Secret's data.
  text = text
    .replace(/ with config: `[^`]*`/g, ' (its configuration not shown)')
    .replace(/ from \[patch:[\s\S]*$/, ' (the patch not shown)');
  // A key twice in one mapping: kustomize names neither the file nor a line of it, so the file of the
  // build that holds that key twice is named, by its line.
  const twice = keyTwice(text);
  const where = twice === undefined ? null : duplicatedKey(twice, files, closure);
  if (where) text = `${where.file}:${where.line}: the key "${twice}" appears twice in one mapping`;
  // kustomize says which path it was reading when it failed; the kustomization line that sent it there says more.
  for (const { pattern, path, within, say } of AT_ENTRY) {
    const match = pattern.exec(text);
    const at = match && path(match);
    const entry = match && at ? namingEntry(at, files, closure, within?.(match) ?? null) : null;
    if (match && entry) {
      text = `${entry.file}:${entry.line}: ${entry.word} ${say(match)}`;
      break;
    }
  }
  text = text.replace('map[string]interface {}(nil): ', 'a file of the build does not read as YAML ');
  const contents = text.search(/node contents:|:\s*\{|yaml: unmarshal/i);
  if (contents > 0) text = `${text.slice(0, contents).trim()} (content not shown)`;
  // The innermost step names the file or component at fault; the quotes that closed the steps
  // around it go with them.
  const component = text.lastIndexOf(COMPONENT_STEP);
  const innermost = Math.max(
    text.lastIndexOf('accumulating resources from '),
    component < 0 ? -1 : component + COMPONENT_STEP.length - COMPONENT.length,
  );
  if (innermost > 0) text = text.slice(innermost);
  const closers = text.length - trimEnd(text, '"').length;
  if (closers && (text.slice(0, -closers).match(/"/g) ?? []).length % 2 === 0) text = text.slice(0, -closers);
  // The wrapper's own step (it includes the root as `../../repo/dir`) tells nothing about the root.
  text = text.replace(WRAPPER_STEP, '');
  for (const value of secretValues(files)) text = text.replaceAll(value, '…');
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

// Where kustomize's words hold what a pull request wrote, they are cut by position: the patterns
// these replace took the square (or cube) of a long name's length on the main thread (model/text.ts).

/** What klog writes between `err=<` and the line ` >` that closes it, when the error has lines. */
export function klogBlock(stderr: string): string | undefined {
  const open = 'err=<\n';
  const start = stderr.indexOf(open);
  if (start < 0) return undefined;
  const from = start + open.length;
  for (let newline = stderr.indexOf('\n', from); newline >= 0;) {
    let next = newline + 1;
    while (next < stderr.length && /\s/.test(stderr[next])) next++;
    if (stderr[next] === '>') return stderr.slice(from, newline);
    newline = stderr.indexOf('\n', next);
  }
  return undefined;
}

/** The key yaml's `mapping key "…" already defined` names, as quoted, after `yaml: unmarshal errors:` on its line. */
export function keyTwice(text: string): string | undefined {
  const lead = 'yaml: unmarshal errors: ';
  const mark = 'mapping key "';
  for (let start = text.indexOf(lead); start >= 0;) {
    const lineBreak = /[\n\r\u2028\u2029]/g;
    lineBreak.lastIndex = start;
    const lineEnd = lineBreak.exec(text)?.index ?? text.length;
    for (
      let at = text.indexOf(mark, start + lead.length);
      at >= 0 && at < lineEnd;
      at = text.indexOf(mark, at + 1)
    ) {
      // To the first quote no backslash escapes; a backslash before a line break escapes nothing.
      let end = at + mark.length;
      while (
        end < text.length &&
        text[end] !== '"' &&
        !(text[end] === '\\' && /^[\n\r\u2028\u2029]?$/.test(text.charAt(end + 1)))
      )
        end += text[end] === '\\' ? 2 : 1;
      if (text.startsWith('" already defined', end)) return text.slice(at + mark.length, end);
    }
    // A later lead on the same line finds only what this one did.
    start = text.indexOf(lead, lineEnd);
  }
  return undefined;
}

/** The first file of a build whose YAML holds `key` twice in one mapping, and that line. */
function duplicatedKey(
  key: string,
  files: ReadonlyMap<string, Buffer>,
  closure: Iterable<string>,
): { file: string; line: number } | null {
  for (const file of [...closure].sort(compareText)) {
    const text = files.get(file)?.toString('utf8');
    if (!text?.includes(key) || !/\.(ya?ml|json)$/.test(file)) continue;
    const mistake = yamlMistake(text);
    if (mistake?.code === 'DUPLICATE_KEY' && text.split('\n')[mistake.line - 1].includes(key))
      return { file, line: mistake.line };
  }
  return null;
}

type Match = RegExpExecArray;
/**
 * Failures kustomize words by the path it was reading, and what they say of the entry that names
 * that path; `within`: the directory of the only kustomization that can name it.
 */
const AT_ENTRY: {
  pattern: RegExp;
  path: (m: Match) => string | undefined;
  within?: (m: Match) => string;
  say: (m: Match) => string;
}[] = [
  {
    pattern: /(?:open|lstat) ([^\s':]+): no such file or directory/,
    path: (m) => m[1],
    say: () => 'does not exist',
  },
  {
    pattern: /cycle detected: candidate root '([^']*)' contains visited root '([^']*)'/,
    path: (m) => m[1],
    within: (m) => m[2],
    say: () => 'includes a directory that holds this kustomization, which kustomize refuses as a cycle',
  },
  {
    // A resource file, or a directory's build, holding an object the build already has.
    pattern:
      /(?:recursed merging from path '([^']+)': )?may not add resource with an already registered id: ([^':]+?)(?:'|$)(?:: must build at directory: '([^']+)')?/,
    path: (m) => m[1] ?? m[3],
    say: (m) => `adds ${m[2]}, which the build already holds`,
  },
  {
    pattern: /couldn't make target for path '([^']+)': kustomization\.yaml is empty/,
    path: (m) => m[1],
    say: () => 'holds a kustomization with nothing to build (kustomize: "kustomization.yaml is empty")',
  },
];

/**
 * The first line of a kustomization of the build (the one in directory `within`, if given) with a
 * word that names `path` from its directory.
 */
function namingEntry(
  path: string,
  files: ReadonlyMap<string, Buffer>,
  closure: Iterable<string>,
  within: string | null = null,
): { file: string; line: number; word: string } | null {
  for (const file of [...closure].sort(compareText)) {
    const dir = posix.dirname(file);
    if (!isKustomizationFile(file) || (within !== null && dir !== within)) continue;
    const lines = files.get(file)?.toString('utf8').split('\n') ?? [];
    for (const [i, line] of lines.entries()) {
      if (/^\s*#/.test(line)) continue;
      // A generator's `files` entry may give its key first: `key=path`.
      const word = line
        .split(WORDS)
        .find((w) => w !== '' && insideRepository(dir, w.slice(w.indexOf('=') + 1)) === path);
      if (word) return { file, line: i + 1, word };
    }
  }
  return null;
}

/** The values secretGenerators read in these files (literals, env lines, whole files), longest first. */
export function secretValues(files: ReadonlyMap<string, Buffer>): string[] {
  const values = new Set<string>();
  const afterEquals = (line: string) => line.slice(line.indexOf('=') + 1).trim();
  for (const [path, bytes] of files) {
    if (!isKustomizationFile(path)) continue;
    let body: unknown;
    try {
      body = parse(bytes.toString('utf8'));
    } catch {
      continue;
    }
    const generators = isRecord(body) && Array.isArray(body.secretGenerator) ? body.secretGenerator : [];
    for (const generator of generators.filter(isRecord)) {
      const list = (v: unknown) =>
        (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
      for (const literal of list(generator.literals)) values.add(afterEquals(literal));
      const inputs = [
        ...list(generator.envs),
        ...list(generator.env),
        ...list(generator.files).map(afterEquals),
      ];
      for (const input of inputs) {
        const text = files.get(posix.join(posix.dirname(path), input))?.toString('utf8') ?? '';
        for (const line of text.split(/\r?\n/)) {
          values.add(line.trim());
          if (line.includes('=')) values.add(afterEquals(line));
        }
      }
    }
  }
  return [...values].filter((v) => v.length >= 2).sort((a, b) => b.length - a.length);
}
