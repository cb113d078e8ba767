import { posix } from 'node:path';
import { LineCounter, isMap, isScalar, isSeq, type Node } from 'yaml';
import { parseDocument } from '../../../model/yaml.js';
import { valueDigest } from '../../../model/digest.js';

/**
 * The template each document of `helm template` output comes from, by output line: helm writes
 * `# Source: CHART/templates/FILE` above every document (a subchart's as `CHART/charts/SUB/…`).
 */
export function sourceLines(output: string): { line: number; path: string }[] {
  const found: { line: number; path: string }[] = [];
  output.split('\n').forEach((text, i) => {
    const match = /^# Source: (.+)$/.exec(text);
    if (match) found.push({ line: i + 1, path: match[1].trim() });
  });
  return found;
}

/**
 * The template that made the object starting at `line`, as a repository path: under `chartDir`, or
 * under the directory of a dependency of this repository copied into the chart (`local`, deepest first).
 */
export function templateAt(
  sources: readonly { line: number; path: string }[],
  line: number,
  chartDir: string,
  local: readonly { dir: string; at: string }[] = [],
): string | null {
  let found: string | null = null;
  for (const s of sources) if (s.line <= line) found = s.path;
  if (found === null) return null;
  const inChart = found.split('/').slice(1).join('/');
  const copied = local
    .filter((c) => inChart.startsWith(`${c.at}/`))
    .reduce<{ dir: string; at: string } | null>(
      (deepest, c) => (!deepest || c.at.length > deepest.at.length ? c : deepest),
      null,
    );
  return copied ? posix.join(copied.dir, inChart.slice(copied.at.length + 1)) : posix.join(chartDir, inChart);
}

/** The line of the document of `kind` in a template: the first `kind:` line that names it. */
export function kindLine(template: string, kind: string): number {
  const lines = template.split('\n');
  // The kind is compared as text, never made into a pattern: it comes from the render.
  const at = lines.findIndex((l) => {
    if (!l.startsWith('kind:')) return false;
    const comment = l.indexOf(' #');
    const value = (comment < 0 ? l.slice(5) : l.slice(5, comment)).trim();
    const quoted = value.length > 1 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0];
    return (quoted ? value.slice(1, -1) : value) === kind;
  });
  return at < 0 ? 1 : at + 1;
}

/** One leaf of a values file: its dotted path, its line, and a digest of its value. */
interface Leaf {
  path: string;
  line: number;
  digest: string;
}

/**
 * The values paths that differ between two texts of a values file, each with its line at head (a
 * removed path takes the line of its nearest surviving parent). Values never leave here.
 */
export function changedValues(before: string, after: string): { path: string; line: number }[] {
  const a = leaves(before);
  const b = leaves(after);
  const changed: { path: string; line: number }[] = [];
  for (const [path, leaf] of b)
    if (a.get(path)?.digest !== leaf.digest) changed.push({ path, line: leaf.line });
  for (const path of a.keys()) {
    if (b.has(path)) continue;
    let parent = path;
    let line = 1;
    while (parent.includes('.')) {
      parent = parent.slice(0, parent.lastIndexOf('.'));
      const survivor = [...b.values()].find((l) => l.path.startsWith(`${parent}.`));
      if (survivor) {
        line = survivor.line;
        break;
      }
    }
    changed.push({ path, line });
  }
  return changed.sort((x, y) => x.line - y.line);
}

function leaves(text: string): Map<string, Leaf> {
  const out = new Map<string, Leaf>();
  const counter = new LineCounter();
  let doc;
  try {
    doc = parseDocument(text, { lineCounter: counter });
  } catch {
    return out;
  }
  const walk = (node: Node | null | undefined, path: string, keyLine: number): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : '';
        const line = isScalar(pair.key) && pair.key.range ? counter.linePos(pair.key.range[0]).line : keyLine;
        walk(pair.value as Node, path ? `${path}.${key}` : key, line);
      }
    } else if (isSeq(node)) {
      // A list is one value: helm replaces lists whole when values merge.
      out.set(path, { path, line: keyLine, digest: valueDigest(node.toJSON()) });
    } else {
      out.set(path, { path, line: keyLine, digest: valueDigest(isScalar(node) ? node.value : null) });
    }
  };
  walk(doc.contents as Node, '', 1);
  return out;
}

/**
 * Each named template (`define "name"`, `block "name"`) of a chart's texts, by name: the text up to
 * its matching `end`. The first definition of a name is kept.
 */
export function namedTemplates(texts: Iterable<string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const text of texts) {
    const open: { name: string | null; from: number }[] = [];
    for (let at = text.indexOf('{{'); at >= 0;) {
      const close = text.indexOf('}}', at + 2);
      if (close < 0) break;
      const action = text
        .slice(at + 2, close)
        .replace(/^-|-$/g, '')
        .trim();
      const word = /^[a-z]+/.exec(action)?.[0];
      if (word === 'define' || word === 'block')
        open.push({ name: /^[a-z]+\s+"([^"]+)"/.exec(action)?.[1] ?? null, from: close + 2 });
      else if (word === 'if' || word === 'range' || word === 'with')
        open.push({ name: null, from: close + 2 });
      else if (word === 'end') {
        const block = open.pop();
        if (block?.name && !found.has(block.name)) found.set(block.name, text.slice(block.from, at));
      }
      at = text.indexOf('{{', close + 2);
    }
  }
  return found;
}

/**
 * `text` and the bodies of the named templates it includes (`include "x.config" .`, `template
 * "x"`), and of those they include in turn: a ConfigMap's data often reads its values through a
 * helper of the chart.
 */
export function withHelpers(text: string, named: ReadonlyMap<string, string>): string {
  const out = [text];
  const seen = new Set<string>();
  for (let i = 0; i < out.length; i++)
    for (const [, name] of out[i].matchAll(/\b(?:include|template)\s+"([^"\n]+)"/g)) {
      const body = named.get(name);
      if (body === undefined || seen.has(name)) continue;
      seen.add(name);
      out.push(body);
    }
  return out.join('\n');
}

/**
 * Of the changed values, the one a template reads (`.Values.a.b` a prefix of the changed path, or
 * the reverse, the longest match first); `prefix` is a subchart's key in its parent's values.
 */
export function valueReadBy(
  template: string,
  changed: readonly { path: string; line: number; file: string }[],
  prefix: string,
): { file: string; line: number } | null {
  const read = [...template.matchAll(/\.Values((?:\.[A-Za-z0-9_]+)+)/g)].map((m) => prefix + m[1].slice(1));
  let best: { file: string; line: number; score: number } | null = null;
  for (const c of changed)
    for (const r of read) {
      const hit = c.path === r || c.path.startsWith(`${r}.`) || r.startsWith(`${c.path}.`);
      if (hit && (!best || r.length > best.score)) best = { file: c.file, line: c.line, score: r.length };
    }
  return best;
}
