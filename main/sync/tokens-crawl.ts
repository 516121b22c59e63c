import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import { SyncCursors, type SyncCursor } from './sync-cursor.ts';
import { tokenRowsOf, type TokenRows } from './token-rows.ts';
import { tokenUpserter } from './token-writer.ts';
import type { UpstreamClient } from './upstream-client.ts';
import { UpstreamFormatError } from './upstream-values.ts';

export const FIRST_TOKENS_PAGE = '/api/v1/tokens?limit=100&order=asc';
/** By-id reads in flight at once: the rate limiter spaces them, a local upstream answers in parallel. */
const DETAIL_CONCURRENCY = 4;

export interface TokensContext {
  client: UpstreamClient;
  db: SqliteDatabase;
  signal: AbortSignal;
  onPage?: (page: { items: number; lastToken: string | null }) => void;
}

/**
 * One pass over `/api/v1/tokens`, ascending, following `links.next`. The list shows only a
 * summary, so each token's full record (keys, supplies, fees, expiry) comes from its by-id
 * operation. A page of tokens and the cursor after it commit together. Resolves
 * 'unsupported' when the upstream has no tokens list.
 */
export async function crawlTokens(context: TokensContext): Promise<'done' | 'unsupported'> {
  const cursors = new SyncCursors(context.db);
  const upsert = tokenUpserter(context.db);
  const write = context.db.transaction((rows: TokenRows[], cursor: SyncCursor) => {
    for (const row of rows) upsert(row);
    cursors.put(cursor);
  });
  let cursor: SyncCursor = cursors.get('tokens') ?? { phase: 'tokens', nextUrl: FIRST_TOKENS_PAGE, items: 0, passes: 0, mark: null };
  while (cursor.nextUrl !== null) {
    const url: string = cursor.nextUrl;
    const reply = await context.client.get(url, { signal: context.signal });
    if (reply.status === 404) return 'unsupported';
    if (reply.status !== 200) throw new UpstreamFormatError(`unexpected answer to ${url}`);
    const body = reply.body as { tokens?: unknown; links?: { next?: unknown } };
    if (!Array.isArray(body.tokens)) throw new UpstreamFormatError(`the tokens page ${url} has no "tokens" array`);
    const ids = (body.tokens as Array<{ token_id?: unknown }>).map((listed) => String(listed.token_id));
    const rows = await fetchTokens(context, ids);
    const nextUrl = typeof body.links?.next === 'string' ? body.links.next : null;
    cursor = { ...cursor, nextUrl, items: cursor.items + rows.length, passes: nextUrl === null ? cursor.passes + 1 : cursor.passes };
    context.signal.throwIfAborted();
    write(rows, cursor);
    context.onPage?.({ items: rows.length, lastToken: ids.at(-1) ?? null });
  }
  return 'done';
}

/** The full records of listed tokens, in list order; a token gone by now (404) is skipped. */
async function fetchTokens(context: TokensContext, ids: string[]): Promise<TokenRows[]> {
  const found: Array<TokenRows | null> = new Array(ids.length).fill(null);
  for (let i = 0; i < ids.length; i += DETAIL_CONCURRENCY) {
    await Promise.all(ids.slice(i, i + DETAIL_CONCURRENCY).map(async (id, j) => {
      const detail = await context.client.get(`/api/v1/tokens/${id}`, { signal: context.signal });
      if (detail.status === 200) found[i + j] = tokenRowsOf(detail.body as Record<string, unknown>);
    }));
  }
  return found.filter((row): row is TokenRows => row !== null);
}
