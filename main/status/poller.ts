import type { StatusPollState } from '../common/status-types.ts';
import { deadlineSignal } from '../http/deadline-signal.ts';
import { isDamagedStoreError, isSqliteError } from '../mirror/store/sqlite-error.ts';
import { FEED_PATHS, RECORD_FEEDS, type FeedName, type PassthroughFeedName, type RecordFeedName } from './feed/feed-paths.ts';
import { feedFailuresText } from './feed/feed-failures.ts';
import { DEFAULT_MAX_BODY_BYTES, parseFeedBody } from './feed/parse-feed.ts';
import type { StatusSource } from './feed/status-source.ts';
import { applyGoodPoll, type AcceptedFeed } from './store/apply-poll.ts';
import type { StatusNotification, StatusStore } from './store/status-store.ts';
import { backoffDelayMs, clampInterval, DEFAULT_MAX_BACKOFF_MS, MIN_POLL_INTERVAL_MS } from './poll-schedule.ts';
import { unusableCacheNote } from './store/status-cache-notes.ts';

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PollerOptions {
  store: StatusStore;
  source: StatusSource;
  /** Default 60 s; anything below 10 s is raised to 10 s. */
  intervalMs?: number;
  maxBackoffMs?: number;
  /** Per poll, for all its requests together. Default 15 s. */
  timeoutMs?: number;
  maxBodyBytes?: number;
  /**
   * Passthrough feeds read besides the three record feeds. Default: summary.json (components and
   * indicator) and both maintenance lists (all, and those under way), which no record feed carries.
   */
  extraFeeds?: readonly PassthroughFeedName[];
  clock?: () => Date;
  random?: () => number;
  /** False while the machine has no network: scheduled polls are skipped without a request. */
  isOnline?: () => boolean;
  timers?: Timers;
  /** Called after every poll with what it did; notifications carry `delivered` (settings may hold them back). */
  onPoll?: (result: PollResult) => void;
  /**
   * A poll found the store damaged (SQLITE_CORRUPT, SQLITE_NOTADB): its owner replaces it (and
   * calls `storeReplaced`). Without one, the damage is reported as any other failure of the store.
   */
  onStoreDamaged?: (error: Error) => void;
  /** Where the poller says that the store stopped taking writes, and took them again; and a listener's failure. */
  log?: (line: string) => void;
}

export type PollResult =
  | { outcome: 'ok'; changed: boolean; notifications: StatusNotification[]; feedErrors: string[] }
  /**
   * `local`: the store failed (a full disk, damage), not the status page; `error` is then its note.
   * `cancelled`: the poller itself ended the poll (stop, suspend) before it was done: nothing was
   * heard of the page, so nothing is counted, stored or shown as its failure.
   */
  | { outcome: 'failed'; error: string; local?: true; cancelled?: true }
  | { outcome: 'offline' }
  | { outcome: 'too-soon'; retryInMs: number };

/** The schedule and health of the poller, as the Status screen shows it (the API's own type). */
export type PollerState = StatusPollState;

/** A feed's `error` is why it failed, without its path (FEED_PATHS names it). */
type FeedOutcome = { name: FeedName; accepted: AcceptedFeed } | { name: FeedName; error: string; retryAfterMs?: number };

/** The passthrough feeds a poll reads unless told otherwise (see StatusPollerOptions.extraFeeds). */
const DEFAULT_EXTRA_FEEDS: readonly PassthroughFeedName[] = ['summary', 'maintenances', 'active'];

const DEFAULT_TIMERS: Timers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Polls one source on a schedule: every interval when all is well, backing off with jitter
 * after failures, not at all while offline or suspended, never more often than every 10 s.
 * A poll is all or nothing: when any record feed fails, nothing is stored and nothing raised.
 */
export class StatusPoller {
  readonly intervalMs: number;
  readonly #options: PollerOptions;
  readonly #clock: () => Date;
  readonly #timers: Timers;
  #timer: unknown = null;
  #nextPollAt: number | null = null;
  #inFlight: Promise<PollResult> | null = null;
  /** True while requests run; false from the moment the result is known (listeners see it done). */
  #polling = false;
  #abort: AbortController | null = null;
  #running = false;
  #suspended = false;
  #online = true;
  #lastAttemptMs: number | null = null;
  #failures = 0;
  #lastRetryAfterMs: number | undefined;
  // Kept here as well as in the store: a store that cannot be written (a full disk) must not make
  // the poller forget, or report, anything else than what happened.
  #lastSuccessAt: string | null;
  #lastError: string | null;
  #lastErrorAt: string | null;
  /** The store refuses writes (a full disk): said until a write succeeds again. */
  #unwritable: string | null = null;
  /** The store was found damaged and replaced (`storeReplaced`): said for the rest of the run. */
  #replaced: string | null = null;
  /** The store was replaced by an empty one while a poll ran: the next poll comes as soon as allowed, unless the page failed that one. */
  #refill = false;

