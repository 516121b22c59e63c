import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import type { ScheduleRows } from './schedule-rows.ts';
import { upsertSql } from './upsert-sql.ts';

const ENTITY_FIELDS = ['id', 'shard', 'realm', 'num', 'key', 'created_timestamp', 'deleted', 'memo', 'timestamp_range_lower'] as const;
const SCHEDULE_FIELDS = [
  'schedule_id', 'consensus_timestamp', 'creator_account_id', 'executed_timestamp', 'expiration_time', 'payer_account_id',
  'transaction_body', 'wait_for_expiry',
] as const;

/**
 * Stores one schedule's rows (its SCHEDULE entity, the schedule, its signatures so far). The
 * signatures are replaced as a set, since the answer lists them all, so a replayed page changes
 * nothing. Not a transaction itself: callers wrap a page (and its cursor) in one.
 */
export function scheduleUpserter(db: SqliteDatabase): (rows: ScheduleRows) => void {
  const entity = db.prepare(upsertSql('entity', ENTITY_FIELDS, 'id', { type: "'SCHEDULE'" }));
  const schedule = db.prepare(upsertSql('schedule', SCHEDULE_FIELDS, 'schedule_id'));
  const forget = db.prepare('DELETE FROM transaction_signature WHERE entity_id = ?');
  const sign = db.prepare(`INSERT INTO transaction_signature (consensus_timestamp, entity_id, public_key_prefix, signature, type)
    VALUES (@consensus_timestamp, @entity_id, @public_key_prefix, @signature, @type)`);
  return (rows) => {
    entity.run(rows.entity);
    schedule.run(rows.schedule);
    forget.run(rows.entity.id);
    for (const signature of rows.signatures) sign.run(signature);
  };
}
