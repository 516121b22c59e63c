import type { StatementCache } from '../query/statement-cache.ts';
import { sqlInt } from '../format/entity-id.ts';
import type { AccountsQuery } from './accounts-params.ts';
import type { AccountsDriver } from './accounts-sql.ts';
import { addComparisons } from '../query/sql-comparisons.ts';

/**
 * Up to this many balance matches, walking the balance index and sorting the matches by
 * id is cheap. Beyond it, matches are dense enough that walking ids in order and
 * skipping non-matches reaches a full page sooner.
 */
export const BALANCE_INDEX_PROBE_LIMIT = 1000;

/**
 * Picks the index that answers a request without scanning the table: an equality on the
 * public key or the balance seeks straight to rows already in id order; a balance range
 * uses its index only when a bounded probe shows it matches few rows.
 */
/** The filters the choice depends on (the balances list asks the same question). */
export type DriverFilters = Pick<AccountsQuery, 'idFilters' | 'balanceFilters' | 'publicKeyFilters'>;

export function chooseAccountsDriver(statements: StatementCache, query: DriverFilters): AccountsDriver {
  if (query.publicKeyFilters.some((f) => f.operator === 'eq')) return 'public-key-index';
  if (query.idFilters.some((f) => f.operator === 'eq')) return 'primary-key';
  if (query.balanceFilters.length === 0) return 'primary-key';
  if (query.balanceFilters.some((f) => f.operator === 'eq')) return 'balance-index';
  const seekable = query.balanceFilters.filter((f) => f.operator !== 'ne');
  if (seekable.length === 0) return 'primary-key';
  return countBalanceMatches(statements, query, seekable) < BALANCE_INDEX_PROBE_LIMIT ? 'balance-index' : 'primary-key';
}

function countBalanceMatches(statements: StatementCache, query: DriverFilters, filters: AccountsQuery['balanceFilters']): number {
  const where: string[] = [];
  const params: Array<number | bigint> = [];
  addComparisons(where, params, 'balance', filters, sqlInt);
  addComparisons(where, params, 'id', query.idFilters, sqlInt);
  const sql = `SELECT count(*) AS n FROM (SELECT 1 FROM entity INDEXED BY entity__balance WHERE ${where.join(' AND ')} LIMIT ${BALANCE_INDEX_PROBE_LIMIT})`;
  // Through the caller's cache: the probe runs per request, and its text depends only on the filters' shape.
  return Number((statements.get(sql).get(...params) as { n: bigint }).n);
}
