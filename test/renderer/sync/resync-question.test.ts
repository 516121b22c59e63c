import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../main/common/sync-types.ts';
import { resyncQuestion } from '../../../renderer/src/screens/sync/resync-question.ts';

const status = (state: SyncStatus['state']): SyncStatus => ({
  profile: 'up', upstream: 'http://127.0.0.1:5551', state, phase: null, entitiesSynced: 0, accountsInStore: 0,
  ratePerSecond: 0, estimatedTotal: null, estimatedSecondsLeft: null, fallingBehind: false, completedPasses: 1,
  lastTransactionTimestamp: null, upstreamNewestTimestamp: null, followedSince: null, keepDays: null, storeBytes: 0,
  storeReusableBytes: 0, diskFreeBytes: null, compaction: null, lastError: null, phases: [],
});

describe('resyncQuestion', () => {
  it('says a paused sync runs again, and only of a paused one', () => {
    expect(resyncQuestion(status('paused'))).toMatch(/ The sync is paused: this starts it again\.$/);
    expect(resyncQuestion(status('following'))).not.toContain('paused');
    expect(resyncQuestion(null)).not.toContain('paused');
  });

  it('says the followed transactions stay', () => {
    expect(resyncQuestion(status('following'))).toContain('the store keeps the transactions it has followed');
  });
});
