import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { clockTime } from '../common/clock-time.ts';
import type { NetworkInfo } from '../common/api-contract.ts';
import type { SyncStatus } from '../common/sync-types.ts';
import { generateDemoLedgerInWorker } from '../mirror/demo/generate-in-worker.ts';
import type { MirrorUnavailable } from '../mirror/http/availability-gate.ts';
import { compactionCopyFile } from '../mirror/store/compact-store.ts';
import { diskFullText, isDiskFullError } from '../mirror/store/disk-full.ts';
import { LedgerStore } from '../mirror/store/ledger-store.ts';
import { openOrSetAside } from '../mirror/store/open-or-set-aside.ts';
import { isDamagedStoreError } from '../mirror/store/sqlite-error.ts';
import { AccountHistoryFetcher } from '../sync/account-history.ts';
import { TopicHistoryFetcher } from '../sync/topic-history.ts';
import { diskFreeBytes, storeFileBytes, storeReusableBytes } from '../mirror/store/store-size.ts';
import { RateLimiter } from '../sync/rate-limiter.ts';
import { DEFAULT_REQUESTS_PER_SECOND, SyncEngine } from '../sync/sync-engine.ts';
import { UpstreamReadThrough } from '../sync/upstream-read-through.ts';
import type { ApiEventBus } from './event-bus.ts';
import { profileDatabaseFile, type NetworkProfile } from './network-profiles.ts';
import { profileKnownChainId } from './profile-chain-id.ts';
import { markDamagedStore } from './store-damage.ts';

export interface ProfileSyncOptions {
  /** Most requests a second sent to the upstream mirror node (default 20; 0: no limit). */
  requestsPerSecond?: number;
  /** How long a demo generation the disk was too full for waits before it is tried again (default a minute). */
  fullDiskRetryMs?: number;
}

/**
 * How a session's work ended: its data usable (`ready`: the demo ledger generated or reused, or an
 * upstream profile, usable at once), stopped before that (a switch away, a shutdown), or failed.
 */
export type SessionOutcome = 'ready' | 'stopped' | 'failed';

/** When a client told the demo ledger is being generated should ask again. */
const GENERATING_RETRY_AFTER_SECONDS = 5;

/** As the sync does after its store could not grow: a minute, then it tries again. */
const FULL_DISK_RETRY_MS = 60_000;

/** Progress events are throttled: a UI gains nothing from more than a few per second. */
const PROGRESS_INTERVAL_MS = 200;
const COUNT_INTERVAL_MS = 1000;

/**
 * One open network profile: its store, and the work that fills it. The store serves reads
 * from the first moment; the demo ledger is generated in a worker thread next to it, so
 * the API stays responsive and the UI can show progress. An upstream profile is ready at
 * once (it serves what is stored, online or not) while its sync engine fills it.
 */
export class ProfileSession {
  readonly profile: NetworkProfile;
  readonly store: LedgerStore;
  /** Settles, never rejects, once the profile's data is usable or will not be: says which. */
  readonly ready: Promise<SessionOutcome>;
  /** The upstream sync; null for the demo profile. */
  readonly sync: SyncEngine | null;
  /** By-id lookups of entities not synced yet, answered from the upstream; null for the demo profile. */
  readonly readThrough: UpstreamReadThrough | null;
  /** An account's older history fetched on request (synced profiles only). */
  readonly accountHistory: AccountHistoryFetcher | null;
  /** A topic's older messages fetched on request (synced profiles only). */
  readonly topicHistory: TopicHistoryFetcher | null;
  #state: NetworkInfo['state'] = 'generating';
  #progress: NetworkInfo['progress'] = null;
  #message: string | null = null;
  /** When a generation the disk was too full for is tried again (ms); null while none waits. */
  #retryAt: number | null = null;
  /** Once the store proved damaged in use (`storeDamaged`): what the status says instead, until the profile is opened again. */
  #damage: string | null = null;
  readonly #log: (line: string) => void;
  #lastEmit = 0;
  #accountCount = 0;
  /** State and phase of the last event sent: a change of either is always sent. */
  #lastSyncState: string | null = null;
  #lastSyncEmit = 0;
  #countedAt = -Infinity;
  readonly #events: ApiEventBus;
  readonly #abort = new AbortController();
  #stopped: Promise<void> | null = null;
  /** Events go on the bus only while this is the open profile (see `announce`). */
  #announcing = false;

