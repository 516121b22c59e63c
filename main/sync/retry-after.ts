/** Longest wait a Retry-After header may impose; a bad clock upstream must not stall us for days. */
export const MAX_RETRY_AFTER_MS = 10 * 60 * 1000;

/**
 * Milliseconds to wait from a Retry-After header (delay-seconds or an HTTP-date, RFC 9110),
 * capped; null when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, at - now), MAX_RETRY_AFTER_MS);
}
