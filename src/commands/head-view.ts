import type { Diagnostic, ManifestObject } from '../model/types.js';
import type { Repository, Revision } from '../stages/1-git/repository.js';
import { asWorkload } from '../stages/4-objects/workloads.js';
import { consumerOf, type Consumer } from '../stages/5-references/consumers.js';
import { loadObjects, type Loaded, type Unreadable } from './load.js';
import type { Settings } from './options.js';

/**
 * The part of the head revision read so far. It grows only by files that mention names we ask
 * about (one `git grep` per question), which is what keeps a check's cost with the change.
 */
export class HeadView {
  private readonly files: Map<string, ManifestObject[]>;
  private readonly skipped = new Map<string, Unreadable>();
  /** The caller's own files that could not be read: already said, never read again. */
  private readonly initiallyUnreadable: ReadonlySet<string>;
  private cachedConsumers: Consumer[] | null = null;

  constructor(
    private readonly repo: Repository,
    private readonly rev: Revision,
    private readonly settings: Settings,
    initial: Loaded,
    private readonly diagnostics: Diagnostic[],
  ) {
    this.files = new Map(initial.objects);
    this.initiallyUnreadable = new Set(initial.unreadable.keys());
  }

  /** Reads, once, every selected file at head that contains any of `names`. */
  async readMentioning(names: Iterable<string>): Promise<void> {
    const unique = [...new Set(names)];
    if (unique.length === 0) return;
    const paths = (await this.repo.grep(this.rev, unique, this.settings.grepScope)).filter(
      (p) => this.settings.selected(p) && !this.files.has(p) && !this.initiallyUnreadable.has(p),
    );
    if (paths.length === 0) return;
    const more = await loadObjects(this.repo, this.rev, paths, this.settings, true);
    for (const [path, objects] of more.objects) this.files.set(path, objects);
    for (const [path, why] of more.unreadable) this.skipped.set(path, why);
    this.diagnostics.push(...more.diagnostics.filter((d) => !more.unreadable.has(d.file)));
    this.cachedConsumers = null;
  }

  /** Reads the configs that `consumers` reference, so that their hashes can be computed. */
  async readConfigsOf(consumers: readonly Consumer[]): Promise<void> {
    await this.readMentioning(
      consumers.flatMap((w) => w.templates.flatMap((t) => t.refs.map((r) => r.name))),
    );
  }

  /** Files read for this view by its caller, mentioning a name asked about, that could not be read whole. */
  alsoUnreadable(files: ReadonlyMap<string, Unreadable>): void {
    for (const [path, why] of files) if (this.settings.selected(path)) this.skipped.set(path, why);
  }

  /** Files read because they mention a name asked about, that could not be read whole. */
  unreadable(): ReadonlyMap<string, Unreadable> {
    return this.skipped;
  }

  objects(): ManifestObject[] {
    return [...this.files.values()].flat();
  }

  /** Every workload read so far, with its references. */
  consumers(): Consumer[] {
    this.cachedConsumers ??= this.objects().flatMap((o) => {
      const workload = asWorkload(o, this.settings.podTemplatePaths);
      return workload ? [consumerOf(workload)] : [];
    });
    return this.cachedConsumers;
  }
}
