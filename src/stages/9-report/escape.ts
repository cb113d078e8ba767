/**
 * Text from the repository (names, keys, paths, messages) on its way to a reader. Every output
 * that shows it passes it through one of these, so a name cannot forge a heading, a link, an image,
 * a table cell or a closing `</details>` in markdown, or move the cursor in a terminal.
 */

// C0 and C1 control characters (escape sequences start with ESC or CSI), DEL, and line breaks.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** For a terminal: control characters become `?`, so nothing the repository holds can steer it. */
export const terminal = (text: string): string => text.replace(CONTROL, '?');

/** Markdown prose and table cells: every character markdown or HTML could act on, escaped. */
export function markdown(text: string): string {
  return terminal(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]#!|~])/g, '\\$1');
}

/** A markdown code span: shown literally; `|` escaped, as a table would split on it even there. */
export function code(text: string): string {
  const clean = terminal(text).replace(/\|/g, '\\|');
  const fence = clean.includes('`') ? '``' : '`';
  const pad = clean.startsWith('`') || clean.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${clean}${pad}${fence}`;
}

/** Every string in a plain JSON value, made safe for a terminal: what the text renderers print. */
export function forTerminal<T>(value: T): T {
  if (typeof value === 'string') return terminal(value) as T;
  if (Array.isArray(value)) return value.map(forTerminal) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forTerminal(v)])) as T;
  return value;
}
