import { CatchUpEstimate } from './catch-up-estimate.ts';
import { newestTransactionTimestamp } from './transactions-follow.ts';
import type { UpstreamClient } from './upstream-client.ts';

/** While following is behind, how often the upstream's newest transaction is asked for (to say how far behind). */
const BEHIND_CHECK_MS = 30_000;

/**
 * How far following is behind the upstream, while it is: the upstream's newest transaction as
 * last asked for, and the pace of both (CatchUpEstimate). A reading of its own because it costs a
 * request: it is asked for at most every BEHIND_CHECK_MS, one request in many, and forgotten once
 * following catches up. Wall times are `performance.now()` ms.
 */
export class BehindUpstream {
  #newest: string | null = null;
  #askedAt = -Infinity;
  readonly #estimate = new CatchUpEstimate();

  /** The upstream's newest transaction (consensus timestamp) as last asked for; null until known, or without a transactions list. */
  get newest(): string | null {
    return this.#newest;
  }

  /** A commit of followed transactions ended with the one at `timestamp`, at `at` on the sync's running clock (running-clock.ts). */
  followed(at: number, timestamp: string): void {
    this.#estimate.followed(at, timestamp);
  }

  /** Asks the upstream for its newest transaction, unless it was asked less than BEHIND_CHECK_MS before `now`. */
  async askNewestWhenDue(client: UpstreamClient, signal: AbortSignal, now: number): Promise<void> {
    if (now - this.#askedAt < BEHIND_CHECK_MS) return;
    const newest = await newestTransactionTimestamp({ client, signal });
    this.#newest = newest === 'unsupported' ? null : newest;
    this.#askedAt = now;
    if (this.#newest !== null) this.#estimate.newest(now, this.#newest);
  }

  /** Wall seconds left until caught up at the pace so far (CatchUpEstimate.secondsLeft). */
  secondsLeft(now: number): number | null {
    return this.#estimate.secondsLeft(now);
  }
}
