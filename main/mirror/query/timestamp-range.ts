import type { Filter } from '../http/filter-operator.ts';
import { MAX_LONG } from './param-values.ts';

/** The closed range [lower, upper] that timestamp filters allow, plus excluded (`ne`) times. */
export interface TimestampBounds {
  lower: bigint;
  upper: bigint;
  excluded: bigint[];
}

/**
 * Folds timestamp filters into one closed range; `eqAs` says how a bare equality reads
 * (snapshot endpoints take it as "at or before"). Returns null for an empty range.
 */
export function timestampBounds(filters: Filter<bigint>[], eqAs: 'lte' | 'eq' = 'lte'): TimestampBounds | null {
  let lower = 0n;
  let upper = MAX_LONG;
  const excluded: bigint[] = [];
  for (const { operator, value } of filters) {
    const op = operator === 'eq' ? eqAs : operator;
    if (op === 'lte' || op === 'eq') upper = value < upper ? value : upper;
    if (op === 'lt') upper = value - 1n < upper ? value - 1n : upper;
    if (op === 'gte' || op === 'eq') lower = value > lower ? value : lower;
    if (op === 'gt') lower = value + 1n > lower ? value + 1n : lower;
    if (op === 'ne') excluded.push(value);
  }
  return lower > upper ? null : { lower, upper, excluded };
}

const NANOS_PER_MILLI = 1_000_000n;

/** Midnight UTC on the first day of the month `delta` months from the one `ns` falls in. */
export function firstDayOfMonth(ns: bigint, delta = 0): bigint {
  const date = new Date(Number(ns / NANOS_PER_MILLI));
  return BigInt(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + delta)) * NANOS_PER_MILLI;
}

export function nowNanos(): bigint {
  return BigInt(Date.now()) * NANOS_PER_MILLI;
}
