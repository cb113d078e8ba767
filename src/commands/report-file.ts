import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ErrorObject } from 'ajv';
import schema from '../../docs/report.schema.json' with { type: 'json' };
import { UsageError } from '../model/errors.js';
import { compareText } from '../model/text.js';
import type { Report } from '../model/types.js';

/**
 * A report another run wrote (a fork's check, a shard): at most 50 MiB, JSON, and of the shape
 * docs/report.schema.json gives. It is data from elsewhere: every string in it is still escaped on
 * the way out like any repository string.
 */
export async function readReport(path: string): Promise<Report> {
  const size = await stat(path).then(
    (s) => s.size,
    () => {
      throw new UsageError(
        `the report file ${path} does not exist; download the artifact the check uploaded first.`,
      );
    },
  );
  if (size > 50 * 2 ** 20) throw new UsageError(`the report file ${path} is larger than 50 MiB.`);
  let content: unknown;
  try {
    content = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw new UsageError(`the report file ${path} is not JSON.`);
  }
  const { Ajv } = await import('ajv');
  const validate = new Ajv({ allErrors: false, strict: false }).compile<Report>(schema);
  if (!validate(content)) {
    const error = (validate.errors ?? [])[0] as ErrorObject | undefined;
    throw new UsageError(
      `the report file ${path} is not a version 2 report (${error ? `${error.instancePath || '/'} ${error.message}` : 'invalid'}).`,
    );
  }
  return content;
}

/** The report files at `paths`: each a file, or a directory whose `.json` files (at any depth) are read. */
export async function readReports(paths: readonly string[]): Promise<Report[]> {
  const files: string[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory())
      files.push(
        ...(await readdir(path, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile() && e.name.endsWith('.json'))
          .map((e) => join(e.parentPath, e.name))
          .sort(compareText),
      );
    else files.push(path);
  }
  if (!files.length) throw new UsageError(`no report files in ${paths.join(', ')}.`);
  return Promise.all(files.map(readReport));
}
