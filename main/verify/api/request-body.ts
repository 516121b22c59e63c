import type { FastifyRequest } from 'fastify';
import { VerifyError } from '../engine/verify-error.ts';
import { isMultipart, readMultipartBody } from './multipart-body.ts';
import { asObject, requiredFiles, type Fields } from './request-fields.ts';

/** Fields and files of a JSON, form or multipart body, in the same shape. */
export async function readBody(request: FastifyRequest): Promise<{ fields: Fields; files: Array<{ path: string; content: Buffer }> }> {
  if (isMultipart(request)) {
    const body = await readMultipartBody(request);
    if (body.files.length === 0) throw new VerifyError('bad_request', 'files is empty: upload at least one file');
    return body;
  }
  const fields = asObject(request.body);
  return { fields, files: requiredFiles(fields) };
}

/** The fields of a request that carries no files (JSON, form or multipart alike). */
export async function readFields(request: FastifyRequest): Promise<Fields> {
  return isMultipart(request) ? (await readMultipartBody(request)).fields : asObject(request.body);
}
