/** Code-unit order: unlike localeCompare, the same on every machine and locale, so output and hashes are too. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
