import type { MirrorApiConfig } from '../config.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { parseBlockNumber, parseEntityRef, parseHash32or48, parsePositiveLong, type EntityRef } from '../query/param-values.ts';
import {
  filtersFor, limitOf, LIMIT_RULE, orderOf, ORDER_RULE, TIMESTAMP_RULE, timestampFiltersOf, validateQuery,
  type MirrorMessage, type ParamRule, type SortOrder,
} from '../query/query-filters.ts';
import type { Parsed } from './contracts-params.ts';

/** A validated contract results list request (global or per contract). */
export interface ContractResultsQuery {
  from: Array<{ operator: Filter<bigint>['operator']; ref: EntityRef }>;
  timestamps: Filter<bigint>[];
  transactionIndexes: bigint[];
  block: { kind: 'number'; value: bigint } | { kind: 'hash'; value: string } | null;
  internal: boolean;
  hbar: boolean;
  limit: number;
  order: SortOrder;
  raw: ParsedQuery;
}

const BOOLEAN = /^(true|false)$/i;
const NO_SHARD_REALM_EVM = /^(0x)?[0-9A-Fa-f]{40}$/;

export const HBAR_RULE: ParamRule = (op, value) => op === 'eq' && BOOLEAN.test(value);

const RULES: Record<string, ParamRule> = {
  from: (_op, value) => parseEntityRef(value, 'none') !== null || NO_SHARD_REALM_EVM.test(value),
  'block.hash': (op, value) => op === 'eq' && parseHash32or48(value) !== null,
  'block.number': (op, value) => op === 'eq' && parseBlockNumber(value) !== null,
  hbar: HBAR_RULE,
  internal: (op, value) => op === 'eq' && BOOLEAN.test(value),
  limit: LIMIT_RULE,
  order: ORDER_RULE,
  timestamp: TIMESTAMP_RULE,
  'transaction.index': (op, value) => op === 'eq' && parsePositiveLong(value, true) !== null,
};

/** Validates a contract results list query, including the reference's parameter dependencies. */
export function parseContractResultsParams(raw: ParsedQuery, config: MirrorApiConfig): Parsed<ContractResultsQuery> {
  const validated = validateQuery(raw, RULES);
  if (!validated.ok) return validated;
  const { filters } = validated;
  const messages: MirrorMessage[] = [];
  if (raw.has('transaction.index') && !raw.has('block.number') && !raw.has('block.hash')) {
    messages.push({ message: 'Invalid parameter usage: transaction.index - transaction.index requires block.number or block.hash filter to be specified' });
  }
  if (raw.has('block.hash') && raw.has('block.number')) {
    messages.push({ message: 'Invalid parameter usage: block.hash - cannot combine block.number and block.hash' });
  }
  if (messages.length > 0) return { ok: false, messages };
  const lastOf = (key: string): string | undefined => filtersFor(filters, key).at(-1)?.value;
  const blockFilter = filters.filter((f) => f.key === 'block.number' || f.key === 'block.hash').at(-1);
  return {
    ok: true,
    query: {
      from: filtersFor(filters, 'from').map((f) => ({ operator: f.operator, ref: parseEntityRef(f.value, 'any', config.shard, config.realm)! })),
      timestamps: timestampFiltersOf(filters),
      transactionIndexes: filtersFor(filters, 'transaction.index').map((f) => BigInt(f.value)),
      block: blockFilter === undefined ? null
        : blockFilter.key === 'block.number' ? { kind: 'number', value: parseBlockNumber(blockFilter.value)! } : { kind: 'hash', value: blockFilter.value },
      internal: (lastOf('internal') ?? 'false').toLowerCase() === 'true',
      hbar: (lastOf('hbar') ?? 'true').toLowerCase() === 'true',
      limit: limitOf(filters, config.response.limit),
      order: orderOf(filters, 'desc'),
      raw,
    },
  };
}

