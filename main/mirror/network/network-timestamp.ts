import type { ParsedQuery } from '../http/query-string.ts';
import { splitOperator } from '../http/filter-operator.ts';
import { parseTimestampParam, MAX_LONG } from '../query/param-values.ts';
import { invalidParameter, type MirrorMessage } from '../query/query-filters.ts';

/** The closed range of a network endpoint's `timestamp` filters (an equality means "at or before"). */
export interface NetworkTimestampRange {
  lower: bigint;
  upper: bigint;
  given: boolean;
}

export type NetworkParams = { ok: true; range: NetworkTimestampRange; values: Map<string, string> } | { ok: false; messages: MirrorMessage[] };

/**
 * The most `timestamp` values the reference's Java module takes on the routes it serves
 * (NetworkController: `@Size(max = 2) TimestampParameter[] timestamp`). A violated constraint is
 * worded as a bare message there (see query/java-constraints.ts).
 */
const MAX_JAVA_TIMESTAMPS = 2;

/**
 * Validates the query of the network file and supply endpoints: `timestamp` (no `ne`) plus
 * the endpoint's own single-valued keys, each checked by `accepts`. Messages follow the
 * reference's Node.js module, including its wording for `ne` and for crossed bounds, as the
 * reference spec cases pin them (their `js` bodies). On the routes the Java module serves at
 * the pinned version (`javaModule`: exchange rate, supply), more than two `timestamp` values are
 * refused as it refuses them, a case no spec speaks to and the Node.js module took.
 */
export function parseNetworkParams(
  raw: ParsedQuery,
  accepts: Record<string, (value: string) => boolean>,
  neMessage: string,
  javaModule = false,
): NetworkParams {
  const messages: MirrorMessage[] = [];
  // The reference lists unknown keys after the bad values of known ones (fees/timestamp-invalid-params.json).
  const unknown: MirrorMessage[] = [];
  const values = new Map<string, string>();
  let lower = 0n;
  let upper = MAX_LONG;
  let given = false;
  for (const [key, list] of raw) {
    if (key !== 'timestamp' && !Object.hasOwn(accepts, key)) {
      unknown.push({ message: `Unknown query parameter: ${key}` });
      continue;
    }
    for (const value of list) {
      if (key !== 'timestamp') {
        if (accepts[key]!(value)) values.set(key, value);
        else messages.push(invalidParameter(key));
        continue;
      }
      const split = splitOperator(value);
      const ns = split ? parseTimestampParam(split.rest) : null;
      if (!split || ns === null) {
        messages.push(invalidParameter(key));
        continue;
      }
      if (split.operator === 'ne') {
        messages.push({ message: neMessage });
        continue;
      }
      given = true;
      if (split.operator === 'eq' || split.operator === 'lte') upper = ns < upper ? ns : upper;
      if (split.operator === 'lt') upper = ns - 1n < upper ? ns - 1n : upper;
      if (split.operator === 'gte') lower = ns > lower ? ns : lower;
      if (split.operator === 'gt') lower = ns + 1n > lower ? ns + 1n : lower;
    }
  }
  messages.push(...unknown);
  if (messages.length > 0) return { ok: false, messages };
  const timestamps = raw.get('timestamp')?.length ?? 0;
  if (javaModule && timestamps > MAX_JAVA_TIMESTAMPS) return { ok: false, messages: [{ message: `timestamp size must be between 0 and ${MAX_JAVA_TIMESTAMPS}` }] };
  if (lower > upper) return { ok: false, messages: [{ message: 'Lower timestamp cannot be higher than upper timestamp' }] };
  return { ok: true, range: { lower, upper, given }, values };
}
