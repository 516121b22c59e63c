import type { MirrorApiConfig } from '../config.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { badRequest, NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { parseTimestampParam } from '../query/param-values.ts';
import { validateQuery } from '../query/query-filters.ts';
import { renderTokenInfo, renderTokenSummary } from './render-token.ts';
import type { VersionBound } from './token-info-sql.ts';
import { INVALID_TOKEN_ID, parseTokenId } from './token-path-params.ts';
import { parseTokensListParams } from './tokens-list-params.ts';
import { TokensRepository } from './tokens-repository.ts';

export const TOKENS_PATH = '/api/v1/tokens';

/** GET /api/v1/tokens and /api/v1/tokens/{id} without the HTTP. */
export class TokensService {
  readonly #repository: TokensRepository;
  readonly #config: () => MirrorApiConfig;

  constructor(db: SqliteDatabase, config: () => MirrorApiConfig) {
    this.#repository = new TokensRepository(db);
    this.#config = config;
  }

  list(raw: ParsedQuery): GetOutcome {
    const parsed = parseTokensListParams(raw, this.#config());
    if (!parsed.ok) return badRequest(...parsed.messages);
    const { query } = parsed;
    const tokens = this.#repository.list(query).map(renderTokenSummary);
    const last = tokens.at(-1)?.token_id as string | undefined;
    // A name search has no next page: names are not an order the reference can page by.
    const next = query.names.length > 0 ? null
      : singleKeyNextLink(TOKENS_PATH, raw, { count: tokens.length, limit: query.limit, order: query.order }, 'token.id', last, parseTokenId);
    return { status: 200, body: { tokens, links: { next } }, next };
  }

  info(raw: ParsedQuery, tokenIdText: string): GetOutcome {
    const tokenId = parseTokenId(tokenIdText, this.#config().shard, this.#config().realm);
    if (tokenId === null) return badRequest(INVALID_TOKEN_ID);
    const validated = validateQuery(raw, {
      timestamp: (op, v) => (op === 'eq' || op === 'lt' || op === 'lte') && parseTimestampParam(v) !== null,
    });
    if (!validated.ok) return badRequest(...validated.messages);
    const last = validated.filters.at(-1);
    const bound: VersionBound = last ? { operator: last.operator === 'lt' ? '<' : '<=', value: parseTimestampParam(last.value)! } : null;
    const found = this.#repository.info(tokenId, bound);
    if (!found) return NOT_FOUND;
    return { status: 200, body: renderTokenInfo(found.token, found.entity, found.fees) };
  }
}
