import type { SqliteDatabase } from '../store/ledger-store.ts';
import { chooseAccountsDriver } from '../accounts/accounts-driver.ts';
import { parseTokenBalances } from '../accounts/token-balances-column.ts';
import type { SortOrder } from '../query/query-filters.ts';
import { StatementCache } from '../query/statement-cache.ts';
import { treasurySnapshotLookup, type TreasurySnapshotLookup } from './snapshot-range.ts';
import { currentBalancesSql, IDS_BY_PUBLIC_KEY_SQL, snapshotBalancesSql, type AccountConditions } from './balances-sql.ts';

export interface BalanceRow {
  account_id: bigint;
  balance: bigint | null;
  consensus_timestamp: bigint | null;
  tokens: Array<{ token_id: bigint; balance: bigint }>;
}

/** A page row as the balances statements return it: token balances as `token_id:balance,...` text. */
type BalanceRowSql = Omit<BalanceRow, 'tokens'> & { token_balances: string | null };

/** A row with its token balances read out of the aggregated column, and its timestamp (by default its own). */
function withTokens({ token_balances, ...row }: BalanceRowSql, consensusTimestamp = row.consensus_timestamp): BalanceRow {
  return { ...row, consensus_timestamp: consensusTimestamp, tokens: parseTokenBalances(token_balances) };
}

/**
 * Reads current and snapshot balances, each page with its token balances in one statement;
 * statements are prepared once per SQL text.
 */
export class BalancesRepository {
  readonly #statements: StatementCache;

  constructor(db: SqliteDatabase) {
    this.#statements = new StatementCache(db);
  }

  current(conditions: AccountConditions, order: SortOrder, limit: number, tokenLimit: number): BalanceRow[] {
    const driver = chooseAccountsDriver(this.#statements, { idFilters: conditions.ids, balanceFilters: conditions.balances, publicKeyFilters: conditions.publicKeys });
    const { sql, params } = currentBalancesSql(conditions, order, limit, driver, tokenLimit);
    return (this.#statements.get(sql).all(...params) as BalanceRowSql[]).map((row) => withTokens(row));
  }

  snapshot(conditions: AccountConditions, lower: bigint, upper: bigint, order: SortOrder, limit: number, tokenLimit: number): BalanceRow[] {
    const { sql, params } = snapshotBalancesSql(conditions, lower, upper, order, limit, tokenLimit);
    // A snapshot page is as of the snapshot itself, whichever row each balance came from.
    return (this.#statements.get(sql).all(...params) as BalanceRowSql[]).map((row) => withTokens(row, upper));
  }

  /** Snapshot lookups for the treasury account `treasury`. */
  treasurySnapshots(treasury: bigint): TreasurySnapshotLookup {
    return treasurySnapshotLookup(this.#statements, treasury);
  }

  idsByPublicKey(publicKey: string, limit: number): bigint[] {
    return (this.#statements.get(IDS_BY_PUBLIC_KEY_SQL).all(publicKey, limit) as Array<{ id: bigint }>).map((r) => r.id);
  }
}
