import { encodeEntityId } from '../format/entity-id.ts';

/** Java's long range (Postgres's bigint, SQLite's INTEGER): what every long parameter and bound must fit. */
export const MIN_LONG = -(1n << 63n);
export const MAX_LONG = (1n << 63n) - 1n;

// Parameter values as the reference's request validation reads them (rest/utils.js,
// rest/entityId.js): longs of at most 19 digits, `seconds[.nanos]` timestamps, entity ids in
// every notation it accepts. Each parser returns null for a value the reference rejects.

/** 1 to 19 digits, at most 2^63-1; zero only when allowed. */
export function parsePositiveLong(text: string, allowZero = false): bigint | null {
  if (!/^\d{1,19}$/.test(text)) return null;
  const value = BigInt(text);
  return value > MAX_LONG || value < (allowZero ? 0n : 1n) ? null : value;
}

/** A 32- or 48-byte hash (a block's, a transaction's), `0x` optional: its hex digits in lower case; null for anything else. */
export function parseHash32or48(text: string): string | null {
  const match = /^(?:0x)?([0-9A-Fa-f]{64}|[0-9A-Fa-f]{96})$/.exec(text);
  return match ? match[1]!.toLowerCase() : null;
}

/** A block number in decimal or as a `0x` hex quantity, at most 2^63-1. */
export function parseBlockNumber(text: string): bigint | null {
  if (/^0x[0-9a-fA-F]{1,16}$/.test(text)) {
    const value = BigInt(text);
    return value <= MAX_LONG ? value : null;
  }
  return parsePositiveLong(text, true);
}

/**
 * `seconds` or `seconds.nanos` (1 to 10 and 1 to 9 digits) as integer nanoseconds. Times past
 * the int64 range (after 2262) are held at its end, which compares the same way against
 * every stored timestamp and can still be bound to SQLite.
 */
export function parseTimestampParam(text: string): bigint | null {
  const match = /^(\d{1,10})(?:\.(\d{1,9}))?$/.exec(text);
  if (!match) return null;
  const ns = BigInt(match[1]!) * 1_000_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'));
  return ns > MAX_LONG ? MAX_LONG : ns;
}

/** How a parameter treats 40-hex EVM addresses. */
export type EvmMode = 'none' | 'num-alias' | 'any';

/** An entity given by its id, or by an EVM address that has to be looked up. */
export type EntityRef = { kind: 'id'; id: bigint } | { kind: 'evm'; address: Buffer };

const ENTITY_ID = /^(?:(\d{1,4})\.)?(\d{1,5})\.(\d{1,12})$/;
const ENCODED_ID = /^-?\d{1,19}$/;
const EVM_ADDRESS = /^(?:0x)?([0-9A-Fa-f]{40})$/;
const EVM_WITH_SHARD_REALM = /^(?:(\d{1,4})\.)?(?:(\d{1,5})\.)?([0-9A-Fa-f]{40})$/;
const LONG_ZERO_PREFIX = '0'.repeat(24);

/**
 * Parses `shard.realm.num`, `realm.num`, an encoded id, or (as `mode` allows) an EVM address
 * with optional `shard.realm.` prefix. A long-zero address is the id it spells; any other
 * address is returned for lookup ('any') or rejected ('num-alias').
 */
export function parseEntityRef(text: string, mode: EvmMode = 'none', shard = 0, realm = 0): EntityRef | null {
  const parts = ENTITY_ID.exec(text);
  if (parts) {
    const id = encodeEntityId(BigInt(parts[1] ?? shard), BigInt(parts[2]!), BigInt(parts[3]!));
    return id === null ? null : { kind: 'id', id };
  }
  if (ENCODED_ID.test(text)) {
    const value = BigInt(text);
    return value > MAX_LONG || value < -MAX_LONG - 1n ? null : { kind: 'id', id: value };
  }
  if (mode === 'none') return null;
  const evm = EVM_ADDRESS.exec(text) ?? EVM_WITH_SHARD_REALM.exec(text);
  if (!evm) return null;
  const hex = evm.at(-1)!.toLowerCase();
  if (evm.length === 4 && ((evm[1] !== undefined && Number(evm[1]) !== shard) || (evm[2] !== undefined && Number(evm[2]) !== realm))) return null;
  if (hex.startsWith(LONG_ZERO_PREFIX)) {
    const id = encodeEntityId(shard, realm, BigInt(`0x${hex.slice(24)}`));
    if (id !== null) return { kind: 'id', id };
  }
  return mode === 'any' ? { kind: 'evm', address: Buffer.from(hex, 'hex') } : null;
}

/** Plain entity id notation only (no EVM address), as most filters take it. */
export function parseEntityIdParam(text: string): bigint | null {
  const ref = parseEntityRef(text, 'none');
  return ref?.kind === 'id' ? ref.id : null;
}

/**
 * An entity id, or null for an EVM address that names no id (it matches nothing, as no id
 * column holds it); a long-zero address is the id it spells. Null also for an invalid value,
 * which the parameter's rule has rejected before.
 */
export function entityIdOrNull(text: string): bigint | null {
  const ref = parseEntityRef(text, 'any');
  return ref?.kind === 'id' ? ref.id : null;
}

const PUBLIC_KEY = /^(0x)?([0-9a-fA-F]{64}|[0-9a-fA-F]{66}|[0-9a-fA-F]{88})$/;
const DER_ED25519_PREFIX = '302a300506032b6570032100';

/** A raw or DER-wrapped public key, as lower-case hex of the raw key. */
export function parsePublicKeyParam(text: string): string | null {
  if (!PUBLIC_KEY.test(text)) return null;
  const hex = text.replace(/^0x/i, '').toLowerCase();
  return hex.length === 88 && hex.startsWith(DER_ED25519_PREFIX) ? hex.slice(DER_ED25519_PREFIX.length) : hex;
}
