import { groupDigits } from './format.ts';
import { typedText } from './invisible-characters.ts';
import { quoteTyped } from './typed-quote.ts';
import { MAX_LONG, readWholeNumber, type WholeNumberReading } from './whole-number.ts';

/** An optional `#` before the number, as explorers mark blocks. */
const BLOCK_MARK = /^#\s*/;

/**
 * A block number as typed in the search box or the Blocks screen's field: a whole number (grouped
 * as the app shows block numbers, `16,332`, or not), after an optional `#`. The mirror takes block
 * numbers as signed 64-bit integers.
 */
export function readBlockNumber(input: string): WholeNumberReading {
  return readWholeNumber(typedText(input).replace(BLOCK_MARK, ''), MAX_LONG);
}

/** What to say of `input` when it is too large for a block number. */
function tooLargeMessage(input: string): string {
  return `${quoteTyped(typedText(input))} is larger than any block number: the largest a block can have is ${groupDigits(MAX_LONG.toString())}.`;
}

/** Why `input`, read as a block number, is too large: null when it is not. */
export function blockNumberTooLarge(input: string): string | null {
  return readBlockNumber(input).kind === 'too-large' ? tooLargeMessage(input) : null;
}

/** The Blocks screen's field: the number to open, or what to say of the text. */
export function blockNumberOf(input: string): { ok: true; number: bigint } | { ok: false; message: string } {
  const reading = readBlockNumber(input);
  if (reading.kind === 'number') return { ok: true, number: reading.number };
  return {
    ok: false,
    message: reading.kind === 'too-large'
      ? tooLargeMessage(input)
      : `${quoteTyped(typedText(input))} is not a block number: block numbers are whole numbers, like 0, 1234 or 16,332.`,
  };
}
