import { posix } from 'node:path';
import type { ManifestObject } from '../../model/types.js';
import { field } from '../../model/values.js';

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

/** The API groups a file must name to hold one of them: what `git grep` looks for. */
export const CONTROLLER_GROUPS = [
  'argoproj.io',
  'kustomize.toolkit.fluxcd.io',
  'helm.toolkit.fluxcd.io',
  'source.toolkit.fluxcd.io',
];

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
 * names a path or another object only in a string; YAML spells a string as written except in a
 * double-quoted scalar with an escape (a backslash) or a single-quoted one with a doubled quote, and
 * a path normalised as `repoPath` normalises it keeps only segments written in it. So a text that
 * does not spell a name cannot name it, and a text that cannot be taken at its word is parsed for
 * every question. What is parsed is read exactly as a whole reading reads it, in the same order.
 */
export class ControllerIndex {
  private readonly objects = new Map<string, ManifestObject[]>();

  constructor(
    /** The files that name a controller API group, with their texts, in the order of the listing. */
    readonly texts: readonly { file: string; text: string }[],
    private readonly parse: (file: string, text: string) => ManifestObject[],
  ) {}

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
    return this.objectsOf(
      this.where((file, text) => changed.has(file) || dirs.some((dir) => mayNameDir(text, dir))),
    );
  }

  /**
   * What can make a chart release whose closure holds a changed path, with the sources those take
   * their charts from: objects in a changed file; those that may name a changed file (a values
   * file) or declare a chart in one of `chartDirs`; every one with `valuesFrom` (its closure is
   * where the named config is defined, found later); those that name a source one of these defines
   * (a HelmChart naming the chart, a source a changed file moves), to a fixpoint; then the sources
   * every release found takes its chart from, as a whole reading would resolve them.
   */
  releasing(changed: ReadonlySet<string>, chartDirs: readonly string[]): ManifestObject[] {
    const names = [...changed].map((path) => posix.basename(path));
    const files = this.where(
      (file, text) =>
        changed.has(file) ||
        text.includes('valuesFrom') ||
        names.some((name) => text.includes(name)) ||
        chartDirs.some((dir) => mayNameDir(text, dir)),
    );
    // A source found so far may be what a release's closure holds: the releases naming it are wanted.
    let added = files;
    while (added.size) {
      const sources = this.objectsOf(added).filter(isSource);
      added = this.naming(
        sources.map((o) => o.name),
        files,
      );
    }
    // Every release found resolves its chart through its sources, as a whole reading would.
    added = files;
    while (added.size) added = this.naming(this.objectsOf(added).flatMap(refNames), files);
    return this.objectsOf(files);
  }

  /** The files not in `files` whose text spells one of `names`, added to it (`files` holds every text not taken at its word). */
  private naming(names: readonly string[], files: Set<string>): Set<string> {
    const added = new Set<string>();
    if (names.length === 0) return added;
    for (const { file, text } of this.texts)
      if (!files.has(file) && names.some((name) => text.includes(name))) {
        files.add(file);
        added.add(file);
      }
    return added;
  }

  private where(keep: (file: string, text: string) => boolean): Set<string> {
    return new Set(
      this.texts.filter(({ file, text }) => !literal(text) || keep(file, text)).map((t) => t.file),
    );
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

/** Whether YAML spells every string of `text` as written: no escape, no doubled single quote. */
const literal = (text: string) => !text.includes('\\') && !text.includes("''");

/** Whether `text` may name directory `dir`: it spells every segment of it. */
const mayNameDir = (text: string, dir: string) => dir === '' || dir.split('/').every((s) => text.includes(s));
