import type { StatementCache } from '../query/statement-cache.ts';
import type { TokensListQuery } from './tokens-list-params.ts';

/** Which index walks the token list; chosen per request by `chooseTokensListDriver`. */
export type TokensListDriver = 'token-order' | 'account' | 'public-key' | 'name-search';

/**
 * Up to this many name matches, looking them up in the trigram index and sorting them by
 * id is cheap. Beyond it, matches are common enough that walking tokens in id order and
 * checking names reaches a full page sooner.
 */
export const NAME_SEARCH_PROBE_LIMIT = 1000;

/**
 * Picks the access path that answers a token list without scanning the table for a
 * selective filter: the account's relationships, the tokens with one admin key, or the
 * tokens whose name matches (when few do); otherwise tokens in id order.
 */
export function chooseTokensListDriver(statements: StatementCache, query: TokensListQuery): TokensListDriver {
  if (query.accountId !== null) return 'account';
  if (query.publicKeys.some((f) => f.operator === 'eq')) return 'public-key';
  if (query.names.length > 0) {
    const probe = statements.get(`SELECT count(*) AS n FROM (SELECT 1 FROM token_name_search WHERE name LIKE ? LIMIT ${NAME_SEARCH_PROBE_LIMIT})`);
    const matches = Number((probe.get(`%${query.names[0]}%`) as { n: bigint }).n);
    if (matches < NAME_SEARCH_PROBE_LIMIT) return 'name-search';
  }
  return 'token-order';
}
