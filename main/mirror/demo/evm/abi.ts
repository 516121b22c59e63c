import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * The slice of the Solidity ABI the demo's example contracts need: 32-byte words for uint,
 * bool and address values, and dynamic strings. Enough to build real calldata, constructor
 * arguments, return data and event logs without an ABI library.
 */
export type AbiValue = { type: 'uint' | 'bool'; value: bigint | number | boolean } | { type: 'address'; value: Buffer } | { type: 'string'; value: string };

/** A big-endian 32-byte word of an unsigned integer. */
export function uintWord(value: bigint | number): Buffer {
  const hex = BigInt(value).toString(16);
  if (hex.length > 64 || BigInt(value) < 0n) throw new RangeError(`${value} does not fit a uint256`);
  return Buffer.from(hex.padStart(64, '0'), 'hex');
}

/** A 20-byte address left-padded to a word. */
export function addressWord(address: Buffer): Buffer {
  return Buffer.concat([Buffer.alloc(12), address]);
}

function encodeString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const padded = Buffer.alloc(Math.ceil(bytes.length / 32) * 32);
  bytes.copy(padded);
  return Buffer.concat([uintWord(bytes.length), padded]);
}

function staticWord(value: AbiValue): Buffer {
  switch (value.type) {
    case 'uint': return uintWord(value.value as bigint | number);
    case 'bool': return uintWord(value.value ? 1 : 0);
    case 'address': return addressWord(value.value);
    case 'string': throw new Error('strings are dynamic');
  }
}

/** ABI-encodes a tuple of values: static heads, then the tails of dynamic values. */
export function encodeAbi(values: readonly AbiValue[]): Buffer {
  const heads: Buffer[] = [];
  const tails: Buffer[] = [];
  let tailOffset = values.length * 32;
  for (const value of values) {
    if (value.type === 'string') {
      const tail = encodeString(value.value);
      heads.push(uintWord(tailOffset));
      tails.push(tail);
      tailOffset += tail.length;
    } else {
      heads.push(staticWord(value));
    }
  }
  return Buffer.concat([...heads, ...tails]);
}

export function keccak(data: Uint8Array | string): Buffer {
  return Buffer.from(keccak_256(typeof data === 'string' ? Buffer.from(data, 'utf8') : data));
}

const selectors = new Map<string, Buffer>();

/** The 4-byte function selector of a signature such as `transfer(address,uint256)` (memoized). */
export function selector(signature: string): Buffer {
  let found = selectors.get(signature);
  if (!found) selectors.set(signature, found = keccak(signature).subarray(0, 4));
  return found;
}

/** Calldata: the selector followed by the encoded arguments. */
export function encodeCall(signature: string, values: readonly AbiValue[] = []): Buffer {
  return Buffer.concat([selector(signature), encodeAbi(values)]);
}

/** topic0 of an event, from its signature such as `Transfer(address,address,uint256)`. */
export function eventTopic(signature: string): Buffer {
  return keccak(signature);
}

/**
 * The storage slot of `mapping[key]` for a mapping at `slot` (a slot number, or the 32-byte
 * slot of an outer mapping's entry): keccak256(key . slot). A 20-byte key is an address.
 */
export function mappingSlot(key: Buffer, slot: bigint | number | Buffer): Buffer {
  return keccak(Buffer.concat([key.length === 32 ? key : addressWord(key), Buffer.isBuffer(slot) ? slot : uintWord(slot)]));
}

/**
 * A string state variable's slot value when shorter than 32 bytes: the bytes left-aligned and
 * twice the length in the lowest byte (longer strings are not needed by the examples).
 */
export function shortStringSlot(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > 31) throw new RangeError('short strings only');
  const word = Buffer.alloc(32);
  bytes.copy(word);
  word[31] = bytes.length * 2;
  return word;
}

/** A 2048-bit logs bloom of the given log addresses and topics, as Ethereum computes it. */
export function logsBloom(entries: readonly Buffer[]): Buffer {
  const bloom = Buffer.alloc(256);
  for (const entry of entries) {
    const hash = keccak(entry);
    for (let i = 0; i < 6; i += 2) {
      const bit = ((hash[i]! << 8) | hash[i + 1]!) & 2047;
      bloom[255 - (bit >> 3)]! |= 1 << (bit & 7);
    }
  }
  return bloom;
}
