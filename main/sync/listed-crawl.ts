import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import { SyncCursors, type SyncCursor } from './sync-cursor.ts';
import type { UpstreamClient } from './upstream-client.ts';
import { inAnswerTo, UpstreamFormatError } from './upstream-values.ts';
import { fetchByIds, type ByIdEntity } from './by-id-answer.ts';
import { nextPageOf } from './next-page.ts';
import { ListEndCheck, type ListEndContext, type WalkedList } from './list-end.ts';

/**
 * A collection whose list shows only a summary, so each item's full record comes from its
 * by-id operation (tokens, contracts). What differs between them is named here; the crawl
 * itself is `crawlListed`.
 */
export interface ListedCollection<Rows> extends WalkedList {
  /** The phase, also the key of its cursor in `sync_cursor`. */
  phase: 'tokens' | 'contracts';
  /** What one listed item is, read by id (`byIdPath`). */
  entity: Extract<ByIdEntity, 'token' | 'contract'>;
  /** A by-id record turned back into the rows that render to the same JSON. */
  rowsOf: (record: Record<string, unknown>) => Rows;
  /** Stores one item's rows as upserts; the crawl wraps a page of them in a transaction. */
  upserter: (db: SqliteDatabase) => (rows: Rows) => void;
}

export interface ListedCrawlContext extends ListEndContext {
  client: UpstreamClient;
  db: SqliteDatabase;
  signal: AbortSignal;
  /** After each stored page: how many items it stored. */
  onPage?: (page: { items: number }) => void;
}

/**
 * One pass over a collection's list, ascending, following `links.next`, resuming from the
 * stored cursor; each listed item's full record comes from its by-id operation. A page of
 * items and the cursor after it commit together, so a killed process resumes at that page.
 * A page that names no next one ends the pass only once the upstream confirms that nothing
 * follows (see ListEndCheck); else it is asked for again.
 * Resolves 'unsupported' when the upstream has no such list (404).
 */
export async function crawlListed<Rows>(collection: ListedCollection<Rows>, context: ListedCrawlContext): Promise<'done' | 'unsupported'> {
  const cursors = new SyncCursors(context.db);
  const upsert = collection.upserter(context.db);
  const write = context.db.transaction((rows: Rows[], cursor: SyncCursor) => {
    for (const row of rows) upsert(row);
    cursors.put(cursor);
  });
  let cursor: SyncCursor = cursors.get(collection.phase) ?? { phase: collection.phase, nextUrl: collection.firstPage, items: 0, passes: 0, mark: null };
  const end = new ListEndCheck(collection, context);
  // A next link must go further up the list's id than its page; where its bound cannot be read, it may
  // lead to none of the pages this run has read. The next run goes on from the refused page.
  const walked = new Set<string>();
  while (cursor.nextUrl !== null) {
    const url: string = cursor.nextUrl;
    const reply = await context.client.get(url, { signal: context.signal });
    if (reply.status === 404) return 'unsupported';
    if (reply.status !== 200) throw new UpstreamFormatError(`unexpected answer to ${url}`);
    const { ids, nextUrl } = inAnswerTo(context.client.urlOf(url), () => {
      const body = reply.body as Record<string, unknown> & { links?: { next?: unknown } };
      const listed = body[collection.listKey];
      if (!Array.isArray(listed)) throw new UpstreamFormatError(`the ${collection.listKey} page ${url} has no "${collection.listKey}" array`);
      return {
        ids: (listed as Array<Record<string, unknown>>).map((item) => String(item[collection.idKey])),
        nextUrl: nextPageOf(body, url, walked, { param: collection.idParam, order: 'asc' }),
      };
    });
    // Confirmed before the page's records are asked for: a page refused is asked for again, whole.
    if (nextUrl === null && !await end.confirmed(url, ids.at(-1) ?? null)) continue;
    end.passed();
    const rows = await fetchByIds(context.client, context.signal, collection.entity, ids, collection.rowsOf);
    cursor = { ...cursor, nextUrl, items: cursor.items + rows.length, passes: nextUrl === null ? cursor.passes + 1 : cursor.passes };
    context.signal.throwIfAborted();
    write(rows, cursor);
    context.onPage?.({ items: rows.length });
  }
  return 'done';
}

