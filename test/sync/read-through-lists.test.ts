import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { AccountHistoryFetcher } from '../../main/sync/account-history.ts';
import { AccountWriter } from '../../main/sync/account-writer.ts';
import { RateLimiter } from '../../main/sync/rate-limiter.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { UpstreamReadThrough } from '../../main/sync/upstream-read-through.ts';
import { startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { tempStore } from '../helpers/ledger-fixture.ts';
import { comparePages, compareUrls, httpGet, injectedGet, type Get } from './compare-mirrors.ts';
import { startUntilCaughtUp } from './caught-up.ts';

// A transaction read through by id is held alone: lists show only the ranges a synced store holds
// without gaps (the followed window; an account's fetched history in that account's list).
const EMPTY = '{"transactions":[],"links":{"next":null}}';

type Listed = { transactions: Array<{ consensus_timestamp: string; transaction_id: string }>; links: { next: string | null } };

describe('transactions read through by id, and the lists', () => {
  // The upstream is a real second Mirrordesk serving its demo ledger on loopback.
  let upstream: ServeProcess;
  let remote: Get;
  const local = tempStore();
  beforeAll(async () => {
    upstream = await startServe(['--data-dir', path.join(local.dir, 'upstream'), '--demo-accounts', '1300']);
    await waitForDemoReady(upstream.urls.get('ui')!);
    remote = httpGet(upstream.urls.get('mirror')!);
  }, 60_000);
  afterAll(async () => {
    await upstream?.stop();
    local.dispose();
  });

  const listed = async (get: Get, url: string): Promise<Listed> => JSON.parse((await get(url)).body) as Listed;

  it('answers them by id and by time, leaves them out of every list until following or the account\'s history reaches them', async () => {
    const { db } = local.store;
    // Following begins a hundred transactions back from the upstream's newest.
    const newest = await listed(remote, '/api/v1/transactions?limit=100&order=desc');
    const since = newest.transactions.at(-1)!.consensus_timestamp;
    const ahead = newest.transactions[0]!;
    // An account with a few transactions, the oldest of them long before following began.
    const upstreamDb = new Database(path.join(local.dir, 'upstream', 'demo.sqlite'), { readonly: true });
    const { id } = upstreamDb.prepare(`SELECT entity_id AS id FROM crypto_transfer WHERE entity_id > 1000 GROUP BY entity_id
      HAVING count(*) BETWEEN 5 AND 60 ORDER BY entity_id LIMIT 1`).get() as { id: number };
    upstreamDb.close();
    const account = `0.0.${id}`;
    const old = (await listed(remote, `/api/v1/transactions?account.id=${account}&order=asc&limit=1`)).transactions[0]!;
    expect(BigInt(old.consensus_timestamp.replace('.', ''))).toBeLessThan(BigInt(since.replace('.', '')));

    new AccountWriter(db).cursors.put({ phase: 'transactions', nextUrl: null, items: 0, passes: 0, mark: since, since });
    for (const phase of ['accounts', 'tokens', 'contracts'] as const) new AccountWriter(db).cursors.put({ phase, nextUrl: null, items: 0, passes: 1, mark: null });
    const readThrough = new UpstreamReadThrough({ db, upstreamUrl: upstream.urls.get('mirror')!, requestsPerSecond: 0 });
    const mine = injectedGet(createMirrorApi(local.store, defaultMirrorApiConfig, false, { readThrough }));

    // One from long before following began, and one newer than following has reached: each answers by id as the upstream's.
    const byId = [old, ahead].map((tx) => `/api/v1/transactions/${tx.transaction_id}`);
    expect(await compareUrls(remote, mine, byId)).toEqual([]);
    expect(Number(db.prepare('SELECT count(*) FROM "transaction"').pluck().get())).toBeGreaterThanOrEqual(2);
    // Nothing is followed yet: no list holds them, neither the network's nor the account's.
    expect((await mine('/api/v1/transactions')).body).toBe(EMPTY);
    expect((await mine(`/api/v1/transactions?account.id=${account}`)).body).toBe(EMPTY);
    expect((await mine(`/api/v1/transactions?timestamp=gte:${old.consensus_timestamp}&order=asc`)).body).toBe(EMPTY);
    const accountPage = JSON.parse((await mine(`/api/v1/accounts/${account}`)).body) as Listed;
    expect(accountPage.transactions).toEqual([]);
    // Asked for by its exact time (as a parent or a contract result names one), it is there.
    for (const tx of [old, ahead]) {
      expect((await listed(mine, `/api/v1/transactions?timestamp=${tx.consensus_timestamp}`)).transactions.map((t) => t.transaction_id)).toEqual([tx.transaction_id]);
    }

    // Following reaches the newer one: it is listed with the rest of the window, page for page as the upstream's.
    const engine = new SyncEngine({ profile: 'lists', db, upstreamUrl: upstream.urls.get('mirror')!, requestsPerSecond: 0, followIntervalMs: 60_000 });
    await startUntilCaughtUp(engine);
    await engine.close();
    const window = await comparePages(remote, mine, [`/api/v1/transactions?timestamp=gt:${since}&limit=100`]);
    expect(window.differences).toEqual([]);
    const all = await listed(mine, '/api/v1/transactions?limit=100');
    expect(all.transactions.map((t) => t.transaction_id)).toContain(ahead.transaction_id);
    expect(all.transactions.every((t) => t.consensus_timestamp > since)).toBe(true);
    // The old one stays out: before the window the store holds nothing else.
    expect((await mine(`/api/v1/transactions?timestamp=lte:${since}`)).body).toBe(EMPTY);
    expect((await mine(`/api/v1/transactions?account.id=${account}&timestamp=lte:${since}`)).body).toBe(EMPTY);

    // The account's older history, fetched on request, takes it in: the account's list is then the upstream's, whole.
    const history = new AccountHistoryFetcher({ db, upstreamUrl: upstream.urls.get('mirror')!, limiter: new RateLimiter(0) });
    expect(await history.fetch(account)).toMatchObject({ complete: true });
    history.close();
    const accountList = await comparePages(remote, mine, [`/api/v1/transactions?account.id=${account}`, `/api/v1/transactions?account.id=${account}&order=asc&limit=2`]);
    expect(accountList.differences).toEqual([]);
    expect((await listed(mine, `/api/v1/transactions?account.id=${account}&order=asc&limit=1`)).transactions[0]!.transaction_id).toBe(old.transaction_id);
    expect((JSON.parse((await mine(`/api/v1/accounts/${account}?limit=100`)).body) as Listed).transactions.map((t) => t.transaction_id)).toContain(old.transaction_id);
    // The network's list still holds only the followed window: the account's history is not the network's.
    expect((await mine(`/api/v1/transactions?timestamp=lte:${since}`)).body).toBe(EMPTY);
    readThrough.close();
  }, 90_000);
});
