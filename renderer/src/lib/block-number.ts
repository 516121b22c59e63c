import { groupDigits } from './format.ts';
import { withoutInvisibles } from './invisible-characters.ts';
import { quoteTyped } from './typed-quote.ts';

/** The largest number a block can have: the mirror takes block numbers as signed 64-bit integers. */
export const MAX_BLOCK_NUMBER = 2n ** 63n - 1n;

export type BlockNumberReading =
  /** `plain`: bare digits, which may as well be an entity's number; grouped or after `#`, a block's only. */
  | { kind: 'block-number'; number: bigint; plain: boolean }
  | { kind: 'too-large' }
  | { kind: 'not-a-number' };

/**
 * Digits alone, or grouped by thousands as the app shows block numbers (`16,332`) and as other
 * locales write them (a space, a no-break or thin space), after an optional `#` as explorers mark
 * blocks. One separator throughout, groups of three: `1,2` is no number. Never `.`, which would
 * read `1.234.567` as a number where it is an entity id.
 */
const BLOCK_NUMBER = /^(#\s*)?(\d+|\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00A0\u2009\u202F]\d{3})+)$/;

/** A block number as typed in the search box or the Blocks screen's field. */
export function readBlockNumber(input: string): BlockNumberReading {
  const text = withoutInvisibles(input).trim();
  const match = BLOCK_NUMBER.exec(text);
  if (!match) return { kind: 'not-a-number' };
  const digits = match[2]!.replace(/\D/g, '');
  const number = BigInt(digits);
  if (number > MAX_BLOCK_NUMBER) return { kind: 'too-large' };
  return { kind: 'block-number', number, plain: match[1] === undefined && digits === match[2] };
}

/** Why `input`, read as a block number, is too large: null when it is not. */
export function blockNumberTooLarge(input: string): string | null {
  if (readBlockNumber(input).kind !== 'too-large') return null;
  return `${quoteTyped(withoutInvisibles(input).trim())} is larger than any block number: the largest a block can have is ${groupDigits(MAX_BLOCK_NUMBER.toString())}.`;
}

/** The Blocks screen's field: the number to open, or what to say of the text. */
export function blockNumberOf(input: string): { ok: true; number: bigint } | { ok: false; message: string } {
  const reading = readBlockNumber(input);
  if (reading.kind === 'block-number') return { ok: true, number: reading.number };
  return {
    ok: false,
    message: blockNumberTooLarge(input)
      ?? `${quoteTyped(withoutInvisibles(input).trim())} is not a block number: block numbers are whole numbers, like 0, 1234 or 16,332.`,
  };
}
