import { decodeEntityId, encodeEntityId } from '../format/entity-id.ts';

/** `0x` and the bytes in lower-case hex; null stays null. */
export function hexOrNull(bytes: Uint8Array | null | undefined): string | null {
  return bytes === null || bytes === undefined ? null : `0x${Buffer.from(bytes).toString('hex')}`;
}

/** `0x` and the bytes in hex, `0x` alone for null or empty (the reference's non-quantity form). */
export function hexOrEmpty(bytes: Uint8Array | null | undefined): string {
  return `0x${bytes ? Buffer.from(bytes).toString('hex') : ''}`;
}

/** Bytes left-padded with zeros to `width` bytes (32 for words), in hex with `0x`; null stays null. */
export function paddedHex(bytes: Uint8Array | null | undefined, width = 32): string | null {
  if (bytes === null || bytes === undefined) return null;
  return `0x${Buffer.from(bytes).toString('hex').padStart(width * 2, '0')}`;
}

/** A hex quantity (`0x1a`, no leading zeros) of unsigned big-endian bytes; `0x` for none. */
export function hexQuantity(bytes: Uint8Array | null | undefined): string {
  if (!bytes || bytes.length === 0) return '0x';
  const hex = Buffer.from(bytes).toString('hex').replace(/^0+/, '');
  return `0x${hex === '' ? '0' : hex}`;
}

/** The long-zero EVM address of an entity id: shard (4 bytes), realm (8), num (8). */
export function longZeroAddress(id: bigint | null): string | null {
  if (id === null) return null;
  const { shard, realm, num } = decodeEntityId(id);
  return `0x${shard.toString(16).padStart(8, '0')}${realm.toString(16).padStart(16, '0')}${num.toString(16).padStart(16, '0')}`;
}

/**
 * The entity id a 20-byte long-zero address spells (shard 4 bytes, realm 8, num 8), when it
 * names the configured shard and realm; null otherwise (then it can only be an EVM address).
 */
export function longZeroEntityId(address: Uint8Array, shard: number, realm: number): bigint | null {
  const parts = longZeroParts(address);
  if (parts === null || parts.shard !== BigInt(shard) || parts.realm !== BigInt(realm)) return null;
  return encodeEntityId(shard, realm, parts.num);
}

/**
 * The entity id a 20-byte address spells when read as long-zero, whatever its shard and realm;
 * null when it is not 20 bytes or names no valid id. Only a lookup tells whether such an entity exists.
 */
export function anyLongZeroEntityId(address: Uint8Array): bigint | null {
  const parts = longZeroParts(address);
  return parts === null ? null : encodeEntityId(parts.shard, parts.realm, parts.num);
}

/** Shard (4 bytes), realm (8) and num (8) of a 20-byte address. */
function longZeroParts(address: Uint8Array): { shard: bigint; realm: bigint; num: bigint } | null {
  if (address.length !== 20) return null;
  const bytes = Buffer.from(address.buffer, address.byteOffset, address.length);
  return { shard: BigInt(bytes.readUInt32BE(0)), realm: bytes.readBigUInt64BE(4), num: bytes.readBigUInt64BE(12) };
}

/** The stored EVM address when there is one, else the long-zero form of the id. */
export function contractAddress(evmAddress: Uint8Array | null | undefined, id: bigint | null): string | null {
  return evmAddress && evmAddress.length > 0 ? `0x${Buffer.from(evmAddress).toString('hex')}` : longZeroAddress(id);
}
