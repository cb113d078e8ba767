import { Schema } from 'yaml';

/**
 * The YAML renderers print, read without the YAML library's parser. kustomize and helm print block
 * mappings and lists by indentation, plain and quoted scalars (a long one wrapped onto deeper
 * lines, or put on the line below its key), and `|` blocks (`|2-` where the lines' depth is said).
 * The library reads a cold process's first 500-object build in 250 ms, most of a rendered check's
 * own time on the main thread. This reads only that subset, and only where
 * the library reads the same value: anything else (a comment after a value, a nested flow
 * collection or a quoted key or value in a flow mapping, an anchor, a tag, an escape other than
 * `\n`, `\t`, `\"`, `\\` and `\ `, an escaped line break, a `>` or `|+` block, a key written
 * twice, a control character, a scalar YAML 1.1 may read as other than a string, an integer, a
 * boolean or null) is `undefined`, and the caller asks the library. test/block-yaml.test.ts holds
 * the two equal on the shared corpora, on builds of them and on generated text.
 */

/** The value of a document whose top is a mapping, and the line its content starts on. */
export interface BlockDocument {
  value: Record<string, unknown>;
  line: number;
  /** The line each mapping in the value starts on (its first key), as yaml's ranges give it. */
  lineOf: WeakMap<object, number>;
}

/** Thrown inside the reader when the text leaves the subset; never escapes it. */
class Outside extends Error {}

interface Line {
  indent: number;
  /** The text after the indentation. */
  text: string;
  /** A `#` line: a comment between nodes, but content inside a `|` block. */
  comment: boolean;
}

export function readBlockYaml(text: string): BlockDocument | undefined {
  // Tabs, carriage returns and other control characters, YAML 1.1's other line breaks, a byte-order
  // mark, document markers and directives are the library's.
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\uFEFF]|^(?:---|\.\.\.|%)/m.test(text)) return undefined;
  const raw = text.split('\n');
  const lines: (Line | null)[] = raw.map((l) => {
    const body = l.trimStart();
    return body === '' ? null : { indent: l.length - body.length, text: body, comment: body.startsWith('#') };
  });
  const reader = new Reader(raw, lines);
  try {
    // Comments may come first: helm heads each document with a `# Source:` line.
    const first = reader.next();
    if (!first || first.indent !== 0) return undefined;
    const line = reader.at + 1;
    const value = reader.node(0, -1);
    if (reader.next() !== null) return undefined;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    return { value: value as Record<string, unknown>, line, lineOf: reader.lineOf };
  } catch (error) {
    if (error instanceof Outside) return undefined;
    throw error;
  }
}

/** Collections open at once: deeper, the library reads it, without recursion (`model/yaml.ts`). */
const MAX_DEPTH = 64;

class Reader {
  at = 0;
  readonly lineOf = new WeakMap<object, number>();
  private depth = 0;

  constructor(
    private readonly raw: readonly string[],
    private readonly lines: readonly (Line | null)[],
  ) {}

  /** The next line with content, skipping blank lines and comments; null at the end. */
  next(): Line | null {
    while (this.at < this.lines.length && (this.lines[this.at] === null || this.lines[this.at]!.comment))
      this.at++;
    return this.at < this.lines.length ? this.lines[this.at] : null;
  }

  /** The collection that starts at the current line, at `indent`, inside a parent at `parent`. */
  node(indent: number, parent: number): unknown {
    const line = this.next();
    if (!line || line.indent !== indent || indent <= parent) throw new Outside();
    return isItem(line.text) ? this.sequence(indent) : this.mapping(indent);
  }

  /** Reads one collection, counting how deep it stands; the Outside thrown ends the whole read. */
  private nested<T>(read: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new Outside();
    const value = read();
    this.depth--;
    return value;
  }

  mapping(indent: number): Record<string, unknown> {
    return this.nested(() => this.mappingAt(indent));
  }

  sequence(indent: number): unknown[] {
    return this.nested(() => this.sequenceAt(indent));
  }

