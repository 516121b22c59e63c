import type { SqliteDatabase } from '../store/ledger-store.ts';
import { prepareVersionCopy } from './entity-versions.ts';
import { RESULT, TX } from './transaction-log.ts';

/** The deletions the demo writes: an account's, a topic's, a schedule's. */
const DELETIONS = [TX.CRYPTO_DELETE, TX.TOPIC_DELETE, TX.SCHEDULE_DELETE];

/**
 * Gives each entity deleted by a successful deletion transaction the versions the reference's
 * importer keeps: the entity as it was until then, not deleted, in entity_history up to the
 * deletion's timestamp, and its current, deleted row from that timestamp on. Without the earlier
 * version a deleted entity was deleted since its creation, so a lookup as of any moment before
 * its deletion (`/accounts/{id}?timestamp=`, contracts/call at a past block) found it absent.
 *
 * Run once the balances are settled (reconcile-balances.ts): an account's version before its
 * deletion holds what it had before that transaction, and its current row the balance it ended
 * with, as of its last change. Returns the rows added.
 */
export function recordDeletions(db: SqliteDatabase): number {
  const deletions = db.prepare(`SELECT entity_id AS id, consensus_timestamp AS at FROM "transaction"
    WHERE type IN (${DELETIONS.join(', ')}) AND result = ? AND entity_id IS NOT NULL`).safeIntegers(true)
    .all(RESULT.SUCCESS) as Array<{ id: bigint; at: bigint }>;
  const transfersAt = 'SELECT sum(amount) FROM crypto_transfer WHERE entity_id = :id AND consensus_timestamp = :at';
  const lastChangeBefore = 'SELECT max(consensus_timestamp) FROM crypto_transfer WHERE entity_id = :id AND consensus_timestamp < :at';
  // Only a version still taken for deleted since before the deletion: a second run, or a row that began later, is left as it is.
  const copy = prepareVersionCopy(db, 'entity', {
    balance: `CASE WHEN balance IS NULL THEN NULL ELSE balance - coalesce((${transfersAt}), 0) END`,
    balance_timestamp: `CASE WHEN balance IS NULL THEN balance_timestamp ELSE coalesce((${lastChangeBefore}), created_timestamp) END`,
    deleted: '0',
    timestamp_range_upper: ':at',
  }, 'id = :id AND deleted = 1 AND timestamp_range_lower < :at');
  const startDeleted = db.prepare(`UPDATE entity SET timestamp_range_lower = :at,
      balance_timestamp = CASE WHEN balance IS NULL THEN balance_timestamp ELSE coalesce((SELECT max(consensus_timestamp) FROM crypto_transfer WHERE entity_id = :id), balance_timestamp) END
    WHERE id = :id`);
  let rows = 0;
  db.transaction(() => {
    for (const deletion of deletions) {
      if (copy.run(deletion).changes === 0) continue;
      startDeleted.run(deletion);
      rows += 1;
    }
  })();
  return rows;
}
