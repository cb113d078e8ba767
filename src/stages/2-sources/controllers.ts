import { posix } from 'node:path';
import type { ManifestObject } from '../../model/types.js';
import { field } from '../../model/values.js';
import { SEPARATOR, WORDS } from './kustomize/reach.js';
import { CONTROLLER_GROUPS } from './declaring.js';
import { repoPath } from './paths.js';

/** What Argo CD and Flux declare roots with, and the Flux sources their charts come from. */
export const CONTROLLER_KINDS = [
  'Application',
  'ApplicationSet',
  'Kustomization',
  'HelmRelease',
  'HelmRepository',
  'OCIRepository',
  'HelmChart',
  'GitRepository',
];

/**
 * Whether an object is one of those: by its kind in their groups, not its group alone (an Argo
 * Rollout is `argoproj.io` too, and declares nothing).
 */
export const isController = (o: ManifestObject): boolean =>
  CONTROLLER_KINDS.includes(o.kind) && CONTROLLER_GROUPS.includes(o.apiVersion.split('/')[0]);

/**
 * Past this many changed paths a question reads every object: searching every text for each name
 * would cost more than parsing them all (a change of 248 files on home-ops).
 */
const NAMES = 32;

const SOURCE_KINDS = ['HelmRepository', 'OCIRepository', 'HelmChart', 'GitRepository'];
/** What names a directory: an Argo CD source's `path`, a Flux Kustomization's, a chart's in this repository. */
const DECLARING_KINDS = ['Application', 'ApplicationSet', 'Kustomization', 'HelmRelease', 'HelmChart'];
const isSource = (o: ManifestObject) => o.apiVersion.startsWith('source.toolkit.fluxcd.io/');

/** Where a HelmRelease, and a HelmChart it names, name the source of its chart (`fluxChart` follows these). */
const REFS: Record<string, string[]> = {
  HelmRelease: ['spec.chartRef.name', 'spec.chart.spec.sourceRef.name'],
  HelmChart: ['spec.sourceRef.name'],
};

/** The Flux sources an object takes its chart from, by name. */
const refNames = (o: ManifestObject): string[] =>
  (REFS[o.kind] ?? []).flatMap((path) => {
    const name = field(o.body, path);
    return typeof name === 'string' && name !== '' ? [name] : [];
  });

/**
 * The Argo CD and Flux objects of one revision, parsed only as far as a question needs. An object
 * names a path or another object only in a string (a path: one word, see `mayNameDir`). YAML spells
 * a string as written except in a double-quoted scalar with escapes or a single-quoted one with a
 * doubled quote, so a text is searched as written and, where it has either, with them undone: a
 * text that spells a name neither way cannot name it. What is parsed is read exactly as a whole
 * reading reads it, in the same order.
 */
export class ControllerIndex {
  private readonly objects = new Map<string, ManifestObject[]>();
  private readonly texts: readonly Entry[];
  /**
   * The entries that spell each name asked about. `reads` asks `releasing` of one file at a time,
   * each time for `valuesFrom` and the sources' names again: argo-cd's 583 texts (15 MB of CRDs)
   * were searched 49 times for the same words.
   */
  private readonly spellers = new Map<string, readonly Entry[]>();

  constructor(
    /**
     * The files that name a controller API group, in the order of the listing, each with the text of
     * its documents that may define one (the others blank, lines kept).
     */
    texts: readonly { file: string; text: string }[],
    private readonly parse: (file: string, text: string) => ManifestObject[],
    /** Whether a text may define an object of one of `kinds`: false only where `parse` would find none. */
    private readonly mayDefineKind: (text: string, kinds: readonly string[]) => boolean,
  ) {
    this.texts = texts.map(({ file, text }) => ({
      file,
      text,
      spelled: spelled(text),
      declares: null,
      paths: null,
    }));
  }

  /** Whether some file may define an object of one of `kinds`, without parsing any. */
  mayDefine(kinds: readonly string[]): boolean {
    return this.texts.some(({ text }) => this.mayDefineKind(text, kinds));
  }

  /** Every object: what a question about the whole revision (scan, adoption, trust) reads. */
  all(): ManifestObject[] {
    return this.objectsOf(new Set(this.texts.map(({ file }) => file)));
  }

  /**
   * What can declare a kustomize root in one of `dirs` (a Flux Kustomization's `path`, an Argo CD
   * source's `path`), and everything in a changed file. The top of the repository is named by `.`
   * or by no path at all, so a kustomization there makes every object a candidate.
   */
  declaring(dirs: readonly string[], changed: ReadonlySet<string>): ManifestObject[] {
    if (changed.size > NAMES) return this.all();
    return this.objectsOf(
      this.where((entry) => changed.has(entry.file) || dirs.some((dir) => this.namesDir(entry, dir))),
    );
  }