  private mappingAt(indent: number): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    this.next();
    this.lineOf.set(map, this.at + 1);
    for (let line = this.next(); line && line.indent === indent && !isItem(line.text); line = this.next()) {
      const colon = keyEnd(line.text);
      if (colon < 0) throw new Outside();
      const key = line.text.slice(0, colon);
      if (!isPlainKey(key) || Object.prototype.hasOwnProperty.call(map, key)) throw new Outside();
      map[key] = this.value(line.text.slice(colon + 1).trimStart(), indent, true);
    }
    const after = this.next();
    if (after && after.indent > indent) throw new Outside();
    return map;
  }

  private sequenceAt(indent: number): unknown[] {
    const list: unknown[] = [];
    for (let line = this.next(); line && line.indent === indent && isItem(line.text); line = this.next()) {
      const rest = line.text.slice(1);
      const content = rest.trimStart();
      if (content !== '' && !isItem(content) && keyEnd(content) >= 0 && !/^["'[{|]/.test(content)) {
        // `- key: value`: a mapping whose keys stand where this one does.
        const column = indent + 1 + (rest.length - content.length);
        this.lines[this.at]!.indent = column;
        this.lines[this.at]!.text = content;
        list.push(this.mapping(column));
        continue;
      }
      list.push(this.value(content, indent, false));
    }
    const after = this.next();
    if (after && after.indent > indent) throw new Outside();
    return list;
  }

  /**
   * The value written after a key or a dash on the current line (`rest`), with what follows it:
   * nothing written means a collection on the lines below, or null.
   */
  value(rest: string, indent: number, ofKey: boolean): unknown {
    this.at++;
    if (rest === '') {
      const below = this.next();
      if (!below) return null;
      if (below.indent > indent) {
        // A scalar may stand on the lines below its key, deeper: go-yaml puts a long pattern there.
        if (!isItem(below.text) && keyEnd(below.text) < 0 && !/^[|>]/.test(below.text))
          return this.value(below.text, indent, ofKey);
        return this.node(below.indent, indent);
      }
      // kyaml writes a mapping's list at the mapping's own indentation.
      if (ofKey && below.indent === indent && isItem(below.text)) return this.sequence(indent);
      return null;
    }
    // go-yaml says how deep a block's lines stand (`|2-`) when its first line starts with spaces.
    const block = /^\|([1-9])?(-)?$/.exec(rest);
    if (block) return this.literal(indent, block[2] === undefined, block[1] ? indent + Number(block[1]) : -1);
    const start = this.at;
    const value =
      (rest.startsWith("'") || rest.startsWith('"')) && closingQuote(rest, 1) < 0
        ? this.quoted(rest, indent)
        : scalar(rest);
    // A flow mapping starts on this line: `at`, already past it, is its number.
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) this.lineOf.set(value, this.at);
    const below = this.next();
    if (!below || below.indent <= indent) return value;
    // A deeper line continues the scalar: kustomize's printer folds a long plain string (a shell
    // command in `args`) onto the lines below. A quoted or flow scalar closed above is the library's.
    if (/^["'[{]/.test(rest)) throw new Outside();
    this.at = start;
    return plain(this.folded(rest, indent));
  }

  /**
   * A plain scalar whose first line is `first` and whose continuation lines, deeper than `indent`,
   * follow: the lines joined by a space, as YAML folds them. A blank or comment line among them, or
   * one that holds what could end the scalar, is the library's. An indicator only means something
   * at a scalar's start: a later line may begin with one (a CRD's `"2m", "1h")`).
   */
  private folded(first: string, indent: number): string {
    const parts = [first.trimEnd()];
    let blank = false;
    for (; this.at < this.lines.length; this.at++) {
      const line = this.lines[this.at];
      if (line === null) {
        blank = true;
        continue;
      }
      if (line.indent <= indent) break;
      if (blank || line.comment || /\s#|: |:\s*$/.test(line.text)) throw new Outside();
      parts.push(line.text.trimEnd());
    }
    return parts.join(' ');
  }

  /**
   * A quoted scalar that goes on past its first line (`first`), as controller-gen wrapped the
   * descriptions of many CRDs: each line trimmed, a line break read as a space or, followed by
   * blank lines, as one line break per blank line; then `''` or the escapes as on one line. Its
   * lines are deeper than `indent`, and nothing follows the closing quote. An escaped line break
   * is the library's.
   */
  private quoted(first: string, indent: number): string {
    const quote = first[0];
    let value = '';
    let line = first.slice(1);
    let breaks = -1;
    for (;;) {
      const close = closingQuote(line, 0, quote);
      if (breaks >= 0) value += (quote === '"' ? '\\n' : '\n').repeat(breaks) || ' ';
      value += close < 0 ? line.trimEnd() : line.slice(0, close);
      if (close >= 0) {
        if (line.slice(close + 1).trim() !== '') throw new Outside();
        return quote === '"' ? unescaped(value) : value.replace(/''/g, "'");
      }
      if (quote === '"' && endsEscaped(line.trimEnd())) throw new Outside();
      for (breaks = 0; this.at < this.lines.length && this.lines[this.at] === null; this.at++) breaks++;
      const next = this.lines[this.at];
      if (!next || next.indent <= indent) throw new Outside();
      line = this.raw[this.at++].trimStart();
    }
  }

  /**
   * A `|` block: its lines, deeper than `indent`, without their common indentation, or without
   * `width` columns where the header says so.
   */
  literal(indent: number, keepNewline: boolean, width = -1): string {
    const start = this.at;
    /** After the last line of content, and after the block's blank lines. */
    let end = start;
    let stop = start;
    for (; stop < this.lines.length; stop++) {
      const line = this.lines[stop];
      if (line === null) continue;
      if (line.indent <= indent) break;
      if (width < 0) width = line.indent;
      // A line less indented than the first, yet inside the block, is the library's error to give.
      if (line.indent < width) throw new Outside();
      end = stop + 1;
    }
    // A blank line longer than the indentation holds spaces of the value; with no content, the
    // indentation is the blank lines' to set. Both are the library's.
    for (let i = start; i < stop; i++)
      if (this.lines[i] === null && (width < 0 || this.raw[i].length > width)) throw new Outside();
    this.at = end;
    if (end === start) return '';
    return (
      this.raw
        .slice(start, end)
        .map((l) => l.slice(width))
        .join('\n') + (keepNewline ? '\n' : '')
    );
  }
}

const isItem = (text: string) => text === '-' || text.startsWith('- ');

/**
 * Where the quoted scalar `text` is inside (opened by `quote`, its first character unless `from` is
 * 0) ends: -1 when not on this line.
 */
function closingQuote(text: string, from: number, quote = text[0]): number {
  for (let i = from; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) {
      if (quote === '"' || text[i + 1] !== "'") return i;
      i++;
    }
  }
  return -1;
}

/**
 * The inside of a double-quoted scalar, its escapes undone: those JSON shares with YAML mean the same
 * in both (controller-gen writes a CRD's descriptions as `"…\n…"`), and `\ ` is a space a printer
 * kept from its folding (go-yaml's wrapped descriptions); any other is the library's.
 */
function unescaped(inner: string): string {
  if (!/^(?:[^"\\]|\\[nt"\\ ])*$/.test(inner)) throw new Outside();
  if (!inner.includes('\\')) return inner;
  return JSON.parse(`"${inner.replace(/\\(.)/g, (escape, c) => (c === ' ' ? ' ' : escape))}"`) as string;
}

/** Whether a line of a double-quoted scalar ends in a backslash of its own: an escaped line break. */
function endsEscaped(line: string): boolean {
  let backslashes = 0;
  while (backslashes < line.length && line[line.length - 1 - backslashes] === '\\') backslashes++;
  return backslashes % 2 === 1;
}

/** Where a plain key ends: its `: ` or a `:` ending the line; -1 when there is none. */
function keyEnd(text: string): number {
  const spaced = text.indexOf(': ');
  if (spaced >= 0) return spaced;
  return text.endsWith(':') ? text.length - 1 : -1;
}

/** A key the library reads as this same string: a plain scalar that is a string (see `scalar`). */
function isPlainKey(key: string): boolean {
  if (key === '' || key === '__proto__' || /^[-?:,[\]{}#&*!|>'"%@`<=.~+]/.test(key)) return false;
  if (/\s#|:$|\s$/.test(key)) return false;
  return typeof plain(key) === 'string';
}

/** A scalar written on one line after a key or a dash. */
function scalar(text: string): unknown {
  if (text.startsWith('[') || text.startsWith('{')) return flow(text);
  if (text.startsWith('"')) {
    if (text.length < 2 || !text.endsWith('"')) throw new Outside();
    return unescaped(text.slice(1, -1));
  }
  if (text.startsWith("'")) {
    const inner = text.slice(1, -1);
    if (text.length < 2 || !text.endsWith("'") || inner.replace(/''/g, '').includes("'")) throw new Outside();
    return inner.replace(/''/g, "'");
  }
  if (/^[?:,[\]{}#&*!|>%@`]/.test(text) || /^-(?:\s|$)/.test(text)) throw new Outside();
  if (/\s#|: |:$/.test(text)) throw new Outside();
  return plain(text.trimEnd());
}

/**
 * A flow collection on one line whose entries are scalars (`envs: [params.env]`,
 * `resources: ["certificates"]`, `pairs: {env: dev}`): a nested entry, an empty one, a quoted key
 * or value of a mapping, or a comment is the library's.
 */
function flow(text: string): unknown {
  const close = text.startsWith('[') ? ']' : '}';
  if (!text.endsWith(close)) throw new Outside();
  const inner = text.slice(1, -1).trim();
  const entries = inner === '' ? [] : flowEntries(inner);
  const quoted = (e: string) => e.startsWith('"') || e.startsWith("'");
  if (entries.some((e) => e === '' || (!quoted(e) && (/[[\]{}"'#]/.test(e) || e.endsWith(':')))))
    throw new Outside();
  if (close === ']') {
    if (entries.some((e) => !quoted(e) && e.includes(': '))) throw new Outside();
    return entries.map((e) => (quoted(e) ? scalar(e) : flowPlain(e)));
  }
  const map: Record<string, unknown> = {};
  for (const entry of entries) {
    const colon = entry.indexOf(': ');
    const key = colon < 0 ? '' : entry.slice(0, colon);
    if (!isPlainKey(key) || Object.prototype.hasOwnProperty.call(map, key)) throw new Outside();
    map[key] = flowPlain(entry.slice(colon + 2).trim());
  }
  return map;
}

/**
 * The entries of a flow collection's inside, split at its commas: a quoted entry's own commas are
 * its text, and only a comma may follow its closing quote.
 */
function flowEntries(inner: string): string[] {
  const entries: string[] = [];
  for (let at = 0; at <= inner.length;) {
    while (inner[at] === ' ') at++;
    let end: number;
    if (inner[at] === '"' || inner[at] === "'") {
      end = closingQuote(inner, at + 1, inner[at]) + 1;
      if (end === 0) throw new Outside();
      while (inner[end] === ' ') end++;
      if (end < inner.length && inner[end] !== ',') throw new Outside();
    } else {
      end = inner.indexOf(',', at);
      if (end < 0) end = inner.length;
    }
    entries.push(inner.slice(at, end).trim());
    at = end + 1;
  }
  return entries;
}

/** A plain scalar inside a flow collection: one that would begin or hold another entry is the library's. */
function flowPlain(text: string): unknown {
  if (text === '' || /^[-?:&*!|>%@`]/.test(text) || text.includes(': ')) throw new Outside();
  return plain(text);
}

/** Words YAML 1.1 reads as booleans, but for those read here. */
const OTHER_WORDS = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;
/** Characters in no YAML 1.1 number, timestamp or word but the booleans and null. */
const ONLY_IN_STRINGS = /[g-hj-mp-suv-wyG-HJ-MP-SU-WY/]/;
/**
 * The library's own tests of a plain scalar, under both schemas a manifest may be read with: a
 * scalar none of them claims is a string. `50%`, `5xx`, a version or a digest is one; `1_0`,
 * `12:30`, `2001-12-14` and `3e5` are not.
 */
const CLAIMED = [new Schema({ schema: 'yaml-1.1' }), new Schema({ schema: 'core' })]
  .flatMap((schema) => schema.tags)
  .flatMap((tag) => (tag.default && 'test' in tag && tag.test instanceof RegExp ? [tag.test] : []));

/**
 * A plain scalar as YAML 1.1 reads it, where that is certain: null, a boolean, a decimal integer
 * or a string no tag of the library claims; anything else is left to the library.
 */
function plain(text: string): unknown {
  if (text === '~' || text === 'null' || text === 'Null' || text === 'NULL') return null;
  if (text === 'true' || text === 'True' || text === 'TRUE') return true;
  if (text === 'false' || text === 'False' || text === 'FALSE') return false;
  if (OTHER_WORDS.test(text)) throw new Outside();
  if (/^-?(?:0|[1-9][0-9]{0,14})$/.test(text)) return Number(text);
  // Most scalars are names and words: this spares them the library's tests.
  if (ONLY_IN_STRINGS.test(text)) return text;
  if (CLAIMED.some((test) => test.test(text))) throw new Outside();
  return text;
}
