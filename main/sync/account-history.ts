import type { AccountHistory } from '../common/sync-types.ts';
import { ENTITY_ID_TEXT, parseEntityIdLoose, sqlInt } from '../mirror/format/entity-id.ts';
import { formatTimestamp } from '../mirror/format/timestamp.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { FollowedRetention } from './followed-retention.ts';
import { transactionRowsOf } from './transaction-rows.ts';
import { transactionUpserter } from './transaction-writer.ts';
import { UpstreamClient } from './upstream-client.ts';
import { timestampOf, UpstreamFormatError } from './upstream-values.ts';

export interface AccountHistoryOptions {
  db: SqliteDatabase;
  upstreamUrl: string;
  /** The sync's limiter: fetched history shares the profile's request budget with the crawl. */
  limiter: RateLimiter;
  /** Pages of 100 transactions one request fetches at most. */
  pagesPerFetch?: number;
  /** Longest one request waits for the upstream, retries included. */
  deadlineMs?: number;
}

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
  readonly #options: Required<AccountHistoryOptions>;
  readonly #client: UpstreamClient;
  readonly #retention: FollowedRetention;
  readonly #read;
  readonly #storePage;
  readonly #inFlight = new Map<string, Promise<AccountHistory>>();
  readonly #stop = new AbortController();

  constructor(options: AccountHistoryOptions) {
    this.#options = { pagesPerFetch: 20, deadlineMs: 60_000, ...options };
    this.#client = new UpstreamClient({ baseUrl: options.upstreamUrl, requestsPerSecond: 0, limiter: options.limiter, timeoutMs: 15_000, backoffCapMs: 5_000 });
    this.#retention = new FollowedRetention(options.db);
    this.#read = options.db.prepare('SELECT held_since, next_url, complete FROM account_history WHERE account_id = ?');
    const write = options.db.prepare(`INSERT INTO account_history (account_id, held_since, next_url, complete, updated_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (account_id) DO UPDATE SET held_since = excluded.held_since, next_url = excluded.next_url, complete = excluded.complete, updated_at = excluded.updated_at`);
    const upsertTransaction = transactionUpserter(options.db);
    this.#storePage = options.db.transaction((id: bigint, transactions: Array<Record<string, unknown>>, heldSince: string, nextUrl: string | null) => {
      const rows = transactions.map(transactionRowsOf).filter((r) => r !== null);
      for (const r of rows) upsertTransaction(r);
      write.run(sqlInt(id), nextUrl === null ? ALL : heldSince, nextUrl, nextUrl === null ? 1 : 0, Date.now());
      return rows.length;
    });
  }

  /** What the store holds of the account's history, without asking the upstream. */
  held(account: string): AccountHistory {
    return this.#held(account, this.#record(idOf(account)));
  }

  #record(id: bigint): HistoryRecord | undefined {
    return this.#read.get(sqlInt(id)) as HistoryRecord | undefined;
  }

  #held(account: string, record: HistoryRecord | undefined): AccountHistory {
    // Where following began, or the boundary before which the store keeps no transactions.
    const since = this.#retention.heldSince();
    if (since === null) return { account, heldSince: null, complete: false, fetched: 0 };
    if (record?.complete) return { account, heldSince: ALL, complete: true, fetched: 0 };
    return { account, heldSince: record?.held_since ?? since, complete: false, fetched: 0 };
  }

  /** Stores up to `pagesPerFetch` pages more of the account's older transactions; one fetch per account at a time. */
  fetch(account: string): Promise<AccountHistory> {
    let pending = this.#inFlight.get(account);
    if (!pending) {
      pending = this.#fetch(account).finally(() => this.#inFlight.delete(account));
      this.#inFlight.set(account, pending);
    }
    return pending;
  }

  /** Abandons fetches under way (the profile is closing); the pages already stored stay. */
  close(): void {
    this.#stop.abort();
  }

  async #fetch(account: string): Promise<AccountHistory> {
    const id = idOf(account);
    const record = this.#record(id);
    const start = this.#held(account, record);
    if (start.heldSince === null) throw new AccountHistoryError(`the sync has not begun following transactions yet, so there is nothing to join ${account}'s older history to`);
    if (start.complete) return start;
    // The first page reaches up to where following began: the transaction at `since` itself was not followed.
    let url: string | null = record?.next_url
      ?? `/api/v1/transactions?account.id=${account}&timestamp=lte:${start.heldSince}&order=desc&limit=100`;
    const signal = AbortSignal.any([this.#stop.signal, AbortSignal.timeout(this.#options.deadlineMs)]);
    let fetched = 0;
    for (let page = 0; page < this.#options.pagesPerFetch && url !== null; page++) {
      const reply = await this.#client.get(url, { signal }).catch((error: unknown) => {
        throw new AccountHistoryError(signal.aborted && !this.#stop.signal.aborted
          ? `the upstream did not answer within ${this.#options.deadlineMs / 1000} s (${fetched} older transactions were stored)`
          : `the upstream could not be read: ${error instanceof Error ? error.message : String(error)}`);
      });
      if (reply.status !== 200) throw new AccountHistoryError(`the upstream has no transactions list for ${account} (HTTP ${reply.status})`);
      const body = reply.body as { transactions?: unknown; links?: { next?: unknown } };
      if (!Array.isArray(body.transactions)) throw new UpstreamFormatError(`the transactions page ${url} has no "transactions" array`);
      const transactions = body.transactions as Array<Record<string, unknown>>;
      const next = typeof body.links?.next === 'string' && transactions.length > 0 ? body.links.next : null;
      // Everything from the page's oldest transaction on is held: held after the nanosecond before it.
      const oldest = transactions.length > 0 ? timestampOf(transactions.at(-1)!.consensus_timestamp ?? '') : null;
      const heldSince = oldest === null ? ALL : formatTimestamp(oldest - 1n)!;
      fetched += this.#storePage(id, transactions, heldSince, next);
      url = next;
    }
    return { ...this.held(account), fetched };
  }
}

/** A request for an account's history that cannot be met; the bridge answers it as `unavailable`. */
export class AccountHistoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountHistoryError';
  }
}

function idOf(account: string): bigint {
  const id = ENTITY_ID_TEXT.test(account) ? parseEntityIdLoose(account) : null;
  if (id === null) throw new RangeError(`not an account id: ${account}`);
  return id;
}
