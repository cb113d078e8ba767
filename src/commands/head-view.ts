import type { Repository, Revision } from '../stages/1-git/repository.js';
import { asWorkload, type PodTemplatePaths, type Workload } from '../stages/4-objects/workloads.js';
import type { Diagnostic, ManifestObject } from '../model/types.js';
import type { Loaded } from './load.js';
import { loadObjects } from './load.js';

/**
 * The part of the head revision read so far. It grows only by files that mention names we ask
 * about (one `git grep` per question), which is what keeps a check's cost with the change.
 */
export class HeadView {
  private readonly files: Map<string, ManifestObject[]>;
  private cachedWorkloads: Workload[] | null = null;

  constructor(
    private readonly repo: Repository,
    private readonly rev: Revision,
    private readonly selected: (path: string) => boolean,
    private readonly podTemplatePaths: PodTemplatePaths,
    initial: Loaded,
    private readonly diagnostics: Diagnostic[],
  ) {
    this.files = new Map(initial.objects);
  }

  /** Reads, once, every selected file at head that contains any of `names`. */
  async readMentioning(names: Iterable<string>): Promise<void> {
    const unique = [...new Set(names)];
    if (unique.length === 0) return;
    const paths = (await this.repo.grep(this.rev, unique)).filter(
      (p) => this.selected(p) && !this.files.has(p),
    );
    if (paths.length === 0) return;
    const more = await loadObjects(this.repo, this.rev, paths);
    for (const [path, objects] of more.objects) this.files.set(path, objects);
    this.diagnostics.push(...more.diagnostics);
    this.cachedWorkloads = null;
  }

  objects(): ManifestObject[] {
    return [...this.files.values()].flat();
  }

  workloads(): Workload[] {
    this.cachedWorkloads ??= this.objects().flatMap((o) => asWorkload(o, this.podTemplatePaths) ?? []);
    return this.cachedWorkloads;
  }
}
