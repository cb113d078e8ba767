import stringify from 'fast-json-stable-stringify';
import { compareText } from '../../model/text.js';
import { availableParallelism } from 'node:os';
import { posix } from 'node:path';
import {
  ConfigIndex,
  idKey,
  namespaceMatch,
  objectName,
  refersTo,
  sameObject,
} from '../../model/identity.js';
import type { ConfigChange, Diagnostic, ManifestObject, NotCheckedReason, Side } from '../../model/types.js';
import type { Unjudged } from '../../model/not-checked.js';
import { RemoteAccess } from '../../stages/2-sources/remote/access.js';
import { findHelm } from '../../stages/2-sources/helm/render.js';
import { CHART_FILE } from '../../stages/2-sources/helm/chart.js';
import { CONTROLLER_KINDS, ControllerIndex } from '../../stages/2-sources/controllers.js';
import { declaringFiles } from '../../stages/2-sources/declaring.js';
import { Links, type LinkEnd } from '../../stages/2-sources/links.js';
import type { Repository, Revision } from '../../stages/1-git/repository.js';
import { bySettling, pool, type RenderResult, type RenderRoot } from '../../stages/2-sources/tools.js';
import {
  documentsAt,
  documentsOfKinds,
  keepDocuments,
  mayDefineKind,
  mayHoldKind,
  renderDocuments,
  withoutDefinitions,
} from '../../stages/3-documents/lines.js';
import { parseKinds, parseManifests } from '../../stages/3-documents/parse.js';
import { isConfig, secretTexts } from '../../stages/4-objects/configs.js';
import { byName } from '../../stages/5-references/by-name.js';
import { WATCHER_WORD } from '../../stages/5-references/extract.js';
import { dashboardProviderConfigs, mayBeWatched } from '../../stages/7-impacts/reloaders.js';
import { madeSecrets, SECRET_MAKERS } from '../../stages/4-objects/made-secrets.js';
import { inertType } from '../../stages/4-objects/inert.js';
import { asWorkload, type PodTemplatePaths } from '../../stages/4-objects/workloads.js';
import { consumerOf, type Consumer } from '../../stages/5-references/consumers.js';
import { diffConfigs } from '../../stages/6-changes/diff.js';
import { pairObjects } from '../../stages/6-changes/pairing.js';
import { annotationOf, staleWorkloads } from '../../stages/8-stamps/template-hashes.js';
import { judgeSource } from '../judge-source.js';
import { NOT_IN_CLONE } from '../load.js';
import type { Settings } from '../options.js';
import { helmRenderer, RELEASE_KINDS } from './helm.js';
import { kustomizeRenderer } from './kustomize.js';
import type { Builds, Discovered, Rendered, Renderer, Snapshot } from './renderer.js';
import { parsedOnce } from './renderer.js';
import { noCompanions, noRendered, type Companions, type RenderedPart, type RenderedRoot } from './result.js';

// Both renderers are typed by their own roots and tools; the driver only passes them through.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRenderer = Renderer<any, any>;

const renderers = async (settings: Settings, repo: Repository): Promise<AnyRenderer[]> => {
  const top = await repo.top();
  return [kustomizeRenderer(settings, top), helmRenderer(settings, top)];
};

/**
 * The rendered mode of a check: find the kustomize and Helm roots at both revisions, build only
 * those whose closure (or declaring file) holds a changed file, and diff what each deploys. Objects
 * are matched within a root, so two overlays of one base, or two releases of one chart, are two
 * deployments, each with its own namespace and names. A check reads of each build what the change
 * needs; `whole` reads them whole, as `fix` needs (see `BuildPair`).
 */
export async function checkRendered(
  repo: Repository,
  base: string,
  head: Revision,
  changedPaths: readonly string[],
  settings: Settings,
  whole = false,
): Promise<RenderedPart> {
  if (settings.render === 'off') return noRendered();
  const all = await renderers(settings, repo);
  const changed = new Set(changedPaths);
  const parsed = new Map<string, ManifestObject[]>();
  const [atBase, atHead] = [
    snapshot(repo, base, settings, all, changed, parsed),
    snapshot(repo, head, settings, all, changed, parsed),
  ];
  const [baseFound, headFound, trusted, quiet] = await settings.progress.stage('roots', async () => {
    const [atB, atH] = await Promise.all([discover(all, atBase), discover(all, atHead)]);
    const [trusted, files, declarations] = await Promise.all([
      trustedSide(all, atB, atH, changed, atBase),
      writingNoConfig(all, [atB, atH], changed, atBase, atHead),
      declaredAlike([atB, atH], changed, atBase, atHead, parsed),
    ]);
    return [atB, atH, trusted, { files, declarations }] as const;
  });
  const access = remoteAccess(all, trusted, settings, repo);
  const beside = besideReleases(all, atBase, atHead, changed, access);
  const affected = (i: number) => (root: RenderRoot) => mayChangeConfigs(all[i], root, changed, quiet);
  const touchedFiles = new Set(
    [...baseFound, ...headFound]
      .flatMap((d, i) => [...d.roots, ...d.setAside].filter(affected(i % all.length)))
      .flatMap((root) => [...root.closure]),
  );
  const builds = new BuildCache();
  // A touched root new at head has no build at base to tell what its readers saw there.
  const affectedAtBoth = headFound.map((d, i) => {
    const atBase = new Set([...baseFound[i].roots, ...baseFound[i].setAside].map((root) => root.id));
    return [...d.roots, ...d.setAside].filter((root) => affected(i)(root) && atBase.has(root.id));
  });
  const elsewhere = readersElsewhere(
    all,
    atBase,
    atHead,
    headFound.map(readsOf),
    changed,
    access,
    affectedAtBoth,
    builds,
  );
  const parts = await settings.progress.stage('render', () =>
    Promise.all(
      all.map((r, i) => {
        // A root at either revision is a root at both: one set aside at the other stays in the comparison.
        const keep = (side: Discovered<RenderRoot>, other: Discovered<RenderRoot>) => {
          const ids = new Set(other.roots.map((root) => root.id));
          return [...side.roots, ...side.setAside.filter((root) => ids.has(root.id))];
        };
        return checkWith(
          r,
          keep(baseFound[i], headFound[i]),
          keep(headFound[i], baseFound[i]),
          atBase,
          atHead,
          changed,
          settings,
          access,
          whole,
          r.name === 'kustomize' ? beside : null,
          elsewhere,
          touchedFiles,
          affected(i),
          builds,
        );
      }),
    ),
  );
  settings.progress.count('cacheHits', access.tally.cacheHits);
  settings.progress.count('fetched', access.tally.fetched);
  const part = noRendered();
  part.controllers = atHead.controllers;
  part.readersOf = async (changes) => {
    const names = [...new Set(changes.map((c) => c.name))];
    // The name as a value in the release's spec, not merely in its file.
    const declarations = (await atHead.controllers())
      .spelling(names)
      .filter(
        (o) => RELEASE_KINDS.includes(o.kind) && names.some((n) => JSON.stringify(o.body).includes(`"${n}"`)),
      );
    const naming = declarations.length ? await beside(changes, declarations, 'names') : noCompanions();
    // A plain config is no root's: every root's files may name it, a touched one's too.
    const around = {
      madeFrom: new Set(changes.map((c) => c.file)),
      known: new Set(naming.rendered),
      touched: new Set<string>(),
    };
    return joinCompanions(naming, await elsewhere(changes, around));
  };
  const found = [...baseFound, ...headFound];
  if (found.some((d) => d.roots.length + d.setAside.length > 0 || d.reads)) {
    const reads = found.map(readsOf);
    part.readByRoot = (path) => reads.some((read) => read(path));
  }
  for (const p of parts) {
    part.changes.push(...p.changes);
    part.impacts.push(...p.impacts);
    part.unaffected.push(...p.unaffected);
    part.diagnostics.push(...p.diagnostics);
    // A root that may read configs of both renderers' roots is said once.
    part.notChecked.push(
      ...p.notChecked.filter(
        (n) =>
          !part.notChecked.some(
            (o) => o.kind === n.kind && o.name === n.name && o.reason === n.reason && o.side === n.side,
          ),
      ),
    );
    part.rendered.push(...p.rendered.filter((id) => !part.rendered.includes(id)));
    part.heads.push(...p.heads);
    part.secretTexts.push(...p.secretTexts);
  }
  return part;
}

/** Every file a root reads at one revision (adoption leaves them to `fix --base`). */
export async function closureFiles(
  repo: Repository,
  rev: Revision,
  settings: Settings,
): Promise<Set<string>> {
  if (settings.render === 'off') return new Set();
  const all = await renderers(settings, repo);
  const found = await discover(all, snapshot(repo, rev, settings, all, null));
  return new Set(found.flatMap((d) => [...d.roots, ...d.setAside]).flatMap((r) => [...r.closure]));
}

