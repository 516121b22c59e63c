import { splitOperator, type Filter, type FilterOperator } from '../http/filter-operator.ts';
import { NESTED_VALUE, type ParsedQuery } from '../http/query-string.ts';
import { JAVA_DEFAULT_LIMIT } from './java-limits.ts';
import { parsePositiveLong, parseTimestampParam } from './param-values.ts';

/** One `key=op:value` of a request, validated by its rule (value still as sent). */
export interface QueryFilter {
  key: string;
  operator: FilterOperator;
  value: string;
}

/** Whether a parameter accepts an operator with a value. */
export type ParamRule = (operator: FilterOperator, value: string) => boolean;

/** An error message of the mirror error body; `detail` only where the reference gives one. */
export interface MirrorMessage {
  message: string;
  detail?: string;
}

export type FiltersResult = { ok: true; filters: QueryFilter[] } | { ok: false; messages: MirrorMessage[] };

/**
 * Validates every parameter of a request against its endpoint's rules: one `Invalid
 * parameter` per bad value (a value with more than one colon, an unknown operator, one its
 * rule rejects, or a nested one: `key[name]=v`) and one `Unknown query parameter` per
 * unknown key. Most reference endpoints list the unknown keys after the bad values; the
 * older ones (balances) keep everything in URL order (`unknownLast` false).
 */
export function validateQuery(
  raw: ParsedQuery,
  rules: Readonly<Record<string, ParamRule>>,
  unknownLast = true,
): FiltersResult {
  const messages: MirrorMessage[] = [];
  const unknown: MirrorMessage[] = [];
  const filters: QueryFilter[] = [];
  for (const [key, values] of raw) {
    const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
    if (!rule) {
      (unknownLast ? unknown : messages).push({ message: `Unknown query parameter: ${key}` });
      continue;
    }
    for (const value of values) {
      const split = value === NESTED_VALUE ? null : splitOperator(value);
      if (!split || !rule(split.operator, split.rest)) messages.push(invalidParameter(key));
      else filters.push({ key, operator: split.operator, value: split.rest });
    }
  }
  messages.push(...unknown);
  return messages.length > 0 ? { ok: false, messages } : { ok: true, filters };
}

export function invalidParameter(key: string, detail?: string): MirrorMessage {
  return detail === undefined ? { message: `Invalid parameter: ${key}` } : { message: `Invalid parameter: ${key}`, detail };
}

/**
 * Rules shared by the list endpoints. The reference checks only the value of `limit` and
 * `order` (rest/utils.js, filterValidityChecks) and its handlers read the value whatever the
 * operator: `limit=gt:5` is a limit of 5. Routes that read them otherwise require `eq`.
 */
export const LIMIT_RULE: ParamRule = (_op, value) => parsePositiveLong(value) !== null;
export const ORDER_RULE: ParamRule = (_op, value) => /^(asc|desc)$/i.test(value);
/** A `seconds[.nanos]` timestamp, with any operator. */
export const TIMESTAMP_RULE: ParamRule = (_op, value) => parseTimestampParam(value) !== null;

export type SortOrder = 'asc' | 'desc';

/** The page size: the last `limit` given, capped at the configured maximum. */
export function limitOf(filters: QueryFilter[], limits: { default: number; max: number }): number {
  const last = filters.filter((f) => f.key === 'limit').at(-1);
  const requested = last ? Number(last.value) : limits.default;
  return Math.min(requested, limits.max);
}

/**
 * The page size of the token allowances listing: without `limit` a fixed 25, the Java module's
 * default (JAVA_DEFAULT_LIMIT), whatever the configured default; a requested limit is capped at
 * the configured maximum. Answers only match the reference that way.
 */
export function fixedDefaultLimitOf(filters: QueryFilter[], limits: { max: number }): number {
  const requested = filters.some((f) => f.key === 'limit');
  return requested ? limitOf(filters, { default: JAVA_DEFAULT_LIMIT, max: limits.max }) : JAVA_DEFAULT_LIMIT;
}

/** The listing order: the last `order` given, else the endpoint's default. */
export function orderOf(filters: QueryFilter[], fallback: SortOrder): SortOrder {
  const last = filters.filter((f) => f.key === 'order').at(-1);
  return last ? (last.value.toLowerCase() as SortOrder) : fallback;
}

export function filtersFor(filters: QueryFilter[], key: string): QueryFilter[] {
  return filters.filter((f) => f.key === key);
}

/** The `timestamp` filters as nanoseconds; their rule (TIMESTAMP_RULE or stricter) has checked the values. */
export function timestampFiltersOf(filters: QueryFilter[]): Filter<bigint>[] {
  return filtersFor(filters, 'timestamp').map((f) => ({ operator: f.operator, value: parseTimestampParam(f.value)! }));
}
