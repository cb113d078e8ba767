/** Reading values of unknown shape, as parsed YAML is. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a dotted path of plain keys, or undefined. */
export function field(body: unknown, path: string): unknown {
  let value = body;
  for (const key of path.split('.')) value = isRecord(value) ? value[key] : undefined;
  return value;
}
