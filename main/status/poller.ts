import type { StatusPollState } from '../common/status-types.ts';
import { FEED_PATHS, RECORD_FEEDS, type FeedName, type PassthroughFeedName, type RecordFeedName } from './feed/feed-paths.ts';
import { DEFAULT_MAX_BODY_BYTES, parseFeedBody } from './feed/parse-feed.ts';
import type { StatusSource } from './feed/status-source.ts';
import { applyGoodPoll, type AcceptedFeed } from './store/apply-poll.ts';
import type { StatusNotification, StatusStore } from './store/status-store.ts';
import { backoffDelayMs, clampInterval, DEFAULT_MAX_BACKOFF_MS, MIN_POLL_INTERVAL_MS } from './poll-schedule.ts';

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
}

export type PollResult =
  | { outcome: 'ok'; changed: boolean; notifications: StatusNotification[]; feedErrors: string[] }
  | { outcome: 'failed'; error: string }
  | { outcome: 'offline' }
  | { outcome: 'too-soon'; retryInMs: number };

/** The schedule and health of the poller, as the Status screen shows it (the API's own type). */
export type PollerState = StatusPollState;

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

  constructor(options: PollerOptions) {
    this.#options = options;
    this.intervalMs = clampInterval(options.intervalMs);
    this.#clock = options.clock ?? (() => new Date());
    this.#timers = options.timers ?? DEFAULT_TIMERS;
  }

  /** Starts polling now and then on schedule. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(0);
  }

  /** Stops the schedule and aborts a poll in flight. */
  stop(): void {
    this.#running = false;
    this.#clearTimer();
    this.#abort?.abort(new DOMException('poller stopped', 'AbortError'));
  }

  /** The machine is going to sleep: no timers, no requests until resume(). */
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
      .catch((error: unknown): PollResult => ({ outcome: 'failed', error: `poll failed: ${(error as Error).message}` }))
      .then((result) => this.#finish(result))
      .finally(() => {
        this.#inFlight = null;
      });
    return this.#inFlight;
  }

  /** Waits for a poll in flight, if any (for orderly shutdown). */
  async settled(): Promise<void> {
    await this.#inFlight?.catch(() => undefined);
  }

  state(): PollerState {
    const { store } = this.#options;
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return {
      running: this.#running,
      suspended: this.#suspended,
      polling: this.#polling,
      online: this.#online,
      lastAttemptAt: iso(this.#lastAttemptMs),
      lastSuccessAt: store.getMeta('last_success_at') ?? null,
      lastError: store.getMeta('last_error') ?? null,
      lastErrorAt: store.getMeta('last_error_at') ?? null,
      consecutiveFailures: this.#failures,
      nextPollAt: iso(this.#nextPollAt),
      intervalMs: this.intervalMs,
    };
  }

  #msUntilAllowed(): number {
    if (this.#lastAttemptMs === null) return 0;
    return Math.max(0, this.#lastAttemptMs + MIN_POLL_INTERVAL_MS - this.#clock().getTime());
  }

  async #poll(): Promise<PollResult> {
    const { store, extraFeeds = DEFAULT_EXTRA_FEEDS, timeoutMs = 15_000 } = this.#options;
    this.#lastRetryAfterMs = undefined;
    const controller = new AbortController();
    this.#abort = controller;
    const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(timeoutMs)]);
    const required = Object.keys(RECORD_FEEDS) as RecordFeedName[];
    try {
      const outcomes = await Promise.all([...required, ...extraFeeds].map((name) => this.#fetchFeed(name, signal)));
      const failures = outcomes.filter((outcome) => 'error' in outcome);
      const requiredFailures = failures.filter((outcome) => (required as FeedName[]).includes(outcome.name));
      if (requiredFailures.length > 0) {
        this.#lastRetryAfterMs = Math.max(...requiredFailures.map((f) => ('retryAfterMs' in f ? (f.retryAfterMs ?? 0) : 0))) || undefined;
        const error = requiredFailures.map((f) => ('error' in f ? f.error : '')).join('; ');
        return { outcome: 'failed', error };
      }
      const feeds: Partial<Record<FeedName, AcceptedFeed>> = {};
      for (const outcome of outcomes) if ('accepted' in outcome) feeds[outcome.name] = outcome.accepted;
      const changed = Object.values(feeds).some((feed) => feed.text !== null);
      // Every feed answered 304: nothing to merge, and so nothing to raise.
      const notifications = changed ? applyGoodPoll(store, { feeds, at: this.#clock() }) : [];
      return { outcome: 'ok', changed, notifications, feedErrors: failures.map((f) => ('error' in f ? f.error : '')) };
    } finally {
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
      return { name, error: `${FEED_PATHS[name]}: ${(error as Error).message}` };
    }
    if (response.kind === 'error') return { name, error: response.error, ...(response.retryAfterMs === undefined ? {} : { retryAfterMs: response.retryAfterMs }) };
    if (response.kind === 'not-modified') {
      if (!stored) return { name, error: `${FEED_PATHS[name]}: 304 without a stored body` };
      const parsed = parseFeedBody(name, stored.text, null, Number.MAX_SAFE_INTEGER);
      if (!parsed.ok) return { name, error: `${FEED_PATHS[name]}: stored body unreadable` };
      return { name, accepted: { parsed: parsed.feed, text: null, etag: stored.etag } };
    }
    const parsed = parseFeedBody(name, response.text, response.contentType, maxBodyBytes);
    if (!parsed.ok) return { name, error: `${FEED_PATHS[name]}: ${parsed.error}` };
    return { name, accepted: { parsed: parsed.feed, text: response.text, etag: response.etag } };
  }

  #finish(result: PollResult): PollResult {
    const { store } = this.#options;
    this.#polling = false;
    const now = this.#clock();
    if (result.outcome === 'ok') {
      this.#failures = 0;
      store.setMeta('last_success_at', now.toISOString());
      store.setMeta('last_error', null);
      store.setMeta('last_error_at', null);
    } else if (result.outcome === 'failed') {
      this.#failures += 1;
      store.setMeta('last_error', result.error);
      store.setMeta('last_error_at', now.toISOString());
    }
    if (this.#running && !this.#suspended && result.outcome !== 'too-soon') this.#schedule(this.#nextDelay(result));
    this.#options.onPoll?.(result);
    return result;
  }

  #nextDelay(result: PollResult): number {
    if (result.outcome !== 'failed') return this.intervalMs;
    const random = this.#options.random ?? Math.random;
    return backoffDelayMs(this.#failures, this.intervalMs, this.#options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, random, this.#lastRetryAfterMs);
  }

  #schedule(delayMs: number): void {
    this.#clearTimer();
    this.#nextPollAt = this.#clock().getTime() + delayMs;
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null;
      this.#nextPollAt = null;
      void this.pollNow().then((result) => {
        // A timer that fired too early (clock changes) tries again when allowed.
        if (result.outcome === 'too-soon' && this.#running && !this.#suspended) this.#schedule(result.retryInMs);
      });
    }, delayMs);
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
    this.#nextPollAt = null;
  }
}
