import type { StoreCompaction } from '../common/sync-types.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import { compactStore, type CompactionOutcome } from '../mirror/store/compact-store.ts';
import { formatStoreBytes } from '../mirror/store/store-size.ts';

/** What the sync is asked to do while the store is compacted: it waits for the compaction to end. */
export class StoreCompactingError extends Error {
  constructor() {
    super('the local store is being compacted; try again once that is done');
  }
}

/** What a compaction needs of the sync whose store it compacts. */
export interface SyncCompactionHooks {
  db: SqliteDatabase;
  /** Ends the compaction (it rolls back) when the sync closes. */
  signal: AbortSignal;
  log?: (line: string) => void;
  /** Stops whatever writes to the store (the run, a prune) before the copy begins. */
  stopWriting(): Promise<void>;
  /** The copy begins: the sync says `compacting`. */
  began(): void;
  /** The compaction moved on (`progress` changed). */
  progressed(): void;
  /** Done or not: the sync goes on as at start-up. */
  ended(): void;
}

/**
 * The one compaction of a sync's store at a time (compact-store.ts does the work), shared by
 * whoever asks for one meanwhile, and how far it is for the sync's status. Apart from the engine
 * because only its start and end touch the run: the engine stops for it and goes on after it.
 */
export class SyncCompaction {
  readonly #hooks: SyncCompactionHooks;
  #running: Promise<CompactionOutcome> | null = null;
  #progress: StoreCompaction | null = null;

  constructor(hooks: SyncCompactionHooks) {
    this.#hooks = hooks;
  }

  /** A compaction is under way. */
  get running(): boolean {
    return this.#running !== null;
  }

  /** How far the compaction under way is; null when none is. */
  get progress(): StoreCompaction | null {
    return this.#progress;
  }

  /** Compacts the store, or joins the compaction under way. */
  run(): Promise<CompactionOutcome> {
    this.#running ??= this.#compact().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /** The compaction under way, settled whatever its outcome (undefined when none is). */
  settled(): Promise<unknown> | undefined {
    return this.#running?.catch(() => undefined);
  }

  async #compact(): Promise<CompactionOutcome> {
    await this.#hooks.stopWriting();
    this.#progress = { step: 'copying', doneBytes: 0, totalBytes: 0 };
    this.#hooks.began();
    try {
      const outcome = await compactStore(this.#hooks.db, {
        signal: this.#hooks.signal,
        onProgress: (progress) => {
          this.#progress = progress;
          this.#hooks.progressed();
        },
      });
      this.#hooks.log?.(`sync: compacted the store from ${formatStoreBytes(outcome.beforeBytes)} to ${formatStoreBytes(outcome.afterBytes)}`);
      return outcome;
    } finally {
      this.#progress = null;
      this.#hooks.ended();
    }
  }
}
