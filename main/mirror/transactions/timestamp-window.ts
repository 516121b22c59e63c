import { NANOS_PER_DAY } from '../format/timestamp.ts';
import type { SortOrder } from '../query/query-filters.ts';
import { MAX_LONG } from '../query/param-values.ts';
import type { TimestampBounds } from '../query/timestamp-range.ts';

/** The reference's default `query.maxTransactionsTimestampRange`. */
export const MAX_TRANSACTIONS_RANGE_NS = 60n * NANOS_PER_DAY;

/**
 * The reference's bindTimestampRange: an open or wider-than-60-days range is cut to the
 * 60 days at the paging end (from the first transaction, or back from now), and the other
 * side becomes the next page's anchor. Returns the range unchanged when it fits.
 */
export function bindTimestampWindow(
  bounds: TimestampBounds,
  order: SortOrder,
  firstTimestamp: () => bigint | null,
  now: bigint,
  maxRange: bigint = MAX_TRANSACTIONS_RANGE_NS,
): { bounds: TimestampBounds; next: bigint | null } {
  const begin = bounds.lower > 0n ? bounds.lower : firstTimestamp();
  const end = bounds.upper < MAX_LONG ? bounds.upper : now;
  if (begin === null || end - begin + 1n <= maxRange) return { bounds, next: null };
  if (order === 'desc') {
    const lower = end - maxRange + 1n;
    return { bounds: { ...bounds, lower, upper: end }, next: lower };
  }
  const upper = begin + maxRange - 1n;
  return { bounds: { ...bounds, lower: begin, upper }, next: upper };
}
