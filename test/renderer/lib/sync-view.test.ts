import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../main/common/sync-types.ts';
import { approximate, followingBehind, formatDuration, syncCoverage, syncPercent } from '../../../renderer/src/lib/sync-view.ts';

const base: SyncStatus = {
  profile: 'testnet', upstream: 'https://testnet.mirrornode.hedera.com', state: 'syncing', phase: 'accounts', entitiesSynced: 412_331,
  accountsInStore: 412_331, ratePerSecond: 1900, estimatedTotal: 1_904_000, estimatedSecondsLeft: 785, completedPasses: 0,
  lastTransactionTimestamp: null, upstreamNewestTimestamp: null, fallingBehind: false, followedSince: null, lastError: null, phases: [],
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
    expect(formatDuration(47 * 3600)).toBe('47.0 h');
    expect(formatDuration(127 * 86_400 + 43_200)).toBe('127.5 days');
    expect(syncPercent(base)).toBe(21);
    expect(syncPercent({ ...base, estimatedTotal: null })).toBeNull();
  });

  it('says how far following is behind the upstream in ledger time, only while it is', () => {
    const behind: SyncStatus = { ...base, phase: 'transactions', estimatedTotal: null, lastTransactionTimestamp: '1700000000.000000001', upstreamNewestTimestamp: '1700003600.999999999' };
    expect(followingBehind(behind)).toBe('60 min');
    expect(followingBehind({ ...behind, upstreamNewestTimestamp: '1711000000.000000000' })).toBe('127.3 days');
    expect(followingBehind({ ...behind, state: 'following' })).toBeNull();
    expect(followingBehind({ ...behind, phase: 'accounts' })).toBeNull();
    expect(followingBehind({ ...behind, upstreamNewestTimestamp: null })).toBeNull();
    expect(followingBehind({ ...behind, lastTransactionTimestamp: null })).toBeNull();
    // Caught up by the time the answer came: nothing to say.
    expect(followingBehind({ ...behind, upstreamNewestTimestamp: behind.lastTransactionTimestamp })).toBeNull();
  });
});
