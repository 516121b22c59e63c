import { promisify } from 'node:util';
import zlib from 'node:zlib';

const inflateRaw = promisify(zlib.inflateRaw);

/** One file or folder of a zip, as its central directory lists it. */
export interface ZipEntry {
  name: string;
  isDirectory: boolean;
  /** Reads the entry's content, inflating at most `maxBytes`; throws ZipEntryTooLargeError past that. */
  read(maxBytes: number): Promise<Buffer>;
}

/** An entry that holds more than the reader was allowed to inflate; nothing past the limit was produced. */
export class ZipEntryTooLargeError extends Error {
  constructor(name: string, maxBytes: number) {
    super(`${name} holds more than ${maxBytes} bytes`);
    this.name = 'ZipEntryTooLargeError';
  }
}

/** An archive listing more entries than the reader takes. */
export class ZipTooManyEntriesError extends Error {
  constructor(count: number, maxEntries: number) {
    super(`it lists ${count} entries, more than the ${maxEntries} taken`);
    this.name = 'ZipTooManyEntriesError';
  }
}

const EOCD = 0x06054b50;
const ZIP64_EOCD_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * The entries of a zip archive, read from its central directory. Contents are inflated only when
 * asked, each with a ceiling (node:zlib's maxOutputLength), so an archive that expands a thousand
 * fold stops at the ceiling instead of filling memory first: the sizes a zip declares are the
 * sender's word, never trusted. Stored and deflated entries, zip64 sizes and data prepended to the
 * archive are read, as JSZip (lib-sourcify's unzipper) reads them; encrypted entries are refused.
 */
export function zipEntries(archive: Buffer, maxEntries: number): ZipEntry[] {
  const end = findEndOfCentralDirectory(archive);
  let count = archive.readUInt16LE(end + 10);
  let size = archive.readUInt32LE(end + 12);
  let offset = archive.readUInt32LE(end + 16);
  let directoryEnd = end;
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const zip64 = zip64EndOfCentralDirectory(archive, end);
    ({ count, size, offset } = zip64);
    directoryEnd = zip64.at;
  }
  if (count > maxEntries) throw new ZipTooManyEntriesError(count, maxEntries);
  // Bytes before the archive proper (a self-extractor stub) shift every offset it records.
  const shift = directoryEnd - (offset + size);
  if (shift < 0) throw new Error('Corrupted zip: the central directory lies past its end');
  const entries: ZipEntry[] = [];
  let at = offset + shift;
  for (let i = 0; i < count; i++) {
    need(archive, at, 46);
    if (archive.readUInt32LE(at) !== CENTRAL_HEADER) throw new Error(`Corrupted zip: entry ${i + 1} of the central directory is damaged`);
    const madeBy = archive.readUInt8(at + 5);
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    let compressedSize = archive.readUInt32LE(at + 20);
    let uncompressedSize = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const externalAttributes = archive.readUInt32LE(at + 38);
    let localOffset = archive.readUInt32LE(at + 42);
    need(archive, at + 46, nameLength + extraLength + commentLength);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    const extra = archive.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    ({ compressedSize, uncompressedSize, localOffset } = withZip64Sizes(extra, { compressedSize, uncompressedSize, localOffset }));
    at += 46 + nameLength + extraLength + commentLength;
    const isDirectory = name.endsWith('/') || isDirectoryAttribute(madeBy, externalAttributes);
    const dataStart = () => localDataStart(archive, localOffset + shift, name);
    entries.push({
      name,
      isDirectory,
      async read(maxBytes) {
        if (flags & 0x1) throw new Error(`${name} is encrypted: encrypted zips are not supported`);
        const start = dataStart();
        need(archive, start, compressedSize);
        const data = archive.subarray(start, start + compressedSize);
        if (method === STORED) {
          if (data.length > maxBytes) throw new ZipEntryTooLargeError(name, maxBytes);
          return Buffer.from(data);
        }
        if (method !== DEFLATED) throw new Error(`${name} uses compression method ${method}: only stored and deflated entries are supported`);
        try {
          return await inflateRaw(data, { maxOutputLength: Math.max(1, maxBytes) });
        } catch (error) {
          if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipEntryTooLargeError(name, maxBytes);
          throw new Error(`${name} could not be inflated: ${(error as Error).message}`);
        }
      },
    });
  }
  return entries;
}

function findEndOfCentralDirectory(archive: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const lowest = Math.max(0, archive.length - 22 - 0xffff);
  for (let at = archive.length - 22; at >= lowest; at--) {
    if (archive.readUInt32LE(at) === EOCD) return at;
  }
  throw new Error('Corrupted zip: the end of its central directory is missing (is this zip file complete?)');
}

function zip64EndOfCentralDirectory(archive: Buffer, end: number): { count: number; size: number; offset: number; at: number } {
  const locator = end - 20;
  if (locator < 0 || archive.readUInt32LE(locator) !== ZIP64_EOCD_LOCATOR) throw new Error('Corrupted zip: the zip64 end of its central directory is missing');
  const at = safeNumber(archive.readBigUInt64LE(locator + 8));
  need(archive, at, 56);
  if (archive.readUInt32LE(at) !== ZIP64_EOCD) throw new Error('Corrupted zip: the zip64 end of its central directory is damaged');
  return {
    count: safeNumber(archive.readBigUInt64LE(at + 32)),
    size: safeNumber(archive.readBigUInt64LE(at + 40)),
    offset: safeNumber(archive.readBigUInt64LE(at + 48)),
    at,
  };
}

/** Sizes and offset a zip64 extra field (id 1) carries for the fields saturated in the header. */
function withZip64Sizes(extra: Buffer, fields: { compressedSize: number; uncompressedSize: number; localOffset: number }): typeof fields {
  const result = { ...fields };
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 1) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + length) throw new Error('Corrupted zip: a zip64 extra field is cut short');
        const value = safeNumber(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (fields.uncompressedSize === 0xffffffff) result.uncompressedSize = next();
      if (fields.compressedSize === 0xffffffff) result.compressedSize = next();
      if (fields.localOffset === 0xffffffff) result.localOffset = next();
      return result;
    }
    at += 4 + length;
  }
  return result;
}

function localDataStart(archive: Buffer, at: number, name: string): number {
  need(archive, at, 30);
  if (archive.readUInt32LE(at) !== LOCAL_HEADER) throw new Error(`Corrupted zip: the local header of ${name} is missing`);
  return at + 30 + archive.readUInt16LE(at + 26) + archive.readUInt16LE(at + 28);
}

/** DOS's directory bit, or a Unix mode of S_IFDIR, as JSZip reads them. */
function isDirectoryAttribute(madeBy: number, attributes: number): boolean {
  if (madeBy === 0) return (attributes & 0x10) !== 0;
  if (madeBy === 3) return ((attributes >>> 16) & 0xf000) === 0x4000;
  return false;
}

function need(archive: Buffer, at: number, length: number): void {
  if (at < 0 || at + length > archive.length) throw new Error('Corrupted zip: it ends before the data it lists (is this zip file complete?)');
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('Corrupted zip: a size or offset is out of range');
  return Number(value);
}
