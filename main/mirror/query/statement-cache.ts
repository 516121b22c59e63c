import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { withOpaqueParams } from './opaque-param.ts';

/**
 * Prepared statements by SQL text, reading int64 columns as bigint. A query's text depends
 * on its shape (which filters, how many values), not its values, so a steady stream of
 * requests does no parsing or planning: each statement binds its values opaquely (see
 * opaque-param.ts), or SQLite would plan it again for every value. Bounded, because filters
 * can repeat.
 */
export class StatementCache {
  readonly #db: SqliteDatabase;
  readonly #statements = new Map<string, Statement>();

  constructor(db: SqliteDatabase) {
    this.#db = db;
  }

  get(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      if (this.#statements.size > 500) this.#statements.clear();
      statement = this.#db.prepare(withOpaqueParams(sql)).safeIntegers(true);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}
