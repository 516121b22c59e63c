import type { VerifyUnreadableFile } from '../common/verify-types.ts';
import { countZip, isZip, unpackZip, type Counted, type UnpackedZip } from '../verify/engine/unpack-zips.ts';
import { TooLargeError } from '../verify/engine/verify-error.ts';
import { ZipEntryNameError } from '../verify/engine/zip-entry-paths.ts';
import type { SessionUpload } from '../verify/sessions/session-service.ts';
import { SESSION_MAX_BYTES } from '../verify/sessions/session-store.ts';
import { projectFileToSession, unusableBuildOutput } from './verify-project-files.ts';

/**
 * What reading an uploaded file before the session found: why the session could make nothing of
 * it, or what it holds, so that nothing reads it again: a zip's files go to the session with it
 * (not inflated a second time), a JSON file's value to the reading of build outputs.
 */
type UploadRead =
  | { kind: 'unreadable'; reason: string }
  | { kind: 'zip'; unpacked: UnpackedZip }
  | { kind: 'json'; value: unknown }
  | { kind: 'other' };

/**
 * The files of an upload as the session gets them, and those it cannot read, named with why.
 * lib-sourcify takes any file that is neither a zip nor metadata for a possible Solidity source:
 * a `.zip` that is not a zip, or a `metadata.json` that is not JSON, would be stored without a
 * word and show up among the files no contract uses. Interface B keeps answering that way
 * (Sourcify does); the app tells the user instead, naming the file, and leaves it out of the
 * session. One file at a time: a JSON file's parsed value is let go before the next is parsed.
 * The zips' files are all held until the session takes them, so together (not each) they stay
 * within what a session may hold: the zip that would cross it is refused, as one too large.
 */
export async function readUploads(files: ReadonlyArray<{ path: string; content: Buffer }>): Promise<{ toAdd: SessionUpload[]; unreadable: VerifyUnreadableFile[] }> {
  const toAdd: SessionUpload[] = [];
  const unreadable: VerifyUnreadableFile[] = [];
  const zipsHeld: Counted = { bytes: 0, files: 0 };
  const paths = new Set(files.map((file) => file.path));
  for (const file of files) {
    const read = await readUpload(file.path, file.content, zipsHeld);
    if (read.kind === 'unreadable') {
      unreadable.push({ name: file.path, reason: read.reason });
      continue;
    }
    const unusable = read.kind === 'json' ? unusableBuildOutput(read.value) : null;
    if (unusable !== null) {
      // Its Name.metadata.json came with it: that file is the contract, the artifact has nothing more (as Hardhat's).
      if (!paths.has(foundryMetadataPathOf(file.path))) unreadable.push({ name: file.path, reason: unusable });
      continue;
    }
    const projected = projectFileToSession(file, read.kind === 'json' ? read.value : undefined);
    if (projected === null) continue;
    if (read.kind === 'zip') countZip(zipsHeld, file.content.length, read.unpacked);
    toAdd.push(read.kind === 'zip' ? { ...projected, unpacked: read.unpacked } : projected);
  }
  return { toAdd, unreadable };
}

/** Where `forge build --extra-output-files metadata` writes an artifact's metadata: out/A.sol/A.json → out/A.sol/A.metadata.json. */
function foundryMetadataPathOf(artifactPath: string): string {
  return artifactPath.replace(/\.json$/i, '.metadata.json');
}

/**
 * Reads a file named like a zip or like JSON as one, saying in plain words why it cannot be; other
 * files are not its job. A zip gets what is left of a session's room after `zipsBefore`.
 */
export async function readUpload(path: string, content: Buffer, zipsBefore: Counted = { bytes: 0, files: 0 }): Promise<UploadRead> {
  const name = path.toLowerCase();
  if (name.endsWith('.zip')) return readZip(path, content, zipsBefore);
  if (name.endsWith('.json')) return readJson(content);
  return { kind: 'other' };
}

async function readZip(path: string, content: Buffer, zipsBefore: Counted): Promise<UploadRead> {
  if (!isZip(content)) return { kind: 'unreadable', reason: 'it is not a zip archive' };
  // The very unpacking the session does, within the same limit (stopping there, not after
  // inflating it all), so "opens here" means "opens there"; the session then takes these files.
  let unpacked: UnpackedZip;
  try {
    unpacked = await unpackZip({ path, buffer: content }, { bytes: SESSION_MAX_BYTES, scope: 'a session may hold' }, zipsBefore);
  } catch (error) {
    if (error instanceof TooLargeError) {
      const others = zipsBefore.bytes > 0 ? ' with the zips sent before it' : '';
      return { kind: 'unreadable', reason: `it unpacks to more than the ${SESSION_MAX_BYTES / 1024 / 1024} MiB a session may hold${others}` };
    }
    if (error instanceof ZipEntryNameError) return { kind: 'unreadable', reason: error.reason };
    const detail = (error as Error).message.replace(/^Error while unzipping .*?: /, '');
    return { kind: 'unreadable', reason: `the zip could not be opened (${detail})` };
  }
  if (unpacked.files.length === 0) return { kind: 'unreadable', reason: 'the zip holds no files' };
  return { kind: 'zip', unpacked };
}

function readJson(content: Buffer): UploadRead {
  try {
    return { kind: 'json', value: JSON.parse(content.toString('utf8')) as unknown };
  } catch (error) {
    return { kind: 'unreadable', reason: `it is not valid JSON (${(error as Error).message})` };
  }
}
