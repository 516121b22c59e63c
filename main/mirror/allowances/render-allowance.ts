import { formatEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';

export interface AllowanceRow {
  owner: bigint;
  spender: bigint;
  token_id?: bigint;
  amount: bigint;
  amount_granted: bigint;
  timestamp_range_lower: bigint;
  timestamp_range_upper: bigint | null;
}

/** One allowance: `amount` is what remains of `amount_granted`. */
export function renderAllowance(row: AllowanceRow): Record<string, unknown> {
  return {
    amount: int64(row.amount),
    amount_granted: int64(row.amount_granted),
    owner: formatEntityId(row.owner),
    spender: formatEntityId(row.spender),
    timestamp: { from: formatTimestamp(row.timestamp_range_lower), to: formatTimestamp(row.timestamp_range_upper) },
    ...(row.token_id === undefined ? {} : { token_id: formatEntityId(row.token_id) }),
  };
}

export interface NftAllowanceRow {
  owner: bigint;
  spender: bigint;
  token_id: bigint;
  approved_for_all: bigint;
  timestamp_range_lower: bigint;
  timestamp_range_upper: bigint | null;
}

/** One approval for all of an NFT collection, in the reference's field order. */
export function renderNftAllowance(row: NftAllowanceRow): Record<string, unknown> {
  return {
    approved_for_all: row.approved_for_all === 1n,
    owner: formatEntityId(row.owner),
    spender: formatEntityId(row.spender),
    timestamp: { from: formatTimestamp(row.timestamp_range_lower), to: formatTimestamp(row.timestamp_range_upper) },
    token_id: formatEntityId(row.token_id),
  };
}
