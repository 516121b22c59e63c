import { sqlInt } from '../format/entity-id.ts';
import type { SqlParam, SqlStatement } from '../query/sql-statement.ts';
import { SQL_OPERATOR, type Filter } from '../http/filter-operator.ts';
import { boundParts, type Bound, type BoundFilter } from '../query/paging-bounds.ts';
import type { SortOrder } from '../query/query-filters.ts';
import { addFilterConditions } from '../query/sql-comparisons.ts';

type Param = SqlParam;
const bind = (value: bigint | null): Param => (value === null ? null : sqlInt(value));

/** Active (amount > 0) hbar allowances an owner granted, by spender, through the primary key. */
export function cryptoAllowancesSql(owner: bigint, spenders: Array<Filter<bigint | null>>, order: SortOrder, limit: number): SqlStatement {
  const where = ['owner = ?'];
  const params: Param[] = [sqlInt(owner)];
  addFilterConditions(where, params, 'spender', spenders, bind);
  where.push('amount > 0');
  params.push(limit);
  return {
    sql: `SELECT owner, spender, amount, amount_granted, timestamp_range_lower, timestamp_range_upper FROM crypto_allowance
WHERE ${where.join(' AND ')}
ORDER BY spender ${order === 'desc' ? 'DESC' : 'ASC'}
LIMIT ?`,
    params,
  };
}

const TOKEN_ALLOWANCE_COLUMNS = 'owner, spender, token_id, amount, amount_granted, timestamp_range_lower, timestamp_range_upper';

/**
 * The active (amount > 0) token allowances an owner granted, in (spender, token) order. Each part
 * of the two-column range is one walk of the primary key in that order; parts are merged and cut
 * to the page.
 */
export function tokenAllowancesSql(owner: bigint, bounds: { primary: Bound; secondary: Bound }, order: SortOrder, limit: number): SqlStatement {
  const direction = order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = `ORDER BY spender ${direction}, token_id ${direction}`;
  const column = (f: BoundFilter): string => (f.key === 'token.id' ? 'token_id' : 'spender');
  const params: Param[] = [];
  const part = (filters: BoundFilter[]): string => {
    const where = ['owner = ?'];
    params.push(sqlInt(owner));
    for (const f of filters) {
      where.push(`${column(f)} ${SQL_OPERATOR[f.operator]} ?`);
      params.push(sqlInt(f.value));
    }
    where.push('amount > 0');
    params.push(limit);
    return `SELECT * FROM (SELECT ${TOKEN_ALLOWANCE_COLUMNS}
FROM token_allowance WHERE ${where.join(' AND ')} ${orderBy} LIMIT ?)`;
  };
  const parts = boundParts(bounds.primary, bounds.secondary);
  const selects = (parts.length === 0 ? [[]] : parts).map(part);
  if (selects.length === 1) return { sql: selects[0]!, params };
  params.push(limit);
  return { sql: `${selects.join('\nUNION ALL\n')}\n${orderBy}\nLIMIT ?`, params };
}
