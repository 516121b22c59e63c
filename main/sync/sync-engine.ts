import { setTimeout as sleep } from 'node:timers/promises';
import { clockTime } from '../common/clock-time.ts';
import type { SyncPhaseName, SyncState, SyncStatus } from '../common/sync-types.ts';
import { parseEntityIdLoose } from '../mirror/format/entity-id.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import type { CompactionOutcome } from '../mirror/store/compact-store.ts';
import { isDamagedStoreError } from '../mirror/store/sqlite-error.ts';
import { diskFreeBytes, storeFileBytes, storeReusableBytes } from '../mirror/store/store-size.ts';
import { AccountWriter } from './account-writer.ts';
import { crawlAccounts, FIRST_ACCOUNTS_PAGE, highestAccountId } from './accounts-crawl.ts';
import { contractUpserter, CONTRACTS_LIST } from './contracts-crawl.ts';
import { crawlListed, type ListedCollection } from './listed-crawl.ts';
import type { ListEndContext } from './list-end.ts';
import { transactionUpserter } from './transaction-writer.ts';
import { tokenUpserter } from './token-writer.ts';
import { contractResultsWriter } from './contract-results-writer.ts';
import { scheduleUpserter } from './schedule-writer.ts';
import { topicHolder, topicMessageUpserter, topicUpserter } from './topic-writer.ts';
import { FIRST_TOKENS_PAGE, TOKENS_LIST } from './tokens-crawl.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { RunningClock } from './running-clock.ts';
import { SyncProgress } from './sync-progress.ts';
import { describeSyncFailure } from './store-failure.ts';
import { FollowedRetention } from './followed-retention.ts';
import { BehindUpstream } from './behind-upstream.ts';
import { followTransactions, markTransactionsStart, type FollowContext } from './transactions-follow.ts';
import { UpstreamClient } from './upstream-client.ts';
import { UpstreamHealth } from './upstream-health.ts';
import { UpstreamFormatError } from './upstream-values.ts';
import { StoreCompactingError, SyncCompaction } from './sync-compaction.ts';
import { readSyncPaused, writeSyncPaused } from './sync-paused-flag.ts';

export const DEFAULT_REQUESTS_PER_SECOND = 20;
/** While following, older transactions are pruned at most this often (when the store keeps only some days). */
const PRUNE_INTERVAL_MS = 10 * 60_000;
/** Followed transactions come a commit (up to 25 pages) at a time, seconds apart at a polite rate: their rate is taken over a minute. */
const FOLLOW_RATE_WINDOW_MS = 60_000;
/** The phases a pass crawls before it follows transactions. */
const CRAWLED_PHASES: readonly SyncPhaseName[] = ['accounts', 'tokens', 'contracts'];

export interface SyncEngineOptions {
  profile: string;
  db: SqliteDatabase;
  /** Base URL of the upstream mirror node. */
  upstreamUrl: string;
  requestsPerSecond?: number;
  /** Shared with the read-through, so the two together keep to the profile's request rate. */
  limiter?: RateLimiter;
  timeoutMs?: number;
  backoffCapMs?: number;
  /** How often to look for new transactions once caught up. */
  followIntervalMs?: number;
  /** Without a transactions endpoint upstream: how often to re-crawl (conditional requests make it cheap). */
  refreshIntervalMs?: number;
  /** How long to wait after an answer the sync cannot use before trying again. */
  errorRetryMs?: number;
  /** Called whenever the status changes (every page, every retry); the caller throttles. */
  onStatus?: (status: SyncStatus) => void;
  log?: (line: string) => void;
  /**
   * The store proved damaged under the sync (SQLITE_CORRUPT or SQLITE_NOTADB): the owner of the store
   * marks it to be set aside and says so, as for a damaged read (and halts the sync, which halts
   * itself too). The sync stops meanwhile.
   */
  onStoreDamaged?: (error: Error & { code: string }) => void;
}

/**
 * What the sync is asked to do once its store proved damaged (by the sync or by anyone else using
 * it): nothing that writes may run until the profile is opened again and the store rebuilt.
 */
export class StoreDamagedError extends Error {}

