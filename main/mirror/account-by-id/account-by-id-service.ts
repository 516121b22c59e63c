import type { AccountRow, TokenBalanceRow } from '../accounts/account-row.ts';
import { accountFromPath } from '../accounts/account-path-outcome.ts';
import { currentTokenBalanceRowsSql, snapshotTokenBalanceRowsSql } from '../accounts/token-balances-column.ts';
import { renderAccount } from '../accounts/render-account.ts';
import { findSnapshotRange, treasurySnapshotLookup } from '../balances/snapshot-range.ts';
import type { MirrorApiConfig } from '../config.ts';
import { encodeEntityId, sqlInt } from '../format/entity-id.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { MAX_LONG } from '../query/param-values.ts';
import { StatementCache } from '../query/statement-cache.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import type { TransactionsService } from '../transactions/transactions-service.ts';
import { parseAccountByIdParams, type AccountByIdQuery } from './account-by-id-params.ts';
import { CURRENT_ACCOUNT_SQL, HISTORICAL_ACCOUNT_SQL, SNAPSHOT_BALANCE_SQL } from './account-by-id-sql.ts';

/**
 * A balance snapshot counts when taken at most one month before the range's end (or now),
 * as in the reference's getOptimizedTimestampRange; accounts/{id}/timestamp.json needs it.
 */
const SNAPSHOT_MONTHS_BACK = -1;

/**
 * GET /api/v1/accounts/{idOrAliasOrEvmAddress}: one account (as it was within `timestamp`,
 * when given: its version, staking and balance snapshot of then) and a page of its
 * transactions, unless `transactions=false`.
 */
export class AccountByIdService {
  readonly #db: SqliteDatabase;
  readonly #statements: StatementCache;
  readonly #config: () => MirrorApiConfig;
  readonly #transactions: TransactionsService;

  constructor(db: SqliteDatabase, config: () => MirrorApiConfig, transactions: TransactionsService) {
    this.#db = db;
    this.#statements = new StatementCache(db);
    this.#config = config;
    this.#transactions = transactions;
  }

  get(raw: ParsedQuery, accountText: string): GetOutcome {
    const config = this.#config();
    const parsed = parseAccountByIdParams(raw, config);
    if (!parsed.ok) return badRequest(...parsed.messages);
    const { query } = parsed;
    const resolved = accountFromPath(this.#db, accountText, config);
    if ('error' in resolved) return resolved.error;
    if (query.range === null) return { status: 404, messages: [{ message: 'Timestamp range is empty' }] };
    const account = query.timestampFilters.length > 0 ? this.#historical(resolved.id, query, config) : this.#current(resolved.id, config);
    if (account === null) return NOT_FOUND;
    const page = query.includeTransactions
      ? this.#transactions.page({ ...query.transactions, accountIds: [resolved.id] }, `/api/v1/accounts/${accountText}`)
      : { transactions: [], links: { next: null } };
    const options = { includeDelegationAddress: config.response.enableDelegationAddress };
    const body = { ...renderAccount(account.row, account.tokens, options), ...page };
    return { status: 200, body, next: page.links.next };
  }

  #current(id: bigint, config: MirrorApiConfig): { row: AccountRow; tokens: TokenBalanceRow[] } | null {
    const row = this.#statements.get(CURRENT_ACCOUNT_SQL).get(sqlInt(id)) as AccountRow | undefined;
    if (!row) return null;
    const tokensSql = currentTokenBalanceRowsSql('?', 'ASC', config.response.limit.tokenBalance.singleAccount);
    const tokens = this.#statements.get(tokensSql).all(sqlInt(id)) as TokenBalanceRow[];
    return { row, tokens };
  }

  /**
   * The version valid within the range. Its balance comes from the newest balance snapshot
   * in the range (0 when the account is not in it); without a snapshot, from the version
   * itself, with no token balances (the reference's fallback).
   */
  #historical(id: bigint, query: AccountByIdQuery, config: MirrorApiConfig): { row: AccountRow; tokens: TokenBalanceRow[] } | null {
    const bounds = query.range!;
    const equal = query.timestampFilters.filter((f) => f.operator === 'eq').map((f) => f.value);
    const lower = equal.reduce((a, b) => (b > a ? b : a), bounds.lower);
    const upper = equal.reduce((a, b) => (b < a ? b : a), bounds.upper);
    const row = this.#statements.get(HISTORICAL_ACCOUNT_SQL).get({ id: sqlInt(id), lower: sqlInt(lower), upper: sqlInt(upper < MAX_LONG ? upper : MAX_LONG) }) as AccountRow | undefined;
    if (!row) return null;
    const treasury = encodeEntityId(config.shard, config.realm, 2)!;
    const snapshot = findSnapshotRange(query.timestampFilters, treasurySnapshotLookup(this.#statements, treasury), SNAPSHOT_MONTHS_BACK);
    if (snapshot === null) return { row, tokens: [] };
    const balance = (this.#statements.get(SNAPSHOT_BALANCE_SQL).get(sqlInt(id), sqlInt(snapshot.lower), sqlInt(snapshot.upper)) as { balance: bigint }).balance;
    const tokensSql = snapshotTokenBalanceRowsSql('?', 'ASC', config.response.limit.tokenBalance.singleAccount);
    const tokens = this.#statements.get(tokensSql).all(sqlInt(id), sqlInt(snapshot.lower), sqlInt(snapshot.upper)) as TokenBalanceRow[];
    return { row: { ...row, balance, balance_timestamp: snapshot.upper }, tokens };
  }
}
