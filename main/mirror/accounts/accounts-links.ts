import { encodeEntityId } from '../format/entity-id.ts';
import { splitOperator } from '../http/filter-operator.ts';
import { formatQueryString, type ParsedQuery } from '../http/query-string.ts';
import type { AccountsQuery } from './accounts-params.ts';

export const ACCOUNTS_PATH = '/api/v1/accounts';

/**
 * The next page's address, or null. A page shorter than the limit is the last one. The
 * next query is the current one with the id bound on the paging side replaced by the last
 * id returned, appended after the other parameters as the reference does.
 */
export function nextAccountsLink(query: AccountsQuery, returned: number, lastAccount: string | null): string | null {
  if (returned < query.limit || lastAccount === null) return null;
  const ascending = query.order === 'asc';
  const replaced = ascending ? /^gte?:/ : /^lte?:/;
  const next: ParsedQuery = new Map();
  for (const [key, values] of query.raw) {
    const kept = key === 'account.id' ? values.filter((v) => !replaced.test(v)) : values;
    if (kept.length > 0) next.set(key, [...kept]);
  }
  const anchor = `${ascending ? 'gt' : 'lt'}:${lastAccount}`;
  next.set('account.id', [...(next.get('account.id') ?? []), anchor]);
  if (isEmptyIdRange(next.get('account.id')!)) return null;
  return `${ACCOUNTS_PATH}?${formatQueryString(next)}`;
}

/** True when the id bounds of a query cannot both hold, so another page cannot exist. */
function isEmptyIdRange(values: string[]): boolean {
  let lower = -(1n << 63n);
  let upper = 1n << 63n;
  for (const value of values) {
    const split = splitOperator(value);
    const id = split ? parseIdValue(split.rest) : null;
    if (!split || id === null) continue;
    if (split.operator === 'gt') lower = max(lower, id + 1n);
    if (split.operator === 'gte') lower = max(lower, id);
    if (split.operator === 'lt') upper = min(upper, id - 1n);
    if (split.operator === 'lte') upper = min(upper, id);
  }
  return lower > upper;
}

function parseIdValue(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length === 1 && /^\d+$/.test(text)) return BigInt(text);
  if (parts.length === 3 && parts.every((p) => /^\d+$/.test(p))) return encodeEntityId(BigInt(parts[0]!), BigInt(parts[1]!), BigInt(parts[2]!));
  return null;
}

const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

