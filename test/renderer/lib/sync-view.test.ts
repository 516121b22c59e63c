import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../main/common/sync-types.ts';
import { approximate, followingBehind, formatDuration, listedCoverage, lowRoomWarning, standingError, standingLastError, syncChipText, syncCoverage, syncPercent } from '../../../renderer/src/lib/sync-view.ts';

const base: SyncStatus = {
  profile: 'testnet', upstream: 'https://testnet.mirrornode.hedera.com', state: 'syncing', phase: 'accounts', entitiesSynced: 412_331,
  accountsInStore: 412_331, ratePerSecond: 1900, estimatedTotal: 1_904_000, estimatedSecondsLeft: 785, completedPasses: 0,
  lastTransactionTimestamp: null, upstreamNewestTimestamp: null, fallingBehind: false, followedSince: null, keepDays: null, storeBytes: 0, storeReusableBytes: 0, diskFreeBytes: null, compaction: null, lastError: null, phases: [],
};

describe('sync view', () => {
  it('names the last error while it stands, and not once the sync has recovered from it', () => {
    const error = { message: 'HTTP 503 from https://x/api/v1/accounts', at: '2026-11-27T01:00:00.000Z', retryAt: '2026-11-27T01:00:02.000Z', recoveredAt: null };
    const at = Date.parse(error.at);
    expect(standingError({ ...base, lastError: error }, at)).toBe('HTTP 503 from https://x/api/v1/accounts; retrying in 2 s');
    // The wait is counted down from when the error was said.
    expect(standingError({ ...base, lastError: error }, at + 1500)).toBe('HTTP 503 from https://x/api/v1/accounts; retrying in 1 s');
    expect(standingError({ ...base, lastError: { ...error, recoveredAt: '2026-11-27T01:00:02.000Z' } }, at)).toBeNull();
    expect(standingError(base, at)).toBeNull();
    // The same test the chip's and the Sync screen's countdowns use.
    expect(standingLastError(error)).toBe(error);
    expect(standingLastError({ ...error, recoveredAt: '2026-11-27T01:00:02.000Z' })).toBeNull();
    expect(standingLastError(null)).toBeNull();
    expect(standingLastError(undefined)).toBeNull();
  });

  it('says how much of the network is synced, as precisely as it is known', () => {
    expect(syncCoverage(base)).toBe('412,331 of ~1.9M accounts synced');
    expect(syncCoverage({ ...base, estimatedTotal: null })).toBe('412,331 accounts synced so far');
    expect(syncCoverage({ ...base, phase: 'tokens', estimatedTotal: null, completedPasses: 1 })).toBe('All 412,331 accounts of testnet synced');
    expect(syncCoverage({ ...base, state: 'offline', phase: 'accounts', completedPasses: 0 })).toBe('412,331 of ~1.9M accounts synced');
    expect(syncCoverage({ ...base, state: 'none' })).toBeNull();
    expect(syncCoverage(null)).toBeNull();
  });

  it('says what the Tokens and Contracts lists hold while their crawl, after the accounts\', has not come or is under way', () => {
    const from = 'Synced from https://testnet.mirrornode.hedera.com';
    const accounts = { name: 'accounts' as const, synced: 412_331, passes: 0, complete: false };
    expect(listedCoverage({ ...base, phases: [accounts] }, 'tokens'))
      .toBe(`${from}: the sync has not reached the tokens yet (it is at the accounts), so this list is empty until it does; a token opened by id is fetched from the upstream.`);
    expect(listedCoverage({ ...base, phase: 'tokens', phases: [{ ...accounts, complete: true }] }, 'tokens'))
      .toBe(`${from}: 0 tokens synced so far, and the list grows as the sync goes on; a token opened by id is fetched from the upstream.`);
    const tokens = { name: 'tokens' as const, synced: 1_250, passes: 0, complete: false };
    expect(listedCoverage({ ...base, phase: 'tokens', phases: [{ ...accounts, complete: true }, tokens] }, 'tokens'))
      .toBe(`${from}: 1,250 tokens synced so far, and the list grows as the sync goes on; a token opened by id is fetched from the upstream.`);
    const done = [{ ...accounts, complete: true }, { ...tokens, complete: true }, { name: 'contracts' as const, synced: 80, passes: 0, complete: true }];
    expect(listedCoverage({ ...base, state: 'following', phase: 'transactions', phases: done }, 'contracts'))
      .toBe(`${from}: the upstream's contracts, kept up to date by following its transactions.`);
    expect(listedCoverage({ ...base, state: 'offline', phase: 'transactions', phases: done }, 'tokens'))
      .toBe(`${from}: the upstream's tokens, as last synced (it cannot be reached now).`);
    expect(listedCoverage({ ...base, state: 'paused', phase: 'transactions', phases: done }, 'tokens'))
      .toBe(`${from}: the upstream's tokens, as last synced (the sync is paused).`);
    // Every crawl through and this one never begun: the upstream has no such list.
    expect(listedCoverage({ ...base, state: 'following', phase: 'transactions', phases: done.slice(0, 2) }, 'contracts'))
      .toBe(`${from}: it lists no contracts, so this list holds only those opened here; a contract opened by id is fetched from the upstream.`);
    expect(listedCoverage({ ...base, state: 'none', upstream: null }, 'tokens')).toBeNull();
    expect(listedCoverage(null, 'tokens')).toBeNull();
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

  it('gives the sync chip a figure that reads on its own, never a bare count, and short', () => {
    // Below 1500 px only the figure shows: an estimated crawl's percentage, else what is counted.
    expect(syncChipText(base)).toEqual({ detail: 'sync accounts', figure: '21%', whole: 'syncing accounts, 21%' });
    expect(syncChipText({ ...base, phase: 'tokens', entitiesSynced: 1_250, estimatedTotal: null }))
      .toEqual({ detail: 'sync', figure: '1,250 tokens', whole: 'syncing tokens, 1,250 so far' });
    expect(syncChipText({ ...base, phase: null, entitiesSynced: 100, estimatedTotal: null }))
      .toEqual({ detail: 'sync', figure: '100 synced', whole: 'syncing, 100 so far' });
    // Following that is behind says by how much, once both ends are known.
    const behind: SyncStatus = { ...base, phase: 'transactions', estimatedTotal: null, lastTransactionTimestamp: '1700000000.000000001', upstreamNewestTimestamp: '1700003600.999999999' };
    expect(syncChipText(behind)).toEqual({ detail: 'catching up', figure: '60 min behind', whole: 'syncing transactions, 60 min behind the upstream' });
    expect(syncChipText({ ...behind, upstreamNewestTimestamp: '1794608000.000000001' }))
      .toEqual({ detail: 'catching up', figure: '1,095 d behind', whole: 'syncing transactions, 1095.0 days behind the upstream' });
    expect(syncChipText({ ...behind, upstreamNewestTimestamp: null }))
      .toEqual({ detail: '', figure: 'catching up', whole: 'syncing transactions, catching up with the upstream' });
  });

  it('warns from the sync chip while the store\'s disk runs low and the sync still writes to it', () => {
    const GiB = 2 ** 30;
    expect(lowRoomWarning({ ...base, state: 'following', diskFreeBytes: 1.5 * GiB }))
      .toBe('only 1.5 GiB free on the local store\'s disk: keep fewer days of followed transactions in the Sync panel');
    expect(lowRoomWarning({ ...base, state: 'error', diskFreeBytes: 0, keepDays: 7 }))
      .toBe('only 0 B free on the local store\'s disk: keep fewer days in the Sync panel, or free room on that disk');
    expect(lowRoomWarning({ ...base, diskFreeBytes: 2 * GiB })).toBeNull();
    // Nothing writes: paused, or the demo, or the figure is unknown.
    expect(lowRoomWarning({ ...base, state: 'paused', diskFreeBytes: GiB })).toBeNull();
    expect(lowRoomWarning({ ...base, state: 'none', diskFreeBytes: GiB })).toBeNull();
    expect(lowRoomWarning({ ...base, diskFreeBytes: null })).toBeNull();
    expect(lowRoomWarning(null)).toBeNull();
  });
});