/**
 * The files the kustomization in each of `dirs` reads at one revision, by its directory: what a Flux
 * Kustomization whose `path` is that directory applies. A directory without one (or with a
 * Component) is absent; all are when nothing renders.
 */
export async function kustomizeClosures(
  repo: Repository,
  rev: Revision,
  settings: Settings,
  dirs: readonly string[],
): Promise<Map<string, ReadonlySet<string>>> {
  if (settings.render === 'off') return new Map();
  // Only kustomize's: a chart directory among them is no kustomization.
  const all = (await renderers(settings, repo)).filter((r) => r.name === 'kustomize');
  // Those directories as the only roots: a closure is the same whatever declares its root, so no
  // Argo CD or Flux object is read (every one of home-ops' parsed for one moved variable).
  const only = { ...settings, roots: dirs };
  const [kustomize] = await discover(all, snapshot(repo, rev, only, all, null));
  return new Map([...kustomize.roots, ...kustomize.setAside].map((r) => [r.dir, r.closure]));
}

/** Whether some root or set-aside root of `found` reads a path. */
function readsOf(found: Discovered<RenderRoot>): (path: string) => boolean {
  if (found.reads) return found.reads;
  const files = new Set([...found.roots, ...found.setAside].flatMap((r) => [...r.closure]));
  return (path) => files.has(path);
}

/**
 * The base's roots, whose sources are trusted at head. A discovery that stopped where the change
 * stops may not have met the base root naming a source a touched head root fetches: then the
 * base is discovered whole, so that the trust is what it would be with every root found.
 */
async function trustedSide(
  all: readonly AnyRenderer[],
  baseFound: Discovered<RenderRoot>[],
  headFound: Discovered<RenderRoot>[],
  changed: ReadonlySet<string>,
  atBase: Snapshot,
): Promise<Discovered<RenderRoot>[]> {
  if (!baseFound.some((d) => d.reads)) return baseFound;
  const sources = (found: Discovered<RenderRoot>[], touchedOnly: boolean) =>
    found.flatMap((d, i) =>
      [...d.roots, ...d.setAside]
        .filter((root) => !touchedOnly || touches(root, changed))
        .flatMap((root) => all[i].sources(root)),
    );
  const trusted = new Set(sources(baseFound, false));
  if (sources(headFound, true).every((s) => trusted.has(s))) return baseFound;
  return discover(all, { ...atBase, changed: null });
}

/** Whether the change touches a root: a file its build reads, or the file that declares it. */
const touches = (root: RenderRoot, changed: ReadonlySet<string>) =>
  [...root.closure].some((f) => changed.has(f)) || changed.has(root.declaredBy?.file ?? '');

/** What of a change cannot change a config: see `mayChangeConfigs`. */
interface Quiet {
  files: ReadonlySet<string>;
  /** Whether a root's declaring object is written alike at both revisions. */
  declarations: (root: RenderRoot) => boolean;
}

/**
 * Whether the change may change a config a root deploys, and so the root is built: it touches the
 * root other than through files the build deploys as written that write no config (`quiet.files`),
 * or through a file that declares it whose edit is of another object (`quiet.declarations`). The
 * image bump of a Deployment file that kube-prometheus's root kustomization lists took two builds
 * of 10 MB of manifests (7.7 s) to find no config changed.
 */
const mayChangeConfigs = (
  renderer: AnyRenderer,
  root: RenderRoot,
  changed: ReadonlySet<string>,
  quiet: Quiet,
) => {
  const declaring = root.declaredBy?.file;
  const restated = declaring !== undefined && changed.has(declaring) && quiet.declarations(root);
  if (declaring !== undefined && changed.has(declaring) && !restated) return true;
  return [...root.closure].some(
    (f) =>
      changed.has(f) &&
      !(restated && f === declaring) &&
      !(quiet.files.has(f) && renderer.verbatim(root).has(f)),
  );
};

/** The Argo CD and Flux objects of a file, parsed once per text into `cache`. */
const controllerObjects = (cache: Map<string, ManifestObject[]>) =>
  parsedOnce(cache, (file, text) => parseKinds(file, text, CONTROLLER_KINDS));

/**
 * Whether a root's declaring object, in a file the change edits, is written alike at both
 * revisions: Flux repositories list every app's Kustomization in one `apps.yaml`, and an edit of
 * one is no edit of the others. One the file holds twice (two namespaces) is taken as changed.
 * The files are those discovery parsed already (`parsed`).
 */
async function declaredAlike(
  found: readonly Discovered<RenderRoot>[][],
  changed: ReadonlySet<string>,
  atBase: Snapshot,
  atHead: Snapshot,
  parsed: Map<string, ManifestObject[]>,
): Promise<(root: RenderRoot) => boolean> {
  const files = [
    ...new Set(
      found
        .flat()
        .flatMap((d) => [...d.roots, ...d.setAside])
        .flatMap((root) =>
          root.declaredBy && changed.has(root.declaredBy.file) ? [root.declaredBy.file] : [],
        ),
    ),
  ];
  if (files.length === 0) return () => false;
  // As the index of each revision holds them (`snapshot`), so discovery's parse of each is reused.
  const [before, after] = await Promise.all(
    [atBase, atHead].map(async (at) =>
      (await at.repo.readMany(at.rev, files)).map((t) => t && documentsOfKinds(t, CONTROLLER_KINDS)),
    ),
  );
  const objectsIn = controllerObjects(parsed);
  const written = (side: 0 | 1, file: string, kind: string, name: string) => {
    const text = (side === 0 ? before : after)[files.indexOf(file)];
    const named = (text === null ? [] : objectsIn(file, text)).filter(
      (o) => o.kind === kind && o.name === name,
    );
    return named.length === 1 ? stringify(named[0].body) : null;
  };
  return (root) => {
    const by = root.declaredBy;
    if (!by || !files.includes(by.file)) return false;
    const was = written(0, by.file, by.kind, by.name);
    return was !== null && was === written(1, by.file, by.kind, by.name);
  };
}

/** What makes the configs a build deploys, besides a list, whose items may be anything. */
const CONFIG_MAKERS = ['ConfigMap', 'Secret', ...SECRET_MAKERS];

/**
 * The changed files some build deploys as written that write no config at either revision: each
 * reads whole as objects at both (a file missing at one, or one that does not read, is none of
 * them), and none is a ConfigMap, a Secret, what makes a Secret, or a list. Definitions are not
 * read: a CustomResourceDefinition is none of these.
 */
async function writingNoConfig(
  all: readonly AnyRenderer[],
  found: readonly Discovered<RenderRoot>[][],
  changed: ReadonlySet<string>,
  atBase: Snapshot,
  atHead: Snapshot,
): Promise<Set<string>> {
  const candidates = new Set(
    found.flatMap((side) =>
      side.flatMap((d, i) =>
        [...d.roots, ...d.setAside].flatMap((root) =>
          [...all[i].verbatim(root)].filter((f) => changed.has(f)),
        ),
      ),
    ),
  );
  if (candidates.size === 0) return candidates;
  const paths = [...candidates];
  const [before, after] = await Promise.all([atBase, atHead].map((at) => at.repo.readMany(at.rev, paths)));
  const writesNone = (path: string, text: string | null) => {
    if (text === null) return false;
    const { objects, diagnostics } = parseManifests(path, withoutDefinitions(text));
    return (
      diagnostics.length === 0 &&
      objects.every((o) => !CONFIG_MAKERS.includes(o.kind) && !o.kind.endsWith('List'))
    );
  };
  return new Set(paths.filter((path, k) => writesNone(path, before[k]) && writesNone(path, after[k])));
}

/**
 * Every renderer's roots at one revision. A root nobody declares that another root reads is part of
 * that one, not a deployment of its own: a chart a kustomization inflates through `helmCharts`.
 */
async function discover(all: readonly AnyRenderer[], at: Snapshot): Promise<Discovered<RenderRoot>[]> {
  const found: Discovered<RenderRoot>[] = await Promise.all(all.map((r) => discoverThroughLinks(r, at)));
  return found.map(({ roots, setAside, reads }, i) => {
    const others = new Set(
      found.flatMap((d, j) => (j === i ? [] : d.roots.flatMap((root) => [...root.closure]))),
    );
    const readByOther = (root: RenderRoot) => root.declaredBy === null && others.has(root.file);
    return {
      roots: roots.filter((r) => !readByOther(r)),
      setAside: [...setAside, ...roots.filter(readByOther)],
      ...(reads ? { reads } : {}),
    };
  });
}

/**
 * A renderer's roots at one revision, where a root that reads a symbolic link reads what the link
 * leads to: a change there touches the root, and a file the link reads is read by a build.
 */
