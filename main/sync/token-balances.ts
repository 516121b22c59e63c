import { LISTED_TOKEN_BALANCES } from '../common/listed-token-balances.ts';
import { tokenBalancesOf, type AccountRows, type TokenBalanceRow } from './account-rows.ts';
import { formatEntityId } from '../mirror/format/entity-id.ts';
import type { UpstreamClient } from './upstream-client.ts';
import { entityIdOf, inAnswerTo, intOf, UpstreamFormatError } from './upstream-values.ts';
import { nextPageOf } from './next-page.ts';

/** Most pages of token relationships read for one account; beyond, the balances stay partial. */
const MAX_RELATIONSHIP_PAGES = 50;
const COMPLETION_CONCURRENCY = 4;

export interface TokenContext {
  client: UpstreamClient;
  signal: AbortSignal;
}

/**
 * The accounts list shows an account's first 50 token balances in the order of the list, so
 * a descending list needs the others too. For every row that shows the full 50, reads all
 * of them from `/api/v1/accounts/{id}/tokens`, or where the upstream lacks that endpoint,
 * the 50 highest from a descending list of that one account.
 */
export async function completeTokenBalances(context: TokenContext, rows: AccountRows[], support: { relationships: boolean }): Promise<void> {
  const incomplete = rows.filter((row) => row.tokens !== null && !row.tokensComplete);
  // A few at a time: the rate limiter spaces them anyway, and a local upstream answers in parallel.
  for (let i = 0; i < incomplete.length; i += COMPLETION_CONCURRENCY) {
    await Promise.all(incomplete.slice(i, i + COMPLETION_CONCURRENCY).map((row) => completeRow(context, row, support)));
  }
}

async function completeRow(context: TokenContext, row: AccountRows, support: { relationships: boolean }): Promise<void> {
  if (row.tokens === null) return;
  const account = formatEntityId(row.entity.id);
  if (support.relationships) {
    const all = await readRelationships(context, account);
    if (all !== null) {
      row.tokens = all.tokens;
      row.tokensComplete = all.complete;
      return;
    }
    support.relationships = false;
  }
  const highest = await readHighestBalances(context, account);
  const merged = new Map<bigint, TokenBalanceRow>();
  for (const token of [...row.tokens, ...highest]) merged.set(token.token_id, token);
  row.tokens = [...merged.values()].sort((a, b) => (a.token_id < b.token_id ? -1 : a.token_id > b.token_id ? 1 : 0));
  // Two lists of 50 that together hold fewer than 100 overlap: they cover everything.
  row.tokensComplete = row.tokens.length < 2 * LISTED_TOKEN_BALANCES;
}

async function readRelationships(context: TokenContext, account: string): Promise<{ tokens: TokenBalanceRow[]; complete: boolean } | null> {
  const tokens: TokenBalanceRow[] = [];
  let url: string | null = `/api/v1/accounts/${account}/tokens?limit=100&order=asc`;
  const walked = new Set<string>();
  for (let page = 0; url !== null; page++) {
    if (page === MAX_RELATIONSHIP_PAGES) return { tokens, complete: false };
    const reply = await context.client.get(url, { signal: context.signal });
    if (reply.status === 404) return page === 0 ? null : { tokens, complete: false };
    if (reply.status !== 200) return null;
    const read: string = url;
    url = inAnswerTo(context.client.urlOf(read), () => {
      const body = reply.body as { tokens?: unknown; links?: { next?: unknown } };
      if (!Array.isArray(body.tokens)) throw new UpstreamFormatError(`${read} has no "tokens" array`);
      for (const relationship of body.tokens as Array<{ token_id?: unknown; balance?: unknown; associated?: unknown }>) {
        if (relationship.associated === false) continue;
        tokens.push({ token_id: entityIdOf(relationship.token_id)!, balance: intOf(relationship.balance) ?? 0n });
      }
      return nextPageOf(body, read, walked);
    });
  }
  return { tokens, complete: true };
}

async function readHighestBalances(context: TokenContext, account: string): Promise<TokenBalanceRow[]> {
  const path = `/api/v1/accounts?account.id=${account}&order=desc&limit=1`;
  const reply = await context.client.get(path, { signal: context.signal });
  if (reply.status !== 200) return [];
  const info = (reply.body as { accounts?: Array<{ balance?: { tokens?: unknown } | null }> }).accounts?.[0];
  return info?.balance ? inAnswerTo(context.client.urlOf(path), () => tokenBalancesOf(info.balance!.tokens)) : [];
}
