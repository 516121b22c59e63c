import { sqlInt } from '../format/entity-id.ts';
import type { JavaBound } from '../query/java-bound.ts';
import { javaBoundsWhere } from '../query/java-bound-sql.ts';
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
 * (primary column first) narrow them as the reference's Java module does (javaBoundsWhere). Only
 * a bound on the other party seeks: `token.id` or `serialnumber` alone filter the account's
 * airdrops walked in sort order, as on the reference's indexes, which have no token-first one either.
 */
export function airdropsSql(side: AirdropSide, account: bigint, bounds: readonly JavaBound[], order: SortOrder, limit: number): SqlStatement {
  const { account: accountColumn, party } = AIRDROP_COLUMNS[side];
  const condition = javaBoundsWhere(bounds, party);
  const direction = order === 'desc' ? 'DESC' : 'ASC';
  const where = [`${accountColumn} = ?`, ...(condition ? [condition.sql] : []), "state = 'PENDING'"];
  const params: SqlParam[] = [sqlInt(account), ...(condition?.params ?? []), limit];
  return {
    sql: `SELECT sender_account_id, receiver_account_id, token_id, serial_number, amount, timestamp_range_lower, timestamp_range_upper
FROM token_airdrop
WHERE ${where.join(' AND ')}
ORDER BY ${party} ${direction}, token_id ${direction}, serial_number ${direction}
LIMIT ?`,
    params,
  };
}
