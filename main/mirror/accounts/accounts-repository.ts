import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import type { AccountRow, TokenBalanceRow } from './account-row.ts';
import { chooseAccountsDriver } from './accounts-driver.ts';
import type { AccountsQuery } from './accounts-params.ts';
import { buildAccountsSql, tokenBalancesSql } from './accounts-sql.ts';

export interface AccountsPage {
  rows: AccountRow[];
  /** Token balances per account id, present when the query asked for balances. */
  tokens: Map<bigint, TokenBalanceRow[]> | null;
}

/**
 * Reads account pages from the store. Statements are prepared once per distinct SQL text
 * (the shape of a query, not its values) and reused, so a steady stream of requests does
 * no parsing or planning.
 */
export class AccountsRepository {
  readonly #db: SqliteDatabase;
  readonly #statements = new Map<string, Statement>();

  constructor(db: SqliteDatabase) {
    this.#db = db;
  }

  listPage(query: AccountsQuery, tokenLimit: number): AccountsPage {
    const { sql, params } = buildAccountsSql(query, chooseAccountsDriver(this.#db, query));
    const rows = this.#statement(sql).all(...params) as AccountRow[];
    if (!query.includeBalance) return { rows, tokens: null };
    const tokenStatement = this.#statement(tokenBalancesSql(query.order));
    const tokens = new Map<bigint, TokenBalanceRow[]>();
    for (const row of rows) tokens.set(row.id, tokenStatement.all(row.id, tokenLimit) as TokenBalanceRow[]);
    return { rows, tokens };
  }

  #statement(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      // Bounded: the number of distinct query shapes is small, but filters can repeat.
      if (this.#statements.size > 500) this.#statements.clear();
      statement = this.#db.prepare(sql).safeIntegers(true);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}
