import type { MirrorApiConfig } from '../config.ts';
import type { FilterOperator } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { parseEntityRef, type EntityRef } from '../query/param-values.ts';
import {
  filtersFor, limitOf, LIMIT_RULE, orderOf, ORDER_RULE, TIMESTAMP_RULE, validateQuery, type MirrorMessage, type ParamRule, type SortOrder,
} from '../query/query-filters.ts';

export interface ContractsQuery {
  ids: Array<{ operator: FilterOperator; ref: EntityRef }>;
  limit: number;
  order: SortOrder;
  raw: ParsedQuery;
}

export type Parsed<T> = { ok: true; query: T } | { ok: false; messages: MirrorMessage[] };

const EVM_ADDRESS = /^(?:(?:0x)|(?:\d{1,4}\.)?(?:\d{1,5}\.))?[0-9A-Fa-f]{40}$/;

/** An entity id with any operator, or an EVM address with equality only (the reference's rule). */
const CONTRACT_ID_RULE: ParamRule = (op, value) => {
  if (parseEntityRef(value, 'none') !== null) return true;
  return EVM_ADDRESS.test(value) && op === 'eq';
};

const LIST_RULES: Record<string, ParamRule> = { 'contract.id': CONTRACT_ID_RULE, limit: LIMIT_RULE, order: ORDER_RULE };

/** GET /api/v1/contracts: `contract.id`, `limit`, `order` (newest first by default). */
export function parseContractsParams(raw: ParsedQuery, config: MirrorApiConfig): Parsed<ContractsQuery> {
  const validated = validateQuery(raw, LIST_RULES);
  if (!validated.ok) return validated;
  const ids: ContractsQuery['ids'] = [];
  for (const filter of filtersFor(validated.filters, 'contract.id')) {
    const ref = parseEntityRef(filter.value, 'any', config.shard, config.realm);
    if (ref === null) return { ok: false, messages: [{ message: 'Invalid parameter: contract.id' }] };
    ids.push({ operator: filter.operator, ref });
  }
  return {
    ok: true,
    query: { ids, limit: limitOf(validated.filters, config.response.limit), order: orderOf(validated.filters, 'desc'), raw },
  };
}

/** GET /api/v1/contracts/{id}: `timestamp` filters on the entity's validity range. */
export const CONTRACT_BY_ID_RULES: Record<string, ParamRule> = {
  timestamp: TIMESTAMP_RULE,
};
