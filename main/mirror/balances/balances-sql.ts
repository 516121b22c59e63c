import { sqlInt } from '../format/entity-id.ts';
import type { SqlStatement } from '../query/sql-statement.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { AccountsDriver } from '../accounts/accounts-sql.ts';
import type { SortOrder } from '../query/query-filters.ts';
import { currentTokenBalancesColumn, snapshotTokenBalancesColumn, withTokenBalances } from '../accounts/token-balances-column.ts';
import { addComparisons, addFilterConditions } from '../query/sql-comparisons.ts';

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
  addFilterConditions(where, params, 'id', conditions.ids, sqlInt);
  addComparisons(where, params, `${driver === 'public-key-index' ? '' : '+'}public_key`, conditions.publicKeys, (v) => v);
  addComparisons(where, params, `${driver === 'balance-index' ? '' : '+'}balance`, conditions.balances, sqlInt);
  params.push(limit);
  const index = driver === 'balance-index' ? ' INDEXED BY entity__balance' : driver === 'public-key-index' ? ' INDEXED BY entity__public_key' : '';
  const dir = direction(order);
  const page = `SELECT id AS account_id, balance, balance_timestamp AS consensus_timestamp
FROM entity${index}
WHERE ${where.join(' AND ')}
ORDER BY id ${dir}
LIMIT ?`;
  return {
    sql: withTokenBalances(page, 'account_id', dir, (account) => currentTokenBalancesColumn(account, dir, tokenLimit)),
    params,
  };
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
  // The token column's range first: its placeholders come before the page's.
  const params: SqlStatement['params'] = [sqlInt(lower), sqlInt(upper), sqlInt(lower), sqlInt(upper)];
  addFilterConditions(where, params, 'account_id', conditions.ids, sqlInt);
  if (conditions.allowedIds !== null) {
    where.push(`account_id IN (${conditions.allowedIds.map(() => '?').join(', ')})`);
    params.push(...conditions.allowedIds.map(sqlInt));
  }
  addComparisons(where, params, 'balance', conditions.balances, sqlInt);
  params.push(limit);
  const dir = direction(order);
  const page = `SELECT account_id, balance, max(consensus_timestamp) AS consensus_timestamp
FROM account_balance
WHERE ${where.join(' AND ')}
GROUP BY account_id
ORDER BY account_id ${dir}
LIMIT ?`;
  return {
    sql: withTokenBalances(page, 'account_id', dir, (account) => snapshotTokenBalancesColumn(account, dir, tokenLimit)),
    params,
  };
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