async function discoverThroughLinks<R extends RenderRoot>(
  renderer: Renderer<R, unknown>,
  at: Snapshot,
): Promise<Discovered<R>> {
  const found = await renderer.discover(at);
  if (found.roots.length + found.setAside.length === 0 && !found.reads) return found;
  const links = await at.links();
  if (links.ends.size === 0) return found;
  for (const root of [...found.roots, ...found.setAside])
    for (const file of [...root.closure]) links.readBy(file, at.changed).forEach((p) => root.closure.add(p));
  const { reads } = found;
  return reads ? { ...found, reads: (p) => reads(p) || links.through(p).some(reads) } : found;
}

/** Read in every build whatever the change: values to redact, what makes Secrets, and where (see `BuildPair`). */
const READ_FIRST = ['Secret', 'Namespace', ...SECRET_MAKERS];
const SECRETS = ['Secret'];

function snapshot(
  repo: Repository,
  rev: Revision,
  settings: Settings,
  all: readonly AnyRenderer[],
  changed: ReadonlySet<string> | null,
  /** Controller files parsed at the other revision: most are the same text at both. */
  parsed = new Map<string, ManifestObject[]>(),
): Snapshot {
  let files: Promise<string[]> | null = null;
  let rootFiles: Promise<string[]> | null = null;
  let controllers: Promise<ControllerIndex> | null = null;
  let links: Promise<Links> | null = null;
  const listed = () => (files ??= repo.listFiles(rev));
  const linksOf = () => (links ??= Links.at(repo, rev));
  const named = async (names: readonly string[]) => {
    rootFiles ??= repo
      .findByName(
        rev,
        all.flatMap((r) => r.rootFiles),
      )
      .then((found) => found.filter(settings.selected));
    return (await rootFiles).filter((f) => names.includes(posix.basename(f)));
  };
  return {
    repo,
    rev,
    settings,
    changed,
    files: listed,
    links: linksOf,
    named,
    controllers: () =>
      (controllers ??= (async () => {
        const [found, charts] = await Promise.all([
          declaringFiles(repo, rev, settings.grepScope),
          named([CHART_FILE]),
        ]);
        const files = found.filter(settings.selected);
        const texts = await repo.readMany(rev, files);
        // A chart's template is rendered with it, not applied as written: one with template actions,
        // even where they parse as strings (alphagov's argo-bootstrap, `values-{{ .Values.env }}.yaml`),
        // declares nothing until the chart is rendered.
        const templates = charts.map((chart) => posix.join(posix.dirname(chart), 'templates/'));
        const templated = (file: string, text: string) =>
          text.includes('{{') && templates.some((dir) => file.startsWith(dir));
        // Of the others, only the documents that may define one are searched and parsed: a release
        // bundle (argo-cd's install.yaml, 2 MB) names argoproj.io in its CRDs, and each question of
        // the index searched all of it again.
        return new ControllerIndex(
          files.flatMap((file, i) =>
            texts[i] === null || templated(file, texts[i]!)
              ? []
              : [{ file, text: documentsOfKinds(texts[i]!, CONTROLLER_KINDS) }],
          ),
          controllerObjects(parsed),
          mayDefineKind,
        );
      })()),
  };
}

async function checkWith<R extends RenderRoot, Tool>(
  renderer: Renderer<R, Tool>,
  baseRoots: R[],
  headRoots: R[],
  atBase: Snapshot,
  atHead: Snapshot,
  changed: ReadonlySet<string>,
  settings: Settings,
  access: RemoteAccess,
  whole: boolean,
  beside: Beside | null,
  elsewhere: Elsewhere,
  touchedFiles: ReadonlySet<string>,
  affected: (root: R) => boolean,
  cache: BuildCache,
): Promise<RenderedPart> {
  const byId = (roots: R[]) => new Map(roots.map((r) => [r.id, r]));
  const [before, after] = [byId(baseRoots), byId(headRoots)];
  const part = noRendered();
  const touched = [...new Set([...before.keys(), ...after.keys()])]
    .filter((id) => [before.get(id), after.get(id)].some((root) => root && affected(root)))
    .sort(compareText)
    .filter((_, i) => !settings.shard || i % settings.shard.count === settings.shard.index - 1);
  if (touched.length === 0) return part;

  const notChecked = (root: R, reason: NotCheckedReason, side: Side, message: string) =>
    part.notChecked.push(rootNotChecked(root, reason, side, message));
  const tool = await renderer.tool();
  if (isToolError(tool)) {
    for (const id of touched) notChecked((after.get(id) ?? before.get(id))!, 'tool', 'both', tool.error);
    return part;
  }

  const [builtBase, builtHead] = await Promise.all(
    [
      { side: before, at: atBase },
      { side: after, at: atHead },
    ].map(({ side, at }) => {
      const roots = touched.flatMap((id) => side.get(id) ?? []);
      const batch = renderAt(renderer, tool, roots, at, access);
      cache.keep(renderer, at, roots, batch);
      return batch;
    }),
  );

  part.secretTexts.push(...builtBase.secrets(), ...builtHead.secrets());
  // Roots are compared as many at a time as there are cores, so that one's searches (a grep for
  // the names it changes) and second renders overlap another's. What each finds is added to `part`
  // afterwards, in root order, as one compared after another would add it: the report does not
  // depend on which finished first.
  const none: RenderResult = { ok: true, yaml: '' };
  const builds = touched.map((id) => {
    const [baseRoot, headRoot] = [before.get(id), after.get(id)];
    return Promise.all([
      baseRoot ? builtBase.results.get(baseRoot)! : none,
      headRoot ? builtHead.results.get(headRoot)! : none,
    ]);
  });
  const compareRoot = async (
    id: string,
    [baseBuild, headBuild]: [RenderResult, RenderResult],
  ): Promise<() => void> => {
    const baseRoot = before.get(id);
    const headRoot = after.get(id);
    const root = (headRoot ?? baseRoot)!;
    const failedAt = sideOf(!baseBuild.ok, !headBuild.ok);
    if (failedAt) {
      const failures = failedAtEach(
        baseBuild.ok ? null : baseBuild.message,
        headBuild.ok ? null : headBuild.message,
      );
      const reason = (!headBuild.ok ? headBuild : (baseBuild as { reason: NotCheckedReason })).reason;
      // Gone at head: what it deployed at base, and so what its removal takes away, is unknown.
      const removed = headRoot ? '' : ' This change removes it, so which configs it took away is not known.';
      return () => notChecked(root, reason, failedAt, `${cannot(renderer)} ${failures}.${removed}`);
    }
    const pair = new BuildPair(
      renderer,
      { base: baseRoot, head: headRoot },
      { base: baseBuild.ok ? baseBuild.yaml : '', head: headBuild.ok ? headBuild.yaml : '' },
      { base: builtBase.tree, head: builtHead.tree },
      whole,
      settings.podTemplatePaths,
    );
    const unreadable = unreadableRoot(pair, root);
    if (unreadable)
      return () => {
        part.diagnostics.push(...pair.notes);
        part.notChecked.push(unreadable);
      };
    const builds = {
      root,
      baseRoot,
      pair,
      changed,
      headTree: builtHead.tree,
      baseTree: builtBase.tree,
    };
    const commit = await compare(
      renderer,
      tool,
      builds,
      settings,
      part,
      access,
      beside,
      elsewhere,
      touchedFiles,
    );
    return () => {
      part.diagnostics.push(...pair.notes);
      commit();
    };
  };
  // A root is compared as soon as both its builds are read, while other roots still build.
  const ready = bySettling(builds);
  const found: (() => void)[] = new Array(touched.length);
  await pool(touched.length, availableParallelism(), async (k) => {
    const i = await ready[k];
    found[i] = await compareRoot(touched[i], await builds[i]);
  });
  for (const add of found) add();
  return part;
}

/**
 * Why a root's builds failed, at the revisions where they did. Two different failures that end
 * with the same sentence (how to vendor a chart's dependency) say it once, after both.
 */
function failedAtEach(base: string | null, head: string | null): string {
  if (base === null || head === null) return base === null ? `at head: ${head}` : `at base: ${base}`;
  if (base === head) return `at both revisions: ${head}`;
  let n = 0;
  while (n < base.length && n < head.length && base[base.length - 1 - n] === head[head.length - 1 - n]) n++;
  const common = base.slice(base.length - n);
  const end = common.indexOf('. ');
  if (end < 0) return `at base: ${base}; at head: ${head}`;
  const shared = common.slice(end + 2);
  const cut = (message: string) => message.slice(0, message.length - shared.length - 2);
  return `at base: ${cut(base)}; at head: ${cut(head)}. ${shared}`;
}

/**
 * Pairs, diffs and resolves one root's two builds; what it finds goes into `part` when the returned
 * function is called, after what every root before it found.
 */
