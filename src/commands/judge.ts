import { groupBy } from '../model/collections.js';
import { ConfigIndex, idKey, sameObject } from '../model/identity.js';
import { orderReport } from '../model/order.js';
import type { ConfigChange, Diagnostic, ManifestObject, Report, Side } from '../model/types.js';
import { judge, type Unjudged } from '../model/not-checked.js';
import type { FileChange, Repository, Revision } from '../stages/1-git/repository.js';
import { isController } from '../stages/2-sources/controllers.js';
import { helmfileOnly } from '../stages/2-sources/helmfile.js';
import { isJsonnet } from '../stages/2-sources/jsonnet.js';
import { leadsInto } from '../stages/2-sources/links.js';
import { manifestSelector } from '../stages/2-sources/select.js';
import { definitionsAlike, withoutDefinitions } from '../stages/3-documents/lines.js';
import { isConfig, secretTexts } from '../stages/4-objects/configs.js';
import type { PodTemplatePaths } from '../stages/4-objects/workloads.js';
import { redactText } from '../model/redact.js';
import type { Consumer } from '../stages/5-references/consumers.js';
import { WATCHER_WORD } from '../stages/5-references/extract.js';
import { dashboardProviderConfigs, mayBeWatched } from '../stages/7-impacts/reloaders.js';
import { diffConfigs } from '../stages/6-changes/diff.js';
import { pairObjects, type FileVersions } from '../stages/6-changes/pairing.js';
import { judgeSource } from './judge-source.js';
import { annotationOf, staleWorkloads } from '../stages/8-stamps/template-hashes.js';
import { HeadView } from './head-view.js';
import {
  loadObjects,
  parseTexts,
  readTexts,
  unreadableNaming,
  type Loaded,
  type Unreadable,
} from './load.js';
import { noRendered, noCompanions, type RenderedPart } from './rendered/result.js';
import type { Settings } from './options.js';
import { beginDiscovery, headScope, isRootFile, needlesFor, touchesRootsByPath } from './search.js';
import { helmfileInputs, unrunInputs } from './unrun.js';
import { substitutedConfigs } from './substitution.js';
import type { CheckOptions } from './check.js';

/**
 * A change judged: the changed files parsed at both revisions, at head only the files that can
 * mention a changed name (one `git grep`), and the rendered roots the change can touch.
 */
export async function judgeChange(
  repo: Repository,
  options: CheckOptions,
  options_: Settings,
  base: string,
  head: Revision,
  allChanges: readonly FileChange[],
): Promise<Report> {
  const changedPaths = allChanges.flatMap((f) => [f.basePath, f.headPath].filter((p) => p !== null));
  // Every selected changed file as written, at both revisions, and one grep at head for what can
  // read it or build it: the changed configs' names, `workloadRef`, and the changed files' names.
  const { progress } = options_;
  const first = await progress.stage('changes', () => loadPlain(repo, base, head, allChanges, options_));
  // Searched for by the names of the configs the files change; judged (judgeSource) once the
  // rendered roots are known, which take their files out of the plain ones.
  const changedConfigs = diffConfigs(pairObjects(versions(first)), []);
  // A sidecar that watches configs by label never names them: its pod spec is searched for by its word.
  const labelledByFile = new Map<string, (change: ConfigChange) => boolean>();
  const labelledIn = (file: string) => {
    let labelled = labelledByFile.get(file);
    if (!labelled) labelledByFile.set(file, (labelled = labelledAmong(first.atHead.objects.get(file) ?? [])));
    return labelled;
  };
  const needles = needlesFor(
    changedConfigs.map((c) => c.name),
    changedPaths,
    changedConfigs.some((c) => labelledIn(c.file)(c)),
  );
  // Most changes that touch a root say so by their own files (a root file above a changed file):
  // then what discovery asks git at both revisions runs beside the search, rather than after it.
  const sure =
    options_.render !== 'off' && (await touchesRoots(repo, base, head, changedPaths, first, options_));
  if (sure) beginDiscovery(repo, base, head, options_.grepScope);
  const { mentioned, importers, touches } = await progress.stage('search', async () => {
    const mentions = needles.length ? await repo.grep(head, needles, headScope(options_.grepScope)) : [];
    // A kustomization or chart file that names a changed file says a root may read it; it holds no
    // workload, so it is not parsed as one.
    const mentionsRoot = mentions.some((p) => isRootFile(p) && options_.selected(p));
    const mentioned = await loadObjects(
      repo,
      head,
      mentions.filter(
        (p) =>
          !isRootFile(p) &&
          options_.selected(p) &&
          !first.atHead.objects.has(p) &&
          !first.atHead.unreadable.has(p),
      ),
      options_,
      true,
    );
    return {
      mentioned,
      importers: mentions.filter(isJsonnet),
      touches:
        sure ||
        (options_.render !== 'off' &&
          (mentionsRoot || (await reachesRoots(repo, head, changedPaths, first, mentioned)))),
    };
  });
  // Rendered roots are found (one walk of the trees and a grep for what declares roots, at each
  // revision) only when this change can touch one: what discovery asks git is begun while the
  // renderers load (a plain change never compiles them), where the search did not begin it.
  if (touches && !sure) beginDiscovery(repo, base, head, options_.grepScope);
  const rendered = touches
    ? await (await import('./rendered/part.js')).checkRendered(repo, base, head, changedPaths, options_)
    : noRendered();
  return progress.stage('judge', () =>
    judgeWith(
      repo,
      options,
      options_,
      base,
      head,
      allChanges,
      first,
      mentioned,
      rendered,
      new Set(needles),
      importers,
    ),
  );
}

