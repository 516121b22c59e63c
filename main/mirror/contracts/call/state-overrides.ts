import { MAX_LONG } from '../../query/param-values.ts';
import type { MirrorMessage } from '../../query/query-filters.ts';
import { refusal } from './call-refusal.ts';

/**
 * One address's state as a call's `state_overrides` gives it (the reference's StateOverride,
 * as eth_call's state override set has it): the call runs as if the ledger held these values.
 * Plain data, so it crosses to the call worker.
 */
export interface StateOverride {
  /** The 20-byte EVM address overridden. */
  address: Uint8Array;
  /** Tinybars, as the reference takes them. */
  balance: bigint | null;
  nonce: bigint | null;
  /** Runtime bytecode. */
  code: Uint8Array | null;
  /**
   * Storage slots (32-byte keys and values): with `replace` (the request's `state`) these are
   * the only slots the address has; otherwise (`state_diff`) they patch what the ledger holds.
   */
  storage: { replace: boolean; slots: Array<[key: Uint8Array, value: Uint8Array]> } | null;
}

/** At most this many addresses, as the reference allows. */
export const MAX_STATE_OVERRIDES = 10;
/** Deployed code is at most this long (EIP-170); an override cannot hold more. */
const MAX_CODE_BYTES = 24_576;
const MAX_UINT64 = 2n ** 64n - 1n;
const HEX = /^(?:0x)?([0-9a-fA-F]*)$/;

type Problem = (detail: string) => void;

/**
 * Reads `state_overrides`: an array of at most ten per-address overrides, each an `address`
 * with any of `balance`, `nonce` (hex quantities), `code` (hex bytes) and `state` or
 * `state_diff` (lists of `{key, value}`, hex words of up to 32 bytes), the two not together.
 * Problems go to `messages` as the other fields' do (`Bad Request`), each detail saying what is wrong.
 */
export function parseStateOverrides(value: unknown, messages: MirrorMessage[]): StateOverride[] {
  if (value === undefined || value === null) return [];
  const problem: Problem = (detail) => messages.push(refusal(400, detail));
  if (!Array.isArray(value)) {
    problem('state_overrides must be an array');
    return [];
  }
  if (value.length > MAX_STATE_OVERRIDES) {
    problem(`state_overrides may name at most ${MAX_STATE_OVERRIDES} addresses`);
    return [];
  }
  const overrides: StateOverride[] = [];
  const seen = new Set<string>();
  value.forEach((entry, index) => {
    const override = parseOverride(entry, (detail) => problem(`state_overrides[${index}]: ${detail}`));
    if (!override) return;
    const address = Buffer.from(override.address).toString('hex');
    if (seen.has(address)) problem(`state_overrides[${index}]: 0x${address} is overridden twice`);
    seen.add(address);
    overrides.push(override);
  });
  return overrides;
}

function parseOverride(entry: unknown, problem: Problem): StateOverride | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    problem('each override must be an object');
    return null;
  }
  const fields = entry as Record<string, unknown>;
  const address = hexBytes(fields.address);
  if (address === null || address.length !== 20) {
    problem('address must be 40 hex digits');
    return null;
  }
  const balance = quantity(fields.balance, MAX_LONG, 'balance', problem);
  const nonce = quantity(fields.nonce, MAX_UINT64, 'nonce', problem);
  let code: Uint8Array | null = null;
  if (fields.code !== undefined && fields.code !== null) {
    code = hexBytes(fields.code);
    if (code === null || code.length > MAX_CODE_BYTES) {
      problem(`code must be hex bytes, at most ${MAX_CODE_BYTES}`);
      code = null;
    }
  }
  const state = slots(fields.state, 'state', problem);
  const diff = slots(fields.state_diff, 'state_diff', problem);
  if (state && diff && state.length > 0 && diff.length > 0) problem('state and state_diff are mutually exclusive');
  const storage = state && state.length > 0 ? { replace: true, slots: state }
    : diff && diff.length > 0 ? { replace: false, slots: diff }
    : state ? { replace: true, slots: [] } : null;
  return { address, balance, nonce, code, storage };
}

/** A hex quantity (`0x` optional, any length) up to `max`; null when absent. */
function quantity(value: unknown, max: bigint, name: string, problem: Problem): bigint | null {
  if (value === undefined || value === null) return null;
  const match = typeof value === 'string' ? HEX.exec(value) : null;
  const number = match && match[1]!.length > 0 ? BigInt(`0x${match[1]}`) : null;
  if (number === null || number > max) {
    problem(`${name} must be a hex quantity of at most 0x${max.toString(16)}`);
    return null;
  }
  return number;
}

/** A list of `{key, value}` hex words of up to 32 bytes, as 32-byte words; null when absent. */
function slots(value: unknown, name: string, problem: Problem): Array<[Uint8Array, Uint8Array]> | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) {
    problem(`${name} must be an array of {key, value}`);
    return null;
  }
  const words: Array<[Uint8Array, Uint8Array]> = [];
  for (const slot of value) {
    const key = word((slot as { key?: unknown } | null)?.key);
    const content = word((slot as { value?: unknown } | null)?.value);
    if (key === null || content === null) {
      problem(`each ${name} entry needs a key and a value of at most 32 bytes of hex`);
      return null;
    }
    words.push([key, content]);
  }
  return words;
}

/** Hex digits (`0x` optional, at most 64) as a 32-byte word, zero-padded on the left. */
function word(value: unknown): Uint8Array | null {
  const match = typeof value === 'string' ? HEX.exec(value) : null;
  if (!match || match[1]!.length === 0 || match[1]!.length > 64) return null;
  return Buffer.from(match[1]!.padStart(64, '0'), 'hex');
}

/** Whole bytes of hex, `0x` optional. */
function hexBytes(value: unknown): Uint8Array | null {
  const match = typeof value === 'string' ? HEX.exec(value) : null;
  if (!match || match[1]!.length % 2 !== 0) return null;
  return Buffer.from(match[1]!, 'hex');
}