  constructor(profile: NetworkProfile, dataDir: string, demoAccounts: number, events: ApiEventBus, log: (line: string) => void, syncOptions: ProfileSyncOptions = {}) {
    this.profile = profile;
    this.#events = events;
    this.#log = log;
    const file = profileDatabaseFile(profile, dataDir);
    const opened = openOrSetAside(file, (at) => new LedgerStore({ file: at }), log);
    this.store = opened.store;
    // A compaction the app did not live to finish left its copy behind: as large as the store's live data.
    fs.rmSync(compactionCopyFile(file), { force: true });
    if (opened.setAside !== null) {
      this.#message = `The stored ledger could not be read (${opened.reason}); it was moved to ${opened.setAside} and ${profile.source === 'demo' ? 'the demo ledger is generated again' : 'the sync starts over'}.`;
    }
    try {
      ({ sync: this.sync, readThrough: this.readThrough, accountHistory: this.accountHistory, topicHistory: this.topicHistory, ready: this.ready } = this.#startWork(file, demoAccounts, log, syncOptions));
    } catch (error) {
      // A session that could not start leaves no open store behind (a failed network switch).
      this.store.close();
      throw error;
    }
  }

  /** The sync (and read-through) of an upstream profile, or the demo ledger's generation. */
  #startWork(file: string, demoAccounts: number, log: (line: string) => void, syncOptions: ProfileSyncOptions): Pick<ProfileSession, 'sync' | 'readThrough' | 'accountHistory' | 'topicHistory' | 'ready'> {
    const profile = this.profile;
    if (profile.source === 'upstream' && profile.mirrorUrl !== null) {
      this.#state = 'ready';
      // One request budget per upstream: the crawl and the by-id read-through share it.
      const limiter = new RateLimiter(syncOptions.requestsPerSecond ?? DEFAULT_REQUESTS_PER_SECOND);
      const sync = new SyncEngine({
        limiter,
        profile: profile.name,
        db: this.store.db,
        upstreamUrl: profile.mirrorUrl,
        ...(syncOptions.requestsPerSecond === undefined ? {} : { requestsPerSecond: syncOptions.requestsPerSecond }),
        onStatus: (status) => this.#syncChanged(status),
        log,
        // A write that finds the store damaged is treated as a damaged read is: marked to be rebuilt, and said.
        onStoreDamaged: (error) => this.storeDamaged(error),
      });
      const readThrough = new UpstreamReadThrough({ db: this.store.db, upstreamUrl: profile.mirrorUrl, limiter, log });
      const accountHistory = new AccountHistoryFetcher({ db: this.store.db, upstreamUrl: profile.mirrorUrl, limiter });
      const topicHistory = new TopicHistoryFetcher({ db: this.store.db, upstreamUrl: profile.mirrorUrl, limiter });
      sync.start();
      return { sync, readThrough, accountHistory, topicHistory, ready: Promise.resolve('ready') };
    }
    const fill = this.#fill(file, demoAccounts, log, syncOptions.fullDiskRetryMs ?? FULL_DISK_RETRY_MS);
    return { sync: null, readThrough: null, accountHistory: null, topicHistory: null, ready: fill };
  }

  /** The sync's progress; for the demo profile a fixed `none` state. */
  syncStatus(): SyncStatus {
    if (this.sync) return this.sync.status();
    return {
      profile: this.profile.name, upstream: null, state: 'none', phase: null, entitiesSynced: 0,
      accountsInStore: this.#countAccounts(), ratePerSecond: 0, estimatedTotal: null, estimatedSecondsLeft: null,
      completedPasses: 0, lastTransactionTimestamp: null, upstreamNewestTimestamp: null, fallingBehind: false, followedSince: null, keepDays: null, storeBytes: storeFileBytes(this.store.db.name), storeReusableBytes: storeReusableBytes(this.store.db), diskFreeBytes: diskFreeBytes(this.store.db.name), compaction: null, lastError: null, phases: [],
    };
  }

  /**
   * Whether the session's progress and sync events go on the API bus. Off while it is being
   * opened (a switch that fails must not announce it) and once it has been replaced (its closing
   * sync must not overwrite the new profile's status in the UI).
   */
  announce(on: boolean): void {
    this.#announcing = on;
  }

