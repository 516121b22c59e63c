import type { PathBuffer } from '@ethereum-sourcify/lib-sourcify';
import { TooLargeError, VerifyError } from './verify-error.ts';
import { ZipEntryTooLargeError, ZipTooManyEntriesError, zipEntries } from './zip-archive.ts';
import { zipEntryPaths } from './zip-entry-paths.ts';

/** Most files one upload may unpack from its zips; real projects hold far fewer sources. */
export const MAX_UNPACKED_FILES = 20_000;

export interface UnpackedFiles {
  /** The files with each zip replaced by the files it holds. */
  files: PathBuffer[];
  /** What the files count against the limit: a file its size, a zip the larger of its own size and what it unpacks to. */
  bytes: number;
}

/** Where the limit applies, for the refusal's words: "a session may hold", "one request may carry". */
export interface UnpackLimit {
  bytes: number;
  scope: string;
}

/** The files one zip holds, as unpackZip read them. */
export interface UnpackedZip {
  files: PathBuffer[];
  /** What its files add up to. */
  size: number;
  /** How many entries it lists, folders included: what MAX_UNPACKED_FILES counts for it. */
  listed: number;
}

/**
 * A file of an upload; a zip among them may come with the files it holds when the caller has
 * unpacked it already (unpackZip), so that it is not inflated a second time. The limits still apply.
 */
export type UploadedFile = PathBuffer & { unpacked?: UnpackedZip };

/** What the files before a zip already count against the limits. */
export interface Counted {
  bytes: number;
  files: number;
}

/**
 * The files of an upload with every zip among them unpacked, the way lib-sourcify's unzipFiles
 * (and so Sourcify) does it: one level deep (a zip inside a zip stays a file), folders and macOS's
 * `__MACOSX` entries left out, the other files first in their order and then each zip's files.
 * Names are taken as zipEntryPaths says (normalised as JSZip does; refused when unsafe or given
 * twice, ZipEntryNameError, 400), checked before anything is inflated.
 *
 * What the files unpack to counts against `limit`, checked while inflating: a zip that would
 * expand past it stops there and is refused (TooLargeError, 413) without the rest being produced.
 * A zip that cannot be read is an Error worded as lib-sourcify's ("Error while unzipping …").
 */
export async function unpackZips(files: readonly UploadedFile[], limit: UnpackLimit): Promise<UnpackedFiles> {
  const opened = await openZips(files, limit);
  const plain = opened.files.filter((f) => !isZip(f.buffer));
  const unpacked = opened.files.flatMap((f) => (isZip(f.buffer) ? f.unpacked!.files : []));
  return { files: [...plain, ...unpacked], bytes: opened.bytes };
}

/**
 * The files as they came, each zip with the files it holds attached (`unpacked`), inflated here
 * unless it came so already, within `limit` as unpackZips counts it (`bytes`: what they count
 * against it). For a request that hands the same files on more than once (to look into them,
 * then to add to them): unpacking them again inflates nothing.
 */
export async function openZips(files: readonly UploadedFile[], limit: UnpackLimit): Promise<{ files: UploadedFile[]; bytes: number }> {
  const counted: Counted = { bytes: files.reduce((sum, f) => sum + (isZip(f.buffer) ? 0 : f.buffer.length), 0), files: 0 };
  if (counted.bytes > limit.bytes) throw new TooLargeError(`the files add up to more than ${mib(limit.bytes)}, the most ${limit.scope}`);
  const opened: UploadedFile[] = [];
  for (const file of files) {
    if (!isZip(file.buffer)) {
      opened.push(file);
      continue;
    }
    const unpacked = file.unpacked ? withinLimits(file, file.unpacked, limit, counted) : await unpackZip(file, limit, counted);
    countZip(counted, file.buffer.length, unpacked);
    opened.push({ ...file, unpacked });
  }
  return { files: opened, bytes: counted.bytes };
}

/**
 * Adds an unpacked zip to what the files before the next one count: the larger of its own size
 * (`packedBytes`) and what it unpacks to, and the files it holds.
 */
export function countZip(counted: Counted, packedBytes: number, unpacked: UnpackedZip): void {
  counted.bytes += Math.max(packedBytes, unpacked.size);
  counted.files += unpacked.files.length;
}

/**
 * One zip's files, within what is left of `limit` after the files `counted` before it; refused
 * as unpackZips says. For a caller that looks into a zip before handing it on (UploadedFile).
 */
export async function unpackZip(zip: PathBuffer, limit: UnpackLimit, counted: Counted = { bytes: 0, files: 0 }): Promise<UnpackedZip> {
  const room = limit.bytes - counted.bytes;
  if (zip.buffer.length > room) throw overLimit(zip, limit, counted);
  const files: PathBuffer[] = [];
  let size = 0;
  let listed: number;
  try {
    const entries = zipEntries(zip.buffer, MAX_UNPACKED_FILES - counted.files);
    listed = entries.length;
    const held = entries.filter((entry) => !entry.isDirectory && !entry.name.includes('__MACOSX'));
    const paths = zipEntryPaths(zip.path, held.map((entry) => entry.name));
    for (const [i, entry] of held.entries()) {
      const content = await entry.read(room - size);
      size += content.length;
      files.push({ path: paths[i]!, buffer: content });
    }
  } catch (error) {
    if (error instanceof ZipEntryTooLargeError) throw overLimit(zip, limit, counted);
    if (error instanceof ZipTooManyEntriesError) throw tooManyFiles(zip);
    if (error instanceof VerifyError) throw error;
    throw new Error(`Error while unzipping ${zip.path}: ${(error as Error).message}`);
  }
  // Within the room: each entry was inflated with what was left of it as its ceiling.
  return { files, size, listed };
}

/** A zip's files, read earlier (maybe within a larger room), held to this upload's limits. */
function withinLimits(zip: PathBuffer, opened: UnpackedZip, limit: UnpackLimit, counted: Counted): UnpackedZip {
  const room = limit.bytes - counted.bytes;
  if (zip.buffer.length > room) throw overLimit(zip, limit, counted);
  if (opened.listed > MAX_UNPACKED_FILES - counted.files) throw tooManyFiles(zip);
  if (opened.size > room) throw overLimit(zip, limit, counted);
  return opened;
}

function overLimit(zip: PathBuffer, limit: UnpackLimit, counted: Counted): TooLargeError {
  const others = counted.bytes > 0 ? ' with the other files' : '';
  return new TooLargeError(`${zip.path} unpacks to more than ${mib(limit.bytes)}${others}, the most ${limit.scope} (a zip counts as the files it holds, unpacked)`);
}

function tooManyFiles(zip: PathBuffer): TooLargeError {
  return new TooLargeError(`${zip.path} lists more files than the ${MAX_UNPACKED_FILES} one upload may unpack`);
}

/** A zip by its first bytes, as lib-sourcify tells them (a local header, an empty archive or a spanned one). */
export function isZip(buffer: Buffer): boolean {
  return buffer[0] === 0x50 && buffer[1] === 0x4b
    && (buffer[2] === 0x03 || buffer[2] === 0x05 || buffer[2] === 0x07)
    && (buffer[3] === 0x04 || buffer[3] === 0x06 || buffer[3] === 0x08);
}

function mib(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 100) / 100} MiB`;
}
