import { formatEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import { decodeTransactionId } from '../format/transaction-id-proto.ts';

/** A `topic_message` row (int64 columns as bigint). */
export interface TopicMessageRow {
  consensus_timestamp: bigint;
  chunk_num: bigint | null;
  chunk_total: bigint | null;
  initial_transaction_id: Buffer | null;
  message: Buffer;
  payer_account_id: bigint | null;
  running_hash: Buffer;
  running_hash_version: bigint | null;
  sequence_number: bigint;
  topic_id: bigint;
  valid_start_timestamp: bigint | null;
}

export const TOPIC_MESSAGE_COLUMNS = 'consensus_timestamp, chunk_num, chunk_total, initial_transaction_id, message, payer_account_id, '
  + 'running_hash, running_hash_version, sequence_number, topic_id, valid_start_timestamp';

const CURRENT_RUNNING_HASH_VERSION = 3n;

export type MessageEncoding = 'base64' | 'utf-8';

/**
 * The chunk's first transaction: from the stored protobuf TransactionID when there is one,
 * else from the payer and valid start of the chunk (nonce and scheduled then unknown).
 */
function initialTransactionId(row: TopicMessageRow): Record<string, unknown> | null {
  if (row.initial_transaction_id && row.initial_transaction_id.length > 0) {
    const decoded = decodeTransactionId(row.initial_transaction_id);
    if (decoded) {
      return {
        account_id: formatEntityId(decoded.accountId),
        nonce: decoded.nonce,
        scheduled: decoded.scheduled,
        transaction_valid_start: formatTimestamp(decoded.validStartNs),
      };
    }
  }
  if (row.valid_start_timestamp === null || row.payer_account_id === null) return null;
  return {
    account_id: formatEntityId(row.payer_account_id),
    nonce: null,
    scheduled: null,
    transaction_valid_start: formatTimestamp(row.valid_start_timestamp),
  };
}

export function renderTopicMessage(row: TopicMessageRow, encoding: MessageEncoding = 'base64'): Record<string, unknown> {
  return {
    chunk_info: row.chunk_num === null ? null : {
      initial_transaction_id: initialTransactionId(row),
      number: int64(row.chunk_num),
      total: int64(row.chunk_total),
    },
    consensus_timestamp: formatTimestamp(row.consensus_timestamp),
    message: encoding === 'utf-8' ? row.message.toString('utf8') : row.message.toString('base64'),
    payer_account_id: row.payer_account_id === null ? null : formatEntityId(row.payer_account_id),
    running_hash: row.running_hash.toString('base64'),
    // No recorded version means the current one, 3 (topics/{id}/messages/all-params.json).
    running_hash_version: int64(row.running_hash_version ?? CURRENT_RUNNING_HASH_VERSION),
    sequence_number: int64(row.sequence_number),
    topic_id: formatEntityId(row.topic_id),
  };
}
