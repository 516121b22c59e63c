import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { compactionCopyFile } from '../../main/mirror/store/compact-store.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { storeFileBytes, storeReusableBytes } from '../../main/mirror/store/store-size.ts';
import { AccountHistoryFetcher } from '../../main/sync/account-history.ts';
import { RateLimiter } from '../../main/sync/rate-limiter.ts';
import { StoreCompactingError } from '../../main/sync/sync-compaction.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { comparePages, httpGet, injectedGet } from './compare-mirrors.ts';
import { startUntilCaughtUp } from './caught-up.ts';

// A sync engine following a real upstream (a second Mirrordesk serving its demo ledger on loopback)
// compacts its store: what it does meanwhile, and that it goes on afterwards as if nothing happened.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-sync-compaction-'));
let upstream: ServeProcess;
let upstreamUrl: string;
beforeAll(async () => {
  upstream = await startServe(['--data-dir', path.join(dir, 'upstream'), '--demo-accounts', '1500']);
  await waitForDemoReady(upstream.urls.get('ui')!);
  upstreamUrl = upstream.urls.get('mirror')!;
}, 60_000);
afterAll(async () => {
  await upstream?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A store following the upstream, which fetched and then deleted a busy account's older transactions: room freed inside it. */
async function prunedStore(name: string, statuses: SyncStatus[]): Promise<{ store: LedgerStore; engine: SyncEngine }> {
  const store = new LedgerStore({ file: path.join(dir, `${name}.sqlite`) });
  const engine = new SyncEngine({ profile: name, db: store.db, upstreamUrl, requestsPerSecond: 0, followIntervalMs: 200, onStatus: (status) => statuses.push(status) });
  await startUntilCaughtUp(engine);
  const history = new AccountHistoryFetcher({ db: store.db, upstreamUrl, limiter: new RateLimiter(0) });
  for (let i = 0; i < 3; i++) await history.fetch('0.0.98');
  history.close();
  await engine.keepDays(1);
  expect(storeReusableBytes(store.db)).toBeGreaterThan(1_000_000);
  return { store, engine };
}

describe('compacting the store of a sync', () => {
  it('stops the sync for it, refuses what would write meanwhile, and goes on following afterwards', async () => {
    const statuses: SyncStatus[] = [];
    const { store, engine } = await prunedStore('following', statuses);
    const sizeBefore = storeFileBytes(store.db.name);
    statuses.length = 0;

    const compacting = engine.compact();
    expect(engine.compact()).toBe(compacting);
    expect(engine.compacting).toBe(true);
    await expect(engine.pause()).rejects.toThrow(StoreCompactingError);
    expect(() => engine.resume()).toThrow(StoreCompactingError);
    await expect(engine.resync()).rejects.toThrow(StoreCompactingError);
    await expect(engine.keepDays(7)).rejects.toThrow('the local store is being compacted; try again once that is done');
    const outcome = await compacting;

    expect(outcome.beforeBytes).toBe(sizeBefore);
    expect(outcome.afterBytes).toBeLessThan(sizeBefore - 1_000_000);
    expect(storeFileBytes(store.db.name)).toBe(outcome.afterBytes);
    // Said as it went: the state, each step with its figures, then following again.
    const during = statuses.filter((status) => status.state === 'compacting');
    expect([...new Set(during.map((status) => status.compaction?.step))]).toEqual(['copying', 'writing', 'finishing']);
    expect(during.some((status) => status.compaction!.step === 'writing' && status.compaction!.doneBytes === status.compaction!.totalBytes && status.compaction!.totalBytes > 0)).toBe(true);
    const after = engine.status();
    expect(after).toMatchObject({ state: 'following', compaction: null, keepDays: 1, storeReusableBytes: 0 });
    expect(engine.compacting).toBe(false);

    // The sync goes on from its cursors and the store answers as the upstream does.
    await engine.caughtUp();
    await engine.close();
    const { differences } = await comparePages(httpGet(upstreamUrl), injectedGet(createMirrorApi(store, defaultMirrorApiConfig, false)), ['/api/v1/accounts?limit=100', '/api/v1/tokens?limit=100']);
    expect(differences).toEqual([]);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    store.close();
  }, 90_000);

  it('leaves a paused sync paused, and a closing sync stops the compaction and closes with the store as it was', async () => {
    const statuses: SyncStatus[] = [];
    const { store, engine } = await prunedStore('paused', statuses);
    await engine.pause();
    await engine.compact();
    expect(engine.status()).toMatchObject({ state: 'paused', compaction: null, storeReusableBytes: 0 });

    // Room freed again (all kept for a fetch of older transactions, then a day): then a compaction the close interrupts.
    await engine.keepDays(null);
    const history = new AccountHistoryFetcher({ db: store.db, upstreamUrl, limiter: new RateLimiter(0) });
    expect((await history.fetch('0.0.98')).fetched).toBeGreaterThan(1000);
    history.close();
    await engine.keepDays(1);
    const reusable = storeReusableBytes(store.db);
    expect(reusable).toBeGreaterThan(100_000);
    const accounts = store.db.prepare('SELECT count(*) FROM entity').pluck().get();
    statuses.length = 0;
    const compacting = engine.compact();
    // Closing while the copy is made: the worker stops before anything is written back (compact-store.test stops one half-way through that).
    while (!statuses.some((status) => status.state === 'compacting')) await new Promise((resolve) => setTimeout(resolve, 1));
    await engine.close();
    await expect(compacting).rejects.toThrow();
    expect(storeReusableBytes(store.db)).toBe(reusable);
    expect(store.db.prepare('SELECT count(*) FROM entity').pluck().get()).toBe(accounts);
    expect(fs.existsSync(compactionCopyFile(store.db.name))).toBe(false);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    await expect(engine.compact()).rejects.toThrow('the sync is closing');
    store.close();
  }, 90_000);
});
