import { formatEntityId } from '../format/entity-id.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { accountFromPath } from '../accounts/account-path-outcome.ts';
import { badRequest, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { Bound, boundsNextLink, validateBounds } from '../query/paging-bounds.ts';
import { entityIdOrNull, parseEntityRef } from '../query/param-values.ts';
import { filtersFor, fixedDefaultLimitOf, limitOf, LIMIT_RULE, orderOf, ORDER_RULE, validateQuery } from '../query/query-filters.ts';
import { StoreService } from '../query/store-service.ts';
import { parseTokenId } from '../tokens/token-path-params.ts';
import { cryptoAllowancesSql, tokenAllowancesSql } from './allowances-sql.ts';
import { renderAllowance, type AllowanceRow } from './render-allowance.ts';

const SPENDER_RULE = (_op: string, v: string): boolean => parseEntityRef(v, 'any') !== null;
const TOKEN_RULE = (_op: string, v: string): boolean => parseTokenId(v) !== null;

/** GET /api/v1/accounts/{id}/allowances/crypto and /tokens: an account's active allowances (NFT approvals: nft-allowances-service.ts). */
export class AllowancesService extends StoreService {
  crypto(raw: ParsedQuery, accountText: string): GetOutcome {
    const config = this.config();
    const owner = accountFromPath(this.db, accountText, config);
    if ('error' in owner) return owner.error;
    const validated = validateQuery(raw, { 'spender.id': SPENDER_RULE, limit: LIMIT_RULE, order: ORDER_RULE });
    if (!validated.ok) return badRequest(...validated.messages);
    const spenders = filtersFor(validated.filters, 'spender.id').map((f) => ({ operator: f.operator, value: entityIdOrNull(f.value) }));
    if (spenders.some((f) => f.operator === 'ne')) {
      return badRequest({ message: 'Not equal (ne) comparison operator is not supported for spender.id' });
    }
    const limit = limitOf(validated.filters, config.response.limit);
    const order = orderOf(validated.filters, 'desc');
    const { sql, params } = cryptoAllowancesSql(owner.id, spenders, order, limit);
    const allowances = (this.statements.get(sql).all(...params) as AllowanceRow[]).map(renderAllowance);
    const last = allowances.at(-1)?.spender as string | undefined;
    const page = { count: allowances.length, limit, order };
    const next = singleKeyNextLink(`/api/v1/accounts/${accountText}/allowances/crypto`, raw, page, 'spender.id', last, entityIdOrNull);
    return { status: 200, body: { allowances, links: { next } }, next };
  }

  /** Sorted by (spender, token), bounded by `spender.id` and `token.id` (paging-bounds.ts). */
  tokens(raw: ParsedQuery, accountText: string): GetOutcome {
    const config = this.config();
    const owner = accountFromPath(this.db, accountText, config);
    if ('error' in owner) return owner.error;
    const validated = validateQuery(raw, { 'spender.id': SPENDER_RULE, 'token.id': TOKEN_RULE, limit: LIMIT_RULE, order: ORDER_RULE });
    if (!validated.ok) return badRequest(...validated.messages);
    const { filters } = validated;
    const bounds = { primary: new Bound('spender.id'), secondary: new Bound('token.id') };
    for (const f of filters) {
      // An EVM address that names no id bounds by -1, which no spender is (entityIdOrNull).
      const error = f.key === 'spender.id'
        ? bounds.primary.add({ key: f.key, operator: f.operator, value: entityIdOrNull(f.value) ?? -1n })
        : f.key === 'token.id' ? bounds.secondary.add({ key: f.key, operator: f.operator, value: parseTokenId(f.value)! }) : null;
      if (error) return badRequest({ message: error });
    }
    const boundsError = validateBounds(bounds.primary, bounds.secondary);
    if (boundsError) return badRequest({ message: boundsError });
    const limit = fixedDefaultLimitOf(filters, config.response.limit);
    const order = orderOf(filters, 'asc');
    const { sql, params } = tokenAllowancesSql(owner.id, bounds, order, limit);
    const rows = this.statements.get(sql).all(...params) as Array<AllowanceRow & { token_id: bigint }>;
    const last = rows.at(-1);
    const next = boundsNextLink(
      `/api/v1/accounts/${accountText}/allowances/tokens`, raw, { count: rows.length, limit, order }, bounds,
      last && { primary: formatEntityId(last.spender), secondary: formatEntityId(last.token_id) },
      parseTokenId,
    );
    return { status: 200, body: { allowances: rows.map(renderAllowance), links: { next } }, next };
  }
}
