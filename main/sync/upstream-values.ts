import { decodeBase32 } from '../mirror/format/base32.ts';
import { parseEntityIdLoose } from '../mirror/format/entity-id.ts';
import { ecdsaKeyBytes, ed25519KeyBytes } from '../mirror/format/key.ts';

/**
 * Readers for the value formats of upstream responses, each the inverse of a renderer in
 * `main/mirror/format`. A value that does not fit its format throws: storing a guess would
 * break the promise that the local answer equals the upstream's.
 */
export class UpstreamFormatError extends Error {
  /** The URL of the upstream's answer it was found in, where the reader knew it (inAnswerTo): the sync's error names it. */
  url: string | null = null;
}

/**
 * Reads what the upstream answered to `url` (its full URL) with `read`: an UpstreamFormatError it
 * throws names that answer. Requests run concurrently (the next accounts page is asked for while a
 * page's token balances are read, by-id records four at a time), so the answer received last is not
 * necessarily the one that could not be read.
 */
export function inAnswerTo<T>(url: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof UpstreamFormatError) error.url ??= url;
    throw error;
  }
}

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/** A value the store keeps in a 64-bit column: beyond that range it would fail at bind time, in SQLite's words. */
function int64(value: bigint, what: string, text: unknown): bigint {
  if (value < INT64_MIN || value > INT64_MAX) throw new UpstreamFormatError(`${what} out of the 64-bit range: ${JSON.stringify(String(text)).slice(0, 60)}`);
  return value;
}

export function entityIdOf(text: unknown): bigint | null {
  if (text === null || text === undefined) return null;
  const id = typeof text === 'string' ? parseEntityIdLoose(text) : null;
  if (id === null) throw new UpstreamFormatError(`not an entity id: ${JSON.stringify(text)}`);
  return int64(id, 'an entity id', text);
}

/** `seconds.nanoseconds` to integer nanoseconds. */
export function timestampOf(text: unknown): bigint | null {
  if (text === null || text === undefined) return null;
  const match = typeof text === 'string' ? /^(-?)(\d+)(?:\.(\d{1,9}))?$/.exec(text) : null;
  if (!match) throw new UpstreamFormatError(`not a timestamp: ${JSON.stringify(text)}`);
  const ns = BigInt(match[2]!) * 1_000_000_000n + BigInt((match[3] ?? '').padEnd(9, '0'));
  return int64(match[1] ? -ns : ns, 'a timestamp', text);
}

export function intOf(value: unknown): bigint | null {
  const whole = wholeNumberOf(value);
  return whole === null ? null : int64(whole, 'an integer', value);
}

/**
 * An integer of any size, for a value the upstream may send beyond 64 bits that the store keeps
 * scaled down (weibars kept as tinybars): the caller scales it, then checks the column's range
 * with `int64Of`, so the range applies to what is stored, not to what was sent.
 */
export function wholeNumberOf(value: unknown): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new UpstreamFormatError(`not an integer: ${JSON.stringify(value)}`);
}

/** `value` (read from `text`) as a 64-bit column holds it; beyond that range, a format error. */
export function int64Of(value: bigint, text: unknown): bigint {
  return int64(value, 'an integer', text);
}

export function boolOf(value: unknown): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'boolean') throw new UpstreamFormatError(`not a boolean: ${JSON.stringify(value)}`);
  return value ? 1n : 0n;
}

/** `0x`-prefixed (or bare) hex to bytes; `0x` alone is no bytes. */
export function hexBytesOf(text: unknown): Buffer | null {
  if (text === null || text === undefined) return null;
  const match = typeof text === 'string' ? /^(?:0x)?((?:[0-9a-fA-F]{2})*)$/.exec(text) : null;
  if (!match) throw new UpstreamFormatError(`not hex bytes: ${JSON.stringify(text)}`);
  return Buffer.from(match[1]!, 'hex');
}

export function base32Of(text: unknown): Buffer | null {
  if (text === null || text === undefined) return null;
  const bytes = typeof text === 'string' ? decodeBase32(text) : null;
  if (bytes === null) throw new UpstreamFormatError(`not base32: ${JSON.stringify(text)}`);
  return Buffer.from(bytes);
}

export function stringOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new UpstreamFormatError(`not a string: ${JSON.stringify(value)}`);
  return value;
}

/** The stored protobuf Key bytes that `renderKey` turns back into this wrapper. */
export function keyBytesOf(wrapper: unknown): Buffer | null {
  if (wrapper === null || wrapper === undefined) return null;
  const { _type, key } = wrapper as { _type?: unknown; key?: unknown };
  if (typeof key !== 'string' || !/^[0-9a-fA-F]*$/.test(key)) throw new UpstreamFormatError(`not a key: ${JSON.stringify(wrapper)}`);
  const hex = key.toLowerCase();
  if (_type === 'ED25519' && hex.length === 64) return ed25519KeyBytes(Buffer.from(hex, 'hex'));
  if (_type === 'ECDSA_SECP256K1' && hex.length === 66) return ecdsaKeyBytes(Buffer.from(hex, 'hex'));
  if (_type === 'ProtobufEncoded') return Buffer.from(hex, 'hex');
  throw new UpstreamFormatError(`not a key: ${JSON.stringify(wrapper)}`);
}

/** Padded standard base64 to bytes. */
export function base64Of(value: unknown): Buffer | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) {
    throw new UpstreamFormatError(`not base64: ${JSON.stringify(value)?.slice(0, 60)}`);
  }
  return Buffer.from(value, 'base64');
}

/** A list of objects; absent or null is an empty list. */
export function listOf(value: unknown): Array<Record<string, unknown>> {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => item === null || typeof item !== 'object')) {
    throw new UpstreamFormatError(`not a list of objects: ${JSON.stringify(value).slice(0, 80)}`);
  }
  return value as Array<Record<string, unknown>>;
}

/** A value the answer must carry: absent is a format error naming what is missing. */
export function present<T>(value: T | null, what: string): T {
  if (value === null) throw new UpstreamFormatError(`an answer without ${what}`);
  return value;
}
