import { posix } from 'node:path';
import { unreadKustomization, type Kustomization } from './kustomization.js';
import { insideRepository } from '../paths.js';
import { declaredDirs, directReads, findRoots, type Root } from './roots.js';
import type { ControllerIndex } from '../controllers.js';
import type { ManifestObject } from '../../../model/types.js';

/**
 * What separates the words of a kustomization's text: YAML's whitespace and line breaks (NEL, LS
 * and PS among them), quotes and flow punctuation. A path kustomize reads is one word, or the part
 * of one after the `key=` of a generator's `files` entry.
 */
export const WORDS = /[ \t\r\n\u0085\u2028\u2029"'`[\]{},]+/;
export const SEPARATOR = /[ \t\r\n\u0085\u2028\u2029"'`[\]{},]/;
/** How many times a question may search every text before every kustomization is a candidate. */
const SEARCHES = 32;
/** A word whose last segment is `.` or `..`: it names a directory without spelling its name. */
const DOTTED =
  /(?:^|[ \t\r\n\u0085\u2028\u2029"'`[\]{},=/])\.{1,2}\/*(?=$|[ \t\r\n\u0085\u2028\u2029"'`[\]{},])/;

/**
 * The kustomizations of one revision, parsed only as far as a question needs. A kustomization reads
 * a file only if one of its words, read from its directory, names the file or its directory (a
 * generator's input directory); a directory it includes, only if a word names that directory. A word
 * that names a path spells the path's last name, unless its own last segment is `.` or `..`; so
 * only texts that spell the name, or hold such a word, are split into words. Parsed for every
 * question besides: kustomizations in a directory above the path (their own file, their default
 * chart home), those that set a chart home, and those whose text cannot be taken at its word (a
 * backslash escape, a doubled single quote); every one when the path holds a separator. What is
 * parsed is read exactly as a discovery of every kustomization reads it.
 */
export class KustomizationIndex {
  /** Directory → its kustomization file and text: where two spellings share a directory, the first. */
  private readonly byDir = new Map<string, { file: string; text: string }>();
  /** Directories whose kustomization is parsed for every question. */
  private readonly always: string[] = [];
  /** Directories whose kustomization has a word ending in `.` or `..`. */
  private readonly dotted = new Set<string>();
  /** Directory → the paths its kustomization's words name. */
  private readonly words = new Map<string, Set<string>>();
  private readonly parsed = new Map<string, Kustomization>();
  /** Directories whose kustomization's content this clone lacks: it may read any path. */
  private readonly unread = new Set<string>();
  private readonly direct = new Map<string, Set<string>>();
  private everyRead: Set<string> | null = null;
  /** What `reads` said: the plain pipeline asks of a file each time it meets it. */
  private readonly answers = new Map<string, boolean>();
  /**
   * Bytes of text searched so far, against the revision's: past a few readings of every text (a
   * change of thousands of files) every kustomization is a candidate, so a question never costs
   * more than parsing them all once.
   */
  private searched = 0;
  private readonly textBytes: number;

  constructor(
    files: readonly string[],
    texts: readonly (string | null)[],
    private readonly parse: (file: string, text: string) => Kustomization,
    private readonly filesUnder: (dir: string, recursive: boolean) => string[],
  ) {
    files.forEach((file, i) => {
      const dir = posix.dirname(file) === '.' ? '' : posix.dirname(file);
      if (this.byDir.has(dir)) return;
      const text = texts[i] ?? '';
      this.byDir.set(dir, { file, text });
      if (texts[i] === null) {
        this.unread.add(dir);
        this.parsed.set(dir, unreadKustomization(file));
        return;
      }
      if (text.includes('\\') || text.includes("''") || text.includes('chartHome')) this.always.push(dir);
      else if (DOTTED.test(text)) this.dotted.add(dir);
    });
    this.textBytes = [...this.byDir.values()].reduce((sum, { text }) => sum + text.length, 0);
  }

  /** The kustomization files whose content this clone lacks. */
  get unreadFiles(): Set<string> {
    return new Set([...this.unread].map((dir) => this.byDir.get(dir)!.file));
  }

  get size(): number {
    return this.byDir.size;
  }

  /** Every kustomization, parsed: what a question that needs the whole revision reads. */
  all(): Map<string, Kustomization> {
    return new Map([...this.byDir.keys()].map((dir) => [dir, this.get(dir)!]));
  }

  /**
   * The kustomizations whose build reads one of `paths` (directly, or through what they include),
   * with everything those include: enough to find exactly the roots that read them, and what each
   * root reads. In the order of the listing, as `all()`.
   */
  reaching(paths: Iterable<string>, alsoFrom: Iterable<string> = []): Map<string, Kustomization> {
    const relevant = new Set<string>();
    const rising = [...paths].flatMap((path) => this.readers(path));
    while (rising.length) {
      const dir = rising.pop()!;
      if (relevant.has(dir)) continue;
      relevant.add(dir);
      rising.push(...this.candidates(dir).filter((other) => this.get(other)!.includes.includes(dir)));
    }
    const kept = new Set<string>();
    const stack = [...relevant, ...alsoFrom];
    while (stack.length) {
      const dir = stack.pop()!;
      const k = this.get(dir);
      if (!k || kept.has(dir)) continue;
      kept.add(dir);
      stack.push(...k.includes, ...k.pluginDirs);
    }
    return new Map([...this.byDir.keys()].filter((d) => kept.has(d)).map((d) => [d, this.get(d)!]));
  }

  /**
   * Whether some kustomization's build reads `path`. A Component's reads count only if something
   * uses it, which only the whole revision can say: such a path is answered from every kustomization.
   */
  reads(path: string): boolean {
    const known = this.answers.get(path);
    if (known !== undefined) return known;
    const answer = this.answer(path);
    this.answers.set(path, answer);
    return answer;
  }

  private answer(path: string): boolean {
    const readers = this.readers(path);
    if (readers.every((dir) => !this.get(dir)!.component)) return readers.length > 0;
    this.everyRead ??= new Set(
      Object.values(findRoots(this.all(), [], this.filesUnder, null)).flatMap((roots) =>
        roots.flatMap((root) => [...root.closure]),
      ),
    );
    return this.everyRead.has(path);
  }

  get(dir: string): Kustomization | undefined {
    const known = this.parsed.get(dir);
    if (known) return known;
    const entry = this.byDir.get(dir);
    if (!entry) return undefined;
    const k = this.parse(entry.file, entry.text);
    this.parsed.set(dir, k);
    return k;
  }

  /** The kustomizations that read `path` themselves. */
  private readers(path: string): string[] {
    const readers = this.candidates(path).filter((dir) => {
      let files = this.direct.get(dir);
      if (!files) {
        files = new Set(directReads(this.get(dir)!, (p) => this.byDir.has(p), this.filesUnder));
        this.direct.set(dir, files);
      }
      return files.has(path);
    });
    return this.unread.size ? [...new Set([...this.unread, ...readers])] : readers;
  }

  /** Every kustomization that can name `path`, by the rule above; a superset of those that do. */
  private candidates(path: string): string[] {
    this.searched += this.textBytes;
    if (SEPARATOR.test(path) || this.searched > SEARCHES * this.textBytes) return [...this.byDir.keys()];
    const found = new Set(this.always);
    for (let d = path; d !== '';) {
      d = posix.dirname(d) === '.' ? '' : posix.dirname(d);
      if (this.byDir.has(d)) found.add(d);
    }
    const parent = posix.dirname(path) === '.' ? '' : posix.dirname(path);
    const spelled = [posix.basename(path), ...(parent === '' ? [] : [posix.basename(parent)])];
    for (const [dir, { text }] of this.byDir) {
      if (found.has(dir) || (!this.dotted.has(dir) && !spelled.some((name) => text.includes(name)))) continue;
      const named = this.namedBy(dir, text);
      if (named.has(path) || named.has(parent)) found.add(dir);
    }
    return [...found];
  }

  /** The repository paths the words of one kustomization name, read from its directory. */
  private namedBy(dir: string, text: string): Set<string> {
    const known = this.words.get(dir);
    if (known) return known;
    const entries = new Set<string>();
    for (const word of text.split(WORDS)) {
      if (word === '') continue;
      entries.add(word);
      if (word.includes('=')) entries.add(word.slice(word.indexOf('=') + 1));
    }
    const paths = new Set<string>();
    for (const entry of entries) {
      // Most words are a plain name in the kustomization's own directory.
      const path =
        entry.includes('/') || entry === '.' || entry === '..'
          ? insideRepository(dir, entry)
          : dir === ''
            ? entry
            : `${dir}/${entry}`;
      if (path !== null) paths.add(path);
    }
    this.words.set(dir, paths);
    return paths;
  }
}

/**
 * The kustomize roots a change of `changed` can touch (every root when null, or the `only` ones),
 * as a discovery of every kustomization and every Argo CD and Flux object finds them: only the
 * kustomizations that can reach a changed path (and the roots a changed object declares) are
 * parsed, and only the objects that can declare one of those. `reads` answers for a file the check
 * reads later.
 */
export function findReaching(
  index: KustomizationIndex,
  controllers: ControllerIndex,
  changed: ReadonlySet<string> | null,
  filesUnder: (dir: string, recursive: boolean) => string[],
  only: readonly string[] | null,
): { roots: Root[]; setAside: Root[]; reads?: (path: string) => boolean } {
  const declarers = (objects: ManifestObject[]) => objects.filter((o) => o.kind !== 'HelmRelease');
  // Roots named by the settings are those alone: what declares roots is not read.
  if (only !== null) return findRoots(index.all(), [], filesUnder, only);
  if (changed === null) return findRoots(index.all(), declarers(controllers.all()), filesUnder, null);
  const declared = declarers(controllers.declaring([], changed));
  const kustomizations = index.reaching(changed, declared.flatMap(declaredDirs));
  const found = findRoots(
    kustomizations,
    declarers(controllers.declaring([...kustomizations.keys()], changed)),
    filesUnder,
    only,
  );
  return { ...found, reads: (path) => index.reads(path) };
}
