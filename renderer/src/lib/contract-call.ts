/**
 * Calling a verified contract's functions from its page, in the local mirror's EVM: the form's
 * texts become calldata, the answer becomes labelled values, and a failure becomes one sentence,
 * a revert named by the contract's own ABI (its custom errors) when it can be.
 */
import type { ApiError } from '../../../main/common/api-contract.ts';
import type { AbiEntry, AbiParameter } from '../../../main/common/verify-types.ts';
import { AbiError, decodeAbi, encodeAbi, formatAbiValue, parseAbiInput } from './abi-codec.ts';
import { functionSelector } from './abi-signatures.ts';
import { bytesToHex, decodeRevertReason, shortHex } from './ledger-format.ts';

export interface ValueLine {
  label: string;
  text: string;
  /** An address worth a link (not the zero address), else null. */
  address: string | null;
}

const TINYBARS = /^\d{1,19}$/;
const MAX_TINYBARS = (1n << 63n) - 1n;

/** An argument by its name (or place) and type. */
export const inputLabel = (parameter: AbiParameter, i: number): string => `${parameter.name || `#${i + 1}`} (${parameter.type})`;

/** The calldata of `entry` called with the form's texts: its selector, then the encoded arguments. Throws AbiError. */
export function callData(entry: AbiEntry, texts: readonly string[]): string {
  const values = entry.inputs.map((parameter, i) => parseAbiInput(parameter, texts[i] ?? ''));
  return `${functionSelector(entry)}${bytesToHex(encodeAbi(entry.inputs, values))}`;
}

/** The values `entry` returned, one line each by name and type. Throws AbiError when the data does not fit its outputs. */
export function returnedLines(entry: AbiEntry, returned: unknown): ValueLine[] {
  const outputs = entry.outputs ?? [];
  const values = decodeAbi(outputs, typeof returned === 'string' ? returned : '0x');
  return outputs.map((parameter, i) => ({
    label: parameter.name ? `${parameter.name} (${parameter.type})` : parameter.type,
    text: formatAbiValue(parameter, values[i]!),
    address: linkedAddress(parameter, values[i]!),
  }));
}

/** An address opens what it is (account, contract or token); the zero address is none of them. */
function linkedAddress(parameter: AbiParameter, value: unknown): string | null {
  return parameter.type === 'address' && typeof value === 'string' && /[1-9a-f]/.test(value.slice(2)) ? value : null;
}

/**
 * Tinybars to send with a payable call, typed as whole tinybars; null for an empty field. Throws
 * AbiError for anything else, before a request.
 */
export function parseTinybars(text: string): string | null {
  const value = text.trim().replace(/[_,\s]/g, '');
  if (value === '') return null;
  if (!TINYBARS.test(value) || BigInt(value) > MAX_TINYBARS) throw new AbiError('value: expected whole tinybars (1 HBAR is 100000000), at most 9223372036854775807');
  return BigInt(value).toString();
}

/** What a From field names: an address as it is (null: no caller, the zero address), or an account to look up. */
export type CallerQuery = { kind: 'address'; address: string | null } | { kind: 'account'; id: string };

/**
 * Reads a From field. An account id is looked up rather than turned into its long-zero address:
 * an account with an ECDSA key calls from the EVM address its key gives, and that is what a
 * contract stored as its owner. Throws AbiError for text that is neither.
 */
export function callerQuery(text: string): CallerQuery {
  const value = text.trim();
  if (value === '') return { kind: 'address', address: null };
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) return { kind: 'address', address: value.toLowerCase() };
  if (/^\d{1,10}\.\d{1,20}\.\d{1,20}$/.test(value)) return { kind: 'account', id: value };
  throw new AbiError('from: expected an account id like 0.0.1234, or 0x and 40 hex digits');
}

/** The gas an estimate answered (`{ result: '0x…' }`), or null when the answer holds none. */
export function estimatedGas(body: unknown): bigint | null {
  const result = (body as { result?: unknown } | null)?.result;
  return typeof result === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(result) ? BigInt(result) : null;
}

/**
 * Why a call failed, in one sentence: a revert by its reason (`Error(string)`, a panic, or a
 * custom error of `abi` with its arguments), or the mirror's own message (out of gas, payer
 * balance, a system contract it cannot run).
 */
export function failureText(error: ApiError, abi: readonly AbiEntry[]): string {
  const first = (error.mirror?.body as { _status?: { messages?: Array<{ message?: unknown; data?: unknown }> } } | undefined)?._status?.messages?.[0];
  if (first?.message !== 'CONTRACT_REVERT_EXECUTED') return error.message;
  const data = typeof first.data === 'string' ? first.data : '0x';
  const reason = decodeRevertReason(data) ?? customError(data, abi);
  if (reason !== null) return `Reverted: ${reason}`;
  return data.length > 2 ? `Reverted with data ${shortHex(data, 24)} (no error of this contract's ABI)` : 'Reverted without a reason';
}

/** `NotOwner(caller: 0x…)` for revert data that starts with the selector of one of `abi`'s errors. */
function customError(data: string, abi: readonly AbiEntry[]): string | null {
  const selector = data.slice(0, 10).toLowerCase();
  const entry = abi.find((candidate) => candidate.type === 'error' && functionSelector(candidate) === selector);
  if (!entry) return null;
  try {
    const values = decodeAbi(entry.inputs, `0x${data.slice(10)}`);
    return `${entry.name}(${entry.inputs.map((parameter, i) => `${parameter.name ? `${parameter.name}: ` : ''}${formatAbiValue(parameter, values[i]!)}`).join(', ')})`;
  } catch (problem) {
    if (problem instanceof AbiError) return `${entry.name}(…)`;
    throw problem;
  }
}
