import type { MirrorApiConfig } from '../config.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { entityIdOrNull, parseEntityRef, parsePositiveLong, parsePublicKeyParam } from '../query/param-values.ts';
import {
  filtersFor, limitOf, LIMIT_RULE, orderOf, ORDER_RULE, TIMESTAMP_RULE, timestampFiltersOf, validateQuery,
  type MirrorMessage, type ParamRule, type SortOrder,
} from '../query/query-filters.ts';

/** A validated GET /api/v1/tokens/{id}/balances request. */
export interface TokenBalancesQuery {
  /** Account id filters; an id of null (an EVM address that is not an id) matches nothing. */
  accountIds: Array<Filter<bigint | null>>;
  balanceFilters: Filter<bigint>[];
  publicKey: string | null;
  timestampFilters: Filter<bigint>[];
  limit: number;
  order: SortOrder;
  raw: ParsedQuery;
}

const RULES: Record<string, ParamRule> = {
  'account.id': (_op, v) => parseEntityRef(v, 'any') !== null,
  'account.balance': (_op, v) => parsePositiveLong(v, true) !== null,
  'account.publickey': (_op, v) => parsePublicKeyParam(v) !== null,
  timestamp: TIMESTAMP_RULE,
  limit: LIMIT_RULE,
  order: ORDER_RULE,
};

export function parseTokenBalancesParams(raw: ParsedQuery, config: MirrorApiConfig):
  { ok: true; query: TokenBalancesQuery } | { ok: false; messages: MirrorMessage[] } {
  const validated = validateQuery(raw, RULES);
  if (!validated.ok) return validated;
  const { filters } = validated;
  const publicKey = filtersFor(filters, 'account.publickey').at(-1);
  return {
    ok: true,
    query: {
      accountIds: filtersFor(filters, 'account.id').map((f) => ({ operator: f.operator, value: entityIdOrNull(f.value) })),
      balanceFilters: filtersFor(filters, 'account.balance').map((f) => ({ operator: f.operator, value: BigInt(f.value) })),
      publicKey: publicKey ? parsePublicKeyParam(publicKey.value) : null,
      timestampFilters: timestampFiltersOf(filters),
      limit: limitOf(filters, config.response.limit),
      order: orderOf(filters, 'desc'),
      raw,
    },
  };
}
