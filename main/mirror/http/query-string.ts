/**
 * Query strings as the reference reads them: keys lower-cased, repeated keys collected in
 * URL order, values percent-decoded ('+' is a space). Order of first appearance is kept
 * because error messages and `links.next` follow it. A key written `key[]` (axios's way of
 * sending a list) is `key`, as the reference's query parser (qs) reads it.
 */
export type ParsedQuery = Map<string, string[]>;

export class RepeatLimitError extends Error {
  readonly limit: number;

  constructor(limit: number) {
    super(`Array limit exceeded. Only ${limit} elements allowed in an array.`);
    this.limit = limit;
  }
}

export function parseQueryString(raw: string, maxRepeated: number): ParsedQuery {
  const query: ParsedQuery = new Map();
  const text = raw.startsWith('?') ? raw.slice(1) : raw;
  if (text === '') return query;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const key = decodeComponent(rawKey).toLowerCase().replace(/\[\]$/, '');
    if (key === '') continue;
    const values = query.get(key);
    if (values) {
      if (values.length >= maxRepeated) throw new RepeatLimitError(maxRepeated);
      values.push(decodeComponent(rawValue));
    } else {
      query.set(key, [decodeComponent(rawValue)]);
    }
  }
  return query;
}

function decodeComponent(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced; // malformed %-escapes stay literal, and then fail validation
  }
}

/** Writes a query back without re-encoding values, as the reference builds `links.next`. */
export function formatQueryString(query: ParsedQuery): string {
  const parts: string[] = [];
  for (const [key, values] of query) for (const value of values) parts.push(`${key}=${value}`);
  return parts.join('&');
}
