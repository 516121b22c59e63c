import type { MirrorApiConfig } from '../config.ts';
import type { Filter, FilterOperator } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { decodeAliasStrict } from '../accounts/account-path-id.ts';
import { parseEntityRef, parsePositiveLong, parsePublicKeyParam } from '../query/param-values.ts';
import {
  filtersFor, invalidParameter, limitOf, LIMIT_RULE, orderOf, ORDER_RULE, TIMESTAMP_RULE, timestampFiltersOf, validateQuery,
  type MirrorMessage, type ParamRule, type SortOrder,
} from '../query/query-filters.ts';

/** An `account.id` value: an id, or an EVM address or alias still to be looked up. */
export type AccountTerm =
  | { kind: 'id'; id: bigint }
  | { kind: 'evm'; address: Buffer }
  | { kind: 'alias'; alias: Buffer };

/** A validated GET /api/v1/balances request. */
export interface BalancesQuery {
  accountTerms: Array<{ operator: FilterOperator; term: AccountTerm }>;
  balanceFilters: Filter<bigint>[];
  publicKeys: Filter<string>[];
  timestampFilters: Filter<bigint>[];
  limit: number;
  order: SortOrder;
  raw: ParsedQuery;
}

export type BalancesParams = { ok: true; query: BalancesQuery } | { ok: false; messages: MirrorMessage[] };

/**
 * `account.id` is only checked for its operator here; its value is parsed afterwards, as the reference does.
 * `limit` and `order` take no operator: unlike its other lists, the reference reads them here from the raw
 * query (balances.js, parseLimitAndOrderParams), where `limit=gt:5` is not a number and fails its SQL.
 */
const RULES: Record<string, ParamRule> = {
  'account.id': () => true,
  'account.balance': (_op, v) => parsePositiveLong(v, true) !== null,
  'account.publickey': (_op, v) => parsePublicKeyParam(v) !== null,
  timestamp: TIMESTAMP_RULE,
  limit: (op, v) => op === 'eq' && LIMIT_RULE(op, v),
  order: (op, v) => op === 'eq' && ORDER_RULE(op, v),
};

const NO_SHARD_REALM_EVM = /^(0x)?[0-9A-Fa-f]{40}$/;

export function parseBalancesParams(raw: ParsedQuery, config: MirrorApiConfig): BalancesParams {
  const validated = validateQuery(raw, RULES, false);
  if (!validated.ok) return validated;
  const { filters } = validated;
  const accountTerms = parseAccountTerms(filtersFor(filters, 'account.id'), config);
  if ('message' in accountTerms) return { ok: false, messages: [accountTerms] };
  return {
    ok: true,
    query: {
      accountTerms,
      balanceFilters: filtersFor(filters, 'account.balance').map((f) => ({ operator: f.operator, value: BigInt(f.value) })),
      publicKeys: filtersFor(filters, 'account.publickey').map((f) => ({ operator: f.operator, value: parsePublicKeyParam(f.value)! })),
      timestampFilters: timestampFiltersOf(filters),
      limit: limitOf(filters, config.response.limit),
      order: orderOf(filters, 'desc'),
      raw,
    },
  };
}

/**
 * Entity ids take any operator; at most one EVM address or alias may be given, and only
 * with equality (the reference's messages and details).
 */
function parseAccountTerms(
  filters: Array<{ operator: FilterOperator; value: string }>,
  config: MirrorApiConfig,
): BalancesQuery['accountTerms'] | MirrorMessage {
  const terms: BalancesQuery['accountTerms'] = [];
  let lookups = 0;
  const seen = new Set<string>();
  for (const filter of filters) {
    const text = `${filter.operator}:${filter.value}`;
    if (seen.has(text)) continue;
    seen.add(text);
    let term: AccountTerm | null = null;
    const id = parseEntityRef(filter.value, 'none', config.shard, config.realm);
    if (id?.kind === 'id') {
      term = id;
    } else if (NO_SHARD_REALM_EVM.test(filter.value) && ++lookups === 1) {
      const ref = parseEntityRef(filter.value, 'any', config.shard, config.realm);
      term = ref?.kind === 'id' ? ref : { kind: 'evm', address: Buffer.from(filter.value.replace(/^0x/, ''), 'hex') };
    } else if (/^[A-Z2-7]+$/.test(filter.value) && ++lookups === 1) {
      const alias = decodeAliasStrict(filter.value);
      if (!alias) return invalidParameter('account.id');
      term = { kind: 'alias', alias };
    }
    if (term === null) {
      return lookups > 1 ? invalidParameter('account.id', 'Only one EVM address or alias is allowed.') : invalidParameter('account.id');
    }
    if (lookups > 0 && filter.operator !== 'eq') {
      return invalidParameter('account.id', 'EVM address or alias only supports equals operator');
    }
    terms.push({ operator: filter.operator, term });
  }
  return terms;
}
