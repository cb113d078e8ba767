import { posix } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * The regular files of a gzipped tar archive (a packaged chart), by path. Enough of POSIX ustar and
 * PAX for what `helm package` writes: long names come as a PAX `path` record. Directories, links
 * and devices are skipped; an entry that would leave the archive's root is refused, so extracting
 * it can never write outside the directory it is given.
 */
export function untar(gzipped: Buffer, maxBytes: number): Map<string, Buffer> {
  const tar = gunzipSync(gzipped, { maxOutputLength: maxBytes });
  const files = new Map<string, Buffer>();
  let longName: string | null = null;
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const text = (from: number, length: number) =>
      header
        .subarray(from, from + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] || 48);
    const prefix = text(345, 155);
    const body = tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      // PAX records: "<length> key=value\n"; only `path` matters here.
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1];
      longName = path ?? null;
      continue;
    }
    if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
      continue;
    }
    const name = longName ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100));
    longName = null;
    if (type !== '0' && type !== '7') continue;
    const path = posix.normalize(name);
    if (posix.isAbsolute(path) || path === '..' || path.startsWith('../'))
      throw new Error(`the archive holds ${name}, outside its root`);
    files.set(path, Buffer.from(body));
  }
  return files;
}
