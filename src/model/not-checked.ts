import type { NotChecked, NotCheckedReason } from './types.js';

/**
 * The one not-checked rule: whatever the tool saw change, or could not rule out as changed, but
 * could not judge, fails the run; the base configuration may let named reasons or paths only warn
 * (`warn-not-checked`), and `render: best-effort` lets every root warn. The reason is shown either way.
 */
export type Unjudged = Omit<NotChecked, 'fails'>;

export interface NotCheckedPolicy {
  /** `render: best-effort`: a root that could not be rendered warns. */
  rootsWarn: boolean;
  /** Entries of `warn-not-checked`: every field given must match. */
  warn: readonly { reason?: NotCheckedReason; path?: (path: string) => boolean }[];
}

export const STRICT: NotCheckedPolicy = { rootsWarn: false, warn: [] };

export function judge(entries: readonly Unjudged[], policy: NotCheckedPolicy): NotChecked[] {
  return entries.map((entry) => ({ ...entry, fails: fails(entry, policy) }));
}

function fails(entry: Unjudged, policy: NotCheckedPolicy): boolean {
  if (entry.kind === 'root' && policy.rootsWarn) return false;
  return !policy.warn.some(
    (rule) =>
      (rule.reason === undefined || rule.reason === entry.reason) &&
      (rule.path === undefined || rule.path(entry.file) || rule.path(entry.name)),
  );
}
