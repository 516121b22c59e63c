import { sqlInt } from '../format/entity-id.ts';
import { addComparisons } from '../query/sql-comparisons.ts';
import { TOPIC_MESSAGE_COLUMNS } from './render-topic-message.ts';
import type { TopicMessagesQuery } from './topic-messages-params.ts';

/**
 * One page of a topic's messages in consensus order, walked along the (topic_id,
 * consensus_timestamp) index. Within a topic sequence numbers grow with the timestamp, so
 * each sequence bound also becomes a timestamp bound (found by one seek on the sequence
 * index): the walk starts and stops where the sequence range does, never scanning past it.
 */
export function topicMessagesSql(topicId: bigint, query: TopicMessagesQuery): { sql: string; params: Array<number | bigint> } {
  const where = ['topic_id = ?'];
  const params: Array<number | bigint> = [sqlInt(topicId)];
  addComparisons(where, params, '+sequence_number', query.sequenceFilters, sqlInt);
  for (const f of query.sequenceFilters) {
    const seq = sqlInt(f.value);
    if (f.operator === 'gt' || f.operator === 'gte' || f.operator === 'eq') {
      where.push(`consensus_timestamp >= (SELECT consensus_timestamp FROM topic_message INDEXED BY topic_message__topic_sequence
    WHERE topic_id = ? AND sequence_number ${f.operator === 'gt' ? '>' : '>='} ? ORDER BY sequence_number LIMIT 1)`);
      params.push(sqlInt(topicId), seq);
    }
    if (f.operator === 'lt' || f.operator === 'lte' || f.operator === 'eq') {
      where.push(`consensus_timestamp <= (SELECT consensus_timestamp FROM topic_message INDEXED BY topic_message__topic_sequence
    WHERE topic_id = ? AND sequence_number ${f.operator === 'lt' ? '<' : '<='} ? ORDER BY sequence_number DESC LIMIT 1)`);
      params.push(sqlInt(topicId), seq);
    }
  }
  addComparisons(where, params, 'consensus_timestamp', query.timestampFilters, sqlInt);
  params.push(query.limit);
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  return {
    sql: `SELECT ${TOPIC_MESSAGE_COLUMNS} FROM topic_message INDEXED BY topic_message__topic_timestamp
WHERE ${where.join(' AND ')}
ORDER BY consensus_timestamp ${direction} LIMIT ?`,
    params,
  };
}

export const MESSAGE_BY_SEQUENCE_SQL = `SELECT ${TOPIC_MESSAGE_COLUMNS} FROM topic_message WHERE topic_id = ? AND sequence_number = ? LIMIT 1`;
export const MESSAGE_BY_TIMESTAMP_SQL = `SELECT ${TOPIC_MESSAGE_COLUMNS} FROM topic_message WHERE consensus_timestamp = ?`;
