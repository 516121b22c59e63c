import { groupDigits } from './format.ts';
import { toBigInt } from './ledger-format.ts';
import type { Int64 } from './ledger-types.ts';

const SCALE = 10_000n;

/**
 * A custom fee's fraction (fractional or royalty, HIP-18) as a percentage, rounded to at most
 * four decimals with trailing zeros dropped: 4/1,000 -> `0.4%`, 1/3 -> `33.3333%`. Not
 * `formatShare`'s fixed two decimals: fee fractions go far below a hundredth of a percent.
 * Null where the answer's numbers are unreadable or the denominator is not positive.
 */
export function fractionPercent(numerator: Int64 | string | null | undefined, denominator: Int64 | string | null | undefined): string | null {
  const n = toBigInt(numerator);
  const d = toBigInt(denominator);
  if (n === null || d === null || d <= 0n || n < 0n) return null;
  const scaled = (n * 100n * SCALE * 2n + d) / (d * 2n);
  if (scaled === 0n && n > 0n) return '<0.0001%';
  const decimals = (scaled % SCALE).toString().padStart(4, '0').replace(/0+$/, '');
  return `${groupDigits((scaled / SCALE).toString())}${decimals ? `.${decimals}` : ''}%`;
}
