import { gunzipSync } from 'node:zlib';

/**
 * Reads one file out of a gzipped tar (an npm package tarball) without a dependency:
 * npm tarballs are plain ustar, so walking 512-byte headers is enough.
 * Returns null when no entry has that path.
 */
export function extractFromTgz(tgz: Buffer, entryPath: string): Buffer | null {
  const tar = gunzipSync(tgz);
  let offset = 0;
  let longName: string | null = null;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = longName ?? joinName(cString(header, 345, 155), cString(header, 0, 100));
    longName = null;
    const size = parseInt(cString(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 48);
    const dataStart = offset + 512;
    const data = tar.subarray(dataStart, dataStart + size);
    if (type === 'L') longName = cString(data, 0, data.length);
    else if ((type === '0' || type === '\0') && name === entryPath) return Buffer.from(data);
    offset = dataStart + Math.ceil(size / 512) * 512;
  }
  return null;
}

function cString(buffer: Buffer, start: number, length: number): string {
  const slice = buffer.subarray(start, start + length);
  const end = slice.indexOf(0);
  return slice.subarray(0, end === -1 ? slice.length : end).toString('utf8');
}

function joinName(prefix: string, name: string): string {
  return prefix ? `${prefix}/${name}` : name;
}
