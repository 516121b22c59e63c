import { describe, expect, it, vi } from 'vitest';
import type { ApiResult, MirrorGetResponse } from '../../../main/common/api-contract.ts';
import { followsNewest, newerPath, watchNewer } from '../../../renderer/src/lib/newer-transactions.ts';
import { NO_TRANSACTION_FILTERS } from '../../../renderer/src/lib/transaction-filters.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { fakePageVisibility } from './fake-page-visibility.ts';
import { generateTransactions, insertTransactions } from '../../helpers/transaction-fixture.ts';

// A real mirror API over a real store; rows are added while a watch runs, as a sync would add them.
const START = 1_700_000_000_000_000_000n;
const fixture = mirrorApiFixture((store) => insertTransactions(store, generateTransactions(10, START)), { hostCheck: false });
const api = {
  mirror: {
    get: async ({ path }: { path: string }): Promise<ApiResult<MirrorGetResponse>> => {
      const response = await fixture.get(path);
      return response.statusCode === 200
        ? { ok: true, value: { status: 200, body: response.json() } }
        : { ok: false, error: { code: 'invalid-input', message: response.body, details: [] } };
    },
  },
} as unknown as Parameters<typeof watchNewer>[0];
const newest = '1700000009.000000000'; // the tenth of the generated transactions

/** The next count the watch reports, or a failure after `ms` (the test's own limit, not a measured time). */
function nextCount(filters = NO_TRANSACTION_FILTERS, since = newest, ms = 3000): { count: Promise<number>; stop: () => void } {
  let stop = (): void => undefined;
  const count = new Promise<number>((resolve, reject) => {
    stop = watchNewer(api, filters, since, resolve, 10);
    setTimeout(() => reject(new Error('no count reported')), ms);
  });
  return { count, stop: () => stop() };
}

describe('newerPath and followsNewest', () => {
  it('ask for what is newer than the top row, with the same filters', () => {
    expect(newerPath({ ...NO_TRANSACTION_FILTERS, type: 'CRYPTOTRANSFER', account: '0.0.7' }, newest))
      .toBe(`/api/v1/transactions?transactiontype=CRYPTOTRANSFER&account.id=0.0.7&timestamp=gt:${newest}&limit=100`);
    expect(followsNewest(NO_TRANSACTION_FILTERS)).toBe(true);
    expect(followsNewest({ ...NO_TRANSACTION_FILTERS, before: '1700000005.000000000' })).toBe(false);
    expect(followsNewest({ ...NO_TRANSACTION_FILTERS, timestamp: '1700000005.000000000' })).toBe(false);
    // A bound the address gave that no field shows: an upper one ends the list, a lower one does not.
    expect(followsNewest({ ...NO_TRANSACTION_FILTERS, bounds: ['lte:1700000005.000000000'] })).toBe(false);
    expect(followsNewest({ ...NO_TRANSACTION_FILTERS, bounds: ['gte:1700000005.000000000'] })).toBe(true);
  });
});

describe('watchNewer', () => {
  it('reports nothing while no row is newer, then the count of rows that arrived', async () => {
    const quiet = nextCount(NO_TRANSACTION_FILTERS, newest, 200);
    await expect(quiet.count).rejects.toThrow('no count reported');
    quiet.stop();

    const watch = nextCount();
    insertTransactions(fixture.store, generateTransactions(3, START + 10_000_000_000n));
    expect(await watch.count).toBe(3);
    watch.stop();
  });

  it('counts only the rows its filters match', async () => {
    // 1700000012 is the newest now; two more, one of them from payer 424242.
    insertTransactions(fixture.store, [{ consensus: START + 20_000_000_000n, payer: 424242 }, { consensus: START + 21_000_000_000n, payer: 1001 }]);
    const watch = nextCount({ ...NO_TRANSACTION_FILTERS, account: '0.0.424242' }, '1700000012.000000000');
    expect(await watch.count).toBe(1);
    watch.stop();
  });

  it('asks nothing while the page is hidden, and asks at once when it is shown again', async () => {
    const page = fakePageVisibility();
    vi.useFakeTimers();
    try {
      const paths: string[] = [];
      const counting = { mirror: { get: async ({ path }: { path: string }) => { paths.push(path); return { ok: true, value: { status: 200, body: { transactions: [] } } }; } } } as unknown as Parameters<typeof watchNewer>[0];
      const stop = watchNewer(counting, NO_TRANSACTION_FILTERS, newest, () => {}, 5000);
      await vi.advanceTimersByTimeAsync(5000);
      expect(paths).toHaveLength(1);
      page.hide();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(paths).toHaveLength(1);
      page.show();
      await vi.advanceTimersByTimeAsync(0);
      expect(paths).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(5000);
      expect(paths).toHaveLength(3);
      stop();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(paths).toHaveLength(3);
    } finally {
      vi.useRealTimers();
      page.remove();
    }
  });

  it('goes on asking after a call that rejects (the bridge gone for a moment)', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const flaky = { mirror: { get: async () => { calls++; if (calls === 1) throw new Error('bridge gone'); return { ok: true, value: { status: 200, body: { transactions: [] } } }; } } } as unknown as Parameters<typeof watchNewer>[0];
      const stop = watchNewer(flaky, NO_TRANSACTION_FILTERS, newest, () => {}, 5000);
      await vi.advanceTimersByTimeAsync(15_000);
      expect(calls).toBe(3);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
