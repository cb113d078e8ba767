import { LineCounter, type ErrorCode } from 'yaml';
import { parseAllDocuments } from './yaml.js';

/**
 * What a parser error means, from its code alone: the parser's own message quotes the offending
 * text (`Aliased anchor not found: …`, `Could not resolve tag: …`), which can be a Secret's value.
 */
const ERRORS: Partial<Record<ErrorCode, string>> = {
  BAD_ALIAS: 'an alias (*name) names no anchor',
  BAD_INDENT: 'inconsistent indentation',
  BAD_SCALAR_START: 'a plain value starts with a reserved character; quote it',
  BLOCK_AS_IMPLICIT_KEY: 'a block value where a key was expected',
  DUPLICATE_KEY: 'a key appears twice in one mapping',
  MISSING_CHAR: 'a closing quote or bracket is missing',
  MULTILINE_IMPLICIT_KEY: 'a key spans several lines',
  TAB_AS_INDENT: 'a tab is used for indentation',
  TAG_RESOLVE_FAILED: 'an unknown tag (!…)',
  UNEXPECTED_TOKEN: 'unexpected text',
  BAD_DQ_ESCAPE: 'an invalid escape in a double-quoted string',
  BLOCK_IN_FLOW: 'a block value inside a flow collection',
  MULTIPLE_ANCHORS: 'a node with two anchors',
  MULTIPLE_TAGS: 'a node with two tags',
};

/** A parser error in these words, with its code. */
export function describeYamlError(code: ErrorCode): string {
  return `${ERRORS[code] ?? 'the YAML does not parse'} (${code})`;
}

/**
 * Where a file's YAML first goes wrong, by line and code (never the file's text): a program that
 * names no file for YAML it cannot read (kustomize's `yaml: unmarshal errors`) is pointed at one.
 */
export function yamlMistake(text: string): { line: number; code: ErrorCode } | null {
  const lines = new LineCounter();
  for (const doc of parseAllDocuments(text, { lineCounter: lines, version: '1.1', prettyErrors: false })) {
    const error = doc.errors[0];
    if (error) return { line: lines.linePos(error.pos[0]).line, code: error.code };
  }
  return null;
}
