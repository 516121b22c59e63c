/**
 * Calling a verified contract's functions from its page, in the local mirror's EVM: the form's
 * texts become calldata, the answer becomes labelled values, and a failure becomes one sentence,
 * a revert named by the contract's own ABI (its custom errors) when it can be.
 */
import type { ApiError } from '../../../main/common/api-contract.ts';
import type { AbiEntry } from '../../../main/common/verify-types.ts';
import { AbiArgumentError, AbiError, encodeAbi, parseAbiInput, type AbiValue, type EntityAddressOf } from './abi-codec.ts';
import { inputLabel, revertReason } from './abi-decode.ts';
import { functionSelector } from './abi-signatures.ts';
import { bytesToHex, shortHex } from './ledger-format.ts';
import { MAX_LONG } from './whole-number.ts';

const TINYBARS = /^\d{1,19}$/;

/**
 * A problem with field `i`'s argument, told by the field's own label (`#2 (address): expected …`),
 * so that with several fields of a type it is plain which one is wrong; the codec's message names
 * the type alone, which the label already says.
 */
export function argumentError(entry: AbiEntry, i: number, problem: string): AbiArgumentError {
  const parameter = entry.inputs[i]!;
  const typePrefix = `${parameter.type}: `;
  return new AbiArgumentError(`${inputLabel(parameter, i)}: ${problem.startsWith(typePrefix) ? problem.slice(typePrefix.length) : problem}`, i);
}

/**
 * Field `i`'s text as its parameter's value, encoded once alone so that what only the encoding
 * checks (a number out of its type's range, bytes of the wrong length) is that field's problem
 * too; throws AbiArgumentError naming the parameter.
 */
function fieldValue(entry: AbiEntry, i: number, text: string, addressOf?: EntityAddressOf): AbiValue {
  const parameter = entry.inputs[i]!;
  try {
    const value = parseAbiInput(parameter, text, addressOf);
    encodeAbi([parameter], [value]);
    return value;
  } catch (error) {
    if (error instanceof AbiError) throw argumentError(entry, i, error.message);
    throw error;
  }
}

/**
 * The entity ids each of the form's fields names where `entry` takes an address (also inside
 * lists and tuples), so they can be looked up before the call is encoded. Throws AbiArgumentError
 * for a field it cannot read.
 */
export function addressIdsByField(entry: AbiEntry, texts: readonly string[]): string[][] {
  return entry.inputs.map((_parameter, i) => {
    const ids: string[] = [];
    fieldValue(entry, i, texts[i] ?? '', (id, longZero) => {
      if (!ids.includes(id)) ids.push(id);
      return longZero;
    });
    return ids;
  });
}

/**
 * The calldata of `entry` called with the form's texts: its selector, then the encoded arguments.
 * An entity id typed for an address is the address `addresses` holds for it (what the EVM sees
 * for that entity, looked up beforehand), else its long-zero address. Throws AbiArgumentError for
 * a field it cannot read.
 */
export function callData(entry: AbiEntry, texts: readonly string[], addresses: ReadonlyMap<string, string> = new Map()): string {
  const addressOf = (id: string, longZero: string): string => addresses.get(id)?.toLowerCase() ?? longZero;
  const values = entry.inputs.map((_parameter, i) => fieldValue(entry, i, texts[i] ?? '', addressOf));
  return `${functionSelector(entry)}${bytesToHex(encodeAbi(entry.inputs, values))}`;
}

/**
 * Tinybars to send with a payable call, typed as whole tinybars; null for an empty field. Throws
 * AbiError for anything else, before a request.
 */
export function parseTinybars(text: string): string | null {
  const value = text.trim().replace(/[_,\s]/g, '');
  if (value === '') return null;
  if (!TINYBARS.test(value) || BigInt(value) > MAX_LONG) throw new AbiError(`value: expected whole tinybars (1 HBAR is 100000000), at most ${MAX_LONG}`);
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

/** A ledger status code (`INSUFFICIENT_GAS`), as opposed to an HTTP reason phrase (`Bad Request`). */
const STATUS_CODE = /^[A-Z][A-Z0-9_]*$/;

/**
 * Why a call failed, in one sentence: a revert by its reason (`Error(string)`, a panic, or a
 * custom error of `abi` with its arguments), the mirror's own message for a call that ran (out
 * of gas, payer balance), or, for a call it refused before running it, what it said was wrong
 * (a request field, a system contract it cannot run): the detail alone, as its `Bad Request`
 * says nothing a person can act on.
 */
export function failureText(error: ApiError, abi: readonly AbiEntry[]): string {
  const first = (error.mirror?.body as { _status?: { messages?: Array<{ message?: unknown; detail?: unknown; data?: unknown }> } } | undefined)?._status?.messages?.[0];
  if (typeof first?.message === 'string' && !STATUS_CODE.test(first.message) && typeof first.detail === 'string' && first.detail !== '') {
    return first.detail.charAt(0).toUpperCase() + first.detail.slice(1);
  }
  if (first?.message !== 'CONTRACT_REVERT_EXECUTED') return error.message;
  const data = typeof first.data === 'string' ? first.data : '0x';
  const reason = revertReason(data, abi);
  if (reason !== null) return `Reverted: ${reason}`;
  return data.length > 2 ? `Reverted with data ${shortHex(data, 24)} (no error of this contract's ABI)` : 'Reverted without a reason';
}
