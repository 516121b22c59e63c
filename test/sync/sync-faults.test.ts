import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { comparePages, httpGet, injectedGet, type Get } from './compare-mirrors.ts';
import { FAULTS, faultPlan, startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { startUntilCaughtUp } from './caught-up.ts';

// The upstream is a real second Mirrordesk serving its demo ledger; a proxy breaks requests.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-sync-faults-'));
let upstream: ServeProcess;
let proxy: FaultProxy;
beforeAll(async () => {
  upstream = await startServe(['--data-dir', path.join(dir, 'upstream'), '--demo-accounts', '1200']);
  await waitForDemoReady(upstream.urls.get('ui')!);
});
afterAll(async () => {
  await proxy?.close();
  await upstream?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function localGet(store: LedgerStore): Get {
  return injectedGet(createMirrorApi(store, defaultMirrorApiConfig, false));
}

function tableCounts(db: Database.Database): Record<string, number> {
  const count = (sql: string) => (db.prepare(sql).pluck().get() as number);
  return {
    accounts: count("SELECT count(*) FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT') AND NOT (num = 2 AND memo IS 'Mirror node created synthetic treasury account')"),
    tokenBalances: count('SELECT count(*) FROM token_account WHERE associated = 1'),
    pendingRewards: count('SELECT count(*) FROM entity_stake WHERE pending_reward != 0'),
  };
}

describe('sync through a faulty upstream', () => {
  it('completes, honours Retry-After, and then answers every accounts page exactly as the upstream does', async () => {
    proxy = await startFaultProxy(upstream.urls.get('mirror')!, faultPlan(7, 0.25), 1);
    const store = new LedgerStore({ file: path.join(dir, 'local.sqlite') });
    const retries: string[] = [];
    const engine = new SyncEngine({
      profile: 'test', db: store.db, upstreamUrl: proxy.url, requestsPerSecond: 0, timeoutMs: 500, backoffCapMs: 100,
      followIntervalMs: 60_000, onStatus: (status) => { if (status.lastError) retries.push(status.lastError.message); },
    });
    await startUntilCaughtUp(engine);
    await engine.close();

    for (const fault of FAULTS) expect(proxy.counts[fault], fault).toBeGreaterThan(0);
    expect(retries.some((message) => message.includes('429'))).toBe(true);
    // Each failure stood until an answer came; the last one is kept, as over.
    const last = engine.status().lastError!;
    expect(retries.at(-1)).toBe(last.message);
    expect(Date.parse(last.recoveredAt!)).toBeGreaterThanOrEqual(Date.parse(last.at));
    // After a 429 with Retry-After: 1, no request reached the upstream for (about) a second.
    const after429 = proxy.log.findIndex((entry) => entry.fault === '429');
    expect(proxy.log[after429 + 1]!.at - proxy.log[after429]!.at).toBeGreaterThanOrEqual(900);

    const upstreamDb = new Database(path.join(dir, 'upstream', 'demo.sqlite'), { readonly: true });
    expect(tableCounts(store.db)).toEqual(tableCounts(upstreamDb));
    upstreamDb.close();

    const { pages, differences } = await comparePages(httpGet(upstream.urls.get('mirror')!), localGet(store));
    expect(pages).toBeGreaterThan(50);
    expect(differences).toEqual([]);
    expect(engine.status()).toMatchObject({ state: 'following', completedPasses: 1, accountsInStore: 1200 });
    store.close();
  }, 180_000);
});
