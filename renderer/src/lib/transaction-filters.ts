import { timestampDate } from './format.ts';

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
}

const KEYS = { type: 'transactiontype', result: 'result', account: 'account.id' } as const;
const BEFORE_PREFIX = 'lt:';

export const NO_TRANSACTION_FILTERS: TransactionFilters = { type: '', result: '', account: '', timestamp: '', before: '' };

export function parseTransactionFilters(query: string): TransactionFilters {
  const params = new URLSearchParams(query);
  // `timestamp` may come twice: an exact one and an upper bound.
  const stamps = params.getAll('timestamp');
  return {
    type: params.get(KEYS.type) ?? '',
    result: params.get(KEYS.result) ?? '',
    account: params.get(KEYS.account) ?? '',
    timestamp: stamps.find((value) => !value.includes(':')) ?? '',
    before: stamps.find((value) => value.startsWith(BEFORE_PREFIX))?.slice(BEFORE_PREFIX.length) ?? '',
  };
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
