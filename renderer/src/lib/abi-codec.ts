/**
 * The Solidity contract ABI's encoding, for calling a verified contract's view functions from its
 * page: arguments typed into a form are read (`parseAbiInput`), encoded after the selector
 * (`encodeAbi`), and the EVM's return data decoded (`decodeAbi`) and written back as text
 * (`formatAbiValue`). Every type of the specification: `uint<M>`, `int<M>`, `address`, `bool`,
 * `bytes<M>`, `bytes`, `string`, fixed and dynamic arrays, and tuples. The return data comes from
 * the local EVM but is still read defensively: every offset and length is bounds-checked.
 */
import type { AbiParameter } from '../../../main/common/verify-types.ts';
import { bytesToHex, hexToBytes } from './ledger-format.ts';

/** A decoded or parsed value: bigint for integers, 0x-hex for addresses and bytes, arrays for arrays and tuples. */
export type AbiValue = bigint | boolean | string | AbiValue[];

export class AbiError extends Error {}

/**
 * A form's argument that could not be read, or looked up: `field` is its place among the
 * function's inputs, so the form can mark that field, and the message names the parameter.
 */
export class AbiArgumentError extends AbiError {
  readonly field: number;

  constructor(message: string, field: number) {
    super(message);
    this.field = field;
  }
}

const WORD = 32;
const ELEMENTARY = /^(uint|int)(\d*)$|^bytes(\d+)$|^(address|bool|string|bytes)$/;
const ARRAY_SUFFIX = /^(.*)\[(\d*)\]$/;
const ENTITY_ID = /^(\d{1,10})\.(\d{1,20})\.(\d{1,20})$/;
const hexOf = (bytes: Uint8Array): string => `0x${bytesToHex(bytes)}`;

interface ArrayType { element: AbiParameter; length: number | null }

/** `uint256[3][]` -> an array of `uint256[3]` of no fixed length; null for a type that is no array. */
function arrayOf(parameter: AbiParameter): ArrayType | null {
  const match = ARRAY_SUFFIX.exec(parameter.type);
  if (!match) return null;
  return { element: { ...parameter, type: match[1]! }, length: match[2] === '' ? null : Number(match[2]) };
}

/** Bit size of `uint<M>`/`int<M>` (256 when unspelt) or byte size of `bytes<M>`, checked against the ABI's rules. */
function sizeOf(type: string): { kind: 'uint' | 'int' | 'fixed-bytes'; size: number } | null {
  const match = ELEMENTARY.exec(type);
  if (!match) return null;
  if (match[1]) {
    const bits = match[2] === '' ? 256 : Number(match[2]);
    if (bits < 8 || bits > 256 || bits % 8 !== 0) throw new AbiError(`${type} is not an ABI type`);
    return { kind: match[1] as 'uint' | 'int', size: bits };
  }
  if (match[3]) {
    const bytes = Number(match[3]);
    if (bytes < 1 || bytes > 32) throw new AbiError(`${type} is not an ABI type`);
    return { kind: 'fixed-bytes', size: bytes };
  }
  return null;
}

function assertKnown(parameter: AbiParameter): void {
  if (arrayOf(parameter) || parameter.type === 'tuple') return;
  if (!ELEMENTARY.test(parameter.type)) throw new AbiError(`${parameter.type} is not an ABI type this app reads`);
  sizeOf(parameter.type);
}

/** Dynamic types are encoded in the tail, behind an offset. */
function isDynamic(parameter: AbiParameter): boolean {
  const array = arrayOf(parameter);
  if (array) return array.length === null || isDynamic(array.element);
  if (parameter.type === 'tuple') return (parameter.components ?? []).some(isDynamic);
  return parameter.type === 'string' || parameter.type === 'bytes';
}

/** Bytes a static type takes in the head. */
function headSize(parameter: AbiParameter): number {
  if (isDynamic(parameter)) return WORD;
  const array = arrayOf(parameter);
  if (array) return array.length! * headSize(array.element);
  if (parameter.type === 'tuple') return (parameter.components ?? []).reduce((sum, c) => sum + headSize(c), 0);
  return WORD;
}

