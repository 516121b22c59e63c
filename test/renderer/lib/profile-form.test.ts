import { describe, expect, it } from 'vitest';
import { describeUpstreamCheck, emptyProfileForm, profileDetail, profileFormOf, profileInputOf } from '../../../renderer/src/lib/profile-form.ts';

describe('profile form', () => {
  it('turns typed fields into a request and back', () => {
    expect(profileInputOf({ ...emptyProfileForm(), name: ' solo ', mirrorUrl: 'http://localhost:5551 ', chainId: '298' })).toEqual({
      ok: true, value: { name: 'solo', mirrorUrl: 'http://localhost:5551', statusUrl: null, chainId: 298 },
    });
    expect(profileInputOf({ ...emptyProfileForm(), name: 'x', mirrorUrl: 'http://a', chainId: '29x' })).toEqual({ ok: false, problems: ['The chain id must be a whole number, e.g. 298.'] });
    const summary = { name: 'solo', kind: 'saved' as const, source: 'upstream' as const, mirrorUrl: 'http://localhost:5551', statusUrl: null, chainId: 298 };
    expect(profileFormOf(summary)).toEqual({ name: 'solo', mirrorUrl: 'http://localhost:5551', statusUrl: '', chainId: '298', previousName: 'solo' });
    expect(profileInputOf(profileFormOf(summary))).toMatchObject({ ok: true, value: { previousName: 'solo' } });
    expect(profileDetail(summary)).toBe('localhost:5551 · chain 298');
  });

  it('says what a checked mirror URL is, and whether a profile with it will sync', () => {
    expect(describeUpstreamCheck({ kind: 'mirror', newestTransaction: '1791999967.331733481' })).toEqual({ ok: true, kind: 'mirror', text: 'A mirror node; its newest transaction is of 2026-10-14 17:46:07 UTC.' });
    expect(describeUpstreamCheck({ kind: 'mirror', newestTransaction: null })).toEqual({ ok: true, kind: 'mirror', text: 'A mirror node, with no transactions yet.' });
    for (const kind of ['failing', 'not-mirror', 'unreachable'] as const) {
      expect(describeUpstreamCheck({ kind, message: `said by main (${kind})` })).toEqual({ ok: false, kind, text: `said by main (${kind})` });
    }
  });
});
