// Trimmed by hand, not with a pattern such as /\/+$/: a backtracking engine tries that pattern again
// at every character of a run, which takes the square of the run's length, and a pull request can
// make a run megabytes long where nothing stops the main thread (docs/security.md, item 6).

/** `text` without the `char`s it ends with. */
export function trimEnd(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return text.slice(0, end);
}

/** `text` without the `char`s it starts or ends with. */
export function trimBoth(text: string, char: string): string {
  let start = 0;
  while (start < text.length && text[start] === char) start++;
  return trimEnd(text.slice(start), char);
}

/** Code-unit order: unlike localeCompare, the same on every machine and locale, so output and hashes are too. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
