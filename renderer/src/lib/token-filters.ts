/**
 * The Tokens screen's filters, kept in the URL hash under the mirror API's own names (`name`,
 * `type`, `order`), so the hash is also the query of `/api/v1/tokens`.
 */
export interface TokenFilters {
  /** Part of the token's name, matched without regard to case. */
  name: string;
  /** `FUNGIBLE_COMMON`, `NON_FUNGIBLE_UNIQUE` or empty for both. */
  type: string;
  /** `asc` (oldest token first, the API's default) or `desc`. */
  order: string;
}

export const TOKEN_TYPES = [
  { value: 'FUNGIBLE_COMMON', label: 'Fungible' },
  { value: 'NON_FUNGIBLE_UNIQUE', label: 'NFT collection' },
] as const;

/** The API's bounds on `name`, in UTF-8 bytes. */
const NAME_MIN_BYTES = 3;
const NAME_MAX_BYTES = 100;

/** Where a token name filter stands against the API's bounds (it counts UTF-8 bytes, not characters). */
export function tokenNameLength(name: string): 'empty' | 'short' | 'fits' | 'long' {
  const bytes = new TextEncoder().encode(name.trim()).length;
  if (bytes === 0) return 'empty';
  if (bytes < NAME_MIN_BYTES) return 'short';
  return bytes > NAME_MAX_BYTES ? 'long' : 'fits';
}
const ORDERS = new Set(['asc', 'desc']);
const TYPES = new Set<string>(TOKEN_TYPES.map((t) => t.value));

export function parseTokenFilters(query: string): TokenFilters {
  const params = new URLSearchParams(query);
  return { name: params.get('name') ?? '', type: params.get('type') ?? '', order: params.get('order') ?? '' };
}

/** The hash query: only the filters that are set, in a fixed order. */
export function tokenFiltersQuery(filters: TokenFilters): string {
  const params = new URLSearchParams();
  for (const name of ['name', 'type', 'order'] as const) {
    const value = filters[name].trim();
    if (value !== '') params.set(name, value);
  }
  return params.toString();
}

/**
 * Why the mirror would refuse these filters, said the way a user can act on, or null when they
 * can be asked for. Caught here so a two-letter name reads "too short" rather than the API's
 * "Invalid parameter: name".
 */
export function tokenFiltersProblem(filters: TokenFilters): string | null {
  const length = tokenNameLength(filters.name);
  if (length === 'short') return `Type at least ${NAME_MIN_BYTES} characters of the name`;
  if (length === 'long') return `A name filter holds at most ${NAME_MAX_BYTES} bytes`;
  if (filters.type !== '' && !TYPES.has(filters.type)) return `Unknown token type "${filters.type}"`;
  if (filters.order !== '' && !ORDERS.has(filters.order)) return `Order is asc or desc, not "${filters.order}"`;
  return null;
}

/** The mirror path of the first page. */
export function tokensPath(filters: TokenFilters, limit = 25): string {
  const query = tokenFiltersQuery(filters);
  return `/api/v1/tokens?${query ? `${query}&` : ''}limit=${limit}`;
}
