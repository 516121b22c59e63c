import { sqlInt } from '../format/entity-id.ts';
import type { SortOrder } from '../query/query-filters.ts';
import type { SqlParam, SqlStatement } from '../query/sql-statement.ts';
import { tupleBoundsSql, type TupleColumn } from '../query/tuple-bounds.ts';

/** Which side of the airdrops the account is on: the sender (outstanding) or the receiver (pending). */
export type AirdropSide = 'outstanding' | 'pending';

/** The account column and the other party's column of each side. */
export const AIRDROP_COLUMNS: Record<AirdropSide, { account: string; party: string }> = {
  outstanding: { account: 'sender_account_id', party: 'receiver_account_id' },
  pending: { account: 'receiver_account_id', party: 'sender_account_id' },
};

/**
 * An account's pending airdrops in (other party, token, serial) order: one walk of the primary
 * key (outstanding) or of token_airdrop__receiver (pending), whose columns follow that order.
 */
export function airdropsSql(side: AirdropSide, account: bigint, columns: readonly TupleColumn[], order: SortOrder, limit: number): SqlStatement {
  const { account: accountColumn } = AIRDROP_COLUMNS[side];
  const bounds = tupleBoundsSql(columns);
  const direction = order === 'desc' ? 'DESC' : 'ASC';
  const params: SqlParam[] = [sqlInt(account), ...bounds.params, limit];
  return {
    sql: `SELECT sender_account_id, receiver_account_id, token_id, serial_number, amount, timestamp_range_lower, timestamp_range_upper
FROM token_airdrop
WHERE ${[`${accountColumn} = ?`, ...bounds.where, "state = 'PENDING'"].join(' AND ')}
ORDER BY ${columns.map(({ column }) => `${column} ${direction}`).join(', ')}
LIMIT ?`,
    params,
  };
}
