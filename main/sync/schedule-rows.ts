import { decodeEntityId } from '../mirror/format/entity-id.ts';
import { SIGNATURE_TYPES } from '../mirror/schedules/render-schedule.ts';
import { base64Of, boolOf, entityIdOf, keyBytesOf, listOf, present, stringOf, timestampOf, UpstreamFormatError } from './upstream-values.ts';

/** The `entity`, `schedule` and `transaction_signature` rows of one schedule, from `/api/v1/schedules/{id}`. */
export interface ScheduleRows {
  entity: {
    id: bigint; shard: bigint; realm: bigint; num: bigint; key: Buffer | null; created_timestamp: bigint;
    deleted: bigint | null; memo: string | null; timestamp_range_lower: bigint;
  };
  schedule: {
    schedule_id: bigint; consensus_timestamp: bigint; creator_account_id: bigint; executed_timestamp: bigint | null;
    expiration_time: bigint | null; payer_account_id: bigint; transaction_body: Buffer; wait_for_expiry: bigint;
  };
  signatures: Array<{ consensus_timestamp: bigint; entity_id: bigint; public_key_prefix: Buffer; signature: Buffer; type: bigint | null }>;
}

type Json = Record<string, unknown>;

/** Signature type names back to the SignaturePair field numbers stored; UNKNOWN is stored as no type. */
const SIGNATURE_TYPE_NUMBERS = new Map(Object.entries(SIGNATURE_TYPES).map(([number, name]) => [name, BigInt(number)]));

/** Turns a schedule back into the rows SchedulesService renders. */
export function scheduleRowsOf(info: Json): ScheduleRows {
  const id = entityIdOf(info.schedule_id);
  const created = timestampOf(info.consensus_timestamp);
  const creator = entityIdOf(info.creator_account_id);
  const payer = entityIdOf(info.payer_account_id);
  if (id === null || created === null || creator === null || payer === null) {
    throw new UpstreamFormatError('a schedule without its id, creation timestamp, creator or payer');
  }
  const { shard, realm, num } = decodeEntityId(id);
  return {
    entity: {
      id, shard: BigInt(shard), realm: BigInt(realm), num, key: keyBytesOf(info.admin_key), created_timestamp: created,
      deleted: boolOf(info.deleted), memo: stringOf(info.memo), timestamp_range_lower: created,
    },
    schedule: {
      schedule_id: id, consensus_timestamp: created, creator_account_id: creator, executed_timestamp: timestampOf(info.executed_timestamp),
      expiration_time: timestampOf(info.expiration_time), payer_account_id: payer,
      transaction_body: present(base64Of(info.transaction_body), 'a transaction body'), wait_for_expiry: boolOf(info.wait_for_expiry) ?? 0n,
    },
    signatures: listOf(info.signatures).map((signature) => {
      const at = timestampOf(signature.consensus_timestamp);
      if (at === null) throw new UpstreamFormatError(`a schedule signature without its timestamp: ${JSON.stringify(signature).slice(0, 80)}`);
      const type = stringOf(signature.type);
      return {
        consensus_timestamp: at, entity_id: id,
        public_key_prefix: present(base64Of(signature.public_key_prefix), 'a public key prefix'), signature: present(base64Of(signature.signature), 'a signature'),
        type: type === null ? null : SIGNATURE_TYPE_NUMBERS.get(type) ?? null,
      };
    }),
  };
}
