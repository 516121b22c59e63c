import type { MirrorApiConfig } from '../config.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { entityIdOrNull, parseEntityRef, parsePositiveLong } from '../query/param-values.ts';
import {
  filtersFor, limitOf, LIMIT_RULE, orderOf, ORDER_RULE, validateQuery, type MirrorMessage, type ParamRule, type SortOrder,
} from '../query/query-filters.ts';

/** A validated GET /api/v1/tokens/{id}/nfts request. */
export interface TokenNftsQuery {
  /** An id of null (an EVM address that is no id) matches nothing. */
  accountIds: Array<Filter<bigint | null>>;
  serialNumbers: Filter<bigint>[];
  limit: number;
  order: SortOrder;
  raw: ParsedQuery;
}

const RULES: Record<string, ParamRule> = {
  'account.id': (_op, v) => parseEntityRef(v, 'any') !== null,
  serialnumber: (_op, v) => parsePositiveLong(v) !== null,
  limit: LIMIT_RULE,
  order: ORDER_RULE,
};

export function parseTokenNftsParams(raw: ParsedQuery, config: MirrorApiConfig):
  { ok: true; query: TokenNftsQuery } | { ok: false; messages: MirrorMessage[] } {
  const validated = validateQuery(raw, RULES);
  if (!validated.ok) return validated;
  const { filters } = validated;
  return {
    ok: true,
    query: {
      accountIds: filtersFor(filters, 'account.id').map((f) => ({ operator: f.operator, value: entityIdOrNull(f.value) })),
      serialNumbers: filtersFor(filters, 'serialnumber').map((f) => ({ operator: f.operator, value: BigInt(f.value) })),
      limit: limitOf(filters, config.response.limit),
      order: orderOf(filters, 'desc'),
      raw,
    },
  };
}
