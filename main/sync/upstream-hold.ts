import { clockTime } from '../common/clock-time.ts';

/**
 * Longest a lookup someone waits for is held back by the upstream's Retry-After. The crawl keeps to
 * the whole wait asked for (up to MAX_RETRY_AFTER_MS): its steady stream of requests is what an
 * upstream throttles, and it stops. A lookup is one request a person asked for; holding every one of
 * them for up to 10 minutes after a 429 that may have lasted a second left the app answering 503 to
 * everything meanwhile. So lookups are held this long at most: then one may try, and if the upstream
 * still refuses, its own 429 holds them this long again (a few requests a minute while it refuses).
 */
export const LOOKUP_HOLD_CAP_MS = 15_000;

/**
 * The upstream's request not to be asked again before a time (a 429 with Retry-After), kept by the
 * rate limiter that every client of one upstream shares, so that it holds them all. Times are ms
 * since the epoch: they are said as clock times, and sent on as Retry-After.
 */
export class UpstreamHold {
  /** Until when the crawl (and whatever is not a lookup) waits. */
  #until = -Infinity;
  /** Until when lookups wait: the same, capped at LOOKUP_HOLD_CAP_MS from the 429 that asked. */
  #lookupUntil = -Infinity;
  readonly #now: () => number;
  readonly #lookupCapMs: number;

  constructor(options: { now?: () => number; lookupCapMs?: number } = {}) {
    this.#now = options.now ?? Date.now;
    this.#lookupCapMs = options.lookupCapMs ?? LOOKUP_HOLD_CAP_MS;
  }

  /** The upstream asked to wait `waitMs` from now. A longer wait already asked for stands: a hold is never shortened. */
  hold(waitMs: number): void {
    const now = this.#now();
    this.#until = Math.max(this.#until, now + waitMs);
    this.#lookupUntil = Math.max(this.#lookupUntil, now + Math.min(waitMs, this.#lookupCapMs));
  }

  /** When requests may go again (for a lookup, or anything else); null when nothing is held. */
  until(lookup = false): number | null {
    const until = lookup ? this.#lookupUntil : this.#until;
    return until > this.#now() ? until : null;
  }

  /** Milliseconds from now until then; 0 when nothing is held. */
  remainingMs(lookup = false): number {
    const until = this.until(lookup);
    return until === null ? 0 : until - this.#now();
  }
}

/** Said of a hold in the sync's status and log, and in a lookup's refusal. */
export function holdWords(until: number): string {
  return `the upstream asked to wait until ${clockTime(until)} (Retry-After)`;
}
