import { formatEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';

export interface AirdropRow {
  sender_account_id: bigint;
  receiver_account_id: bigint;
  token_id: bigint;
  serial_number: bigint;
  amount: bigint | null;
  timestamp_range_lower: bigint;
  timestamp_range_upper: bigint | null;
}

/** One pending airdrop, in the reference's field order: a fungible one has no serial number, an NFT no amount. */
export function renderAirdrop(row: AirdropRow): Record<string, unknown> {
  return {
    amount: row.amount === null ? null : int64(row.amount),
    receiver_id: formatEntityId(row.receiver_account_id),
    sender_id: formatEntityId(row.sender_account_id),
    serial_number: row.serial_number === 0n ? null : int64(row.serial_number),
    timestamp: { from: formatTimestamp(row.timestamp_range_lower), to: formatTimestamp(row.timestamp_range_upper) },
    token_id: formatEntityId(row.token_id),
  };
}
