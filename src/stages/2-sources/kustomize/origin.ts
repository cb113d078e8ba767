import { posix } from 'node:path';
import { LineCounter, isMap, isSeq } from 'yaml';
import { readBlockYaml } from '../../../model/block-yaml.js';
import { parse, parseDocument } from '../../../model/yaml.js';
import { isRecord } from '../../../model/values.js';
import type { Origin } from '../tools.js';
import { REMOTE_BASES, TREE } from './render.js';

export const ORIGIN_ANNOTATION = 'config.kubernetes.io/origin';

/**
 * What kustomize's origin annotation says about one rendered object, and its body without it, so
 * that it never counts as a difference. The body is copied where the annotation is taken out:
 * renders share the bodies of equal documents. Paths in it are relative to `from`, the directory
 * of the build in its workspace (`builtFrom`).
 */
export function takeOrigin(
  body: Record<string, unknown>,
  from: string,
): { origin: Origin; body: Record<string, unknown> } {
  const metadata = isRecord(body.metadata) ? body.metadata : {};
  const annotations = isRecord(metadata.annotations) ? metadata.annotations : {};
  const raw = annotations[ORIGIN_ANNOTATION];
  if (raw === undefined) return { origin: readOrigin(raw, from), body };
  const rest = { ...annotations };
  delete rest[ORIGIN_ANNOTATION];
  const copied: Record<string, unknown> = { ...metadata, annotations: rest };
  if (Object.keys(rest).length === 0) delete copied.annotations;
  const copy = { ...body, metadata: copied };
  return { origin: readOrigin(raw, from), body: copy };
}

function readOrigin(raw: unknown, from: string): Origin {
  let origin: unknown;
  try {
    origin = typeof raw === 'string' ? parse(raw) : null;
  } catch {
    origin = null;
  }
  if (!isRecord(origin)) return { file: null, generator: null, written: null };
  // A remote resource's origin names its repository, not a file here.
  if (typeof origin.repo === 'string') return { file: null, generator: null, written: null };
  const path = typeof origin.configuredIn === 'string' ? origin.configuredIn : origin.path;
  const by = isRecord(origin.configuredBy) ? origin.configuredBy.kind : null;
  const at = typeof path === 'string' ? posix.normalize(posix.join(from, path)) : '';
  const remote = new RegExp(`^${REMOTE_BASES}/\\d+-(\\d+)(?:\\.yaml$|/)`).exec(at);
  return {
    file: at.startsWith(`${TREE}/`) ? at.slice(TREE.length + 1) : null,
    // Objects a chart inflation makes keep their names: only the config generators hash them.
    generator: by === 'ConfigMapGenerator' || by === 'SecretGenerator' ? by : null,
    written: null,
    ...(remote ? { remoteBase: Number(remote[1]) } : {}),
  };
}

/** kustomize's name suffix hash: ten characters of its hex-to-consonant alphabet. */
const HASH_SUFFIX = /-[245-9bcdfghkmt]{10}$/;

/** The name without kustomize's hash suffix: the same across revisions whatever the content. */
export const logicalName = (name: string, generated: boolean): string =>
  generated ? name.replace(HASH_SUFFIX, '') : name;

export interface GeneratorEntry {
  line: number;
  name: string;
  /** Repository paths of its `envs`/`env` and `files` inputs, with the key a `files` entry gives. */
  envs: string[];
  files: { key: string; path: string }[];
}

/** The generator entries of a kustomization, each with its line. */
export function generatorEntries(file: string, text: string, kind: string): GeneratorEntry[] {
  const field = kind === 'SecretGenerator' ? 'secretGenerator' : 'configMapGenerator';
  // A key is spelled as written unless escaped: only a text that spells it is parsed for it.
  if (!text.includes(field) && !text.includes('\\')) return [];
  const dir = posix.dirname(file);
  const at = (p: string) => posix.normalize(posix.join(dir, p));
  return generatorItems(text, field).flatMap(({ value, line }) => {
    if (typeof value.name !== 'string') return [];
    const text = (v: unknown) =>
      (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
    return [
      {
        line,
        name: value.name,
        envs: [...text(value.envs), ...text(value.env)].map(at),
        files: text(value.files).map((entry) => {
          const eq = entry.indexOf('=');
          const path = eq < 0 ? entry : entry.slice(eq + 1);
          return { key: eq < 0 ? posix.basename(path) : entry.slice(0, eq), path: at(path) };
        }),
      },
    ];
  });
}

/** The mappings of a kustomization's generator list, each with the line it starts on. */
function generatorItems(text: string, field: string): { value: Record<string, unknown>; line: number }[] {
  const printed = readBlockYaml(text);
  if (printed) {
    const list = printed.value[field];
    return (Array.isArray(list) ? list : []).flatMap((item) =>
      isRecord(item) ? [{ value: item, line: printed.lineOf.get(item) ?? 1 }] : [],
    );
  }
  const lines = new LineCounter();
  let doc;
  try {
    doc = parseDocument(text, { lineCounter: lines, version: '1.1' });
  } catch {
    return [];
  }
  const list = isMap(doc.contents) ? doc.contents.get(field, true) : null;
  if (!isSeq(list)) return [];
  return list.items.flatMap((item) => {
    const value: unknown = isMap(item) ? item.toJSON() : null;
    return isRecord(value) && isMap(item)
      ? [{ value, line: item.range ? lines.linePos(item.range[0]).line : 1 }]
      : [];
  });
}

/** The entry that generates `renderedName` (prefixes and suffixes of overlays around its own name). */
export function generatorFor(
  entries: readonly GeneratorEntry[],
  renderedName: string,
): GeneratorEntry | null {
  const matching = entries.filter((e) => renderedName.includes(e.name));
  matching.sort((a, b) => b.name.length - a.name.length);
  return matching[0] ?? null;
}
