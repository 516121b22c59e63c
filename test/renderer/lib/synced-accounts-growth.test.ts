import { describe, expect, it } from 'vitest';
import type { MirrordeskApi } from '../../../main/common/api-contract.ts';
import type { SyncStatus } from '../../../main/common/sync-types.ts';
import { EntryMemory } from '../../../renderer/src/lib/entry-memory.ts';
import type { Visit } from '../../../renderer/src/lib/history-visits.ts';
import { accountsGrowth, shouldReloadForGrowth, watchAccountsGrowth } from '../../../renderer/src/lib/synced-accounts-growth.ts';

const syncing: SyncStatus = {
  profile: 'up', upstream: 'http://127.0.0.1:5551', state: 'syncing', phase: 'accounts', entitiesSynced: 0, accountsInStore: 0,
  ratePerSecond: 0, estimatedTotal: null, estimatedSecondsLeft: null, fallingBehind: false, completedPasses: 0,
  lastTransactionTimestamp: null, upstreamNewestTimestamp: null, followedSince: null, keepDays: null, storeBytes: 0,
  storeReusableBytes: 0, diskFreeBytes: null, compaction: null, lastError: null,
  phases: [{ name: 'accounts', synced: 0, passes: 0, complete: false }],
};
const withAccounts = (count: number, complete = false, passes = 0): SyncStatus => ({
  ...syncing, accountsInStore: count, phases: [{ name: 'accounts', synced: count, passes, complete }],
});

describe('accountsGrowth', () => {
  it('says nothing of the first status, another profile or the demo', () => {
    expect(accountsGrowth(null, withAccounts(5))).toBeNull();
    expect(accountsGrowth({ ...withAccounts(0), profile: 'other' }, withAccounts(5))).toBeNull();
    expect(accountsGrowth({ ...withAccounts(0), upstream: null }, { ...withAccounts(5), upstream: null })).toBeNull();
  });

  it('notices the store holding more accounts, and no change', () => {
    expect(accountsGrowth(withAccounts(0), withAccounts(100))).toBe('grew');
    expect(accountsGrowth(withAccounts(100), withAccounts(100))).toBeNull();
  });

  it('notices the accounts pass going through, once', () => {
    expect(accountsGrowth(withAccounts(1900), withAccounts(2000, true, 1))).toBe('completed');
    expect(accountsGrowth(withAccounts(2000, true, 1), withAccounts(2000, true, 1))).toBeNull();
    // The next pass began between two statuses: one more pass counts as through.
    expect(accountsGrowth(withAccounts(2000, false, 1), withAccounts(2000, false, 2))).toBe('completed');
  });
});

describe('shouldReloadForGrowth', () => {
  const list = (length: number, hasMore: boolean, status = 'ready', pages = Math.max(1, Math.ceil(length / 100))) => ({ status, hasMore, pages, items: { length } });

  it('reloads an empty or short list that shows all it matched as the crawl grows', () => {
    expect(shouldReloadForGrowth('grew', list(0, false), 100)).toBe(true);
    expect(shouldReloadForGrowth('grew', list(40, false), 100)).toBe(true);
  });

  it('leaves a full page, a list with more to scroll and one still loading alone while it grows', () => {
    expect(shouldReloadForGrowth('grew', list(100, false), 100)).toBe(false);
    expect(shouldReloadForGrowth('grew', list(100, true), 100)).toBe(false);
    expect(shouldReloadForGrowth('grew', list(0, false, 'loading'), 100)).toBe(false);
    expect(shouldReloadForGrowth(null, list(0, false), 100)).toBe(false);
  });

  it('reloads a list that reached its end once the accounts are through', () => {
    expect(shouldReloadForGrowth('completed', list(250, false), 100)).toBe(true);
    expect(shouldReloadForGrowth('completed', list(250, true), 100)).toBe(false);
  });

  it('reloads a list showing only its first page once the accounts are through: a descending one\'s first rows came last', () => {
    expect(shouldReloadForGrowth('completed', list(100, true), 100)).toBe(true);
    // While the crawl grows it stays as it is, so its rows do not move under the reader.
    expect(shouldReloadForGrowth('grew', list(100, true), 100)).toBe(false);
    expect(shouldReloadForGrowth('completed', list(100, true, 'loading'), 100)).toBe(false);
  });
});

/** A stand-in API whose sync status is `now()`, asked once at the start of a watch (no events). */
function statusApi(now: () => SyncStatus): MirrordeskApi {
  return { sync: { status: async () => ({ ok: true, value: now() }) }, on: () => () => {} } as unknown as MirrordeskApi;
}

describe('watchAccountsGrowth', () => {
  it('tells of no growth at its first status: the list was just loaded', async () => {
    const heard: string[] = [];
    const stop = watchAccountsGrowth(statusApi(() => withAccounts(300)), (growth) => heard.push(growth));
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    expect(heard).toEqual([]);
  });

  it('a list brought back by Back hears of what the crawl stored while the user was away', async () => {
    let visit: Visit = { entry: 'accounts' };
    const memory = new EntryMemory({ current: () => visit });
    let store = withAccounts(40);
    const heard: string[] = [];
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    // The list is shown with 40 accounts stored; the user opens an account's page.
    let stop = watchAccountsGrowth(statusApi(() => store), (growth) => heard.push(growth), memory.at('growth'));
    await settle();
    stop();
    visit = { entry: 'account' };
    store = withAccounts(300);
    // Back: the list comes back as it was left, and is told the store grew since.
    visit = { entry: 'accounts' };
    stop = watchAccountsGrowth(statusApi(() => store), (growth) => heard.push(growth), memory.at('growth'));
    await settle();
    stop();
    expect(heard).toEqual(['grew']);

    // A fresh visit (a new entry) loads the list anew: nothing to tell.
    visit = { entry: 'fresh' };
    store = withAccounts(500);
    stop = watchAccountsGrowth(statusApi(() => store), (growth) => heard.push(growth), memory.at('growth'));
    await settle();
    stop();
    expect(heard).toEqual(['grew']);
  });
});
