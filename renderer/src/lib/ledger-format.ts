/** Formatting of ledger values for the explorer screens: bytes, text payloads, token amounts. */
import type { Int64 } from '../../../main/common/mirror-types.ts';
import { groupDigits } from './format.ts';

/** Transaction types that leave a contract result at /contracts/results/{transactionId}. */
export const CONTRACT_TRANSACTION_TYPES: ReadonlySet<string> = new Set(['CONTRACTCALL', 'CONTRACTCREATEINSTANCE', 'ETHEREUMTRANSACTION']);

export function base64ToBytes(base64: string): Uint8Array | null {
  try {
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Bytes as base64 (a file for the bridge, a chunked message put back together). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // String.fromCharCode takes an argument list: convert in slices to stay within engine limits.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Hex digits (no 0x) as bytes; null unless they are whole bytes of hex. */
export function hexToBytes(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

/** A base64 hash (as transactions carry `transaction_hash`) in hex with 0x; unchanged when not base64. */
export function base64ToHex(base64: string | null | undefined): string {
  if (!base64) return '';
  const bytes = base64ToBytes(base64);
  return bytes ? `0x${bytesToHex(bytes)}` : base64;
}

/**
 * A key's bytes the API gives in base64 (a schedule signature's `public_key_prefix`) in hex without
 * 0x, as every other key on the screens is shown; unchanged when not base64.
 */
export function keyPrefixHex(base64: string): string {
  const bytes = base64 ? base64ToBytes(base64) : null;
  return bytes ? bytesToHex(bytes) : base64;
}

export interface DecodedPayload {
  /** `text` when the bytes are UTF-8 made of printable characters (and line breaks, tabs). */
  kind: 'text' | 'base64';
  value: string;
}

/**
 * A topic message or memo for display: its UTF-8 text when that reads as text, otherwise the
 * base64 as received (binary payloads are not garbled into replacement characters).
 */
export function decodePayload(base64: string | null | undefined): DecodedPayload {
  if (!base64) return { kind: 'text', value: '' };
  const bytes = base64ToBytes(base64);
  if (!bytes) return { kind: 'base64', value: base64 };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { kind: 'base64', value: base64 };
  }
  // C0/C1 controls other than tab and line breaks, and unpaired/non-characters, mean binary.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/.test(text)) return { kind: 'base64', value: base64 };
  return { kind: 'text', value: text };
}

/** Bytes in a hex string (`0x` optional); 0 for null or empty. */
export function hexByteLength(hex: string | null | undefined): number {
  if (!hex) return 0;
  const digits = hex.startsWith('0x') ? hex.length - 2 : hex.length;
  return Math.floor(digits / 2);
}

/**
 * A token amount in its smallest unit as a decimal with `decimals` places: (12345, 2) -> `123.45`.
 * Works on bigint so that supplies beyond 2^53 stay exact.
 */
export function formatTokenAmount(amount: Int64 | string | null | undefined, decimals: Int64 | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  let value: bigint;
  try {
    value = BigInt(amount);
  } catch {
    return String(amount);
  }
  const places = Number(decimals ?? 0);
  const negative = value < 0n;
  if (negative) value = -value;
  const text = value.toString().padStart(places + 1, '0');
  const whole = groupDigits(text.slice(0, text.length - places));
  const fraction = places > 0 ? `.${text.slice(text.length - places)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** `1.2 KiB` style sizes for bytecode. */
export function formatBytes(count: number): string {
  if (count < 1024) return `${count} bytes`;
  return `${(count / 1024).toFixed(count < 10_240 ? 1 : 0)} KiB (${groupDigits(String(count))} bytes)`;
}

/** Long hex for a narrow cell: `0x1234…abcd`. */
export function shortHex(hex: string | null | undefined, keep = 8): string {
  if (!hex) return '—';
  if (hex.length <= keep * 2 + 3) return hex;
  return `${hex.slice(0, keep + 2)}…${hex.slice(-keep)}`;
}

/**
 * The entity id a long-zero EVM address spells (shard 4 bytes, realm 8, num 8): the address the
 * mirror gives for an account without an EVM alias, which people know by its id (`0.0.1151`). Null
 * for an address that is not long-zero: those fields' leading bytes are all zero here, which a
 * hash-derived address is (about 1 in 2^80).
 */
export function longZeroId(address: string | null | undefined): string | null {
  const match = /^0x0000([0-9a-f]{4})000000000000([0-9a-f]{4})0000([0-9a-f]{12})$/i.exec(address ?? '');
  if (!match) return null;
  return `${parseInt(match[1]!, 16)}.${parseInt(match[2]!, 16)}.${parseInt(match[3]!, 16)}`;
}

/** Tone of a result code for badges: SUCCESS (and contract results' `0x1` status) read as ok. */
export function resultTone(result: string | null | undefined): 'ok' | 'critical' | 'none' {
  if (!result) return 'none';
  return result === 'SUCCESS' ? 'ok' : 'critical';
}

/**
 * Splits the answer of /transactions/{id}: a batch id brings the batch and its inner
 * transactions (other transaction ids); anything else is the transaction with its children.
 */
export function splitBatch<T extends { name: string; transaction_id: string }>(transactions: readonly T[]): { main: T[]; inner: T[] } {
  const batch = transactions.find((tx) => tx.name === 'ATOMICBATCH');
  if (!batch) return { main: [...transactions], inner: [] };
  return {
    main: transactions.filter((tx) => tx.transaction_id === batch.transaction_id),
    inner: transactions.filter((tx) => tx.transaction_id !== batch.transaction_id),
  };
}

/**
 * The reason inside revert data, when it is Solidity's `Error(string)` or `Panic(uint256)`;
 * null for anything else (custom errors, plain text messages), which are shown as they are.
 */
export function decodeRevertReason(data: string | null | undefined): string | null {
  if (!data || !/^0x[0-9a-fA-F]*$/.test(data)) return null;
  const hex = data.slice(2).toLowerCase();
  if (hex.startsWith('4e487b71') && hex.length >= 8 + 64) return `Panic(0x${BigInt(`0x${hex.slice(8, 72)}`).toString(16)})`;
  if (!hex.startsWith('08c379a0') || hex.length < 8 + 128) return null;
  const length = Number.parseInt(hex.slice(8 + 64, 8 + 128), 16);
  const bytes = hex.slice(8 + 128, 8 + 128 + length * 2);
  if (!Number.isSafeInteger(length) || bytes.length !== length * 2) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(bytes)!);
  } catch {
    return null;
  }
}

/** An int64 that may arrive as a number, bigint or decimal string (`max_fee`); null when it is none of them. */
export function toBigInt(value: Int64 | string | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : null;
  return /^-?\d+$/.test(value) ? BigInt(value) : null;
}

/** Nanoseconds since the epoch (token expiry) as the mirror's `seconds.nanos` timestamp text. */
export function nanosToTimestamp(value: Int64 | string | null | undefined): string | null {
  const ns = toBigInt(value);
  if (ns === null || ns < 0n) return null;
  return `${ns / 1_000_000_000n}.${(ns % 1_000_000_000n).toString().padStart(9, '0')}`;
}

/** The mirror's `seconds.nanos` timestamp text as nanoseconds since the epoch; null when it is not one. */
export function timestampToNanos(timestamp: string): bigint | null {
  const match = /^(\d{1,10})\.(\d{9})$/.exec(timestamp);
  return match ? BigInt(match[1]!) * 1_000_000_000n + BigInt(match[2]!) : null;
}

/** The node an account stakes to, from its `staked_node_id`: null for none (the API's -1, or no value). */
export function stakedNodeId(value: Int64 | string | null | undefined): string | null {
  const id = toBigInt(value);
  return id !== null && id >= 0n ? id.toString() : null;
}
