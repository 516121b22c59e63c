import { describe, expect, it } from 'vitest';
import { emptyStorageText, hookMissing, hookStoragePath, hookViewOf, NO_HOOK_VIEW, readAsOf, withHookView } from '../../../renderer/src/lib/hook-view.ts';

describe('hookViewOf and withHookView', () => {
  it('reads the open hook and its as-of time from the address', () => {
    expect(hookViewOf('id=0.0.5&tab=hooks&hook=7&at=1780000000.000000000')).toEqual({ hook: '7', at: '1780000000.000000000' });
    expect(hookViewOf('id=0.0.5&tab=hooks&hook=7')).toEqual({ hook: '7', at: null });
  });

  it('has no as-of time without a hook open', () => {
    expect(hookViewOf('id=0.0.5&tab=hooks&at=1780000000.000000000')).toEqual(NO_HOOK_VIEW);
    expect(hookViewOf('id=0.0.5&hook=')).toEqual(NO_HOOK_VIEW);
  });

  it('keeps what the address says as it is, for the mirror to refuse', () => {
    expect(hookViewOf('hook=x&at=yesterday')).toEqual({ hook: 'x', at: 'yesterday' });
  });

  it('writes the view into the address, keeping the other parameters, and drops it whole', () => {
    const opened = withHookView('id=0.0.5&tab=hooks', { hook: '1', at: '1780000000.000000000' });
    expect(opened).toBe('id=0.0.5&tab=hooks&hook=1&at=1780000000.000000000');
    expect(hookViewOf(opened)).toEqual({ hook: '1', at: '1780000000.000000000' });
    expect(withHookView(opened, { hook: '1', at: null })).toBe('id=0.0.5&tab=hooks&hook=1');
    expect(withHookView(opened, NO_HOOK_VIEW)).toBe('id=0.0.5&tab=hooks');
    // A time without its hook is no view.
    expect(withHookView('id=0.0.5', { hook: null, at: '1780000000.000000000' })).toBe('id=0.0.5');
  });
});

describe('hookStoragePath', () => {
  it('asks for the storage now, or as of a time with timestamp=lte', () => {
    expect(hookStoragePath('0.0.5', '7', null)).toBe('/api/v1/accounts/0.0.5/hooks/7/storage?limit=25');
    expect(hookStoragePath('0.0.5', '7', '1780000000.000000000')).toBe('/api/v1/accounts/0.0.5/hooks/7/storage?timestamp=lte%3A1780000000.000000000&limit=25');
    expect(decodeURIComponent(hookStoragePath('0.0.5', '7', '1780000000.000000000', 10))).toContain('timestamp=lte:1780000000.000000000&limit=10');
  });

  it('asks, for a second typed, for the writes through its end: one partway through it is in', () => {
    const reading = readAsOf('2026-04-20T15:46:40');
    expect(reading.ok && decodeURIComponent(hookStoragePath('0.0.5', '7', reading.at))).toContain('timestamp=lte:1776700000.999999999&');
  });

  it('cannot be led to another resource by what the address holds', () => {
    expect(hookStoragePath('0.0.5', '../../tokens', 'x&limit=1000')).toBe('/api/v1/accounts/0.0.5/hooks/..%2F..%2Ftokens/storage?timestamp=lte%3Ax%26limit%3D1000&limit=25');
  });
});

describe('readAsOf', () => {
  it('reads the field as a UTC moment, to the minute or the second, the whole of that second', () => {
    expect(readAsOf('2026-04-20T15:46:40')).toEqual({ ok: true, at: '1776700000.999999999' });
    expect(readAsOf(' 2026-04-20T15:46 ')).toEqual({ ok: true, at: '1776699960.999999999' });
  });

  it('asks for a whole date and time when the field is empty, or filled only in part', () => {
    for (const text of ['', '  ']) {
      const reading = readAsOf(text);
      expect(reading.ok).toBe(false);
      expect(!reading.ok && reading.problem).toBe('Give a whole date and time (UTC), to the minute or second, to see the storage as of then.');
    }
    // The field's own word that what is typed is partial (its badInput), whatever value it gives.
    const partial = readAsOf('', true);
    expect(!partial.ok && partial.problem).toBe('Give a whole date and time (UTC), to the minute or second, to see the storage as of then.');
  });

  it('says what is wrong with a time the ledger cannot have', () => {
    for (const text of ['1969-12-31T23:59:59', '2026-02-31T12:00', 'tomorrow']) {
      const reading = readAsOf(text);
      expect(reading.ok, text).toBe(false);
      expect(!reading.ok && reading.problem, text).toBe(`${text.replace('T', ' ')} is not a time the ledger can have: pick a date and time from 1970 on, in UTC.`);
    }
  });
});

describe('emptyStorageText', () => {
  const created = '1767876563.541844852';
  it('says the hook holds nothing now, or held nothing as of the moment', () => {
    expect(emptyStorageText('3', null, created)).toBe('Hook 3 holds no storage');
    expect(emptyStorageText('3', '1780000000.999999999', created)).toBe('Hook 3 held no storage as of 2026-05-28 20:26:40 UTC');
  });

  it('says the hook did not exist yet at a second before the one of its creation', () => {
    expect(emptyStorageText('3', '1767876562.999999999', created)).toBe('Hook 3 did not exist yet at 2026-01-08 12:49:22 UTC: it was created 2026-01-08 12:49:23 UTC');
  });

  it('compares to the second, as both times are said: in the second of its creation the hook was there', () => {
    for (const at of ['1767876563.999999999', '1767876563.000000000']) {
      expect(emptyStorageText('3', at, created), at).toBe('Hook 3 held no storage as of 2026-01-08 12:49:23 UTC');
    }
  });

  it('says only what it knows when the creation is not known or the moment is unreadable', () => {
    expect(emptyStorageText('3', '1000000000.000000000', null)).toBe('Hook 3 held no storage as of 2001-09-09 01:46:40 UTC');
    expect(emptyStorageText('3', 'yesterday', created)).toBe('Hook 3 held no storage as of yesterday');
  });
});

describe('hookMissing', () => {
  // As the mirror lists them: by id, highest first.
  const listed = [100, 42, 7].map((hook_id) => ({ hook_id }));

  it('is not said of a hook the list has, or of any before the list is in', () => {
    expect(hookMissing('42', listed, true)).toBe(false);
    expect(hookMissing('999', [], false)).toBe(false);
  });

  it('is said once every page is in without it', () => {
    expect(hookMissing('3', listed, true)).toBe(true);
    expect(hookMissing('999', [], true)).toBe(true);
  });

  it('is said with pages still to come when the list has gone below it without it: a later page holds only lower ids', () => {
    expect(hookMissing('999', listed, false)).toBe(true);
    expect(hookMissing('50', listed, false)).toBe(true);
    expect(hookMissing('3', listed, false)).toBe(false);
  });

  it('leaves an id that is no whole number to the mirror to refuse', () => {
    expect(hookMissing('x', listed, true)).toBe(false);
    expect(hookMissing('-1', listed, true)).toBe(false);
  });
});
