/**
 * What a verified contract's ABI makes of the data the ledger holds: a call's input as the
 * function and its arguments, its output as the values it returned, a log as the event and
 * its parameters, revert data as the error. Each answers null (not a throw) when the data does
 * not fit the ABI, and the page then shows the bytes as they are.
 */
import type { AbiEntry, AbiParameter } from '../../../main/common/verify-types.ts';
import { AbiError, decodeAbi, encodeAbi, formatAbiValue, type AbiValue } from './abi-codec.ts';
import { eventTopic, functionSelector, selectorOf } from './abi-signatures.ts';
import { bytesToHex, decodeRevertReason } from './ledger-format.ts';

/** One decoded value, labelled by its name and type. */
export interface ValueLine {
  label: string;
  text: string;
  /** An address worth a link (not the zero address), else null. */
  address: string | null;
}

/** An event parameter also says whether it came from a topic. */
export interface EventLine extends ValueLine {
  indexed: boolean;
}

export interface DecodedEvent {
  entry: AbiEntry;
  lines: EventLine[];
}

/** Types an indexed parameter keeps as its value; any other (string, bytes, arrays, tuples) is hashed into its topic. */
const VALUE_TYPE = /^(?:u?int\d*|address|bool|bytes(?:[1-9]|[12]\d|3[0-2]))$/;

/** A parameter by its name, or by its place when it has none: `by`, `#2`. */
export const parameterName = (parameter: AbiParameter, i: number): string => parameter.name || `#${i + 1}`;
/** A parameter by its name (or place) and type: `by (uint256)`, `#2 (address)`. */
export const inputLabel = (parameter: AbiParameter, i: number): string => `${parameterName(parameter, i)} (${parameter.type})`;
/** A returned value by its name and type, or its type alone: outputs are often unnamed. */
export const outputLabel = (parameter: AbiParameter): string => (parameter.name ? `${parameter.name} (${parameter.type})` : parameter.type);

/** Values as labelled lines; addresses other than zero carry a link. */
export function valueLines(parameters: readonly AbiParameter[], values: readonly AbiValue[], label: (parameter: AbiParameter, i: number) => string = inputLabel): ValueLine[] {
  return parameters.map((parameter, i) => ({ label: label(parameter, i), text: formatAbiValue(parameter, values[i]!), address: linkedAddress(parameter, values[i]!) }));
}

function linkedAddress(parameter: AbiParameter, value: AbiValue): string | null {
  return parameter.type === 'address' && typeof value === 'string' && /[1-9a-f]/.test(value.slice(2)) ? value : null;
}

/** Runs a decode, answering null when the data does not fit its types. */
function fitting<T>(decode: () => T): T | null {
  try {
    return decode();
  } catch (error) {
    if (error instanceof AbiError) return null;
    throw error;
  }
}

/**
 * Whether a contract result is its contract's creation: its input is then the creation code's
 * constructor arguments, whose first bytes are no function selector.
 */
export function isCreation(result: { contract_id: string | null; created_contract_ids?: readonly string[] | null }): boolean {
  return result.contract_id !== null && (result.created_contract_ids ?? []).includes(result.contract_id);
}

/** A result's input read as a call (selector first); null for its contract's creation. */
export function callInput(result: Parameters<typeof isCreation>[0] & { function_parameters: string }): string | null {
  return isCreation(result) ? null : result.function_parameters;
}

/** The function of `abi` a call's input selects, when it has it. */
export function calledFunction(abi: readonly AbiEntry[], input: string | null | undefined): AbiEntry | null {
  const selector = selectorOf(input);
  return (selector && abi.find((entry) => entry.type === 'function' && functionSelector(entry) === selector)) || null;
}

/** A call's arguments (its input after the selector) as `entry`'s inputs. */
export function decodeArguments(entry: AbiEntry, input: string): ValueLine[] | null {
  return fitting(() => valueLines(entry.inputs, decodeAbi(entry.inputs, `0x${input.slice(10)}`)));
}

/** What a contract's creation was given, as its constructor's inputs. */
export type ConstructorArguments =
  | { kind: 'none' }
  | { kind: 'decoded'; entry: AbiEntry; lines: ValueLine[] }
  /** None of the bytes at hand is an encoding of the constructor's inputs (or none are at hand). */
  | { kind: 'unknown'; entry: AbiEntry };

