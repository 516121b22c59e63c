/**
 * Keys are stored as serialized protobuf `Key` bytes. The API shows the raw public key for
 * the common single-key encodings (plain, in a one-element KeyList or ThresholdKey) and the
 * whole protobuf otherwise, always in the `{_type, key}` wrapper.
 */
export type KeyType = 'ED25519' | 'ECDSA_SECP256K1' | 'ProtobufEncoded';

export interface KeyWrapper {
  _type: KeyType;
  key: string;
}

const ED25519_PATTERN = /^(1220|32240a221220|2a28080112240a221220)([0-9a-f]{64})$/;
const ECDSA_PATTERN = /^(3a21|32250a233a21|2a29080112250a233a21)([0-9a-f]{66})$/;
const EMPTY_KEY_LIST = '3200';

export function renderKey(bytes: Uint8Array | null | undefined): KeyWrapper | null {
  if (!bytes) return null;
  const hex = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
  if (hex === EMPTY_KEY_LIST) return null;
  const ed = ED25519_PATTERN.exec(hex);
  if (ed) return { _type: 'ED25519', key: ed[2]! };
  const ecdsa = ECDSA_PATTERN.exec(hex);
  if (ecdsa) return { _type: 'ECDSA_SECP256K1', key: ecdsa[2]! };
  return { _type: 'ProtobufEncoded', key: hex };
}

/** The `public_key` column the importer derives from a key: the raw key hex, or null. */
export function publicKeyOf(bytes: Uint8Array | null | undefined): string | null {
  const wrapper = renderKey(bytes);
  return wrapper && wrapper._type !== 'ProtobufEncoded' ? wrapper.key : null;
}

/** Protobuf `Key` bytes for a raw ED25519 (32-byte) public key. */
export function ed25519KeyBytes(rawKey: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from('1220', 'hex'), rawKey]);
}

/** Protobuf `Key` bytes for a compressed (33-byte) secp256k1 public key. */
export function ecdsaKeyBytes(compressedKey: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from('3a21', 'hex'), compressedKey]);
}
