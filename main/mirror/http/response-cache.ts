import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../store/ledger-store.ts';

/** A successful GET answer as it went out: enough to send it again byte for byte. */
export interface CachedResponse {
  body: string;
  etag: string;
  headers: Record<string, string>;
}

export interface ResponseCacheOptions {
  /** Upper bound on the bodies held, in UTF-16 code units (about bytes for JSON). */
  maxChars: number;
  /** Bodies larger than this are not worth holding: they would evict many small ones. */
  maxEntryChars: number;
}

export const DEFAULT_RESPONSE_CACHE: ResponseCacheOptions = { maxChars: 32 * 2 ** 20, maxEntryChars: 2 ** 20 };

/**
 * Recent mirror answers by URL, valid only while the store is unchanged. The reference runs
 * behind a response cache too; here the local data changes only when a writer commits (the
 * demo generator, a sync), so an answer stays exact until then.
 *
 * "Unchanged" is read from SQLite itself on every lookup: `PRAGMA data_version` moves when
 * another connection commits and `total_changes()` when this one writes. Either moving empties
 * the cache, so nothing stale is ever served, whoever wrote.
 */
export class ResponseCache {
  readonly #options: ResponseCacheOptions;
  readonly #dataVersion: Statement;
  readonly #ownChanges: Statement;
  readonly #entries = new Map<string, CachedResponse>();
  #chars = 0;
  #stamp = '';

  constructor(db: SqliteDatabase, options: ResponseCacheOptions = DEFAULT_RESPONSE_CACHE) {
    this.#options = options;
    this.#dataVersion = db.prepare('PRAGMA data_version').pluck();
    this.#ownChanges = db.prepare('SELECT total_changes()').pluck();
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The store's state right now. Take it before reading the store for an answer and hand it
   * to `set`, so an answer computed across a commit is never kept.
   */
  stamp(): string {
    this.#dropIfStale();
    return this.#stamp;
  }

  get(url: string): CachedResponse | undefined {
    this.#dropIfStale();
    const entry = this.#entries.get(url);
    if (entry) {
      // Least recently used goes first: re-inserting moves the entry to the end.
      this.#entries.delete(url);
      this.#entries.set(url, entry);
    }
    return entry;
  }

  set(url: string, entry: CachedResponse, stampBeforeRead: string): void {
    if (entry.body.length > this.#options.maxEntryChars) return;
    this.#dropIfStale();
    if (stampBeforeRead !== this.#stamp) return;
    const previous = this.#entries.get(url);
    if (previous) this.#chars -= previous.body.length;
    this.#entries.delete(url);
    this.#entries.set(url, entry);
    this.#chars += entry.body.length;
    for (const [oldest, old] of this.#entries) {
      if (this.#chars <= this.#options.maxChars) break;
      this.#entries.delete(oldest);
      this.#chars -= old.body.length;
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#chars = 0;
  }

  #dropIfStale(): void {
    const stamp = `${this.#dataVersion.get()}:${this.#ownChanges.get()}`;
    if (stamp !== this.#stamp) {
      this.clear();
      this.#stamp = stamp;
    }
  }
}
