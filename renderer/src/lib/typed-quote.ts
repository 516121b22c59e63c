import { groupDigits } from './format.ts';

/** What a message quotes of a long text: enough to recognise it, not a wall of it. */
const QUOTED_CHARACTERS = 60;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * What the user typed, between quotes, for a message about it. A long paste (a contract's bytecode)
 * is cut to its first characters and its length said, so the message stays a line or two.
 * Counted in characters as the user sees them (grapheme clusters), so that neither an emoji, nor
 * one joined of several (👩‍💻), nor a letter with its accent is cut in half.
 */
export function quoteTyped(text: string): string {
  const characters = Array.from(graphemes.segment(text), (part) => part.segment);
  if (characters.length <= QUOTED_CHARACTERS) return `“${text}”`;
  return `“${characters.slice(0, QUOTED_CHARACTERS).join('')}…” (${groupDigits(String(characters.length))} characters)`;
}
