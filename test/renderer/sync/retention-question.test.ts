import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../main/common/sync-types.ts';
import { keptDaysWords, retentionDeletes, retentionQuestion } from '../../../renderer/src/screens/sync/retention-question.ts';

const status = (keepDays: number | null, lastTransactionTimestamp: string | null = '1764320400.000000005'): SyncStatus => ({
  profile: 'up', upstream: 'http://127.0.0.1:5551', state: 'following', phase: 'transactions', entitiesSynced: 0, accountsInStore: 0,
  ratePerSecond: 0, estimatedTotal: null, estimatedSecondsLeft: null, fallingBehind: false, completedPasses: 1,
  lastTransactionTimestamp, upstreamNewestTimestamp: null, followedSince: '1764000000.000000000', keepDays, storeBytes: 0,
  storeReusableBytes: 0, diskFreeBytes: null, compaction: null, lastError: null, phases: [],
});

describe('retentionDeletes', () => {
  it('is a shorter keep period than the store has, or any period of a store that keeps all', () => {
    expect(retentionDeletes(null, 365)).toBe(true);
    expect(retentionDeletes(30, 7)).toBe(true);
  });

  it('is not a longer period, the same one, or all', () => {
    expect(retentionDeletes(7, 30)).toBe(false);
    expect(retentionDeletes(7, 7)).toBe(false);
    expect(retentionDeletes(7, null)).toBe(false);
    expect(retentionDeletes(null, null)).toBe(false);
  });
});

describe('retentionQuestion', () => {
  it('names the boundary in UTC, counted back from the newest transaction followed, and what goes with the transactions', () => {
    // 1764320400 is 2025-11-28 09:00:00 UTC; a day before is 2025-11-27 09:00:00.
    expect(retentionQuestion(status(null), 1)).toBe('Keep only the followed transactions of the last day?'
      + ' The store deletes the older ones now: every transaction before 2025-11-27 09:00:00 UTC (1 day before the newest one followed),'
      + ' with its transfers and contract results, and the topic messages from before then;'
      + ' transactions opened by id or fetched into an account\'s history go too.'
      + ' Accounts, tokens, contracts and topics stay. From then on, older ones are deleted as following moves on.');
    expect(retentionQuestion(status(30), 7)).toContain('before 2025-11-21 09:00:00 UTC (7 days before the newest one followed)');
  });

  it('says when the deleting starts for a store that follows nothing yet', () => {
    expect(retentionQuestion(status(null, null), 7)).toContain('Once following begins, the store deletes every transaction more than 7 days older than the newest one followed,');
  });

  it('asks nothing where nothing is deleted', () => {
    expect(retentionQuestion(status(7), 30)).toBeNull();
    expect(retentionQuestion(status(7), null)).toBeNull();
    expect(retentionQuestion(status(null), null)).toBeNull();
  });
});

describe('keptDaysWords', () => {
  it('reads as the select offers it', () => {
    expect(keptDaysWords(1)).toBe('of the last day');
    expect(keptDaysWords(365)).toBe('of the last 365 days');
    expect(keptDaysWords(3650)).toBe('of the last 3,650 days');
  });
});
