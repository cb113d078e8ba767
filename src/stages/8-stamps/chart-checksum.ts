import { posix } from 'node:path';
import type { ConfigKind } from '../../model/types.js';

/** A config the chart renders, read by a workload of the same chart. */
export interface ChartConfig {
  kind: ConfigKind;
  /** The config's template, relative to the chart's `templates/` directory. */
  template: string;
}

/**
 * The checksum line for one config template: a hash of its data alone, so that labels (the chart
 * version among them) never restart the pods. `$` is the release's root context, so the line also
 * works inside `with` and `range` blocks.
 */
export function checksumLine(config: ChartConfig): { key: string; value: string } {
  const fields = config.kind === 'Secret' ? '"data" "stringData"' : '"data" "binaryData"';
  const name = config.template.replace(/\.(ya?ml|tpl)$/, '').replace(/[^A-Za-z0-9_.-]+/g, '-');
  return {
    key: `checksum/${name}`.slice(0, 63 + 'checksum/'.length),
    value: `{{ pick (include (print $.Template.BasePath "/${config.template}") $ | fromYaml) ${fields} | toJson | sha256sum }}`,
  };
}

/** The template's directory in a chart, and a template path relative to it; `null` outside one. */
export function templatesDir(path: string): { dir: string; relative: string } | null {
  const at = path.lastIndexOf('/templates/');
  if (at < 0 && !path.startsWith('templates/')) return null;
  const dir = at < 0 ? 'templates' : path.slice(0, at + '/templates'.length);
  return { dir, relative: posix.relative(dir, path) };
}

const indentOf = (line: string) => line.length - line.trimStart().length;
const isDirective = (line: string) => /^\s*\{\{/.test(line);
const blank = (line: string) => line.trim() === '' || line.trim().startsWith('#');

/**
 * Inserts checksum annotations into the pod template of the document of a template file that
 * starts at `kindLine`, at the template's own indentation, touching no other byte. Refuses (with
 * the reason) where the text does not say plainly where the pod annotations go: annotations written
 * only under a condition, or a metadata block made by a helper.
 */
export function insertChecksums(
  text: string,
  kindLine: number,
  lines: readonly { key: string; value: string }[],
): { text: string } | { error: string } {
  const all = text.split('\n');
  const start = kindLine - 1;
  let end = all.findIndex((l, i) => i > start && /^---/.test(l));
  if (end < 0) end = all.length;
  const wanted = lines.filter((l) => !all.slice(start, end).some((line) => line.includes(`${l.key}:`)));
  if (wanted.length === 0) return { text };

  const template = all.findIndex((l, i) => i > start && i < end && /^\s*template:\s*(#.*)?$/.test(l));
  if (template < 0) return { error: 'no pod template (`template:`) written plainly in the file' };
  const block = (from: number, indent: number) => {
    let i = from + 1;
    while (i < end && (blank(all[i]) || isDirective(all[i]) || indentOf(all[i]) > indent)) i++;
    return i;
  };
  const templateEnd = block(template, indentOf(all[template]));
  const children = (from: number, to: number) =>
    all
      .slice(from + 1, to)
      .map((l, k) => ({ line: l, at: from + 1 + k }))
      .filter((c) => !blank(c.line) && !isDirective(c.line));
  const inTemplate = children(template, templateEnd);
  if (inTemplate.length === 0) return { error: 'the pod template is empty or written by a helper' };
  const childIndent = indentOf(inTemplate[0].line);
  const metadata = inTemplate.find((c) => indentOf(c.line) === childIndent && /^\s*metadata:/.test(c.line));
  const pad = (n: number) => ' '.repeat(n);
  const entries = (indent: number) => wanted.map((l) => `${pad(indent)}${l.key}: ${l.value}`);

  if (!metadata) {
    // No pod metadata at all: one block right under `template:`.
    const inserted = [
      `${pad(childIndent)}metadata:`,
      `${pad(childIndent + 2)}annotations:`,
      ...entries(childIndent + 4),
    ];
    return { text: [...all.slice(0, template + 1), ...inserted, ...all.slice(template + 1)].join('\n') };
  }
  if (!/^\s*metadata:\s*(#.*)?$/.test(metadata.line)) return { error: 'the pod metadata is written inline' };
  const metadataEnd = block(metadata.at, childIndent);
  const inMetadata = children(metadata.at, metadataEnd);
  if (inMetadata.length === 0) return { error: 'the pod metadata is written by a helper' };
  const fieldIndent = indentOf(inMetadata[0].line);
  const annotations = all.findIndex(
    (l, i) => i > metadata.at && i < metadataEnd && indentOf(l) === fieldIndent && /^\s*annotations:/.test(l),
  );
  if (annotations < 0) {
    const inserted = [`${pad(fieldIndent)}annotations:`, ...entries(fieldIndent + 2)];
    return {
      text: [...all.slice(0, metadata.at + 1), ...inserted, ...all.slice(metadata.at + 1)].join('\n'),
    };
  }
  if (!/^\s*annotations:\s*(#.*)?$/.test(all[annotations]))
    return { error: 'the pod annotations are written inline or by a helper' };
  const before = all.slice(metadata.at + 1, annotations).filter((l) => !blank(l));
  const opener = before.at(-1);
  if (opener && isDirective(opener) && /\{\{-?\s*(if|with|range)\b/.test(opener))
    return { error: 'the pod annotations are written only under a condition' };
  const next = all.slice(annotations + 1, metadataEnd).find((l) => !blank(l) && !isDirective(l));
  const entryIndent = next && indentOf(next) > fieldIndent ? indentOf(next) : fieldIndent + 2;
  return {
    text: [...all.slice(0, annotations + 1), ...entries(entryIndent), ...all.slice(annotations + 1)].join(
      '\n',
    ),
  };
}
