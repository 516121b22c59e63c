/**
 * Exponential backoff with full jitter: the n-th retry waits a random time in
 * [0, min(cap, base * 2^n)), so many clients that failed together do not return together.
 */
export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  /** Source of randomness in [0, 1); tests pass a fixed one. */
  random?: () => number;
}

export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor((options.random ?? Math.random)() * ceiling);
}
