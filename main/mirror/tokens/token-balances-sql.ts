import { sqlInt } from '../format/entity-id.ts';
import { addComparisons } from '../query/sql-comparisons.ts';
import type { SqlStatement } from '../query/sql-statement.ts';
import type { TokenBalancesQuery } from './token-balances-params.ts';


function accountConditions(query: TokenBalancesQuery, column: string, where: string[], params: SqlStatement['params']): void {
  addComparisons(where, params, column, query.accountIds, (v) => (v === null ? null : sqlInt(v)));
}

/**
 * With a public key filter the few accounts holding that key drive the query (through
 * entity__public_key) instead of every holder of the token being checked.
 */
function publicKeyJoin(query: TokenBalancesQuery, params: SqlStatement['params']): string {
  if (query.publicKey === null) return '';
  params.push(query.publicKey);
  return "(SELECT id FROM entity INDEXED BY entity__public_key WHERE public_key = ? AND type = 'ACCOUNT') e";
}

/** Current holders of a token, in account order, through the token_account__token index. */
export function currentTokenBalancesSql(tokenId: bigint, query: TokenBalancesQuery): SqlStatement {
  const params: SqlStatement['params'] = [];
  const join = publicKeyJoin(query, params);
  const where = ['ta.token_id = ?', 'ta.associated = 1'];
  params.push(sqlInt(tokenId));
  accountConditions(query, 'ta.account_id', where, params);
  addComparisons(where, params, 'ta.balance', query.balanceFilters, sqlInt);
  params.push(query.limit);
  return {
    sql: `SELECT ta.account_id, ta.balance, ta.balance_timestamp AS consensus_timestamp
FROM ${join ? `${join} JOIN token_account ta ON ta.account_id = e.id` : 'token_account ta INDEXED BY token_account__token'}
WHERE ${where.join(' AND ')}
ORDER BY ta.account_id ${query.order === 'desc' ? 'DESC' : 'ASC'}
LIMIT ?`,
    params,
  };
}

/**
 * Holders as of a snapshot: per account the newest token balance in [lower, upper], walked
 * in account order through token_balance__token_timestamp. The balance filter applies to
 * that newest balance (HAVING sees the row holding the max), as the reference filters
 * after picking.
 */
export function snapshotTokenBalancesSql(tokenId: bigint, query: TokenBalancesQuery, lower: bigint, upper: bigint): SqlStatement {
  const params: SqlStatement['params'] = [];
  const join = publicKeyJoin(query, params);
  const where = ['tb.token_id = ?', 'tb.consensus_timestamp >= ?', 'tb.consensus_timestamp <= ?'];
  params.push(sqlInt(tokenId), sqlInt(lower), sqlInt(upper));
  accountConditions(query, 'tb.account_id', where, params);
  const having: string[] = [];
  addComparisons(having, params, 'tb.balance', query.balanceFilters, sqlInt);
  params.push(query.limit);
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  return {
    sql: `SELECT tb.account_id, tb.balance, max(tb.consensus_timestamp) AS latest
FROM ${join ? `${join} JOIN token_balance tb ON tb.account_id = e.id` : 'token_balance tb INDEXED BY token_balance__token_timestamp'}
WHERE ${where.join(' AND ')}
GROUP BY tb.account_id
${having.length > 0 ? `HAVING ${having.join(' AND ')}\n` : ''}ORDER BY tb.account_id ${direction}
LIMIT ?`,
    params,
  };
}