  /** Progress events at most a few a second, but every change of state or phase at once. */
  #syncChanged(status: SyncStatus): void {
    if (!this.#announcing) return;
    const now = Date.now();
    const key = `${status.state}:${status.phase ?? ''}`;
    if (key === this.#lastSyncState && now - this.#lastSyncEmit < PROGRESS_INTERVAL_MS) return;
    this.#lastSyncState = key;
    this.#lastSyncEmit = now;
    this.#events.emit('sync/status', status);
  }

  /**
   * Generates the demo ledger. On a full disk it is tried again every `retryMs` (as the sync waits
   * for room), saying meanwhile what to do, until there is room; `ready` settles only then.
   */
  async #fill(file: string, demoAccounts: number, log: (line: string) => void, retryMs: number): Promise<SessionOutcome> {
    for (;;) {
      const outcome = await this.#generate(file, demoAccounts, log, retryMs);
      if (outcome !== 'disk-full') return outcome;
      await sleep(retryMs, undefined, { signal: this.#abort.signal }).catch(() => undefined);
      if (this.#abort.signal.aborted) return 'stopped';
      this.#state = 'generating';
      this.#message = null;
      this.#retryAt = null;
      this.#emit(true);
    }
  }

  /** One attempt at the generation: how it ended, `disk-full` when the disk was too full for it (tried again in `retryMs`). */
  async #generate(file: string, demoAccounts: number, log: (line: string) => void, retryMs: number): Promise<SessionOutcome | 'disk-full'> {
    let outcome: SessionOutcome | 'disk-full';
    try {
      await generateDemoLedgerInWorker(file, { accounts: demoAccounts }, (done, total) => {
        this.#progress = { done, total, label: 'Generating the demo ledger' };
        this.#emit(done === total);
      }, this.#abort.signal);
      this.#state = 'ready';
      this.#progress = null;
      this.#countedAt = -Infinity;
      outcome = 'ready';
    } catch (error) {
      if (this.#abort.signal.aborted) return 'stopped';
      this.#state = 'error';
      // Stopped part way: no progress goes on meanwhile.
      this.#progress = null;
      if (isDiskFullError(error, file)) {
        outcome = 'disk-full';
        this.#retryAt = Date.now() + retryMs;
        this.#message = `The demo ledger could not be generated: ${diskFullText(file)}; free some space on that disk: it is tried again at ${clockTime(this.#retryAt)}, and generated once there is room`;
      } else {
        outcome = 'failed';
        this.#message = `The demo ledger could not be generated: ${error instanceof Error ? error.message : String(error)}`;
      }
      log(this.#message);
      // Damaged, it would fail so at every start: set aside at the next one instead.
      if (isDamagedStoreError(error)) this.storeDamaged(error);
    }
    this.#emit(true);
    return outcome;
  }

  /**
   * Why the mirror API cannot answer for this profile's ledger now; null when it can. A demo
   * ledger is answered for once it is complete, never half written or after its generation failed
   * (what it holds then changes from one call to the next, or stops part way). In step with the
   * generation's `state`, which the app's own screens wait on: a screen that sees `ready` is answered.
   */
  mirrorUnavailable(): MirrorUnavailable | null {
    if (this.#state === 'ready') return null;
    if (this.#state === 'error') {
      // Waiting for room: a client may ask again once the generation is tried again.
      const retryAfterSeconds = this.#retryAt === null ? null : Math.max(1, Math.ceil((this.#retryAt - Date.now()) / 1000));
      return { message: this.#message ?? 'The demo ledger could not be generated', retryAfterSeconds };
    }
    const progress = this.#progress;
    const percent = progress ? ` (${Math.floor((progress.done / Math.max(1, progress.total)) * 100)}%)` : '';
    return { message: `The demo ledger is being generated${percent}; try again in a moment`, retryAfterSeconds: GENERATING_RETRY_AFTER_SECONDS };
  }

  /**
   * A query, the generation or the sync found the store damaged: it is marked to be moved aside and
   * rebuilt at the profile's next opening (`store-damage.ts`), and the profile is in error till then.
   * The sync stops and writes nothing more meanwhile. Answers what the profile's status says of it
   * (whether the file could be marked, and so what the user is to do), for a refused action to say too.
   */
  storeDamaged(error: Error): string {
    if (this.#damage !== null) return this.#damage;
    // Also the message a failed generation's 503s give (`mirrorUnavailable`): the damage is their cause.
    const damage = markDamagedStore(this.profile, this.store.db.name, error.message, this.#log);
    this.#message = this.#damage = damage;
    void this.sync?.halt(damage);
    this.#emit(true);
    return damage;
  }

  info(): NetworkInfo {
    return {
      name: this.profile.name,
      source: this.profile.source,
      // The demo's is a local network's (298): its ids show and take that network's checksums.
      chainId: profileKnownChainId(this.profile),
      state: this.#damage === null ? this.#state : 'error',
      progress: this.#damage === null ? this.#progress : null,
      message: this.#damage ?? this.#message,
      accountCount: this.#countAccounts(),
    };
  }

  /** Counting a million rows takes tens of milliseconds: recount at most once a second. */
  #countAccounts(): number {
    const now = Date.now();
    if (now - this.#countedAt >= COUNT_INTERVAL_MS) {
      const row = this.store.db.prepare("SELECT count(*) AS n FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT')").get() as { n: number };
      this.#accountCount = row.n;
      this.#countedAt = now;
    }
    return this.#accountCount;
  }

  #emit(force: boolean): void {
    if (!this.#announcing) return;
    const now = Date.now();
    if (!force && now - this.#lastEmit < PROGRESS_INTERVAL_MS) return;
    this.#lastEmit = now;
    this.#events.emit('network/changed', this.info());
  }

  /**
   * Stops the sync and the demo generation: no more background writes. The store and the
   * read-through stay open, so requests a replaced profile is still serving can finish before `close()`.
   */
  stop(): Promise<void> {
    this.#stopped ??= (async () => {
      await this.sync?.close();
      this.#abort.abort();
      await this.ready.catch(() => undefined);
    })();
    return this.#stopped;
  }

  async close(): Promise<void> {
    this.readThrough?.close();
    this.accountHistory?.close();
    this.topicHistory?.close();
    await this.stop();
    this.store.close();
  }
}
