import type { VerifyUnreadableFile } from '../common/verify-types.ts';
import { isZip, unpackZips } from '../verify/engine/unpack-zips.ts';
import { TooLargeError } from '../verify/engine/verify-error.ts';
import { SESSION_MAX_BYTES } from '../verify/sessions/session-store.ts';

/**
 * Uploads the verify session can make nothing of, found before they reach it. lib-sourcify takes
 * any file that is neither a zip nor metadata for a possible Solidity source: a `.zip` that is not a zip,
 * or a `metadata.json` that is not JSON, would be stored without a word and show up among the
 * files no contract uses. Interface B keeps answering that way (Sourcify does); the app tells
 * the user instead, naming the file, and leaves it out of the session.
 */
export async function splitUnreadable<T extends { path: string; content: Buffer }>(files: T[]): Promise<{ readable: T[]; unreadable: VerifyUnreadableFile[] }> {
  const readable: T[] = [];
  const unreadable: VerifyUnreadableFile[] = [];
  for (const file of files) {
    const reason = await unreadableReason(file.path, file.content);
    if (reason === null) readable.push(file);
    else unreadable.push({ name: file.path, reason });
  }
  return { readable, unreadable };
}

/** Why a file named like a zip or like JSON cannot be read as one, in plain words; null when it can (or is neither). */
export async function unreadableReason(path: string, content: Buffer): Promise<string | null> {
  const name = path.toLowerCase();
  if (name.endsWith('.zip')) return zipProblem(path, content);
  if (name.endsWith('.json')) return jsonProblem(content);
  return null;
}

async function zipProblem(path: string, content: Buffer): Promise<string | null> {
  if (!isZip(content)) return 'it is not a zip archive';
  // The very unpacking the session does, within the same limit (stopping there, not after
  // inflating it all), so "opens here" means "opens there".
  let unpacked: Awaited<ReturnType<typeof unpackZips>>;
  try {
    unpacked = await unpackZips([{ path, buffer: content }], { bytes: SESSION_MAX_BYTES, scope: 'a session may hold' });
  } catch (error) {
    if (error instanceof TooLargeError) return `it unpacks to more than the ${SESSION_MAX_BYTES / 1024 / 1024} MiB a session may hold`;
    const detail = (error as Error).message.replace(/^Error while unzipping .*?: /, '');
    return `the zip could not be opened (${detail})`;
  }
  if (unpacked.files.length === 0) return 'the zip holds no files';
  return null;
}

function jsonProblem(content: Buffer): string | null {
  try {
    JSON.parse(content.toString('utf8'));
    return null;
  } catch (error) {
    return `it is not valid JSON (${(error as Error).message})`;
  }
}
