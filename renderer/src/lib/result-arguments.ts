/**
 * A call's arguments in one line of a contract's Results tab: `by 1,022,782,362,000,000, to
 * 0x000000…0004d2`. A number is shown whole, grouped as the app shows amounts, since its middle
 * digits are what it is. Hex (addresses, bytes) is cut to its ends, and so is any other long value
 * (a string, an array, a tuple), so the line stays a line; `full` then holds every value whole,
 * for the line's title.
 */
import type { AbiParameter } from '../../../main/common/verify-types.ts';
import type { ValueLine } from './abi-decode.ts';
import { parameterName } from './abi-decode.ts';
import { formatInteger } from './format.ts';
import { shortHex } from './ledger-format.ts';

const INTEGER_TYPE = /^u?int\d*$/;
/** The ends of a hex value kept, in hex digits each side: enough to tell two addresses apart. */
const HEX_ENDS = 6;
/** The longest other value shown whole; a longer one keeps its first 20 and last 18 characters. */
const LONGEST_WHOLE = 40;
const OTHER_ENDS = 18;

export interface ArgumentsLine {
  text: string;
  /** The same with nothing cut; equal to `text` when nothing was. */
  full: string;
}

function shown(parameter: AbiParameter, value: string, cut: boolean): string {
  if (INTEGER_TYPE.test(parameter.type) && /^-?\d+$/.test(value)) return formatInteger(BigInt(value));
  if (!cut) return value;
  if (value.startsWith('0x')) return shortHex(value, HEX_ENDS);
  return value.length > LONGEST_WHOLE ? shortHex(value, OTHER_ENDS) : value;
}

export function argumentsLine(parameters: readonly AbiParameter[], lines: readonly ValueLine[]): ArgumentsLine {
  const join = (cut: boolean): string => lines.map((line, i) => `${parameterName(parameters[i]!, i)} ${shown(parameters[i]!, line.text, cut)}`).join(', ');
  return { text: join(true), full: join(false) };
}
