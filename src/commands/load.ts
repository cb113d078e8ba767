import { definesNoneOf, keepDocuments, withoutDefinitions } from '../stages/3-documents/lines.js';
import { parseManifests } from '../stages/3-documents/parse.js';
import { spellsName } from '../model/identity.js';
import type { Repository, Revision } from '../stages/1-git/repository.js';
import type { Diagnostic, ManifestObject, NotCheckedReason } from '../model/types.js';
import { inertType } from '../stages/4-objects/inert.js';
import { Links } from '../stages/2-sources/links.js';
import { madeSecrets, SECRET_MAKERS, selectsNamespaces } from '../stages/4-objects/made-secrets.js';
import type { PodTemplatePaths } from '../stages/4-objects/workloads.js';
import type { Settings } from './options.js';

/** A file that could not be read as manifests, and why: its objects are unknown. */
export interface Unreadable {
  reason: Extract<NotCheckedReason, 'unreadable' | 'too-large' | 'lfs' | 'not-in-clone' | 'unsupported'>;
  line: number;
  message: string;
  /** Whether what could not be read may define a ConfigMap or Secret, or make one. */
  mayDefineConfig: boolean;
}

/** What defines a config, or makes one: what a file that cannot be read may hide. */
const CONFIG_MAKERS = ['ConfigMap', 'Secret', ...SECRET_MAKERS];

export interface Loaded {
  objects: Map<string, ManifestObject[]>;
  diagnostics: Diagnostic[];
  /** Files with content this check could not read whole, by path: a Git LFS pointer, past the size limit, a document the parser skipped. */
  unreadable: Map<string, Unreadable>;
}

/** A file the commit holds whose content git does not have here: it may hold anything. */
export const NOT_IN_CLONE: Unreadable = {
  reason: 'not-in-clone',
  line: 1,
  message: 'git does not have its content in this clone (a partial clone that could not fetch it)',
  mayDefineConfig: true,
};

/** Git LFS keeps a pointer in the repository and the content elsewhere. */
const LFS_POINTER = /^version https:\/\/git-lfs\.github\.com\/spec\/v1\r?\noid sha256:([0-9a-f]{64})\r?\n/;

/** Each path's text at one revision, or null where it is absent or could not be read (then in `unreadable`). */
export interface Texts {
  texts: (string | null)[];
  unreadable: Map<string, Unreadable>;
}

/**
 * Reads `paths` at `rev`; a path that does not exist there is null. A Git LFS pointer is read
 * through the local LFS store when its content is there. A symbolic link is not read as manifests,
 * so a manifest turned into one is not checked rather than deleted; one that leads to a file of the
 * revision that plainly defines no config hides none (kubernetes/test-infra deletes links to a
 * controller's Deployment and RBAC beside the files).
 */
export async function readTexts(
  repo: Repository,
  rev: Revision,
  paths: readonly string[],
  maxFileBytes: number,
): Promise<Texts> {
  const { bytes, links, missing } = await repo.readTree(rev, paths);
  const unreadable = new Map<string, Unreadable>();
  const ends = links.size ? (await Links.at(repo, rev)).ends : null;
  const hidesNoConfig = async (link: string) => {
    const end = ends?.get(link);
    if (!end || !('file' in end)) return false;
    const [target] = await repo.readMany(rev, [end.file]);
    return (
      target !== null &&
      target.length <= maxFileBytes &&
      !LFS_POINTER.test(target) &&
      definesNoneOf(target, CONFIG_MAKERS)
    );
  };
  const texts = await Promise.all(
    bytes.map(async (b, i): Promise<string | null> => {
      if (missing.has(paths[i])) unreadable.set(paths[i], NOT_IN_CLONE);
      if (b === null) return null;
      if (links.has(paths[i])) {
        unreadable.set(paths[i], {
          reason: 'unsupported',
          line: 1,
          message: `it is a symbolic link to ${JSON.stringify(b.toString('utf8').slice(0, 200))}, which this check does not follow`,
          mayDefineConfig: !(await hidesNoConfig(paths[i])),
        });
        return null;
      }
      const pointer = b.length < 1024 ? LFS_POINTER.exec(b.toString('utf8')) : null;
      const content = pointer ? await repo.lfsObject(pointer[1]) : b;
      if (content === null) {
        unreadable.set(paths[i], {
          reason: 'lfs',
          line: 1,
          message:
            'it is a Git LFS pointer, and the content is not in this clone (fetch it with git lfs pull)',
          mayDefineConfig: true,
        });
        return null;
      }
      if (content.length > maxFileBytes) {
        unreadable.set(paths[i], {
          reason: 'too-large',
          line: 1,
          message: `it is larger than ${Math.round(maxFileBytes / 2 ** 20)} MiB (raise max-file-mib to read it)`,
          mayDefineConfig: true,
        });
        return null;
      }
      return content.toString('utf8');
    }),
  );
  return { texts, unreadable };
}

