import { sqlInt } from '../format/entity-id.ts';
import type { SqlStatement } from '../query/sql-statement.ts';
import { SQL_OPERATOR } from '../http/filter-operator.ts';
import type { TokensListDriver } from './tokens-list-driver.ts';
import type { TokensListQuery } from './tokens-list-params.ts';
import { addComparisons, addFilterConditions } from '../query/sql-comparisons.ts';


const FROM: Record<TokensListDriver, string> = {
  'token-order': 'token t JOIN entity e ON e.id = t.token_id',
  account: 'token_account ta JOIN token t ON t.token_id = ta.token_id JOIN entity e ON e.id = t.token_id',
  'public-key': 'entity e INDEXED BY entity__public_key JOIN token t ON t.token_id = e.id',
  'name-search': 'token t JOIN entity e ON e.id = t.token_id',
};

/**
 * The token list along the chosen access path (see tokens-list-driver.ts). A name matches
 * anywhere in the token name, ignoring case, like the reference's ILIKE: through the
 * trigram index when few names match, else checked while walking tokens in id order.
 */
export function tokensListSql(query: TokensListQuery, driver: TokensListDriver): SqlStatement {
  const where: string[] = [];
  const params: SqlStatement['params'] = [];
  if (driver === 'account') {
    where.push('ta.account_id = ?', 'ta.associated = 1');
    params.push(sqlInt(query.accountId!));
  }
  const tokenColumn = driver === 'account' ? 'ta.token_id' : 't.token_id';
  addFilterConditions(where, params, tokenColumn, query.tokenIds, sqlInt);
  for (const f of query.publicKeys) {
    const seek = driver === 'public-key' && f.operator === 'eq';
    where.push(`${seek ? '' : '+'}e.public_key ${SQL_OPERATOR[f.operator]} ?`);
    params.push(f.value);
  }
  for (const name of query.names) {
    where.push(driver === 'name-search' ? 't.token_id IN (SELECT rowid FROM token_name_search WHERE name LIKE ?)' : 't.name LIKE ?');
    params.push(`%${name}%`);
  }
  addComparisons(where, params, 't.type', query.types, (v) => v);
  params.push(query.limit);
  return {
    sql: `SELECT t.token_id, t.decimals, t.metadata, t.name, t.symbol, t.type, e.key
FROM ${FROM[driver]}
${where.length > 0 ? `WHERE ${where.join(' AND ')}\n` : ''}ORDER BY ${tokenColumn} ${query.order === 'desc' ? 'DESC' : 'ASC'}
LIMIT ?`,
    params,
  };
}
