import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAppServices, type AppServices } from '../../main/services/app-services.ts';
import { CustomProfiles } from '../../main/services/custom-profiles.ts';
import { profileDatabaseFile } from '../../main/services/network-profiles.ts';
import { resolveProfile } from '../../main/services/profile-switch.ts';
import { call, closeApps, startApp, startHoldingProxy } from './profile-switch-fixture.ts';

// The profile host's edges: closing while a switch or a bridge call is under way, and a switch
// whose announcement fails. Real stores, real loopback ports; `close()` is the app quitting.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-profile-host-close-'));
/** The upstream mirror node a custom profile syncs from: another app on its demo ledger. */
let upstream: AppServices;

beforeAll(async () => {
  upstream = await startAppServices({ dataDir: path.join(dir, 'upstream'), network: 'demo', demoAccounts: 20, ports: { mirror: 0, status: 0 }, hostCheck: true, log: () => undefined });
  await upstream.ready;
}, 60_000);
afterEach(closeApps);
afterAll(async () => {
  await upstream.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh data folder with one custom profile `name` syncing from `mirrorUrl`. */
function dataDirWith(folder: string, name: string, mirrorUrl: string): string {
  const dataDir = path.join(dir, folder);
  fs.mkdirSync(dataDir, { recursive: true });
  new CustomProfiles(dataDir).save({ name, mirrorUrl, statusUrl: null, chainId: null });
  return dataDir;
}

const storeFile = (name: string, dataDir: string) => profileDatabaseFile(resolveProfile(name, { dataDir }), dataDir);

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
    expect(fs.existsSync(storeFile('later', dataDir))).toBe(false);
  }, 60_000);

  it('answers a bridge mirror/get in flight from the open profile\'s store before closing it', async () => {
    const account = ((await (await fetch(`${upstream.urls.mirror}/api/v1/accounts?limit=1`)).json()) as { accounts: Array<{ account: string }> }).accounts[0]!.account;
    const byId = `/api/v1/accounts/${account}`;
    const proxy = await startHoldingProxy(upstream.urls.mirror, byId);
    try {
      const app = await startApp({ dataDir: dataDirWith('close-in-flight', 'held', proxy.url), network: 'held' });
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
    const demoLog = `${storeFile('demo', dataDir)}-wal`;
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
