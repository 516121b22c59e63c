import type { RowInsert } from './setup-tables.ts';
import { pgByteaText } from './setup-tables-tokens.ts';
import { orDefault, toBytes, toEntityId, toInt, type SpecValue } from './setup-values.ts';

type SpecRow = Record<string, SpecValue>;
type TableLoader = (row: SpecRow) => RowInsert[];

/**
 * `topicmessages` (integrationDomainOps.addTopicMessage): message and running hash are
 * text the reference passes to bytea columns; the initial transaction id is protobuf bytes.
 */
const topicMessages: TableLoader = (spec) => [{
  table: 'topic_message',
  values: {
    consensus_timestamp: toInt(orDefault(spec, 'consensus_timestamp', null)),
    chunk_num: toInt(orDefault(spec, 'chunk_num', null)),
    chunk_total: toInt(orDefault(spec, 'chunk_total', null)),
    initial_transaction_id: toBytes(orDefault(spec, 'initial_transaction_id', null)),
    message: pgByteaText(orDefault(spec, 'message', 'message')),
    payer_account_id: toEntityId(orDefault(spec, 'payer_account_id', 3)),
    running_hash: pgByteaText(orDefault(spec, 'running_hash', 'running_hash')),
    running_hash_version: toInt(orDefault(spec, 'running_hash_version', 2)),
    sequence_number: toInt(orDefault(spec, 'sequence_number', null)),
    topic_id: toEntityId(orDefault(spec, 'topic_id', null)),
    valid_start_timestamp: toInt(orDefault(spec, 'valid_start_timestamp', null)),
  },
}];

/** `schedules` (integrationDomainOps.addSchedule). */
const schedules: TableLoader = (spec) => [{
  table: 'schedule',
  values: {
    schedule_id: toEntityId(orDefault(spec, 'schedule_id', null)),
    consensus_timestamp: toInt(orDefault(spec, 'consensus_timestamp', null)),
    creator_account_id: toEntityId(orDefault(spec, 'creator_account_id', '0.0.1024')),
    executed_timestamp: toInt(orDefault(spec, 'executed_timestamp', null)),
    expiration_time: toInt(orDefault(spec, 'expiration_time', null)),
    payer_account_id: toEntityId(orDefault(spec, 'payer_account_id', '0.0.1024')),
    transaction_body: spec.transaction_body === undefined ? Buffer.from([1, 1, 2, 2, 3, 3]) : toBytes(spec.transaction_body),
    wait_for_expiry: spec.wait_for_expiry === true ? 1n : 0n,
  },
}];

/** Setup keys of the topics and schedules groups. */
export const TOPIC_SETUP_TABLES: Record<string, TableLoader> = {
  topicmessages: topicMessages,
  schedules,
};