  /**
   * What can make a chart release whose closure holds a changed path, with the sources those take
   * their charts from: objects in a changed file; those that may name a changed file (a values
   * file) or declare a chart in one of `chartDirs`; every one with `valuesFrom` (its closure is
   * where the named config is defined, found later); those that name a source in a changed file or
   * declaring such a chart (a HelmChart, a HelmRepository a version bump moves), and the sources
   * among them, to a fixpoint; then the sources every release found takes its chart from, as a whole
   * reading would resolve them.
   */
  releasing(changed: ReadonlySet<string>, chartDirs: readonly string[]): ManifestObject[] {
    if (changed.size + chartDirs.length > NAMES) return this.all();
    const names = [...changed].map((path) => posix.basename(path));
    const touching = this.where(
      (entry) => changed.has(entry.file) || chartDirs.some((dir) => this.namesDir(entry, dir)),
    );
    const files = new Set([
      ...touching,
      ...['valuesFrom', ...names].flatMap((name) => this.spelledBy(name).map((entry) => entry.file)),
    ]);
    // A release's closure holds the files of the sources it takes its chart from.
    let added = touching;
    while (added.size) {
      const sources = this.objectsOf(added).filter(isSource);
      added = this.naming(
        sources.map((o) => o.name),
        files,
      );
    }
    // Every release found resolves its chart through its sources, as a whole reading would: the
    // files that may define a source of a name one of them takes its chart from.
    const holdsSource = (text: string) => this.mayDefineKind(text, SOURCE_KINDS);
    added = files;
    while (added.size) added = this.naming(this.objectsOf(added).flatMap(refNames), files, holdsSource);
    return this.objectsOf(files);
  }

  /** The objects in the files that spell any of `names`. */
  spelling(names: readonly string[]): ManifestObject[] {
    return this.objectsOf(new Set(names.flatMap((name) => this.spelledBy(name).map((entry) => entry.file))));
  }

  /** Whether an object of `entry` may name directory `dir`: only what declares one can (`mayNameDir`). */
  private namesDir(entry: Entry, dir: string): boolean {
    entry.declares ??= this.mayDefineKind(entry.text, DECLARING_KINDS);
    return entry.declares && mayNameDir(entry, dir);
  }

  /** The files not in `files` whose text spells one of `names` (and passes `may`), added to it. */
  private naming(
    names: readonly string[],
    files: Set<string>,
    may: (text: string) => boolean = () => true,
  ): Set<string> {
    const added = new Set<string>();
    for (const name of names)
      for (const { file, text } of this.spelledBy(name))
        if (!files.has(file) && may(text)) {
          files.add(file);
          added.add(file);
        }
    return added;
  }

  /** The entries whose text spells `name`, as written or as spelled. */
  private spelledBy(name: string): readonly Entry[] {
    let found = this.spellers.get(name);
    if (!found) this.spellers.set(name, (found = this.texts.filter(({ spelled }) => spelled.includes(name))));
    return found;
  }

  /** The files `keep` picks. */
  private where(keep: (entry: Entry) => boolean): Set<string> {
    return new Set(this.texts.filter(keep).map((t) => t.file));
  }

  /** The objects of `files`, in the order of the listing, each file parsed once for every question. */
  private objectsOf(files: ReadonlySet<string>): ManifestObject[] {
    return this.texts.flatMap(({ file, text }) => {
      if (!files.has(file)) return [];
      let objects = this.objects.get(file);
      if (!objects) this.objects.set(file, (objects = this.parse(file, text)));
      return objects;
    });
  }
}

/** YAML's escapes in a double-quoted scalar (YAML 1.2, 5.7), besides `\xXX`, `\uXXXX` and `\UXXXXXXXX`. */
const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};

/**
 * A text as written, and, when it has a backslash or a doubled single quote, followed by the same
 * text with every escape undone (an escaped line break joins its lines): whatever string a scalar
 * holds is spelled in one of the two.
 */
function spelled(text: string): string {
  if (!text.includes('\\') && !text.includes("''")) return text;
  const undone = text
    .replace(
      /\\(\r?\n[ \t]*|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[^])/g,
      (escape, code: string) => {
        if (code.startsWith('\n') || code.startsWith('\r')) return '';
        if (code.length === 1) return ESCAPES[code] ?? escape;
        const point = parseInt(code.slice(1), 16);
        return point <= 0x10ffff ? String.fromCodePoint(point) : escape;
      },
    )
    .replaceAll("''", "'");
  return `${text}\n${undone}`;
}

/**
 * A file's text, as written and as spelled; once asked, whether it may define what names a
 * directory, and the repository paths its words name.
 */
interface Entry {
  file: string;
  text: string;
  spelled: string;
  declares: boolean | null;
  paths: Set<string> | null;
}

/**
 * Whether the text of `entry` may name directory `dir`. A path is one word of the text, normalised
 * as `repoPath` normalises it (`./a`, `a/x/../b`, `a//b/`); the top of the repository, '', is named
 * by `.` or by no path at all. A directory whose name holds a separator (a space a line break may
 * fold into, a quote) is looked for part by part.
 */
function mayNameDir(entry: Entry, dir: string): boolean {
  if (dir === '') return true;
  if (SEPARATOR.test(dir)) return dir.split(/[/\s]+/).every((part) => entry.spelled.includes(part));
  entry.paths ??= new Set(
    entry.spelled
      .split(WORDS)
      .flatMap((word) =>
        word.includes('/') || word.startsWith('.') ? (repoPath(word) ?? []) : word === '' ? [] : [word],
      ),
  );
  return entry.paths.has(dir);
}