async function compare<R extends RenderRoot, Tool>(
  renderer: Renderer<R, Tool>,
  tool: Tool,
  { pair, ...partial }: Omit<Builds<R>, 'baseOf' | 'base' | 'head'> & { pair: BuildPair<R> },
  settings: Settings,
  part: RenderedPart,
  access: RemoteAccess,
  beside: Beside | null,
  elsewhere: Elsewhere,
  touchedFiles: ReadonlySet<string>,
): Promise<() => void> {
  const { base, head } = pair;
  let judgedChanges: ConfigChange[] = [];
  /** The repository files the changed configs are made from (a generator's kustomization, a template). */
  let madeFrom = new Set<string>();
  let companions = noCompanions();
  const logicalName = (o: ManifestObject) =>
    renderer.logicalName(o, head.origins.get(o) ?? base.origins.get(o));
  const logicalKey = (o: ManifestObject) =>
    idKey({ kind: o.kind, namespace: o.namespace, name: logicalName(o) });
  const configs = () => new ConfigIndex(head.objects.filter(isConfig));
  const consumers = () =>
    head.objects.flatMap((o): Consumer[] => {
      const workload = asWorkload(o, settings.podTemplatePaths);
      return workload ? [consumerOf(workload)] : [];
    });
  // Every document that holds a Secret is read first.
  part.secretTexts.push(...secretTexts([...base.objects, ...head.objects]));
  const unstableNotes: Diagnostic[] = [];
  const result = await judgeSource(
    {
      groups: [{ base: base.objects, head: head.objects }],
      key: logicalKey,
      // Keys a second render does not reproduce are no change; the rest point at the edit. Then
      // what reads the changes: documents that name them, or name a Deployment (Argo Rollouts).
      judged: async (changes, pairing) => {
        const builds: Builds<R> = { ...partial, base, head, baseOf: pairing.baseOf };
        // Nothing changed, nothing to tell from noise: the second render is skipped.
        const unstable = changes.length
          ? await unstableKeys(renderer, tool, builds, logicalKey, settings, access)
          : { notes: [], without: (change: ConfigChange) => [change] };
        unstableNotes.push(...unstable.notes);
        const judged = changes.flatMap((change) => unstable.without(change));
        const changedObjects = [...base.objects, ...head.objects].filter((o) =>
          judged.some((c) => c.kind === o.kind && c.name === o.name && c.namespace === o.namespace),
        );
        // A sidecar that watches configs by label never names them: its pod spec is read by its word.
        const watched = changedObjects.some((o) => isConfig(o) && mayBeWatched(o));
        pair.readMentioning([
          ...changedObjects.map(logicalName),
          'workloadRef',
          ...(watched ? [WATCHER_WORD] : []),
        ]);
        judgedChanges = judged.map((change) => renderer.pointAtEdit(change, builds));
        madeFrom = new Set(
          changedObjects.flatMap((o) =>
            [head.origins.get(o)?.file ?? [], base.origins.get(o)?.file ?? []].flat(),
          ),
        );
        return judgedChanges;
      },
      // Annotated readers are verified against every config they read: those are read too, and
      // the dashboard providers of a Grafana, which say what it re-reads.
      consumers: async () => {
        const annotated = consumers().filter((w) =>
          w.templates.some((t) => annotationOf(t, settings.hash.annotation) !== null),
        );
        pair.readMentioning(annotated.flatMap((w) => w.templates.flatMap((t) => t.refs.map((r) => r.name))));
        pair.readMentioning(consumers().flatMap((w) => dashboardProviderConfigs(w).map(({ name }) => name)));
        if (beside && judgedChanges.length && pair.holds(RELEASE_KINDS)) {
          pair.readHolding(RELEASE_KINDS);
          const declarations = head.objects.flatMap((o) => {
            const file = head.origins.get(o)?.file;
            return RELEASE_KINDS.includes(o.kind) && file ? [{ ...o, file }] : [];
          });
          companions = await beside(judgedChanges, declarations, 'is deployed beside');
        }
        if (judgedChanges.length) {
          const known = new Set([partial.root.id, ...companions.rendered]);
          companions = joinCompanions(
            companions,
            await elsewhere(judgedChanges, { madeFrom, known, touched: touchedFiles }),
          );
        }
        return [...consumers(), ...companions.consumers];
      },
      definitions: configs,
      staleHash: (workloads, definitions, diagnostics) =>
        staleWorkloads(workloads, definitions, settings.hash, diagnostics),
      // A companion's previous templates may be null: it is new.
      previous: (object) =>
        companions.previous.has(object)
          ? companions.previous.get(object)
          : pair.alike.has(object)
            ? 'unchanged'
            : undefined,
      configs: () => [...head.objects, ...base.objects],
    },
    settings,
  );
  part.secretTexts.push(...companions.secrets);
  const { workloads } = result;
  // What a renderer says of a reader (a chart's checksum that misses a config) names every config it reads.
  pair.readMentioning(workloads.flatMap((w) => w.templates.flatMap((t) => t.refs.map((r) => r.name))));
  const unreadable = unreadableRoot(pair, partial.root);
  const builds: Builds<R> = { ...partial, base, head, baseOf: result.pairing.baseOf };
  const read = configs();
  // The renderer reviews its own root: a companion's chart cannot hash a config this root makes.
  const theirs = new Set(companions.consumers.map((c) => c.object));
  const own = workloads.filter((w) => !theirs.has(w.object));
  const reviewed = unreadable
    ? null
    : await renderer.review(
        builds,
        tool,
        { workloads: own, configs: read, impacts: result.impacts, changes: result.changes },
        settings.renderTimeoutMs,
        access,
      );
  return () => {
    // A release two builds deploy is rendered for each, and said once.
    part.notChecked.push(
      ...companions.notChecked.filter((n) => !part.notChecked.some((o) => o.name === n.name)),
    );
    part.rendered.push(...companions.rendered.filter((id) => !part.rendered.includes(id)));
    if (!reviewed) {
      part.notChecked.push(unreadable!);
      return;
    }
    part.rendered.push(partial.root.id);
    part.heads.push({
      renderer: renderer.name,
      root: builds.root,
      consumers: workloads,
      configs: read,
      origins: head.origins,
      tree: builds.headTree,
      objects: head.objects,
    });
    part.changes.push(...result.changes);
    part.impacts.push(...reviewed.impacts);
    part.unaffected.push(...result.unaffected);
    part.diagnostics.push(...pair.inert, ...unstableNotes, ...result.diagnostics, ...reviewed.diagnostics);
    part.notChecked.push(...reviewed.notChecked);
  };
}

/**
 * A root's two builds, read as far as a check needs them, which is rarely whole: first every
 * document the two print differently (each config change is among them) and every one that holds
 * a Secret, a Namespace or what makes a Secret (values to redact; what an ExternalSecret makes,
 * and where); then, as `HeadView` reads plain files, only documents that mention a name asked
 * about: the readers of a changed config. A 500-object build whose change is one ConfigMap parses
 * a handful of documents. `fix` reads them whole: a stamp is verified against the whole render.
 */
class BuildPair<R extends RenderRoot> {
  readonly base: Rendered = { objects: [], origins: new Map() };
  readonly head: Rendered = { objects: [], origins: new Map() };
  /** Objects read after the first documents: each of those both builds print alike. */
  readonly alike = new Set<ManifestObject>();
  /** Documents read that could not be: that side is unknown, so the root is not checked. */
  readonly unreadable = { base: [] as Diagnostic[], head: [] as Diagnostic[] };
  /** Notes on what the head build makes (an ExternalSecret's selector that picks nothing). */
  readonly notes: Diagnostic[] = [];
  /** Documents of the head build that could not be read but hide nothing: said where the root is judged. */
  readonly inert: Diagnostic[] = [];
  private readonly read = new Set<string>();
  /** Each build split into its documents once. */
  private readonly documents: { base: string[]; head: string[] };

  constructor(
    private readonly renderer: Renderer<R, unknown>,
    private readonly roots: { base: R | undefined; head: R | undefined },
    yaml: { base: string; head: string },
    private readonly trees: { base: ReadonlyMap<string, Buffer>; head: ReadonlyMap<string, Buffer> },
    whole: boolean,
    private readonly custom: PodTemplatePaths,
  ) {
    this.documents = { base: renderDocuments(yaml.base), head: renderDocuments(yaml.head) };
    const printed = { base: new Set(this.documents.base), head: new Set(this.documents.head) };
    this.readWhere(
      (d) => whole || !printed.base.has(d) || !printed.head.has(d) || mayHoldKind(d, READ_FIRST),
      false,
    );
  }

  /** Whether the head build holds an object of one of `kinds`, by its documents' lines. */
  holds(kinds: readonly string[]): boolean {
    return this.documents.head.some((d) => mayHoldKind(d, kinds));
  }