/**
 * Reads and parses `paths` at `rev` (see `readTexts`). `scope` bounds the search for Namespaces,
 * when a ClusterExternalSecret needs them (`Settings.grepScope`). Files read because they
 * `mention` a name are read for what may read or define it: their CRDs are not parsed.
 */
export async function loadObjects(
  repo: Repository,
  rev: Revision,
  paths: readonly string[],
  settings: Pick<Settings, 'grepScope' | 'maxFileBytes'>,
  mention = false,
): Promise<Loaded> {
  const read = await readTexts(repo, rev, paths, settings.maxFileBytes);
  return parseTexts(
    repo,
    rev,
    paths,
    read,
    settings,
    mention ? (text) => withoutDefinitions(text) : (t) => t,
  );
}

/** Parses what `readTexts` read, each text as `shape` leaves it (documents blanked, lines kept). */
export async function parseTexts(
  repo: Repository,
  rev: Revision,
  paths: readonly string[],
  { texts, unreadable }: Texts,
  { grepScope: scope, maxFileBytes }: Pick<Settings, 'grepScope' | 'maxFileBytes'>,
  shape: (text: string) => string,
): Promise<Loaded> {
  const loaded: Loaded = { objects: new Map(), diagnostics: [], unreadable: new Map(unreadable) };
  const parsed = paths.map((path, i) =>
    texts[i] === null ? null : parseManifests(path, shape(texts[i]!), maxFileBytes),
  );
  const objects = parsed.flatMap((p) => p?.objects ?? []);
  const namespaces = selectsNamespaces(objects)
    ? await namespacesAt(repo, rev, objects, scope, maxFileBytes)
    : [];
  paths.forEach((path, i) => {
    const file = parsed[i];
    if (!file) return;
    // Secrets made by controllers from committed objects stand beside them, as configs.
    const made = madeSecrets(file.objects, namespaces, loaded.diagnostics);
    loaded.objects.set(path, [...file.objects, ...made]);
    loaded.diagnostics.push(...file.diagnostics);
    // Every parser diagnostic is a document it skipped.
    const [skipped] = file.diagnostics;
    if (skipped)
      loaded.unreadable.set(path, {
        reason: 'unreadable',
        line: skipped.line,
        message: skipped.message,
        mayDefineConfig: !definesNoneOf(texts[i]!, CONFIG_MAKERS),
      });
  });
  return loaded;
}

/**
 * Every Namespace the repository defines at `rev`: a ClusterExternalSecret's label selectors pick
 * among them. Read only when one is loaded, so a change that touches none pays nothing.
 */
async function namespacesAt(
  repo: Repository,
  rev: Revision,
  loaded: readonly ManifestObject[],
  scope: readonly string[],
  maxFileBytes: number,
): Promise<ManifestObject[]> {
  const files = await repo.grep(rev, ['kind: Namespace', 'kind: "Namespace"', "kind: 'Namespace'"], scope);
  const texts = await repo.readMany(rev, files);
  return [
    ...loaded,
    ...files.flatMap((file, i) =>
      texts[i] === null ? [] : parseManifests(file, texts[i]!, maxFileBytes).objects,
    ),
  ].filter((o) => o.kind === 'Namespace' && o.apiVersion === 'v1');
}

/**
 * Why a file that could not be read may hold a reader of a config named in `names`: a document of
 * it that spells one of them (`spellsName`) and cannot be read. The documents that were read were
 * judged, and a CustomResourceDefinition reads no config (lisenet/kubernetes-homelab: a duplicate
 * key in a Prometheus Deployment failed every check of the istio ConfigMaps beside it), nor does a
 * document of an inert type.
 */
export function unreadableNaming(
  file: string,
  text: string | null,
  why: Unreadable,
  names: readonly string[],
  custom: PodTemplatePaths,
): Unreadable | null {
  // Content that could not be read at all may name anything.
  if (text === null) return names.length ? why : null;
  // A Service, say, is named as its app's ConfigMap is.
  const spells = (document: string) =>
    names.some((name) => spellsName(document, name)) && !inertType(document, custom);
  if (!spells(text)) return null;
  // A file too large or in Git LFS was not read at all.
  if (why.reason !== 'unreadable') return why;
  const [skipped] = parseManifests(file, withoutDefinitions(keepDocuments(text, spells))).diagnostics;
  return skipped ? { ...why, line: skipped.line, message: skipped.message } : null;
}
