import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import type { AccountRow, TokenBalanceRow } from './account-row.ts';
import { chooseAccountsDriver } from './accounts-driver.ts';
import type { AccountsQuery } from './accounts-params.ts';
import { buildAccountsSql } from './accounts-sql.ts';

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
    const { sql, params } = buildAccountsSql(query, chooseAccountsDriver(this.#db, query), tokenLimit);
    const rows = this.#statement(sql).all(...params) as Array<AccountRow & { token_balances?: string | null }>;
    if (!query.includeBalance) return { rows, tokens: null };
    const tokens = new Map<bigint, TokenBalanceRow[]>();
    for (const row of rows) tokens.set(row.id, parseTokenBalances(row.token_balances ?? null));
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

/** Reads the `token_id:balance,...` list the page query aggregates (see accounts-sql.ts). */
export function parseTokenBalances(list: string | null): TokenBalanceRow[] {
  if (!list) return [];
  return list.split(',').map((pair) => {
    const colon = pair.indexOf(':');
    return { token_id: BigInt(pair.slice(0, colon)), balance: BigInt(pair.slice(colon + 1)) };
  });
}
