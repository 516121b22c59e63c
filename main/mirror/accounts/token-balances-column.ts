import type { TokenBalanceRow } from './account-row.ts';

/**
 * A page's token balances in the page statement itself, as one `token_id:balance,...` text
 * column per row: a correlated primary-key probe per row costs a fraction of a separate
 * statement per account from JS. Pairs come in the page's order; `parseTokenBalances`
 * reads them back. Used by the accounts list and both kinds of the balances list.
 */
function pairsColumn(rowsSql: string, direction: 'ASC' | 'DESC'): string {
  return `(SELECT group_concat(t.token_id || ':' || t.balance, ',' ORDER BY t.token_id ${direction}) FROM (
    ${rowsSql}) t) AS token_balances`;
}

/** The limit is written into the text (it is configuration, the same for every request). */
function checkedLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`token balance limit must be a whole number: ${limit}`);
  return limit;
}

/** Associated relationships of the account in `accountColumn`, at most `limit`, current balances. */
export function currentTokenBalancesColumn(accountColumn: string, direction: 'ASC' | 'DESC', limit: number): string {
  return pairsColumn(`SELECT ta.token_id, ta.balance FROM token_account ta
    WHERE ta.account_id = ${accountColumn} AND ta.associated = 1
    ORDER BY ta.token_id ${direction} LIMIT ${checkedLimit(limit)}`, direction);
}

/**
 * Per token the newest snapshot balance of the account in `accountColumn` inside [lower,
 * upper], at most `limit` tokens. Its two `?` (lower, upper) come before the statement's
 * WHERE parameters, as the column comes before the WHERE clause.
 */
export function snapshotTokenBalancesColumn(accountColumn: string, direction: 'ASC' | 'DESC', limit: number): string {
  return pairsColumn(`SELECT tb.token_id, tb.balance, max(tb.consensus_timestamp) FROM token_balance tb
    WHERE tb.account_id = ${accountColumn} AND tb.consensus_timestamp >= ? AND tb.consensus_timestamp <= ?
    GROUP BY tb.token_id
    ORDER BY tb.token_id ${direction} LIMIT ${checkedLimit(limit)}`, direction);
}

/** Reads the `token_id:balance,...` list of a token balances column. */
export function parseTokenBalances(list: string | null): TokenBalanceRow[] {
  if (!list) return [];
  return list.split(',').map((pair) => {
    const colon = pair.indexOf(':');
    return { token_id: BigInt(pair.slice(0, colon)), balance: BigInt(pair.slice(colon + 1)) };
  });
}
