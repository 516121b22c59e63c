import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../main/services/app-services.ts';
import { call, closeApps, saveProfiles, startApp, startAppWithHeldLookup, startUpstreamApp, storeFileOf } from './profile-switch-fixture.ts';

// The profile host's edges: closing while a switch or a bridge call is under way, and a switch
// whose announcement fails. Real stores, real loopback ports; `close()` is the app quitting.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-profile-host-close-'));
/** The upstream mirror node a custom profile syncs from: another app on its demo ledger. */
let upstream: AppServices;

beforeAll(async () => {
  upstream = await startUpstreamApp(path.join(dir, 'upstream'), 20);
}, 60_000);
afterEach(closeApps);
afterAll(async () => {
  await upstream.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh data folder with one custom profile `name` syncing from `mirrorUrl`. */
const dataDirWith = (folder: string, name: string, mirrorUrl: string): string => saveProfiles(path.join(dir, folder), [{ name, mirrorUrl }]);

describe('closing the profile host', () => {
  it('refuses a switch that arrives while the app is closing, and opens nothing for it', async () => {
    const dataDir = dataDirWith('switch-while-closing', 'later', upstream.urls.mirror);
    const app = await startApp({ dataDir });
    await app.ready;

    const closing = app.close();
    // Electron still delivers IPC while it quits.
    const switched = await app.dispatch('network/switch', { name: 'later' });
    await closing;
    expect(switched).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('the app is shutting down') } });
    expect(fs.existsSync(storeFileOf('later', dataDir))).toBe(false);
  }, 60_000);

  it('answers a bridge mirror/get in flight from the open profile\'s store before closing it', async () => {
    const { app, account, byId, proxy } = await startAppWithHeldLookup(upstream.urls.mirror, path.join(dir, 'close-in-flight'));
    try {
      // Not in the (empty) store: the read-through asks the upstream, and the proxy holds the answer.
      const inFlight = app.dispatch('mirror/get', { path: byId });
      await proxy.arrived;

      const closing = app.close();
      proxy.release();
      expect(await inFlight).toMatchObject({ ok: true, value: { status: 200, body: { account } } });
      await closing;
    } finally {
      await closeApps();
      await proxy.close();
    }
  }, 60_000);

  it('closes the replaced profile even when a bus listener throws while the switch is announced', async () => {
    const dataDir = dataDirWith('listener-throws', 'plain', upstream.urls.mirror);
    const app = await startApp({ dataDir });
    await app.ready;
    // SQLite removes a store's write-ahead log when its last connection closes.
    const demoLog = `${storeFileOf('demo', dataDir)}-wal`;
    expect(fs.existsSync(demoLog)).toBe(true);
    let thrown = false;
    app.events.on('network/changed', () => {
      if (thrown) return;
      thrown = true;
      throw new Error('a listener failed');
    });

    const switched = await app.dispatch('network/switch', { name: 'plain' });
    expect(thrown).toBe(true);
    expect(switched).toMatchObject({ ok: false, error: { code: 'internal' } });
    // The swap had happened: the new profile is the open one.
    expect(await call(app, 'network/status')).toMatchObject({ name: 'plain' });

    await app.close();
    expect(fs.existsSync(demoLog)).toBe(false);
  }, 60_000);
});