  /** Reads, once, every document of either build that may hold an object of one of `kinds`. */
  readHolding(kinds: readonly string[]): void {
    this.readWhere((d) => mayHoldKind(d, kinds), true);
  }

  /** Reads, once, every document of either build that contains any of `names`. */
  readMentioning(names: Iterable<string>): void {
    const unique = [...new Set(names)].filter((n) => n !== '');
    if (unique.length) this.readWhere((d) => unique.some((n) => d.includes(n)), true);
  }

  private readWhere(keep: (document: string) => boolean, alike: boolean): void {
    const picked = (d: string) => !this.read.has(d) && keep(d);
    const texts = {
      base: keepDocuments(this.documents.base, picked),
      head: keepDocuments(this.documents.head, picked),
    };
    for (const side of ['base', 'head'] as const) {
      const root = this.roots[side];
      if (!root) continue;
      const { rendered, unreadable, inert } = readBuild(
        this.renderer,
        texts[side],
        root,
        this.trees[side],
        this.custom,
      );
      this.unreadable[side].push(...unreadable);
      // What the base holds is already merged.
      if (side === 'head') this.inert.push(...inert);
      // Every document that makes a Secret is in the first reading, so are the Secrets made.
      const objects = alike
        ? rendered.objects
        : withMadeSecrets(rendered, side === 'head' ? this.notes : []).objects;
      this[side].objects.push(...objects);
      rendered.origins.forEach((origin, object) => this[side].origins.set(object, origin));
      if (alike) objects.forEach((o) => this.alike.add(o));
    }
    for (const side of ['base', 'head'] as const)
      this.documents[side].filter(picked).forEach((d) => this.read.add(d));
  }
}

/** A root whose builds hold a document this check cannot read: not checked, never "deleted". */
function unreadableRoot(pair: BuildPair<RenderRoot>, root: RenderRoot): Unjudged | null {
  const { base, head } = pair.unreadable;
  const at = sideOf(base.length > 0, head.length > 0);
  if (!at) return null;
  // The first in the render, whichever reading met it first.
  const first = [...(head.length ? head : base)].sort((a, b) => a.line - b.line)[0];
  return rootNotChecked(
    root,
    'unreadable',
    at,
    `its render ${at === 'both' ? 'at both revisions' : `at ${at}`} holds a document this check cannot read: ${first.message}`,
  );
}

/**
 * Keys a render does not reproduce: a chart that makes a certificate with `genCA` or a password with
 * `randAlphaNum` gives new values on every render, so a difference there says nothing about the
 * change. The head is rendered once more; keys that differ between its two renders are left out of
 * the change, and said.
 */
async function unstableKeys<R extends RenderRoot, Tool>(
  renderer: Renderer<R, Tool>,
  tool: Tool,
  builds: Builds<R>,
  logicalKey: (o: ManifestObject) => string,
  settings: Settings,
  access: RemoteAccess,
): Promise<{ notes: Diagnostic[]; without: (change: ConfigChange) => ConfigChange[] }> {
  const none = { notes: [], without: (change: ConfigChange) => [change] };
  const fn = renderer.varies(builds.root, builds.headTree);
  if (fn === null) return none;
  settings.progress.count('builds');
  const again = (
    await renderer.render(tool, [builds.root], builds.headTree, settings.renderTimeoutMs, access, () => {})
  ).get(builds.root);
  if (!again?.ok) return none;
  // Against the objects of the head build read so far: those the change is judged on.
  const read = new Set(builds.head.objects.map(logicalKey));
  const second = renderer.read(again.yaml, builds.root, builds.headTree, []);
  const drift = diffConfigs(
    pairObjects(
      [{ base: builds.head.objects, head: second.objects.filter((o) => read.has(logicalKey(o))) }],
      logicalKey,
    ),
    [],
  );
  const unstable = new Map(
    drift.map((c) => [idKey(c), new Set([...c.keys.added, ...c.keys.removed, ...c.keys.modified])] as const),
  );
  const notes = drift.map((c): Diagnostic => {
    const keys = [...unstable.get(idKey(c))!];
    const one = keys.length === 1;
    return {
      file: c.file,
      line: c.line,
      severity: 'notice',
      message:
        `${c.kind} ${objectName(c)} (${builds.root.id}): ${keys.join(', ')} ${one ? 'differs' : 'differ'} between two renders of the same revision ` +
        `(the chart uses ${fn}), so ${one ? 'its' : 'their'} changes are not judged. To keep ${one ? 'it' : 'them'} stable, reuse the existing object with lookup, ` +
        'or let an operator such as cert-manager issue it.',
    };
  });
  return {
    notes,
    without: (change) => {
      const keys = unstable.get(idKey(change));
      if (!keys) return [change];
      const keep = (list: string[]) => list.filter((k) => !keys.has(k));
      const rest = {
        added: keep(change.keys.added),
        removed: keep(change.keys.removed),
        modified: keep(change.keys.modified),
      };
      return rest.added.length + rest.removed.length + rest.modified.length
        ? [{ ...change, keys: rest }]
        : [];
    },
  };
}

/** What the rendered roots of one revision deploy, for `scan`. */
export interface RenderedScan {
  closureFiles: Set<string>;
  heads: RenderedRoot[];
  secretTexts: string[];
  diagnostics: Diagnostic[];
  notChecked: Unjudged[];
}

/**
 * Every root at one revision, rendered: the workloads and configs each deploys, and what each
 * renderer finds wrong in it (a chart's checksums, a custom kind kustomize does not rename).
 */
export async function scanRendered(
  repo: Repository,
  rev: Revision,
  settings: Settings,
): Promise<RenderedScan> {
  const result: RenderedScan = {
    closureFiles: new Set(),
    heads: [],
    secretTexts: [],
    diagnostics: [],
    notChecked: [],
  };
  if (settings.render === 'off') return result;
  const all = await renderers(settings, repo);
  const at = snapshot(repo, rev, settings, all, null);
  const found = await discover(all, at);
  // One revision, the user's own: every source it names is trusted.
  const access = remoteAccess(all, found, settings, repo);
  await Promise.all(
    all.map(async (renderer, i) => {
      const roots = found[i].roots;
      [...roots, ...found[i].setAside].forEach((r) => r.closure.forEach((f) => result.closureFiles.add(f)));
      if (roots.length === 0) return;
      const notChecked = (root: RenderRoot, reason: NotCheckedReason, message: string) =>
        result.notChecked.push(rootNotChecked(root, reason, 'head', message));
      const tool = await renderer.tool();
      if (isToolError(tool)) {
        roots.forEach((root) => notChecked(root, 'tool', tool.error));
        return;
      }
      const { results, tree, secrets } = await renderAt(renderer, tool, roots, at, access);
      result.secretTexts.push(...secrets());
      for (const root of roots) {
        const build = await results.get(root)!;
        if (!build.ok) {
          notChecked(root, build.reason, `${cannot(renderer)}: ${build.message}.`);
          continue;
        }
        const read = readBuild(renderer, build.yaml, root, tree, settings.podTemplatePaths);
        const rendered = withMadeSecrets(read.rendered, result.diagnostics);
        if (read.unreadable.length) {
          notChecked(root, 'unreadable', unreadableRender(read.unreadable[0]));
          continue;
        }
        result.diagnostics.push(...read.inert);
        result.secretTexts.push(...secretTexts(rendered.objects));
        const consumers = rendered.objects.flatMap((o): Consumer[] => {
          const workload = asWorkload(o, settings.podTemplatePaths);
          return workload ? [consumerOf(workload)] : [];
        });
        const configs = new ConfigIndex(rendered.objects.filter(isConfig));
        // One revision: base and head are the same render, so only the renderer's structural findings remain.
        const same = {
          root,
          baseRoot: root,
          base: rendered,
          head: rendered,
          baseOf: new Map(),
          changed: new Set<string>(),
          headTree: tree,
          baseTree: tree,
        };
        const reviewed = await renderer.review(
          same,
          tool,
          { workloads: consumers, configs, impacts: [], changes: null },
          settings.renderTimeoutMs,
          access,
        );
        result.diagnostics.push(...reviewed.diagnostics);
        result.heads.push({
          renderer: renderer.name,
          root,
          consumers,
          configs,
          origins: rendered.origins,
          tree,
          objects: rendered.objects,
        });
      }
    }),
  );
  return result;
}

/** A render's objects, and the Secrets its ExternalSecrets make, each with the ExternalSecret's source. */
function withMadeSecrets(rendered: Rendered, diagnostics: Diagnostic[]): Rendered {
  const namespaces = rendered.objects.filter((o) => o.kind === 'Namespace' && o.apiVersion === 'v1');
  const made = madeSecrets(rendered.objects, namespaces, diagnostics).map((secret) => ({
    ...secret,
    source: rendered.objects.find((o) => o.file === secret.file && o.line === secret.line)?.source,
  }));
  return { objects: [...rendered.objects, ...made], origins: rendered.origins };
}

