import { objectName, spellsName } from '../model/identity.js';
import type { Unjudged } from '../model/not-checked.js';
import type { ConfigChange, Side, UnrunProgram } from '../model/types.js';
import type { FileChange, Repository, Revision } from '../stages/1-git/repository.js';
import { declaringFiles } from '../stages/2-sources/declaring.js';
import { isHelmfile, namedBy } from '../stages/2-sources/helmfile.js';
import {
  importsFile,
  isJsonnet,
  JSONNET_FILES,
  jsonnetDeployers,
  type JsonnetDeployer,
  renderedBy,
  rendersApplications,
  vendorsForJsonnet,
  writesApplications,
} from '../stages/2-sources/jsonnet.js';
import { mayRenderFrom, pluginFiles, pluginSources, type PluginSource } from '../stages/2-sources/plugins.js';
import { mayWriteApplications } from '../stages/2-sources/tools.js';
import { documentsOfKinds } from '../stages/3-documents/lines.js';
import { parseManifests } from '../stages/3-documents/parse.js';
import type { Settings } from './options.js';

// The inputs of programs this check does not run (helmfile, jsonnet, Argo CD plugins): a change
// to one is not checked where something here runs them, rather than all clear.

/** A file not checked because a program this check does not run renders it. */
const unrendered = (file: string, side: Side, program: UnrunProgram, message: string): Unjudged => ({
  kind: 'file',
  name: file,
  file,
  line: 1,
  reason: 'unrendered',
  side,
  message,
  program,
});

/** The revisions a changed file is at. */
const sideOf = (f: FileChange): Side =>
  f.basePath === null ? 'head' : f.headPath === null ? 'base' : 'both';

/**
 * Changed files that programs this check does not run may turn into what is deployed, where
 * something here runs them. jsonnet (`jsonnetDeployers`): a changed jsonnet file, or one that says
 * what jsonnet vendors (`vendorsForJsonnet`); a changed file without objects that a jsonnet file at
 * head imports (`importstr` of a config file, a dashboard's JSON); and a jsonnet file at head that
 * names a changed config, where a workload it makes may read it. Each file of jsonnet counts,
 * wherever it is: one evaluated anywhere may import it. An Argo CD
 * Config Management Plugin (`pluginSources`): a changed file without objects, documentation aside,
 * in the directory it renders. What declares them at head is read only when such a file changed,
 * or the search at head found jsonnet that names one.
 */
export async function unrunInputs(
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
    /** Whether discovery ran (it searched what declares roots at head): its answer serves. */
    discovered: boolean;
    objectless: (f: FileChange) => boolean;
  },
): Promise<Unjudged[]> {
  const pathOf = (f: FileChange) => (f.headPath ?? f.basePath)!;
  const changed = changes.filter((f) => [f.basePath, f.headPath].some((p) => p !== null && isJsonnet(p)));
  const vendoring = changes.filter(
    (f) => !changed.includes(f) && [f.basePath, f.headPath].some((p) => p !== null && vendorsForJsonnet(p)),
  );
  const bare = changes.filter(objectless);
  const data = bare.filter((f) => !isJsonnet(pathOf(f)) && !vendoring.includes(f));
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
  const asksJsonnet = changed.length + vendoring.length + imported.length + readers.length > 0;
  if (!asksJsonnet && pluginInputs.length === 0) return [];
  const [deployers, plugins] = await Promise.all([
    asksJsonnet ? jsonnetDeployersAt(repo, head, settings) : [],
    pluginInputs.length ? pluginSourcesAt(repo, head, settings, discovered) : [],
  ]);
  const entry = (f: FileChange, program: UnrunProgram, message: string): Unjudged =>
    unrendered(pathOf(f), sideOf(f), program, message);
  const jsonnet = deployers.length
    ? [
        ...changed.map((f) =>
          entry(
            f,
            'jsonnet',
            `${pathOf(f)} is jsonnet, evaluated by ${renderedBy(pathOf(f), deployers)}; this check does not run jsonnet, so what it changes there is not checked.`,
          ),
        ),
        ...vendoring.map((f) =>
          entry(
            f,
            'jsonnet',
            `${pathOf(f)} says which libraries or charts jsonnet vendors, evaluated by ${renderedBy(pathOf(f), deployers)}; this check does not run jsonnet, so what it changes there is not checked.`,
          ),
        ),
        ...imported.map(({ f, importer }) =>
          entry(
            f,
            'jsonnet',
            `${pathOf(f)} is imported by ${importer}, jsonnet evaluated by ${renderedBy(importer, deployers)}; this check does not run jsonnet, so what it changes there is not checked.`,
          ),
        ),
        ...readers.map(({ file, named }) =>
          unrendered(
            file,
            'head',
            'jsonnet',
            `${file} names ${named.map((c) => `${c.kind} ${objectName(c)}`).join(', ')}, which this change changes, and is jsonnet, evaluated by ${renderedBy(file, deployers)}; this check does not run jsonnet, so a workload it makes that reads ${named.length === 1 ? 'it' : 'them'} is not checked.`,
          ),
        ),
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
        'plugin',
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
  const [files, declaring, specPaths, inJsonnet] = await Promise.all([
    repo.listFiles(head).then((listed) => new Set(listed)),
    declaringFiles(repo, head, settings.grepScope).then((found) => found.filter(settings.selected)),
    repo.findByName(head, ['spec.json']),
    repo.grep(head, ['argoproj.io'], JSONNET_FILES),
  ]);
  const [declaringTexts, specTexts, jsonnetTexts] = await Promise.all([
    repo.readMany(head, declaring),
    repo.readMany(head, specPaths),
    repo.readMany(head, inJsonnet),
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
  const written = inJsonnet
    .filter((_, i) => jsonnetTexts[i] === null || writesApplications(jsonnetTexts[i]!))
    .map((file) => ({ what: `the Argo CD Applications ${file} writes in jsonnet`, dir: '' }));
  return [...jsonnetDeployers(objects, templates, specs, files), ...unread, ...written];
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
 * (none a root reads) with no object at either revision (`objectless`): a manifest is judged as
 * written. The tree is listed, and the helmfiles read, only when such a file changed.
 */
export async function helmfileInputs(
  repo: Repository,
  head: Revision,
  changes: readonly FileChange[],
  objectless: (f: FileChange) => boolean,
  asked: (path: string) => boolean,
): Promise<Unjudged[]> {
  const candidates = changes.filter(
    (f) => [f.basePath, f.headPath].some((p) => p !== null && asked(p)) && objectless(f),
  );
  if (candidates.length === 0) return [];
  const paths = (await repo.listFiles(head)).filter(isHelmfile);
  const texts = candidates.some((f) => !isHelmfile((f.headPath ?? f.basePath)!))
    ? await repo.readMany(head, paths)
    : [];
  const helmfiles = paths.flatMap((path, i) => (texts[i] ? [{ path, text: texts[i]! }] : []));
  return candidates.flatMap((f): Unjudged[] => {
    const file = (f.headPath ?? f.basePath)!;
    const reader = isHelmfile(file)
      ? null
      : helmfiles.find((h) => [f.basePath, f.headPath].some((p) => p !== null && namedBy(h, p)));
    if (reader === undefined) return [];
    return [
      unrendered(
        file,
        sideOf(f),
        'helmfile',
        reader
          ? `${file} is read by ${reader.path}, and helmfile is not run here, so what it changes in those releases is not checked.`
          : `${file} is a helmfile, and helmfile is not run here, so what it changes in its releases is not checked.`,
      ),
    ];
  });
}
