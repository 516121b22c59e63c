import type { TokenBalanceRow } from './account-row.ts';

type Direction = 'ASC' | 'DESC';

/** The limit is written into the text (it is configuration, the same for every request). */
function checkedLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`token balance limit must be a whole number: ${limit}`);
  return limit;
}

/**
 * The associated token relationships of one account with their current balances, at most
 * `limit`, in token order. `account` is the account id: a column of an enclosing query, or a
 * placeholder (`?`) for a statement of its own (one account by id).
 */
export function currentTokenBalanceRowsSql(account: string, direction: Direction, limit: number): string {
  return `SELECT ta.token_id, ta.balance FROM token_account ta
    WHERE ta.account_id = ${account} AND ta.associated = 1
    ORDER BY ta.token_id ${direction} LIMIT ${checkedLimit(limit)}`;
}

/**
 * Per token the newest snapshot balance of one account inside [lower, upper], at most `limit`
 * tokens, in token order. `account` as in currentTokenBalanceRowsSql; lower and upper are the
 * statement's next two parameters (after `account`'s own, when it is a placeholder). SQLite
 * returns the bare `balance` of the row holding max(consensus_timestamp).
 */
export function snapshotTokenBalanceRowsSql(account: string, direction: Direction, limit: number): string {
  return `SELECT tb.token_id, tb.balance, max(tb.consensus_timestamp) AS consensus_timestamp FROM token_balance tb
    WHERE tb.account_id = ${account} AND tb.consensus_timestamp >= ? AND tb.consensus_timestamp <= ?
    GROUP BY tb.token_id
    ORDER BY tb.token_id ${direction} LIMIT ${checkedLimit(limit)}`;
}

/**
 * A page's token balances in the page statement itself, as one `token_id:balance,...` text
 * column per row: a correlated primary-key probe per row costs a fraction of a separate
 * statement per account from JS. Pairs come in the page's order; `parseTokenBalances`
 * reads them back. Used by the accounts list and both kinds of the balances list.
 */
function pairsColumn(rowsSql: string, direction: Direction): string {
  return `(SELECT group_concat(t.token_id || ':' || t.balance, ',' ORDER BY t.token_id ${direction}) FROM (
    ${rowsSql}) t) AS token_balances`;
}

/** Associated relationships of the account in `accountColumn`, at most `limit`, current balances. */
export function currentTokenBalancesColumn(accountColumn: string, direction: Direction, limit: number): string {
  return pairsColumn(currentTokenBalanceRowsSql(accountColumn, direction, limit), direction);
}

/**
 * Per token the newest snapshot balance of the account in `accountColumn` inside [lower,
 * upper], at most `limit` tokens. Its two parameters (lower, upper) come before those of the
 * page it is attached to, as the column comes before the page in the text.
 */
export function snapshotTokenBalancesColumn(accountColumn: string, direction: Direction, limit: number): string {
  return pairsColumn(snapshotTokenBalanceRowsSql(accountColumn, direction, limit), direction);
}

/**
 * A page statement with a token balances column on each of its rows. The page is selected
 * first, in a subquery with its own ORDER BY and LIMIT, and the column is computed outside
 * it, so once per returned row. Written into the page's select list instead, the column
 * would be computed for every row entering the sort whenever the page is sorted after its
 * walk (a balance range walks the balance index, then sorts by id: 96 probes for a page of
 * 25 in token-balances-probes.test.ts, which counts them). The outer ORDER BY keeps the page's order, and as both queries have an ORDER BY,
 * SQLite never flattens the page into the outer query (its query flattener's restriction
 * 11), which would move the column back in front of the sort.
 *
 * `pageSql` selects `idColumn` (the account id); `column` builds the token balances column
 * for the account column it is given.
 */
export function withTokenBalances(pageSql: string, idColumn: string, direction: Direction, column: (accountColumn: string) => string): string {
  return `SELECT page.*,
  ${column(`page.${idColumn}`)}
FROM (${pageSql}) page
ORDER BY page.${idColumn} ${direction}`;
}

/** Reads the `token_id:balance,...` list of a token balances column. */
export function parseTokenBalances(list: string | null): TokenBalanceRow[] {
  if (!list) return [];
  return list.split(',').map((pair) => {
    const colon = pair.indexOf(':');
    return { token_id: BigInt(pair.slice(0, colon)), balance: BigInt(pair.slice(colon + 1)) };
  });
}
