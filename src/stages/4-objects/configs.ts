import { createHash } from 'node:crypto';
import { isRecord } from '../../model/values.js';
import type { ConfigKind, Diagnostic, ManifestObject } from '../../model/types.js';
import { keyLine } from '../3-documents/positions.js';

/**
 * The content of a ConfigMap or Secret as the API server would store it, reduced to one digest per
 * key. Digests, not values: nothing downstream can print a Secret's value because nothing holds it.
 */
export interface ConfigContent {
  kind: ConfigKind;
  /** Key → where it lives and the SHA-256 (hex) of its bytes. */
  entries: Map<string, ConfigEntry>;
  immutable: boolean;
}

export interface ConfigEntry {
  field: 'data' | 'binaryData';
  sha256: string;
}

export const sameEntry = (a: ConfigEntry | undefined, b: ConfigEntry | undefined): boolean =>
  a?.field === b?.field && a?.sha256 === b?.sha256;

export function isConfig(object: ManifestObject): object is ManifestObject & { kind: ConfigKind } {
  return (object.kind === 'ConfigMap' || object.kind === 'Secret') && object.apiVersion === 'v1';
}

export function configContent(object: ManifestObject, diagnostics: Diagnostic[]): ConfigContent {
  const entries = new Map<string, ConfigEntry>();
  // On the key's own line: a manifest of many keys (argo-cd's argocd-secret) says which to fix.
  const warn = (field: string, key: string, message: string) =>
    diagnostics.push({ file: object.file, line: keyLine(object, field, key), severity: 'warning', message });
  const what = `${object.kind} ${object.name}`;

  if (object.kind === 'ConfigMap') {
    // data and binaryData are kept apart: the same bytes in the other field mean another file type for readers.
    for (const [key, value] of Object.entries(record(object.body.data))) {
      if (typeof value !== 'string')
        warn('data', key, `${what}: data.${key} is not a string; the API server will reject it.`);
      entries.set(key, digest('data', Buffer.from(scalarText(value))));
    }
    for (const [key, value] of Object.entries(record(object.body.binaryData))) {
      entries.set(
        key,
        digest(
          'binaryData',
          decodeBase64(String(value), () =>
            warn('binaryData', key, `${what}: binaryData.${key} is not valid base64.`),
          ),
        ),
      );
    }
  } else {
    // The API server merges stringData into data, stringData winning; compare what it would store.
    // A SOPS-encrypted Secret holds `ENC[…]` texts there: compared as they are written.
    const sops = isRecord(object.body.sops);
    for (const [key, value] of Object.entries(record(object.body.data))) {
      entries.set(
        key,
        digest(
          'data',
          sops
            ? Buffer.from(scalarText(value))
            : decodeBase64(scalarText(value), () =>
                warn('data', key, `${what}: data.${key} is not valid base64.`),
              ),
        ),
      );
    }
    for (const [key, value] of Object.entries(record(object.body.stringData))) {
      entries.set(key, digest('data', Buffer.from(scalarText(value))));
    }
  }
  return {
    kind: object.kind === 'Secret' ? 'Secret' : 'ConfigMap',
    entries,
    immutable: object.body.immutable === true,
  };
}

/**
 * Every value of the Secrets among `objects`, as the texts that could carry it into output: as
 * written (base64), decoded, and each line of a value of several lines. For `model/redact.ts` only.
 */
export function secretTexts(objects: Iterable<ManifestObject>): string[] {
  const texts: string[] = [];
  const add = (text: string) => {
    texts.push(text);
    if (text.includes('\n')) texts.push(...text.split(/\r?\n/));
  };
  for (const object of objects) {
    if (object.kind !== 'Secret' || !isConfig(object)) continue;
    for (const value of Object.values(record(object.body.data))) {
      const written = scalarText(value);
      add(written);
      add(decodeBase64(written, () => undefined).toString('utf8'));
    }
    for (const value of Object.values(record(object.body.stringData))) {
      const written = scalarText(value);
      add(written);
      add(Buffer.from(written).toString('base64'));
    }
  }
  return texts;
}

function digest(field: ConfigEntry['field'], bytes: Buffer): ConfigEntry {
  return { field, sha256: createHash('sha256').update(bytes).digest('hex') };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeBase64(text: string, onInvalid: () => void): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (!BASE64.test(compact) || compact.length % 4 === 1) {
    onInvalid();
    return Buffer.from(text);
  }
  return Buffer.from(compact, 'base64');
}

function scalarText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}
