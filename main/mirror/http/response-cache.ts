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

/** One held answer in the recency list. */
interface CacheNode {
  url: string;
  entry: CachedResponse;
  newer: CacheNode | null;
  older: CacheNode | null;
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
  // Least recently used order as a linked list (`#newest` to `#oldest`), the Map only finding
  // entries: evicting by iterating a Map from its start skips every entry deleted before
  // (V8 leaves them as holes until it rehashes), which cost 15 us per insert once full.
  readonly #entries = new Map<string, CacheNode>();
  #newest: CacheNode | null = null;
  #oldest: CacheNode | null = null;
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
   * The answer held for `url`, if any, and the store's state right now: a request that goes
   * on to compute its answer hands that stamp to `set`, so an answer computed across a commit
   * is never kept.
   */
  lookup(url: string): { entry: CachedResponse | undefined; stamp: string } {
    this.#dropIfStale();
    const node = this.#entries.get(url);
    if (node) {
      this.#unlink(node);
      this.#pushNewest(node);
    }
    return { entry: node?.entry, stamp: this.#stamp };
  }

  set(url: string, entry: CachedResponse, stampBeforeRead: string): void {
    if (entry.body.length > this.#options.maxEntryBytes) return;
    this.#dropIfStale();
    if (stampBeforeRead !== this.#stamp) return;
    const previous = this.#entries.get(url);
    if (previous) this.#remove(previous);
    const node: CacheNode = { url, entry, newer: null, older: null };
    this.#entries.set(url, node);
    this.#pushNewest(node);
    this.#bytes += entry.body.length;
    while (this.#bytes > this.#options.maxBytes && this.#oldest) this.#remove(this.#oldest);
  }

  clear(): void {
    this.#entries.clear();
    this.#newest = null;
    this.#oldest = null;
    this.#bytes = 0;
  }

  #remove(node: CacheNode): void {
    this.#unlink(node);
    this.#entries.delete(node.url);
    this.#bytes -= node.entry.body.length;
  }

  #unlink(node: CacheNode): void {
    if (node.newer) node.newer.older = node.older;
    else this.#newest = node.older;
    if (node.older) node.older.newer = node.newer;
    else this.#oldest = node.newer;
    node.newer = null;
    node.older = null;
  }

  #pushNewest(node: CacheNode): void {
    node.older = this.#newest;
    if (this.#newest) this.#newest.newer = node;
    this.#newest = node;
    this.#oldest ??= node;
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
