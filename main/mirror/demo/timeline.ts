import type { Prng } from './prng.ts';

/**
 * The demo ledger's clock. "Now" is fixed so that every run writes the same timestamps;
 * the ledger then looks as if it was synced at that moment.
 */
export const DEMO_NOW_SECONDS = 1_792_000_000;
/** Nanoseconds per second: consensus timestamps count nanoseconds. */
export const NANOS = 1_000_000_000n;
/** "Now" as a consensus timestamp. */
export const DEMO_NOW_NANOS = BigInt(DEMO_NOW_SECONDS) * NANOS;
export const MINUTE_NANOS = 60n * NANOS;
/** Mainnet's open-access date: system accounts date from here. */
export const GENESIS_SECONDS = 1_568_411_631;
/** User accounts were created over the three years before "now". */
export const HISTORY_SECONDS = 3 * 365 * 86_400;
export const DAY_SECONDS = 86_400;
/** The reference's default auto-renew period: 90 days. */
export const AUTO_RENEW_SECONDS = 7_776_000;

/** Integer seconds plus a random nanosecond part, as a consensus timestamp. */
export function toNanos(seconds: number, rng: Prng): bigint {
  return BigInt(Math.floor(seconds)) * NANOS + BigInt(rng.int(0, 999_999_999));
}

/** Creation time of the user entity at `fraction` (0..1) of the history: later numbers are newer. */
export function createdSecondsAt(fraction: number, rng: Prng): number {
  const start = DEMO_NOW_SECONDS - HISTORY_SECONDS;
  return start + fraction * HISTORY_SECONDS + rng.next() * 3_600;
}

/** A moment between `fromSeconds` and now, biased towards now (recent activity is denser). */
export function recentSeconds(fromSeconds: number, rng: Prng): number {
  const back = -Math.log(1 - rng.next()) * 20 * DAY_SECONDS;
  return Math.max(fromSeconds, DEMO_NOW_SECONDS - back);
}

/**
 * An entity's expiry as of "now", after every transaction of the ledger: the network renews a
 * live entity by its auto-renew period each time it expires, so the expiry is its creation plus
 * whole periods, the first such after "now".
 */
export function renewedExpiryNanos(createdNs: bigint, renewSeconds: number): bigint {
  const period = BigInt(renewSeconds) * NANOS;
  const periods = createdNs >= DEMO_NOW_NANOS ? 1n : (DEMO_NOW_NANOS - createdNs) / period + 1n;
  return createdNs + periods * period;
}
