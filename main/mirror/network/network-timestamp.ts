import type { ParsedQuery } from '../http/query-string.ts';
import { splitOperator } from '../http/filter-operator.ts';
import { MAX_LONG, parseTimestampParam } from '../query/param-values.ts';
import type { JavaConstraints } from '../query/java-constraints.ts';
import { badRequest, type GetOutcome } from '../query/mirror-get.ts';
import { invalidParameter, type MirrorMessage } from '../query/query-filters.ts';

/** The closed range of a network endpoint's `timestamp` filters (an equality means "at or before"). */
export interface NetworkTimestampRange {
  lower: bigint;
  upper: bigint;
  given: boolean;
}

export type NetworkParams = { ok: true; range: NetworkTimestampRange; values: Map<string, string> } | { ok: false; error: GetOutcome };

/**
 * Validates the query of the network file and supply endpoints: `timestamp` (no `ne`) plus
 * the endpoint's own single-valued keys, each value (after its operator) checked by
 * `accepts`. Messages follow the reference's Node.js module, including its wording for `ne`,
 * as the reference spec cases pin them (their `js` bodies). The range is the filters' as
 * given, crossed or not: only the supply bounds it further (supplyWindow). On the routes the
 * Java module serves at the pinned version (exchange rate, supply), `javaConstraints` are that
 * module's constraints (`@Size(max = 2)` on `timestamp`), refused as it refuses them once the
 * values are read: a case no spec speaks to, which the Node.js module took.
 */
export function parseNetworkParams(
  raw: ParsedQuery,
  accepts: Record<string, (value: string) => boolean>,
  neMessage: string,
  javaConstraints?: JavaConstraints,
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
        // Read as the reference reads its filters: the text after any operator (`order=gt:desc` is desc).
        const own = splitOperator(value);
        if (own && accepts[key]!(own.rest)) values.set(key, own.rest);
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
  if (messages.length > 0) return { ok: false, error: badRequest(...messages) };
  const violated = javaConstraints?.outcome();
  if (violated) return { ok: false, error: violated };
  return { ok: true, range: { lower, upper, given }, values };
}

export type SupplyWindow = { ok: true; range: NetworkTimestampRange } | { ok: false; error: GetOutcome };

/**
 * The supply's balance-snapshot window, bounded as the reference's extractSupplyQuery bounds
 * it (rest/controllers/networkController.js): the upper bound starts at now and is never below
 * 0, so `lt:0` looks at instant 0 (no snapshot: 404) and a lower bound after now crosses it;
 * crossed bounds are refused. The exchange rate and the fees take their bounds as given
 * (extractFileDataQuery): crossed ones find no file, a 404.
 */
export function supplyWindow(range: NetworkTimestampRange, nowNs: bigint): SupplyWindow {
  const notAfterNow = range.upper < nowNs ? range.upper : nowNs;
  const upper = notAfterNow > 0n ? notAfterNow : 0n;
  if (range.lower > upper) return { ok: false, error: badRequest({ message: 'Lower timestamp cannot be higher than upper timestamp' }) };
  return { ok: true, range: { ...range, upper } };
}
