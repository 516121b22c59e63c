import { ledgerSecondsOf } from '../common/sync-figures.ts';

/** Fewest wall seconds between two samples for a pace worth telling. */
const MIN_SPAN_MS = 10_000;

interface Sample {
  /** ms: wall time for the upstream's newest, the sync's running clock for the followed (followed()). */
  at: number;
  /** Ledger time, seconds. */
  ledger: number;
}

/**
 * How long following takes to catch up with the upstream, from how fast it has gone through ledger
 * time since it fell behind and how fast the upstream's newest transaction moves (a live network's
 * at one ledger second a second, a still one's not at all). Both are measured, not assumed: the
 * newest is asked for every so often while behind.
 */
export class CatchUpEstimate {
  #followedFirst: Sample | null = null;
  #followed: Sample | null = null;
  #newestFirst: Sample | null = null;
  #newest: Sample | null = null;

  /**
   * The last transaction followed (consensus timestamp `seconds.nanos`), at `at` (ms) on the sync's
   * running clock: following's pace is over the time it ran, not the waits after failures (the
   * upstream's newest moves on meanwhile, so its samples are wall time).
   */
  followed(at: number, timestamp: string): void {
    const sample = { at, ledger: ledgerSecondsOf(timestamp) };
    this.#followedFirst ??= sample;
    this.#followed = sample;
  }

  /** The upstream's newest transaction when asked at wall time `at` (ms). */
  newest(at: number, timestamp: string): void {
    const sample = { at, ledger: ledgerSecondsOf(timestamp) };
    this.#newestFirst ??= sample;
    this.#newest = sample;
  }

  /**
   * Wall seconds left until caught up at the pace so far; Infinity when the upstream moves on
   * at least as fast as following goes; null until both paces are measured over 10 s or more.
   */
  secondsLeft(now: number): number | null {
    const follow = paceOf(this.#followedFirst, this.#followed);
    const upstream = paceOf(this.#newestFirst, this.#newest);
    if (follow === null || upstream === null) return null;
    const gap = this.#newest!.ledger + upstream * ((now - this.#newest!.at) / 1000) - this.#followed!.ledger;
    if (gap <= 0) return 0;
    const closing = follow - upstream;
    return closing > 0 ? gap / closing : Infinity;
  }
}

/** Ledger seconds per wall second between two samples. */
function paceOf(first: Sample | null, last: Sample | null): number | null {
  if (first === null || last === null || last.at - first.at < MIN_SPAN_MS) return null;
  return (last.ledger - first.ledger) / ((last.at - first.at) / 1000);
}
