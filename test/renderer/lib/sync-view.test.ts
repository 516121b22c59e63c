import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../main/common/sync-types.ts';
import { approximate, formatDuration, syncCoverage, syncPercent } from '../../../renderer/src/lib/sync-view.ts';

const base: SyncStatus = {
  profile: 'testnet', upstream: 'https://testnet.mirrornode.hedera.com', state: 'syncing', phase: 'accounts', entitiesSynced: 412_331,
  accountsInStore: 412_331, ratePerSecond: 1900, estimatedTotal: 1_904_000, estimatedSecondsLeft: 785, completedPasses: 0,
  lastTransactionTimestamp: null, followedSince: null, lastError: null, phases: [],
};

describe('sync view', () => {
  it('says how much of the network is synced, as precisely as it is known', () => {
    expect(syncCoverage(base)).toBe('412,331 of ~1.9M accounts synced');
    expect(syncCoverage({ ...base, estimatedTotal: null })).toBe('412,331 accounts synced so far');
    expect(syncCoverage({ ...base, phase: 'tokens', estimatedTotal: null, completedPasses: 1 })).toBe('All 412,331 accounts of testnet synced');
    expect(syncCoverage({ ...base, state: 'offline', phase: 'accounts', completedPasses: 0 })).toBe('412,331 of ~1.9M accounts synced');
    expect(syncCoverage({ ...base, state: 'none' })).toBeNull();
    expect(syncCoverage(null)).toBeNull();
  });

  it('formats estimates and durations', () => {
    expect(approximate(1_904_000)).toBe('1.9M');
    expect(approximate(45_400)).toBe('45K');
    expect(approximate(950)).toBe('950');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(785)).toBe('13 min');
    expect(formatDuration(9000)).toBe('2.5 h');
    expect(syncPercent(base)).toBe(21);
    expect(syncPercent({ ...base, estimatedTotal: null })).toBeNull();
  });
});
