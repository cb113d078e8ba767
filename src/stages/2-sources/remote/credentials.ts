import { UsageError } from '../../../model/errors.js';
import { trimEnd } from '../../../model/text.js';
import { normalizeSource } from './sources.js';

/**
 * A login for the charts under one source prefix, given by the trusted side only (the Action's
 * `registry-credentials` input, the CLI's `--registry-credentials FILE`), never by a configuration
 * file: the repository must not be able to choose where a token is sent.
 */
export interface Credential {
  /** `ghcr.io/org`, `oci://registry.example.com/charts`, `https://charts.example.org`. */
  prefix: string;
  username: string;
  password: string;
}

/** Whether `source` lies under `prefix`, as the allowlist and the logins write prefixes (with or without a scheme). */
export function underPrefix(source: string, prefix: string): boolean {
  const normal = normalizeSource(source);
  const withScheme = prefix.includes('://');
  const p = withScheme ? normalizeSource(prefix) : trimEnd(prefix.trim(), '/');
  const target = withScheme ? normal : normal.replace(/^[a-z0-9+.-]+:\/\//, '');
  return target === p || target.startsWith(`${p}/`);
}

/** The login for `source`: the longest prefix that holds it, or null. */
export function credentialFor(source: string, credentials: readonly Credential[]): Credential | null {
  return (
    credentials
      .filter((c) => underPrefix(source, c.prefix))
      .sort((a, b) => b.prefix.length - a.prefix.length)[0] ?? null
  );
}

/**
 * `PREFIX=USERNAME:PASSWORD`, one per line (blank lines and `#` comments skipped). A line that does
 * not fit is named by its number only: it may hold a password.
 */
export function parseCredentials(text: string, where: string): Credential[] {
  return text.split(/\r?\n/).flatMap((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return [];
    const match = /^([^=\s]+)=([^:\s]+):(.+)$/.exec(line);
    if (!match)
      throw new UsageError(
        `${where}, line ${i + 1}: expected PREFIX=USERNAME:PASSWORD (for example ghcr.io/my-org=bot:TOKEN).`,
      );
    return [{ prefix: match[1], username: match[2], password: match[3] }];
  });
}
