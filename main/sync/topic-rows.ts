import { decodeEntityId } from '../mirror/format/entity-id.ts';
import { stringifyJson } from '../mirror/format/json-out.ts';
import { protoEncode } from '../mirror/format/protobuf-writer.ts';
import type { TopicMessageRow } from '../mirror/topics/render-topic-message.ts';
import { base64Of, boolOf, entityIdOf, intOf, keyBytesOf, listOf, present, stringOf, timestampOf, UpstreamFormatError } from './upstream-values.ts';

/** The `entity`, `topic` and `custom_fee` rows of one topic, from `/api/v1/topics/{id}`. */
export interface TopicRows {
  entity: {
    id: bigint; shard: bigint; realm: bigint; num: bigint; key: Buffer | null; auto_renew_account_id: bigint | null;
    auto_renew_period: bigint | null; created_timestamp: bigint | null; deleted: bigint | null; memo: string | null;
    timestamp_range_lower: bigint; timestamp_range_upper: bigint | null;
  };
  topic: {
    id: bigint; admin_key: Buffer | null; created_timestamp: bigint | null; fee_exempt_key_list: Buffer | null;
    fee_schedule_key: Buffer | null; submit_key: Buffer | null; timestamp_range_lower: bigint; timestamp_range_upper: bigint | null;
  };
  /** Null when the topic has never had a fee schedule (an older upstream's `custom_fees.created_timestamp` is null; a current one answers its placeholder, in force since 0). */
  fees: { entity_id: bigint; fixed_fees: string; timestamp_range_lower: bigint } | null;
}

type Json = Record<string, unknown>;

/** Turns a topic back into the rows TopicService renders. */
export function topicRowsOf(info: Json): TopicRows {
  const id = entityIdOf(info.topic_id);
  if (id === null) throw new UpstreamFormatError('topic without a topic_id');
  const { shard, realm, num } = decodeEntityId(id);
  const range = (info.timestamp ?? {}) as { from?: unknown; to?: unknown };
  const created = timestampOf(info.created_timestamp);
  const lower = timestampOf(range.from) ?? created ?? 0n;
  const upper = timestampOf(range.to);
  const adminKey = keyBytesOf(info.admin_key);
  const schedule = (info.custom_fees ?? {}) as { created_timestamp?: unknown; fixed_fees?: unknown };
  const feesFrom = timestampOf(schedule.created_timestamp);
  return {
    entity: {
      id, shard: BigInt(shard), realm: BigInt(realm), num, key: adminKey,
      auto_renew_account_id: entityIdOf(info.auto_renew_account), auto_renew_period: intOf(info.auto_renew_period),
      created_timestamp: created, deleted: boolOf(info.deleted), memo: stringOf(info.memo),
      timestamp_range_lower: lower, timestamp_range_upper: upper,
    },
    topic: {
      id, admin_key: adminKey, created_timestamp: created, fee_exempt_key_list: keyListOf(info.fee_exempt_key_list),
      fee_schedule_key: keyBytesOf(info.fee_schedule_key), submit_key: keyBytesOf(info.submit_key),
      timestamp_range_lower: lower, timestamp_range_upper: upper,
    },
    fees: feesFrom === null ? null : {
      entity_id: id,
      fixed_fees: stringifyJson(listOf(schedule.fixed_fees).map((fee) => ({
        amount: intOf(fee.amount),
        collector_account_id: entityIdOf(fee.collector_account_id),
        denominating_token_id: entityIdOf(fee.denominating_token_id),
      }))),
      timestamp_range_lower: feesFrom,
    },
  };
}

/** Turns one message of `/topics/{id}/messages` back into its `topic_message` row. */
export function topicMessageRowOf(info: Json): TopicMessageRow {
  const topic = entityIdOf(info.topic_id);
  const consensus = timestampOf(info.consensus_timestamp);
  const sequence = intOf(info.sequence_number);
  if (topic === null || consensus === null || sequence === null) throw new UpstreamFormatError('a topic message without its topic, timestamp or sequence number');
  const chunk = info.chunk_info as Json | null | undefined;
  const initial = (chunk?.initial_transaction_id ?? null) as Json | null;
  return {
    consensus_timestamp: consensus,
    chunk_num: chunk ? intOf(chunk.number) : null,
    chunk_total: chunk ? intOf(chunk.total) : null,
    // A reference that did not record the TransactionID renders nonce and scheduled as null: kept that way.
    initial_transaction_id: initial && initial.nonce !== null && initial.nonce !== undefined ? transactionIdBytes(initial) : null,
    message: present(base64Of(info.message), 'a message'),
    payer_account_id: entityIdOf(info.payer_account_id),
    running_hash: present(base64Of(info.running_hash), 'a running hash'),
    running_hash_version: intOf(info.running_hash_version),
    sequence_number: sequence,
    topic_id: topic,
    valid_start_timestamp: initial ? timestampOf(initial.transaction_valid_start) : null,
  };
}

/** A chunk's first TransactionID as HAPI serializes it (what `initial_transaction_id` holds). */
function transactionIdBytes(initial: Json): Buffer {
  const payer = entityIdOf(initial.account_id);
  const validStart = timestampOf(initial.transaction_valid_start);
  if (payer === null || validStart === null) throw new UpstreamFormatError(`not a transaction id: ${JSON.stringify(initial)}`);
  const { shard, realm, num } = decodeEntityId(payer);
  const account: Array<[number, bigint]> = [[1, BigInt(shard)], [2, BigInt(realm)], [3, num]];
  return protoEncode([
    [1, [[1, validStart / 1_000_000_000n], [2, validStart % 1_000_000_000n]]],
    [2, account.filter(([, value]) => value !== 0n)],
    ...(initial.scheduled === true ? [[3, 1] as const] : []),
    ...(typeof initial.nonce === 'number' && initial.nonce !== 0 ? [[4, initial.nonce] as const] : []),
  ]);
}

/** `fee_exempt_key_list` holds a serialized KeyList: each key as field 1. */
function keyListOf(value: unknown): Buffer | null {
  const keys = listOf(value).map((key) => keyBytesOf(key)!);
  return keys.length > 0 ? protoEncode(keys.map((key) => [1, key] as const)) : null;
}
