import type { FastifyRequest } from 'fastify';
import { VerifyError } from '../engine/verify-error.ts';
import { checkFileName, type Fields } from './request-fields.ts';

/**
 * Reads a multipart/form-data body: file parts become `files` (name → content), other parts plain
 * fields. Sourcify clients send the files under `files`; any file field is accepted.
 */
export async function readMultipartBody(request: FastifyRequest): Promise<{ fields: Fields; files: Array<{ path: string; content: Buffer }> }> {
  const fields: Fields = {};
  const files: Array<{ path: string; content: Buffer }> = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') files.push({ path: checkFileName(part.filename || part.fieldname), content: await part.toBuffer() });
      else fields[part.fieldname] = part.value;
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
