/**
 * Entity ids as the reference mirror node encodes them: a signed 64-bit integer with
 * shard in bits 54-63, realm in bits 38-53 and num in bits 0-37. For shard 0 this is
 * `realm * 2^38 + num`, so ids sort by realm then num. Shards >= 512 give negative ids.
 */
export interface EntityIdParts {
  shard: number;
  realm: number;
  num: bigint;
}

export const MAX_SHARD = 1023;
export const MAX_REALM = 65535;
export const MAX_NUM = (1n << 38n) - 1n;

const NUM_BITS = 38n;
const REALM_BITS = 16n;

/** An id written `shard.realm.num` with no more digits than each part's range allows (the range itself is encodeEntityId's to check). */
export const ENTITY_ID_TEXT = /^\d{1,4}\.\d{1,5}\.\d{1,12}$/;

/** Encodes shard.realm.num into the stored id; returns null when a part is out of range. */
export function encodeEntityId(shard: number | bigint, realm: number | bigint, num: number | bigint): bigint | null {
  const s = BigInt(shard);
  const r = BigInt(realm);
  const n = BigInt(num);
  if (s < 0n || s > BigInt(MAX_SHARD) || r < 0n || r > BigInt(MAX_REALM) || n < 0n || n > MAX_NUM) return null;
  return BigInt.asIntN(64, (s << (NUM_BITS + REALM_BITS)) | (r << NUM_BITS) | n);
}

/** Splits a stored id back into its parts. */
export function decodeEntityId(id: bigint | number): EntityIdParts {
  const unsigned = BigInt.asUintN(64, BigInt(id));
  return {
    shard: Number(unsigned >> (NUM_BITS + REALM_BITS)),
    realm: Number((unsigned >> NUM_BITS) & ((1n << REALM_BITS) - 1n)),
    num: unsigned & MAX_NUM,
  };
}

/** Renders a stored id as `shard.realm.num`. */
export function formatEntityId(id: bigint | number): string {
  // Fast path for shard 0, realm 0 (nearly every id a response holds): the id is the num.
  if (id >= 0 && id <= MAX_NUM) return `0.0.${id}`;
  const { shard, realm, num } = decodeEntityId(id);
  return `${shard}.${realm}.${num}`;
}

/** Like formatEntityId, but null and 0 (the reference's "no entity") render as null. */
export function formatOptionalEntityId(id: bigint | number | null | undefined): string | null {
  if (id === null || id === undefined || BigInt(id) === 0n) return null;
  return formatEntityId(id);
}

/**
 * Parses `shard.realm.num`, `realm.num` or a plain encoded id (as the setup format of the
 * reference spec cases writes them). Returns null for anything else or out-of-range parts.
 */
export function parseEntityIdLoose(text: string | number | bigint): bigint | null {
  if (typeof text !== 'string') return BigInt(text);
  const parts = text.split('.');
  if (!parts.every((p) => /^\d+$/.test(p))) {
    return /^-?\d+$/.test(text) ? BigInt(text) : null;
  }
  if (parts.length === 1) return BigInt(parts[0]!);
  if (parts.length === 2) return encodeEntityId(0, BigInt(parts[0]!), BigInt(parts[1]!));
  if (parts.length === 3) return encodeEntityId(BigInt(parts[0]!), BigInt(parts[1]!), BigInt(parts[2]!));
  return null;
}

/** A full `shard.realm.num` id (ENTITY_ID_TEXT) whose parts are in range, encoded; null for anything else. */
export function parseFullEntityId(text: string): bigint | null {
  return ENTITY_ID_TEXT.test(text) ? parseEntityIdLoose(text) : null;
}

// Hoisted: sqlInt binds every id and timestamp of every query.
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Binds an id for SQLite: a plain number where it is exact, a bigint otherwise. */
export function sqlInt(value: bigint): number | bigint {
  return value >= MIN_SAFE && value <= MAX_SAFE ? Number(value) : value;
}
