import { STATUS_CODES } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatSyncDuration } from '../common/sync-figures.ts';
import { deadlineSignal, type DeadlineSignal } from '../http/deadline-signal.ts';
import { parseJsonLossless, stringifyJson } from '../mirror/format/json-out.ts';
import { backoffDelay } from './backoff.ts';
import { networkFailureInWords } from './network-failure-words.ts';
import { QueueFullError, RateLimiter } from './rate-limiter.ts';
import { readRetryAfter, type RetryAfter } from '../http/retry-after.ts';
import { holdWords, type UpstreamHold } from './upstream-hold.ts';
import { fetchWithinOrigin, TooManyRedirectsError, UpstreamRedirectError } from './own-redirects.ts';

export interface UpstreamClientOptions {
  /** Origin (and optional path prefix) of the upstream mirror node, e.g. `https://testnet.mirrornode.hedera.com`. */
  baseUrl: string;
  /** Most requests started per second; 0 or Infinity: no limit. */
  requestsPerSecond: number;
  /** A limiter shared with other clients of the same upstream (then `requestsPerSecond` is its business). */
  limiter?: RateLimiter;
  /** A request (headers and body) that takes longer fails and is retried. */
  timeoutMs?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  random?: () => number;
  /** Called before each retry wait: the sync engine shows it as the last error. */
  onRetry?: (event: RetryEvent) => void;
  /** Called after every answer that came back whole. */
  onSuccess?: (answer: AnswerEvent) => void;
  /** Called when a request (not a lookup) waits for the upstream's Retry-After, given to it or to another client: until when (ms since the epoch). */
  onHeld?: (until: number) => void;
}

export interface RetryEvent {
  url: string;
  attempt: number;
  /** The number of the request that failed (see `requestCount`). */
  request: number;
  /** What failed, in plain words: `HTTP 500 Internal Server Error`, `the connection was refused (ECONNREFUSED)`. */
  error: string;
  delayMs: number;
  /** Retryable failures that reached no HTTP answer at all (connection refused, reset, time-out). */
  unreachable: boolean;
  /** The status the upstream answered with (a 5xx, a 429, a 200 whose body broke off); null when no answer came. */
  status: number | null;
  /** When the upstream asked (429, Retry-After) to be asked again, the retry waiting for it (ms since the epoch); null otherwise. */
  heldUntil: number | null;
}

export interface AnswerEvent {
  /** The number of the request answered (see `requestCount`): a caller can tell whether it was sent after a failure. */
  request: number;
}

export type UpstreamReply =
  | { status: 200; body: unknown; etag: string | null }
  | { status: 304 }
  | { status: 404; body: unknown };

/** A failure that retrying will not fix (a 4xx other than 404 and 429, or an abort). */
export class UpstreamError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'UpstreamError';
    this.status = status;
  }
}

/**
 * A lookup refused at once because the upstream asked not to be asked before `until` (ms since the
 * epoch): a QueueFullError (it was not the upstream failing), saying why and until when.
 */
export class UpstreamHoldError extends QueueFullError {
  readonly until: number;
  constructor(until: number, now = Date.now()) {
    super(Math.max(0, until - now));
    this.name = 'UpstreamHoldError';
    this.message = holdWords(until);
    this.until = until;
  }
}

const DEFAULTS = { timeoutMs: 15_000, backoffBaseMs: 250, backoffCapMs: 30_000 };

/**
 * GETs from an upstream mirror node REST API, politely: at most the configured request rate,
 * `429` with Retry-After honoured (every client sharing the rate limiter waits, not one request:
 * see UpstreamHold), exponential backoff with jitter after errors, time-outs and broken bodies,
 * and `If-None-Match` when an ETag is known. Retries until it gets an answer or the signal aborts.
 */
export class UpstreamClient {
  readonly baseUrl: string;
  readonly #options: UpstreamClientOptions & typeof DEFAULTS;
  readonly #limiter: RateLimiter;
  readonly #hold: UpstreamHold;
  #requests = 0;

