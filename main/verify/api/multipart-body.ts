import type { FastifyRequest } from 'fastify';
import { TooLargeError, VerifyError } from '../engine/verify-error.ts';
import { SESSION_MAX_BYTES } from '../sessions/session-store.ts';
import { FileNamesTaken, quotableName } from '../engine/file-name-rules.ts';
import { checkFileName, type Fields } from './request-fields.ts';

/** What the files of one multipart upload may add up to: what a session may hold. */
const MULTIPART_MAX_BYTES = SESSION_MAX_BYTES;

/**
 * Reads a multipart/form-data body: file parts become `files` (name → content), other parts plain
 * fields. Sourcify clients send the files under `files`; any file field is accepted. The parser
 * limits each file; the files together are limited here, as they are read (413 past it).
 *
 * A file is taken under the name it was sent with, path and all, and that name follows the rules
 * for JSON bodies and zips (checkFileName): the parser's default would cut it to its last segment,
 * so "src/L.sol" and "old/L.sol" became one "L.sol" (the later replacing the earlier), and
 * "../../a.sol" a quiet "a.sol". As in a zip, "." and empty segments are dropped
 * (normalisedFileName), and a name given twice, also once so normalised ("./A.sol" and "A.sol"),
 * is refused, naming it: which of the two was meant cannot be known.
 */
export async function readMultipartBody(request: FastifyRequest): Promise<{ fields: Fields; files: Array<{ path: string; content: Buffer }> }> {
  const fields: Fields = {};
  const files: Array<{ path: string; content: Buffer }> = [];
  const names = new FileNamesTaken();
  let total = 0;
  try {
    for await (const part of request.parts({ preservePath: true })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        total += content.length;
        if (total > MULTIPART_MAX_BYTES) throw new TooLargeError(`Request too large: the files of one upload are limited to ${MULTIPART_MAX_BYTES / 1024 / 1024} MiB in total`);
        // A browser form sends a file input left empty as a nameless, empty file: no file was chosen.
        if (part.filename === '' && content.length === 0) continue;
        // Without a filename (a part sent as application/octet-stream) the field's name is the file's.
        const name = checkFileName(part.filename ?? part.fieldname);
        const { path, repeats } = names.take(name);
        if (repeats !== null) {
          throw new VerifyError('bad_request', `file name "${quotableName(path)}" is given twice${repeats.sentAs}: send each file once, named by its path in the project where two files share a name`);
        }
        files.push({ path, content });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The parser's own errors ("Unexpected end of multipart data", a missing boundary) carry no
    // status: they are the client's body, not a fault here. Limits (413) and our checks keep theirs.
    if (error instanceof VerifyError || (error as { statusCode?: number }).statusCode !== undefined) throw error;
    throw new VerifyError('bad_request', `the multipart/form-data body could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { fields, files };
}

export function isMultipart(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}
