/**
 * A clock that stands still while the sync is not running: waiting after a failed run, held up by
 * the upstream (retrying, offline), paused, compacting. Paces measured on it are the sync's own:
 * after ten minutes of a full disk the first pages once there is room are not counted over those
 * ten minutes (`2/s, ~13 min left` for a crawl that then finished in seconds).
 */
export class RunningClock {
  readonly #now: () => number;
  /** Time stood still so far, ms. */
  #stoppedFor = 0;
  /** When it last stopped (on the base clock), while it stands still. */
  #stoppedAt: number | null = null;

  /** `now`: the base clock, ms (performance.now() by default). */
  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Ms on this clock: the base clock's, less the time stood still. */
  now(): number {
    const base = this.#now();
    return base - this.#stoppedFor - (this.#stoppedAt === null ? 0 : base - this.#stoppedAt);
  }

  /** Runs on, or stands still from now; saying the same again changes nothing. */
  running(on: boolean): void {
    if (!on) {
      this.#stoppedAt ??= this.#now();
      return;
    }
    if (this.#stoppedAt === null) return;
    this.#stoppedFor += this.#now() - this.#stoppedAt;
    this.#stoppedAt = null;
  }
}
