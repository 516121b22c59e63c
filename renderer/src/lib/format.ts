import type { Int64 } from '../../../main/common/mirror-types.ts';

const TINYBARS_PER_HBAR = 100_000_000n;

/** Groups the digits of a non-negative integer string in threes: `1234567` -> `1,234,567`. */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export interface HbarParts {
  /** Sign and grouped whole HBAR, e.g. `-1,234`. */
  whole: string;
  /** Always 8 digits, so columns of amounts line up. */
  fraction: string;
}

/**
 * Splits a tinybar amount into whole HBAR and 8 fractional digits. Works on bigint so that
 * amounts beyond 2^53 tinybars (the treasury holds ~5e18) stay exact.
 */
export function hbarParts(tinybars: Int64): HbarParts {
  let value = typeof tinybars === 'bigint' ? tinybars : BigInt(Math.trunc(tinybars));
  const negative = value < 0n;
  if (negative) value = -value;
  const whole = groupDigits((value / TINYBARS_PER_HBAR).toString());
  const fraction = (value % TINYBARS_PER_HBAR).toString().padStart(8, '0');
  return { whole: negative ? `-${whole}` : whole, fraction };
}

/** `123456789` tinybars -> `1.23456789 ℏ`; null (balance not loaded) -> an em dash. */
export function formatHbar(tinybars: Int64 | null | undefined): string {
  if (tinybars === null || tinybars === undefined) return '—';
  const { whole, fraction } = hbarParts(tinybars);
  return `${whole}.${fraction} ℏ`;
}

/** Any int64 for display, grouped; null -> em dash. */
export function formatInteger(value: Int64 | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const text = value.toString();
  return text.startsWith('-') ? `-${groupDigits(text.slice(1))}` : groupDigits(text);
}

/** `0x00000000000000000000000000000000000003e8` -> `0x0000…03e8`; keeps short values whole. */
export function shortenAddress(address: string | null | undefined, head = 6, tail = 4): string {
  if (!address) return '—';
  const withPrefix = address.startsWith('0x') ? address : `0x${address}`;
  if (withPrefix.length <= head + tail + 1) return withPrefix;
  return `${withPrefix.slice(0, head)}…${withPrefix.slice(-tail)}`;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The second a mirror timestamp (`seconds.nanoseconds`) falls in, or null when it is not one. */
export function timestampDate(timestamp: string): Date | null {
  const match = /^(\d{1,10})(?:\.(\d{1,9}))?$/.exec(timestamp);
  const date = match ? new Date(Number(match[1]) * 1000) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/**
 * A mirror timestamp (`seconds.nanoseconds`) as `YYYY-MM-DD HH:MM:SS UTC`. UTC so that what
 * the table shows matches the raw value and other tools, whatever the machine's zone.
 * Unparseable input is returned unchanged rather than hidden.
 */
export function formatTimestamp(timestamp: string | null | undefined, options: { zone?: boolean } = {}): string {
  if (!timestamp) return '—';
  const date = timestampDate(timestamp);
  if (date === null) return timestamp;
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}${options.zone === false ? '' : ' UTC'}`;
}

/** A count with its noun in the right number: `1 token`, `2 tokens`, `1,000 NFTs`. */
export function formatCount(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatInteger(n)} ${n === 1 ? singular : plural}`;
}

/** Seconds as a short duration: `7776000` -> `90 days`, `86400` -> `1 day`, `8000001` -> `92d 14h 13m 21s`. */
export function formatDuration(seconds: Int64 | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const s = Number(seconds);
  if (s > 0 && s % 86_400 === 0) return formatCount(s / 86_400, 'day');
  if (s > 0 && s % 3_600 === 0) return formatCount(s / 3_600, 'hour');
  if (s < 60) return `${s} s`;
  const units: Array<[number, string]> = [[86_400, 'd'], [3_600, 'h'], [60, 'm'], [1, 's']];
  let rest = s;
  const parts: string[] = [];
  for (const [size, unit] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || parts.length > 0) parts.push(`${formatInteger(count)}${unit}`);
  }
  return parts.join(' ');
}

/** A file's size: `512 B`, `8.8 MiB`, `6.1 GiB`. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 2 ** 20) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 2 ** 30) return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  return `${(bytes / 2 ** 30).toFixed(1)} GiB`;
}

/**
 * An ISO 8601 instant (a status page's, a verification's; any offset) as `YYYY-MM-DD HH:MM UTC`,
 * as the ledger screens show theirs, so an incident's times line up with transactions at a
 * glance; in `timeZone`, named, when given. Unparseable text is shown as it came, never hidden.
 */
export function formatInstant(text: string | null | undefined, timeZone = 'UTC'): string {
  if (!text) return '—';
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return text;
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(ms));
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} ${timeZone}`;
}
