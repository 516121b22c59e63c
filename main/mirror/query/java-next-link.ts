import type { ParsedQuery } from '../http/query-string.ts';
import { foldedRange } from './java-bound.ts';
import { MAX_LONG, MIN_LONG } from './param-values.ts';
import { parseJavaLong } from './java-params.ts';
import type { SortOrder } from './query-filters.ts';

/** The keys a next link may carry besides the page's own sort keys: undeclared ones are left out (LinkFactoryImpl). */
const ALLOWED_KEYS = new Set([
  'account.id', 'file.id', 'hook.id', 'key', 'limit', 'node.id', 'order', 'owner', 'receiver.id', 'registerednode.id',
  'type', 'sender.id', 'serialnumber', 'timestamp', 'token.id',
]);

/** One page of a Java-module listing, and what its last row holds of each paging key. */
export interface JavaPage {
  count: number;
  limit: number;
  order: SortOrder;
  /** The keys the listing is sorted by, in order: each gets the last row's value as its next bound. */
  sort: readonly string[];
  /** The last row's value of every key the listing pages by (some need not be in `sort`: a fungible airdrop's serial). */
  last: Readonly<Record<string, string>> | undefined;
}

const isSafe = (text: string): boolean => !/[\u0000-\u001f\u007f-\u009f]/.test(text);
const boundsSameSide = (order: SortOrder, value: string): boolean => (order === 'asc' ? /^gte?:/i : /^lte?:/i).test(value);
const isEquality = (value: string): boolean => /^eq:/i.test(value) || !/^[gl]te?:/i.test(value);

/**
 * The next page's address as the reference's Java module writes it (LinkFactoryImpl): none after
 * a short page. The request's keys stay in their order; a paging key keeps only its values that
 * bound the other side, and gets the last row's value appended, strict for the last sort key and
 * for a key whose next one is an equality, inclusive otherwise. A sort key the request fixes with
 * an equality gets nothing. Keys the route does not know are dropped. None either when the first
 * sort key's bounds leave nothing (gt:4 with lt:5).
 */
export function javaNextLink(path: string, raw: ParsedQuery, page: JavaPage): string | null {
  const { last, order, sort } = page;
  if (!last || page.count === 0 || page.limit > page.count) return null;
  const query = new Map<string, string[]>();
  const add = (key: string, value: string): void => {
    const values = query.get(key);
    if (values) values.push(value);
    else query.set(key, [value]);
  };
  for (const [key, values] of raw) {
    const paging = Object.hasOwn(last, key);
    if (!(ALLOWED_KEYS.has(key) || paging) || !isSafe(key)) continue;
    for (const value of values) if (isSafe(value) && !(paging && boundsSameSide(order, value))) add(key, value);
  }
  const fixed = new Map(sort.map((key) => [key, (query.get(key) ?? []).some(isEquality)]));
  sort.forEach((key, i) => {
    if (query.has(key) && fixed.get(key)) return;
    const exclusive = i + 1 < sort.length ? fixed.get(sort[i + 1]!)! : true;
    const value = `${order === 'asc' ? 'gt' : 'lt'}${exclusive ? '' : 'e'}:${last[key]}`;
    if (isSafe(value)) add(key, value);
  });
  if (sort.length > 0 && isEmptyRange(query.get(sort[0]!) ?? [])) return null;
  const pairs = [...query].flatMap(([key, values]) => values.map((value) => `${encodeQueryPart(key)}=${encodeQueryPart(value)}`));
  return pairs.length > 0 ? `${encodePath(path)}?${pairs.join('&')}` : encodePath(path);
}

/** Whether the plain-number bounds of a key leave no value (other values, such as `0.0.5`, are not read, as there). */
function isEmptyRange(values: readonly string[]): boolean {
  const bounds = values.flatMap((value) => {
    const match = /^(gte?|lte?):(.*)$/i.exec(value);
    const parsed = match ? parseJavaLong(match[2]!) : null;
    return parsed === null ? [] : [{ operator: match![1]!.toLowerCase() as 'gt' | 'gte' | 'lt' | 'lte', value: parsed }];
  });
  const { lower, upper } = foldedRange(bounds, MIN_LONG, MAX_LONG);
  return upper < lower;
}

/** Percent-encodes what a URI query parameter may not hold as is (Spring's UriComponentsBuilder.encode()). */
function encodeQueryPart(text: string): string {
  return encodeExcept(text, /[A-Za-z0-9\-._~!$'()*+,;:@/?]/);
}

function encodePath(text: string): string {
  return encodeExcept(text, /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/);
}

function encodeExcept(text: string, allowed: RegExp): string {
  let out = '';
  for (const char of text) {
    out += allowed.test(char) ? char : [...Buffer.from(char, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}
