/**
 * Rate and estimate of a crawl. The rate is taken over a sliding window so that it follows
 * changes (a 429 pause, a slow upstream) within seconds. The total is estimated from how far
 * through the id space the crawl is, since the mirror API does not count accounts.
 */
export class SyncProgress {
  readonly #defaultWindowMs: number;
  #windowMs: number;
  readonly #now: () => number;
  #samples: Array<{ at: number; count: number }> = [];
  #synced = 0;
  #fraction: number | null = null;

  constructor(windowMs = 10_000, now: () => number = () => performance.now()) {
    this.#defaultWindowMs = windowMs;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  /**
   * At the start of a phase. `windowMs`: for a phase whose items come in bursts further apart
   * than the default window. The start is a sample of none, so that the first page or commit
   * already tells a rate: its items over the time it took.
   */
  reset(synced: number, windowMs = this.#defaultWindowMs): void {
    this.#windowMs = windowMs;
    this.#synced = synced;
    this.#samples = [{ at: this.#now(), count: 0 }];
    this.#fraction = null;
  }

  /** `fraction`: how far through the id space the crawl is, in [0, 1], when known. */
  add(count: number, fraction: number | null): void {
    const at = this.#now();
    this.#synced += count;
    this.#samples.push({ at, count });
    // The window's samples, and always the last two: the rate of a phase slower than the window.
    while (this.#samples.length > 2 && this.#samples[0]!.at < at - this.#windowMs) this.#samples.shift();
    if (fraction !== null) this.#fraction = Math.min(1, Math.max(0, fraction));
  }

  get synced(): number {
    return this.#synced;
  }

  /**
   * Items a second over the window: those that came after its first sample, over the time since
   * that sample (so a stall brings it down). One sample tells no rate: a page of 100, or a commit
   * of 2,500 followed transactions, is not 100 or 2,500 a second without knowing when it began.
   * Where the window holds fewer than two (pages further apart than it: a listed crawl at a few
   * requests a second reads one by-id record a request), the last two samples tell it, still
   * over the time until now: it falls as a stall goes on, rather than dropping to 0 between pages.
   */
  ratePerSecond(): number {
    const now = this.#now();
    const windowed = this.#samples.filter((s) => s.at >= now - this.#windowMs);
    const recent = windowed.length >= 2 ? windowed : this.#samples.slice(-2);
    if (recent.length < 2) return 0;
    const span = Math.max(1000, now - recent[0]!.at);
    return (recent.slice(1).reduce((sum, s) => sum + s.count, 0) / span) * 1000;
  }

  estimatedTotal(): number | null {
    if (this.#fraction === null || this.#fraction <= 0) return null;
    return Math.max(this.#synced, Math.round(this.#synced / this.#fraction));
  }

  estimatedSecondsLeft(): number | null {
    const total = this.estimatedTotal();
    const rate = this.ratePerSecond();
    if (total === null || rate <= 0) return null;
    return Math.round((total - this.#synced) / rate);
  }
}
