import type { ListedCollection } from './listed-crawl.ts';
import { tokenRowsOf, type TokenRows } from './token-rows.ts';
import { tokenUpserter } from './token-writer.ts';

export const FIRST_TOKENS_PAGE = '/api/v1/tokens?limit=100&order=asc';

/**
 * `/api/v1/tokens`, crawled by `crawlListed`: the list shows only a summary, so each token's
 * full record (keys, supplies, fees, expiry) comes from `/api/v1/tokens/{id}`.
 */
export const TOKENS_LIST: ListedCollection<TokenRows> = {
  phase: 'tokens',
  firstPage: FIRST_TOKENS_PAGE,
  idParam: 'token.id',
  listKey: 'tokens',
  idKey: 'token_id',
  entity: 'token',
  rowsOf: tokenRowsOf,
  upserter: tokenUpserter,
};
