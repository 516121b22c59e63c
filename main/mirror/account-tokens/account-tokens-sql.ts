import { sqlInt } from '../format/entity-id.ts';
import type { SqlStatement } from '../query/sql-statement.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { SortOrder } from '../query/query-filters.ts';
import { addComparisons } from '../query/sql-comparisons.ts';

/**
 * An account's associated tokens in token order, through the token_account primary key.
 * A relationship without its own freeze or KYC status shows the token's.
 */
export function accountTokensSql(accountId: bigint, tokenIds: Filter<bigint>[], order: SortOrder, limit: number): SqlStatement {
  const where = ['ta.account_id = ?', 'ta.associated = 1'];
  const params: Array<number | bigint> = [sqlInt(accountId)];
  addComparisons(where, params, 'ta.token_id', tokenIds, sqlInt);
  params.push(limit);
  return {
    sql: `SELECT ta.automatic_association, ta.balance, ta.created_timestamp, t.decimals,
  coalesce(ta.freeze_status, t.freeze_status) AS freeze_status, coalesce(ta.kyc_status, t.kyc_status) AS kyc_status, ta.token_id
FROM token_account ta LEFT JOIN token t ON t.token_id = ta.token_id
WHERE ${where.join(' AND ')}
ORDER BY ta.token_id ${order === 'desc' ? 'DESC' : 'ASC'}
LIMIT ?`,
    params,
  };
}

export const ENTITY_EXISTS_SQL = 'SELECT 1 FROM entity WHERE id = ?';
