import { readdir, readFile } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { compareText } from '../../../model/order.js';
import { isRecord } from '../../../model/values.js';
import { MAX_CHART_BYTES } from '../remote/access.js';
import { untar } from '../remote/tar.js';
import type { Refusal } from '../tools.js';

/**
 * A reference in a chart's values schema to a schema outside it (`foreignRef`): helm's validation
 * loads it (a URL, or a file path on the runner) before it renders, which would hand the pull
 * request the runner's network. The chart's own schema and its dependencies', unpacked or as
 * archives in `charts/` (every chart under `chartDir`, which the repository calls `shownAs`); the
 * first found, in path order, refuses the render, naming it and the file that holds it.
 */
export async function schemaFetch(chartDir: string, shownAs: string): Promise<Refusal | null> {
  const outside = (file: string, bytes: Buffer) => {
    let schema: unknown;
    try {
      schema = JSON.parse(bytes.toString('utf8'));
    } catch {
      // helm says what is wrong with a schema that does not parse.
      return null;
    }
    const ref = foreignRef(schema);
    if (ref === null) return null;
    const shown = ref.length > 200 ? `${ref.slice(0, 200)}…` : ref;
    return {
      reason: 'unsupported' as const,
      message: `${file} refers to ${shown}, which helm would fetch while it checks the values; this check does not let it`,
    };
  };
  // A chart home the tree does not hold (every chart fetched into it later) has nothing to read.
  const entries = await readdir(chartDir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort(compareText);
  for (const path of files) {
    const name = posix.basename(path);
    const file = posix.join(shownAs, relative(chartDir, path));
    if (name === SCHEMA_FILE) {
      const found = outside(file, await readFile(path));
      if (found) return found;
    } else if (name.endsWith('.tgz') && posix.basename(posix.dirname(path)) === 'charts') {
      let archive: Map<string, Buffer>;
      try {
        archive = untar(await readFile(path), MAX_CHART_BYTES);
      } catch {
        continue;
      }
      for (const [inside, bytes] of archive) {
        const found = posix.basename(inside) === SCHEMA_FILE ? outside(`${file}:${inside}`, bytes) : null;
        if (found) return found;
      }
    }
  }
  return null;
}

const SCHEMA_FILE = 'values.schema.json';

/**
 * The first reference of a JSON value to a schema outside it, walked without recursion: a `$ref`
 * (or a draft 2019/2020 `$dynamicRef`, `$recursiveRef`) that is no `#…` fragment, or a `$schema`
 * that is not JSON Schema's own (json-schema.org), which newer helm loads as a custom metaschema.
 */
function foreignRef(schema: unknown): string | null {
  const stack = [schema];
  while (stack.length) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (isRecord(value)) {
      for (const key of REFERENCES) {
        const ref = value[key];
        if (typeof ref === 'string' && !ref.startsWith('#')) return ref;
      }
      if (typeof value.$schema === 'string' && !DRAFT.test(value.$schema)) return value.$schema;
      stack.push(...Object.values(value));
    }
  }
  return null;
}

const REFERENCES = ['$ref', '$dynamicRef', '$recursiveRef'];
const DRAFT = /^https?:\/\/json-schema\.org\//;
