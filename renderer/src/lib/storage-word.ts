/**
 * A 32-byte EVM storage word (a hook's storage key or value: `0x` and 64 hex digits) read as what
 * it plainly is, when it plainly is something: a number, when its high 16 bytes are zero (a hash
 * is that small once in 2^128), or an address, when it is 20 bytes behind 12 zero bytes and too
 * large for any count. Hashes (a mapping's slots) and packed fields get no reading: only the hex is sure.
 */
import { groupDigits } from './format.ts';

export type WordReading = { kind: 'number'; value: bigint; text: string } | { kind: 'address'; address: string };

const WORD = /^0x([0-9a-fA-F]{64})$/;
const NUMBER_BELOW = 1n << 128n;
const ADDRESS_BELOW = 1n << 160n;

/** What `word` reads as, or null when it is no plain number or address (or no word at all). */
export function readWord(word: string | null | undefined): WordReading | null {
  const hex = WORD.exec(word ?? '')?.[1];
  if (hex === undefined) return null;
  const value = BigInt(`0x${hex}`);
  if (value < NUMBER_BELOW) return { kind: 'number', value, text: groupDigits(value.toString()) };
  if (value < ADDRESS_BELOW) return { kind: 'address', address: `0x${hex.slice(24).toLowerCase()}` };
  return null;
}