function word(value: bigint): Uint8Array {
  const out = new Uint8Array(WORD);
  let rest = BigInt.asUintN(256, value);
  for (let i = WORD - 1; i >= 0; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function hexBytes(value: string, what: string): Uint8Array {
  const bytes = value.startsWith('0x') ? hexToBytes(value.slice(2)) : null;
  if (bytes === null) throw new AbiError(`${what}: expected 0x and whole bytes of hex`);
  return bytes;
}

/** Bytes padded on the right to whole words, after their length (`bytes`, `string`). */
function lengthPrefixed(bytes: Uint8Array): Uint8Array {
  const padded = new Uint8Array(Math.ceil(bytes.length / WORD) * WORD);
  padded.set(bytes);
  return concat([word(BigInt(bytes.length)), padded]);
}

function encodeValue(parameter: AbiParameter, value: AbiValue): Uint8Array {
  assertKnown(parameter);
  const array = arrayOf(parameter);
  if (array) {
    if (!Array.isArray(value)) throw new AbiError(`${parameter.type}: expected a list`);
    if (array.length !== null && value.length !== array.length) throw new AbiError(`${parameter.type}: expected ${array.length} values, got ${value.length}`);
    const body = encodeTuple(value.map(() => array.element), value);
    return array.length === null ? concat([word(BigInt(value.length)), body]) : body;
  }
  if (parameter.type === 'tuple') {
    const components = parameter.components ?? [];
    if (!Array.isArray(value) || value.length !== components.length) throw new AbiError(`tuple: expected ${components.length} values`);
    return encodeTuple(components, value);
  }
  const sized = sizeOf(parameter.type);
  if (sized?.kind === 'uint' || sized?.kind === 'int') {
    if (typeof value !== 'bigint') throw new AbiError(`${parameter.type}: expected an integer`);
    const [min, max] = sized.kind === 'uint' ? [0n, (1n << BigInt(sized.size)) - 1n] : [-(1n << BigInt(sized.size - 1)), (1n << BigInt(sized.size - 1)) - 1n];
    if (value < min || value > max) throw new AbiError(`${parameter.type}: ${value} is out of range`);
    return word(value);
  }
  if (sized?.kind === 'fixed-bytes') {
    const bytes = hexBytes(String(value), parameter.type);
    if (bytes.length !== sized.size) throw new AbiError(`${parameter.type}: expected ${sized.size} bytes, got ${bytes.length}`);
    const out = new Uint8Array(WORD);
    out.set(bytes);
    return out;
  }
  switch (parameter.type) {
    case 'address': {
      const bytes = hexBytes(String(value), 'address');
      if (bytes.length !== 20) throw new AbiError('address: expected 20 bytes');
      const out = new Uint8Array(WORD);
      out.set(bytes, 12);
      return out;
    }
    case 'bool':
      if (typeof value !== 'boolean') throw new AbiError('bool: expected true or false');
      return word(value ? 1n : 0n);
    case 'bytes': return lengthPrefixed(hexBytes(String(value), 'bytes'));
    default: return lengthPrefixed(new TextEncoder().encode(String(value)));
  }
}

function encodeTuple(parameters: readonly AbiParameter[], values: readonly AbiValue[]): Uint8Array {
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let tailOffset = parameters.reduce((sum, p) => sum + headSize(p), 0);
  parameters.forEach((parameter, i) => {
    const encoded = encodeValue(parameter, values[i]!);
    if (isDynamic(parameter)) {
      heads.push(word(BigInt(tailOffset)));
      tails.push(encoded);
      tailOffset += encoded.length;
    } else {
      heads.push(encoded);
    }
  });
  return concat([...heads, ...tails]);
}

/** The ABI encoding of `values` as the tuple `parameters` (a call's arguments, after its selector). */
export function encodeAbi(parameters: readonly AbiParameter[], values: readonly AbiValue[]): Uint8Array {
  if (values.length !== parameters.length) throw new AbiError(`expected ${parameters.length} values, got ${values.length}`);
  return encodeTuple(parameters, values);
}

/** The return data of a call read as the tuple `parameters`. */
export function decodeAbi(parameters: readonly AbiParameter[], data: Uint8Array | string): AbiValue[] {
  const bytes = typeof data === 'string' ? hexBytes(data, 'return data') : data;
  return decodeTuple(parameters, bytes, 0);
}

function readWord(data: Uint8Array, at: number): bigint {
  if (at < 0 || at + WORD > data.length) throw new AbiError('the return data is shorter than its types say');
  let value = 0n;
  for (let i = at; i < at + WORD; i++) value = (value << 8n) | BigInt(data[i]!);
  return value;
}

/** A length or offset word, which must point inside the data. */
function readIndex(data: Uint8Array, at: number): number {
  const value = readWord(data, at);
  if (value > BigInt(data.length)) throw new AbiError('the return data holds an offset or length beyond its end');
  return Number(value);
}

function decodeTuple(parameters: readonly AbiParameter[], data: Uint8Array, base: number): AbiValue[] {
  let at = base;
  return parameters.map((parameter) => {
    const value = isDynamic(parameter) ? decodeValue(parameter, data, base + readIndex(data, at)) : decodeValue(parameter, data, at);
    at += headSize(parameter);
    return value;
  });
}

function decodeValue(parameter: AbiParameter, data: Uint8Array, at: number): AbiValue {
  assertKnown(parameter);
  const array = arrayOf(parameter);
  if (array) {
    const length = array.length ?? readIndex(data, at);
    const start = array.length === null ? at + WORD : at;
    // Each element takes at least a word: a length beyond what is left cannot be honest.
    if (start + length * WORD > data.length && length > 0) throw new AbiError('the return data is shorter than its types say');
    return decodeTuple(Array.from({ length }, () => array.element), data, start);
  }
  if (parameter.type === 'tuple') return decodeTuple(parameter.components ?? [], data, at);
  const sized = sizeOf(parameter.type);
  if (sized?.kind === 'uint') return BigInt.asUintN(sized.size, readWord(data, at));
  if (sized?.kind === 'int') return BigInt.asIntN(sized.size, readWord(data, at));
  if (sized?.kind === 'fixed-bytes') {
    readWord(data, at);
    return hexOf(data.subarray(at, at + sized.size));
  }
  switch (parameter.type) {
    case 'address':
      readWord(data, at);
      return hexOf(data.subarray(at + 12, at + WORD));
    case 'bool':
      return readWord(data, at) !== 0n;
    default: {
      const length = readIndex(data, at);
      if (at + WORD + length > data.length) throw new AbiError('the return data is shorter than its types say');
      const bytes = data.subarray(at + WORD, at + WORD + length);
      return parameter.type === 'bytes' ? hexOf(bytes) : new TextDecoder().decode(bytes);
    }
  }
}

/**
 * The address an entity id typed for an `address` stands for, given the id (`0.0.1234`, without
 * leading zeros) and its long-zero address. The codec does no lookups: by default an id is its
 * long-zero address, and a caller that looked the entity up passes the address the EVM sees for
 * it instead (an ECDSA account calls and is stored under its own EVM address, not its long-zero one).
 */
export type EntityAddressOf = (id: string, longZero: string) => string;

const asLongZero: EntityAddressOf = (_id, longZero) => longZero;

/**
 * A form field's text as a value of `parameter`'s type: integers in decimal or 0x hex; an address
 * as 0x and 40 hex digits or as a Hedera entity id (`0.0.1234`, the address `addressOf` gives it);
 * `true` or `false`; bytes as 0x hex; a string as typed; arrays and tuples as JSON lists of such values.
 */
export function parseAbiInput(parameter: AbiParameter, text: string, addressOf: EntityAddressOf = asLongZero): AbiValue {
  assertKnown(parameter);
  const array = arrayOf(parameter);
  if (array || parameter.type === 'tuple') {
    let items: unknown;
    try {
      items = JSON.parse(text);
    } catch {
      throw new AbiError(`${parameter.type}: expected a JSON list, like ["1", "2"]`);
    }
    if (!Array.isArray(items)) throw new AbiError(`${parameter.type}: expected a JSON list, like ["1", "2"]`);
    const parts = array ? items.map(() => array.element) : parameter.components ?? [];
    const expected = array ? array.length : parts.length;
    if (expected !== null && items.length !== expected) throw new AbiError(`${parameter.type}: expected ${expected} values, got ${items.length}`);
    return items.map((item, i) => parseAbiInput(parts[i]!, typeof item === 'string' ? item : JSON.stringify(item), addressOf));
  }
  const value = text.trim();
  const sized = sizeOf(parameter.type);
  if (sized?.kind === 'uint' || sized?.kind === 'int') {
    if (!/^-?(?:\d+|0x[0-9a-fA-F]+)$/.test(value)) throw new AbiError(`${parameter.type}: expected a whole number`);
    const negative = value.startsWith('-');
    const magnitude = BigInt(negative ? value.slice(1) : value);
    return negative ? -magnitude : magnitude;
  }
  if (parameter.type === 'bool') {
    if (value !== 'true' && value !== 'false') throw new AbiError('bool: expected true or false');
    return value === 'true';
  }
  if (parameter.type === 'address') {
    const entity = ENTITY_ID.exec(value);
    if (entity) {
      const id = `${BigInt(entity[1]!)}.${BigInt(entity[2]!)}.${BigInt(entity[3]!)}`;
      return addressOf(id, longZeroAddress(id));
    }
    if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new AbiError('address: expected 0x and 40 hex digits, or an id like 0.0.1234');
    return value.toLowerCase();
  }
  if (parameter.type === 'string') return text;
  hexBytes(value, parameter.type);
  return value.toLowerCase();
}

/** An entity id's (`0.0.1234`) long-zero EVM address: 4 bytes of shard, 8 of realm, 8 of number. Throws AbiError when it does not fit. */
export function longZeroAddress(id: string): string {
  const entity = ENTITY_ID.exec(id);
  if (!entity) throw new AbiError(`address: ${id} is not an entity id like 0.0.1234`);
  const [shard, realm, num] = [BigInt(entity[1]!), BigInt(entity[2]!), BigInt(entity[3]!)];
  if (shard >= 1n << 32n || realm >= 1n << 64n || num >= 1n << 64n) throw new AbiError('address: that entity id does not fit an address');
  return `0x${shard.toString(16).padStart(8, '0')}${realm.toString(16).padStart(16, '0')}${num.toString(16).padStart(16, '0')}`;
}

/** A decoded value as text: numbers in decimal, strings quoted, addresses and bytes in hex, lists in brackets. */
export function formatAbiValue(parameter: AbiParameter, value: AbiValue): string {
  const array = arrayOf(parameter);
  if (Array.isArray(value)) {
    const parts = array ? value.map(() => array.element) : parameter.components ?? [];
    return `[${value.map((item, i) => formatAbiValue(parts[i] ?? { type: 'bytes' }, item)).join(', ')}]`;
  }
  return parameter.type === 'string' ? JSON.stringify(value) : String(value);
}
