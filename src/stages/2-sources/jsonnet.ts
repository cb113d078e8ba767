import { posix } from 'node:path';
import { objectName } from '../../model/identity.js';
import type { ManifestObject } from '../../model/types.js';
import { isRecord } from '../../model/values.js';
import { generatorDirectories } from './appset-directories.js';
import { parentOf, repoPath } from './paths.js';
import { argoSources } from './tools.js';

/**
 * jsonnet: a language this check does not run. Argo CD evaluates the `.jsonnet` files of a
 * directory source, and Tanka those of its environments; what they make is known only then. What
 * is known here: that a changed jsonnet file may change what they deploy (a `.libsonnet` is
 * imported from anywhere on the library paths), so its change is not checked rather than all clear.
 * A repository where nothing deploys jsonnet (kube-prometheus commits what its jsonnet generates)
 * has its generated manifests checked as written, and its jsonnet is no input of a deployment.
 */
export const isJsonnet = (path: string): boolean => /\.(?:jsonnet|libsonnet)$/.test(path);

/**
 * Files that say what jsonnet vendors: jsonnet-bundler's dependencies and their lock, and Tanka's
 * Chartfile of the Helm charts its jsonnet renders. A change to one changes what jsonnet makes.
 */
const VENDORING = ['jsonnetfile.json', 'jsonnetfile.lock.json', 'chartfile.yaml'];
export const vendorsForJsonnet = (path: string): boolean => VENDORING.includes(posix.basename(path));

/** jsonnet's files, as pathspecs. */
export const JSONNET_FILES = ['*.jsonnet', '*.libsonnet'];

/**
 * Whether jsonnet text writes Argo CD Applications or ApplicationSets (a `kind` field of that
 * value): what they deploy, and with which plugin, is known only once it is evaluated, so any
 * directory may be theirs (sykloid/asgard writes each of its Applications, a Tanka plugin's, so).
 */
export const writesApplications = (text: string): boolean =>
  /\bkind["']?[ \t]*:[ \t]*["']Application(?:Set)?["']/.test(text);