/**
 * Remote fetching for one check: the sources the trusted revision's roots name are trusted at head
 * too; helm, which fetches, is found once and only if something is fetched.
 */
function remoteAccess(
  all: readonly AnyRenderer[],
  trustedSide: readonly Discovered<RenderRoot>[],
  settings: Settings,
  repo: Repository,
): RemoteAccess {
  const trusted = new Set(
    trustedSide.flatMap((d, i) => [...d.roots, ...d.setAside].flatMap((root) => all[i].sources(root))),
  );
  let helm: ReturnType<typeof findHelm> | null = null;
  return new RemoteAccess(
    settings.remote,
    trusted,
    () => (helm ??= repo.top().then((top) => findHelm(settings.helm, top, settings.kustomize))),
    settings.renderTimeoutMs,
  );
}

/** `answer` asked once for each set of strings, whatever their order. */
function oncePerSet<T>(answer: (strings: readonly string[]) => T): (strings: Iterable<string>) => T {
  const answers = new Map<string, T>();
  return (strings) => {
    const sorted = [...new Set(strings)].sort(compareText);
    const key = sorted.join('\0');
    if (!answers.has(key)) answers.set(key, answer(sorted));
    return answers.get(key)!;
  };
}

/**
 * A build's objects, and its documents that could not be read: each leaves its side of the root
 * unknown, unless its lines show an inert type (`inertType`: wikimedia's mediawiki chart renders a
 * Service with `labels:` twice), which hides nothing the check asks about and is only said.
 */
function readBuild<R extends RenderRoot>(
  renderer: Renderer<R, unknown>,
  yaml: string,
  root: R,
  tree: ReadonlyMap<string, Buffer>,
  custom: PodTemplatePaths,
): { rendered: Rendered; unreadable: Diagnostic[]; inert: Diagnostic[] } {
  const skipped: Diagnostic[] = [];
  const rendered = renderer.read(yaml, root, tree, skipped);
  const unreadable: Diagnostic[] = [];
  const inert: Diagnostic[] = [];
  if (skipped.length === 0) return { rendered, unreadable, inert };
  // A diagnostic's line is one of the render's: it falls in the last document starting before it.
  const documents = documentsAt(yaml);
  for (const d of skipped) {
    const type = inertType(documents.filter((doc) => doc.line <= d.line).pop()?.text ?? '', custom);
    if (type)
      // Said at the top of the file: the line is the render's, which the message gives.
      inert.push({
        ...d,
        line: 1,
        severity: 'warning',
        message: `${d.message} It is a ${type.kind}, which holds no config and runs no pods: the rest of the render is checked.`,
      });
    else unreadable.push(d);
  }
  return { rendered, unreadable, inert };
}

/** Why a root whose render holds a document that cannot be read is not checked: the first such document. */
const unreadableRender = (first: Diagnostic) =>
  `its render holds a document this check cannot read: ${first.message}`;

function rootNotChecked(root: RenderRoot, reason: NotCheckedReason, side: Side, message: string): Unjudged {
  return { kind: 'root', name: root.id, file: root.file, line: 1, reason, side, message };
}

const sideOf = (base: boolean, head: boolean): Side | null =>
  base && head ? 'both' : base ? 'base' : head ? 'head' : null;

const isToolError = (tool: unknown): tool is { error: string } =>
  tool !== null && typeof tool === 'object' && 'error' in tool;

/** The root's name stands beside the message in every output; the message says what failed, so equal ones group. */
const cannot = (renderer: AnyRenderer) =>
  renderer.name === 'helm' ? 'helm cannot render it' : 'kustomize cannot build it';

/**
 * The companions of some changes, from the release declarations beside them (each with its
 * repository file); `relation` says how a release stands to the changes, in a message.
 */
type Beside = (
  changes: readonly ConfigChange[],
  declarations: readonly ManifestObject[],
  relation: 'is deployed beside' | 'names',
) => Promise<Companions>;

/**
 * Releases a kustomize build deploys beside the configs it changes: a Flux HelmRelease (or an Argo
 * CD Application) in the same build, as home-ops repositories lay out an app (a `configMapGenerator`
 * and a `helmrelease.yaml` side by side). Its controller renders it into the namespace the build
 * gives it, where its workloads may mount the config by a name the chart computes
 * (`{{ .Release.Name }}-configmap`), which no file spells: only rendering the release finds them.
 * Each is rendered at head (and at base when this change touches it, for its templates there) and
 * its workloads are judged with the build's own. One that cannot be rendered is not checked. The
 * plain files' judge asks the same of the releases that name a changed plain config (`readersOf`).
 */
function besideReleases(
  all: readonly AnyRenderer[],
  atBase: Snapshot,
  atHead: Snapshot,
  changed: ReadonlySet<string>,
  access: RemoteAccess,
): Beside {
  const helm = all.find((r) => r.name === 'helm')!;
  const { settings } = atHead;
  return async (changes, declarations, relation) => {
    // Only the files that declare them are asked about: a discovery over the whole closure reads every release.
    const files = new Set(declarations.map((d) => d.file));
    const at = (snapshot: Snapshot) => discoverThroughLinks(helm, { ...snapshot, changed: files });
    const candidates = (await at(atHead)).roots.flatMap(
      (release: RenderRoot & { namespace: string | null }) => {
        const by = release.declaredBy;
        const declared =
          by && declarations.find((d) => d.file === by.file && d.kind === by.kind && d.name === by.name);
        if (!declared) return [];
        // Flux installs into the namespace the build gives the HelmRelease, unless it names a target.
        const namespace = release.namespace ?? declared.namespace;
        return changes.some((c) => namespaceMatch(namespace, c.namespace)) ? [{ ...release, namespace }] : [];
      },
    );
    if (candidates.length === 0) return noCompanions();
    const result = noCompanions();
    const readers = changes.map((c) => `${c.kind} ${objectName(c)}`).join(', ');
    const unchecked = (release: RenderRoot, reason: NotCheckedReason, side: Side, message: string) =>
      result.notChecked.push(
        rootNotChecked(
          release,
          reason,
          side,
          `${message.replace(/\.$/, '')}. It ${relation} ${readers}, which it may read.`,
        ),
      );
    const tool = await helm.tool();
    if (isToolError(tool)) {
      for (const release of candidates) unchecked(release, 'tool', 'head', `${cannot(helm)}: ${tool.error}`);
      return result;
    }
    const touchedIds = new Set(candidates.filter((c) => touches(c, changed)).map((c) => c.id));
    // The base is asked only for what it can answer here: a touched release's templates, an untrusted source.
    const needBase = candidates.some(
      (c) =>
        touchedIds.has(c.id) || helm.sources(c).some((source: string) => access.refusal(source) !== null),
    );
    const atBaseFound = needBase
      ? (await at(atBase)).roots.filter((r: RenderRoot) => candidates.some((c) => c.id === r.id))
      : [];
    // What the base deploys beside the config is trusted as every base root is: its sources are fetched.
    access.trustAtBase(atBaseFound.flatMap((r: RenderRoot) => helm.sources(r)));
    const baseRoots = atBaseFound
      .filter((r: RenderRoot) => touchedIds.has(r.id))
      .map((r: RenderRoot) => ({ ...r, namespace: candidates.find((c) => c.id === r.id)!.namespace }));
    const [atH, atB] = await Promise.all([
      renderAt(helm, tool, candidates, atHead, access),
      baseRoots.length ? renderAt(helm, tool, baseRoots, atBase, access) : null,
    ]);
    result.secrets.push(...atH.secrets(), ...(atB?.secrets() ?? []));
    const workloads = (yaml: string, release: RenderRoot, tree: ReadonlyMap<string, Buffer>) =>
      helm.read(yaml, release, tree, []).objects.flatMap((o: ManifestObject) => {
        const workload = asWorkload(o, settings.podTemplatePaths);
        return workload ? [consumerOf(workload)] : [];
      });
    for (const release of candidates) {
      const touched = touchedIds.has(release.id);
      const built = await atH.results.get(release)!;
      const baseRoot = baseRoots.find((r: RenderRoot) => r.id === release.id);
      const before = baseRoot ? await atB!.results.get(baseRoot)! : null;
      if (!built.ok || (before && !before.ok)) {
        // One this change touches is rendered, and said not checked, in its own right.
        if (touched) continue;
        const failed = (!built.ok ? built : before) as { reason: NotCheckedReason; message: string };
        const side = built.ok ? 'base' : 'head';
        unchecked(release, failed.reason, side, `${cannot(helm)} at ${side}: ${failed.message}`);
        continue;
      }
      result.rendered.push(release.id);
      // Untouched, its templates are the same at base; touched, they are its base render's (none: new).
      const previous = before?.ok ? workloads(before.yaml, baseRoot!, atB!.tree) : [];
      for (const consumer of workloads(built.yaml, release, atH.tree)) {
        result.consumers.push(consumer);
        const was = previous.find((p: Consumer) => sameObject(p.object, consumer.object));
        result.previous.set(consumer.object, touched ? (was ?? null) : 'unchanged');
      }
    }
    return result;
  };
}

