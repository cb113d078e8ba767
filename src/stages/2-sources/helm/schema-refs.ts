import { posix } from 'node:path';
import { compareText } from '../../../model/text.js';
import { isRecord } from '../../../model/values.js';
import { MAX_CHART_BYTES } from '../remote/access.js';
import { untar } from '../remote/tar.js';
import type { Refusal } from '../tools.js';

/**
 * A reference in a values schema of the repository's own charts to a schema outside it
 * (`outsideRefs`): helm's validation loads it before it renders, a URL or a file of the runner, so a
 * pull request could hand itself the runner's network. The schemas under `dirs` (the chart and the
 * charts it keeps here, unpacked or as archives in `charts/`), in path order; a URL passes when
 * `allowed` says the trusted side named it. A chart fetched from a trusted source is the source's
 * own, and not read here.
 */
export function schemaFetch(
  files: ReadonlyMap<string, Buffer>,
  dirs: readonly string[],
  allowed: (url: string) => boolean,
): Refusal | null {
  const refusal = (file: string, bytes: Buffer): Refusal | null => {
    let schema: unknown;
    try {
      schema = JSON.parse(bytes.toString('utf8'));
    } catch {
      // helm says what is wrong with a schema that does not parse.
      return null;
    }
    const ref = outsideRefs(schema).find((r) => !/^https?:\/\//.test(r) || !allowed(r));
    if (ref === undefined) return null;
    const shown = ref.length > 200 ? `${ref.slice(0, 200)}…` : ref;
    const fetched = `${file} refers to ${shown}, which helm would fetch while it checks the values`;
    return /^https?:\/\//.test(ref)
      ? { reason: 'remote', message: `${fetched}; the base configuration's remote.allow does not name it` }
      : { reason: 'unsupported', message: `${fetched}; this check does not let it` };
  };
  const under = (path: string) => dirs.some((dir) => dir === '' || path.startsWith(`${dir}/`));
  for (const path of [...files.keys()].filter(under).sort(compareText)) {
    const name = posix.basename(path);
    if (name === SCHEMA_FILE) {
      const refused = refusal(path, files.get(path)!);
      if (refused) return refused;
    } else if (name.endsWith('.tgz') && posix.basename(posix.dirname(path)) === 'charts') {
      let archive: Map<string, Buffer>;
      try {
        archive = untar(files.get(path)!, MAX_CHART_BYTES);
      } catch {
        continue;
      }
      for (const [inside, bytes] of archive) {
        const refused = posix.basename(inside) === SCHEMA_FILE ? refusal(`${path}:${inside}`, bytes) : null;
        if (refused) return refused;
      }
    }
  }
  return null;
}

const SCHEMA_FILE = 'values.schema.json';

/**
 * The references of a JSON value to schemas outside it, walked without recursion: each `$ref` (or
 * draft 2019/2020 `$dynamicRef`, `$recursiveRef`) that is no `#…` fragment, and a `$schema` that is
 * not JSON Schema's own (json-schema.org), which newer helm loads as a custom metaschema.
 */
function outsideRefs(schema: unknown): string[] {
  const refs: string[] = [];
  const stack = [schema];
  while (stack.length) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (isRecord(value)) {
      for (const key of REFERENCES) {
        const ref = value[key];
        if (typeof ref === 'string' && !ref.startsWith('#')) refs.push(ref);
      }
      if (typeof value.$schema === 'string' && !JSON_SCHEMA.test(value.$schema)) refs.push(value.$schema);
      stack.push(...Object.values(value));
    }
  }
  return refs;
}

const REFERENCES = ['$ref', '$dynamicRef', '$recursiveRef'];
const JSON_SCHEMA = /^https?:\/\/json-schema\.org\//;
