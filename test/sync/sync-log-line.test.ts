import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { syncLogLine, throttledSyncLog } from '../../main/sync/sync-log-line.ts';

const base: SyncStatus = {
  profile: 'testnet', upstream: 'https://testnet.mirrornode.hedera.com', state: 'syncing', phase: 'accounts', entitiesSynced: 0,
  accountsInStore: 0, ratePerSecond: 0, estimatedTotal: null, estimatedSecondsLeft: null, completedPasses: 0,
  lastTransactionTimestamp: null, upstreamNewestTimestamp: null, fallingBehind: false, followedSince: null, keepDays: null, storeBytes: 0, storeReusableBytes: 0, diskFreeBytes: null, compaction: null, lastError: null, phases: [],
};

describe('serve sync log', () => {
  it('is rate-limited while crawling, and tells state and phase changes at once', () => {
    const lines: string[] = [];
    let clock = 0;
    const log = throttledSyncLog((line) => lines.push(line), 5000, () => clock);
    log(base);
    for (let i = 1; i <= 40; i++) {
      clock += 250;
      log({ ...base, entitiesSynced: i * 100, accountsInStore: i * 100, ratePerSecond: 400, estimatedTotal: 45_000, estimatedSecondsLeft: Math.round((45_000 - i * 100) / 400) });
    }
    expect(lines).toEqual([
      'testnet sync: syncing accounts, starting (from https://testnet.mirrornode.hedera.com)',
      'testnet sync: syncing accounts, 2,000 of ~45,000 synced, 400/s, ~2 min left',
      'testnet sync: syncing accounts, 4,000 of ~45,000 synced, 400/s, ~2 min left',
    ]);
    lines.length = 0;
    const phases = [{ name: 'accounts' as const, synced: 45_000, passes: 1, complete: true }];
    clock += 100;
    log({ ...base, phase: 'tokens', entitiesSynced: 0, accountsInStore: 45_000, phases });
    clock += 100;
    log({ ...base, state: 'following', phase: 'transactions', accountsInStore: 45_000, phases });
    clock += 60_000;
    log({ ...base, state: 'following', phase: 'transactions', accountsInStore: 45_001, phases });
    log({ ...base, state: 'offline', phase: 'transactions', accountsInStore: 45_001, lastError: { message: 'ECONNREFUSED', at: '', retryAt: null, recoveredAt: null }, phases });
    expect(lines).toEqual([
      'testnet sync: accounts done, 45,000 in this pass',
      'testnet sync: syncing tokens, starting (from https://testnet.mirrornode.hedera.com)',
      'testnet sync: following, 45,000 accounts in the local store',
      'testnet sync: offline, 45,001 accounts in the local store, last error: ECONNREFUSED',
    ]);
  });
  it('says the wait before a failed request is retried, as of the line', () => {
    const error = { message: 'HTTP 503 from https://x/api/v1/accounts', at: '2026-11-27T01:00:00.000Z', retryAt: '2026-11-27T01:00:04.200Z', recoveredAt: null };
    expect(syncLogLine({ ...base, state: 'offline', lastError: error }, Date.parse('2026-11-27T01:00:00.000Z')))
      .toMatch(/, last error: HTTP 503 from https:\/\/x\/api\/v1\/accounts; retrying in 4\.2 s$/);
    expect(syncLogLine({ ...base, state: 'offline', lastError: { ...error, retryAt: null } })).toMatch(/, last error: HTTP 503 from https:\/\/x\/api\/v1\/accounts$/);
  });
  it('says how far following is behind the upstream while it catches up', () => {
    const lines: string[] = [];
    let clock = 0;
    const log = throttledSyncLog((line) => lines.push(line), 5000, () => clock);
    const catchingUp = { ...base, phase: 'transactions' as const, accountsInStore: 45_000, lastTransactionTimestamp: '1700000000.000000001' };
    log(catchingUp);
    clock += 6000;
    log({ ...catchingUp, entitiesSynced: 12_500, ratePerSecond: 830, lastTransactionTimestamp: '1700100000.000000001', upstreamNewestTimestamp: '1711000000.000000000', estimatedSecondsLeft: 5400 });
    clock += 6000;
    log({ ...catchingUp, entitiesSynced: 17_500, ratePerSecond: 830, lastTransactionTimestamp: '1700100090.000000001', upstreamNewestTimestamp: '1700100100.000000000', fallingBehind: true });
    expect(lines).toEqual([
      'testnet sync: syncing transactions, catching up with new transactions',
      "testnet sync: syncing transactions, catching up with new transactions, 12,500 followed, 830/s, 126.2 days of ledger time behind the upstream's newest, ~1.5 h left",
      "testnet sync: syncing transactions, catching up with new transactions, 17,500 followed, 830/s, 10 s of ledger time behind the upstream's newest, not catching up at this pace",
    ]);
  });
});
