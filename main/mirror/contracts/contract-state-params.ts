import type { MirrorApiConfig } from '../config.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { parseTimestampParam } from '../query/param-values.ts';
import {
  filtersFor, limitOf, LIMIT_RULE, orderOf, ORDER_RULE, TIMESTAMP_RULE, validateQuery, type ParamRule, type SortOrder,
} from '../query/query-filters.ts';
import type { Parsed } from './contracts-params.ts';

/** A validated GET /api/v1/contracts/{id}/state request; slots as 64 upper-case hex digits. */
export interface ContractStateQuery {
  slots: Filter<string>[];
  timestamps: Filter<bigint>[];
  limit: number;
  order: SortOrder;
}

const SLOT = /^(0x)?[0-9A-Fa-f]{1,64}$/;

const RULES: Record<string, ParamRule> = {
  limit: LIMIT_RULE,
  order: ORDER_RULE,
  slot: (op, value) => op !== 'ne' && SLOT.test(value),
  timestamp: TIMESTAMP_RULE,
};

/** A slot as compared: the 32-byte word in upper-case hex (SQLite's hex()). */
export function normalizeSlot(text: string): string {
  return text.replace(/^0x/i, '').toUpperCase().padStart(64, '0');
}

export function parseContractStateParams(raw: ParsedQuery, config: MirrorApiConfig): Parsed<ContractStateQuery> {
  const validated = validateQuery(raw, RULES);
  if (!validated.ok) return validated;
  const { filters } = validated;
  const timestamps: Filter<bigint>[] = [];
  for (const f of filtersFor(filters, 'timestamp')) {
    if (f.operator === 'ne') return { ok: false, messages: [{ message: 'Not equals (ne) operator is not supported for timestamp' }] };
    // "At" a time means the storage as it stood then: the newest change at or before it.
    timestamps.push({ operator: f.operator === 'eq' ? 'lte' : f.operator, value: parseTimestampParam(f.value)! });
  }
  return {
    ok: true,
    query: {
      slots: filtersFor(filters, 'slot').map((f) => ({ operator: f.operator, value: normalizeSlot(f.value) })),
      timestamps,
      limit: limitOf(filters, config.response.limit),
      order: orderOf(filters, 'asc'),
    },
  };
}
