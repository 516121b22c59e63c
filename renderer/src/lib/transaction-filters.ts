import { formatTimestamp, timestampDate } from './format.ts';

/**
 * The Transactions screen's filters, kept in the URL hash as the mirror API names them
 * (`transactiontype`, `result`, `account.id`, `timestamp`), so the hash is also the API query.
 */
export interface TransactionFilters {
  type: string;
  result: string;
  account: string;
  /** An exact consensus timestamp (links from contract results); no form field. */
  timestamp: string;
  /** Only transactions before this consensus timestamp (`seconds.nanos`), sent as `timestamp=lt:…`. */
  before: string;
  /**
   * Any other bound on the time an address gave, as the API takes it (`gte:…`, `gt:…`, `lte:…`,
   * `ne:…`, a second `lt:…`): no form field, but kept, shown and removable rather than dropped.
   */
  bounds: string[];
}

const KEYS = { type: 'transactiontype', result: 'result', account: 'account.id' } as const;
const BEFORE_PREFIX = 'lt:';
const EXACT_PREFIX = 'eq:';

export const NO_TRANSACTION_FILTERS: TransactionFilters = { type: '', result: '', account: '', timestamp: '', before: '', bounds: [] };

/**
 * The filters of a hash query. The API takes a type in any case and a result in any case
 * (`tokenmint`, `SUCCESS`): they are read as the form's fields name them (`TOKENMINT`, `success`),
 * so that the fields show what the list is filtered by.
 */
export function parseTransactionFilters(query: string): TransactionFilters {
  const params = new URLSearchParams(query);
  // `timestamp` may come several times: an exact one (bare or `eq:`), an upper bound, other bounds.
  const stamps = params.getAll('timestamp').map((value) => value.trim()).filter((value) => value !== '');
  const exact = stamps.find((value) => !value.includes(':') || value.toLowerCase().startsWith(EXACT_PREFIX));
  const before = stamps.find((value) => value.toLowerCase().startsWith(BEFORE_PREFIX));
  return {
    type: (params.get(KEYS.type) ?? '').trim().toUpperCase(),
    result: (params.get(KEYS.result) ?? '').trim().toLowerCase(),
    account: params.get(KEYS.account) ?? '',
    timestamp: exact === undefined ? '' : exact.includes(':') ? exact.slice(EXACT_PREFIX.length) : exact,
    before: before?.slice(BEFORE_PREFIX.length) ?? '',
    bounds: stamps.filter((value) => value !== exact && value !== before),
  };
}

const BOUND_WORDS: Readonly<Record<string, string>> = { gt: 'after', gte: 'from', lt: 'before', lte: 'up to', ne: 'not at' };

/** A bound as the filters show it: `gte:1791995581.487437137` -> `from 2026-10-14 16:33:01 UTC`; as given when unreadable. */
export function describeTimeBound(bound: string): string {
  const at = bound.indexOf(':');
  const words = BOUND_WORDS[bound.slice(0, at).toLowerCase()];
  const time = bound.slice(at + 1);
  return words !== undefined && timestampDate(time) !== null ? `${words} ${formatTimestamp(time)}` : `timestamp ${bound}`;
}

/** Whether the filters end the list at a time (an exact time, a `lt:` or `lte:` bound): no newer rows can join its top. */
export function boundedAbove(filters: TransactionFilters): boolean {
  return filters.timestamp.trim() !== '' || filters.before.trim() !== '' || filters.bounds.some((bound) => /^(lt|lte|eq):/i.test(bound));
}

/** The hash query: only the filters that are set, in a fixed order. */
export function transactionFiltersQuery(filters: TransactionFilters): string {
  const params = new URLSearchParams();
  for (const name of ['type', 'result', 'account'] as const) {
    const value = filters[name].trim();
    if (value !== '') params.set(KEYS[name], value);
  }
  if (filters.timestamp.trim() !== '') params.append('timestamp', filters.timestamp.trim());
  if (filters.before.trim() !== '') params.append('timestamp', `${BEFORE_PREFIX}${filters.before.trim()}`);
  for (const bound of filters.bounds) params.append('timestamp', bound);
  return params.toString();
}

/** The mirror path of the first page, newest first. */
export function transactionsPath(filters: TransactionFilters, limit = 25): string {
  const query = transactionFiltersQuery(filters);
  return `/api/v1/transactions?${query ? `${query}&` : ''}limit=${limit}`;
}

/**
 * A `datetime-local` value, read as UTC (the explorer shows every time in UTC), as a mirror
 * timestamp: `2026-10-14T16:33` -> `1791995580.000000000`; null when it is not such a value.
 */
export function utcInputToTimestamp(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const millis = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(millis);
  // Date.UTC rolls 2026-02-31 over into March: a date that does not exist is refused instead.
  if (Number.isNaN(millis) || millis < 0 || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1 || hour > 23 || minute > 59 || second > 59) return null;
  return `${millis / 1000}.000000000`;
}

/** A mirror timestamp as the `datetime-local` value showing it in UTC, to the second; '' when unreadable. */
export function timestampToUtcInput(timestamp: string): string {
  return timestampDate(timestamp.trim())?.toISOString().slice(0, 19) ?? '';
}
