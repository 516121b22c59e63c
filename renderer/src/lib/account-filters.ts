/**
 * The accounts screen's filters and their two text forms: the query string of
 * GET /api/v1/accounts and the screen's URL hash. Parsing keeps whatever the user typed,
 * valid or not: the API is the one judge of validity, and its 400 messages are shown as-is.
 */

export const LOWER_ID_OPERATORS = ['gte', 'gt', 'eq', 'ne'] as const;
export const UPPER_ID_OPERATORS = ['lte', 'lt'] as const;
export const BALANCE_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'ne'] as const;
export const ORDERS = ['asc', 'desc'] as const;

export type LowerIdOperator = (typeof LOWER_ID_OPERATORS)[number];
export type UpperIdOperator = (typeof UPPER_ID_OPERATORS)[number];
export type BalanceOperator = (typeof BALANCE_OPERATORS)[number];

export interface Comparison<Op extends string> {
  op: Op;
  /** Raw text as typed; empty means "no filter". */
  value: string;
}

export interface AccountFilters {
  idLower: Comparison<LowerIdOperator>;
  idUpper: Comparison<UpperIdOperator>;
  balance: Comparison<BalanceOperator>;
  publicKey: string;
  /** `asc` or `desc`; any other text from a hand-edited URL is kept so the API can reject it. */
  order: string;
  /** The `balance` parameter: include balances and token balances. */
  withBalance: boolean;
  /** Parameters this form has no field for, passed through so the API can name them. */
  extra: Array<[string, string]>;
}

/** Page size for the table; the API's maximum. */
export const PAGE_LIMIT = 100;

export function defaultFilters(): AccountFilters {
  return {
    idLower: { op: 'gte', value: '' },
    idUpper: { op: 'lte', value: '' },
    balance: { op: 'gt', value: '' },
    publicKey: '',
    order: 'asc',
    withBalance: true,
    extra: [],
  };
}

const OPERATOR_PREFIX = /^(gte|gt|lte|lt|eq|ne):(.*)$/s;

function splitOperator(raw: string): { op: string; value: string } {
  const match = OPERATOR_PREFIX.exec(raw);
  return match ? { op: match[1]!, value: match[2]! } : { op: 'eq', value: raw };
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** Reads filters from a query string (hash or API form, with or without `?`). */
export function parseFilters(query: string): AccountFilters {
  const filters = defaultFilters();
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  for (const [key, raw] of params) {
    if (key === 'account.id') {
      const { op, value } = splitOperator(raw);
      if (isOneOf(UPPER_ID_OPERATORS, op)) filters.idUpper = { op, value };
      else filters.idLower = { op: isOneOf(LOWER_ID_OPERATORS, op) ? op : 'eq', value };
    } else if (key === 'account.balance') {
      const { op, value } = splitOperator(raw);
      filters.balance = { op: isOneOf(BALANCE_OPERATORS, op) ? op : 'eq', value };
    } else if (key === 'account.publickey') {
      filters.publicKey = raw;
    } else if (key === 'order') {
      filters.order = raw;
    } else if (key === 'balance') {
      filters.withBalance = raw !== 'false';
    } else if (key !== 'limit') {
      filters.extra.push([key, raw]);
    }
  }
  return filters;
}

/** Keeps `:` and `,` readable in URLs; everything else is percent-encoded. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

function comparison(c: Comparison<string>): string | null {
  const value = c.value.trim();
  if (value === '') return null;
  return c.op === 'eq' ? value : `${c.op}:${value}`;
}

function pairs(filters: AccountFilters): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const lower = comparison(filters.idLower);
  const upper = comparison(filters.idUpper);
  const balance = comparison(filters.balance);
  if (lower !== null) out.push(['account.id', lower]);
  if (upper !== null) out.push(['account.id', upper]);
  if (balance !== null) out.push(['account.balance', balance]);
  if (filters.publicKey.trim() !== '') out.push(['account.publickey', filters.publicKey.trim()]);
  if (!filters.withBalance) out.push(['balance', 'false']);
  if (filters.order !== 'asc') out.push(['order', filters.order]);
  out.push(...filters.extra);
  return out;
}

const join = (list: Array<[string, string]>): string => list.map(([k, v]) => `${encodeValue(k)}=${encodeValue(v)}`).join('&');

/** The query string for the URL hash: only what differs from the defaults. */
export function filtersToHashQuery(filters: AccountFilters): string {
  return join(pairs(filters));
}

/** The query string for `accounts.list`: the filters plus the fixed page size. */
export function filtersToApiQuery(filters: AccountFilters, limit = PAGE_LIMIT): string {
  return join([...pairs(filters), ['limit', String(limit)]]);
}

/** True when no filter narrows or reorders the list. */
export function isDefaultFilters(filters: AccountFilters): boolean {
  return filtersToHashQuery(filters) === '';
}
