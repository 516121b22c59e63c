import { describe, expect, it } from 'vitest';
import { validateRequest } from '../../main/bridge/validate-request.ts';

describe('status request validation', () => {
  it('accepts settings with nulls (all) or known impacts and short component ids, dropping duplicates', () => {
    expect(validateRequest('status/settings/set', { quiet: false, impacts: null, componentIds: null })).toEqual({ ok: true, value: { quiet: false, impacts: null, componentIds: null } });
    expect(validateRequest('status/settings/set', { quiet: true, impacts: ['major', 'critical', 'major'], componentIds: ['abc123', 'abc123'] }))
      .toEqual({ ok: true, value: { quiet: true, impacts: ['major', 'critical'], componentIds: ['abc123'] } });
  });

  it.each([
    [null, /request must be an object/],
    [[], /request must be an object/],
    ['quiet', /request must be an object/],
    [{ quiet: 'yes', impacts: null, componentIds: null }, /"quiet" must be true or false/],
    [{ impacts: null, componentIds: null }, /"quiet" must be true or false/],
    [{ quiet: false, impacts: 'major', componentIds: null }, /"impacts" must be null/],
    [{ quiet: false, impacts: ['severe'], componentIds: null }, /unknown impact "severe"/],
    [{ quiet: false, impacts: [1], componentIds: null }, /"impacts" must be null/],
    [{ quiet: false, impacts: Array.from({ length: 21 }, () => 'major'), componentIds: null }, /"impacts" lists more than 20 names/],
    [{ quiet: false, impacts: null }, /"componentIds" must be null/],
    [{ quiet: false, impacts: null, componentIds: [''] }, /1 to 64 characters/],
    [{ quiet: false, impacts: null, componentIds: ['x'.repeat(65)] }, /1 to 64 characters/],
    [{ quiet: false, impacts: null, componentIds: Array.from({ length: 501 }, (_, i) => `c${i}`) }, /more than 500 components/],
    [{ quiet: false, impacts: null, componentIds: null, admin: true }, /unexpected field "admin"/],
  ])('rejects %j naming the problem', (request, problem) => {
    const result = validateRequest('status/settings/set', request);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).toContainEqual(expect.stringMatching(problem));
  });

  it('names an unknown impact once, however often it comes', () => {
    const result = validateRequest('status/settings/set', { quiet: false, impacts: Array.from({ length: 20 }, () => 'severe'), componentIds: null });
    expect(result.ok ? [] : result.problems).toEqual(['"impacts" has an unknown impact "severe" (known: none, minor, major, critical, maintenance)']);
  });

  it('names every problem at once', () => {
    const result = validateRequest('status/settings/set', { quiet: 1, impacts: ['x'], componentIds: 3 });
    expect(result.ok ? [] : result.problems).toHaveLength(3);
  });

  it.each(['status/snapshot', 'status/settings/get', 'status/poll-now'] as const)('%s takes no request', (channel) => {
    expect(validateRequest(channel, null)).toEqual({ ok: true, value: null });
    expect(validateRequest(channel, { force: true })).toEqual({ ok: false, problems: ['this call takes no request'] });
  });
});
