import { formatEntityId, formatOptionalEntityId, sqlInt } from '../format/entity-id.ts';
import { int64, parseJsonLossless } from '../format/json-out.ts';
import { renderKey } from '../format/key.ts';
import { readFields } from '../format/protobuf-reader.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { javaError } from '../query/java-error.ts';
import { parseJavaEntityNum } from '../query/java-params.ts';
import type { GetOutcome } from '../query/mirror-get.ts';
import { StoreService } from '../query/store-service.ts';

interface TopicRow {
  id: bigint;
  auto_renew_account_id: bigint | null;
  auto_renew_period: bigint | null;
  created_timestamp: bigint | null;
  deleted: bigint | null;
  key: Buffer | null;
  memo: string | null;
  timestamp_range_lower: bigint;
  timestamp_range_upper: bigint | null;
  topic_admin_key: Buffer | null;
  topic_created_timestamp: bigint | null;
  fee_exempt_key_list: Buffer | null;
  fee_schedule_key: Buffer | null;
  submit_key: Buffer | null;
  topic_lower: bigint | null;
  topic_upper: bigint | null;
  fixed_fees: string | null;
  fees_lower: bigint | null;
}

/** The topic entity, its keys (the `topic` row) and its current custom fee schedule. */
const TOPIC_SQL = `SELECT e.id, e.auto_renew_account_id, e.auto_renew_period, e.created_timestamp, e.deleted, e.key, e.memo,
  e.timestamp_range_lower, e.timestamp_range_upper,
  t.admin_key AS topic_admin_key, t.created_timestamp AS topic_created_timestamp, t.fee_exempt_key_list, t.fee_schedule_key,
  t.submit_key, t.timestamp_range_lower AS topic_lower, t.timestamp_range_upper AS topic_upper,
  f.fixed_fees, f.timestamp_range_lower AS fees_lower
FROM entity e
LEFT JOIN topic t ON t.id = e.id
LEFT JOIN custom_fee f ON f.entity_id = e.id
WHERE e.id = ? AND e.type = 'TOPIC'`;

interface StoredFixedFee {
  amount?: bigint | number;
  collector_account_id?: bigint | number | null;
  denominating_token_id?: bigint | number | null;
}

/** `fee_exempt_key_list` holds a serialized KeyList: each field 1 is one Key. */
function renderKeyList(bytes: Buffer | null): unknown[] {
  if (!bytes || bytes.length === 0) return [];
  try {
    return readFields(bytes).filter((f) => f.number === 1 && f.wireType === 2).map((f) => renderKey(f.bytes));
  } catch {
    return [];
  }
}

/**
 * GET /api/v1/topics/{topicId}: topic metadata (memo, keys, auto-renew, deleted flag, the
 * fees each message pays), as the reference's rest-java TopicController answers it, errors
 * included: an id that is no `[shard.][realm.]num` is 400, a topic not held 404 naming it.
 */
export class TopicService extends StoreService {
  /** The query is not read: the Java module binds no parameter here, so any is ignored. */
  get(_raw: ParsedQuery, topicText: string): GetOutcome {
    const { shard, realm } = this.config();
    const topicId = parseJavaEntityNum(topicText, shard, realm);
    if (topicId === null) return javaError(400, "Invalid value for path variable 'id'");
    const row = this.statements.get(TOPIC_SQL).get(sqlInt(topicId)) as TopicRow | undefined;
    if (!row) return javaError(404, `Entity not found: ${formatEntityId(topicId)}`);
    const fees = row.fixed_fees ? (parseJsonLossless(row.fixed_fees) as StoredFixedFee[]) : [];
    const hasTopicRow = row.topic_lower !== null;
    return {
      status: 200,
      body: {
        admin_key: renderKey(hasTopicRow ? row.topic_admin_key : row.key),
        auto_renew_account: formatOptionalEntityId(row.auto_renew_account_id),
        auto_renew_period: int64(row.auto_renew_period),
        created_timestamp: formatTimestamp(row.topic_created_timestamp ?? row.created_timestamp),
        custom_fees: {
          // A topic without a fee schedule row (one from before HIP-991) gets the reference's empty
          // placeholder schedule, in force since 0, not null: its document types this as a timestamp.
          created_timestamp: formatTimestamp(row.fees_lower ?? 0n),
          fixed_fees: fees.map((fee) => ({
            amount: int64(fee.amount ?? 0),
            collector_account_id: fee.collector_account_id == null ? null : formatEntityId(fee.collector_account_id),
            denominating_token_id: fee.denominating_token_id == null ? null : formatEntityId(fee.denominating_token_id),
          })),
        },
        deleted: row.deleted === null ? null : row.deleted !== 0n,
        fee_exempt_key_list: renderKeyList(row.fee_exempt_key_list),
        fee_schedule_key: renderKey(row.fee_schedule_key),
        memo: row.memo ?? '',
        submit_key: renderKey(row.submit_key),
        timestamp: {
          from: formatTimestamp(hasTopicRow ? row.topic_lower : row.timestamp_range_lower),
          to: formatTimestamp(hasTopicRow ? row.topic_upper : row.timestamp_range_upper),
        },
        topic_id: formatEntityId(row.id),
      },
    };
  }
}