/**
 * A creation's constructor arguments. `candidates` are the bytes that may hold them, surest
 * first (what a creation match cut off the creation code, then a creation result's input); the
 * first that is exactly the encoding of the constructor's inputs (decoded and encoded again to
 * the same bytes) is read, so an input that also carries the creation code is never taken for
 * arguments. A contract whose ABI has no constructor, or one without inputs, takes none.
 */
export function constructorArguments(abi: readonly AbiEntry[], candidates: ReadonlyArray<string | null | undefined>): ConstructorArguments {
  const entry = abi.find((candidate) => candidate.type === 'constructor');
  if (!entry || entry.inputs.length === 0) return { kind: 'none' };
  const known = candidates.filter((hex): hex is string => typeof hex === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/.test(hex));
  for (const encoded of known) {
    const lines = fitting(() => {
      const values = decodeAbi(entry.inputs, encoded);
      if (`0x${bytesToHex(encodeAbi(entry.inputs, values))}` !== encoded.toLowerCase()) throw new AbiError('not exactly the arguments');
      return valueLines(entry.inputs, values);
    });
    if (lines) return { kind: 'decoded', entry, lines };
  }
  return { kind: 'unknown', entry };
}

/** What a call returned, as `entry`'s outputs. Throws AbiError when the data does not fit them. */
export function outputLines(entry: AbiEntry, output: unknown): ValueLine[] {
  const outputs = entry.outputs ?? [];
  return valueLines(outputs, decodeAbi(outputs, typeof output === 'string' && output !== '' ? output : '0x'), outputLabel);
}

/** What a call returned, as `entry`'s outputs; null when the data does not fit them. */
export function decodeOutputs(entry: AbiEntry, output: string | null | undefined): ValueLine[] | null {
  return fitting(() => outputLines(entry, output));
}

/**
 * A log as the event of `abi` its first topic names: indexed parameters from the other topics
 * (a hashed one shown as the hash it is), the rest from its data. Null for a log of no event
 * here, or one whose topics do not match the event's indexing (ERC-20's and ERC-721's
 * `Transfer` share a signature but not their indexed parameters).
 */
export function decodeEvent(abi: readonly AbiEntry[], topics: readonly string[], data: string | null | undefined): DecodedEvent | null {
  const topic0 = topics[0]?.toLowerCase();
  const entry = topic0 ? abi.find((candidate) => candidate.type === 'event' && !candidate.anonymous && eventTopic(candidate) === topic0) : undefined;
  if (!entry) return null;
  const indexed = entry.inputs.filter((parameter) => parameter.indexed);
  if (indexed.length !== topics.length - 1) return null;
  const plain = entry.inputs.filter((parameter) => !parameter.indexed);
  return fitting(() => {
    const plainValues = decodeAbi(plain, data || '0x');
    let topicAt = 1;
    let plainAt = 0;
    const lines = entry.inputs.map((parameter, i): EventLine => {
      if (!parameter.indexed) {
        const [line] = valueLines([parameter], [plainValues[plainAt++]!], () => inputLabel(parameter, i));
        return { ...line!, indexed: false };
      }
      const topic = topics[topicAt++]!;
      if (!VALUE_TYPE.test(parameter.type)) return { label: inputLabel(parameter, i), text: `hash ${topic}`, address: null, indexed: true };
      const [line] = valueLines([parameter], decodeAbi([parameter], topic), () => inputLabel(parameter, i));
      return { ...line!, indexed: true };
    });
    return { entry, lines };
  });
}

/**
 * The reason in revert data: Solidity's `Error(string)` or a panic, else a custom error of `abi`
 * with its arguments (`NotOwner(caller: 0x…)`); null for data that is none of them.
 */
export function revertReason(data: string | null | undefined, abi: readonly AbiEntry[]): string | null {
  if (!data || !/^0x[0-9a-fA-F]*$/.test(data)) return null;
  const known = decodeRevertReason(data);
  if (known !== null) return known;
  const selector = data.slice(0, 10).toLowerCase();
  const entry = abi.find((candidate) => candidate.type === 'error' && functionSelector(candidate) === selector);
  if (!entry) return null;
  const values = fitting(() => decodeAbi(entry.inputs, `0x${data.slice(10)}`));
  if (values === null) return `${entry.name}(…)`;
  return `${entry.name}(${entry.inputs.map((parameter, i) => `${parameter.name ? `${parameter.name}: ` : ''}${formatAbiValue(parameter, values[i]!)}`).join(', ')})`;
}