/** The readers of some changes in roots rendered for them alone. */
type Elsewhere = (
  changes: readonly ConfigChange[],
  around: {
    /** The files the changed configs are made from (a generator's kustomization, a template, a plain file). */
    madeFrom: ReadonlySet<string>;
    /** The roots already judged with the changes. */
    known: ReadonlySet<string>;
    /** The files of the roots the change touches, whose names prove nothing (see `readersElsewhere`). */
    touched: ReadonlySet<string>;
  },
) => Promise<Companions>;

/**
 * Workloads of roots this change does not touch that read a changed config by its name: alphagov's
 * govuk-helm-charts renders ConfigMap `govuk-apps-env` in chart `app-config`, and the Deployments
 * of `generic-govuk-app` read it through `envFrom`. Such a root is found by a file it reads that no
 * touched root reads (a base a changed overlay shares names what its own build makes, which proves
 * nothing) and that may hold a reader by the name (`byName`), and is rendered at head only; its
 * workloads are judged with the change's own, unchanged at base as the root is. So is a root the
 * change touches for itself (`affected`) that reads such a file: the files of touched roots are
 * searched only for those (bank-of-anthos: a Component every production overlay includes patches
 * the ConfigMap the database's overlay makes, which the user service's Deployment reads). A root
 * that reads a file a changed config is made from deploys its own copy (another overlay of the
 * same base).
 * A file outside the touched roots, or a build found so, that defines a changed config too makes
 * every such reader ambiguous (two deployments of one config, as clusters split into roots lay
 * them out), and then none is judged: the report says no workload in the config's root reads it,
 * which stays true. A file no root reads that names no namespace, where the config names one, is
 * applied wherever it is put, and gives way to the config in its own namespace. One that cannot
 * be rendered is not checked (a touched one says so of itself).
 */
function readersElsewhere(
  all: readonly AnyRenderer[],
  atBase: Snapshot,
  atHead: Snapshot,
  reads: readonly ((path: string) => boolean)[],
  changed: ReadonlySet<string>,
  access: RemoteAccess,
  affected: readonly (readonly RenderRoot[])[],
  builds: BuildCache,
): Elsewhere {
  const { repo, rev, settings } = atHead;
  // Every touched root asks for its own changes; a root found by several is built once.
  const buildsOf = <R extends RenderRoot, Tool>(
    renderer: Renderer<R, Tool>,
    tool: Tool,
    roots: R[],
    at: Snapshot = atHead,
  ) => {
    const fresh = roots.filter((root) => !builds.get(renderer, at, root));
    if (fresh.length) builds.keep(renderer, at, fresh, renderAt(renderer, tool, fresh, at, access));
    return Promise.all(roots.map((root) => builds.get(renderer, at, root)!));
  };
  // Overlays that change a config of one name in their own namespaces search for the same name.
  const filesNaming = oncePerSet((names) => repo.grep(rev, [...names], settings.grepScope));
  // Touched roots that change the same configs ask the same questions: each is answered once.
  const searched = new WeakMap<
    ReadonlySet<string>,
    Map<string, Promise<{ readers: string[]; within: string[]; defined: boolean }>>
  >();
  /**
   * The files outside `touched` that may hold a reader of `changes` (read by some root), those
   * inside it that may (`within`), and whether another file outside defines one of them: then which
   * copy a reader elsewhere reads is unknown.
   */
  const search = (
    changes: readonly ConfigChange[],
    touched: ReadonlySet<string>,
    madeFrom: ReadonlySet<string>,
  ) => {
    const key = [changes.map(idKey).sort(compareText), [...madeFrom].sort(compareText)].join('\n');
    let asked = searched.get(touched);
    if (!asked) searched.set(touched, (asked = new Map()));
    let found = asked.get(key);
    if (!found)
      asked.set(
        key,
        (found = (async () => {
          const names = [...new Set(changes.map((c) => c.name))];
          const naming = (await filesNaming(names)).filter((f) => settings.selected(f) && !madeFrom.has(f));
          const texts = await repo.readMany(rev, naming);
          const seen = naming.map((f, i) =>
            texts[i] === null ? null : byName(f, texts[i]!, changes, settings.podTemplatePaths),
          );
          const outside = (i: number) => !touched.has(naming[i]);
          // A copy is another deployment of the config where it may share its namespace. One applied
          // as written that names none, where the config names one, gives way to the config, as in
          // the namespace rule (bank-of-anthos' kubernetes-manifests/ beside its overlays'
          // namespaces); one a root reads takes that root's, which is not known here.
          const copy = (i: number) =>
            seen[i]?.defines === 'exact' ||
            (seen[i]?.defines === 'assumed' &&
              (reads.some((read) => read(naming[i])) || changes.some((c) => c.namespace === null)));
          return {
            readers: naming.filter((f, i) => outside(i) && seen[i]?.mayRead && reads.some((read) => read(f))),
            within: naming.filter((_, i) => !outside(i) && seen[i]?.mayRead),
            defined: naming.some((_, i) => outside(i) && copy(i)),
          };
        })()),
      );
    return found;
  };
  const rootsReading = oncePerSet((files) => discover(all, { ...atHead, changed: new Set(files) }));
  const affectedIds = new Set(affected.flat().map((root) => root.id));
  return async (changes, { madeFrom, known, touched }) => {
    const names = [...new Set(changes.map((c) => c.name))];
    const { readers: files, within, defined } = await search(changes, touched, madeFrom);
    // Two deployments of one config (one cluster's copy and another's, split into roots): which one
    // a reader elsewhere reads is unknown, and none is judged.
    if (defined || files.length + within.length === 0) return noCompanions();
    const spelling = new Set(files);
    const spellingWithin = new Set(within);
    const found = files.length ? await rootsReading(spelling) : all.map(() => ({ roots: [] }));
    const result = noCompanions();
    const configs = changes.map((c) => `${c.kind} ${objectName(c)}`).join(', ');
    // A touched root says for itself what could not be built or read.
    const unchecked = (root: RenderRoot, reason: NotCheckedReason, message: string) =>
      !affectedIds.has(root.id) &&
      result.notChecked.push(
        rootNotChecked(
          root,
          reason,
          'head',
          `${message.replace(/\.$/, '')}. Its files name ${configs}, which it may read.`,
        ),
      );
    const readers: Consumer[] = [];
    // A reader's templates at base, where its root was edited; elsewhere they are the head's.
    const earlier = new Map<ManifestObject, Pick<Consumer, 'templates'> | null>();
    let ambiguous = false;
    await Promise.all(
      all.map(async (renderer, i) => {
        // A root the change touches for itself, that deploys no copy of the configs but reads them
        // from another's (a component patches a config one service's overlay makes, which the
        // others' Deployments read): its files are touched, and it is looked for among those.
        const candidates = [
          ...found[i].roots.filter((root) => touches(root, spelling)),
          ...affected[i].filter((root) => touches(root, spellingWithin)),
        ];
        const roots = [...new Map(candidates.map((root) => [root.id, root])).values()]
          .filter((root) => !known.has(root.id) && ![...root.closure].some((f) => madeFrom.has(f)))
          .sort((a, b) => compareText(a.id, b.id));
        if (roots.length === 0) return;
        const tool = await renderer.tool();
        if (isToolError(tool)) {
          roots.forEach((root) => unchecked(root, 'tool', `${cannot(renderer)}: ${tool.error}`));
          return;
        }
        // A root no changed file reaches is the base's, and so are the sources it fetches.
        access.trustAtBase(
          roots.filter((root) => !touches(root, changed)).flatMap((root) => renderer.sources(root)),
        );
        // One this change edits only where its build writes no config (`mayChangeConfigs`) was not
        // built for itself: its workloads' templates at base are its base build's. Its closure is
        // the same there, as no kustomization of it changed.
        const edited = roots.filter((root) => touches(root, changed));
        const [built, before] = await Promise.all([
          buildsOf(renderer, tool, roots),
          buildsOf(renderer, tool, edited, atBase),
        ]);
        for (const [k, root] of roots.entries()) {
          const { build, tree, secrets } = built[k];
          result.secrets.push(...secrets);
          if (!build.ok) {
            unchecked(root, build.reason, `${cannot(renderer)} at head: ${build.message}`);
            continue;
          }
          const atBaseBuilt = before[edited.indexOf(root)];
          if (atBaseBuilt) result.secrets.push(...atBaseBuilt.secrets);
          if (atBaseBuilt && !atBaseBuilt.build.ok) {
            const failed = atBaseBuilt.build;
            unchecked(root, failed.reason, `${cannot(renderer)} at base: ${failed.message}`);
            continue;
          }
          const text = keepDocuments(
            build.yaml,
            (d) => names.some((n) => d.includes(n)) || mayHoldKind(d, READ_FIRST),
          );
          // The reader's root is not the change's: what it renders, readable or not, is not said.
          const read = readBuild(renderer, text, root, tree, settings.podTemplatePaths);
          const { objects } = withMadeSecrets(read.rendered, []);
          result.secrets.push(...secretTexts(objects));
          if (read.unreadable.length) {
            unchecked(root, 'unreadable', unreadableRender(read.unreadable[0]));
            continue;
          }
          const defines = objects.some(
            (o) =>
              isConfig(o) &&
              changes.some(
                (c) => c.kind === o.kind && c.name === o.name && namespaceMatch(o.namespace, c.namespace),
              ),
          );
          if (defines) ambiguous = true;
          result.rendered.push(root.id);
          for (const o of objects) {
            const workload = asWorkload(o, settings.podTemplatePaths);
            const consumer = workload && consumerOf(workload);
            const readsChange = (c: ConfigChange) =>
              namespaceMatch(o.namespace, c.namespace) &&
              consumer!.templates.some((t) => t.refs.some((r) => refersTo(r, c)));
            if (consumer && changes.some(readsChange)) readers.push(consumer);
          }
          if (atBaseBuilt?.build.ok) {
            const previous = renderer
              .read(atBaseBuilt.build.yaml, root, atBaseBuilt.tree, [])
              .objects.flatMap((o: ManifestObject) => {
                const workload = asWorkload(o, settings.podTemplatePaths);
                return workload ? [consumerOf(workload)] : [];
              });
            for (const consumer of readers.filter((c) => objects.includes(c.object)))
              earlier.set(
                consumer.object,
                previous.find((p) => sameObject(p.object, consumer.object)) ?? null,
              );
          }
        }
      }),
    );
    if (!ambiguous)
      for (const consumer of readers) {
        result.consumers.push(consumer);
        result.previous.set(
          consumer.object,
          earlier.has(consumer.object) ? earlier.get(consumer.object)! : 'unchanged',
        );
      }
    result.rendered.sort(compareText);
    return result;
  };
}