  constructor(options: UpstreamClientOptions) {
    this.#options = { ...DEFAULTS, ...options };
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#limiter = options.limiter ?? new RateLimiter(options.requestsPerSecond);
    this.#hold = this.#limiter.hold;
  }

  /**
   * `path` is absolute from the API root (`/api/v1/...`), as `links.next` gives it. With
   * `queueForMs`, the first attempt waits at most that long for its turn in the request budget,
   * else QueueFullError: the caller learns that it was the budget, not the upstream, that kept it.
   * Such a caller is a lookup someone waits for: held back by the upstream's Retry-After for less
   * long than the crawl (LOOKUP_HOLD_CAP_MS), and refused at once with UpstreamHoldError, saying
   * until when, rather than kept waiting past its `queueForMs` for it. That is its wait for holds
   * in all, its own 429s' included: an upstream that keeps refusing it is said, not waited out.
   */
  async get(path: string, options: { etag?: string | null; signal?: AbortSignal; queueForMs?: number; onRetry?: (event: RetryEvent) => void } = {}): Promise<UpstreamReply> {
    const url = this.urlOf(path);
    const lookup = options.queueForMs !== undefined;
    /** What is left of a lookup's `queueForMs` after the holds it waited for so far. */
    let holdLeftMs = options.queueForMs ?? 0;
    for (let attempt = 0; ; attempt++) {
      options.signal?.throwIfAborted();
      const heldMs = await this.#waitOutHold(lookup, holdLeftMs, options.signal);
      holdLeftMs -= heldMs;
      // The turn in the request budget has an allowance of its own: a lookup woken with the others at
      // the end of a hold would otherwise find none left, and be refused for the budget at once.
      const queueForMs = attempt === 0 && lookup ? options.queueForMs : undefined;
      await this.#limiter.take(options.signal, queueForMs);
      const request = ++this.#requests;
      const outcome = await this.#attempt(url, options.etag ?? null, options.signal);
      if (outcome.kind === 'reply') {
        this.#options.onSuccess?.({ request });
        return outcome.reply;
      }
      if (outcome.kind === 'fatal') throw new UpstreamError(outcome.error, outcome.status);
      options.signal?.throwIfAborted();
      const backoffMs = backoffDelay(attempt, {
        baseMs: this.#options.backoffBaseMs,
        capMs: this.#options.backoffCapMs,
        ...(this.#options.random ? { random: this.#options.random } : {}),
      });
      // A Retry-After of 0 (or a date past) asks again at once; repeated, the backoff still grows.
      const retryAfterMs = outcome.retryAfter?.waitMs ?? null;
      let delayMs = Math.max(retryAfterMs ?? 0, backoffMs);
      let heldUntil: number | null = null;
      if (retryAfterMs !== null) {
        // A 429 speaks for the whole upstream: hold every request, not just this one.
        this.#hold.hold(delayMs);
        if (retryAfterMs >= backoffMs && retryAfterMs > 0) heldUntil = this.#hold.until();
        if (lookup) delayMs = Math.max(backoffMs, this.#hold.remainingMs(true));
      }
      const event: RetryEvent = { url, attempt, request, error: outcome.error, delayMs, unreachable: outcome.unreachable, status: outcome.status, heldUntil };
      this.#options.onRetry?.(event);
      options.onRetry?.(event);
      if (lookup) this.#refuseLongHold(holdLeftMs);
      await sleep(delayMs, undefined, options.signal ? { signal: options.signal } : undefined);
      if (retryAfterMs !== null) holdLeftMs -= delayMs;
    }
  }

  /**
   * Sends one request as it is and answers whatever the upstream answered (any status, its JSON
   * body), within the same request rate: for a request the app relays rather than stores. No
   * retry: the caller is a person waiting. Throws when no JSON answer comes back, and
   * QueueFullError when its turn in the request budget is more than `queueForMs` away
   * (UpstreamHoldError when the upstream asked to wait longer than that).
   */
  async relay(request: { method: 'GET' | 'POST'; path: string; body?: unknown }, signal?: AbortSignal, queueForMs?: number): Promise<{ status: number; body: unknown }> {
    await this.#waitOutHold(true, queueForMs, signal);
    // Its turn in the request budget has an allowance of its own, as a lookup's has (get).
    await this.#limiter.take(signal, queueForMs);
    this.#requests++;
    const deadline = deadlineSignal(this.#options.timeoutMs, signal);
    let response: Response;
    let text: string;
    try {
      response = await fetchWithinOrigin(this.urlOf(request.path), {
        method: request.method,
        headers: { accept: 'application/json', ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(request.body === undefined ? {} : { body: stringifyJson(request.body) }),
        signal: deadline.signal,
      }, this.baseUrl);
      text = await response.text();
    } catch (error) {
      // Its answer would be served (and remembered) as the upstream's: a refusal, as for any answer that cannot be used.
      if (error instanceof UpstreamRedirectError || error instanceof TooManyRedirectsError) throw new UpstreamError(error.message, null);
      throw error;
    } finally {
      deadline.dispose();
    }
    // Its 429 is passed on as it is, and holds the other requests as any 429 does.
    const retryAfter = response.status === 429 ? readRetryAfter(response.headers.get('retry-after')) : null;
    if (retryAfter !== null && retryAfter.waitMs > 0) this.#hold.hold(retryAfter.waitMs);
    try {
      return { status: response.status, body: parseUpstreamJson(text) };
    } catch {
      throw new UpstreamError(`HTTP ${response.status} with a body that is not JSON (${text.length} characters)`, response.status);
    }
  }

  /** Requests sent so far, retries included; each request's number is the count once it was sent. */
  get requestCount(): number {
    return this.#requests;
  }

  /** When the crawl's requests may go again after the upstream asked to wait (ms since the epoch); null when they may now. */
  get heldUntil(): number | null {
    return this.#hold.until();
  }

  /** When a lookup may go again after the upstream asked to wait (held LOOKUP_HOLD_CAP_MS at most); null when it may now. */
  get lookupHeldUntil(): number | null {
    return this.#hold.until(true);
  }

  /**
   * Waits out a hold the upstream asked for before a request goes; a lookup refuses (UpstreamHoldError)
   * rather than wait longer than `queueForMs`. Answers how long it waited.
   */
  async #waitOutHold(lookup: boolean, queueForMs: number | undefined, signal: AbortSignal | undefined): Promise<number> {
    if (lookup) this.#refuseLongHold(queueForMs ?? 0);
    const waitMs = this.#hold.remainingMs(lookup);
    if (waitMs <= 0) return 0;
    if (!lookup) this.#options.onHeld?.(this.#hold.until()!);
    await sleep(waitMs, undefined, signal ? { signal } : undefined);
    return waitMs;
  }

  #refuseLongHold(queueForMs: number): void {
    const until = this.#hold.until(true);
    if (until !== null && until - Date.now() > queueForMs) throw new UpstreamHoldError(until);
  }

  /**
   * The URL of a path under the upstream, or of an absolute link it gave (`links.next`), which must
   * stay on the upstream's own origin: a link elsewhere is not followed (nor stored as a cursor).
   */
  urlOf(path: string): string {
    if (!/^https?:\/\//i.test(path)) return `${this.baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
    if (!sameOrigin(path, this.baseUrl)) throw new UpstreamError(`the upstream linked to another host (${path.slice(0, 200)}), which is not followed`, null);
    return path;
  }

  /** One request under its own time-out (and the caller's signal), whose timer and listener go when it ends. */
  async #attempt(url: string, etag: string | null, signal: AbortSignal | undefined): Promise<AttemptOutcome> {
    const timeout = deadlineSignal(this.#options.timeoutMs, signal);
    try {
      return await this.#request(url, etag, signal, timeout);
    } finally {
      timeout.dispose();
    }
  }

  async #request(url: string, etag: string | null, signal: AbortSignal | undefined, timeout: DeadlineSignal): Promise<AttemptOutcome> {
    let response: Response;
    try {
      response = await fetchWithinOrigin(url, { headers: { accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) }, signal: timeout.signal }, this.baseUrl);
    } catch (error) {
      if (signal?.aborted) return fatal('aborted', null);
      // A redirect elsewhere is not the upstream answering: it is not followed, nor asked again.
      if (error instanceof UpstreamRedirectError) return fatal(error.message, null);
      if (error instanceof TooManyRedirectsError) return retry(error.message, true);
      return retry(timeout.timedOut ? `no answer within ${this.#options.timeoutMs / 1000} s` : networkFailureInWords(error), true);
    }
    if (response.status === 304) return { kind: 'reply', reply: { status: 304 } };
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) return fatal('aborted', null);
      return retry(timeout.timedOut ? `body not complete within ${this.#options.timeoutMs / 1000} s` : `body cut off: ${networkFailureInWords(error)}`, false, response.status);
    }
    if (response.status === 429) {
      const retryAfter = readRetryAfter(response.headers.get('retry-after'));
      return { kind: 'retry', error: tooManyRequests(retryAfter), unreachable: false, status: 429, retryAfter };
    }
    if (response.status >= 500) return retry(httpStatus(response.status), false, response.status);
    if (response.status !== 200 && response.status !== 404) return fatal(`HTTP ${response.status} for ${url}: ${text.slice(0, 200)}`, response.status);
    let body: unknown;
    try {
      body = parseUpstreamJson(text);
    } catch {
      // JSON cut short is a hiccup, asked again. A web page (a captive portal, an explorer, the
      // wrong URL) is no mirror node: unreachable, so lookups answer at once and the sync says offline.
      const type = mediaTypeOf(response);
      if (/json/i.test(type)) return retry(`HTTP ${response.status} with a body that is not whole JSON (${text.length} characters)`, false, response.status);
      return retry(`HTTP ${response.status} ${type || 'without a content type'}, not a mirror node's JSON (${bodyExcerpt(text, 40)})`, true, response.status);
    }
    if (response.status === 404) return { kind: 'reply', reply: { status: 404, body } };
    return { kind: 'reply', reply: { status: 200, body, etag: response.headers.get('etag') } };
  }
}

