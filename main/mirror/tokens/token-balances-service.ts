import type { MirrorApiConfig } from '../config.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { encodeEntityId, formatEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import { findSnapshotRange } from '../balances/snapshot-range.ts';
import { badRequest, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { parseEntityIdParam } from '../query/param-values.ts';
import { parseTokenBalancesParams } from './token-balances-params.ts';
import { INVALID_TOKEN_ID, parseTokenId } from './token-path-params.ts';
import { TOKENS_PATH } from './tokens-service.ts';
import { TokensRepository } from './tokens-repository.ts';

/**
 * GET /api/v1/tokens/{id}/balances: the token's holders now, or as of the balance snapshot
 * a `timestamp` selects (see balances/snapshot-range.ts).
 */
export class TokenBalancesService {
  readonly #repository: TokensRepository;
  readonly #config: () => MirrorApiConfig;

  constructor(db: SqliteDatabase, config: () => MirrorApiConfig) {
    this.#repository = new TokensRepository(db);
    this.#config = config;
  }

  balances(raw: ParsedQuery, tokenIdText: string): GetOutcome {
    const config = this.#config();
    const tokenId = parseTokenId(tokenIdText, config.shard, config.realm);
    if (tokenId === null) return badRequest(INVALID_TOKEN_ID);
    const parsed = parseTokenBalancesParams(raw, config);
    if (!parsed.ok) return badRequest(...parsed.messages);
    const { query } = parsed;
    const empty = { timestamp: null, balances: [], links: { next: null } };
    let rows;
    let timestamp: bigint | null = null;
    if (query.timestampFilters.length > 0) {
      const treasury = encodeEntityId(config.shard, config.realm, 2)!;
      const range = findSnapshotRange(query.timestampFilters, this.#repository.treasurySnapshots(treasury));
      if (!range) return { status: 200, body: empty };
      rows = this.#repository.snapshotHolders(tokenId, query, range.lower, range.upper);
      timestamp = range.upper;
    } else {
      rows = this.#repository.currentHolders(tokenId, query);
      for (const row of rows) if (row.consensus_timestamp != null && (timestamp === null || row.consensus_timestamp > timestamp)) timestamp = row.consensus_timestamp;
    }
    if (rows.length === 0) return { status: 200, body: empty };
    const decimals = int64(this.#repository.decimals(tokenId));
    const balances = rows.map((row) => ({ account: formatEntityId(row.account_id), balance: int64(row.balance), decimals }));
    const page = { count: balances.length, limit: query.limit, order: query.order };
    const next = singleKeyNextLink(`${TOKENS_PATH}/${tokenIdText}/balances`, raw, page, 'account.id', balances.at(-1)?.account, parseEntityIdParam);
    return { status: 200, body: { timestamp: formatTimestamp(timestamp), balances, links: { next } }, next };
  }
}
