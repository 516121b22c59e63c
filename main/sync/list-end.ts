import { setTimeout as sleep } from 'node:timers/promises';
import { backoffDelay, type BackoffOptions } from './backoff.ts';
import { UpstreamError, type UpstreamClient } from './upstream-client.ts';
import { UpstreamFormatError } from './upstream-values.ts';

/**
 * A list a crawl walks along its id, ascending: where it lives, the id filter its next links use
 * (`account.id=gt:0.0.1100`), the array a page holds and each item's own id field.
 */
export interface WalkedList {
  /** The list's first page, as the crawl asks for it (`/api/v1/accounts?limit=100&order=asc`). */
  firstPage: string;
  idParam: 'account.id' | 'token.id' | 'contract.id';
  /** The page's array (`tokens`) and each listed item's id field (`token_id`). */
  listKey: string;
  idKey: string;
}

/** A page that ended the list early, to be asked for again after a wait. */
export interface ShortPageRetry {
  /** What is wrong, in words: the page, how many times in a row, and what the upstream lists after it. */
  message: string;
  /** When the page is asked for again (ms since the epoch). */
  retryAt: number;
}

export interface ListEndContext {
  client: UpstreamClient;
  signal: AbortSignal;
  /** The waits before asking again for a page that ended the list early (tests shorten them). */
  shortPageBackoff?: BackoffOptions;
  /**
   * A page ended the list early and is asked for again after a wait. Nothing failed over HTTP, so
   * without this the wait (half a minute at most) would pass unseen until the crawl gives up.
   */
  onShortPage?: (retry: ShortPageRetry) => void;
  /** A page came whole (it named its next page, or nothing follows it after all): what `onShortPage` said is over. */
  onPageWhole?: () => void;
}

/** What #itemAfter answers when the upstream refuses to say what follows. */
const UNCHECKABLE = Symbol('the upstream refused the check');

/** Denials in a row before the crawl fails: with the backoff below, about half a minute of asking. */
export const SHORT_PAGE_ATTEMPTS = 8;
const SHORT_PAGE_BACKOFF: BackoffOptions = { baseMs: 500, capMs: 15_000 };

/**
 * A page that says "no next" (an empty page, `links.next` null) ends a pass only once the upstream
 * confirms that nothing follows: an upstream or a gateway in front of it that answers a page short
 * for a moment would otherwise end the pass for good, the rest of the list unseen until the next.
 * The same upstream is asked for the one item after the last the walk has seen. Each denial is
 * answered as a fault: the page is asked again after a backoff (said through `onShortPage`, as a
 * retried request's failure is), and after so many in a row the crawl fails (as for a malformed
 * answer), to resume at that page after the sync's pause.
 */
export class ListEndCheck {
  readonly #list: WalkedList;
  readonly #context: ListEndContext;
  #denials = 0;

  constructor(list: WalkedList, context: ListEndContext) {
    this.#list = list;
    this.#context = context;
  }

  /**
   * Whether the page at `url`, which named no next page, is the end of the list; `lastId` is the
   * last item it held (null when empty). True when it is (the walk then calls `passed`); false after
   * waiting out the backoff: ask for `url` again.
   */
  async confirmed(url: string, lastId: string | null): Promise<boolean> {
    const after = lastId ?? walkPositionOf(url, this.#list.idParam);
    // A next link filtered in a way this walk does not know cannot be checked: as before, the page's word stands.
    if (after === undefined) return true;
    const more = await this.#itemAfter(after);
    if (more === null || more === UNCHECKABLE) return true;
    const denials = ++this.#denials;
    const denied = `the upstream's ${this.#list.listKey} page ${url} ended the list${denials > 1 ? ` ${denials} times in a row` : ''}, yet it lists ${more} after ${after ?? 'the start'}`;
    if (denials >= SHORT_PAGE_ATTEMPTS) {
      this.#denials = 0;
      throw new UpstreamFormatError(denied);
    }
    const waitMs = backoffDelay(denials - 1, this.#context.shortPageBackoff ?? SHORT_PAGE_BACKOFF);
    this.#context.onShortPage?.({ message: `${denied}; it is asked for again, up to ${SHORT_PAGE_ATTEMPTS} times in all`, retryAt: Date.now() + waitMs });
    await sleep(waitMs, undefined, { signal: this.#context.signal });
    return false;
  }

  /** A page the walk goes on from (it named its next page, or `confirmed` found it ends the list): denials so far are over. */
  passed(): void {
    this.#denials = 0;
    this.#context.onPageWhole?.();
  }

  /**
   * The id of the first item after `after` (from the start when null), or null when there is none.
   * An upstream that refuses the question (404, or another client error) leaves the page's word
   * standing (UNCHECKABLE), so that a sync that went through before this check is not stopped by it.
   */
  async #itemAfter(after: string | null): Promise<string | null | typeof UNCHECKABLE> {
    const url = confirmationUrl(this.#list, after);
    let reply;
    try {
      reply = await this.#context.client.get(url, { signal: this.#context.signal });
    } catch (error) {
      if (error instanceof UpstreamError && error.status !== null && error.status >= 400 && error.status < 500) return UNCHECKABLE;
      throw error;
    }
    if (reply.status !== 200) return UNCHECKABLE;
    const items = (reply.body as Record<string, unknown> | null)?.[this.#list.listKey];
    if (!Array.isArray(items)) throw new UpstreamFormatError(`the ${this.#list.listKey} page ${url} has no "${this.#list.listKey}" array`);
    if (items.length === 0) return null;
    const first = items[0] as Record<string, unknown> | null;
    const id = first?.[this.#list.idKey];
    return typeof id === 'string' ? id : 'an item';
  }
}

/** `…?account.id=gt:<after>&limit=1&order=asc`: the one item after `after`, or the first when null. */
export function confirmationUrl(list: WalkedList, after: string | null): string {
  const [path, query = ''] = list.firstPage.split('?') as [string, string?];
  const rest = new URLSearchParams(query);
  rest.delete('limit');
  rest.delete(list.idParam);
  const bound = after === null ? [] : [`${list.idParam}=gt:${encodeURIComponent(after)}`];
  return `${path}?${[...bound, 'limit=1', ...[...rest].map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)].join('&')}`;
}

/**
 * How far along the list the page at `url` starts: the id its next link's `gt:` filter names, null
 * for a page with no id filter (the list's start), undefined for a filter of another form.
 */
export function walkPositionOf(url: string, idParam: WalkedList['idParam']): string | null | undefined {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const filters = new URLSearchParams(query).getAll(idParam);
  if (filters.length === 0) return null;
  const bound = filters.length === 1 ? /^gt:(.+)$/.exec(filters[0]!) : null;
  return bound ? bound[1]! : undefined;
}
