import { decodeBase32 } from '../../mirror/format/base32.ts';
import { parseEntityIdLoose } from '../../mirror/format/entity-id.ts';

/**
 * Conversions the reference's spec loader applies to setup values (SPEC_FORMAT.md §4):
 * entity ids in any common notation, bytes from hex/base64/arrays, int8 text as bigint.
 */
export type SpecValue = string | number | bigint | boolean | null | SpecValue[] | { [key: string]: SpecValue };

export function toEntityId(value: SpecValue | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    const id = parseEntityIdLoose(value);
    if (id === null) throw new Error(`not an entity id: ${String(value)}`);
    return id;
  }
  throw new Error(`not an entity id: ${JSON.stringify(value)}`);
}

export function toBytes(value: SpecValue | undefined): Buffer | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return Buffer.from(value.map(Number));
  if (typeof value !== 'string') throw new Error(`not bytes: ${String(value)}`);
  if (/^(0x)?[0-9A-Fa-f]+$/.test(value)) {
    const hex = value.replace(/^0x/, '');
    return Buffer.from(hex.length % 2 === 1 ? `0${hex}` : hex, 'hex');
  }
  return Buffer.from(value, 'base64');
}

export function toAliasBytes(value: SpecValue | undefined): Buffer | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return Buffer.from(value.map(Number));
  const bytes = decodeBase32(String(value));
  if (bytes === null) throw new Error(`not base32: ${String(value)}`);
  return Buffer.from(bytes);
}

/** int8 values: numbers, digit strings and bigints all become bigint (null stays null). */
export function toInt(value: SpecValue | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && /^-?\d+$/.test(value))) {
    return BigInt(value);
  }
  throw new Error(`not an integer: ${JSON.stringify(value)}`);
}

export function toBool(value: SpecValue | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  return value === true || value === 'true' || value === 1 ? 1n : 0n;
}

/**
 * Parses "[lower,upper)" / "[lower,)"; an absent upper bound means the row is current. Bounds
 * come back in PostgreSQL's canonical int8range form, `[lower, upper)`: an inclusive `]` upper
 * bound becomes upper + 1 and an exclusive `(` lower bound lower + 1.
 */
export function toRange(value: SpecValue | undefined): { lower: bigint; upper: bigint | null } {
  const text = String(value);
  const match = /^([[(])\s*(-?\d*)\s*,\s*(-?\d*)\s*([\])])$/.exec(text);
  if (!match) throw new Error(`not a timestamp range: ${text}`);
  const lower = BigInt(match[2] || '0') + (match[1] === '(' && match[2] ? 1n : 0n);
  const upper = match[3] ? BigInt(match[3]) + (match[4] === ']' ? 1n : 0n) : null;
  return { lower, upper };
}

/** A row's value for `key`, or `fallback` when the key is absent (an explicit null stays null, as the reference's spread of defaults). */
export function orDefault(row: Record<string, SpecValue>, key: string, fallback: SpecValue): SpecValue {
  return Object.hasOwn(row, key) ? row[key]! : fallback;
}
