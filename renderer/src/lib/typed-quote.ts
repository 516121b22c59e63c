import { groupDigits } from './format.ts';

/** What a message quotes of a long text: enough to recognise it, not a wall of it. */
const QUOTED_CHARACTERS = 60;

/**
 * What the user typed, between quotes, for a message about it. A long paste (a contract's bytecode)
 * is cut to its first characters and its length said, so the message stays a line or two.
 * Counted in code points, so that an emoji is not cut in half.
 */
export function quoteTyped(text: string): string {
  const characters = Array.from(text);
  if (characters.length <= QUOTED_CHARACTERS) return `“${text}”`;
  return `“${characters.slice(0, QUOTED_CHARACTERS).join('')}…” (${groupDigits(String(characters.length))} characters)`;
}
