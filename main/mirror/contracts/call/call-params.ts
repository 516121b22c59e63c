import { MAX_LONG, parsePositiveLong } from '../../query/param-values.ts';
import { MAX_CALL_DATA_BYTES, type CallLimits } from './call-limits.ts';
import { fieldRefusal, refusal, type CallMessage } from './call-refusal.ts';
import { looksLikeInitCode } from './init-code.ts';
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

export type ParsedCall = { ok: true; request: CallRequest } | { ok: false; messages: CallMessage[] };

const ADDRESS = /^(0x)?[A-Fa-f0-9]{40}$/;
const HEX = /^(0x)?[0-9a-fA-F]*$/;
const BLOCK_TAG = /^(earliest|pending|latest|safe|finalized)$/i;
const BLOCK_HASH = /^(?:0x)?([0-9a-f]{64}|[0-9a-f]{96})$/i;
const BLOCK_NUMBER = /^(\d{1,20}|(0x)?[0-9a-f]+)$/i;
const BLOCK_PROBLEM = 'must be a block number, a block hash, or one of earliest, latest, pending, safe and finalized';
/** The reference's least gas a call may be given (`@Min(21_000) gas`): a plain transfer's intrinsic gas. */
export const MIN_GAS = 21_000n;
/** The reference's (Bean Validation's) words for a hex field that is not one. */
const NOT_HEX = 'invalid hexadecimal string';

/**
 * Checks every field of the request as the reference's web3 module does (ContractCallRequest and
 * ContractController) within the specification's limits: at most 128 KiB of call data, gas from
 * 21,000 to the configured maximum. Problems are worded as the reference words them
 * (call-refusal.ts). Other fields are ignored, as the reference's request class ignores them
 * (clients pass whole transaction objects, `nonce` and all). `state_overrides` are read as the
 * reference reads them (state-overrides.ts).
 *
 * Without `to` (absent, null, empty, or the zero address, which the reference puts in its place)
 * the call is a contract creation with the call data as init code, as eth_call has it; empty
 * init code is the EVM's to refuse (call-service.ts), not the validation's. A positive `value`
 * needs a `from` to pay it, and, sent to a creation, data that looks like init code.
 */
export function parseCallRequest(body: unknown, limits: CallLimits): ParsedCall {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, messages: [refusal(400, 'The request body must be a JSON object')] };
  }
  const input = body as Record<string, unknown>;
  const messages: CallMessage[] = [];
  const stateOverrides = parseStateOverrides(input.state_overrides, messages);

  const toGiven = !(input.to === undefined || input.to === null || input.to === '');
  // Null when the `to` given is no address: refused above, and neither a creation nor a callee.
  const named = toGiven ? addressField(input, 'to', messages) : null;
  const creation = !toGiven || (named !== null && named.every((byte) => byte === 0));
  const to = creation || named === null ? Buffer.alloc(0) : named;
  const from = input.from === undefined || input.from === null ? null : addressField(input, 'from', messages);
  let data = Buffer.alloc(0);
  let dataDigits = '';
  if (input.data !== undefined && input.data !== null) {
    if (typeof input.data !== 'string' || !HEX.test(input.data)) messages.push(fieldRefusal('data', NOT_HEX));
    else {
      dataDigits = input.data.replace(/^0x/, '');
      if (dataDigits.length % 2 !== 0) messages.push(fieldRefusal('data', 'has an odd number of hex digits'));
      else if (dataDigits.length / 2 > MAX_CALL_DATA_BYTES) messages.push(fieldRefusal('data', `must be at most ${MAX_CALL_DATA_BYTES} bytes`));
      else data = Buffer.from(dataDigits, 'hex');
    }
  }
  let estimate = false;
  if (input.estimate !== undefined && input.estimate !== null) {
    if (typeof input.estimate !== 'boolean') messages.push(fieldRefusal('estimate', 'must be true or false'));
    else estimate = input.estimate;
  }
  const gas = longField(input, 'gas', messages, MIN_GAS) ?? BigInt(limits.maxGasLimit);
  if (gas < MIN_GAS) messages.push(fieldRefusal('gas', `must be greater than or equal to ${MIN_GAS}`));
  const gasPrice = longField(input, 'gasPrice', messages);
  const value = longField(input, 'value', messages);
  if (value !== null && value > 0n) {
    if (input.from === undefined || input.from === null) messages.push(fieldRefusal('from', 'must not be empty'));
    else if (creation && !looksLikeInitCode(dataDigits)) messages.push(fieldRefusal('to', 'must not be empty'));
  }
  const block = blockField(input.block, messages);
  // The reference checks the configured maximum after the request's own validation, alone.
  if (messages.length === 0 && gas > BigInt(limits.maxGasLimit)) messages.push(fieldRefusal('gas', `must be less than or equal to ${limits.maxGasLimit}`));
  // Every field refused above has said why in `messages`.
  if (messages.length > 0 || block === null) return { ok: false, messages };
  return { ok: true, request: { block, data, estimate, from, gas, gasPrice, to, value, stateOverrides } };
}

function addressField(input: Record<string, unknown>, field: string, messages: CallMessage[]): Buffer | null {
  const value = input[field];
  if (typeof value !== 'string' || !ADDRESS.test(value)) {
    messages.push(fieldRefusal(field, NOT_HEX));
    return null;
  }
  return Buffer.from(value.replace(/^0x/, ''), 'hex');
}

/**
 * A non-negative int64, given as a JSON number (an integer; past 2^53 read exactly, as a bigint) or a
 * decimal string. A negative one is refused with the field's own minimum (`min`: gas has 21,000), so
 * that -1 and 5 are told the same bound.
 */
function longField(input: Record<string, unknown>, field: string, messages: CallMessage[], min = 0n): bigint | null {
  const value = input[field];
  if (value === undefined || value === null) return null;
  const text = (typeof value === 'number' && Number.isInteger(value)) || typeof value === 'bigint' ? BigInt(value).toString()
    : typeof value === 'string' ? value : null;
  if (text !== null && /^-\d+$/.test(text)) {
    messages.push(fieldRefusal(field, `must be greater than or equal to ${min}`));
    return null;
  }
  const parsed = text === null ? null : parsePositiveLong(text, true);
  if (parsed === null) messages.push(fieldRefusal(field, 'must be a whole number from 0 to 9223372036854775807'));
  return parsed;
}

/** A block tag (any case), a 32- or 48-byte block hash, or a block number in decimal or hex: the reference's BlockType. */
function blockField(value: unknown, messages: CallMessage[]): CallRequest['block'] | null {
  if (value === undefined || value === null || value === '') return { kind: 'latest' };
  if (typeof value !== 'string' || !(BLOCK_TAG.test(value) || BLOCK_HASH.test(value) || BLOCK_NUMBER.test(value))) {
    messages.push(fieldRefusal('block', BLOCK_PROBLEM));
    return null;
  }
  const tag = value.toLowerCase();
  if (tag === 'earliest') return { kind: 'earliest' };
  if (BLOCK_TAG.test(tag)) return { kind: 'latest' };
  const hash = BLOCK_HASH.exec(value);
  if (hash) return { kind: 'hash', hash: hash[1]!.toLowerCase() };
  const number = /^0x/i.test(value) ? BigInt(`0x${value.slice(2)}`) : /^\d+$/.test(value) ? BigInt(value) : BigInt(`0x${value}`);
  if (number > MAX_LONG) {
    messages.push(fieldRefusal('block', BLOCK_PROBLEM));
    return null;
  }
  return { kind: 'number', number };
}
