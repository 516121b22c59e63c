/** Nothing polls an upstream more often than this, whatever the settings or the user's refresh clicks say. */
export const MIN_POLL_INTERVAL_MS = 10_000;
export const DEFAULT_POLL_INTERVAL_MS = 60_000;
export const DEFAULT_MAX_BACKOFF_MS = 15 * 60_000;
/** Longest wait a Retry-After header may impose. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;

export function clampInterval(intervalMs: number | undefined): number {
  const value = intervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  return Number.isFinite(value) ? Math.max(MIN_POLL_INTERVAL_MS, value) : DEFAULT_POLL_INTERVAL_MS;
}

/**
 * Delay before the next try after `failures` failed polls in a row: exponential from twice the
 * interval, capped, with jitter over the upper half so many clients do not retry in step. A
 * Retry-After from the upstream is honoured when it asks for longer.
 */
export function backoffDelayMs(failures: number, intervalMs: number, maxBackoffMs: number, random: () => number, retryAfterMs?: number): number {
  const base = Math.min(Math.max(maxBackoffMs, intervalMs), intervalMs * 2 ** Math.min(Math.max(failures, 1), 20));
  const jittered = Math.round(base / 2 + random() * (base / 2));
  const wanted = retryAfterMs === undefined ? jittered : Math.max(jittered, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
  return Math.max(MIN_POLL_INTERVAL_MS, wanted);
}
