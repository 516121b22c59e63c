import type { MirrorApiConfig } from '../config.ts';
import { transactionTypeId } from '../format/transaction-type.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import {
  LIMIT_RULE, ORDER_RULE, TIMESTAMP_RULE, filtersFor, limitOf, orderOf, timestampFiltersOf, validateQuery,
  type MirrorMessage, type ParamRule,
} from '../query/query-filters.ts';
import { timestampBounds, type TimestampBounds } from '../query/timestamp-range.ts';
import type { TransactionsQuery } from '../transactions/transactions-params.ts';

/** A validated GET /api/v1/accounts/{idOrAliasOrEvmAddress} request (account not yet resolved). */
export interface AccountByIdQuery {
  timestampFilters: Filter<bigint>[];
  /** The range the range operators (not equalities) allow; null when empty. */
  range: TimestampBounds | null;
  includeTransactions: boolean;
  /** The nested transactions page, minus the account (added once it is resolved). */
  transactions: Omit<TransactionsQuery, 'accountIds'>;
}

const RULES: Record<string, ParamRule> = {
  limit: LIMIT_RULE,
  order: ORDER_RULE,
  timestamp: TIMESTAMP_RULE,
  transactiontype: (op, value) => op === 'eq' && transactionTypeId(value) !== null,
  transactions: (op, value) => op === 'eq' && /^(true|false)$/i.test(value),
};

export type AccountByIdParams = { ok: true; query: AccountByIdQuery } | { ok: false; messages: MirrorMessage[] };

export function parseAccountByIdParams(raw: ParsedQuery, config: MirrorApiConfig): AccountByIdParams {
  const validated = validateQuery(raw, RULES);
  if (!validated.ok) return validated;
  const { filters } = validated;
  const timestampFilters = timestampFiltersOf(filters);
  const last = filtersFor(filters, 'transactions').at(-1);
  return {
    ok: true,
    query: {
      timestampFilters,
      range: timestampBounds(timestampFilters.filter((f) => f.operator !== 'eq'), 'eq'),
      includeTransactions: last === undefined || last.value.toLowerCase() === 'true',
      transactions: {
        accountFilters: [],
        creditType: null,
        result: null,
        types: [...new Set(filtersFor(filters, 'transactiontype').map((f) => transactionTypeId(f.value)!))],
        timestamps: timestampBounds(timestampFilters, 'eq'),
        timestampEquality: timestampFilters.some((f) => f.operator === 'eq'),
        limit: limitOf(filters, config.response.limit),
        order: orderOf(filters, 'desc'),
        raw,
        empty: false,
      },
    },
  };
}