/**
 * Keeps a profile's store in step with its upstream: a full crawl of the accounts (resumed
 * from the stored cursor after a restart), then incremental updates from the transactions
 * after the last synced consensus timestamp, or periodic conditional re-crawls when the
 * upstream has no transactions endpoint. Never throws: failures become state and lastError,
 * and the local API keeps serving whatever is stored.
 */
export class SyncEngine {
  readonly #options: SyncEngineOptions;
  readonly #writer: AccountWriter;
  readonly #client: UpstreamClient;
  /** Stands still while the sync does not run (#setState): rates count only the time it ran. */
  readonly #clock = new RunningClock();
  readonly #progress = new SyncProgress(undefined, () => this.#clock.now());
  readonly #countAccounts;
  #state: SyncState = 'paused';
  #phase: SyncPhaseName | null = null;
  /** The upstream's failures and their end, as the state and last error show them. */
  readonly #health: UpstreamHealth;
  #highestId: number | null = null;
  #run: { abort: AbortController; done: Promise<void> } | null = null;
  /** Set by `close()`: no run starts after it (a resync or resume under way when it came included). */
  #closed = false;
  /** Why the store cannot be written any more (halt): set once, for the life of this engine. */
  #damage: string | null = null;
  /** Aborted by `close()`: stops work not tied to a run (a prune the user asked for). */
  readonly #shutdown = new AbortController();
  #accounts = { value: 0, at: -Infinity };
  #caughtUp: Array<() => void> = [];
  #behind: BehindUpstream | null = null;
  readonly #tokenSupport = { relationships: true };
  readonly #retention: FollowedRetention;
  /** The prune under way, shared by whoever asks for one meanwhile; when the last one ended. */
  #pruning: Promise<void> | null = null;
  #prunedAt = -Infinity;
  /** Giving the room deletions freed back to the disk (`compact()`): the run stops for it. */
  readonly #compaction: SyncCompaction;
  /** Lists the upstream answered 404 for. */
  readonly #unsupportedLists = new Set<SyncPhaseName>();
  /** The followed transactions, the tokens, contracts, schedules and topics they changed (re-fetched), and their contract results, are written by these. */
  readonly #entityUpserts: Pick<FollowContext, 'upsertToken' | 'upsertContract' | 'upsertContractResults' | 'upsertSchedule' | 'upsertTopic' | 'upsertTopicMessage' | 'holdsTopic' | 'upsertTransaction'>;
  /** What the crawls say of a page that ended its list early while it is asked for again (ListEndCheck). */
  readonly #shortPageWatch: Pick<ListEndContext, 'onShortPage' | 'onPageWhole'> = {
    onShortPage: (retry) => this.#health.onShortPage(retry),
    onPageWhole: () => this.#health.onPageWhole(),
  };

  constructor(options: SyncEngineOptions) {
    this.#options = options;
    this.#writer = new AccountWriter(options.db);
    this.#entityUpserts = {
      upsertToken: tokenUpserter(options.db),
      upsertContract: contractUpserter(options.db),
      upsertContractResults: contractResultsWriter(options.db),
      upsertSchedule: scheduleUpserter(options.db),
      upsertTopic: topicUpserter(options.db),
      upsertTopicMessage: topicMessageUpserter(options.db),
      holdsTopic: topicHolder(options.db),
      upsertTransaction: transactionUpserter(options.db),
    };
    this.#countAccounts = options.db.prepare("SELECT count(*) FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT')").pluck();
    this.#retention = new FollowedRetention(options.db);
    this.#health = new UpstreamHealth({
      state: () => this.#state,
      setState: (state) => this.#setState(state),
      emit: () => this.#emit(),
      goingState: () => this.#goingState(),
      requestCount: () => this.#client.requestCount,
      log: (line) => this.#options.log?.(line),
    });
    this.#compaction = new SyncCompaction({
      db: options.db,
      signal: this.#shutdown.signal,
      log: (line) => this.#options.log?.(line),
      stopWriting: async () => {
        await this.#stopRun();
        await this.#pruning;
      },
      began: () => this.#setState('compacting'),
      progressed: () => this.#emit(),
      // As at start-up: on from the cursors, or paused if the user paused it.
      ended: () => {
        if (!this.#closed) {
          this.start();
          this.#emit();
        }
      },
    });
    this.#client = new UpstreamClient({
      baseUrl: options.upstreamUrl,
      requestsPerSecond: options.requestsPerSecond ?? DEFAULT_REQUESTS_PER_SECOND,
      ...(options.limiter ? { limiter: options.limiter } : {}),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.backoffCapMs === undefined ? {} : { backoffCapMs: options.backoffCapMs }),
      onRetry: (event) => this.#health.onRetry(event),
      onHeld: (until) => this.#health.onHeld(until),
      onSuccess: (answer) => this.#health.onSuccess(answer),
    });
  }

  /** Starts syncing unless the user paused this profile (a pause survives restarts) or its store proved damaged. */
  start(): void {
    if (this.#damage !== null) return;
    if (readSyncPaused(this.#options.db)) {
      this.#setState('paused');
      return;
    }
    this.#startRun();
  }

  async pause(): Promise<void> {
    this.#refuseWhileWriting();
    writeSyncPaused(this.#options.db, true);
    await this.#stopRun();
    this.#setState('paused');
  }

  resume(): void {
    this.#refuseWhileWriting();
    writeSyncPaused(this.#options.db, false);
    if (!this.#run) this.#startRun();
  }

  /**
   * Keeps the followed transactions of the last `days` days of ledger time (null: all of them) from
   * now on, and deletes the older ones at once. Works while paused: the user asked for the room.
   */
  async keepDays(days: number | null): Promise<void> {
    this.#refuseWhileWriting();
    this.#retention.setKeepDays(days);
    this.#emit();
    // A prune under way reaches only as far as the days kept when it began.
    await this.#pruning;
    await this.#prune();
  }

  /**
   * Crawls the upstream's accounts, tokens and contracts again from their first pages, every page
   * read whole (their cursors and ETags forgotten), then follows transactions on from the last one
   * followed: the followed history stays (SyncCursors.clearCrawls). Resumes a paused sync.
   */
  async resync(): Promise<void> {
    this.#refuseWhileWriting();
    await this.#stopRun();
    // Closed while the old run was stopping (a network switch retired this profile): its store is closing too.
    if (this.#closed) return;
    this.#options.db.transaction(() => {
      this.#writer.cursors.clearCrawls();
      this.#options.db.prepare('DELETE FROM sync_etag').run();
    })();
    writeSyncPaused(this.#options.db, false);
    this.#startRun();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#shutdown.abort();
    await this.#stopRun();
    // A prune the user asked for stops between batches, a compaction rolls back; the store closes after them.
    await this.#pruning;
    await this.#compaction.settled();
  }

  /** A compaction is under way: the sync waits for it, and refuses what would write meanwhile. */
  get compacting(): boolean {
    return this.#compaction.running;
  }

  /**
   * Gives the room that deletions freed in the store back to the disk (compact-store.ts). The sync
   * stops for it (nothing may write meanwhile) and goes on from its cursors afterwards, unless
   * the user had paused it; the store answers reads throughout. Rejects with the reason when it
   * cannot be done (too little room: CompactionRoomError), the store unchanged.
   */
  compact(): Promise<CompactionOutcome> {
    if (this.#closed) return Promise.reject(new Error('the sync is closing'));
    if (this.#damage !== null) return Promise.reject(new StoreDamagedError(this.#damage));
    return this.#compaction.run();
  }

  /**
   * The store proved damaged (the sync's own write, a query, a history fetch): the sync stops for
   * good, in state `error` saying `reason`, and refuses whatever would write (resume, re-sync,
   * retention, compaction) until the profile is opened again and the store set aside.
   */
  async halt(reason: string): Promise<void> {
    if (this.#damage !== null) return;
    this.#damage = reason;
    await this.#stopRun();
    if (this.#closed) return;
    // Said in the halting words even when the sync's own write found the damage: they say what
    // becomes of the store (the owner's) where the write's say only what SQLite found.
    this.#health.halted(reason);
    this.#setState('error');
  }

  /** Refuses what would write to the store: while it is compacted (for a moment), or once it proved damaged (for good). */
  #refuseWhileWriting(): void {
    if (this.#damage !== null) throw new StoreDamagedError(this.#damage);
    if (this.#compaction.running) throw new StoreCompactingError();
  }

  /** Requests sent to the upstream so far, retries included. */
  get upstreamRequests(): number {
    return this.#client.requestCount;
  }

  /** Resolves the next time the sync is caught up (a crawl pass finished and transactions followed). */
  caughtUp(): Promise<void> {
    return new Promise((resolve) => this.#caughtUp.push(resolve));
  }

  status(): SyncStatus {
    const catchUp = this.#phase === 'transactions' ? this.#behind?.secondsLeft(performance.now()) ?? null : null;
    const accounts = this.#writer.cursors.get('accounts');
    const transactions = this.#writer.cursors.get('transactions');
    return {
      profile: this.#options.profile,
      upstream: this.#client.baseUrl,
      state: this.#state,
      phase: this.#phase,
      entitiesSynced: this.#progress.synced,
      accountsInStore: this.#accountsInStore(),
      ratePerSecond: Math.round(this.#progress.ratePerSecond()),
      estimatedTotal: this.#phase === 'accounts' ? this.#progress.estimatedTotal() : null,
      // A time left only while something moves: held up, offline or paused, the pace so far says nothing.
      estimatedSecondsLeft: this.#state !== 'syncing' ? null
        : this.#phase === 'accounts' ? this.#progress.estimatedSecondsLeft() : catchUp !== null && catchUp !== Infinity ? Math.round(catchUp) : null,
      fallingBehind: catchUp === Infinity,
      completedPasses: accounts?.passes ?? 0,
      lastTransactionTimestamp: transactions?.mark && transactions.mark !== '0' ? transactions.mark : null,
      upstreamNewestTimestamp: this.#behind?.newest ?? null,
      followedSince: this.#retention.heldSince(),
      keepDays: this.#retention.keepDays(),
      storeBytes: storeFileBytes(this.#options.db.name),
      storeReusableBytes: storeReusableBytes(this.#options.db),
      diskFreeBytes: diskFreeBytes(this.#options.db.name),
      compaction: this.#compaction.progress,
      lastError: this.#health.lastError,
      phases: this.#phases(),
    };
  }

  #phases(): SyncStatus['phases'] {
    const order: SyncPhaseName[] = ['accounts', 'tokens', 'contracts', 'transactions'];
    return this.#writer.cursors.all()
      .sort((a, b) => order.indexOf(a.phase) - order.indexOf(b.phase))
      .map((cursor) => ({
        name: cursor.phase,
        synced: cursor.items,
        passes: cursor.passes,
        complete: cursor.phase === 'transactions' ? this.#state === 'following' : cursor.nextUrl === null,
      }));
  }

  #startRun(): void {
    if (this.#closed) return;
    this.#state = this.#goingState();
    this.#clock.running(true);
    const abort = new AbortController();
    this.#run = { abort, done: this.#loop(abort.signal) };
    // Resumed while the upstream's Retry-After still holds: the run's first request waits for it.
    const held = this.#client.heldUntil;
    if (held !== null) this.#health.onHeld(held);
  }

  /**
   * The state of a run going on, as far as is known: following only once every crawl is through (a
   * run resumed between phases, accounts done and tokens under way, is still syncing) and following
   * was not behind the upstream when last seen (a pause and resume, or an answer after failures,
   * must not say "up to date" while days behind).
   */
  #goingState(): 'syncing' | 'following' {
    const crawled = (phase: SyncPhaseName) => this.#unsupportedLists.has(phase) || this.#writer.cursors.get(phase)?.nextUrl === null;
    return CRAWLED_PHASES.every(crawled) && this.#behind === null ? 'following' : 'syncing';
  }

  /** A phase begins: its state, unless the upstream's failures still stand (offline, retrying), which only an answer ends. */
  #setPhaseState(state: SyncState): void {
    if ((this.#state === 'offline' || this.#state === 'retrying') && this.#health.failing) this.#emit();
    else this.#setState(state);
  }

  async #stopRun(): Promise<void> {
    const run = this.#run;
    this.#run = null;
    if (!run) return;
    run.abort.abort();
    await run.done;
  }

  async #loop(signal: AbortSignal): Promise<void> {
    let transactionsSupported = true;
    while (!signal.aborted) {
      try {
        const context = { client: this.#client, writer: this.#writer, signal, tokenSupport: this.#tokenSupport, ...this.#entityUpserts };
        transactionsSupported = await markTransactionsStart(context);
        await this.#crawl(signal);
        await this.#crawlListed(TOKENS_LIST, signal);
        await this.#crawlListed(CONTRACTS_LIST, signal);
        this.#phase = 'transactions';
        this.#progress.reset(0, FOLLOW_RATE_WINDOW_MS);
        if (transactionsSupported) {
          transactionsSupported = (await followTransactions({
            ...context,
            onPage: ({ transactions, more, lastTimestamp }) => this.#followed(transactions, more, lastTimestamp, signal),
            onBehind: () => this.#fellBehind(signal),
          })) === 'caught-up';
        }
        this.#behind = null;
        this.#setState('following');
        this.#releaseCaughtUp();
        if (transactionsSupported) {
          await sleep(this.#options.followIntervalMs ?? 5000, undefined, { signal });
        } else {
          await sleep(this.#options.refreshIntervalMs ?? 10 * 60_000, undefined, { signal });
          this.#startRefreshPass();
        }
      } catch (error) {
        if (signal.aborted) return;
        const now = Date.now();
        // A damaged store fails every write after this one too: no retry helps, only rebuilding it.
        const damaged = isDamagedStoreError(error);
        const waitMs = damaged ? Infinity : this.#options.errorRetryMs ?? 60_000;
        const message = this.#failureMessage(error);
        this.#health.runFailed(message, now, damaged ? null : now + waitMs);
        this.#setState('error');
        this.#options.log?.(`sync: ${message}; ${damaged ? 'the sync stops' : `trying again at ${clockTime(now + waitMs)}`}`);
        if (damaged) {
          // The owner says what becomes of the store, and halts the sync with its words; it halts here as well, owner or not.
          this.#options.onStoreDamaged?.(error);
          void this.halt(message);
          return;
        }
        await this.#health.waitAfterRunFailed(waitMs, signal);
      }
    }
  }

  async #crawl(signal: AbortSignal): Promise<void> {
    const cursor = this.#writer.cursors.get('accounts');
    if (cursor && cursor.nextUrl === null) return;
    this.#phase = 'accounts';
    this.#setPhaseState('syncing');
    this.#progress.reset(cursor?.items ?? 0);
    this.#highestId = await highestAccountId(this.#client, signal);
    await crawlAccounts({
      client: this.#client,
      writer: this.#writer,
      signal,
      tokenSupport: this.#tokenSupport,
      ...this.#shortPageWatch,
      onPage: ({ items, lastAccount }) => {
        const last = lastAccount === null ? null : parseEntityIdLoose(lastAccount);
        this.#progress.add(items, last !== null && this.#highestId ? Number(last) / this.#highestId : null);
        this.#emit();
      },
    });
  }

  /**
   * A listed collection with each item's full record, after the accounts (whose balances name
   * the tokens); contracts once per sync (bytecode never changes). An upstream without the list
   * is not asked again while this engine runs.
   */
  async #crawlListed<Rows>(collection: ListedCollection<Rows>, signal: AbortSignal): Promise<void> {
    if (this.#unsupportedLists.has(collection.phase)) return;
    const cursor = this.#writer.cursors.get(collection.phase);
    if (cursor && cursor.nextUrl === null) return;
    this.#phase = collection.phase;
    this.#progress.reset(cursor?.items ?? 0);
    this.#setPhaseState('syncing');
    const outcome = await crawlListed(collection, {
      client: this.#client,
      db: this.#options.db,
      signal,
      ...this.#shortPageWatch,
      onPage: ({ items }) => {
        this.#progress.add(items, null);
        this.#emit();
      },
    });
    if (outcome === 'unsupported') this.#unsupportedLists.add(collection.phase);
  }

  /**
   * After each commit of followed transactions. With more pages waiting the sync is behind the
   * upstream: it says so ('syncing' the transactions, at so many a second) rather than "up to
   * date", and how far behind the upstream's newest transaction it is, asked for at most every
   * BEHIND_CHECK_MS (behind-upstream.ts; one request in many).
   */
  async #followed(transactions: number, more: boolean, lastTimestamp: string | null, signal: AbortSignal): Promise<void> {
    this.#progress.add(transactions, null);
    if (performance.now() - this.#prunedAt >= PRUNE_INTERVAL_MS) await this.#prune(signal);
    if (!more) return this.#emit();
    if (lastTimestamp !== null) this.#behindSoFar().followed(this.#clock.now(), lastTimestamp);
    await this.#fellBehind(signal);
  }

  #behindSoFar(): BehindUpstream {
    return this.#behind ??= new BehindUpstream();
  }

  /**
   * Following found more than a page waiting (before a commit) or more pages after one: says
   * 'syncing', and asks for the upstream's newest transaction when it is due, so that how far
   * behind shows from the first commit's reading on, not after it.
   */
  async #fellBehind(signal: AbortSignal): Promise<void> {
    const now = performance.now();
    await this.#behindSoFar().askNewestWhenDue(this.#client, signal, now);
    if (this.#state === 'following') this.#setState('syncing');
    else this.#emit();
  }

  #startRefreshPass(): void {
    const cursor = this.#writer.cursors.get('accounts');
    this.#writer.cursors.put({ phase: 'accounts', nextUrl: FIRST_ACCOUNTS_PAGE, items: 0, passes: cursor?.passes ?? 0, mark: null });
    // Tokens change too (supply, keys, fees); without transactions to follow, only a new pass sees it.
    const tokens = this.#writer.cursors.get('tokens');
    if (tokens) this.#writer.cursors.put({ ...tokens, nextUrl: FIRST_TOKENS_PAGE, items: 0 });
  }

  /** Deletes the followed transactions older than the store keeps (nothing when it keeps all). */
  #prune(signal?: AbortSignal): Promise<void> {
    const stop = signal ? AbortSignal.any([signal, this.#shutdown.signal]) : this.#shutdown.signal;
    this.#pruning ??= this.#retention.prune(stop).then((outcome) => {
      if (outcome.transactions > 0) this.#options.log?.(`sync: deleted ${outcome.transactions} followed transactions from before ${outcome.before}, older than this store keeps`);
    }).finally(() => {
      this.#pruning = null;
      this.#prunedAt = performance.now();
      this.#emit();
    });
    return this.#pruning;
  }

  /**
   * A run's failure in words; an answer it could not use names the answer it was found in (the
   * rows' own messages name only the field), unless the message names it already.
   */
  #failureMessage(error: unknown): string {
    const message = describeSyncFailure(error, this.#options.db.name);
    const url = error instanceof UpstreamFormatError ? error.url : null;
    if (url === null) return message;
    const path = url.startsWith(this.#client.baseUrl) ? url.slice(this.#client.baseUrl.length) : url;
    if (message.includes(url) || message.includes(path)) return message;
    return `${message}, in the upstream's answer to ${url}`;
  }

  #setState(state: SyncState): void {
    this.#state = state;
    this.#clock.running(state === 'syncing' || state === 'following');
    this.#accounts.at = -Infinity;
    this.#emit();
  }

  #emit(): void {
    this.#options.onStatus?.(this.status());
  }

  #releaseCaughtUp(): void {
    const waiting = this.#caughtUp;
    this.#caughtUp = [];
    for (const resolve of waiting) resolve();
  }

  /** A full count takes tens of milliseconds on millions of rows: at most once a second. */
  #accountsInStore(): number {
    const now = performance.now();
    if (now - this.#accounts.at >= 1000) this.#accounts = { value: Number(this.#countAccounts.get()), at: now };
    return this.#accounts.value;
  }
}
