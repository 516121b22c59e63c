import { STATUS_CODES } from 'node:http';
import type { MirrorMessage } from '../../query/query-filters.ts';

/** One message of a contracts/call error answer; an EVM failure also carries the call's output in `data`. */
export type CallMessage = MirrorMessage & { data?: string };

export type RefusalStatus = 400 | 415 | 429 | 501;

/**
 * A call refused before (or instead of) running in the EVM, worded as the reference's web3
 * module words it (GenericControllerAdvice): the status's reason phrase as `message` ("Bad
 * Request"), what is wrong in `detail`. The reference also sends `data: ""`; it is left out
 * here, as the specification's error body has `data` as a hexadecimal string starting with 0x.
 */
export function refusal(status: RefusalStatus, detail: string): CallMessage {
  return { message: STATUS_CODES[status]!, detail };
}

/** A field the request validation refuses, named first as the reference's messages name it ("gas field must be ..."). */
export function fieldRefusal(field: string, problem: string): CallMessage {
  return refusal(400, `${field} field ${problem}`);
}
