import type { Diagnostic, Impact, NotChecked, Unaffected } from './types.js';
import { isRecord } from './values.js';

/**
 * Secret values out of every text the tool emits. The engine compares Secrets by digest and never
 * prints a value of its own accord; this is for what it does not write itself: a renderer's error
 * message, an annotation a build copied a value into. Each value of each Secret read at either
 * revision (as written, decoded, and line by line) is replaced wherever it appears.
 */
type Redact = (text: string) => string;

export const REDACTED = '[redacted]';

/** Values this short are replaced only where they stand alone: shorter still, they are ordinary words. */
const WHOLE_TOKEN_BELOW = 8;
const SHORTEST = 4;

/** `values` trimmed, none shorter than `SHORTEST`. */
function redactor(values: string[]): Redact {
  // Longest first, so a value that contains another is replaced whole.
  const long = values.filter((v) => v.length >= WHOLE_TOKEN_BELOW).sort((a, b) => b.length - a.length);
  const short = new Set(values.filter((v) => v.length < WHOLE_TOKEN_BELOW));
  return (text) => {
    let out = text;
    for (const value of long) if (out.includes(value)) out = out.replaceAll(value, REDACTED);
    if (short.size)
      out = out.replace(/[A-Za-z0-9+/=_.-]+/g, (token) => (short.has(token) ? REDACTED : token));
    return out;
  };
}

/**
 * The free text of a result redacted of these Secret values: messages and reasons, where a
 * renderer's words or a value a build copied land. Names, keys and paths are identifiers and stay
 * as they are; so does an identifier the result prints that holds a value as a part of it, where a
 * message writes it (openstack-helm's Secrets hold service names: `barbican` made `[redacted]-api`
 * of a Deployment whose name the same report prints). The value standing alone is still replaced.
 */
export function redactText<
  T extends {
    diagnostics: Diagnostic[];
    notChecked?: NotChecked[];
    impacts?: Impact[];
    unaffected?: Unaffected[];
  },
>(result: T, values: Iterable<string>): T {
  const texts = [
    ...result.diagnostics.map((d) => d.message),
    ...(result.notChecked ?? []).map((n) => n.message),
    ...(result.impacts ?? []).map((i) => i.reason),
    ...(result.unaffected ?? []).map((u) => u.reason),
  ];
  // Only a value some text holds can be replaced, or can make a printed identifier worth keeping:
  // a large scan or fix reads thousands of Secret values and prints thousands of names and notes,
  // and pairing them all cost more than the run. A value is looked for only where every one of its
  // SHORTEST-character pieces occurs in some text.
  const candidates = [...new Set([...values].map((v) => v.trim()))].filter((v) => v.length >= SHORTEST);
  if (candidates.length === 0) return result;
  const pieces = new Set<string>();
  for (const text of texts)
    for (let i = 0; i + SHORTEST <= text.length; i++) pieces.add(text.slice(i, i + SHORTEST));
  const mayOccur = (value: string) => {
    for (let i = 0; i + SHORTEST <= value.length; i += SHORTEST)
      if (!pieces.has(value.slice(i, i + SHORTEST))) return false;
    return pieces.has(value.slice(-SHORTEST));
  };
  const all = candidates.filter((v) => mayOccur(v) && texts.some((t) => t.includes(v)));
  if (all.length === 0) return result;
  const printed = new Set<string>();
  identifiers(result, printed);
  // The printed identifiers that hold each value, and where: an identifier in a text surrounds an
  // occurrence of its value there, at the value's offset in it, so it is found from there.
  const holders = new Map(
    all.map((v) => [v, { ids: new Set<string>(), shapes: new Map<string, [number, number]>() }]),
  );
  for (const id of printed)
    for (const v of all)
      for (let at = id.indexOf(v); at !== -1 && id !== v; at = id.indexOf(v, at + 1)) {
        const held = holders.get(v)!;
        held.ids.add(id);
        held.shapes.set(`${at}:${id.length}`, [at, id.length]);
      }
  const redact = (text: string): string => {
    const here = all.filter((v) => text.includes(v));
    if (here.length === 0) return text;
    const found = new Set<string>();
    for (const v of here) {
      const { ids, shapes } = holders.get(v)!;
      if (ids.size === 0) continue;
      for (let p = text.indexOf(v); p !== -1; p = text.indexOf(v, p + 1))
        for (const [at, length] of shapes.values()) {
          const candidate = p >= at ? text.slice(p - at, p - at + length) : '';
          if (ids.has(candidate)) found.add(candidate);
        }
    }
    // Longest first, so an identifier inside another is kept as part of the longer one.
    const holding = [...found].sort((a, b) => b.length - a.length);
    const kept: string[] = [];
    let masked = text;
    for (const id of holding)
      if (masked.includes(id)) masked = masked.replaceAll(id, placeholder(kept.push(id) - 1));
    return redactor(here)(masked).replace(
      /\uE000([\uE010-\uE019]+)\uE001/g,
      (_, digits: string) => kept[Number([...digits].map((d) => d.charCodeAt(0) - 0xe010).join(''))],
    );
  };
  return {
    ...result,
    diagnostics: result.diagnostics.map((d) => ({ ...d, message: redact(d.message) })),
    ...(result.notChecked
      ? { notChecked: result.notChecked.map((n) => ({ ...n, message: redact(n.message) })) }
      : {}),
    ...(result.impacts ? { impacts: result.impacts.map((i) => ({ ...i, reason: redact(i.reason) })) } : {}),
    ...(result.unaffected
      ? { unaffected: result.unaffected.map((u) => ({ ...u, reason: redact(u.reason) })) }
      : {}),
  };
}

/** A stand-in for the n-th kept identifier no value can match: private-use characters only. */
const placeholder = (n: number): string =>
  `\uE000${[...String(n)].map((d) => String.fromCharCode(0xe010 + Number(d))).join('')}\uE001`;

/** Every string of a result outside its free text (`message`, `reason`): what it prints as it is. */
function identifiers(value: unknown, into: Set<string>, key = ''): void {
  if (typeof value === 'string') {
    if (key !== 'message' && key !== 'reason') into.add(value);
  } else if (Array.isArray(value)) for (const item of value) identifiers(item, into, key);
  else if (isRecord(value)) for (const [k, item] of Object.entries(value)) identifiers(item, into, k);
}
