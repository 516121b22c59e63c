import { sqlInt } from '../format/entity-id.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { StatementCache } from '../query/statement-cache.ts';
import { firstDayOfMonth, nowNanos, timestampBounds } from '../query/timestamp-range.ts';
import { treasurySnapshotSql } from './balances-sql.ts';

/** How far back from a snapshot balances are looked for, as the reference's monthly partitions allow. */
const SNAPSHOT_MONTHS_BACK = -6;

/** Finds the newest treasury snapshot in [lower, upper] not at an excluded time. */
export type TreasurySnapshotLookup = (lower: bigint, upper: bigint, excluded: bigint[]) => bigint | null;

/** The lookup over the account_balance table, for the treasury account `treasury`. */
export function treasurySnapshotLookup(statements: StatementCache, treasury: bigint): TreasurySnapshotLookup {
  return (lower, upper, excluded) => {
    const row = statements.get(treasurySnapshotSql(excluded.length))
      .get(sqlInt(treasury), sqlInt(lower), sqlInt(upper), ...excluded.map(sqlInt)) as { consensus_timestamp: bigint } | undefined;
    return row?.consensus_timestamp ?? null;
  };
}

/**
 * The balance snapshot a `timestamp` filter selects (balances.getAccountBalanceTimestampRange
 * in the reference): the newest snapshot of the treasury account within the filter's range,
 * looking back at most six months before the range's end (or now, if that is earlier).
 * Balances then count from six months before that snapshot up to it. Null: no snapshot.
 * `monthsBack` narrows both windows (GET /accounts/{id} looks back one month, as its
 * reference cases require).
 */
export function findSnapshotRange(
  filters: Filter<bigint>[],
  lookup: TreasurySnapshotLookup,
  monthsBack = SNAPSHOT_MONTHS_BACK,
): { lower: bigint; upper: bigint } | null {
  const bounds = timestampBounds(filters);
  if (!bounds) return null;
  const now = nowNanos();
  const effectiveUpper = bounds.upper < now ? bounds.upper : now;
  const optimalLower = firstDayOfMonth(effectiveUpper, monthsBack);
  const lower = bounds.lower > optimalLower ? bounds.lower : optimalLower;
  const snapshot = lookup(lower, bounds.upper, bounds.excluded);
  return snapshot === null ? null : { lower: firstDayOfMonth(snapshot, monthsBack), upper: snapshot };
}
