import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Spaces requests evenly at most `perSecond` a second (no bursts: an upstream sees a steady
 * trickle), and can be held back as a whole, e.g. until a 429's Retry-After has passed.
 * `perSecond` of 0 or Infinity means no limit.
 */
export class RateLimiter {
  #intervalMs: number;
  #next = 0;
  readonly #now: () => number;

  constructor(perSecond: number, now: () => number = () => performance.now()) {
    this.#intervalMs = perSecond > 0 && Number.isFinite(perSecond) ? 1000 / perSecond : 0;
    this.#now = now;
  }

  /** Waits for the next free slot and claims it. */
  async take(signal?: AbortSignal): Promise<void> {
    const delay = this.reserve();
    if (delay > 0) await sleep(delay, undefined, signal ? { signal } : undefined);
  }

  /** Claims the next free slot; answers how many milliseconds from now it starts. */
  reserve(): number {
    const now = this.#now();
    const at = Math.max(now, this.#next);
    this.#next = at + this.#intervalMs;
    return at - now;
  }

  /** No request starts before `ms` from now. */
  holdFor(ms: number): void {
    this.#next = Math.max(this.#next, this.#now() + ms);
  }
}