/**
 * Whether the definition of a changed config among `objects` has labels, which a sidecar may watch
 * it by. Asked of every change: indexed once, not a scan of every object per change.
 */
function labelledAmong(objects: readonly ManifestObject[]): (change: ConfigChange) => boolean {
  const withLabels = groupBy(objects.filter(mayBeWatched), idKey);
  return (change) => (withLabels.get(idKey(change)) ?? []).some((o) => sameObject(o, change));
}

/** The plain files and the rendered part together: impacts, not-checked entries, the report. */
async function judgeWith(
  repo: Repository,
  options: CheckOptions,
  options_: Settings,
  base: string,
  head: Revision,
  allChanges: readonly FileChange[],
  first: PlainFiles,
  mentioned: Loaded,
  rendered: RenderedPart,
  /** What the search at head looked for: a file naming one of these is among `mentioned`. */
  searched: ReadonlySet<string>,
  /** The jsonnet files at head that name a changed file's or config's name. */
  importers: readonly string[],
): Promise<Report> {
  // A file some root reads is checked through that root's build, never as it is written.
  const { readByRoot } = rendered;
  const settings: Settings = {
    ...options_,
    selected: (path) => options_.selected(path) && !readByRoot?.(path),
  };
  const narrowed = readByRoot !== null;
  const pass = narrowed ? within(first, settings.selected) : first;
  const { fileChanges, atBase, atHead } = pass;
  const headPaths = fileChanges.flatMap((f) => (f.headPath ? [f.headPath] : []));
  // A file that could not be read whole at either side is not checked: its objects there are
  // unknown, so nothing in it is reported added or deleted. Its parser diagnostics say the same
  // thing, once, in the not-checked entry. One whose lines show it defines no config at either
  // side hides no config change (khuedoan/homelab: an Ansible role's Jinja template of a
  // CiliumLoadBalancerIPPool); its diagnostics are warnings.
  const unreadable = [...fileChanges].flatMap((f) => {
    const atB = f.basePath ? atBase.unreadable.get(f.basePath) : undefined;
    const atH = f.headPath ? atHead.unreadable.get(f.headPath) : undefined;
    const side: Side | null = atB && atH ? 'both' : atB ? 'base' : atH ? 'head' : null;
    if (!side || !(atB?.mayDefineConfig || atH?.mayDefineConfig)) return [];
    const file = (atH ? f.headPath : f.basePath)!;
    const why = (atH ?? atB)!;
    return [{ ...why, side, file, paths: [f.basePath, f.headPath].filter((p) => p !== null) }];
  });
  const unreadablePaths = new Set(unreadable.flatMap((u) => u.paths));
  // A changed file that holds no object at either revision: no manifest, whatever else may read it.
  const objectless = (f: FileChange) =>
    !(f.basePath && first.atBase.objects.get(f.basePath)?.length) &&
    !(f.headPath && first.atHead.objects.get(f.headPath)?.length);
  // Diagnostics about base files describe what is already merged; the report is about what this change brings.
  const diagnostics: Diagnostic[] = atHead.diagnostics.filter((d) => !unreadablePaths.has(d.file));
  const configChange = options.configFile && allChanges.find((f) => f.headPath === options.configFile);
  if (configChange)
    diagnostics.push({
      file: options.configFile!,
      line: 1,
      severity: 'notice',
      message: `${options.configFile} changes here; this check used it as the base has it, and the change applies once it is merged.`,
    });

  // The grep above found the consumers and, through the literal `workloadRef`, the Argo Rollouts
  // that take their pod template from a Deployment (they name the Deployment, never the config).
  // With roots rendered, the plain configs are fewer: they are searched for again.
  const initial = {
    objects: new Map([...atHead.objects, ...[...mentioned.objects].filter(([p]) => settings.selected(p))]),
    diagnostics: [...atHead.diagnostics, ...mentioned.diagnostics.filter((d) => settings.selected(d.file))],
    unreadable: atHead.unreadable,
  };
  const view = new HeadView(repo, head, settings, narrowed ? atHead : initial, diagnostics);
  if (!narrowed) view.alsoUnreadable(mentioned.unreadable);
  // A changed file that hides no config change may still hold a reader of one.
  view.alsoUnreadable(new Map([...atHead.unreadable].filter(([path]) => !unreadablePaths.has(path))));
  const basePathOf = new Map(
    fileChanges.flatMap((f) => (f.basePath && f.headPath ? [[f.headPath, f.basePath] as const] : [])),
  );
  const changedHeadFiles = new Set(headPaths);
  // Files that could not be read and may hold a reader (not those read later for hashes), and how:
  // by a changed config's name, or a watcher's word.
  const unreadableReaders = new Map<string, Unreadable & { how: string }>();
  // Releases that name a changed plain config: their charts' workloads may mount it by that name.
  let companions = noCompanions();
  let plainChanges: ConfigChange[] = [];
  // Annotated workloads among those read (changed files and consumers of changed configs; no other
  // hash can have gone stale in this change) are verified against every definition at head of what
  // they read, so the choice among duplicate definitions is the one `fix` makes.
  const annotated = (): Consumer[] =>
    view
      .consumers()
      .filter((w) => w.templates.some((t) => annotationOf(t, settings.hash.annotation) !== null));
  const judged = await judgeSource(
    {
      groups: versions(pass),
      judged: async (diffed) => {
        if (narrowed) {
          const labelled = labelledAmong(view.objects());
          const watched = diffed.some(labelled) ? [WATCHER_WORD] : [];
          await view.readMentioning(
            diffed.length ? [...diffed.map((c) => c.name), 'workloadRef', ...watched] : [],
          );
        }
        // An object deleted from one file but still defined in another is not gone; nor is one a
        // file that could not be read at head may define, nor is one new that a file that could not
        // be read at base may have defined: it may have moved (git pairs a move by content, and
        // cannot without it).
        const definedAtHead = new Set(view.objects().filter(isConfig).map(idKey));
        const gone = diffed.some((c) => c.change === 'deleted' && !definedAtHead.has(idKey(c)));
        const added = diffed.some((c) => c.change === 'added');
        const [atHeadUnread, atBaseUnread] = await Promise.all([
          unreadDefining(
            repo,
            head,
            settings.podTemplatePaths,
            gone
              ? [
                  ...unreadable.filter((u) => u.side !== 'base').map((u) => [u.file, u] as const),
                  ...view.unreadable(),
                ]
              : [],
          ),
          unreadDefining(
            repo,
            base,
            settings.podTemplatePaths,
            added ? unreadable.filter((u) => u.side !== 'head').map((u) => [u.paths[0], u] as const) : [],
          ),
        ]);
        const changes = diffed.filter(
          (c) =>
            !unreadablePaths.has(c.file) &&
            !unreadablePaths.has(basePathOf.get(c.file) ?? '') &&
            (c.change !== 'deleted' || (!definedAtHead.has(idKey(c)) && !atHeadUnread(c))) &&
            (c.change !== 'added' || !atBaseUnread(c)),
        );
        // The grep also finds files by a changed file's name (what may build it) and `workloadRef`:
        // one that could not be read may hold a reader only if it names a config that changed, or
        // has the word of a sidecar that watches configs by label, where a changed one has labels.
        const skipped = [...view.unreadable()];
        const names = [...new Set(changes.map((c) => c.name))];
        const labelled = labelledAmong(view.objects());
        const watched = changes.some(labelled) ? [WATCHER_WORD] : [];
        const texts = names.length
          ? await repo.readMany(
              head,
              skipped.map(([file]) => file),
            )
          : [];
        skipped.forEach(([file, why], i) => {
          const text = why.reason === 'not-in-clone' ? null : (texts[i] ?? '');
          const naming = unreadableNaming(file, text, why, names, settings.podTemplatePaths);
          const watching = naming
            ? null
            : unreadableNaming(file, text, why, watched, settings.podTemplatePaths);
          if (naming)
            unreadableReaders.set(file, {
              ...naming,
              how: text === null ? 'may name a changed config' : 'names a changed config',
            });
          else if (watching)
            unreadableReaders.set(file, { ...watching, how: 'may watch a changed config by its labels' });
        });
        plainChanges = changes;
        return changes;
      },
      consumers: async () => {
        await view.readConfigsOf(annotated());
        // A Grafana's provider configs not read yet (in a file this change leaves alone).
        const read = new ConfigIndex(view.objects().filter(isConfig));
        await view.readMentioning(
          view.consumers().flatMap((w) =>
            dashboardProviderConfigs(w)
              .filter(({ kind, name }) => !read.resolve(w.object, kind, name))
              .map(({ name }) => name),
          ),
        );
        if (rendered.readersOf && plainChanges.length) companions = await rendered.readersOf(plainChanges);
        return [...view.consumers(), ...companions.consumers];
      },
      definitions: () => new ConfigIndex(view.objects().filter(isConfig)),
      staleHash: (_, definitions, notes) => staleWorkloads(annotated(), definitions, settings.hash, notes),
      // A workload in a file this change leaves alone keeps its templates.
      // A companion's previous templates may be null: it is new.
      previous: (object) =>
        companions.previous.has(object)
          ? companions.previous.get(object)
          : changedHeadFiles.has(object.file)
            ? undefined
            : 'unchanged',
      configs: () => [...view.objects(), ...[...atBase.objects.values()].flat()],
    },
    settings,
  );
  const unjudged: Unjudged[] = [
    ...unreadable.map(({ file, line, reason, side, message }) => ({
      kind: 'file' as const,
      name: file,
      file,
      line,
      reason,
      side,
      message: `${file} could not be read ${side === 'both' ? 'at either revision' : `at ${side}`}, so a ConfigMap or Secret change in it would go unseen: ${message}`,
    })),
    // A file that mentions a changed config but cannot be read may hold a reader of it.
    ...[...unreadableReaders].map(([file, why]) => ({
      kind: 'file' as const,
      name: file,
      file,
      line: why.line,
      reason: why.reason,
      side: 'head' as const,
      message: `${file} ${why.how} but could not be read, so a workload in it that reads the config is not checked: ${why.message}`,
    })),
    ...rendered.notChecked,
    ...companions.notChecked.filter((n) => !rendered.notChecked.some((o) => o.name === n.name)),
    ...(await helmfileInputs(
      repo,
      head,
      allChanges,
      objectless,
      (path) =>
        !unreadablePaths.has(path) && (helmfileOnly(path) ? !readByRoot?.(path) : settings.selected(path)),
    )),
    // What deploys jsonnet or runs a plugin, whichever root reads it: an app of apps is a chart.
    ...(await unrunInputs(repo, head, allChanges, options_, {
      naming: importers,
      configs: judged.changes,
      discovered: rendered.controllers !== null,
      objectless: (f) => !unreadablePaths.has((f.headPath ?? f.basePath)!) && objectless(f),
    })),
    ...(await unmatchedIncludes(repo, head, options.include ?? [])),
    // Flux Kustomizations and what they apply, whichever root reads them: the selection before roots took theirs.
    ...(await substitutedConfigs(
      repo,
      head,
      [...judged.changes, ...rendered.changes],
      {
        head: [...first.atHead.objects.values(), ...mentioned.objects.values()].flat(),
        base: [...first.atBase.objects.values()].flat(),
        changed: new Set(first.fileChanges.flatMap((f) => f.headPath ?? [])),
        names: searched,
        controllers: rendered.controllers,
      },
      options_,
    )),
  ];
  const secrets = secretTexts([...[...atBase.objects.values()].flat(), ...view.objects()]).concat(
    rendered.secretTexts,
    companions.secrets,
  );
  const report: Report = orderReport({
    version: 2,
    base,
    head,
    changes: [...judged.changes, ...rendered.changes],
    impacts: [...judged.impacts, ...rendered.impacts],
    unaffected: [...judged.unaffected, ...rendered.unaffected],
    rendered: [...new Set([...rendered.rendered, ...companions.rendered])],
    notChecked: judge(unjudged, settings.notChecked),
    diagnostics: [...diagnostics, ...judged.diagnostics, ...rendered.diagnostics],
    ...(settings.shard ? { shard: settings.shard } : {}),
  });
  return redactText(report, secrets);
}

