import qs from 'qs';

/** A limit of the reference's query parser broken: it answers qs's RangeError 400, with its message. */
export class QueryLimitError extends Error {
  readonly statusCode = 400;
}

/**
 * Query strings as the reference reads them: parsed by qs with the options its requestHandler
 * sets (depth 1, strictDepth, arrayLimit, throwOnLimitExceeded: `key[]` and `key[0]` are values
 * of `key`, `key[name]` makes `key` an object, `key[a][b]` is refused), then keys lower-cased,
 * the values of every spelling of a key collected in order. Order of first appearance is kept (integer-like keys first, as in the reference's
 * objects) because error messages and `links.next` follow it.
 */
export type ParsedQuery = Map<string, string[]>;

/**
 * What a key holds where qs builds an object or a nested array rather than a string
 * (`key[name]=v`, `key[0]=a&key[0]=b`): a text no request carries (a lone surrogate, which
 * neither a URL nor its percent-decoding yields), so that every rule refuses it, as the
 * reference refuses a value that is not a string (rest/utils.js, buildComparatorFilter).
 */
export const NESTED_VALUE = '\uD800[object Object]';

/**
 * Parses a raw query (a leading `?` allowed). qs refuses more than `maxRepeated` values for
 * one spelling of a key, with its own message; the reference then counts the values of all
 * spellings together (`limit` and `LIMIT`) and refuses a key over the limit with
 * "Parameter values count exceeds maximum number allowed" (rest/utils.js, buildFilters). It
 * lists that with the request's other bad parameters; this answers it alone.
 */
export function parseQueryString(raw: string, maxRepeated: number): ParsedQuery {
  const text = raw.startsWith('?') ? raw.slice(1) : raw;
  const query: ParsedQuery = new Map();
  for (const [key, value] of Object.entries(parsedLikeTheReference(text, maxRepeated))) {
    const lower = key.toLowerCase();
    const values = query.get(lower);
    if (values) values.push(...textsOf(value));
    else query.set(lower, textsOf(value));
  }
  for (const [key, values] of query) {
    if (values.length > maxRepeated) {
      throw new QueryLimitError(`Parameter values count exceeds maximum number allowed: ${key} count: ${values.length} max: ${maxRepeated}`);
    }
  }
  return query;
}

function parsedLikeTheReference(text: string, arrayLimit: number): qs.ParsedQs {
  try {
    return qs.parse(text, { depth: 1, strictDepth: true, arrayLimit, throwOnLimitExceeded: true });
  } catch (error) {
    if (error instanceof RangeError) throw new QueryLimitError(error.message);
    throw error;
  }
}

type QsValue = qs.ParsedQs[string];

/** A parsed value as the filters it makes: an array's elements (holes skipped), anything not a string nested. */
function textsOf(value: QsValue): string[] {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [NESTED_VALUE];
  return value.filter(() => true).map((item) => (typeof item === 'string' ? item : NESTED_VALUE));
}

/** Writes a query back without re-encoding values, as the reference builds `links.next`. */
export function formatQueryString(query: ParsedQuery): string {
  const parts: string[] = [];
  for (const [key, values] of query) for (const value of values) parts.push(`${key}=${value}`);
  return parts.join('&');
}
