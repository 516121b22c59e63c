import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { comparePages, httpGet, injectedGet } from './compare-mirrors.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';

// A store that cannot grow, as on a full disk: SQLite's max_page_count makes its writes fail with
// the very error a full disk gives (SQLITE_FULL, "database or disk is full"). The upstream is a
// real second Mirrordesk serving its demo ledger on loopback.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-sync-store-full-'));
let upstream: ServeProcess;
beforeAll(async () => {
  upstream = await startServe(['--data-dir', path.join(dir, 'upstream'), '--demo-accounts', '1500']);
  await waitForDemoReady(upstream.urls.get('ui')!);
}, 60_000);
afterAll(async () => {
  await upstream?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a local store that cannot grow', () => {
  it('is named as the failure, is not covered up by the upstream answering meanwhile, and the sync goes on once there is room', async () => {
    const store = new LedgerStore({ file: path.join(dir, 'local.sqlite') });
    const pages = Number(store.db.pragma('page_count', { simple: true }));
    // Room for a few pages of accounts, not for all 1,500.
    store.db.pragma(`max_page_count = ${pages + 40}`);
    const statuses: SyncStatus[] = [];
    const at: number[] = [];
    const engine = new SyncEngine({
      profile: 'test', db: store.db, upstreamUrl: upstream.urls.get('mirror')!, requestsPerSecond: 0, followIntervalMs: 60_000, errorRetryMs: 300,
      onStatus: (status) => { statuses.push(status); at.push(performance.now()); },
    });
    const caughtUp = engine.caughtUp();
    engine.start();
    while (!statuses.some((s) => s.state === 'error')) await new Promise((resolve) => setTimeout(resolve, 20));
    const failed = statuses.findIndex((s) => s.state === 'error');
    expect(statuses[failed]!.lastError!.message).toMatch(new RegExp(`^the local store cannot grow: database or disk is full \\(.+ free in ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\); the sync goes on once there is room$`));
    const stored = statuses[failed]!.accountsInStore;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(1500);

    // The run waits 300 ms, then tries again and fails again. While it waits it says so, whatever the
    // requests still under way when it failed answer: "syncing" comes only with the retry, which a
    // timer cannot start early.
    while (statuses.filter((s) => s.state === 'error').length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    let checked = 0;
    for (let i = failed; i < statuses.length; i++) {
      if (statuses[i]!.state !== 'error' || statuses[i - 1]?.state === 'error') continue;
      const next = statuses.findIndex((s, j) => j > i && s.state !== 'error');
      if (next === -1) continue;
      expect(statuses[next]!.state).toBe('syncing');
      expect(at[next]! - at[i]!).toBeGreaterThanOrEqual(250);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(2);
    expect(statuses.slice(failed).every((s) => s.accountsInStore <= stored + 100)).toBe(true);

    // Room again: the sync goes on from its cursor, and the store ends up answering as the upstream does.
    store.db.pragma('max_page_count = 1073741823');
    await caughtUp;
    await engine.close();
    const { differences } = await comparePages(httpGet(upstream.urls.get('mirror')!), injectedGet(createMirrorApi(store, defaultMirrorApiConfig, false)), ['/api/v1/accounts?limit=100']);
    expect(differences).toEqual([]);
    store.close();
  }, 60_000);
});
