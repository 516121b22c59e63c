import { SESSION_MAX_BYTES } from '../sessions/session-store.ts';

const MIB = 1024 * 1024;

/** JSON bodies carry file contents as strings: room for the 50 MiB session limit plus encoding. */
export const JSON_BODY_LIMIT = SESSION_MAX_BYTES + 8 * MIB;

/**
 * @fastify/multipart's limits for the API's uploads. `parts` counts files and fields together
 * (its default of 1000 would stop an upload long before the 5000 files it allows).
 */
export const MULTIPART_LIMITS = {
  fileSize: SESSION_MAX_BYTES,
  files: 5000,
  fields: 50,
  parts: 5000 + 50,
  fieldSize: MIB,
} as const;

/**
 * What a 413 from Fastify or its multipart parser says: which limit the request reached, in
 * words; null for an error that is not one of them.
 */
export function limitMessage(code: string | undefined): string | null {
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `Request too large: a JSON body is limited to ${JSON_BODY_LIMIT / MIB} MiB (file contents included); send large uploads as multipart/form-data`;
    case 'FST_REQ_FILE_TOO_LARGE':
      return `Request too large: one file of the upload is over ${MULTIPART_LIMITS.fileSize / MIB} MiB, the most a file may have`;
    case 'FST_FILES_LIMIT':
      return `Request too large: the upload has more than ${MULTIPART_LIMITS.files} files, the most one request may carry`;
    case 'FST_FIELDS_LIMIT':
      return `Request too large: the upload has more than ${MULTIPART_LIMITS.fields} fields besides its files, the most one request may carry`;
    case 'FST_PARTS_LIMIT':
      return `Request too large: the upload has more than ${MULTIPART_LIMITS.parts} parts (files and fields), the most one request may carry`;
    default:
      return null;
  }
}
