import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { formatTimestamp } from '../mirror/format/timestamp.ts';
import { HeldTransactions, PRUNED_BEFORE_KEY } from '../mirror/store/held-transactions.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import { SyncCursors } from './sync-cursor.ts';
import { timestampOf } from './upstream-values.ts';

/** The tables a followed or looked-up transaction writes rows to, each keyed or indexed by its consensus timestamp. */
export const FOLLOWED_TABLES = ['"transaction"', 'crypto_transfer', 'token_transfer', 'nft_transfer', 'staking_reward_transfer', 'transaction_hash',
  'assessed_custom_fee', 'contract_result', 'ethereum_transaction', 'contract_log'] as const;

/** Pruned with them: a followed message is a transaction's too, and a busy topic opened once sends millions a day. */
const PRUNED_TABLES = [...FOLLOWED_TABLES, 'topic_message'] as const;

/** The longest window a store keeps: ten years. */
export const MAX_KEEP_DAYS = 3650;

const KEEP_DAYS_KEY = 'sync.keep_days';
const NANOS_PER_DAY = 86_400n * 1_000_000_000n;

export interface PruneOutcome {
  /** Transactions deleted. */
  transactions: number;
  /** Every transaction before this consensus timestamp is gone; null when nothing was pruned. */
  before: string | null;
}

/**
 * How long a synced store keeps the transactions it follows: all of them (the default), or those
 * of the last N days of ledger time, counted back from the newest one followed. A store following
 * a busy network grows by every transaction (about 600 bytes each with its transfers, hash and
 * indexes), so a sync left running for weeks could fill the disk. Pruning deletes what is older,
 * with its transfers, hash, assessed fees, contract results, logs, blocks and topic messages, a
 * batch per SQLite transaction so that the API and the sync keep answering between batches.
 * Accounts, tokens, contracts, schedules and topics are state, not history, and stay. A topic's
 * held messages then start later (its run of sequence numbers, topic-history.ts, starts there).
 * The store then vouches for every transaction only after the boundary (`heldSince`), which is
 * what balances at earlier moments and an account's fetched history count back to; an account
 * whose fetched history reached further back holds from the boundary on, and fetching stops
 * there. SQLite reuses the freed pages, so the file stops growing rather than shrinking.
 */
export class FollowedRetention {
  readonly #db: SqliteDatabase;
  readonly #batch: number;
  readonly #cursors: SyncCursors;
  readonly #held: HeldTransactions;
  readonly #readMeta;
  readonly #writeMeta;
  readonly #deleteMeta;
  readonly #batchEnd;
  readonly #deleteBatch;
  readonly #clampHistories;

  constructor(db: SqliteDatabase, options: { batch?: number } = {}) {
    this.#db = db;
    this.#batch = options.batch ?? 5000;
    this.#cursors = new SyncCursors(db);
    this.#held = new HeldTransactions(db);
    this.#readMeta = db.prepare('SELECT value FROM store_meta WHERE key = ?').pluck();
    this.#writeMeta = db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
    this.#deleteMeta = db.prepare('DELETE FROM store_meta WHERE key = ?');
    // The timestamp of the transaction one past a batch: everything before it is one batch.
    this.#batchEnd = db.prepare('SELECT consensus_timestamp FROM "transaction" WHERE consensus_timestamp < ? ORDER BY consensus_timestamp LIMIT 1 OFFSET ?').pluck().safeIntegers(true);
    const deletes = PRUNED_TABLES.map((table) => db.prepare(`DELETE FROM ${table} WHERE consensus_timestamp < ?`));
    const blocks = db.prepare('DELETE FROM record_file WHERE consensus_end < ?');
    this.#deleteBatch = db.transaction((end: bigint) => {
      const transactions = deletes[0]!.run(end).changes;
      for (const remove of deletes.slice(1)) remove.run(end);
      blocks.run(end);
      return transactions;
    });
    const histories = db.prepare('SELECT account_id, held_since FROM account_history');
    const clamp = db.prepare('UPDATE account_history SET held_since = ?, next_url = NULL, complete = 0 WHERE account_id = ?');
    // An account whose fetched history reached further back now holds all from the cutoff on.
    this.#clampHistories = (cutoff: bigint) => {
      const from = cutoff - 1n;
      for (const { account_id, held_since } of histories.all() as Array<{ account_id: number; held_since: string }>) {
        if (timestampOf(held_since)! < from) clamp.run(formatTimestamp(from), account_id);
      }
    };
  }

  /** Days of followed transactions kept; null: all of them. */
  keepDays(): number | null {
    const value = this.#readMeta.get(KEEP_DAYS_KEY) as string | undefined;
    return value === undefined ? null : Number(value);
  }

  setKeepDays(days: number | null): void {
    if (days !== null && !(Number.isInteger(days) && days >= 1 && days <= MAX_KEEP_DAYS)) throw new RangeError(`keep days must be a whole number from 1 to ${MAX_KEEP_DAYS}`);
    if (days === null) this.#deleteMeta.run(KEEP_DAYS_KEY);
    else this.#writeMeta.run(KEEP_DAYS_KEY, String(days));
  }

  /**
   * Every upstream transaction after this consensus timestamp is in the store: where following
   * began, or the pruning boundary when that is later. Null while no transaction is followed.
   * The transaction lists start there too (main/mirror/store/held-transactions.ts).
   */
  heldSince(): string | null {
    return this.#held.heldSince();
  }

  /** The consensus timestamp before which transactions are not kept, from the newest one followed; null when all are. */
  cutoff(): bigint | null {
    const days = this.keepDays();
    const mark = this.#cursors.get('transactions')?.mark ?? null;
    if (days === null || mark === null || mark === '0') return null;
    return timestampOf(mark)! - BigInt(days) * NANOS_PER_DAY;
  }

  /**
   * Deletes the transactions older than the cutoff, a batch at a time, yielding between batches;
   * stops early (what is deleted stays deleted) when `signal` aborts. The boundary is written
   * before anything is deleted, so an interrupted prune never leaves the store vouching for
   * transactions it no longer has.
   */
  async prune(signal?: AbortSignal): Promise<PruneOutcome> {
    const cutoff = this.cutoff();
    if (cutoff === null) return { transactions: 0, before: null };
    this.#db.transaction(() => {
      const pruned = this.#readMeta.get(PRUNED_BEFORE_KEY) as string | undefined;
      if (pruned === undefined || timestampOf(pruned)! < cutoff) this.#writeMeta.run(PRUNED_BEFORE_KEY, formatTimestamp(cutoff));
      this.#clampHistories(cutoff);
    })();
    let transactions = 0;
    for (;;) {
      if (signal?.aborted) break;
      const end = this.#batchEnd.get(cutoff, this.#batch) as bigint | undefined;
      transactions += this.#deleteBatch(end ?? cutoff);
      if (end === undefined) break;
      await yieldToEventLoop();
    }
    return { transactions, before: formatTimestamp(cutoff) };
  }
}
