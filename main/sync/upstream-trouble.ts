/**
 * How long the upstream may fail the sync before it says so as its state (`retrying`): failures
 * that, by the time their retry is due, have gone on this long with no usable answer in between,
 * or a wait of this long asked for (Retry-After). A crawl meets single hiccups all the time (a 500
 * retried a quarter of a second later, a body cut short), and saying each would make the chip
 * flicker; after a few seconds of them nothing moves, and the chip must no longer read "up to date"
 * or show a crawl under way with a time left.
 */
export const LASTING_FAILURE_MS = 5000;

/**
 * What ends a failure: any answer that comes back whole (a request that failed over HTTP), or only
 * one the sync could use (a page that ended its list early: its retry is answered with a 200 that
 * may end the list early again, which says nothing of whether the failure is over).
 */
type FailureEnd = 'an answer' | 'a usable answer';

/**
 * The sync's failures to get a usable answer from the upstream since its last usable one: since
 * when they stand, and which answer ends them. Requests run concurrently (a batch's pages), so an
 * answer to a request sent before the latest failure was seen, which was under way meanwhile, says
 * nothing about it: only the failing request's own retry, or a request sent after it, does.
 */
export class UpstreamTrouble {
  /** When the standing failures began (ms since the epoch); null while none stands. */
  #since: number | null = null;
  /** Requests sent when the latest failure was seen. */
  #sentBefore = 0;
  /** What ends the latest failure. */
  #endedBy: FailureEnd = 'an answer';
  /** The standing failure is a run's that failed (runFailed), after which the sync waited before it went again. */
  #runFailed = false;

  /**
   * A failure, seen when `sentSoFar` requests had been sent, whose retry is due at `retryAt`, and
   * which `endedBy` ends: answers whether by then the failures will have lasted LASTING_FAILURE_MS.
   */
  failed(sentSoFar: number, now: number, retryAt: number, endedBy: FailureEnd = 'an answer'): boolean {
    // A failed run waited its minute before going again: a failure in the run after it begins failures
    // of its own, not "failing since" the run's (a different fault, which the wait already answered).
    const fresh = this.#since === null || this.#runFailed;
    this.#runFailed = false;
    // A page that ended its list early is over only when it comes whole, whatever else fails meanwhile.
    if (fresh || endedBy === 'a usable answer') this.#endedBy = endedBy;
    if (fresh) this.#since = now;
    this.#sentBefore = Math.max(this.#sentBefore, sentSoFar);
    return retryAt - (this.#since ?? now) >= LASTING_FAILURE_MS;
  }

  /**
   * A run failed, seen when `sentSoFar` requests had been sent, to go again at `retryAt`: it stands
   * (only an answer to a request of the next run ends it) until a failure in that run starts its own.
   */
  runFailed(sentSoFar: number, now: number, retryAt: number): void {
    this.failed(sentSoFar, now, retryAt);
    this.#runFailed = true;
  }

  /** An answer to request number `request` (counted as `sentSoFar` counts): true when it ends the standing failures. */
  answered(request: number): boolean {
    if (this.#since === null || this.#endedBy !== 'an answer' || request <= this.#sentBefore) return false;
    this.#since = null;
    this.#runFailed = false;
    return true;
  }

  /** The sync could use an answer (a page came whole): true when that ends the standing failures, which waited for one. */
  usable(): boolean {
    if (this.#since === null || this.#endedBy !== 'a usable answer') return false;
    this.#since = null;
    this.#endedBy = 'an answer';
    this.#runFailed = false;
    return true;
  }

  /** When the standing failures began (ms since the epoch); null while none stands. */
  get since(): number | null {
    return this.#since;
  }
}
