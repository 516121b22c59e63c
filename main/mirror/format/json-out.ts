/**
 * JSON with exact 64-bit integers. Values that do not fit a double travel as bigint and are
 * written as bare digits (JSON.rawJSON), the way the reference emits int8 columns.
 */
declare global {
  interface JSON {
    rawJSON(text: string): unknown;
    isRawJSON(value: unknown): boolean;
  }
}

/** A copy of `value` with every bigint as raw JSON digits, for JSON.stringify to write as is. */
function rawBigInts(value: unknown): unknown {
  if (typeof value === 'bigint') return JSON.rawJSON(value.toString());
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(rawBigInts);
  // Objects with toJSON (Dates, Buffers) and raw JSON are left to JSON.stringify.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function' || JSON.isRawJSON(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = rawBigInts((value as Record<string, unknown>)[key]);
  return copy;
}

export function stringifyJson(value: unknown): string {
  // Almost every body fits doubles, so the native stringify goes first. When a bigint (a
  // value beyond 2^53) is present it throws, and a copy with the bigints as raw digits is
  // written instead: a JS walk costs about half of what a replacer called per key costs.
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return JSON.stringify(rawBigInts(value));
  }
}

/**
 * A JSON array of int64 values (e.g. consensus timestamps for `json_each(?)`). Timestamps are
 * all beyond 2^53, so stringifyJson would always take its slow retry; digits joined are the same text.
 */
export function int64ListJson(values: readonly bigint[]): string {
  return `[${values.join(',')}]`;
}

// Hoisted: int64 runs for every amount of every rendered row.
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** An int64 column value for a response: a number where exact, a bigint otherwise. */
export function int64(value: bigint | number | null | undefined): number | bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  return value >= MIN_SAFE && value <= MAX_SAFE ? Number(value) : value;
}

interface ReviverContext {
  source?: string;
}

/** Parses JSON keeping integers beyond 2^53 exact as bigint (json-bigint's behaviour). */
export function parseJsonLossless(text: string): unknown {
  return JSON.parse(text, function (this: unknown, _key: string, value: unknown, context?: ReviverContext) {
    if (typeof value === 'number' && !Number.isSafeInteger(value) && context?.source && /^-?\d+$/.test(context.source)) {
      return BigInt(context.source);
    }
    return value;
  } as (key: string, value: unknown) => unknown);
}
