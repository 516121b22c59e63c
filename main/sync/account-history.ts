import type { AccountHistory } from '../common/sync-types.ts';
import { sqlInt } from '../mirror/format/entity-id.ts';
import { formatTimestamp } from '../mirror/format/timestamp.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import { FollowedRetention } from './followed-retention.ts';
import { HistoryFetchError, historyIdOf, HistoryRequests, type HistoryOptions } from './history-requests.ts';
import { transactionRowsOf } from './transaction-rows.ts';
import { transactionUpserter } from './transaction-writer.ts';
import { timestampOf } from './upstream-values.ts';
import type { WalkOrder } from './walk-order.ts';

export interface AccountHistoryOptions extends HistoryOptions {
  db: SqliteDatabase;
}

/** The history's pages go down `timestamp`: a next link must reach further back than its page (`timestamp=lt:`). */
const NEWEST_FIRST: WalkOrder = { param: 'timestamp', order: 'desc' };

/** Every transaction of an account whose whole history is held is after this. */
const ALL = '0.000000000';

interface HistoryRecord {
  held_since: string;
  next_url: string | null;
  complete: number;
}

/**
 * An account's transactions from before the sync began following, fetched on request from the
 * upstream's `/transactions?account.id=` (newest first, the way the account's history is read)
 * and stored like followed ones. Each page commits with the point it reached, so an interrupted
 * fetch goes on from there; the account then holds every transaction after the oldest one
 * fetched, which is what a balance at an earlier moment is worked out back through. Like a
 * lookup by id, and unlike the crawl, it runs while the sync is paused: the user asked for it.
 */
export class AccountHistoryFetcher {
  readonly #requests: HistoryRequests;
  readonly #retention: FollowedRetention;
  readonly #read;
  readonly #storePage;

  constructor(options: AccountHistoryOptions) {
    this.#requests = new HistoryRequests(options);
    this.#retention = new FollowedRetention(options.db);
    this.#read = options.db.prepare('SELECT held_since, next_url, complete FROM account_history WHERE account_id = ?');
    const write = options.db.prepare(`INSERT INTO account_history (account_id, held_since, next_url, complete, updated_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (account_id) DO UPDATE SET held_since = excluded.held_since, next_url = excluded.next_url, complete = excluded.complete, updated_at = excluded.updated_at`);
    const upsertTransaction = transactionUpserter(options.db);
    this.#storePage = options.db.transaction((id: bigint, transactions: Array<Record<string, unknown>>, heldSince: string, nextUrl: string | null, complete: boolean) => {
      const rows = transactions.map(transactionRowsOf).filter((r) => r !== null);
      for (const r of rows) upsertTransaction(r);
      write.run(sqlInt(id), heldSince, nextUrl, complete ? 1 : 0, Date.now());
      return rows.length;
    });
  }

  /** What the store holds of the account's history, without asking the upstream. */
  held(account: string): AccountHistory {
    return this.#held(account, this.#record(historyIdOf(account, 'account')));
  }

  #record(id: bigint): HistoryRecord | undefined {
    return this.#read.get(sqlInt(id)) as HistoryRecord | undefined;
  }

  #held(account: string, record: HistoryRecord | undefined): AccountHistory {
    // Where following began, or the boundary before which the store keeps no transactions.
    const since = this.#retention.heldSince();
    const floor = this.#retention.cutoff();
    const kept = { keptFrom: formatTimestamp(floor), retentionReached: false };
    if (since === null) return { account, heldSince: null, complete: false, ...kept, fetched: 0 };
    if (record?.complete) return { account, heldSince: ALL, complete: true, ...kept, fetched: 0 };
    const heldSince = record?.held_since ?? since;
    // Held after the nanosecond before the floor: everything the store keeps.
    return { account, heldSince, complete: false, ...kept, retentionReached: floor !== null && timestampOf(heldSince)! < floor, fetched: 0 };
  }

  /** Stores up to `pagesPerFetch` pages more of the account's older transactions; one fetch per account at a time. */
  fetch(account: string): Promise<AccountHistory> {
    return this.#requests.once(account, (signal) => this.#fetch(account, signal));
  }

  /** Abandons fetches under way (the profile is closing); the pages already stored stay. */
  close(): void {
    this.#requests.close();
  }

  async #fetch(account: string, signal: AbortSignal): Promise<AccountHistory> {
    const id = historyIdOf(account, 'account');
    const record = this.#record(id);
    const start = this.#held(account, record);
    if (start.heldSince === null) throw new HistoryFetchError(`the sync has not begun following transactions yet, so there is nothing to join ${account}'s older history to`);
    if (start.complete || start.retentionReached) return start;
    // The first page reaches up to where following began: the transaction at `since` itself was not
    // followed. A store that keeps some days asks for none older than it keeps (they would be deleted again).
    const floor = this.#retention.cutoff();
    const first = `/api/v1/transactions?account.id=${account}&timestamp=lte:${start.heldSince}&order=desc&limit=100`;
    let url: string | null = floor === null ? record?.next_url ?? first : `${first}&timestamp=gte:${formatTimestamp(floor)}`;
    let fetched = 0;
    let heldSince = start.heldSince;
    // Empty pages count too: an upstream that answers a window of time per page may take many for a quiet account.
    for (let page = 0; page < this.#requests.pagesPerFetch && url !== null; page++) {
      const { items: transactions, next } = await this.#requests.page(url, 'transactions', signal, { stored: fetched, noun: 'transaction' }, NEWEST_FIRST);
      // Everything from the page's oldest transaction on is held: held after the nanosecond before it.
      // An empty page that names a next one covered a window without any of the account's
      // transactions: everything from where its next link goes on is held. At the end of the list,
      // all of it is: the whole history, or all from the floor on.
      if (next === null) heldSince = floor === null ? ALL : formatTimestamp(floor - 1n)!;
      else if (transactions.length > 0) heldSince = formatTimestamp(timestampOf(transactions.at(-1)!.consensus_timestamp ?? '')! - 1n)!;
      else heldSince = heldAfterLink(next, heldSince);
      fetched += this.#storePage(id, transactions, heldSince, next, next === null && floor === null);
      url = next;
    }
    return { ...this.held(account), fetched };
  }
}

/**
 * What an empty page's next link (`timestamp=lt:T`, as the reference names the window before the
 * empty one) says is held: everything from T on, so held after the nanosecond before it (after T
 * itself for `lte:T`); never less than `heldSince`, the point already reached. A link without a
 * readable upper bound on the timestamp says nothing, and the point stays where it was.
 */
function heldAfterLink(next: string, heldSince: string): string {
  const query = next.includes('?') ? next.slice(next.indexOf('?') + 1) : '';
  let reached = timestampOf(heldSince)!;
  for (const filter of new URLSearchParams(query).getAll('timestamp')) {
    const bound = /^(lte?):(\d+(?:\.\d{1,9})?)$/.exec(filter);
    if (!bound) continue;
    const after = timestampOf(bound[2])! - (bound[1] === 'lt' ? 1n : 0n);
    if (after < reached) reached = after;
  }
  return formatTimestamp(reached)!;
}
