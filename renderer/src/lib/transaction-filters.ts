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
}

const KEYS = { type: 'transactiontype', result: 'result', account: 'account.id', timestamp: 'timestamp' } as const;

export function parseTransactionFilters(query: string): TransactionFilters {
  const params = new URLSearchParams(query);
  return {
    type: params.get(KEYS.type) ?? '',
    result: params.get(KEYS.result) ?? '',
    account: params.get(KEYS.account) ?? '',
    timestamp: params.get(KEYS.timestamp) ?? '',
  };
}

/** The hash query: only the filters that are set, in a fixed order. */
export function transactionFiltersQuery(filters: TransactionFilters): string {
  const params = new URLSearchParams();
  for (const name of ['type', 'result', 'account', 'timestamp'] as const) {
    const value = filters[name].trim();
    if (value !== '') params.set(KEYS[name], value);
  }
  return params.toString();
}

/** The mirror path of the first page, newest first. */
export function transactionsPath(filters: TransactionFilters, limit = 25): string {
  const query = transactionFiltersQuery(filters);
  return `/api/v1/transactions?${query ? `${query}&` : ''}limit=${limit}`;
}
