/**
 * Consensus timestamps are stored as integer nanoseconds since the epoch and rendered as
 * `seconds.nanoseconds` with exactly nine fraction digits (2000 ns renders "0.000002000").
 */
export function formatTimestamp(ns: bigint | number | null | undefined): string | null {
  if (ns === null || ns === undefined) return null;
  const text = BigInt(ns).toString();
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  const seconds = digits.length > 9 ? digits.slice(0, -9) : '0';
  const nanos = digits.slice(-9).padStart(9, '0');
  return `${negative ? '-' : ''}${seconds}.${nanos}`;
}

export const NANOS_PER_SECOND = 1_000_000_000n;
export const NANOS_PER_DAY = 86_400n * NANOS_PER_SECOND;
