import { configContent, isConfig, sameEntry, type ConfigContent } from '../4-objects/configs.js';
import type { ConfigChange, Diagnostic, KeyChanges, ManifestObject } from '../../model/types.js';
import type { Pairing } from './pairing.js';
import { MADE_BY } from '../4-objects/made-secrets.js';
import { field, isRecord } from '../../model/values.js';

/** Keys the API server requires for each Secret type, each as "one of" (k8s.io/api/core/v1 Secret types). */
const REQUIRED_KEYS: Record<string, string[][]> = {
  'kubernetes.io/tls': [['tls.crt'], ['tls.key']],
  'kubernetes.io/dockerconfigjson': [['.dockerconfigjson']],
  'kubernetes.io/dockercfg': [['.dockercfg']],
  'kubernetes.io/basic-auth': [['username', 'password']],
  'kubernetes.io/ssh-auth': [['ssh-privatekey']],
};

/**
 * The ConfigMaps and Secrets whose content differs: per key, never by text. Formatting, key order,
 * scalar style, metadata and the file an object lives in do not count.
 */
export function diffConfigs(pairing: Pairing, diagnostics: Diagnostic[]): ConfigChange[] {
  const changes: ConfigChange[] = [];
  const content = (object: ManifestObject) => configContent(object, diagnostics);

  for (const [head, base] of pairing.baseOf) {
    if (!isConfig(head)) continue;
    const before = content(base);
    const keys = diffKeys(before, content(head));
    if (keys.added.length + keys.removed.length + keys.modified.length === 0) continue;
    changes.push(change(head, 'modified', keys));
    const rewritten = rewrittenWhole(base, head, keys, before.entries.size);
    if (rewritten)
      diagnostics.push({ file: head.file, line: head.line, severity: 'notice', message: rewritten });
    if (before.immutable) {
      diagnostics.push({
        file: head.file,
        line: head.line,
        severity: 'error',
        message:
          `${head.kind} ${head.name} is immutable: the API server will reject this change. ` +
          `Create it under a new name and point its consumers at the new name.`,
      });
    }
  }
  for (const head of pairing.added.filter(isConfig)) {
    changes.push(
      change(head, 'added', { added: [...content(head).entries.keys()].sort(), removed: [], modified: [] }),
    );
  }
  // A Secret this change writes must still have the keys its type requires, or the API server
  // rejects it (and nothing that reads it rolls).
  for (const head of [...pairing.baseOf.keys(), ...pairing.added]) {
    if (head.kind !== 'Secret' || !changes.some((c) => c.file === head.file && c.line === head.line))
      continue;
    const type = typeof head.body.type === 'string' ? head.body.type : 'Opaque';
    const missing = (REQUIRED_KEYS[type] ?? [])
      .filter((oneOf) => !oneOf.some((k) => content(head).entries.has(k)))
      .map((oneOf) => oneOf.join(' or '));
    if (missing.length)
      diagnostics.push({
        file: head.file,
        line: head.line,
        severity: 'error',
        message: `Secret ${head.name} has type ${type}, which requires ${missing.join(' and ')}: the API server will reject it.`,
      });
  }
  for (const base of pairing.deleted.filter(isConfig)) {
    changes.push(
      change(base, 'deleted', { added: [], removed: [...content(base).entries.keys()].sort(), modified: [] }),
    );
  }
  return changes;
}

function diffKeys(before: ConfigContent, after: ConfigContent): KeyChanges {
  const keys: KeyChanges = { added: [], removed: [], modified: [] };
  for (const [key, value] of after.entries) {
    if (!before.entries.has(key)) keys.added.push(key);
    else if (!sameEntry(before.entries.get(key), value)) keys.modified.push(key);
  }
  for (const key of before.entries.keys()) if (!after.entries.has(key)) keys.removed.push(key);
  for (const list of Object.values(keys)) list.sort();
  return keys;
}

function change(object: ManifestObject, kind: ConfigChange['change'], keys: KeyChanges): ConfigChange {
  return {
    kind: object.kind as ConfigChange['kind'],
    namespace: object.namespace,
    name: object.name,
    file: object.file,
    line: object.line,
    change: kind,
    keys,
    ...(object.source ? { source: object.source } : {}),
  };
}

export function changedKeys(change: ConfigChange): string[] {
  return [...change.keys.added, ...change.keys.removed, ...change.keys.modified];
}

/**
 * Encryption that rewrites every value on each edit hides which values really changed: a
 * SealedSecret re-sealed whole, a SOPS file re-encrypted. Every key then counts as changed, and the
 * reader is told why.
 */
function rewrittenWhole(
  base: ManifestObject,
  head: ManifestObject,
  keys: KeyChanges,
  size: number,
): string | null {
  if (size < 2 || keys.added.length || keys.removed.length || keys.modified.length !== size) return null;
  const madeBy = field(head.body, `metadata.annotations.${MADE_BY}`);
  if (typeof madeBy === 'string' && madeBy.startsWith('SealedSecret '))
    return `${madeBy}: all ${size} values were re-sealed at once; sealing is randomised, so which of them really changed is unknown, and every key counts as changed.`;
  const moved = field(base.body, 'sops.lastmodified') !== field(head.body, 'sops.lastmodified');
  if (isRecord(head.body.sops) && moved)
    return `Secret ${head.name}: SOPS re-encrypted all ${size} values (sops.lastmodified moved), so which of them really changed is unknown, and every key counts as changed.`;
  return null;
}
