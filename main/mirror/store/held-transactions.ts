import { sqlInt } from '../format/entity-id.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import { parseTimestampParam } from '../query/param-values.ts';
import type { SqliteDatabase } from './ledger-store.ts';

/** `store_meta`: every transaction before this consensus timestamp was pruned (main/sync/followed-retention.ts). */
export const PRUNED_BEFORE_KEY = 'sync.pruned_before';

/** Transactions held without a gap: every one after `after` up to and including `through` (nanoseconds). */
export interface HeldRange {
  after: bigint;
  through: bigint;
}

interface CursorRow {
  since: string | null;
  mark: string | null;
}

/**
 * Which transactions a synced store holds whole, as opposed to one by one. Following stores every
 * upstream transaction after the moment it began (`sync_cursor.since`, migration 008) up to the
 * last one it reached (`mark`); pruning moves that start up to its boundary; an account's older
 * history fetched on request (`account_history`) holds every transaction of that account after its
 * `held_since`. Anything else a synced store has came alone: a transaction looked up by id
 * (main/sync/upstream-read-through.ts), or one newer than following has reached, with nothing
 * around it. A store that follows nothing (the demo ledger) holds all it has.
 */
export class HeldTransactions {
  readonly #cursor;
  readonly #prunedBefore;
  readonly #accountHeldSince;

  constructor(db: SqliteDatabase) {
    this.#cursor = db.prepare(`SELECT since, mark FROM sync_cursor WHERE phase = 'transactions'`);
    this.#prunedBefore = db.prepare('SELECT value FROM store_meta WHERE key = ?').pluck();
    this.#accountHeldSince = db.prepare('SELECT held_since FROM account_history WHERE account_id = ?').pluck();
  }

  /**
   * Every upstream transaction after this consensus timestamp is in the store: where following
   * began, or the pruning boundary when that is later. Null while no transaction is followed.
   */
  heldSince(): string | null {
    const cursor = this.#cursor.get() as CursorRow | undefined;
    const after = this.#heldAfter(cursor);
    if (after === null) return null;
    // Where following began is given as stored; only a later pruning boundary needs writing out.
    return after === nanosOf(cursor!.since!) ? cursor!.since : formatTimestamp(after);
  }

  /**
   * The range a list of transactions may show: the followed window; for a list of some accounts'
   * transactions, from where all of them are held (an account's fetched history reaches further
   * back). Null on a store that follows no transactions: all it has is listed.
   */
  range(accountIds: readonly bigint[] = []): HeldRange | null {
    const cursor = this.#cursor.get() as CursorRow | undefined;
    const followedAfter = this.#heldAfter(cursor);
    if (followedAfter === null) return null;
    let after = accountIds.length === 0 ? followedAfter : 0n;
    for (const id of accountIds) {
      const history = this.#accountHeldSince.get(sqlInt(id)) as string | undefined;
      const accountAfter = history === undefined ? followedAfter : min(nanosOf(history), followedAfter);
      if (accountAfter > after) after = accountAfter;
    }
    return { after, through: cursor!.mark === null ? followedAfter : nanosOf(cursor!.mark) };
  }

  /** heldSince() in nanoseconds; a store that follows nothing never reads the pruning boundary. */
  #heldAfter(cursor: CursorRow | undefined): bigint | null {
    const sinceText = cursor?.since ?? null;
    if (sinceText === null) return null;
    const since = nanosOf(sinceText);
    const pruned = this.#prunedBefore.get(PRUNED_BEFORE_KEY) as string | undefined;
    if (pruned === undefined) return since;
    const boundary = nanosOf(pruned) - 1n;
    return boundary > since ? boundary : since;
  }
}

/** A stored `seconds.nanos` timestamp as integer nanoseconds. */
function nanosOf(text: string): bigint {
  const ns = parseTimestampParam(text);
  if (ns === null) throw new Error(`A stored consensus timestamp is not seconds.nanos: ${JSON.stringify(text)}`);
  return ns;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