/**
 * Whether one of `files`, which could not be read at `rev`, may define a config: what the parser
 * could not read is read again for the names it spells; other content is unknown.
 */
async function unreadDefining(
  repo: Repository,
  rev: Revision,
  custom: PodTemplatePaths,
  files: readonly (readonly [string, Unreadable])[],
): Promise<(config: ConfigChange) => boolean> {
  const parsed = files.filter(([, why]) => why.reason === 'unreadable').map(([file]) => file);
  const texts = parsed.length ? await repo.readMany(rev, parsed) : [];
  const textOf = new Map(parsed.map((file, i) => [file, texts[i] ?? ''] as const));
  return (config) =>
    files.some(
      ([file, why]) =>
        why.mayDefineConfig &&
        unreadableNaming(file, textOf.get(file) ?? null, why, [config.name], custom) !== null,
    );
}

/** The changed files a check reads as written, at both revisions. */
interface PlainFiles {
  fileChanges: FileChange[];
  atBase: Loaded;
  atHead: Loaded;
}

/** The changed files `selected` still picks: those a root reads leave, without reading the rest again. */
function within(
  { fileChanges, atBase, atHead }: PlainFiles,
  selected: (path: string) => boolean,
): PlainFiles {
  const kept = fileChanges.filter(
    (f) => (f.basePath !== null && selected(f.basePath)) || (f.headPath !== null && selected(f.headPath)),
  );
  const side = (loaded: Loaded, paths: ReadonlySet<string>): Loaded => ({
    objects: new Map([...loaded.objects].filter(([path]) => paths.has(path))),
    diagnostics: loaded.diagnostics.filter((d) => paths.has(d.file)),
    unreadable: new Map([...loaded.unreadable].filter(([path]) => paths.has(path))),
  });
  return {
    fileChanges: kept,
    atBase: side(atBase, new Set(kept.flatMap((f) => f.basePath ?? []))),
    atHead: side(atHead, new Set(kept.flatMap((f) => f.headPath ?? []))),
  };
}

