/**
 * A 32-byte EVM storage word (a hook's or a contract's storage key or value: `0x` and 64 hex
 * digits) read as what it plainly may be. The word alone cannot say what its writer meant, so
 * every reading that fits is given and none is guessed away; the exact hex stays with the word.
 *
 * - A number, when its high 16 bytes are zero (a hash is that small once in 2^128).
 * - An address, when its high 12 bytes are zero (Solidity's layout of an `address`, left-padded):
 *   its low 20 bytes, and, when those are a long-zero address, the entity id they spell (`0.0.N`).
 *   A number is also address-shaped (an account's long-zero address is its number), so both
 *   readings are given, except up to 1,000: those are the network's system entities (0.0.2 the
 *   treasury, 0.0.800 the staking reward account…), and a count or flag that small is far likelier
 *   than one of them, so a counter's 5 is not also offered as a link to 0.0.5. The all-zero word
 *   is the same: address(0) is nobody, and `0.0.0` no entity.
 *
 * A key is mostly a slot position (a small number, or a hash for a mapping's entry): a key with a
 * number reading is read as that slot only. A larger key that is still address-shaped (high 12
 * bytes zero, above 2^128) is offered as an address: a HIP-1195 hook may write any key, an
 * address among them.
 * Hashes (a mapping's slots) and packed fields get no reading: only the hex is sure.
 */
import { groupDigits } from './format.ts';
import { longZeroId } from './ledger-format.ts';

export type WordReading =
  | { kind: 'number'; value: bigint; text: string }
  /** `address`: the low 20 bytes, lower case; `id`: the entity they spell when long-zero, else null. */
  | { kind: 'address'; address: string; id: string | null };

const WORD = /^0x([0-9a-fA-F]{64})$/;
const NUMBER_BELOW = 1n << 128n;
const ADDRESS_BELOW = 1n << 160n;
/** The highest system entity number; user entities start above it. */
const LAST_SYSTEM_ENTITY = 1000n;

/**
 * What `word` reads as, number first then address; empty when it is no plain number or address,
 * null when it is no word at all. `slot`: the word is a storage key.
 */
export function readWord(word: string | null | undefined, { slot = false }: { slot?: boolean } = {}): WordReading[] | null {
  const hex = WORD.exec(word ?? '')?.[1];
  if (hex === undefined) return null;
  const value = BigInt(`0x${hex}`);
  const readings: WordReading[] = [];
  if (value < NUMBER_BELOW) readings.push({ kind: 'number', value, text: groupDigits(value.toString()) });
  const alsoNumber = readings.length > 0;
  if (value < ADDRESS_BELOW && !(alsoNumber && (slot || value <= LAST_SYSTEM_ENTITY))) {
    const address = `0x${hex.slice(24).toLowerCase()}`;
    readings.push({ kind: 'address', address, id: longZeroId(address) });
  }
  return readings;
}
