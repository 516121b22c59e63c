import { sqlInt } from '../format/entity-id.ts';
import type { SqlStatement } from '../query/sql-statement.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { AccountsDriver } from '../accounts/accounts-sql.ts';
import type { SortOrder } from '../query/query-filters.ts';
import { OPAQUE_PARAM } from '../query/opaque-param.ts';
import { currentTokenBalancesColumn, snapshotTokenBalancesColumn } from '../accounts/token-balances-column.ts';
import { addComparisons } from '../query/sql-comparisons.ts';


/** Account conditions after EVM addresses and aliases were resolved to ids. */
export interface AccountConditions {
  ids: Filter<bigint>[];
  /** Ids an `account.publickey` filter allows (snapshot queries), or null for no such filter. */
  allowedIds: bigint[] | null;
  balances: Filter<bigint>[];
  publicKeys: Filter<string>[];
}

function direction(order: SortOrder): 'ASC' | 'DESC' {
  return order === 'desc' ? 'DESC' : 'ASC';
}

function addIdConditions(where: string[], params: SqlStatement['params'], column: string, ids: Filter<bigint>[]): void {
  const equal = ids.filter((f) => f.operator === 'eq');
  if (equal.length > 0) {
    where.push(`${column} IN (${equal.map(() => '?').join(', ')})`);
    params.push(...equal.map((f) => sqlInt(f.value)));
  }
  addComparisons(where, params, column, ids.filter((f) => f.operator !== 'eq'), sqlInt);
}

/**
 * Current balances come from the entity table itself, along the index the accounts list
 * would choose for the same filters (accounts-driver.ts): the primary key in id order, or
 * the balance or public key index when that filter is selective. Filters the driver does
 * not seek on are written `+column`, so SQLite keeps the chosen path. Each row carries its
 * associated token balances (at most `tokenLimit`) in a `token_balances` column.
 */
export function currentBalancesSql(conditions: AccountConditions, order: SortOrder, limit: number, driver: AccountsDriver, tokenLimit: number): SqlStatement {
  const where = ["type IN ('ACCOUNT', 'CONTRACT')"];
  const params: SqlStatement['params'] = [];
  addIdConditions(where, params, 'id', conditions.ids);
  addComparisons(where, params, `${driver === 'public-key-index' ? '' : '+'}public_key`, conditions.publicKeys, (v) => v);
  addComparisons(where, params, `${driver === 'balance-index' ? '' : '+'}balance`, conditions.balances, sqlInt);
  params.push(limit);
  const index = driver === 'balance-index' ? ' INDEXED BY entity__balance' : driver === 'public-key-index' ? ' INDEXED BY entity__public_key' : '';
  return {
    sql: `SELECT id AS account_id, balance, balance_timestamp AS consensus_timestamp,
  ${currentTokenBalancesColumn('entity.id', direction(order), tokenLimit)}
FROM entity${index}
WHERE ${where.join(' AND ')}
ORDER BY id ${direction(order)}
LIMIT ?`,
    params,
  };
}

/** Associated token balances of one account, at most `limit`, in the page's order. */
export function currentTokenBalancesSql(order: SortOrder): string {
  // Runs once per request (account by id): bound opaquely, so it is planned once.
  return `SELECT token_id, balance FROM token_account
WHERE account_id = ${OPAQUE_PARAM} AND associated = 1
ORDER BY token_id ${direction(order)}
LIMIT ${OPAQUE_PARAM}`;
}

/**
 * Balances as of a snapshot: per account the newest row inside [lower, upper] that passes
 * the filters (the reference filters before picking the newest row, and so do we).
 * SQLite returns the bare `balance` of the row holding max(consensus_timestamp). Each row
 * carries its token balances of the same range (at most `tokenLimit`) in `token_balances`.
 */
export function snapshotBalancesSql(
  conditions: AccountConditions, lower: bigint, upper: bigint, order: SortOrder, limit: number, tokenLimit: number,
): SqlStatement {
  const where = ['consensus_timestamp >= ?', 'consensus_timestamp <= ?'];
  // The token column's range first: its placeholders come before the WHERE clause's.
  const params: SqlStatement['params'] = [sqlInt(lower), sqlInt(upper), sqlInt(lower), sqlInt(upper)];
  addIdConditions(where, params, 'account_id', conditions.ids);
  if (conditions.allowedIds !== null) {
    where.push(`account_id IN (${conditions.allowedIds.map(() => '?').join(', ')})`);
    params.push(...conditions.allowedIds.map(sqlInt));
  }
  addComparisons(where, params, 'balance', conditions.balances, sqlInt);
  params.push(limit);
  return {
    sql: `SELECT account_id, balance, max(consensus_timestamp) AS consensus_timestamp,
  ${snapshotTokenBalancesColumn('account_balance.account_id', direction(order), tokenLimit)}
FROM account_balance
WHERE ${where.join(' AND ')}
GROUP BY account_id
ORDER BY account_id ${direction(order)}
LIMIT ?`,
    params,
  };
}

/** Per token the newest snapshot balance of one account inside [lower, upper]. */
export function snapshotTokenBalancesSql(order: SortOrder): string {
  return `SELECT token_id, balance, max(consensus_timestamp) AS consensus_timestamp FROM token_balance
WHERE account_id = ? AND consensus_timestamp >= ? AND consensus_timestamp <= ?
GROUP BY token_id
ORDER BY token_id ${direction(order)}
LIMIT ?`;
}

/** The newest treasury snapshot inside [lower, upper], skipping excluded timestamps. */
export function treasurySnapshotSql(excluded: number): string {
  const not = excluded > 0 ? ` AND consensus_timestamp NOT IN (${Array(excluded).fill('?').join(', ')})` : '';
  return `SELECT consensus_timestamp FROM account_balance
WHERE account_id = ? AND consensus_timestamp >= ? AND consensus_timestamp <= ?${not}
ORDER BY consensus_timestamp DESC
LIMIT 1`;
}

/** Accounts and contracts with this public key (the snapshot query's key filter). */
export const IDS_BY_PUBLIC_KEY_SQL = `SELECT id FROM entity INDEXED BY entity__public_key
WHERE public_key = ? AND type IN ('ACCOUNT', 'CONTRACT')
LIMIT ?`;
