import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The team's shared real-world manifests, beside the repository (../shared/corpora). */
export const CORPORA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpora');

export function corpora(): string[] {
  if (!existsSync(CORPORA_DIR)) {
    console.warn(
      `Corpus tests skipped: no ${CORPORA_DIR}. Put the team's shared/ folder beside this clone (../shared/corpora) to run them; see the README.`,
    );
    return [];
  }
  return readdirSync(CORPORA_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

export const corpusPath = (name: string) => join(CORPORA_DIR, name);