type AttemptOutcome =
  | { kind: 'reply'; reply: UpstreamReply }
  | { kind: 'retry'; error: string; unreachable: boolean; status: number | null; retryAfter: RetryAfter | null }
  | { kind: 'fatal'; error: string; status: number | null };

/** `HTTP 503 Service Unavailable`: the status with its standard reason, which says more than the number to most. */
function httpStatus(status: number): string {
  const reason = STATUS_CODES[status];
  return reason ? `HTTP ${status} ${reason}` : `HTTP ${status}`;
}

/** A 429, with the wait it asked for when that was more than this app waits. */
function tooManyRequests(retryAfter: RetryAfter | null): string {
  if (retryAfter === null || retryAfter.askedMs <= retryAfter.waitMs) return httpStatus(429);
  return `${httpStatus(429)}, asking for ${formatSyncDuration(retryAfter.askedMs / 1000)} (the sync waits ${formatSyncDuration(retryAfter.waitMs / 1000)} at most)`;
}

function sameOrigin(url: string, base: string): boolean {
  try {
    return new URL(url).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

function retry(error: string, unreachable: boolean, status: number | null = null): AttemptOutcome {
  return { kind: 'retry', error, unreachable, status, retryAfter: null };
}

function fatal(error: string, status: number | null): AttemptOutcome {
  return { kind: 'fatal', error, status };
}

/** An answer's media type without its parameters (`text/html`); empty when it names none. */
export function mediaTypeOf(response: Response): string {
  return response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
}

/** The start of a body on one line, quoted, to recognise it by (`"<html> <body>Sign in…"`). */
export function bodyExcerpt(text: string, max = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return 'an empty body';
  return `"${line.length > max ? `${line.slice(0, max)}…` : line}"`;
}

/**
 * Parses an upstream body keeping int64 values exact. The lossless reviver costs a call per
 * value, so it runs only when the text has a bare integer long enough to exceed 2^53.
 */
export function parseUpstreamJson(text: string): unknown {
  return /[:,[]\s*-?\d{16,}/.test(text) ? parseJsonLossless(text) : JSON.parse(text);
}
