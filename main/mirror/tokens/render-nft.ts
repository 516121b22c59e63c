import { formatEntityId, formatOptionalEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import { renderMetadata } from './render-token.ts';

export interface NftRow {
  account_id: bigint | null;
  created_timestamp: bigint | null;
  delegating_spender: bigint | null;
  deleted: bigint | null;
  metadata: Buffer | null;
  serial_number: bigint;
  spender: bigint | null;
  timestamp_range_lower: bigint;
  token_id: bigint;
}

/** One NFT as the token and account NFT endpoints show it. */
export function renderNft(row: NftRow): Record<string, unknown> {
  return {
    account_id: formatOptionalEntityId(row.account_id),
    created_timestamp: formatTimestamp(row.created_timestamp),
    delegating_spender: formatOptionalEntityId(row.delegating_spender),
    deleted: row.deleted !== null && row.deleted !== 0n,
    metadata: renderMetadata(row.metadata),
    modified_timestamp: formatTimestamp(row.timestamp_range_lower),
    serial_number: int64(row.serial_number),
    spender: formatOptionalEntityId(row.spender),
    token_id: formatEntityId(row.token_id),
  };
}
