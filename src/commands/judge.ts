import { groupBy } from '../model/collections.js';
import { ConfigIndex, idKey, objectName, sameObject, spellsName } from '../model/identity.js';
import { orderReport } from '../model/order.js';
import type { ConfigChange, Diagnostic, ManifestObject, Report, Side } from '../model/types.js';
import { judge, type Unjudged } from '../model/not-checked.js';
import type { FileChange, Repository, Revision } from '../stages/1-git/repository.js';
import { isController } from '../stages/2-sources/controllers.js';
import { declaringFiles } from '../stages/2-sources/declaring.js';
import { helmfileOnly, isHelmfile, namedBy } from '../stages/2-sources/helmfile.js';
import {
  importsFile,
  isJsonnet,
  jsonnetDeployers,
  type JsonnetDeployer,
  renderedBy,
  rendersApplications,
} from '../stages/2-sources/jsonnet.js';
import { leadsInto } from '../stages/2-sources/links.js';
import { mayRenderFrom, pluginFiles, pluginSources, type PluginSource } from '../stages/2-sources/plugins.js';
import { manifestSelector } from '../stages/2-sources/select.js';
import { mayWriteApplications } from '../stages/2-sources/tools.js';
import { definitionsAlike, documentsOfKinds, withoutDefinitions } from '../stages/3-documents/lines.js';
import { parseManifests } from '../stages/3-documents/parse.js';
import { isConfig, secretTexts } from '../stages/4-objects/configs.js';
import type { PodTemplatePaths } from '../stages/4-objects/workloads.js';
import { redactText } from '../model/redact.js';
import type { Consumer } from '../stages/5-references/consumers.js';
import { WATCHER_WORD } from '../stages/5-references/extract.js';
import { mayBeWatched } from '../stages/7-impacts/reloaders.js';
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
  // revision) only when this change can touch one.
  // The renderers load only then: a plain change never compiles them.
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
      first,
      (path) =>
        !unreadablePaths.has(path) && (helmfileOnly(path) ? !readByRoot?.(path) : settings.selected(path)),
    )),
    // What deploys jsonnet or runs a plugin, whichever root reads it: an app of apps is a chart.
    ...(await unrunInputs(repo, head, allChanges, options_, {
      naming: importers,
      configs: judged.changes,
      discovered: rendered.controllers !== null,
      objectless: (f) =>
        !unreadablePaths.has((f.headPath ?? f.basePath)!) &&
        !(f.basePath && first.atBase.objects.get(f.basePath)?.length) &&
        !(f.headPath && first.atHead.objects.get(f.headPath)?.length),
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
 * Changed files that programs this check does not run may turn into what is deployed, where
 * something here runs them. jsonnet (`jsonnetDeployers`): a changed jsonnet file; a changed file
 * without objects that a jsonnet file at head imports (`importstr` of a config file, a dashboard's
 * JSON); and a jsonnet file at head that names a changed config, where a workload it makes may read
 * it. Each file of jsonnet counts, wherever it is: one evaluated anywhere may import it. An Argo CD
 * Config Management Plugin (`pluginSources`): a changed file without objects in the directory it
 * renders, but for documentation. What declares them at head is read only when such a file changed, or the search at head
 * found jsonnet.
 */
async function unrunInputs(
  repo: Repository,
  head: Revision,
  changes: readonly FileChange[],
  settings: Settings,
  {
    naming,
    configs,
    discovered,
    objectless,
  }: {
    /** The jsonnet files at head that name a changed file's or config's name. */
    naming: readonly string[];
    configs: readonly ConfigChange[];
    /** Whether discovery searched what declares roots: its answer serves. */
    discovered: boolean;
    objectless: (f: FileChange) => boolean;
  },
): Promise<Unjudged[]> {
  const pathOf = (f: FileChange) => (f.headPath ?? f.basePath)!;
  const changed = changes.filter((f) => [f.basePath, f.headPath].some((p) => p !== null && isJsonnet(p)));
  const bare = changes.filter(objectless);
  const data = bare.filter((f) => !isJsonnet(pathOf(f)));
  // A change of docs alone reads nothing more.
  const pluginInputs = bare.filter((f) => mayRenderFrom(pathOf(f)));
  const changedPaths = new Set(changed.map(pathOf));
  const others = naming.filter((file) => !changedPaths.has(file));
  const texts = others.length ? await repo.readMany(head, others) : [];
  // A file whose content this clone lacks may import or name any of them.
  const imports = (i: number, f: FileChange) =>
    texts[i] === null ||
    [f.basePath, f.headPath].some((p) => p !== null && importsFile(others[i], texts[i]!, p));
  const imported = data.flatMap((f) => {
    const i = others.findIndex((_, k) => imports(k, f));
    return i < 0 ? [] : [{ f, importer: others[i] }];
  });
  const readers = others.flatMap((file, i) => {
    const named = configs.filter((c) => texts[i] === null || spellsName(texts[i]!, c.name));
    return named.length ? [{ file, named }] : [];
  });
  if (changed.length + imported.length + readers.length + pluginInputs.length === 0) return [];
  const asksJsonnet = changed.length + imported.length + readers.length > 0;
  const [deployers, plugins] = await Promise.all([
    asksJsonnet ? jsonnetDeployersAt(repo, head, settings) : [],
    pluginInputs.length ? pluginSourcesAt(repo, head, settings, discovered) : [],
  ]);
  const side = (f: FileChange): Side =>
    f.basePath === null ? 'head' : f.headPath === null ? 'base' : 'both';
  const entry = (f: FileChange, message: string): Unjudged => ({
    kind: 'file',
    name: pathOf(f),
    file: pathOf(f),
    line: 1,
    reason: 'unrendered',
    side: side(f),
    message,
  });
  const jsonnet = deployers.length
    ? [
        ...changed.map((f) =>
          entry(
            f,
            `${pathOf(f)} is jsonnet, evaluated by ${renderedBy(pathOf(f), deployers)}; this check does not run jsonnet, so what it changes there is not checked.`,
          ),
        ),
        ...imported.map(({ f, importer }) =>
          entry(
            f,
            `${pathOf(f)} is imported by ${importer}, jsonnet evaluated by ${renderedBy(importer, deployers)}; this check does not run jsonnet, so what it changes there is not checked.`,
          ),
        ),
        ...readers.map(({ file, named }): Unjudged => ({
          kind: 'file',
          name: file,
          file,
          line: 1,
          reason: 'unrendered',
          side: 'head',
          message: `${file} names ${named.map((c) => `${c.kind} ${objectName(c)}`).join(', ')}, which this change changes, and is jsonnet, evaluated by ${renderedBy(file, deployers)}; this check does not run jsonnet, so a workload it makes that reads ${named.length === 1 ? 'it' : 'them'} is not checked.`,
        })),
      ]
    : [];
  // A file said for jsonnet is said once.
  const said = new Set(jsonnet.map((n) => n.name));
  const byPlugin = pluginInputs.flatMap((f) => {
    const rendering = plugins.filter((p) => p.dir === '' || pathOf(f).startsWith(`${p.dir}/`));
    if (rendering.length === 0 || said.has(pathOf(f))) return [];
    const [first, ...rest] = rendering;
    const by = rest.length ? `${first.what} and ${rest.length} more` : first.what;
    return [
      entry(
        f,
        `${pathOf(f)} is in ${first.dir || 'the repository'}, which ${by} renders; this check does not run plugins, so what it changes there is not checked.`,
      ),
    ];
  });
  return [...jsonnet, ...byPlugin];
}

/** Only Applications and ApplicationSets are asked about: a release bundle's CRDs name argoproj.io too. */
const ARGO_KINDS = ['Application', 'ApplicationSet'];

/** What deploys jsonnet at head (`jsonnetDeployers`), from what declares roots there. */
async function jsonnetDeployersAt(
  repo: Repository,
  head: Revision,
  settings: Settings,
): Promise<JsonnetDeployer[]> {
  const [files, declaring, specPaths] = await Promise.all([
    repo.listFiles(head).then((listed) => new Set(listed)),
    declaringFiles(repo, head, settings.grepScope).then((found) => found.filter(settings.selected)),
    repo.findByName(head, ['spec.json']),
  ]);
  const [declaringTexts, specTexts] = await Promise.all([
    repo.readMany(head, declaring),
    repo.readMany(head, specPaths),
  ]);
  const read = declaring.flatMap((file, i) =>
    declaringTexts[i] === null ? [] : [{ file, text: declaringTexts[i]! }],
  );
  const objects = read
    .filter(({ text }) => mayWriteApplications(text))
    .flatMap(({ file, text }) => parseManifests(file, documentsOfKinds(text, ARGO_KINDS)).objects);
  const templates = read
    .filter(({ file, text }) => rendersApplications(file, text, files))
    .map((r) => r.file);
  const specs = new Map(
    specPaths.flatMap((path, i) => (specTexts[i] === null ? [] : [[path, specTexts[i]!]])),
  );
  // A declaring file whose content this clone lacks may deploy jsonnet from any directory.
  const unread = declaring
    .filter((_, i) => declaringTexts[i] === null)
    .map((file) => ({ what: `what ${file} declares (its content is not in this clone)`, dir: '' }));
  return [...jsonnetDeployers(objects, templates, specs, files), ...unread];
}

/**
 * The plugin sources declared at head (`pluginSources`), from the files that spell a `plugin` key:
 * far fewer than those naming argoproj.io (argo-cd: 15 against 584), unless discovery has searched
 * for those already. A file whose content this clone lacks is not taken for a plugin's: every
 * change without objects would then be said for it.
 */
async function pluginSourcesAt(
  repo: Repository,
  head: Revision,
  settings: Settings,
  discovered: boolean,
): Promise<PluginSource[]> {
  const found = await (discovered ? declaringFiles : pluginFiles)(repo, head, settings.grepScope);
  const files = found.filter(settings.selected);
  const texts = await repo.readMany(head, files);
  const objects = files.flatMap((file, i) =>
    texts[i] === null || !texts[i]!.includes('plugin') || !mayWriteApplications(texts[i]!)
      ? []
      : parseManifests(file, documentsOfKinds(texts[i]!, ARGO_KINDS, 'plugin')).objects,
  );
  return pluginSources(repo, head, objects);
}

/**
 * Changed files that helmfile, which this check does not run, renders into releases: a helmfile
 * itself, and a file a helmfile at head names (values, secrets, bases). Only files `asked` picks
 * (none a root reads) with no object at either revision: a manifest is judged as written. The tree
 * is listed, and the helmfiles read, only when such a file changed.
 */
async function helmfileInputs(
  repo: Repository,
  head: Revision,
  changes: readonly FileChange[],
  { atBase, atHead }: PlainFiles,
  asked: (path: string) => boolean,
): Promise<Unjudged[]> {
  const objectless = changes.filter(
    (f) =>
      [f.basePath, f.headPath].some((p) => p !== null && asked(p)) &&
      !(f.basePath && atBase.objects.get(f.basePath)?.length) &&
      !(f.headPath && atHead.objects.get(f.headPath)?.length),
  );
  if (objectless.length === 0) return [];
  const paths = (await repo.listFiles(head)).filter(isHelmfile);
  const texts = objectless.some((f) => !isHelmfile((f.headPath ?? f.basePath)!))
    ? await repo.readMany(head, paths)
    : [];
  const helmfiles = paths.flatMap((path, i) => (texts[i] ? [{ path, text: texts[i]! }] : []));
  return objectless.flatMap((f): Unjudged[] => {
    const file = (f.headPath ?? f.basePath)!;
    const reader = isHelmfile(file)
      ? null
      : helmfiles.find((h) => [f.basePath, f.headPath].some((p) => p !== null && namedBy(h, p)));
    if (reader === undefined) return [];
    const side: Side = f.basePath === null ? 'head' : f.headPath === null ? 'base' : 'both';
    return [
      {
        kind: 'file',
        name: file,
        file,
        line: 1,
        reason: 'unrendered',
        side,
        message: reader
          ? `${file} is read by ${reader.path}, and helmfile is not run here, so what it changes in those releases is not checked.`
          : `${file} is a helmfile, and helmfile is not run here, so what it changes in its releases is not checked.`,
      },
    ];
  });
}

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
  return include
    .filter((pattern) => !files.some(manifestSelector([pattern])))
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
