import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The team's shared real-world manifests, beside the repository (../shared/corpora). */
export const CORPORA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpora');

export function corpora(): string[] {
  if (!existsSync(CORPORA_DIR)) {
    console.warn(
      `Corpus tests skipped: ${CORPORA_DIR} is absent (it is laid beside the repository as shared/corpora).`,
    );
    return [];
  }
  return readdirSync(CORPORA_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

export const corpusPath = (name: string) => join(CORPORA_DIR, name);
