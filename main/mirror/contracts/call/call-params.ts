import type { MirrorMessage } from '../../query/query-filters.ts';
import { MAX_CALL_DATA_BYTES, type CallLimits } from './call-limits.ts';
import { parseStateOverrides, type StateOverride } from './state-overrides.ts';

/** A validated POST /api/v1/contracts/call body. */
export interface CallRequest {
  /** A block by tag, number or hash (64 or 96 hex digits, lower case; 64 name the block whose hash starts with them). */
  block: { kind: 'latest' } | { kind: 'earliest' } | { kind: 'number'; number: bigint } | { kind: 'hash'; hash: string };
  data: Buffer;
  estimate: boolean;
  from: Buffer | null;
  gas: bigint;
  gasPrice: bigint | null;
  /** Empty for a contract creation: no `to`, the call data is the init code. */
  to: Buffer;
  value: bigint | null;
  /** What the call is to see instead of the ledger's state (`state_overrides`). */
  stateOverrides: StateOverride[];
}

export type ParsedCall = { ok: true; request: CallRequest } | { ok: false; messages: MirrorMessage[] };

const ADDRESS = /^(0x)?[A-Fa-f0-9]{40}$/;
const DATA = /^(0x)?([0-9a-fA-F]{2})*$/;
const BLOCK_TAG = /^(earliest|pending|latest|safe|finalized)$/i;
const BLOCK_HASH = /^(?:0x)?([0-9a-f]{64}|[0-9a-f]{96})$/i;
const BLOCK_NUMBER = /^(\d{1,20}|(0x)?[0-9a-f]+)$/i;
const MAX_LONG = 9_223_372_036_854_775_807n;

const invalid = (field: string, detail?: string): MirrorMessage =>
  detail === undefined ? { message: `Invalid parameter: ${field}` } : { message: `Invalid parameter: ${field}`, detail };

/**
 * Checks every field of the request against the reference's OpenAPI schema and the
 * specification's limits: at most 128 KiB of call data, gas at most the configured maximum.
 * Other fields are ignored, as the reference's request class ignores them (clients pass whole
 * transaction objects, `nonce` and all). `state_overrides` are read as the reference reads them
 * (state-overrides.ts). Without `to` (or with an empty one) the call data is init code and the call a creation, as
 * eth_call and the reference have it; `value` needs a `from` to pay it, as in the reference.
 */
export function parseCallRequest(body: unknown, limits: CallLimits): ParsedCall {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, messages: [{ message: 'Request body must be a JSON object' }] };
  }
  const input = body as Record<string, unknown>;
  const messages: MirrorMessage[] = [];
  const stateOverrides = parseStateOverrides(input.state_overrides, messages);

  const creation = input.to === undefined || input.to === null || input.to === '';
  const to = creation ? Buffer.alloc(0) : addressField(input, 'to', messages, true);
  const from = addressField(input, 'from', messages, false);
  let data = Buffer.alloc(0);
  if (input.data !== undefined && input.data !== null) {
    if (typeof input.data !== 'string' || !DATA.test(input.data)) messages.push(invalid('data'));
    else if ((input.data.length - (input.data.startsWith('0x') ? 2 : 0)) / 2 > MAX_CALL_DATA_BYTES) {
      messages.push(invalid('data', `data must be at most ${MAX_CALL_DATA_BYTES} bytes`));
    } else data = Buffer.from(input.data.replace(/^0x/, ''), 'hex');
  }
  let estimate = false;
  if (input.estimate !== undefined && input.estimate !== null) {
    if (typeof input.estimate !== 'boolean') messages.push(invalid('estimate'));
    else estimate = input.estimate;
  }
  const gas = longField(input, 'gas', messages) ?? BigInt(limits.maxGasLimit);
  if (gas > BigInt(limits.maxGasLimit)) messages.push(invalid('gas', `gas must be less than or equal to ${limits.maxGasLimit}`));
  const gasPrice = longField(input, 'gasPrice', messages);
  const value = longField(input, 'value', messages);
  if (value !== null && value > 0n && (input.from === undefined || input.from === null)) messages.push(invalid('from', 'from must not be empty when value is given'));
  if (creation && data.length === 0) messages.push(invalid('to', 'to is required unless data holds the init code of a contract to create'));
  const block = blockField(input.block, messages);
  if (messages.length > 0 || to === null || block === null) return { ok: false, messages: messages.length > 0 ? messages : [invalid('to')] };
  return { ok: true, request: { block, data, estimate, from, gas, gasPrice, to, value, stateOverrides } };
}

function addressField(input: Record<string, unknown>, field: string, messages: MirrorMessage[], required: boolean): Buffer | null {
  const value = input[field];
  if (value === undefined || value === null) {
    if (required) messages.push(invalid(field, `${field} is required`));
    return null;
  }
  if (typeof value !== 'string' || !ADDRESS.test(value)) {
    messages.push(invalid(field));
    return null;
  }
  return Buffer.from(value.replace(/^0x/, ''), 'hex');
}

/** A non-negative int64, given as a JSON number (an integer; past 2^53 read exactly, as a bigint) or a decimal string. */
function longField(input: Record<string, unknown>, field: string, messages: MirrorMessage[]): bigint | null {
  const value = input[field];
  if (value === undefined || value === null) return null;
  const text = (typeof value === 'number' && Number.isSafeInteger(value)) || typeof value === 'bigint' ? String(value) : typeof value === 'string' ? value : null;
  if (text === null || !/^\d{1,19}$/.test(text) || BigInt(text) > MAX_LONG) {
    messages.push(invalid(field));
    return null;
  }
  return BigInt(text);
}

/** A block tag (any case), a 32- or 48-byte block hash, or a block number in decimal or hex: the reference's BlockType. */
function blockField(value: unknown, messages: MirrorMessage[]): CallRequest['block'] | null {
  if (value === undefined || value === null || value === '') return { kind: 'latest' };
  if (typeof value !== 'string' || !(BLOCK_TAG.test(value) || BLOCK_HASH.test(value) || BLOCK_NUMBER.test(value))) {
    messages.push(invalid('block'));
    return null;
  }
  const tag = value.toLowerCase();
  if (tag === 'earliest') return { kind: 'earliest' };
  if (BLOCK_TAG.test(tag)) return { kind: 'latest' };
  const hash = BLOCK_HASH.exec(value);
  if (hash) return { kind: 'hash', hash: hash[1]!.toLowerCase() };
  const number = /^0x/i.test(value) ? BigInt(`0x${value.slice(2)}`) : /^\d+$/.test(value) ? BigInt(value) : BigInt(`0x${value}`);
  if (number > MAX_LONG) {
    messages.push(invalid('block'));
    return null;
  }
  return { kind: 'number', number };
}
