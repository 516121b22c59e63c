import { StatementCache } from '../query/statement-cache.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import type { AccountRow, TokenBalanceRow } from './account-row.ts';
import { chooseAccountsDriver } from './accounts-driver.ts';
import type { AccountsQuery } from './accounts-params.ts';
import { buildAccountsSql } from './accounts-sql.ts';
import { parseTokenBalances } from './token-balances-column.ts';

export interface AccountsPage {
  rows: AccountRow[];
  /** Token balances per account id, present when the query asked for balances. */
  tokens: Map<bigint, TokenBalanceRow[]> | null;
}

/** Reads account pages from the store, through a StatementCache (no parsing or planning per request). */
export class AccountsRepository {
  readonly #statements: StatementCache;

  constructor(db: SqliteDatabase) {
    this.#statements = new StatementCache(db);
  }

  listPage(query: AccountsQuery, tokenLimit: number): AccountsPage {
    const { sql, params } = buildAccountsSql(query, chooseAccountsDriver(this.#statements, query), tokenLimit);
    const rows = this.#statements.get(sql).all(...params) as Array<AccountRow & { token_balances?: string | null }>;
    if (!query.includeBalance) return { rows, tokens: null };
    const tokens = new Map<bigint, TokenBalanceRow[]>();
    for (const row of rows) tokens.set(row.id, parseTokenBalances(row.token_balances ?? null));
    return { rows, tokens };
  }
}
