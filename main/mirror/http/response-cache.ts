import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../store/ledger-store.ts';

/** A successful GET answer as it went out: enough to send it again byte for byte. */
export interface CachedResponse {
  /** UTF-8 bytes, encoded once: converting the text again for every send cost more than the rest of a hit. */
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
  /** `headers` as name, value pairs plus Content-Length: ready for `writeHead`. */
  rawHeaders: string[];
}

export interface ResponseCacheOptions {
  /** Upper bound on the bodies held, in bytes. */
  maxBytes: number;
  /** Bodies larger than this are not worth holding: they would evict many small ones. */
  maxEntryBytes: number;
}

export const DEFAULT_RESPONSE_CACHE: ResponseCacheOptions = { maxBytes: 32 * 2 ** 20, maxEntryBytes: 2 ** 20 };

/**
 * Recent mirror answers by URL, valid only while the store is unchanged. The reference runs
 * behind a response cache too; here the local data changes only when a writer commits (the
 * demo generator, a sync), so an answer stays exact until then.
 *
 * "Unchanged" is read from SQLite itself: `total_changes()` moves when this connection writes
 * and is read on every lookup; `PRAGMA data_version` moves when another connection commits.
 * Either moving empties the cache, so nothing stale is served, whoever wrote.
 *
 * `data_version` took about 15 us per read under load (it begins a WAL read), more than the
 * rest of a hit's own work, so it is read once per event-loop turn. That loses nothing: every request handled in
 * a turn was already received when the turn began, so a commit landing later in the turn is
 * concurrent with it, and either answer is one the client could have had.
 */
export class ResponseCache {
  readonly #options: ResponseCacheOptions;
  readonly #dataVersion: Statement;
  readonly #ownChanges: Statement;
  readonly #entries = new Map<string, CachedResponse>();
  #bytes = 0;
  #stamp = '';
  #foreignVersion: unknown = null;
  #foreignVersionFresh = false;

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
    if (entry.body.length > this.#options.maxEntryBytes) return;
    this.#dropIfStale();
    if (stampBeforeRead !== this.#stamp) return;
    const previous = this.#entries.get(url);
    if (previous) this.#bytes -= previous.body.length;
    this.#entries.delete(url);
    this.#entries.set(url, entry);
    this.#bytes += entry.body.length;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.body.length;
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #dropIfStale(): void {
    if (!this.#foreignVersionFresh) {
      this.#foreignVersion = this.#dataVersion.get();
      this.#foreignVersionFresh = true;
      setImmediate(() => { this.#foreignVersionFresh = false; }).unref();
    }
    const stamp = `${this.#foreignVersion}:${this.#ownChanges.get()}`;
    if (stamp !== this.#stamp) {
      this.clear();
      this.#stamp = stamp;
    }
  }
}
