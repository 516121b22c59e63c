import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFeedBody } from '../../../main/status/feed/parse-feed.ts';
import { parseInstant } from '../../../main/status/feed/timestamps.ts';
import { incident, PAGE } from '../status-fixture.ts';

describe('parseInstant', () => {
  it('compares offset timestamps across a DST change as instants, not text', () => {
    // 01:30 CDT happens before 01:10 CST on the night clocks fall back.
    const beforeFallBack = parseInstant('2026-11-01T01:30:00.000-05:00')!;
    const afterFallBack = parseInstant('2026-11-01T01:10:00.000-06:00')!;
    expect(afterFallBack).toBeGreaterThan(beforeFallBack);
    expect(afterFallBack - beforeFallBack).toBe(40 * 60_000);
  });

  it('reads Z, numeric offsets, dates and fractions; refuses garbage', () => {
    expect(parseInstant('2022-09-05T08:07:25Z')).toBe(Date.UTC(2022, 8, 5, 8, 7, 25));
    expect(parseInstant('2024-01-10')).toBe(Date.UTC(2024, 0, 10));
    expect(parseInstant('2019-02-21T08:31:24.239-06:00')).toBe(Date.UTC(2019, 1, 21, 14, 31, 24, 239));
    for (const bad of ['', 'yesterday', '2026-13-01T00:00:00Z', 42, null, '<html>']) expect(parseInstant(bad)).toBeNull();
  });
});

describe('parseFeedBody', () => {
  const good = JSON.stringify({ page: PAGE, incidents: [incident('a', ['investigating'])] });

  it('accepts a Statuspage body and a legacy bare array', () => {
    expect(parseFeedBody('incidents', good)).toMatchObject({ ok: true });
    const legacy = parseFeedBody('incidents', JSON.stringify([incident('a', ['resolved'])]));
    expect(legacy.ok && legacy.feed.page).toBeNull();
  });

  it.each([
    ['invalid JSON', '{"page": {', null],
    ['an HTML error page sent with 200', '<!DOCTYPE html><html><body>Service Unavailable</body></html>', 'text/html; charset=utf-8'],
    ['HTML labelled as JSON', '<html></html>', 'application/json'],
    ['a wrong list type', JSON.stringify({ page: PAGE, incidents: {} }), null],
    ['a missing page', JSON.stringify({ incidents: [] }), null],
    ['an incident without id', JSON.stringify({ page: PAGE, incidents: [{ ...incident('a', ['investigating']), id: undefined }] }), null],
    ['a numeric status', JSON.stringify({ page: PAGE, incidents: [{ ...incident('a', ['investigating']), status: 3 }] }), null],
    ['an unreadable timestamp', JSON.stringify({ page: PAGE, incidents: [{ ...incident('a', ['investigating']), created_at: 'soon' }] }), null],
    ['updates that are not an array', JSON.stringify({ page: PAGE, incidents: [{ ...incident('a', ['investigating']), incident_updates: 'x' }] }), null],
    ['null', 'null', null],
  ])('refuses %s', (_label, text, contentType) => {
    expect(parseFeedBody('incidents', text, contentType).ok).toBe(false);
  });

  it('refuses a body over the size cap', () => {
    expect(parseFeedBody('incidents', good, null, 100)).toEqual({ ok: false, error: 'body larger than 100 bytes' });
  });

  it('keeps the later-updated copy when one body lists an id twice', () => {
    const older = incident('a', ['investigating']);
    const newer = incident('a', ['investigating', 'identified']);
    const result = parseFeedBody('incidents', JSON.stringify({ page: PAGE, incidents: [newer, older] }));
    expect(result.ok && result.feed.records).toEqual([newer]);
  });

  it('never throws on random text or random JSON, and accepts only records with ids', () => {
    const names = ['incidents', 'unresolved', 'upcoming', 'summary', 'status', 'components'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ page: PAGE, incidents: v, scheduled_maintenances: v }))), (name, text) => {
        const result = parseFeedBody(name, text);
        if (result.ok) for (const record of result.feed.records) expect(typeof record.id).toBe('string');
      }),
      { numRuns: 500 },
    );
  });
});
