import { typedText } from './invisible-characters.ts';

/**
 * The largest signed 64-bit integer (a Java long): the most the mirror takes as a block number, a
 * topic message's sequence number or an amount of tinybars.
 */
export const MAX_LONG = 2n ** 63n - 1n;

export type WholeNumberReading =
  | { kind: 'number'; number: bigint }
  | { kind: 'too-large' }
  | { kind: 'not-a-number' };

/**
 * Digits alone, or grouped by thousands as the app shows numbers (`16,332`) and as other locales
 * write them (a space, a no-break or thin space). One separator throughout, groups of three: `1,2`
 * is no number. Never `.`, which would read `1.234.567` as a number where it is an entity id.
 */
const WHOLE_NUMBER = /^(?:\d+|\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00A0\u2009\u202F]\d{3})+)$/;

/**
 * A whole number as typed or pasted into a field (invisible characters and the spaces around it
 * dropped), when it is one no larger than `max`.
 */
export function readWholeNumber(input: string, max: bigint): WholeNumberReading {
  const text = typedText(input);
  if (!WHOLE_NUMBER.test(text)) return { kind: 'not-a-number' };
  const number = BigInt(text.replace(/\D/g, ''));
  return number > max ? { kind: 'too-large' } : { kind: 'number', number };
}
