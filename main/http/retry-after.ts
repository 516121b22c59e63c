/** Longest wait a Retry-After header may impose; a bad clock upstream must not stall us for days. */
export const MAX_RETRY_AFTER_MS = 10 * 60 * 1000;

/** What a Retry-After header asked for, and the wait this app keeps to (the same, capped), in ms. */
export interface RetryAfter {
  askedMs: number;
  waitMs: number;
}

/**
 * A Retry-After header (delay-seconds or an HTTP-date, RFC 9110) as the wait it asks for and the
 * wait kept (capped at MAX_RETRY_AFTER_MS); null when the header is absent or unreadable.
 */
export function readRetryAfter(value: string | null | undefined, now: number = Date.now()): RetryAfter | null {
  if (!value) return null;
  const text = value.trim();
  let askedMs: number;
  if (/^\d+$/.test(text)) {
    askedMs = Number(text) * 1000;
  } else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return null;
    askedMs = Math.max(0, at - now);
  }
  return { askedMs, waitMs: Math.min(askedMs, MAX_RETRY_AFTER_MS) };
}
