import { isMap, isSeq, stringify, type YAMLMap } from 'yaml';
import { parse, parseDocument } from '../../model/yaml.js';

/** A workload of a kustomize root to stamp, named as its source file names it (what a patch targets). */
export interface PatchTarget {
  apiVersion: string;
  kind: string;
  name: string;
  /** The pod template's path in the object, as PodTemplate.path: `spec.template`. */
  templatePath: string;
}

/** The patch file for one workload, beside the root's kustomization. */
export const patchFileName = (target: PatchTarget): string =>
  `config-rollout-guard.${target.kind.toLowerCase()}.${target.name}.yaml`;

const HEADER =
  '# Written by `config-rollout-guard fix`: the content hash of the config this pod template reads\n' +
  '# (docs/hash-spec.md), so a change to that config rolls the pods. `fix` rewrites this file.\n';

/**
 * The strategic-merge patch that sets the hash annotation on the workload's pod template. Its
 * `patches:` entry selects the workload by kind and written name, which kustomize matches before
 * any prefix an overlay adds.
 */
export function patchFile(target: PatchTarget, annotation: string, value: string): string | null {
  // A list step (a RayCluster's worker groups) cannot be addressed by a merge patch.
  if (target.templatePath === '' || target.templatePath.includes('[')) return null;
  const template = { metadata: { annotations: { [annotation]: value } } };
  const body = target.templatePath
    .split('.')
    .reverse()
    .reduce<Record<string, unknown>>((inner, key) => ({ [key]: inner }), template);
  return (
    HEADER +
    stringify({ apiVersion: target.apiVersion, kind: target.kind, metadata: { name: target.name }, ...body })
  );
}

/** How the file indents a top-level block list (`resources:` then `  - a.yaml`): the new one follows it. */
function listIndent(map: YAMLMap, text: string): string {
  for (const pair of map.items) {
    const value = pair.value;
    if (isSeq(value) && !value.flow && value.range && value.items.length) {
      const start = value.range[0];
      return ' '.repeat(start - (text.lastIndexOf('\n', start - 1) + 1));
    }
  }
  return '';
}

export type KustomizationEdit = { text: string } | { error: string };

/**
 * Adds `- path: FILE` with a target selector to the kustomization's `patches:`, editing the text:
 * after the last entry of an existing block list (at its indentation), or as a new `patches:` key
 * at the end. Every other byte stays; the result is re-read and must equal the original plus the entry.
 */
export function addPatchEntry(text: string, file: string, target: PatchTarget): KustomizationEdit {
  const doc = parseDocument(text, { version: '1.1' });
  if (doc.errors.length || !isMap(doc.contents)) return { error: 'the kustomization is not a YAML mapping' };
  const before = doc.toJS() as Record<string, unknown>;
  const existing = Array.isArray(before.patches) ? before.patches : [];
  if (existing.some((p) => (p as { path?: unknown })?.path === file)) return { text };

  const entry = (indent: string) =>
    `${indent}- path: ${file}\n${indent}  target:\n${indent}    kind: ${target.kind}\n${indent}    name: ${target.name}\n`;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const withEol = (s: string) => s.replace(/\n/g, eol);
  const patches = doc.contents.get('patches', true);
  let result: string;
  if (patches === undefined) {
    const ending = text === '' || text.endsWith('\n') ? '' : eol;
    result = text + ending + withEol(`patches:\n${entry(listIndent(doc.contents, text))}`);
  } else if (isSeq(patches) && !patches.flow && patches.items.length && patches.range) {
    const first = patches.range[0];
    const indent = ' '.repeat(first - (text.lastIndexOf('\n', first - 1) + 1));
    const end = patches.range[1];
    const at =
      text[end - 1] === '\n' ? end : text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end) + 1;
    const lead = at === text.length && !text.endsWith('\n') ? eol : '';
    result = text.slice(0, at) + lead + withEol(entry(indent)) + text.slice(at);
  } else {
    return { error: 'its patches: is not a block list; add the entry by hand' };
  }

  const after = parse(result, { version: '1.1' }) as Record<string, unknown>;
  const expected = {
    ...before,
    patches: [...existing, { path: file, target: { kind: target.kind, name: target.name } }],
  };
  return JSON.stringify(after) === JSON.stringify(expected)
    ? { text: result }
    : { error: 'could not add the patch entry without changing anything else' };
}
