import type { PathBuffer } from '@ethereum-sourcify/lib-sourcify';
import { TooLargeError } from './verify-error.ts';
import { ZipEntryTooLargeError, ZipTooManyEntriesError, zipEntries } from './zip-archive.ts';

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

/**
 * The files of an upload with every zip among them unpacked, the way lib-sourcify's unzipFiles
 * (and so Sourcify) does it: one level deep (a zip inside a zip stays a file), folders and macOS's
 * `__MACOSX` entries left out, the other files first in their order and then each zip's files;
 * a name listed twice in one zip keeps its first place and its last content, as JSZip has it.
 *
 * What the files unpack to counts against `limit`, checked while inflating: a zip that would
 * expand past it stops there and is refused (TooLargeError, 413) without the rest being produced.
 * A zip that cannot be read is an Error worded as lib-sourcify's ("Error while unzipping …").
 */
export async function unpackZips(files: readonly PathBuffer[], limit: UnpackLimit): Promise<UnpackedFiles> {
  const plain = files.filter((f) => !isZip(f.buffer));
  let bytes = plain.reduce((sum, f) => sum + f.buffer.length, 0);
  if (bytes > limit.bytes) throw new TooLargeError(`the files add up to more than ${mib(limit.bytes)}, the most ${limit.scope}`);
  const unpacked: PathBuffer[] = [];
  let unpackedCount = 0;
  for (const zip of files.filter((f) => isZip(f.buffer))) {
    const room = limit.bytes - bytes;
    const overLimit = () => new TooLargeError(
      `${zip.path} unpacks to more than ${mib(limit.bytes)}${bytes > 0 ? ' with the other files' : ''}, the most ${limit.scope} (a zip counts as the files it holds, unpacked)`,
    );
    if (zip.buffer.length > room) throw overLimit();
    const held = new Map<string, Buffer>();
    let size = 0;
    try {
      for (const entry of zipEntries(zip.buffer, MAX_UNPACKED_FILES - unpackedCount)) {
        if (entry.isDirectory || entry.name.includes('__MACOSX')) continue;
        const content = await entry.read(room - size + (held.get(entry.name)?.length ?? 0));
        size += content.length - (held.get(entry.name)?.length ?? 0);
        held.set(entry.name, content);
      }
    } catch (error) {
      if (error instanceof ZipEntryTooLargeError) throw overLimit();
      if (error instanceof ZipTooManyEntriesError) throw new TooLargeError(`${zip.path} lists more files than the ${MAX_UNPACKED_FILES} one upload may unpack`);
      throw new Error(`Error while unzipping ${zip.path}: ${(error as Error).message}`);
    }
    if (size > room) throw overLimit();
    bytes += Math.max(zip.buffer.length, size);
    unpackedCount += held.size;
    for (const [path, buffer] of held) unpacked.push({ path, buffer });
  }
  return { files: [...plain, ...unpacked], bytes };
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