/** An `import`, `importstr` or `importbin` of a quoted path (`@'…'` too; a text block never names one). */
const IMPORT = /\bimport(?:str|bin)?\s*@?(?:"([^"\\\n]*(?:\\.[^"\\\n]*)*)"|'([^'\\\n]*(?:\\.[^'\\\n]*)*)')/g;

/**
 * Whether jsonnet `text` in `importer` may import the repository file `path`: a path from the
 * importer's directory, or one from a library directory (Argo CD's `jsonnet.libs`, Tanka's `lib/`
 * and `vendor/`, wherever they are), which `path` ends with. A path with an escape is not read
 * here, and may name any file.
 */
export function importsFile(importer: string, text: string, path: string): boolean {
  for (const [, double, single] of text.matchAll(IMPORT)) {
    const written = double ?? single;
    if (written.includes('\\')) return true;
    if (posix.normalize(posix.join(parentOf(importer), written)) === path) return true;
    const library = posix.normalize(written);
    if (
      !library.startsWith('../') &&
      !posix.isAbsolute(library) &&
      (path === library || path.endsWith(`/${library}`))
    )
      return true;
  }
  return false;
}

/** What deploys jsonnet from this repository, said for a person, and the directory it evaluates. */
export interface JsonnetDeployer {
  what: string;
  dir: string;
}

const ROOT_MARKS = ['Chart.yaml', 'kustomization.yaml', 'kustomization.yml', 'Kustomization'];
/** A source with one of these is a chart, a kustomization or a plugin's, whatever its directory holds. */
const OTHER_TYPES = ['chart', 'helm', 'kustomize', 'plugin'];

/** A line that opens an Argo CD Application or ApplicationSet in a document. */
const APPLICATION = /^kind:[ \t]*["']?Application(?:Set)?["']?[ \t]*$/m;

/**
 * Whether a file is a chart's template that renders Argo CD Applications (an app of apps): their
 * paths are known only once the chart is rendered, which this question does not do, so any
 * directory may be one of theirs.
 */
export function rendersApplications(file: string, text: string, files: ReadonlySet<string>): boolean {
  const at = file.startsWith('templates/') ? 0 : file.lastIndexOf('/templates/');
  const chart = at < 0 ? null : file.slice(0, at);
  const charted = chart !== null && files.has(chart ? `${chart}/Chart.yaml` : 'Chart.yaml');
  return charted && text.includes('{{') && APPLICATION.test(text);
}

/**
 * The deployers of jsonnet among `objects` (what declares roots, at one revision), `templates`
 * (charts' templates that render Argo CD Applications) and Tanka environments (`spec.json` texts
 * by path), given every file of that revision: an Argo CD source of directory type (no chart,
 * kustomization or plugin) whose directory holds a `.jsonnet` file it evaluates (directly, or below
 * with `directory.recurse`), an app of apps, whose Applications may deploy any directory, and an
 * environment whose `spec.json` is Tanka's.
 */
export function jsonnetDeployers(
  objects: readonly ManifestObject[],
  templates: readonly string[],
  specs: ReadonlyMap<string, string>,
  files: ReadonlySet<string>,
): JsonnetDeployer[] {
  // Directories by what they hold: a `.jsonnet` file, one below them, anything.
  const holding = new Set<string>();
  const above = new Set<string>();
  const dirs = new Set<string>();
  for (const f of files) {
    const jsonnet = f.endsWith('.jsonnet');
    if (jsonnet) {
      holding.add(parentOf(f));
      above.add('');
    }
    for (let d = parentOf(f); d !== ''; d = parentOf(d)) {
      dirs.add(d);
      if (jsonnet) above.add(d);
    }
  }
  const evaluated = (dir: string, recurse: boolean) => (recurse ? above : holding).has(dir);
  const argo = objects.flatMap((object): JsonnetDeployer[] =>
    (argoSources(object)?.sources ?? []).flatMap((source) => {
      if (OTHER_TYPES.some((key) => key in source)) return [];
      const dir = repoPath(source.path);
      // A path a generator fills in: the directories its git directory generators name.
      const candidates =
        dir !== null
          ? [dir]
          : object.kind === 'ApplicationSet'
            ? generatorDirectories(object, [...dirs])
            : [];
      const recurse = isRecord(source.directory) && source.directory.recurse === true;
      return candidates
        .filter(
          (d) => !ROOT_MARKS.some((mark) => files.has(d ? `${d}/${mark}` : mark)) && evaluated(d, recurse),
        )
        .map((d) => ({
          what: `Argo CD ${object.kind} ${objectName(object)} (${object.file}:${object.line})`,
          dir: d,
        }));
    }),
  );
  const tanka = [...specs].flatMap(([path, text]): JsonnetDeployer[] => {
    let spec: unknown;
    try {
      spec = JSON.parse(text);
    } catch {
      return [];
    }
    if (!isRecord(spec) || typeof spec.apiVersion !== 'string' || !spec.apiVersion.startsWith('tanka.dev/'))
      return [];
    const dir = parentOf(path);
    return [{ what: `the Tanka environment ${dir || '.'} (${path})`, dir }];
  });
  const apps = holding.size
    ? templates.map((file) => ({ what: `the Argo CD Applications ${file} renders`, dir: '' }))
    : [];
  return [...argo, ...apps, ...tanka];
}

/**
 * Who renders a changed jsonnet file, for its not-checked message: the deployers whose directory
 * holds it, with those that may deploy any directory; else (an import from elsewhere) every one.
 */
export function renderedBy(file: string, deployers: readonly JsonnetDeployer[]): string {
  const holding = deployers.filter((d) => d.dir !== '' && file.startsWith(`${d.dir}/`));
  const named = holding.length ? deployers.filter((d) => holding.includes(d) || d.dir === '') : deployers;
  const [first, ...rest] = named;
  return rest.length ? `${first.what} and ${rest.length} more` : first.what;
}
