import type { MirrorApiConfig } from '../config.ts';
import { encodeEntityId, formatEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { findByAlias, findByEvmAddress } from '../accounts/account-path-id.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import type { GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { parseEntityIdParam } from '../query/param-values.ts';
import { parseBalancesParams, type BalancesQuery } from './balances-params.ts';
import { findSnapshotRange } from './snapshot-range.ts';
import { BalancesRepository, type BalanceRow } from './balances-repository.ts';
import type { AccountConditions } from './balances-sql.ts';

export const BALANCES_PATH = '/api/v1/balances';

/**
 * GET /api/v1/balances: current balances from the entity table, or with `timestamp` the
 * balances of the newest snapshot at or before it (the snapshot the treasury account is
 * in), as the reference computes them.
 */
export class BalancesService {
  readonly #db: SqliteDatabase;
  readonly #repository: BalancesRepository;
  readonly #config: () => MirrorApiConfig;

  constructor(db: SqliteDatabase, config: () => MirrorApiConfig) {
    this.#db = db;
    this.#repository = new BalancesRepository(db);
    this.#config = config;
  }

  list(raw: ParsedQuery): GetOutcome {
    const config = this.#config();
    const parsed = parseBalancesParams(raw, config);
    if (!parsed.ok) return { status: 400, messages: parsed.messages };
    const { query } = parsed;
    const ids = this.#resolveAccounts(query);
    const tokenLimit = config.response.limit.tokenBalance.multipleAccounts;
    let rows: BalanceRow[] = [];
    if (ids !== null) {
      const conditions: AccountConditions = { ids, allowedIds: null, balances: query.balanceFilters, publicKeys: query.publicKeys };
      rows = query.timestampFilters.length === 0
        ? this.#repository.current(conditions, query.order, query.limit, tokenLimit)
        : this.#snapshotRows(query, conditions, tokenLimit, encodeEntityId(config.shard, config.realm, 2)!);
    }
    const page = renderPage(query, rows);
    return { status: 200, body: page, next: page.links.next };
  }

  /** Resolves EVM addresses and aliases; null when one matches no account (an empty page). */
  #resolveAccounts(query: BalancesQuery): Filter<bigint>[] | null {
    const ids: Filter<bigint>[] = [];
    for (const { operator, term } of query.accountTerms) {
      const id = term.kind === 'id' ? term.id : term.kind === 'evm' ? findByEvmAddress(this.#db, term.address) : findByAlias(this.#db, term.alias);
      if (id === null) return null;
      ids.push({ operator, value: id });
    }
    return ids;
  }

  #snapshotRows(query: BalancesQuery, conditions: AccountConditions, tokenLimit: number, treasury: bigint): BalanceRow[] {
    const range = findSnapshotRange(query.timestampFilters, this.#repository.treasurySnapshots(treasury));
    if (!range) return [];
    if (query.publicKeys.length > 0) {
      const allowed = this.#repository.idsByPublicKey(query.publicKeys[0]!.value, query.limit);
      if (allowed.length === 0) return [];
      conditions = { ...conditions, allowedIds: allowed };
    }
    return this.#repository.snapshot(conditions, range.lower, range.upper, query.order, query.limit, tokenLimit);
  }
}

function renderPage(query: BalancesQuery, rows: BalanceRow[]): { timestamp: string | null; balances: unknown[]; links: { next: string | null } } {
  const balances = rows.map((row) => ({
    account: formatEntityId(row.account_id),
    balance: int64(row.balance),
    tokens: row.tokens.map((t) => ({ token_id: formatEntityId(t.token_id), balance: int64(t.balance) })),
  }));
  const page = { count: balances.length, limit: query.limit, order: query.order };
  const next = singleKeyNextLink(BALANCES_PATH, query.raw, page, 'account.id', balances.at(-1)?.account, parseEntityIdParam);
  return { timestamp: formatTimestamp(latestTimestamp(rows)), balances, links: { next } };
}

/**
 * The page's timestamp: the reference folds `a > b ? a : b` over the rows starting from 0,
 * where a null compares as 0 and wins ties, so a null can survive. Kept for equal answers.
 */
function latestTimestamp(rows: BalanceRow[]): bigint | null {
  if (rows.length === 0) return null;
  let result: bigint | null = 0n;
  for (const row of rows) {
    const current = row.consensus_timestamp;
    result = (result ?? 0n) > (current ?? 0n) ? result : current;
  }
  return result;
}
