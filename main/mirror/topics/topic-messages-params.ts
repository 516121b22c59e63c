import type { MirrorApiConfig } from '../config.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { parsePositiveLong } from '../query/param-values.ts';
import {
  LIMIT_RULE, ORDER_RULE, TIMESTAMP_RULE, filtersFor, limitOf, orderOf, timestampFiltersOf, validateQuery,
  type MirrorMessage, type ParamRule, type SortOrder,
} from '../query/query-filters.ts';
import type { MessageEncoding } from './render-topic-message.ts';

export interface TopicMessagesQuery {
  sequenceFilters: Filter<bigint>[];
  timestampFilters: Filter<bigint>[];
  encoding: MessageEncoding;
  limit: number;
  order: SortOrder;
  raw: ParsedQuery;
}

/** A sequence number: 0 to 2^63-1. */
export const SEQUENCE_RULE: ParamRule = (_op, value) => parsePositiveLong(value, true) !== null;

const RULES: Record<string, ParamRule> = {
  // `utf8` too (Node's name for it), as the reference's isValidUtf8Encoding takes it.
  encoding: (op, value) => op === 'eq' && /^(base64|utf-?8)$/i.test(value),
  limit: LIMIT_RULE,
  order: ORDER_RULE,
  sequencenumber: SEQUENCE_RULE,
  timestamp: TIMESTAMP_RULE,
};

export type TopicMessagesParams = { ok: true; query: TopicMessagesQuery } | { ok: false; messages: MirrorMessage[] };

export function parseTopicMessagesParams(raw: ParsedQuery, config: MirrorApiConfig): TopicMessagesParams {
  const validated = validateQuery(raw, RULES);
  if (!validated.ok) return validated;
  const { filters } = validated;
  return {
    ok: true,
    query: {
      sequenceFilters: filtersFor(filters, 'sequencenumber').map((f) => ({ operator: f.operator, value: parsePositiveLong(f.value, true)! })),
      timestampFilters: timestampFiltersOf(filters),
      encoding: /^base64$/i.test(filtersFor(filters, 'encoding').at(-1)?.value ?? 'base64') ? 'base64' : 'utf-8',
      limit: limitOf(filters, config.response.limit),
      order: orderOf(filters, 'asc'),
      raw,
    },
  };
}
