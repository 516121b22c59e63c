import { parseFullEntityId } from '../mirror/format/entity-id.ts';
import { clockTime } from '../common/clock-time.ts';
import { deadlineSignal } from '../http/deadline-signal.ts';
import { QueueFullError, type RateLimiter } from './rate-limiter.ts';
import { UpstreamClient, UpstreamHoldError } from './upstream-client.ts';
import { LOOKUP_HOLD_CAP_MS } from './upstream-hold.ts';
import { UpstreamFormatError } from './upstream-values.ts';
import { nextPageOf } from './next-page.ts';
import type { WalkOrder } from './walk-order.ts';

export interface HistoryOptions {
  upstreamUrl: string;
  /** The sync's limiter: fetched history shares the profile's request budget with the crawl. */
  limiter: RateLimiter;
  /** Pages of 100 one request fetches at most. */
  pagesPerFetch?: number;
  /** Longest one request waits for the upstream, retries included. */
  deadlineMs?: number;
}

/**
 * What fetching an entity's older history on request takes, whatever the entity (an account's
 * transactions, a topic's messages): one fetch per entity at a time, a deadline per request, pages
 * read from the upstream with failures said in words, and an end when the profile closes.
 */
export class HistoryRequests {
  readonly pagesPerFetch: number;
  readonly #deadlineMs: number;
  readonly #client: UpstreamClient;
  readonly #inFlight = new Map<string, Promise<unknown>>();
  readonly #stop = new AbortController();

  constructor(options: HistoryOptions) {
    this.pagesPerFetch = options.pagesPerFetch ?? 20;
    this.#deadlineMs = options.deadlineMs ?? 60_000;
    this.#client = new UpstreamClient({ baseUrl: options.upstreamUrl, requestsPerSecond: 0, limiter: options.limiter, timeoutMs: 15_000, backoffCapMs: 5_000 });
  }

  /** Runs `fetch` for `id` unless one is under way, which is answered instead. */
  once<T>(id: string, fetch: (signal: AbortSignal) => Promise<T>): Promise<T> {
    let pending = this.#inFlight.get(id) as Promise<T> | undefined;
    if (!pending) {
      // Its deadline is followed by each request under it: see deadlineSignal for why not AbortSignal.any.
      const deadline = deadlineSignal(this.#deadlineMs, this.#stop.signal);
      pending = fetch(deadline.signal).finally(() => {
        deadline.dispose();
        this.#inFlight.delete(id);
      });
      this.#inFlight.set(id, pending);
    }
    return pending;
  }

  /**
   * One page of a list the upstream answers, as `{ [list]: [...], links }`. Fails with a
   * HistoryFetchError saying why (no answer in time, none at all, no such list, asked to wait), and
   * with an UpstreamFormatError for an answer without the list, or (along `walk`, the order its
   * pages go) with a next link back (NextLinkLoopError): fetched again, it would store those pages again.
   * Without `walk` an empty page is the end; along one, only a page whose next link is null is.
   *
   * Someone waits for it, so it is held back by the upstream's Retry-After as a lookup is, at most
   * LOOKUP_HOLD_CAP_MS in all, not for the crawl's whole wait (minutes): an upstream that still
   * refuses after that is said, with when to fetch again.
   */
  async page(url: string, list: string, signal: AbortSignal, progress: { stored: number; noun: string }, walk?: WalkOrder): Promise<{ items: Array<Record<string, unknown>>; next: string | null }> {
    const stored = `${progress.stored} older ${progress.noun}s were stored`;
    const reply = await this.#client.get(url, { signal, queueForMs: LOOKUP_HOLD_CAP_MS }).catch((error: unknown) => {
      // `until` is when a request someone waits for may go again (held at most LOOKUP_HOLD_CAP_MS), not the upstream's whole wait.
      if (error instanceof UpstreamHoldError) throw new HistoryFetchError(`the upstream asked to wait (Retry-After); fetch again after ${clockTime(error.until)} (${stored})`);
      if (error instanceof QueueFullError) throw new HistoryFetchError(`this profile's request rate to the upstream is taken for the next ${Math.ceil(error.waitMs / 1000)} s; fetch again then (${stored})`);
      throw new HistoryFetchError(signal.aborted && !this.#stop.signal.aborted
        ? `the upstream did not answer within ${this.#deadlineMs / 1000} s (${stored})`
        : `the upstream could not be read: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (reply.status !== 200) throw new HistoryFetchError(`the upstream has no such ${list} list (HTTP ${reply.status} for ${url})`);
    const body = reply.body as Record<string, unknown> & { links?: { next?: unknown } };
    const items = body[list];
    if (!Array.isArray(items)) throw new UpstreamFormatError(`the ${list} page ${url} has no "${list}" array`);
    // Along a walk an empty page may still name the next: a mirror node that bounds each transactions
    // query to a window of time (the reference's `bindTimestampRange`, 60 days by default) answers a
    // window without any of the list's items with an empty page linking to the window before it, and
    // ends the list only at its first transaction. The walk's order refuses a link that goes no
    // further, so following it cannot loop. A list read without a walk (a topic's messages, which the
    // reference bounds by no window) ends at its first empty page.
    const goesOn = items.length > 0 || walk !== undefined;
    return { items: items as Array<Record<string, unknown>>, next: goesOn ? nextPageOf(body, url, undefined, walk) : null };
  }

  /** Abandons fetches under way (the profile is closing); the pages already stored stay. */
  close(): void {
    this.#stop.abort();
  }
}

/** A request for an entity's history that cannot be met; the bridge answers it as `unavailable`. */
export class HistoryFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HistoryFetchError';
  }
}

/** The entity id a history request names (`shard.realm.num`), checked again here for callers other than the bridge. */
export function historyIdOf(text: string, noun: string): bigint {
  const id = parseFullEntityId(text);
  if (id === null) throw new RangeError(`not ${noun === 'account' ? 'an' : 'a'} ${noun} id: ${text}`);
  return id;
}
