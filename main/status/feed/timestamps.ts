/**
 * Statuspage timestamps carry the page's local offset, which changes with daylight saving inside
 * one body, so their text does not sort. They are compared as instants; the text is kept as sent.
 */
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Milliseconds since the epoch for an ISO 8601 date or date-time, or null when it is not one. A missing offset means UTC. */
export function parseInstant(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = ISO_8601.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', offset = 'Z'] = match;
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 24 || minute > 59 || second > 60) return null;
  const millis = frac ? Number(frac.padEnd(3, '0').slice(0, 3)) : 0;
  const local = Date.UTC(Number(y), month - 1, day, hour, minute, second, millis);
  if (Number.isNaN(local)) return null;
  return local - offsetMinutes(offset) * 60_000;
}

function offsetMinutes(offset: string): number {
  if (offset === 'Z' || offset === 'z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  return sign * (hours * 60 + minutes);
}

/** True for null/absent or a parseable timestamp: what a nullable timestamp field may hold. */
export function isNullableTimestamp(value: unknown): boolean {
  return value === null || value === undefined || parseInstant(value) !== null;
}