/** Two sets of companions as one. */
const joinCompanions = (a: Companions, b: Companions): Companions => ({
  rendered: [...a.rendered, ...b.rendered],
  consumers: [...a.consumers, ...b.consumers],
  previous: new Map([...a.previous, ...b.previous]),
  notChecked: [...a.notChecked, ...b.notChecked],
  secrets: [...a.secrets, ...b.secrets],
});

/** The builds `renderAt` started, of the roots it was given, and the tree they read. */
interface Batch<R extends RenderRoot> {
  results: Map<R, Promise<RenderResult>>;
  tree: Map<string, Buffer>;
  secrets: () => string[];
}

/** A root's build at one revision, with the tree it was built from and the Secrets that tree holds. */
interface Built {
  build: RenderResult;
  tree: ReadonlyMap<string, Buffer>;
  secrets: string[];
}

/**
 * The builds a check has started, by renderer, revision and root: a root the change touches is
 * built for itself, and a root elsewhere that reads its configs reuses that build.
 */
class BuildCache {
  private readonly builds = new Map<string, Promise<Built>>();

  private static key(renderer: AnyRenderer, at: Snapshot, root: RenderRoot): string {
    return `${renderer.name}\0${at.rev}\0${root.id}`;
  }

  /** Keeps the builds a batch (`renderAt`) started. */
  keep<R extends RenderRoot>(
    renderer: AnyRenderer,
    at: Snapshot,
    roots: readonly R[],
    batch: Promise<Batch<R>>,
  ): void {
    for (const root of roots)
      this.builds.set(
        BuildCache.key(renderer, at, root),
        batch.then(async (b) => ({ build: await b.results.get(root)!, tree: b.tree, secrets: b.secrets() })),
      );
  }

  get(renderer: AnyRenderer, at: Snapshot, root: RenderRoot): Promise<Built> | undefined {
    return this.builds.get(BuildCache.key(renderer, at, root));
  }
}

/**
 * The files `roots` read at one revision, copied out of git, and their renders: once the builds
 * have started, with a promise of each root's build, so that what reads one need not wait for all.
 */
async function renderAt<R extends RenderRoot, Tool>(
  renderer: Renderer<R, Tool>,
  tool: Tool,
  roots: R[],
  at: Snapshot,
  access: RemoteAccess,
): Promise<Batch<R>> {
  // The declaring file too: its inline values are part of the render, and changes point into it.
  const read = (root: R) => [...root.closure, ...(root.declaredBy ? [root.declaredBy.file] : [])];
  const files = [...new Set(roots.flatMap(read))];
  const { bytes, links, missing } = await at.repo.readTree(at.rev, files);
  // A render tree holds regular files only: a symbolic link is never written as one. One that leads
  // to a file of the repository is that file's copy (discovery put the file in the root's closure);
  // a root that reads any other is not built (the renderer fills some paths itself, helm's copies
  // of `file://` dependencies, and a link kept there is replaced).
  const tree = new Map(files.flatMap((f, i) => (bytes[i] && !links.has(f) ? [[f, bytes[i]!] as const] : [])));
  const ends = links.size ? (await at.links()).ends : new Map<string, LinkEnd>();
  for (const link of links) {
    const end = ends.get(link);
    const copied = end && 'file' in end ? tree.get(end.file) : undefined;
    if (copied) tree.set(link, copied);
  }
  const linkRead = (root: R) => {
    const filled = new Set(renderer.fills(root));
    return read(root).find((f) => links.has(f) && !tree.has(f) && !filled.has(f));
  };
  const why = (link: string) => {
    const end = ends.get(link);
    return end && 'refused' in end ? end.refused : 'this check does not follow';
  };
  const { progress } = at.settings;
  progress.expect('render', roots.length);
  progress.count('builds', roots.length);
  const side = at.rev === null ? 'work tree' : at.rev.slice(0, 7);
  const settle = new Map<R, { resolve: (result: RenderResult) => void; reject: (error: unknown) => void }>();
  const results = new Map(
    roots.map((root) => {
      const result = new Promise<RenderResult>((resolve, reject) => settle.set(root, { resolve, reject }));
      // A failure reaches whoever waits for the build; one nobody waits for is no crash.
      result.catch(() => {});
      return [root, result];
    }),
  );
  const done = (root: R, result: RenderResult) => {
    progress.done('render', `${root.id} (${side})`);
    settle.get(root)!.resolve(result);
  };
  const building: R[] = [];
  for (const root of roots) {
    const lacking = missing.size ? read(root).find((f) => missing.has(f)) : undefined;
    const link = links.size ? linkRead(root) : undefined;
    if (lacking !== undefined)
      done(root, {
        ok: false,
        reason: NOT_IN_CLONE.reason,
        message: `it reads ${lacking}, and ${NOT_IN_CLONE.message}`,
      });
    else if (link !== undefined)
      done(root, {
        ok: false,
        reason: 'unsupported',
        message: `it reads ${link}, a symbolic link to ${JSON.stringify(bytes[files.indexOf(link)]!.toString('utf8').slice(0, 200))}, which ${why(link)} (a link is followed only to a file of the same revision)`,
      });
    else building.push(root);
  }
  // What the renderer returns settles any build it did not report (a settled one stays as it was);
  // a renderer that fails as a whole fails every build still waited for.
  renderer.render(tool, building, tree, at.settings.renderTimeoutMs, access, done).then(
    (built) => building.forEach((root) => settle.get(root)!.resolve(built.get(root)!)),
    (error: unknown) => building.forEach((root) => settle.get(root)!.reject(error)),
  );
  // A renderer's message about a file it could not read can quote the Secret in it. Read when first
  // asked, once both revisions' builds have started (the renderer writes its tree and starts them
  // before it first waits): a repository's Secrets can be megabytes of YAML (kubeflow's: 300 ms
  // a revision), which parsed first held every build back.
  let secrets: string[] | null = null;
  const secretsOf = () =>
    (secrets ??= [...tree]
      .filter(([file, text]) => /\.(ya?ml|json)$/.test(file) && text.includes('Secret'))
      .flatMap(([file, text]) => secretTexts(parseKinds(file, text.toString('utf8'), SECRETS))));
  return { results, tree, secrets: secretsOf };
}
