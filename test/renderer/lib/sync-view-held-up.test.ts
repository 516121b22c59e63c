import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../main/common/sync-types.ts';
import { listedCoverage, standingError, syncStateLabel } from '../../../renderer/src/lib/sync-view.ts';

const base: SyncStatus = {
  profile: 'custom', upstream: 'http://127.0.0.1:5551', state: 'retrying', phase: 'transactions', entitiesSynced: 0,
  accountsInStore: 2995, ratePerSecond: 0, estimatedTotal: null, estimatedSecondsLeft: null, completedPasses: 1,
  lastTransactionTimestamp: null, upstreamNewestTimestamp: null, fallingBehind: false, followedSince: null, keepDays: null, storeBytes: 0, storeReusableBytes: 0, diskFreeBytes: null, compaction: null, lastError: null, phases: [],
};

describe('sync view, held up by the upstream', () => {
  it('names the state, and says lists are as last synced', () => {
    expect(syncStateLabel('retrying')).toBe('retrying');
    const done = (['accounts', 'tokens', 'contracts'] as const).map((name) => ({ name, synced: 10, passes: 1, complete: true }));
    expect(listedCoverage({ ...base, phases: done }, 'tokens'))
      .toBe("Synced from http://127.0.0.1:5551: the upstream's tokens, as last synced (the sync is held up by the upstream now).");
  });

  it("says the upstream's wait, counted down", () => {
    const error = {
      message: 'the upstream asked to wait until 01:10:00 (Retry-After): HTTP 429 Too Many Requests from http://127.0.0.1:5551/api/v1/accounts',
      at: '2026-11-27T01:00:00.000Z', retryAt: '2026-11-27T01:10:00.000Z', recoveredAt: null,
    };
    expect(standingError({ ...base, lastError: error }, Date.parse(error.at) + 1000)).toBe(`${error.message}; retrying in 599 s`);
  });
});
