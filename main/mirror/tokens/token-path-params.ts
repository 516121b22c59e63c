import { parseEntityRef, parsePositiveLong } from '../query/param-values.ts';

/**
 * A token id, in the `{tokenId}` path or a `token.id` filter: an entity id, or a long-zero
 * EVM address (the reference rejects other addresses for tokens). Null: invalid.
 */
export function parseTokenId(text: string, shard = 0, realm = 0): bigint | null {
  const ref = parseEntityRef(text, 'num-alias', shard, realm);
  return ref?.kind === 'id' ? ref.id : null;
}

/** The `{serialNumber}` path parameter: a positive long. */
export function parseSerialNumberPath(text: string): bigint | null {
  return parsePositiveLong(text);
}

export const INVALID_TOKEN_ID = { message: 'Invalid parameter: tokenid' };
export const INVALID_SERIAL_NUMBER = { message: 'Invalid parameter: serialnumber' };