/**
 * The changed files `settings` selects, read and parsed at both revisions. A CustomResourceDefinition
 * holds no workload or config: at base none is parsed, and at head one the change edits is, so that
 * its broken YAML is still said (a release that bumps an image tag in a bundle of CRDs re-parsed
 * megabytes of schema; prometheus-community's CRD updates, 4.5 MB, were parsed at both).
 */
async function loadPlain(
  repo: Repository,
  base: string,
  head: Revision,
  allChanges: readonly FileChange[],
  settings: Settings,
): Promise<PlainFiles> {
  const selected = (path: string | null) => path !== null && settings.selected(path);
  // A file moved as it was holds at head what it held at base, readable or not: it changes no
  // content (archiving a directory of broken examples is no finding).
  const fileChanges = allChanges.filter(
    (f) =>
      (selected(f.basePath) || selected(f.headPath)) &&
      !(f.moved && selected(f.basePath) && selected(f.headPath)),
  );
  const basePaths = fileChanges.flatMap((f) => (f.basePath ? [f.basePath] : []));
  const headPaths = fileChanges.flatMap((f) => (f.headPath ? [f.headPath] : []));
  const [baseTexts, headTexts] = await Promise.all([
    readTexts(repo, base, basePaths, settings.maxFileBytes),
    readTexts(repo, head, headPaths, settings.maxFileBytes),
  ]);
  const alike = definitionsAlike(baseTexts.texts, headTexts.texts);
  const [atBase, atHead] = await Promise.all([
    parseTexts(repo, base, basePaths, baseTexts, settings, (text) => withoutDefinitions(text)),
    parseTexts(repo, head, headPaths, headTexts, settings, (text) =>
      withoutDefinitions(text, (d) => alike.has(d)),
    ),
  ]);
  return { fileChanges, atBase, atHead };
}

