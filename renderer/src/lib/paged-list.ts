import type { ApiError, ApiResult } from '../../../main/common/api-contract.ts';
import { settledApiCall } from './settled-api-call.ts';
import { Observable } from './observable.ts';

/** One page as the list needs it: its items and the query of the next page, if any. */
export interface Page<T> {
  items: T[];
  /** Query string (without `?`) of the next page, or null on the last page. */
  next: string | null;
}

/** Where a list stands, enough to show it again without asking: its rows and the next page's query. */
export interface ListPlace<T> {
  query: string;
  items: readonly T[];
  next: string | null;
  pages: number;
}

export type PageLoader<T> = (query: string) => Promise<ApiResult<Page<T>>>;

export interface PagedSnapshot<T> {
  /** The first page's query; null before the first `reset`. */
  query: string | null;
  items: readonly T[];
  /** `loading`: the first page is on its way; `ready`: at least one page arrived. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  hasMore: boolean;
  /** Why the last request failed; kept with the loaded rows when a later page fails. */
  error: ApiError | null;
  pages: number;
}

/**
 * A list loaded page by page by following next links. At most one request is in flight;
 * asking again for the page already being fetched returns the same promise, and answers
 * that arrive after a `reset` are dropped, so fast filter changes never mix result sets.
 */
export class PagedList<T> {
  readonly #load: PageLoader<T>;
  readonly #snapshot = new Observable<PagedSnapshot<T>>({ query: null, items: [], status: 'idle', loadingMore: false, hasMore: false, error: null, pages: 0 });
  #next: string | null = null;
  #generation = 0;
  #inFlight: { query: string; promise: Promise<void> } | null = null;

  constructor(load: PageLoader<T>) {
    this.#load = load;
  }

  get snapshot(): PagedSnapshot<T> {
    return this.#snapshot.value;
  }

  subscribe(listener: (snapshot: PagedSnapshot<T>) => void): () => void {
    return this.#snapshot.subscribe(listener);
  }

  /**
   * The rows loaded so far and where the next page starts; null until a first page is in. A page
   * still on its way is not part of it (its query stays the next one).
   */
  get place(): ListPlace<T> | null {
    const s = this.#snapshot.value;
    if (s.query === null || s.status !== 'ready') return null;
    return { query: s.query, items: s.items, next: this.#next, pages: s.pages };
  }

  /**
   * Shows a place kept from `place` again, as loaded, without asking for any page: "more" goes on
   * from its next page. Whatever was loading is dropped, as by a `reset`.
   */
  resume(place: ListPlace<T>): void {
    this.#generation += 1;
    this.#inFlight = null;
    this.#next = place.next;
    this.#snapshot.set({ query: place.query, items: place.items, status: 'ready', loadingMore: false, hasMore: place.next !== null, error: null, pages: place.pages });
  }

  /** Drops everything and loads the first page of `query`. */
  reset(query: string): Promise<void> {
    const s = this.#snapshot.value;
    if (this.#inFlight && s.query === query && s.status === 'loading') return this.#inFlight.promise;
    this.#generation += 1;
    this.#inFlight = null;
    this.#next = null;
    this.#snapshot.set({ query, items: [], status: 'loading', loadingMore: false, hasMore: false, error: null, pages: 0 });
    return this.#fetch(query, 'first');
  }

  /**
   * Loads the first page of the current query again in place: the rows shown stay until the answer
   * replaces them, with no loading state between, and a failure leaves them as they were. For a
   * list whose source grew (a sync storing more); ignored while anything else is loading.
   */
  refresh(): Promise<void> {
    const s = this.#snapshot.value;
    if (this.#inFlight) return this.#inFlight.promise;
    if (s.query === null || s.status !== 'ready' || s.loadingMore) return Promise.resolve();
    return this.#fetch(s.query, 'refresh');
  }

  /** Loads the next page if there is one and nothing else is loading or failed. */
  loadMore(): Promise<void> {
    if (this.#inFlight) return this.#inFlight.promise;
    const s = this.#snapshot.value;
    if (this.#next === null || s.status !== 'ready' || s.error) return Promise.resolve();
    this.#snapshot.set({ ...s, loadingMore: true });
    return this.#fetch(this.#next, 'more');
  }

  /** After a failure: reloads the first page, or the failed next page when rows are loaded. */
  retry(): Promise<void> {
    const s = this.#snapshot.value;
    if (s.query === null) return Promise.resolve();
    if (s.pages === 0 || this.#next === null) return this.reset(s.query);
    this.#snapshot.set({ ...s, error: null, status: 'ready' });
    return this.loadMore();
  }

  /** `first` after a reset, `more` appends the next page, `refresh` replaces the rows shown. */
  #fetch(query: string, kind: 'first' | 'more' | 'refresh'): Promise<void> {
    const first = kind !== 'more';
    if (this.#inFlight?.query === query) return this.#inFlight.promise;
    const generation = this.#generation;
    const promise = settledApiCall(() => this.#load(query)).then((result) => {
      if (generation !== this.#generation) return;
      this.#inFlight = null;
      const s = this.#snapshot.value;
      if (!result.ok) {
        if (kind === 'refresh') return;
        this.#snapshot.set({ ...s, status: first ? 'error' : s.status, loadingMore: false, error: result.error });
        return;
      }
      this.#next = result.value.next;
      this.#snapshot.set({
        ...s,
        items: first ? result.value.items : [...s.items, ...result.value.items],
        status: 'ready',
        loadingMore: false,
        hasMore: result.value.next !== null,
        error: null,
        pages: first ? 1 : s.pages + 1,
      });
    });
    this.#inFlight = { query, promise };
    return promise;
  }
}

/**
 * The query string of a `links.next` value: `/api/v1/accounts?limit=100&account.id=gt:0.0.5`
 * -> `limit=100&account.id=gt:0.0.5`. Accepts absolute URLs too.
 */
export function queryOfLink(link: string | null | undefined): string | null {
  if (!link) return null;
  const at = link.indexOf('?');
  return at === -1 ? '' : link.slice(at + 1);
}
