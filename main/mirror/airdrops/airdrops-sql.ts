import { sqlInt } from '../format/entity-id.ts';
import type { JavaBound } from '../query/java-bound.ts';
import { javaBoundsCondition, javaSeekRange } from '../query/java-bound-sql.ts';
import type { SortOrder } from '../query/query-filters.ts';
import type { SqlParam, SqlStatement } from '../query/sql-statement.ts';

/** Which side of the airdrops the account is on: the sender (outstanding) or the receiver (pending). */
export type AirdropSide = 'outstanding' | 'pending';

/** The account column and the other party's column of each side. */
export const AIRDROP_COLUMNS: Record<AirdropSide, { account: string; party: string }> = {
  outstanding: { account: 'sender_account_id', party: 'receiver_account_id' },
  pending: { account: 'receiver_account_id', party: 'sender_account_id' },
};

/**
 * An account's pending airdrops in (other party, token, serial) order, through the primary key
 * (outstanding) or token_airdrop__receiver (pending), whose columns follow that order; `bounds`
 * (primary column first) narrow them as the reference's Java module does (javaBoundsCondition).
 */
export function airdropsSql(side: AirdropSide, account: bigint, bounds: readonly JavaBound[], order: SortOrder, limit: number): SqlStatement {
  const { account: accountColumn, party } = AIRDROP_COLUMNS[side];
  // The seek range first: the condition changes the bounds it reads.
  const seek = javaSeekRange(bounds[0]);
  const condition = javaBoundsCondition(bounds);
  const direction = order === 'desc' ? 'DESC' : 'ASC';
  const where = [`${accountColumn} = ?`, ...[seek, condition].flatMap((c) => (c ? [c.sql] : [])), "state = 'PENDING'"];
  const params: SqlParam[] = [sqlInt(account), ...(seek?.params ?? []), ...(condition?.params ?? []), limit];
  return {
    sql: `SELECT sender_account_id, receiver_account_id, token_id, serial_number, amount, timestamp_range_lower, timestamp_range_upper
FROM token_airdrop
WHERE ${where.join(' AND ')}
ORDER BY ${party} ${direction}, token_id ${direction}, serial_number ${direction}
LIMIT ?`,
    params,
  };
}
