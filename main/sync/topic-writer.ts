import { parseEntityIdLoose, sqlInt } from '../mirror/format/entity-id.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import { TOPIC_MESSAGE_COLUMNS, type TopicMessageRow } from '../mirror/topics/render-topic-message.ts';
import type { TopicRows } from './topic-rows.ts';
import { insertSql, upsertSql } from './upsert-sql.ts';

const ENTITY_FIELDS = [
  'id', 'shard', 'realm', 'num', 'key', 'auto_renew_account_id', 'auto_renew_period', 'created_timestamp', 'deleted', 'memo',
  'timestamp_range_lower', 'timestamp_range_upper',
] as const;
const TOPIC_FIELDS = [
  'id', 'admin_key', 'created_timestamp', 'fee_exempt_key_list', 'fee_schedule_key', 'submit_key', 'timestamp_range_lower', 'timestamp_range_upper',
] as const;

/**
 * Stores one topic's rows (its TOPIC entity, its keys, its fee schedule) as upserts, so a replayed
 * page changes nothing. Not a transaction itself: callers wrap a page (and its cursor) in one.
 */
export function topicUpserter(db: SqliteDatabase): (rows: TopicRows) => void {
  const entity = db.prepare(upsertSql('entity', ENTITY_FIELDS, 'id', { type: "'TOPIC'" }));
  const topic = db.prepare(insertSql('topic', TOPIC_FIELDS, { replace: true }));
  const fees = db.prepare('INSERT OR REPLACE INTO custom_fee (entity_id, fixed_fees, timestamp_range_lower) VALUES (@entity_id, @fixed_fees, @timestamp_range_lower)');
  const noFees = db.prepare('DELETE FROM custom_fee WHERE entity_id = ?');
  return (rows) => {
    entity.run(rows.entity);
    topic.run(rows.topic);
    if (rows.fees) fees.run(rows.fees);
    else noFees.run(rows.entity.id);
  };
}

/** Whether the store holds a topic (given as `shard.realm.num`). */
export function topicHolder(db: SqliteDatabase): (topic: string) => boolean {
  const held = db.prepare('SELECT 1 FROM topic WHERE id = ?').pluck();
  return (topic) => {
    const id = parseEntityIdLoose(topic);
    return id !== null && held.get(sqlInt(id)) !== undefined;
  };
}

/** Stores topic messages (a message is replaced whole, so a replayed page changes nothing). */
export function topicMessageUpserter(db: SqliteDatabase): (row: TopicMessageRow) => void {
  const insert = db.prepare(insertSql('topic_message', TOPIC_MESSAGE_COLUMNS.split(', '), { replace: true }));
  return (row) => {
    insert.run(row);
  };
}
