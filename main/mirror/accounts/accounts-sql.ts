import { sqlInt } from '../format/entity-id.ts';
import type { AccountsQuery } from './accounts-params.ts';
import { addComparisons, addFilterConditions } from '../query/sql-comparisons.ts';
import type { SqlStatement } from '../query/sql-statement.ts';
import { currentTokenBalancesColumn, withTokenBalances } from './token-balances-column.ts';

/** The placeholder account the reference's importer creates when 0.0.2 is missing. */
export const SYNTHETIC_TREASURY_MEMO = 'Mirror node created synthetic treasury account';

/** Which index walks the rows; chosen per request by `chooseAccountsDriver`. */
export type AccountsDriver = 'primary-key' | 'balance-index' | 'public-key-index';


const ENTITY_COLUMNS = [
  'id', 'alias', 'auto_renew_period', 'balance', 'balance_timestamp', 'created_timestamp', 'decline_reward',
  'delegation_address', 'deleted', 'ethereum_nonce', 'evm_address', 'expiration_timestamp', 'key',
  'max_automatic_token_associations', 'memo', 'receiver_sig_required', 'staked_account_id', 'staked_node_id',
  'stake_period_start',
].map((column) => `e.${column}`);

/**
 * Builds the page query. Every filter is a plain comparison on an indexed column; the
 * driver decides which of them may use its index. The others are written as `+column`,
 * which keeps their meaning but stops SQLite from walking that index, so the plan stays
 * the one chosen (and pinned by the query-plan tests).
 */
export function buildAccountsSql(query: AccountsQuery, driver: AccountsDriver, tokenLimit = 50): SqlStatement {
  const where: string[] = [
    "e.type IN ('ACCOUNT', 'CONTRACT')",
    `NOT (e.num = 2 AND e.memo IS '${SYNTHETIC_TREASURY_MEMO}')`,
  ];
  const params: SqlStatement['params'] = [];

  addFilterConditions(where, params, 'e.id', query.idFilters, sqlInt);
  addComparisons(where, params, driver === 'balance-index' ? 'e.balance' : '+e.balance', query.balanceFilters, sqlInt);
  addComparisons(where, params, driver === 'public-key-index' ? 'e.public_key' : '+e.public_key', query.publicKeyFilters, (v) => v);

  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const indexHint = driver === 'balance-index' ? 'INDEXED BY entity__balance' : driver === 'public-key-index' ? 'INDEXED BY entity__public_key' : '';
  const page = `SELECT ${ENTITY_COLUMNS.join(', ')}, es.end_stake_period, es.pending_reward
FROM entity e ${indexHint}
LEFT JOIN entity_stake es ON es.id = e.id
WHERE ${where.join('\n  AND ')}
ORDER BY e.id ${direction}
LIMIT ?`;
  params.push(query.limit);
  const sql = query.includeBalance
    ? withTokenBalances(page, 'id', direction, (account) => currentTokenBalancesColumn(account, direction, tokenLimit))
    : page;
  return { sql, params };
}
