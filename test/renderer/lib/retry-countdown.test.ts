import { describe, expect, it } from 'vitest';
import { retryDueAt, retryMessageAt, secondsLeft } from '../../../renderer/src/lib/retry-countdown.ts';

describe('retry countdown', () => {
  const said = Date.parse('2026-11-27T01:00:00.000Z');
  const error = { message: 'HTTP 503 from https://x/api/v1/accounts', retryAt: new Date(said + 4200).toISOString() };

  it('counts whole seconds up to the moment due, 0 from then on', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 1)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 60_000)).toBe(0);
  });

  it('reads when the error\'s retry is due; none when it has none, or an unreadable time', () => {
    expect(retryDueAt(error)).toBe(said + 4200);
    expect(retryDueAt({ ...error, retryAt: null })).toBeNull();
    expect(retryDueAt({ ...error, retryAt: 'not a time' })).toBeNull();
  });

  it('says the wait left, a second less each second, then that the retry is under way', () => {
    expect(retryMessageAt(error, said)).toBe('HTTP 503 from https://x/api/v1/accounts; retrying in 5 s');
    expect(retryMessageAt(error, said + 1000)).toBe('HTTP 503 from https://x/api/v1/accounts; retrying in 4 s');
    expect(retryMessageAt(error, said + 4000)).toBe('HTTP 503 from https://x/api/v1/accounts; retrying in 1 s');
    expect(retryMessageAt(error, said + 4200)).toBe('HTTP 503 from https://x/api/v1/accounts; retrying now');
    expect(retryMessageAt(error, said + 600_000)).toBe('HTTP 503 from https://x/api/v1/accounts; retrying now');
  });

  it('leaves an error with no retry scheduled as its message', () => {
    const failure = { message: 'The local store could not be written: the disk is full', retryAt: null };
    expect(retryMessageAt(failure, said + 5000)).toBe(failure.message);
  });
});
