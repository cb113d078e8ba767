import { createHash } from 'node:crypto';

/**
 * A digest of a parsed YAML value that does not depend on key order. Shared subtrees (what YAML
 * aliases become) are digested once, so a document whose aliases expand to gigabytes costs what
 * its nodes cost, where serialising it would not finish.
 */
export function valueDigest(value: unknown, memo = new WeakMap<object, string>()): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  const known = memo.get(value);
  if (known) return known;
  const hash = createHash('sha256');
  if (Array.isArray(value)) {
    hash.update('[');
    for (const item of value) hash.update(valueDigest(item, memo) + ',');
  } else {
    hash.update('{');
    for (const key of Object.keys(value).sort())
      hash.update(`${JSON.stringify(key)}:${valueDigest((value as Record<string, unknown>)[key], memo)},`);
  }
  const digest = hash.digest('base64');
  memo.set(value, digest);
  return digest;
}
