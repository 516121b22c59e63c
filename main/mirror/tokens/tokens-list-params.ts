import type { MirrorApiConfig } from '../config.ts';
import type { Filter, FilterOperator } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { parsePublicKeyParam } from '../query/param-values.ts';
import { parseTokenId } from './token-path-params.ts';
import {
  filtersFor, limitOf, LIMIT_RULE, orderOf, ORDER_RULE, validateQuery, type MirrorMessage, type ParamRule, type SortOrder,
} from '../query/query-filters.ts';

/** A validated GET /api/v1/tokens request. */
export interface TokensListQuery {
  accountId: bigint | null;
  publicKeys: Filter<string>[];
  names: string[];
  tokenIds: Filter<bigint>[];
  types: Array<{ operator: FilterOperator; value: string }>;
  limit: number;
  order: SortOrder;
  raw: ParsedQuery;
}

export type TokensListParams = { ok: true; query: TokensListQuery } | { ok: false; messages: MirrorMessage[] };

const TOKEN_TYPES = /^(all|fungible_common|non_fungible_unique)$/i;

const RULES: Record<string, ParamRule> = {
  'account.id': (op, v) => op === 'eq' && parseTokenId(v) !== null,
  publickey: (_op, v) => parsePublicKeyParam(v) !== null,
  limit: LIMIT_RULE,
  name: (op, v) => op === 'eq' && Buffer.byteLength(v) >= 3 && Buffer.byteLength(v) <= 100,
  order: ORDER_RULE,
  'token.id': (_op, v) => parseTokenId(v) !== null,
  type: (op, v) => (op === 'eq' || op === 'ne') && TOKEN_TYPES.test(v),
};


export function parseTokensListParams(raw: ParsedQuery, config: MirrorApiConfig): TokensListParams {
  // The reference refuses these combinations before it looks at any value.
  if (raw.has('name') && raw.has('token.id')) {
    return { ok: false, messages: [{ message: 'token.id and name can not be used together. Use a more specific name instead.' }] };
  }
  if (raw.has('name') && raw.has('account.id')) {
    return { ok: false, messages: [{ message: 'account.id and name cannot be used together' }] };
  }
  const validated = validateQuery(raw, RULES);
  if (!validated.ok) return validated;
  const { filters } = validated;
  const account = filtersFor(filters, 'account.id').at(-1);
  return {
    ok: true,
    query: {
      accountId: account ? parseTokenId(account.value) : null,
      publicKeys: filtersFor(filters, 'publickey').map((f) => ({ operator: f.operator, value: parsePublicKeyParam(f.value)! })),
      names: filtersFor(filters, 'name').map((f) => f.value),
      tokenIds: filtersFor(filters, 'token.id').map((f) => ({ operator: f.operator, value: parseTokenId(f.value)! })),
      types: filtersFor(filters, 'type')
        .filter((f) => f.value.toUpperCase() !== 'ALL')
        .map((f) => ({ operator: f.operator, value: f.value.toUpperCase() })),
      limit: limitOf(filters, config.response.limit),
      order: orderOf(filters, 'asc'),
      raw,
    },
  };
}
