import type { ParsedQuery } from '../http/query-string.ts';
import type { SortOrder } from './query-filters.ts';

/** The last row's value of one paging column: `gt:`/`lt:` it, or `gte:`/`lte:` when inclusive. */
export interface PageAnchor {
  key: string;
  value: string;
  inclusive?: boolean;
}

/**
 * The next page's address, built as the reference builds it (utils.getNextParamQueries):
 * for each anchor key, values bounding the paging side are dropped and the anchor appended
 * (only when the key was absent, or its first value was itself a range bound); everything
 * else is kept verbatim, in URL order. Returns null when the first anchor's bounds leave
 * an empty range. `rangeValue` turns that key's values into comparable integers.
 */
export function nextPageLink(
  path: string,
  raw: ParsedQuery,
  anchors: PageAnchor[],
  order: SortOrder,
  rangeValue: (text: string) => bigint | null,
): string | null {
  const dropped = order === 'asc' ? /gte?:/ : /lte?:/;
  const prefix = order === 'asc' ? 'gt' : 'lt';
  const query: ParsedQuery = new Map([...raw].map(([k, v]) => [k, [...v]]));
  for (const anchor of anchors) {
    const insert = `${prefix}${anchor.inclusive ? 'e' : ''}:${anchor.value}`;
    const original = query.get(anchor.key);
    if (!original) {
      query.set(anchor.key, [insert]);
      continue;
    }
    if (original.length === 1 && dropped.test(original[0]!)) {
      query.delete(anchor.key);
      query.set(anchor.key, [insert]);
      continue;
    }
    const kept = original.length === 1 ? original : original.filter((v) => !dropped.test(v));
    if (/^[gl]te?:/.test(original[0]!)) kept.push(insert);
    query.set(anchor.key, kept);
  }
  const primary = anchors[0];
  if (primary && isEmptyRange(query.get(primary.key) ?? [], rangeValue)) return null;
  const parts: string[] = [];
  for (const [key, values] of query) for (const value of values) parts.push(`${key}=${value}`);
  return parts.length > 0 ? `${path}?${parts.join('&')}` : path;
}

function isEmptyRange(values: string[], rangeValue: (text: string) => bigint | null): boolean {
  let lower: bigint | null = null;
  let upper: bigint | null = null;
  for (const value of values) {
    const match = /^([gl]te?):(.*)$/.exec(value);
    if (!match) continue;
    const parsed = rangeValue(match[2]!);
    if (parsed === null) continue;
    const op = match[1]!;
    if (op === 'gt' || op === 'gte') {
      const bound = op === 'gt' ? parsed + 1n : parsed;
      lower = lower === null || bound > lower ? bound : lower;
    } else {
      const bound = op === 'lt' ? parsed - 1n : parsed;
      upper = upper === null || bound < upper ? bound : upper;
    }
  }
  return lower !== null && upper !== null && upper < lower;
}

/**
 * The next page of a list paged by one sort key: none after a short page (or without a last
 * row), otherwise the last row's key value as the anchor, `gt:` or `lt:` by the order.
 */
export function singleKeyNextLink(
  path: string,
  raw: ParsedQuery,
  page: { count: number; limit: number; order: SortOrder },
  key: string,
  last: string | null | undefined,
  rangeValue: (text: string) => bigint | null,
): string | null {
  if (page.count !== page.limit || !last) return null;
  return nextPageLink(path, raw, [{ key, value: last }], page.order, rangeValue);
}
