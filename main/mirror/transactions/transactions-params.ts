import type { MirrorApiConfig } from '../config.ts';
import { transactionTypeId } from '../format/transaction-type.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { entityIdOrNull, parseEntityRef } from '../query/param-values.ts';
import {
  LIMIT_RULE, ORDER_RULE, TIMESTAMP_RULE, filtersFor, limitOf, orderOf, timestampFiltersOf, validateQuery,
  type MirrorMessage, type ParamRule, type SortOrder,
} from '../query/query-filters.ts';
import { timestampBounds, type TimestampBounds } from '../query/timestamp-range.ts';

/** A validated GET /api/v1/transactions request. */
export interface TransactionsQuery {
  /** `account.id` equalities (any of them), and the other comparisons (all of them). */
  accountIds: bigint[];
  accountFilters: Filter<bigint>[];
  /** `type=credit|debit`; null when absent. */
  creditType: 'credit' | 'debit' | null;
  result: 'success' | 'fail' | null;
  types: number[];
  /** Folded timestamp filters; null when they cannot all hold (an empty answer). */
  timestamps: TimestampBounds | null;
  /** True when a timestamp equality was given (the range is then never bound). */
  timestampEquality: boolean;
  limit: number;
  order: SortOrder;
  raw: ParsedQuery;
  /**
   * Contradicting `type` values, or `account.id` filters that no id can meet (an EVM address
   * that spells no id): the answer is empty, as the reference's.
   */
  empty: boolean;
}

const RULES: Record<string, ParamRule> = {
  // Any EVM address too, as the reference's ACCOUNT_ID check; a long-zero one is the id it spells.
  'account.id': (_op, value) => parseEntityRef(value, 'any') !== null,
  limit: LIMIT_RULE,
  order: ORDER_RULE,
  result: (op, value) => op === 'eq' && /^(success|fail)$/i.test(value),
  timestamp: TIMESTAMP_RULE,
  transactiontype: (op, value) => op === 'eq' && transactionTypeId(value) !== null,
  type: (op, value) => op === 'eq' && /^(credit|debit)$/i.test(value),
};

export type TransactionsParams = { ok: true; query: TransactionsQuery } | { ok: false; messages: MirrorMessage[] };

/** Validates every parameter (one message per bad key or value, in URL order). */
export function parseTransactionsParams(raw: ParsedQuery, config: MirrorApiConfig): TransactionsParams {
  const validated = validateQuery(raw, RULES);
  if (!validated.ok) return validated;
  const { filters } = validated;
  const accounts = filtersFor(filters, 'account.id').map((f) => ({ operator: f.operator, value: entityIdOrNull(f.value) }));
  // An address that spells no id matches no row (the reference compares with its null id): one
  // equality of several drops out, and a range bound or every equality leaves nothing.
  const equalities = accounts.filter((f) => f.operator === 'eq');
  const accountIds = equalities.flatMap((f) => (f.value === null ? [] : [f.value]));
  const ranges = accounts.filter((f) => f.operator !== 'eq');
  const unmatchable = (equalities.length > 0 && accountIds.length === 0) || ranges.some((f) => f.value === null);
  const timestampFilters = timestampFiltersOf(filters);
  const creditValues = new Set(filtersFor(filters, 'type').map((f) => f.value.toLowerCase()));
  const result = filtersFor(filters, 'result').at(-1)?.value.toLowerCase() ?? null;
  return {
    ok: true,
    query: {
      accountIds: [...new Set(accountIds)],
      accountFilters: ranges.flatMap((f) => (f.value === null ? [] : [{ operator: f.operator, value: f.value }])),
      creditType: creditValues.size === 1 ? ([...creditValues][0] as 'credit' | 'debit') : null,
      result: result as TransactionsQuery['result'],
      types: [...new Set(filtersFor(filters, 'transactiontype').map((f) => transactionTypeId(f.value)!))],
      timestamps: timestampBounds(timestampFilters, 'eq'),
      timestampEquality: timestampFilters.some((f) => f.operator === 'eq'),
      limit: limitOf(filters, config.response.limit),
      order: orderOf(filters, 'desc'),
      raw,
      empty: creditValues.size > 1 || unmatchable,
    },
  };
}