  constructor(options: PollerOptions) {
    this.#options = options;
    this.intervalMs = clampInterval(options.intervalMs);
    this.#clock = options.clock ?? (() => new Date());
    this.#timers = options.timers ?? DEFAULT_TIMERS;
    const { store } = options;
    this.#lastSuccessAt = store.getMeta('last_success_at') ?? null;
    this.#lastError = store.getMeta('last_error') ?? null;
    this.#lastErrorAt = store.getMeta('last_error_at') ?? null;
  }

  /** Starts polling now and then on schedule. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(0);
  }

  /** Stops the schedule and cancels a poll in flight (it fails nothing: see PollResult `cancelled`). */
  stop(): void {
    this.#running = false;
    this.#clearTimer();
    this.#abort?.abort(new DOMException('polling stopped', 'AbortError'));
  }

  /** The machine is going to sleep: no timers, no requests until resume(); a poll in flight is cancelled. */
  suspend(): void {
    this.#suspended = true;
    this.#clearTimer();
    this.#abort?.abort(new DOMException('system suspended', 'AbortError'));
  }

  /** Woke from sleep or came back online: poll soon (still never within 10 s of the last poll). */
  resume(): void {
    this.#suspended = false;
    if (this.#running) this.#schedule(this.#msUntilAllowed());
  }

  /**
   * Polls once now, unless offline or within 10 s of the previous poll. Concurrent calls share
   * one poll. When running, the schedule restarts from this poll.
   */
  pollNow(): Promise<PollResult> {
    if (this.#inFlight) return this.#inFlight;
    const isOnline = this.#options.isOnline ?? (() => true);
    if (!this.#options.source.local && !isOnline()) {
      this.#online = false;
      return Promise.resolve(this.#finish({ outcome: 'offline' }));
    }
    this.#online = true;
    const wait = this.#msUntilAllowed();
    if (wait > 0) return Promise.resolve({ outcome: 'too-soon', retryInMs: wait });
    this.#lastAttemptMs = this.#clock().getTime();
    this.#polling = true;
    this.#inFlight = this.#poll()
      .catch((error: unknown): PollResult => this.#pollThrew(error))
      .then((result) => this.#finish(result))
      .finally(() => {
        this.#inFlight = null;
      });
    return this.#inFlight;
  }

  /**
   * The store was found damaged (by a poll, or by anyone reading it) and its owner replaced it with
   * an empty one: its last success goes with it, `note` is said for the rest of the run, and the
   * next poll comes as soon as allowed. A poll under way writes nothing to the new store (`#poll`).
   * The page's own trouble is not the store's: its failures, and the backoff or Retry-After they
   * put in force, stand, and a poll already pending is never brought forward past them.
   */
  storeReplaced(note: string): void {
    this.#replaced = note;
    this.#unwritable = null;
    this.#lastSuccessAt = null;
    if (this.#polling) this.#refill = true;
    else if (this.#running && !this.#suspended && this.#failures === 0) this.#scheduleNoLaterThan(this.#msUntilAllowed());
  }

  /** Waits for a poll in flight, if any (for orderly shutdown). */
  async settled(): Promise<void> {
    await this.#inFlight?.catch(() => undefined);
  }

  state(): PollerState {
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return {
      running: this.#running,
      suspended: this.#suspended,
      polling: this.#polling,
      online: this.#online,
      lastAttemptAt: iso(this.#lastAttemptMs),
      lastSuccessAt: this.#lastSuccessAt,
      lastError: this.#lastError,
      lastErrorAt: this.#lastErrorAt,
      consecutiveFailures: this.#failures,
      nextPollAt: iso(this.#nextPollAt),
      intervalMs: this.intervalMs,
      cacheNote: this.#unwritable ?? this.#replaced,
    };
  }

  #msUntilAllowed(): number {
    if (this.#lastAttemptMs === null) return 0;
    return Math.max(0, this.#lastAttemptMs + MIN_POLL_INTERVAL_MS - this.#clock().getTime());
  }

  async #poll(): Promise<PollResult> {
    const { store, extraFeeds = DEFAULT_EXTRA_FEEDS, timeoutMs = 15_000 } = this.#options;
    const generation = store.generation;
    this.#lastRetryAfterMs = undefined;
    const controller = new AbortController();
    this.#abort = controller;
    // Not AbortSignal.any of AbortSignal.timeout: Node kept each poll's signal until its time-out fired (see deadlineSignal).
    const deadline = deadlineSignal(timeoutMs, controller.signal);
    const signal = deadline.signal;
    const required = Object.keys(RECORD_FEEDS) as RecordFeedName[];
    try {
      const outcomes = await Promise.all([...required, ...extraFeeds].map((name) => this.#fetchFeed(name, signal)));
      // Cancelled by stop() or suspend(), not by its deadline: its "request aborted" says nothing of
      // the page (a profile switched away from, the app quitting), and what did arrive is not a whole poll.
      if (controller.signal.aborted && !deadline.timedOut) {
        return { outcome: 'failed', error: `the check was cancelled: ${(controller.signal.reason as Error).message}`, cancelled: true };
      }
      const failures = outcomes.flatMap((outcome) => ('error' in outcome ? [{ ...outcome, path: FEED_PATHS[outcome.name], reason: outcome.error }] : []));
      const requiredFailures = failures.filter((outcome) => (required as FeedName[]).includes(outcome.name));
      if (requiredFailures.length > 0) {
        this.#lastRetryAfterMs = Math.max(...requiredFailures.map((f) => f.retryAfterMs ?? 0)) || undefined;
        return { outcome: 'failed', error: feedFailuresText(requiredFailures, required.length) };
      }
      // The store was replaced meanwhile: its ETags were the old one's, and a 304 would leave the new
      // one empty. Nothing is written; the next poll, as soon as allowed (`#refill`), fills it.
      if (store.generation !== generation) return { outcome: 'failed', error: this.#replaced ?? 'the status cache was replaced during the poll', local: true };
      const feeds: Partial<Record<FeedName, AcceptedFeed>> = {};
      for (const outcome of outcomes) if ('accepted' in outcome) feeds[outcome.name] = outcome.accepted;
      const changed = Object.values(feeds).some((feed) => feed.text !== null);
      const at = this.#clock();
      // What the poll heard and that it succeeded are stored together: a store that cannot take them fails the poll (#pollThrew).
      const notifications = store.transaction(() => {
        // Every feed answered 304: nothing to merge, and so nothing to raise.
        const raised = changed ? applyGoodPoll(store, { feeds, at }) : [];
        for (const [key, value] of Object.entries({ last_success_at: at.toISOString(), last_error: null, last_error_at: null })) store.setMeta(key, value);
        return raised;
      });
      return { outcome: 'ok', changed, notifications, feedErrors: failures.map((f) => `${f.path}: ${f.reason}`) };
    } finally {
      deadline.dispose();
      if (this.#abort === controller) this.#abort = null;
    }
  }

  async #fetchFeed(name: FeedName, signal: AbortSignal): Promise<FeedOutcome> {
    const { store, source, maxBodyBytes = DEFAULT_MAX_BODY_BYTES } = this.#options;
    const stored = store.getFeed(name);
    let response;
    try {
      response = await source.fetchFeed(FEED_PATHS[name], stored?.etag ?? null, signal);
    } catch (error) {
      return { name, error: (error as Error).message };
    }
    if (response.kind === 'error') return { name, error: response.error, ...(response.retryAfterMs === undefined ? {} : { retryAfterMs: response.retryAfterMs }) };
    if (response.kind === 'not-modified') {
      if (!stored) return { name, error: '304 without a stored body' };
      const parsed = parseFeedBody(name, stored.text, null, Number.MAX_SAFE_INTEGER);
      if (!parsed.ok) return { name, error: 'stored body unreadable' };
      return { name, accepted: { parsed: parsed.feed, text: null, etag: stored.etag } };
    }
    const parsed = parseFeedBody(name, response.text, response.contentType, maxBodyBytes);
    if (!parsed.ok) return { name, error: parsed.error };
    return { name, accepted: { parsed: parsed.feed, text: response.text, etag: response.etag } };
  }

  /**
   * A poll that threw: the store failed under it (the upstream's failures are outcomes, not
   * throws), and no store write or backoff follows: nothing is wrong with the status page.
   */
  #pollThrew(error: unknown): PollResult {
    const note = this.#storeFailed(error);
    if (note !== null) return { outcome: 'failed', error: note, local: true };
    return { outcome: 'failed', error: `poll failed: ${(error as Error).message}` };
  }

  /**
   * What a failure of the store comes to, as a poll's and a failed poll's error write share it: a
   * damaged store is handed to its owner to replace; any other failure of SQLite (a full disk) is
   * said until a write succeeds. The note to show, or null for a failure that is not the store's.
   */
  #storeFailed(error: unknown): string | null {
    if (isDamagedStoreError(error) && this.#options.onStoreDamaged) {
      this.#options.onStoreDamaged(error);
      return this.#replaced ?? error.message;
    }
    if (isSqliteError(error)) return this.#storeRefused(error);
    return null;
  }

  /** The store refused a write or a read: said (and logged) once, until a write succeeds. */
  #storeRefused(error: Error & { code: string }): string {
    const note = unusableCacheNote(error, this.#options.store.file);
    if (this.#unwritable === null) this.#options.log?.(`status: ${note}`);
    this.#unwritable = note;
    return note;
  }

  #finish(result: PollResult): PollResult {
    const now = this.#clock().toISOString();
    try {
      if (result.outcome === 'ok') {
        this.#failures = 0;
        [this.#lastSuccessAt, this.#lastError, this.#lastErrorAt] = [now, null, null];
        this.#storeWrote();
      } else if (result.outcome === 'failed' && !result.local && !result.cancelled) {
        this.#failures += 1;
        [this.#lastError, this.#lastErrorAt] = [result.error, now];
        this.#saveError(result.error, now);
      }
    } finally {
      // Whatever the bookkeeping threw, the poll is over and the next one scheduled: else the poller would stop for good, still "polling".
      // Only now: a store found damaged by the writes above is replaced with this poll still under way (`storeReplaced`).
      this.#polling = false;
      if (this.#running && !this.#suspended && result.outcome !== 'too-soon') this.#schedule(this.#nextDelay(result));
    }
    try {
      this.#options.onPoll?.(result);
    } catch (error) {
      // The poll is done and the next one scheduled: a listener's failure must not undo that, or stop the app.
      this.#options.log?.(`status: a poll listener failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return result;
  }

  /**
   * Writes a failed poll's error into the store, so the next start shows it: at best, since the
   * poll already failed. A write the store refuses (a full disk) is said as the store's trouble;
   * damage goes to the store's owner, as a poll's does.
   */
  #saveError(error: string, at: string): void {
    const { store } = this.#options;
    try {
      store.transaction(() => {
        store.setMeta('last_error', error);
        store.setMeta('last_error_at', at);
      });
    } catch (failure) {
      if (this.#storeFailed(failure) === null) throw failure;
      return;
    }
    this.#storeWrote();
  }

  /** A write went through: whatever refused writes before (a full disk) is over. */
  #storeWrote(): void {
    if (this.#unwritable !== null) this.#options.log?.(`status: the status cache ${this.#options.store.file} takes writes again`);
    this.#unwritable = null;
  }

  #nextDelay(result: PollResult): number {
    const refill = this.#refill;
    this.#refill = false;
    // Polling again after a cancelled poll (a resume, a restart) is as soon as allowed: the page was not heard.
    if (result.outcome === 'failed' && result.cancelled) return this.#msUntilAllowed();
    if (result.outcome === 'failed' && !result.local) {
      const random = this.#options.random ?? Math.random;
      return backoffDelayMs(this.#failures, this.intervalMs, this.#options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, random, this.#lastRetryAfterMs);
    }
    // The page answered this poll: an empty store (just replaced) is filled as soon as allowed; a full
    // disk is no reason to ask the page less often.
    return refill ? this.#msUntilAllowed() : this.intervalMs;
  }

  /** Schedules a poll in `delayMs`, unless one is pending sooner already. */
  #scheduleNoLaterThan(delayMs: number): void {
    if (this.#nextPollAt !== null && this.#nextPollAt <= this.#clock().getTime() + delayMs) return;
    this.#schedule(delayMs);
  }

  #schedule(delayMs: number): void {
    this.#clearTimer();
    this.#nextPollAt = this.#clock().getTime() + delayMs;
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null;
      this.#nextPollAt = null;
      this.pollNow().then(
        (result) => {
          // A timer that fired too early (clock changes) tries again when allowed.
          if (result.outcome === 'too-soon' && this.#running && !this.#suspended) this.#schedule(result.retryInMs);
        },
        // pollNow settles with an outcome whatever the store does; this only keeps a fault here from stopping the app.
        (error: unknown) => this.#options.log?.(`status: a scheduled poll failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }, delayMs);
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
    this.#nextPollAt = null;
  }
}
