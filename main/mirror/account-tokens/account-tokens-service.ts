import { sqlInt } from '../format/entity-id.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { accountFromPath } from '../accounts/account-path-outcome.ts';
import { badRequest, NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { filtersFor, limitOf, LIMIT_RULE, orderOf, ORDER_RULE, validateQuery } from '../query/query-filters.ts';
import { StoreService } from '../query/store-service.ts';
import { parseTokenId } from '../tokens/token-path-params.ts';
import { accountTokensSql, ENTITY_EXISTS_SQL } from './account-tokens-sql.ts';
import { renderAccountToken, type AccountTokenRow } from './render-account-token.ts';

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/tokens: the account's associated tokens. */
export class AccountTokensService extends StoreService {
  list(raw: ParsedQuery, accountText: string): GetOutcome {
    const config = this.config();
    const validated = validateQuery(raw, {
      'token.id': (_op, v) => parseTokenId(v) !== null,
      limit: LIMIT_RULE,
      order: ORDER_RULE,
    });
    if (!validated.ok) return badRequest(...validated.messages);
    const account = accountFromPath(this.db, accountText, config);
    if ('error' in account) return account.error;
    if (!this.statements.get(ENTITY_EXISTS_SQL).get(sqlInt(account.id))) return NOT_FOUND;
    const { filters } = validated;
    const limit = limitOf(filters, config.response.limit);
    const order = orderOf(filters, 'asc');
    const tokenIds = filtersFor(filters, 'token.id').map((f) => ({ operator: f.operator, value: parseTokenId(f.value)! }));
    const { sql, params } = accountTokensSql(account.id, tokenIds, order, limit);
    const tokens = (this.statements.get(sql).all(...params) as AccountTokenRow[]).map(renderAccountToken);
    const last = tokens.at(-1)?.token_id as string | undefined;
    const next = singleKeyNextLink(`/api/v1/accounts/${accountText}/tokens`, raw, { count: tokens.length, limit, order }, 'token.id', last, parseTokenId);
    return { status: 200, body: { tokens, links: { next } }, next };
  }
}
