import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../main/mirror/format/timestamp.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { insertTransactions } from '../../helpers/transaction-fixture.ts';

// A synced store's transaction lists show only what it holds whole (main/mirror/store/held-transactions.ts).
// Ten transactions a second apart, paid by 0.0.1001 and 0.0.1002 in turn; following began after the
// third and has reached the eighth: the first two and the last two are there only as lookups by id left them.
const T0 = 1_700_000_000_000_000_000n;
const at = (k: number) => T0 + BigInt(k) * 1_000_000_000n;
const text = (k: number) => formatTimestamp(at(k))!;

const fixture = mirrorApiFixture((store) => {
  insertTransactions(store, Array.from({ length: 10 }, (_, i) => ({ consensus: at(i + 1), payer: i % 2 === 0 ? 1001 : 1002 })));
});

const setCursor = (since: string, mark: string) => fixture.store.db.prepare(`INSERT INTO sync_cursor (phase, mark, since, updated_at) VALUES ('transactions', ?, ?, 0)
  ON CONFLICT (phase) DO UPDATE SET mark = excluded.mark, since = excluded.since`).run(mark, since);
const setMeta = (key: string, value: string) => fixture.store.db.prepare(`INSERT INTO store_meta (key, value) VALUES (?, ?)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(key, value);

/** The seconds (1 to 10) of every transaction a list gives, walking its pages. */
async function listed(url: string): Promise<number[]> {
  const seconds: number[] = [];
  for (let next: string | null = url; next !== null;) {
    const body = (await fixture.get(next)).json() as { transactions: Array<{ consensus_timestamp: string }>; links: { next: string | null } };
    seconds.push(...body.transactions.map((t) => Number(BigInt(t.consensus_timestamp.split('.')[0]!) - T0 / 1_000_000_000n)));
    next = body.links.next;
  }
  return seconds;
}

describe('transaction lists on a store that follows transactions', () => {
  it('list everything on a store that follows none', async () => {
    expect(await listed('/api/v1/transactions')).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('list the followed window only, page by page, while a transaction outside it still answers by its exact time', async () => {
    setCursor(text(3), text(8));
    expect(await listed('/api/v1/transactions?limit=2')).toEqual([8, 7, 6, 5, 4]);
    expect(await listed('/api/v1/transactions?order=asc&limit=2')).toEqual([4, 5, 6, 7, 8]);
    expect(await listed(`/api/v1/transactions?timestamp=lte:${text(3)}`)).toEqual([]);
    expect(await listed(`/api/v1/transactions?timestamp=gt:${text(8)}`)).toEqual([]);
    expect(await listed('/api/v1/transactions?account.id=0.0.1001')).toEqual([7, 5]);
    for (const k of [1, 3, 10]) expect(await listed(`/api/v1/transactions?timestamp=${text(k)}`)).toEqual([k]);
  });

  it("list an account's fetched history in that account's list, and not in the network's", async () => {
    setCursor(text(3), text(8));
    fixture.store.db.prepare('INSERT INTO account_history (account_id, held_since, next_url, complete, updated_at) VALUES (1001, ?, NULL, 0, 0)').run(text(0));
    expect(await listed('/api/v1/transactions?account.id=0.0.1001')).toEqual([7, 5, 3, 1]);
    expect(await listed('/api/v1/transactions')).toEqual([8, 7, 6, 5, 4]);
    // With another account whose history is not held, from where both are held.
    expect(await listed('/api/v1/transactions?account.id=0.0.1001&account.id=0.0.1002')).toEqual([8, 7, 6, 5, 4]);
    fixture.store.db.prepare('DELETE FROM account_history').run();
  });

  it('start after the pruning boundary when it is later than where following began', async () => {
    setCursor(text(3), text(8));
    setMeta('sync.pruned_before', text(6));
    expect(await listed('/api/v1/transactions')).toEqual([8, 7, 6]);
    fixture.store.db.prepare("DELETE FROM store_meta WHERE key = 'sync.pruned_before'").run();
  });
});
