import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';

export type SyncPhase = 'accounts' | 'tokens' | 'contracts' | 'transactions';

/** Where a phase stands, as stored in `sync_cursor` (migration 005). */
export interface SyncCursor {
  phase: SyncPhase;
  /** The next upstream page to fetch; null when the current pass is complete. */
  nextUrl: string | null;
  /** Items stored in the current pass. */
  items: number;
  /** Completed passes. */
  passes: number;
  /** Phase-specific: the last synced consensus timestamp for `transactions`. */
  mark: string | null;
  /** For `transactions`: the consensus timestamp following began after (migration 008); every upstream transaction after it is stored. */
  since?: string | null;
}

interface CursorRecord {
  phase: SyncPhase;
  next_url: string | null;
  items: number;
  passes: number;
  mark: string | null;
  since: string | null;
}

/** Reads and writes cursors; writes are meant to run inside the page's own transaction. */
export class SyncCursors {
  readonly #get;
  readonly #put;
  readonly #all;
  readonly #clearCrawls;

  constructor(db: SqliteDatabase) {
    this.#get = db.prepare('SELECT phase, next_url, items, passes, mark, since FROM sync_cursor WHERE phase = ?');
    this.#all = db.prepare('SELECT phase, next_url, items, passes, mark, since FROM sync_cursor ORDER BY phase');
    this.#clearCrawls = db.prepare("DELETE FROM sync_cursor WHERE phase IN ('accounts', 'tokens', 'contracts')");
    this.#put = db.prepare(`INSERT INTO sync_cursor (phase, next_url, items, passes, mark, since, updated_at)
      VALUES (@phase, @next_url, @items, @passes, @mark, @since, @updated_at)
      ON CONFLICT (phase) DO UPDATE SET next_url = excluded.next_url, items = excluded.items,
        passes = excluded.passes, mark = excluded.mark, since = excluded.since, updated_at = excluded.updated_at`);
  }

  get(phase: SyncPhase): SyncCursor | null {
    const row = this.#get.get(phase) as CursorRecord | undefined;
    return row ? fromRecord(row) : null;
  }

  all(): SyncCursor[] {
    return (this.#all.all() as CursorRecord[]).map(fromRecord);
  }

  put(cursor: SyncCursor): void {
    this.#put.run({ phase: cursor.phase, next_url: cursor.nextUrl, items: cursor.items, passes: cursor.passes, mark: cursor.mark, since: cursor.since ?? null, updated_at: Date.now() });
  }

  /**
   * Forgets where the crawls (accounts, tokens, contracts) stand: the next run starts a fresh pass
   * of each (re-sync). Following keeps its place: the transactions it stored stay held from where
   * it began (lists, balances at past moments, accounts' fetched histories joined up with that
   * start), and after the crawl it goes on from the last one followed, which picks up whatever
   * changed meanwhile. Starting it again at the upstream's newest would leave the stored ones
   * outside every list, and a gap after them.
   */
  clearCrawls(): void {
    this.#clearCrawls.run();
  }
}

function fromRecord(row: CursorRecord): SyncCursor {
  return { phase: row.phase, nextUrl: row.next_url, items: row.items, passes: row.passes, mark: row.mark, since: row.since };
}
