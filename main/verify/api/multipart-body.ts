import type { FastifyRequest } from 'fastify';
import { checkFileName, type Fields } from './request-fields.ts';

/**
 * Reads a multipart/form-data body: file parts become `files` (name → content), other parts plain
 * fields. Sourcify clients send the files under `files`; any file field is accepted.
 */
export async function readMultipartBody(request: FastifyRequest): Promise<{ fields: Fields; files: Array<{ path: string; content: Buffer }> }> {
  const fields: Fields = {};
  const files: Array<{ path: string; content: Buffer }> = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') files.push({ path: checkFileName(part.filename || part.fieldname), content: await part.toBuffer() });
    else fields[part.fieldname] = part.value;
  }
  return { fields, files };
}

export function isMultipart(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}
