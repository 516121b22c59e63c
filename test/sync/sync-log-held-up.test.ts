import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { syncLogLine, throttledSyncLog } from '../../main/sync/sync-log-line.ts';

const base: SyncStatus = {
  profile: 'custom', upstream: 'http://127.0.0.1:5551', state: 'syncing', phase: 'accounts', entitiesSynced: 2000,
  accountsInStore: 2000, ratePerSecond: 2, estimatedTotal: 2995, estimatedSecondsLeft: 480, completedPasses: 0,
  lastTransactionTimestamp: null, upstreamNewestTimestamp: null, fallingBehind: false, followedSince: null, keepDays: null, storeBytes: 0, storeReusableBytes: 0, diskFreeBytes: null, compaction: null, lastError: null, phases: [],
};
const failing = {
  message: 'HTTP 500 Internal Server Error from http://127.0.0.1:5551/api/v1/accounts?limit=100&order=asc&account.id=gt:0.0.2000',
  at: '2026-11-27T01:00:00.000Z', retryAt: '2026-11-27T01:00:03.200Z', recoveredAt: null,
};

describe('serve sync log, held up by the upstream', () => {
  it('says what fails and when it is tried again, not a pace and a time left', () => {
    expect(syncLogLine({ ...base, state: 'retrying', estimatedSecondsLeft: null, lastError: failing }, Date.parse(failing.at)))
      .toBe(`custom sync: retrying, 2,000 accounts in the local store, last error: ${failing.message}; retrying in 3.2 s`);
  });

  it('says it once while it lasts, and the crawl again once it goes on', () => {
    const lines: string[] = [];
    let clock = 0;
    const log = throttledSyncLog((line) => lines.push(line), 5000, () => clock);
    log(base);
    for (let i = 0; i < 20; i++) {
      clock += 1000;
      log({ ...base, state: 'retrying', estimatedSecondsLeft: null, lastError: failing });
    }
    clock += 1000;
    log({ ...base, entitiesSynced: 2100, lastError: { ...failing, recoveredAt: '2026-11-27T01:00:21.000Z' } });
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^custom sync: retrying, 2,000 accounts in the local store, last error: HTTP 500 Internal Server Error from /);
    expect(lines[2]).toBe('custom sync: syncing accounts, 2,100 of ~2,995 synced, 2/s, ~8 min left');
  });
});
