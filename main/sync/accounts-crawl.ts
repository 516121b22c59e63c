import { setImmediate as yieldToIo } from 'node:timers/promises';
import { parseEntityIdLoose } from '../mirror/format/entity-id.ts';
import { accountRowsOf, type AccountRows } from './account-rows.ts';
import type { AccountWriter, PageEtag } from './account-writer.ts';
import type { SyncCursor } from './sync-cursor.ts';
import { completeTokenBalances } from './token-balances.ts';
import type { UpstreamClient, UpstreamReply } from './upstream-client.ts';
import { inAnswerTo, UpstreamFormatError } from './upstream-values.ts';
import { NextLinkLoopError, nextPageOf } from './next-page.ts';
import { ListEndCheck, type ListEndContext } from './list-end.ts';
import type { WalkOrder } from './walk-order.ts';

/** The crawl's first page: every account and contract, ascending, the most a page may hold. */
export const FIRST_ACCOUNTS_PAGE = '/api/v1/accounts?limit=100&order=asc';
/** Each next link must go further up `account.id` than its page: a link back is refused before any page is read twice. */
const ACCOUNTS_WALK: WalkOrder = { param: 'account.id', order: 'asc' };

/** The last account id upstream: how far through the id space a crawl is estimates its size. */
export async function highestAccountId(client: UpstreamClient, signal: AbortSignal): Promise<number | null> {
  const reply = await client.get('/api/v1/accounts?limit=1&order=desc&balance=false', { signal });
  if (reply.status !== 200) return null;
  const account = (reply.body as { accounts?: Array<{ account?: unknown }> }).accounts?.[0]?.account;
  const id = typeof account === 'string' ? parseEntityIdLoose(account) : null;
  return id === null ? null : Number(id);
}

export interface CrawlContext extends ListEndContext {
  client: UpstreamClient;
  writer: AccountWriter;
  signal: AbortSignal;
  /** Whether the upstream serves `/api/v1/accounts/{id}/tokens`; learnt on first use. */
  tokenSupport?: { relationships: boolean };
  /** After each stored page: how many accounts it held and the last account id in it. */
  onPage?: (page: { items: number; lastAccount: string | null; unchanged: boolean }) => void;
}

interface FetchedPage {
  url: string;
  rows: AccountRows[];
  lastAccount: string | null;
  nextUrl: string | null;
  /** The ETag record to store, or (for a 304) the stored one. */
  etag: PageEtag | null;
  unchanged: boolean;
}

/**
 * One pass over `/api/v1/accounts` along `account.id`, ascending, following `links.next`,
 * resuming from the stored cursor. Every page and the cursor after it commit together.
 * The next page is requested as soon as the current one arrives, before its accounts' further
 * token balances are read and it is written, so the upstream works while this process does.
 * A page that names no next one ends the pass only once the upstream confirms that no account
 * follows (see ListEndCheck); else it is asked for again. Resolves when the pass is complete.
 */
export async function crawlAccounts(context: CrawlContext): Promise<void> {
  const cursors = context.writer.cursors;
  let cursor: SyncCursor = cursors.get('accounts') ?? { phase: 'accounts', nextUrl: FIRST_ACCOUNTS_PAGE, items: 0, passes: 0, mark: null };
  if (cursor.nextUrl === null) return;
  const end = new ListEndCheck({ firstPage: FIRST_ACCOUNTS_PAGE, idParam: 'account.id', listKey: 'accounts', idKey: 'account' }, context);
  const walked = new Set<string>();
  let pending = fetchAccountsPage(context, cursor.nextUrl, walked);
  for (;;) {
    const page = await pending.catch((error: unknown) => {
      // The cursor stays at the refused page (the next run asks for it alone again, and refuses its
      // link back at once while it stands), and no page of the loop answers a 304 with the link it
      // was stored with: the next run reads each of them whole, so a loop the upstream (or a proxy)
      // no longer makes is not walked again from the store.
      if (error instanceof NextLinkLoopError) context.writer.forgetEtags(error.loop);
      throw error;
    });
    // A page unchanged since it was stored (304) ends the list as it did then: had accounts been
    // added after it, they would have filled it (a page short of its limit has room) and changed it.
    if (page.nextUrl === null && !page.unchanged && !await end.confirmed(page.url, page.lastAccount)) {
      pending = fetchAccountsPage(context, page.url, walked);
      continue;
    }
    end.passed();
    if (page.nextUrl !== null) {
      pending = fetchAccountsPage(context, page.nextUrl, walked);
      // Nobody awaits it while this page is completed and written; its failure surfaces at the next await.
      pending.catch(() => undefined);
    }
    // The full token balances of accounts that show 50 come while the next page is on its way.
    await completeTokenBalances(context, page.rows, context.tokenSupport ?? { relationships: true });
    if (page.nextUrl !== null) await yieldToIo();
    context.signal.throwIfAborted();
    const items = page.etag?.items ?? page.rows.length;
    cursor = {
      ...cursor,
      nextUrl: page.nextUrl,
      items: cursor.items + items,
      passes: page.nextUrl === null ? cursor.passes + 1 : cursor.passes,
    };
    context.writer.applyPage(page.rows, cursor, page.unchanged ? null : page.etag);
    context.onPage?.({ items, lastAccount: page.lastAccount, unchanged: page.unchanged });
    if (page.nextUrl === null) return;
  }
}

/**
 * One page; its next link must go further up `account.id`, and (where its bound cannot be read) lead
 * to none of `walked`, the pages this run of the crawl has read.
 */
async function fetchAccountsPage(context: CrawlContext, url: string, walked: Set<string>): Promise<FetchedPage> {
  const known = context.writer.etagOf(url);
  const reply = await context.client.get(url, { etag: known?.etag ?? null, signal: context.signal });
  return inAnswerTo(context.client.urlOf(url), () => accountsPageOf(reply, url, known, walked));
}

function accountsPageOf(reply: UpstreamReply, url: string, known: PageEtag | null, walked: Set<string>): FetchedPage {
  // A page unchanged since it was stored answers with the next link stored with it, checked
  // against the walk again: one stored before links were checked could lead back.
  if (reply.status === 304 && known) {
    return { url, rows: [], lastAccount: null, nextUrl: nextPageOf({ links: { next: known.nextUrl } }, url, walked, ACCOUNTS_WALK), etag: known, unchanged: true };
  }
  if (reply.status !== 200) throw new UpstreamFormatError(`the upstream has no accounts list (HTTP ${reply.status} for ${url})`);
  const body = reply.body as { accounts?: unknown; links?: { next?: unknown } };
  if (!Array.isArray(body.accounts)) throw new UpstreamFormatError(`the accounts page ${url} has no "accounts" array`);
  const rows = body.accounts.map((info) => accountRowsOf(info as Record<string, unknown>));
  const nextUrl = nextPageOf(body, url, walked, ACCOUNTS_WALK);
  const lastAccount = rows.length > 0 ? (body.accounts.at(-1) as { account: string }).account : null;
  const etag = reply.etag ? { url, etag: reply.etag, nextUrl, items: rows.length } : null;
  return { url, rows, lastAccount, nextUrl, etag, unchanged: false };
}
