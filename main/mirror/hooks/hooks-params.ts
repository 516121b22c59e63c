import type { ParsedQuery } from '../http/query-string.ts';
import { foldedRange, inclusiveValueOf } from '../query/java-bound.ts';
import { MAX_LONG } from '../query/param-values.ts';
import { JavaConstraints } from '../query/java-constraints.ts';
import { arrayTexts, numberRangesParam, pageParams, timestampRangesParam, type Converted } from '../query/java-params.ts';
import type { SortOrder } from '../query/query-filters.ts';
import { adjacentWord, parseStorageKey, WORD_BYTES } from './hook-storage-key.ts';

/** A validated GET /api/v1/accounts/{id}/hooks request: hook ids as a set and/or a closed range. */
export interface HooksQuery {
  hookIds: bigint[];
  lower: bigint;
  upper: bigint;
  limit: number;
  order: SortOrder;
}

/**
 * The hooks list's parameters, read as the reference's Java module (HooksController) reads them:
 * its conversions and constraints, undeclared keys ignored (java-params.ts).
 */
export function parseHooksParams(raw: ParsedQuery): Converted<HooksQuery> {
  const hookIds = numberRangesParam(raw, 'hook.id');
  if (!hookIds.ok) return hookIds;
  const page = pageParams(raw, 'desc');
  if (!page.ok) return page;
  const violations = new JavaConstraints().limit(page.value.limit).outcome();
  if (violations) return { ok: false, error: violations };
  // Equalities are a set of their own; the bounds fold into one closed range (crossed ones match no hook); `ne` is ignored, as there.
  const params = hookIds.value ?? [];
  const { lower, upper } = foldedRange(params, 0n, MAX_LONG);
  const equal = params.filter((param) => param.operator === 'eq').map((param) => param.value);
  return { ok: true, value: { hookIds: equal, lower, upper, limit: page.value.limit, order: page.value.order } };
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
}

/** The `@Pattern` every `key` value must match, and its message (a violated constraint: a bare message, see JavaConstraints). */
const KEY_FORMAT = /^(?:(?:eq|gt|gte|lt|lte):)?(?:0x)?[0-9a-fA-F]{1,64}$/;
const KEY_FORMAT_MESSAGE = 'Key must be in format <hex> or <op>:<64 or less char hex>';

/**
 * The hook storage parameters, read as the reference's Java module reads them (see parseHooksParams);
 * `hookId` is the path's, converted already, whose `@Min(0)` is checked with the other constraints.
 */
export function parseHookStorageParams(raw: ParsedQuery, hookId: bigint): Converted<HookStorageQuery> {
  const timestamps = timestampRangesParam(raw, 'timestamp');
  if (!timestamps.ok) return timestamps;
  const page = pageParams(raw, 'asc');
  if (!page.ok) return page;
  const violations = new JavaConstraints().min('hookId', hookId, 0n).pattern(raw, 'key', KEY_FORMAT, KEY_FORMAT_MESSAGE).size(raw, 'timestamp', 2)
    .limit(page.value.limit).outcome();
  if (violations) return { ok: false, error: violations };

  const query: HookStorageQuery = {
    keys: [], keyLower: Buffer.alloc(WORD_BYTES), keyUpper: Buffer.alloc(WORD_BYTES, 0xff), timestamp: null, empty: false,
    limit: page.value.limit, order: page.value.order,
  };
  for (const text of arrayTexts(raw, 'key') ?? []) {
    const [operator, value] = text.includes(':') ? text.split(':', 2) as [string, string] : ['eq', text];
    const word = parseStorageKey(value)!;
    if (operator === 'eq') {
      query.keys.push(word);
      continue;
    }
    const bound = operator === 'gt' ? adjacentWord(word, 1) : operator === 'lt' ? adjacentWord(word, -1) : word;
    if (bound === null) query.empty = true;
    else if ((operator === 'gt' || operator === 'gte') && Buffer.compare(bound, query.keyLower) > 0) query.keyLower = bound;
    else if ((operator === 'lt' || operator === 'lte') && Buffer.compare(bound, query.keyUpper) < 0) query.keyUpper = bound;
  }
  if (timestamps.value && timestamps.value.length > 0) {
    // An equality reads "at or before"; of each side the last filter given counts, as there.
    let lower = 0n;
    let upper = MAX_LONG;
    for (const param of timestamps.value) {
      if (param.operator === 'gt' || param.operator === 'gte') lower = inclusiveValueOf(param);
      else upper = inclusiveValueOf(param);
    }
    if (lower > upper) query.empty = true;
    else query.timestamp = { lower, upper };
  }
  return { ok: true, value: query };
}
