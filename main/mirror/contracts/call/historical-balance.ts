import { treasurySnapshotLookup } from '../../balances/snapshot-range.ts';
import { encodeEntityId, sqlInt } from '../../format/entity-id.ts';
import type { StatementCache } from '../../query/statement-cache.ts';

/** 31 days: how far back the reference looks for a balance snapshot, and for an account's row in it. */
const SNAPSHOT_WINDOW_NS = 2_678_400_000_000_000n;

/**
 * The account's newest row at most 31 days before the snapshot (snapshots list an account only
 * when its balance changed), plus every transfer after that row up to the time; with no row,
 * all its transfers up to then. Transfers struck out by errata do not count.
 */
const BALANCE_AT_SQL = `WITH snapshot AS (
  SELECT balance, consensus_timestamp FROM account_balance
  WHERE account_id = :account AND consensus_timestamp > :snapshot - ${SNAPSHOT_WINDOW_NS} AND consensus_timestamp <= :snapshot
  ORDER BY consensus_timestamp DESC LIMIT 1
)
SELECT coalesce((SELECT balance FROM snapshot), 0) + coalesce((SELECT sum(amount) FROM crypto_transfer
  WHERE entity_id = :account AND consensus_timestamp > coalesce((SELECT consensus_timestamp FROM snapshot), 0)
  AND consensus_timestamp <= :at AND (errata IS NULL OR errata <> 'DELETE')), 0) AS balance`;

/**
 * An account's HBAR balance (tinybars) at a past consensus timestamp, as the reference's web3
 * module computes it for a historical call (AccountBalanceRepository.
 * findHistoricalAccountBalanceUpToTimestamp): the newest treasury balance snapshot at most 31
 * days before the time marks the snapshot (found as the balances endpoints find it), the
 * account's balance there, and the HBAR transfers since.
 */
export function balanceAt(statements: StatementCache, accountId: bigint, at: bigint, shard: number, realm: number): bigint {
  const treasury = encodeEntityId(shard, realm, 2)!;
  // No snapshot in the window: the account's transfers from the start are its balance.
  const snapshot = treasurySnapshotLookup(statements, treasury)(at - SNAPSHOT_WINDOW_NS + 1n, at, []) ?? -1n;
  const row = statements.get(BALANCE_AT_SQL).get({ account: sqlInt(accountId), snapshot: sqlInt(snapshot), at: sqlInt(at) }) as { balance: bigint };
  // A snapshot and transfers that disagree (partial data) can sum below zero, which no account
  // holds and the EVM's account state refuses: none is what such an account has.
  return row.balance < 0n ? 0n : row.balance;
}
