import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { normalizeZ } from '@noble/curves/abstract/curve.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * Real, valid public keys for demo accounts. Private keys are derived from the account
 * number, so a test (or a user playing with the demo network) can recreate any account's
 * private key and sign with it.
 */
const TAG = 'mirrordesk-demo-v1';

/** PKCS#8 DER header for a raw 32-byte ED25519 seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The 32-byte ED25519 private seed of an account (`index` > 0 for extra keys in a key list). */
export function ed25519SeedFor(num: number, index = 0): Buffer {
  return createHash('sha256').update(`${TAG}/ed25519/${num}/${index}`).digest();
}

/** The signing key of a 32-byte ED25519 seed. */
export function ed25519PrivateKey(seed: Buffer): KeyObject {
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** The raw 32-byte ED25519 public key of a seed (OpenSSL does the curve work: ~5x noble's speed). */
export function ed25519PublicKey(seed: Buffer): Buffer {
  const jwk = createPublicKey(ed25519PrivateKey(seed)).export({ format: 'jwk' });
  return Buffer.from(jwk.x!, 'base64url');
}

const CURVE_ORDER = secp256k1.Point.CURVE().n;
const SECP_BASE = BigInt(`0x${createHash('sha256').update(`${TAG}/secp256k1`).digest('hex')}`) % CURVE_ORDER;

/**
 * An account's secp256k1 private key: a fixed base plus the account number. Consecutive
 * keys let the generator walk the curve by point addition (microseconds) instead of a full
 * scalar multiplication per account (hundreds of microseconds in JavaScript).
 */
export function secp256k1PrivateKeyFor(num: number): Uint8Array {
  const scalar = (SECP_BASE + BigInt(num)) % CURVE_ORDER;
  return Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex');
}

export interface EcdsaKey {
  /** Compressed 33-byte public key. */
  compressed: Buffer;
  /** Last 20 bytes of keccak256 of the uncompressed key without its 0x04 prefix. */
  evmAddress: Buffer;
}

type SecpPoint = InstanceType<typeof secp256k1.Point>;
const GAP_TABLE_SIZE = 64;
let gapTable: SecpPoint[] | null = null;

/** Multiples 1G..64G, so stepping to the next ECDSA account is one point addition. */
function gapMultiple(gap: number): SecpPoint | null {
  if (!gapTable) {
    gapTable = [secp256k1.Point.ZERO];
    for (let i = 1; i <= GAP_TABLE_SIZE; i++) gapTable.push(gapTable[i - 1]!.add(secp256k1.Point.BASE));
  }
  return gap <= GAP_TABLE_SIZE ? gapTable[gap]! : null;
}

/** secp256k1 keys of the given account numbers (ascending), computed as one batch. */
export function secp256k1KeysFor(nums: readonly number[]): EcdsaKey[] {
  const points: SecpPoint[] = [];
  let point: SecpPoint | null = null;
  let previous = 0;
  for (const num of nums) {
    const step: SecpPoint | null = point === null ? null : gapMultiple(num - previous);
    point = point !== null && step !== null
      ? point.add(step)
      : secp256k1.Point.BASE.multiply((SECP_BASE + BigInt(num)) % CURVE_ORDER);
    points.push(point);
    previous = num;
  }
  // One field inversion for the whole batch instead of one per key.
  return normalizeZ(secp256k1.Point, points).map((p) => {
    const uncompressed = p.toBytes(false);
    return {
      compressed: Buffer.from(p.toBytes(true)),
      evmAddress: Buffer.from(keccak_256(uncompressed.subarray(1)).subarray(12)),
    };
  });
}

/** Protobuf length-delimited field: tag byte, varint length, payload. */
function field(tag: number, payload: Buffer): Buffer {
  const length: number[] = [];
  let n = payload.length;
  while (n >= 0x80) {
    length.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  length.push(n);
  return Buffer.concat([Buffer.from([tag, ...length]), payload]);
}

/** `Key { thresholdKey { threshold, keys: KeyList { keys } } }` over already serialized keys. */
export function thresholdKeyBytes(threshold: number, keys: readonly Buffer[]): Buffer {
  const keyList = Buffer.concat(keys.map((key) => field(0x0a, key)));
  return field(0x2a, Buffer.concat([Buffer.from([0x08, threshold]), field(0x12, keyList)]));
}

/** `Key { contractID { contractNum } }`: the admin key a contract usually has. */
export function contractIdKeyBytes(num: number): Buffer {
  const varint: number[] = [];
  let n = num;
  while (n >= 0x80) {
    varint.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  varint.push(n);
  return field(0x0a, Buffer.from([0x18, ...varint]));
}

/** An empty KeyList: what a hollow account (created by a transfer to an EVM address) holds. */
export const EMPTY_KEY_LIST = Buffer.from('3200', 'hex');