/** Each changed file's objects at both revisions: the plain files as a source's groups. */
const versions = ({ fileChanges, atBase, atHead }: PlainFiles): FileVersions[] =>
  fileChanges.map((f) => ({
    base: (f.basePath && atBase.objects.get(f.basePath)) || [],
    head: (f.headPath && atHead.objects.get(f.headPath)) || [],
  }));

/**
 * Whether this change touches a rendered root by its own files: by their paths
 * (`touchesRootsByPath`), or a changed file that holds a declaring object.
 */
async function touchesRoots(
  repo: Repository,
  base: string,
  head: Revision,
  changedPaths: readonly string[],
  first: PlainFiles,
  settings: Settings,
): Promise<boolean> {
  return (
    declaring(first.atBase) ||
    declaring(first.atHead) ||
    touchesRootsByPath(repo, base, head, changedPaths, settings)
  );
}

/**
 * Whether a change that does not touch a root by its own files reaches one from elsewhere: a
 * declaring object at head that names a changed file or config (a root file that names one, the
 * caller knows from the grep), or a symbolic link that leads into a changed file. When neither
 * holds, no root's closure holds a changed file, and discovery is skipped.
 */
async function reachesRoots(
  repo: Repository,
  head: Revision,
  changedPaths: readonly string[],
  first: PlainFiles,
  mentioned: Loaded,
): Promise<boolean> {
  if (declaring(mentioned)) return true;
  // Finding the links walks the whole tree, so it is asked last, and only for a file the plain
  // reading does not judge (a values or env file): a changed manifest is judged as written, its
  // readers found by name.
  const unjudged = changedPaths.filter(
    (p) => !first.atBase.objects.get(p)?.length && !first.atHead.objects.get(p)?.length,
  );
  return unjudged.length > 0 && leadsInto(await repo.links(head), unjudged);
}

const declaring = (loaded: Loaded) => [...loaded.objects.values()].flat().some(isController);

/**
 * Patterns given to `include` that select no file of the repository: a typo there would read as
 * "no ConfigMap or Secret content changes". Only asked when patterns are given (it lists every file).
 */
async function unmatchedIncludes(
  repo: Repository,
  head: Revision,
  include: readonly string[],
): Promise<Unjudged[]> {
  if (include.length === 0) return [];
  const files = await repo.listFiles(head);
  const selectors = await Promise.all(include.map((pattern) => manifestSelector([pattern])));
  return include
    .filter((_, i) => !files.some(selectors[i]))
    .map((pattern) => ({
      kind: 'include' as const,
      name: pattern,
      file: '.',
      line: 1,
      reason: 'include' as const,
      side: 'head' as const,
      message: `include pattern '${pattern}' matches no file in the repository, so nothing it was meant to select was checked.`,
    }));
}
