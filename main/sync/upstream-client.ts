import { setTimeout as sleep } from 'node:timers/promises';
import { parseJsonLossless, stringifyJson } from '../mirror/format/json-out.ts';
import { backoffDelay } from './backoff.ts';
import { RateLimiter } from './rate-limiter.ts';
import { parseRetryAfter } from './retry-after.ts';

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
  onSuccess?: () => void;
}

export interface RetryEvent {
  url: string;
  attempt: number;
  error: string;
  delayMs: number;
  /** Retryable failures that reached no HTTP answer at all (connection refused, reset, time-out). */
  unreachable: boolean;
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

const DEFAULTS = { timeoutMs: 15_000, backoffBaseMs: 250, backoffCapMs: 30_000 };

/**
 * GETs from an upstream mirror node REST API, politely: at most the configured request rate,
 * `429` with Retry-After honoured (the whole client waits, not one request), exponential
 * backoff with jitter after errors, time-outs and broken bodies, and `If-None-Match` when an
 * ETag is known. Retries until it gets an answer or the signal aborts.
 */
export class UpstreamClient {
  readonly baseUrl: string;
  readonly #options: UpstreamClientOptions & typeof DEFAULTS;
  readonly #limiter: RateLimiter;
  #requests = 0;

  constructor(options: UpstreamClientOptions) {
    this.#options = { ...DEFAULTS, ...options };
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#limiter = options.limiter ?? new RateLimiter(options.requestsPerSecond);
  }

  /**
   * `path` is absolute from the API root (`/api/v1/...`), as `links.next` gives it. With
   * `queueForMs`, the first attempt waits at most that long for its turn in the request budget,
   * else QueueFullError: the caller learns that it was the budget, not the upstream, that kept it.
   */
  async get(path: string, options: { etag?: string | null; signal?: AbortSignal; queueForMs?: number } = {}): Promise<UpstreamReply> {
    const url = this.urlOf(path);
    for (let attempt = 0; ; attempt++) {
      options.signal?.throwIfAborted();
      await this.#limiter.take(options.signal, attempt === 0 ? options.queueForMs : undefined);
      const outcome = await this.#attempt(url, options.etag ?? null, options.signal);
      if (outcome.kind === 'reply') {
        this.#options.onSuccess?.();
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
      const delayMs = Math.max(outcome.retryAfterMs ?? 0, backoffMs);
      // A 429 speaks for the whole upstream: hold every request, not just this one.
      if (outcome.retryAfterMs !== null) this.#limiter.holdFor(delayMs);
      this.#options.onRetry?.({ url, attempt, error: outcome.error, delayMs, unreachable: outcome.unreachable });
      await sleep(delayMs, undefined, options.signal ? { signal: options.signal } : undefined);
    }
  }

  /**
   * Sends one request as it is and answers whatever the upstream answered (any status, its JSON
   * body), within the same request rate: for a request the app relays rather than stores. No
   * retry: the caller is a person waiting. Throws when no JSON answer comes back, and
   * QueueFullError when its turn in the request budget is more than `queueForMs` away.
   */
  async relay(request: { method: 'GET' | 'POST'; path: string; body?: unknown }, signal?: AbortSignal, queueForMs?: number): Promise<{ status: number; body: unknown }> {
    await this.#limiter.take(signal, queueForMs);
    this.#requests++;
    const timeout = AbortSignal.timeout(this.#options.timeoutMs);
    const response = await fetch(this.urlOf(request.path), {
      method: request.method,
      headers: { accept: 'application/json', ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(request.body === undefined ? {} : { body: stringifyJson(request.body) }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const text = await response.text();
    try {
      return { status: response.status, body: parseUpstreamJson(text) };
    } catch {
      throw new UpstreamError(`HTTP ${response.status} with a body that is not JSON (${text.length} characters)`, response.status);
    }
  }

  /** Requests sent so far, retries included. */
  get requestCount(): number {
    return this.#requests;
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

  async #attempt(url: string, etag: string | null, signal: AbortSignal | undefined): Promise<AttemptOutcome> {
    const timeout = AbortSignal.timeout(this.#options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    this.#requests++;
    try {
      response = await fetch(url, { headers: { accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) }, signal: combined });
    } catch (error) {
      if (signal?.aborted) return fatal('aborted', null);
      return retry(timeout.aborted ? `no answer within ${this.#options.timeoutMs / 1000} s` : describeNetworkError(error), true);
    }
    // A redirect elsewhere is not the upstream answering.
    if (response.redirected && !sameOrigin(response.url, this.baseUrl)) return fatal(`${url} redirected to another host (${response.url.slice(0, 200)})`, null);
    if (response.status === 304) return { kind: 'reply', reply: { status: 304 } };
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) return fatal('aborted', null);
      return retry(timeout.aborted ? `body not complete within ${this.#options.timeoutMs / 1000} s` : `body cut off (${describeNetworkError(error)})`, false);
    }
    if (response.status === 429) {
      return { kind: 'retry', error: 'HTTP 429 Too Many Requests', unreachable: false, retryAfterMs: parseRetryAfter(response.headers.get('retry-after')) };
    }
    if (response.status >= 500) return retry(`HTTP ${response.status}`, false);
    if (response.status !== 200 && response.status !== 404) return fatal(`HTTP ${response.status} for ${url}: ${text.slice(0, 200)}`, response.status);
    let body: unknown;
    try {
      body = parseUpstreamJson(text);
    } catch {
      // JSON cut short is a hiccup, asked again. A web page (a captive portal, an explorer, the
      // wrong URL) is no mirror node: unreachable, so lookups answer at once and the sync says offline.
      const type = mediaTypeOf(response);
      if (/json/i.test(type)) return retry(`HTTP ${response.status} with a body that is not whole JSON (${text.length} characters)`, false);
      return retry(`HTTP ${response.status} ${type || 'without a content type'}, not a mirror node's JSON (${bodyExcerpt(text, 40)})`, true);
    }
    if (response.status === 404) return { kind: 'reply', reply: { status: 404, body } };
    return { kind: 'reply', reply: { status: 200, body, etag: response.headers.get('etag') } };
  }
}

type AttemptOutcome =
  | { kind: 'reply'; reply: UpstreamReply }
  | { kind: 'retry'; error: string; unreachable: boolean; retryAfterMs: number | null }
  | { kind: 'fatal'; error: string; status: number | null };

function sameOrigin(url: string, base: string): boolean {
  try {
    return new URL(url).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

function retry(error: string, unreachable: boolean): AttemptOutcome {
  return { kind: 'retry', error, unreachable, retryAfterMs: null };
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

/** A failed fetch in a few words: the system's code (ECONNREFUSED, ENOTFOUND) where there is one. */
export function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return cause.code;
  return error instanceof Error ? (cause?.message ?? error.message) : String(error);
}

/**
 * Parses an upstream body keeping int64 values exact. The lossless reviver costs a call per
 * value, so it runs only when the text has a bare integer long enough to exceed 2^53.
 */
export function parseUpstreamJson(text: string): unknown {
  return /[:,[]\s*-?\d{16,}/.test(text) ? parseJsonLossless(text) : JSON.parse(text);
}
