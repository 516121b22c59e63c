import type { MirrorMessage } from '../../query/query-filters.ts';
import { MAX_CALL_DATA_BYTES, type CallLimits } from './call-limits.ts';

/** A validated POST /api/v1/contracts/call body. */
export interface CallRequest {
  block: { kind: 'latest' } | { kind: 'earliest' } | { kind: 'number'; number: bigint };
  data: Buffer;
  estimate: boolean;
  from: Buffer | null;
  gas: bigint;
  gasPrice: bigint | null;
  to: Buffer;
  value: bigint | null;
}

export type ParsedCall = { ok: true; request: CallRequest } | { ok: false; messages: MirrorMessage[] };

const ADDRESS = /^(0x)?[A-Fa-f0-9]{40}$/;
const DATA = /^(0x)?([0-9a-fA-F]{2})*$/;
const BLOCK = /^((0x)?[0-9a-fA-F]+|earliest|pending|latest|safe|finalized)$/;
const FIELDS = new Set(['block', 'data', 'estimate', 'from', 'gas', 'gasPrice', 'to', 'value']);
const MAX_LONG = 9_223_372_036_854_775_807n;

const invalid = (field: string, detail?: string): MirrorMessage =>
  detail === undefined ? { message: `Invalid parameter: ${field}` } : { message: `Invalid parameter: ${field}`, detail };

/**
 * Checks every field of the request against the reference's OpenAPI schema and the
 * specification's limits: at most 128 KiB of call data, gas at most the configured maximum.
 * Unknown fields are refused too, so a misspelt `gasPrice` cannot silently skip the balance check.
 */
export function parseCallRequest(body: unknown, limits: CallLimits): ParsedCall {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, messages: [{ message: 'Request body must be a JSON object' }] };
  }
  const input = body as Record<string, unknown>;
  const messages: MirrorMessage[] = [];
  for (const key of Object.keys(input)) if (!FIELDS.has(key)) messages.push({ message: `Unknown field: ${key}` });

  const to = addressField(input, 'to', messages, true);
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
  const block = blockField(input.block, messages);
  if (messages.length > 0 || to === null || block === null) return { ok: false, messages: messages.length > 0 ? messages : [invalid('to')] };
  return { ok: true, request: { block, data, estimate, from, gas, gasPrice, to, value } };
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

/** A non-negative int64, given as a JSON number (an integer) or a decimal string. */
function longField(input: Record<string, unknown>, field: string, messages: MirrorMessage[]): bigint | null {
  const value = input[field];
  if (value === undefined || value === null) return null;
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value : null;
  if (text === null || !/^\d{1,19}$/.test(text) || BigInt(text) > MAX_LONG) {
    messages.push(invalid(field));
    return null;
  }
  return BigInt(text);
}

function blockField(value: unknown, messages: MirrorMessage[]): CallRequest['block'] | null {
  if (value === undefined || value === null) return { kind: 'latest' };
  if (typeof value !== 'string' || !BLOCK.test(value)) {
    messages.push(invalid('block'));
    return null;
  }
  if (value === 'earliest') return { kind: 'earliest' };
  if (value === 'latest' || value === 'pending' || value === 'safe' || value === 'finalized') return { kind: 'latest' };
  const number = value.startsWith('0x') ? BigInt(value) : /^\d+$/.test(value) ? BigInt(value) : BigInt(`0x${value}`);
  if (number > MAX_LONG) {
    messages.push(invalid('block'));
    return null;
  }
  return { kind: 'number', number };
}
