/**
 * Waits before a retry, counted down on screen: a delay said once ("retrying in 4.2 s") is wrong a
 * second later, and a screen left open showed it for minutes.
 */

/** Whole seconds from `nowMs` until `dueMs`, rounded up (a countdown shows 1 s until it is due); 0 once due. */
export function secondsLeft(dueMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((dueMs - nowMs) / 1000));
}

/** A sync error as the status gives it: what failed, and when its retry is due (ISO time; null for none). */
export interface RetryingError {
  message: string;
  retryAt: string | null;
}

/** When the error's retry is due (ms since the epoch); null when none is scheduled. */
export function retryDueAt(error: RetryingError): number | null {
  const due = error.retryAt === null ? Number.NaN : Date.parse(error.retryAt);
  return Number.isNaN(due) ? null : due;
}

/**
 * The error's message as of `nowMs`, with the wait before its retry in whole seconds, `retrying
 * now` once due. An error with no retry scheduled is its message alone.
 */
export function retryMessageAt(error: RetryingError, nowMs: number): string {
  const due = retryDueAt(error);
  if (due === null) return error.message;
  const left = secondsLeft(due, nowMs);
  return `${error.message}; ${left > 0 ? `retrying in ${left} s` : 'retrying now'}`;
}
