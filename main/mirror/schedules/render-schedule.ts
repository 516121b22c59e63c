import { formatEntityId } from '../format/entity-id.ts';
import { renderKey } from '../format/key.ts';
import { formatTimestamp } from '../format/timestamp.ts';

/** A schedule joined with its entity (admin key, memo, deleted flag). */
export interface ScheduleRow {
  schedule_id: bigint;
  consensus_timestamp: bigint;
  creator_account_id: bigint;
  executed_timestamp: bigint | null;
  expiration_time: bigint | null;
  payer_account_id: bigint;
  transaction_body: Buffer;
  wait_for_expiry: bigint;
  key: Buffer | null;
  deleted: bigint | null;
  memo: string | null;
}

export interface SignatureRow {
  consensus_timestamp: bigint;
  public_key_prefix: Buffer;
  signature: Buffer;
  type: bigint | null;
}

/** SignaturePair's oneof field numbers, which the importer stores as the signature type. */
export const SIGNATURE_TYPES: Readonly<Record<number, string>> = {
  2: 'CONTRACT', 3: 'ED25519', 4: 'RSA_3072', 5: 'ECDSA_384', 6: 'ECDSA_SECP256K1',
};

export function renderSchedule(row: ScheduleRow, signatures: SignatureRow[]): Record<string, unknown> {
  return {
    admin_key: renderKey(row.key),
    consensus_timestamp: formatTimestamp(row.consensus_timestamp),
    creator_account_id: formatEntityId(row.creator_account_id),
    deleted: row.deleted === 1n,
    expiration_time: formatTimestamp(row.expiration_time),
    executed_timestamp: formatTimestamp(row.executed_timestamp),
    memo: row.memo,
    payer_account_id: formatEntityId(row.payer_account_id),
    schedule_id: formatEntityId(row.schedule_id),
    signatures: signatures.map((s) => ({
      consensus_timestamp: formatTimestamp(s.consensus_timestamp),
      public_key_prefix: s.public_key_prefix.toString('base64'),
      signature: s.signature.toString('base64'),
      type: SIGNATURE_TYPES[Number(s.type)] ?? 'UNKNOWN',
    })),
    transaction_body: row.transaction_body.toString('base64'),
    wait_for_expiry: row.wait_for_expiry === 1n,
  };
}
