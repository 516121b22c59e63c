import { setTimeout as sleep } from 'node:timers/promises';
import { UpstreamHold } from './upstream-hold.ts';

/**
 * Spaces requests evenly at most `perSecond` a second (no bursts: an upstream sees a steady
 * trickle), and can be held back as a whole, e.g. until a 429's Retry-After has passed.
 * `perSecond` of 0 or Infinity means no limit.
 */
export class RateLimiter {
  #intervalMs: number;
  #next = 0;
  /** The upstream's 429 Retry-After, held for every client that shares this limiter (its upstream's). */
  readonly hold = new UpstreamHold();
  readonly #now: () => number;

  constructor(perSecond: number, now: () => number = () => performance.now()) {
    this.#intervalMs = perSecond > 0 && Number.isFinite(perSecond) ? 1000 / perSecond : 0;
    this.#now = now;
  }

  /**
   * Waits for the next free slot and claims it. With `maxWaitMs`, a slot starting later than that
   * is not claimed (a slot given up once claimed would hold back every request after it) and
   * QueueFullError is thrown instead.
   */
  async take(signal?: AbortSignal, maxWaitMs = Infinity): Promise<void> {
    const delay = this.reserve(maxWaitMs);
    if (delay === null) throw new QueueFullError(this.#next - this.#now());
    if (delay > 0) await sleep(delay, undefined, signal ? { signal } : undefined);
  }

  /** Claims the next free slot; answers how many milliseconds from now it starts, or null (unclaimed) when that is beyond `maxWaitMs`. */
  reserve(maxWaitMs = Infinity): number | null {
    const now = this.#now();
    const at = Math.max(now, this.#next);
    if (at - now > maxWaitMs) return null;
    this.#next = at + this.#intervalMs;
    return at - now;
  }
}

/** A request that would have waited longer than it may for its turn in the request budget. */
export class QueueFullError extends Error {
  readonly waitMs: number;
  constructor(waitMs: number) {
    super(`the request budget is taken for the next ${(waitMs / 1000).toFixed(1)} s`);
    this.name = 'QueueFullError';
    this.waitMs = waitMs;
  }
}
