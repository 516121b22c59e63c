import type { MirrorApiConfig } from '../config.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { parsePositiveLong, parseTimestampParam } from '../query/param-values.ts';
import {
  filtersFor, limitOf, LIMIT_RULE, orderOf, ORDER_RULE, timestampFiltersOf, validateQuery, type MirrorMessage, type SortOrder,
} from '../query/query-filters.ts';
import { timestampBounds } from '../query/timestamp-range.ts';
import { adjacentWord, parseStorageKey, WORD_BYTES } from './hook-storage-key.ts';

type Params<T> = { ok: true; query: T } | { ok: false; messages: MirrorMessage[] };

/** A validated GET /api/v1/accounts/{id}/hooks request: hook ids as a set and/or a closed range. */
export interface HooksQuery {
  hookIds: bigint[];
  lower: bigint;
  upper: bigint;
  limit: number;
  order: SortOrder;
  raw: ParsedQuery;
}

export function parseHooksParams(raw: ParsedQuery, config: MirrorApiConfig): Params<HooksQuery> {
  const validated = validateQuery(raw, {
    'hook.id': (op, v) => op !== 'ne' && parsePositiveLong(v) !== null,
    limit: LIMIT_RULE,
    order: ORDER_RULE,
  });
  if (!validated.ok) return validated;
  const ids = filtersFor(validated.filters, 'hook.id').map((f) => ({ operator: f.operator, value: BigInt(f.value) }));
  // Equalities are a set of their own; the other operators fold into one closed range, an empty one
  // (gt:5 with lt:3) matching no hook.
  const range = timestampBounds(ids.filter((f) => f.operator !== 'eq'));
  return {
    ok: true,
    query: {
      hookIds: ids.filter((f) => f.operator === 'eq').map((f) => f.value), lower: range?.lower ?? 1n, upper: range?.upper ?? 0n,
      limit: limitOf(validated.filters, config.response.limit), order: orderOf(validated.filters, 'desc'), raw,
    },
  };
}

/** A validated GET /api/v1/accounts/{id}/hooks/{hookId}/storage request. */
export interface HookStorageQuery {
  /** Exact keys; when given, the key range is not used (as in the reference). */
  keys: Buffer[];
  keyLower: Buffer;
  keyUpper: Buffer;
  /** Storage as of this closed time range (newest write per key inside it), or null for current. */
  timestamp: { lower: bigint; upper: bigint } | null;
  /** True when the bounds exclude everything. */
  empty: boolean;
  limit: number;
  order: SortOrder;
  raw: ParsedQuery;
}

export function parseHookStorageParams(raw: ParsedQuery, config: MirrorApiConfig): Params<HookStorageQuery> {
  const validated = validateQuery(raw, {
    key: (op, v) => op !== 'ne' && parseStorageKey(v) !== null,
    timestamp: (op, v) => op !== 'ne' && parseTimestampParam(v) !== null,
    limit: LIMIT_RULE,
    order: ORDER_RULE,
  });
  if (!validated.ok) return validated;
  const timestamps = timestampFiltersOf(validated.filters);
  if (timestamps.length > 2) return { ok: false, messages: [{ message: 'Invalid parameter: timestamp', detail: 'At most 2 timestamp filters are allowed' }] };
  const query: HookStorageQuery = {
    keys: [], keyLower: Buffer.alloc(WORD_BYTES), keyUpper: Buffer.alloc(WORD_BYTES, 0xff), timestamp: null, empty: false,
    limit: limitOf(validated.filters, config.response.limit), order: orderOf(validated.filters, 'asc'), raw,
  };
  for (const f of filtersFor(validated.filters, 'key')) {
    const word = parseStorageKey(f.value)!;
    if (f.operator === 'eq') query.keys.push(word);
    const bound = f.operator === 'gt' ? adjacentWord(word, 1) : f.operator === 'lt' ? adjacentWord(word, -1) : word;
    if (bound === null && f.operator !== 'eq') query.empty = true;
    else if ((f.operator === 'gt' || f.operator === 'gte') && Buffer.compare(bound!, query.keyLower) > 0) query.keyLower = bound!;
    else if ((f.operator === 'lt' || f.operator === 'lte') && Buffer.compare(bound!, query.keyUpper) < 0) query.keyUpper = bound!;
  }
  if (timestamps.length > 0) {
    const bounds = timestampBounds(timestamps, 'eq');
    if (bounds) query.timestamp = { lower: bounds.lower, upper: bounds.upper };
    else query.empty = true;
  }
  return { ok: true, query };
}

