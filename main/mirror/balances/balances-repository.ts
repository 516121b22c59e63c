import type { SqliteDatabase } from '../store/ledger-store.ts';
import { chooseAccountsDriver } from '../accounts/accounts-driver.ts';
import { sqlInt } from '../format/entity-id.ts';
import type { SortOrder } from '../query/query-filters.ts';
import { StatementCache } from '../query/statement-cache.ts';
import { treasurySnapshotLookup, type TreasurySnapshotLookup } from './snapshot-range.ts';
import {
  currentBalancesSql, currentTokenBalancesSql, IDS_BY_PUBLIC_KEY_SQL, snapshotBalancesSql, snapshotTokenBalancesSql,
  type AccountConditions,
} from './balances-sql.ts';

export interface BalanceRow {
  account_id: bigint;
  balance: bigint | null;
  consensus_timestamp: bigint | null;
  tokens: Array<{ token_id: bigint; balance: bigint }>;
}

/** Reads current and snapshot balances; statements are prepared once per SQL text. */
export class BalancesRepository {
  readonly #statements: StatementCache;

  constructor(db: SqliteDatabase) {
    this.#statements = new StatementCache(db);
  }

  current(conditions: AccountConditions, order: SortOrder, limit: number, tokenLimit: number): BalanceRow[] {
    const driver = chooseAccountsDriver(this.#statements, { idFilters: conditions.ids, balanceFilters: conditions.balances, publicKeyFilters: conditions.publicKeys });
    const { sql, params } = currentBalancesSql(conditions, order, limit, driver);
    const rows = this.#statements.get(sql).all(...params) as BalanceRow[];
    const tokens = this.#statements.get(currentTokenBalancesSql(order));
    for (const row of rows) row.tokens = tokens.all(row.account_id, tokenLimit) as BalanceRow['tokens'];
    return rows;
  }

  snapshot(conditions: AccountConditions, lower: bigint, upper: bigint, order: SortOrder, limit: number, tokenLimit: number): BalanceRow[] {
    const { sql, params } = snapshotBalancesSql(conditions, lower, upper, order, limit);
    const rows = this.#statements.get(sql).all(...params) as BalanceRow[];
    const tokens = this.#statements.get(snapshotTokenBalancesSql(order));
    for (const row of rows) {
      row.consensus_timestamp = upper;
      row.tokens = tokens.all(row.account_id, sqlInt(lower), sqlInt(upper), tokenLimit) as BalanceRow['tokens'];
    }
    return rows;
  }

  /** Snapshot lookups for the treasury account `treasury`. */
  treasurySnapshots(treasury: bigint): TreasurySnapshotLookup {
    return treasurySnapshotLookup(this.#statements, treasury);
  }

  idsByPublicKey(publicKey: string, limit: number): bigint[] {
    return (this.#statements.get(IDS_BY_PUBLIC_KEY_SQL).all(publicKey, limit) as Array<{ id: bigint }>).map((r) => r.id);
  }
}
