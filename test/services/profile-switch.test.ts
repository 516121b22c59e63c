import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../../main/common/api-contract.ts';
import type { AppServices } from '../../main/services/app-services.ts';
import { PAGE } from '../status/status-fixture.ts';
import { call, closeApps, getWithHost, saveProfiles, startApp, startAppWithHeldLookup, storeFileOf, syncFollowing, useProfileSuitePeers } from './profile-switch-fixture.ts';

const peers = useProfileSuitePeers('mirrordesk-profile-switch-', 'inc0watched');
const { dir } = peers;

/** A fresh data folder with these custom profiles saved in it, all syncing from `mirrorUrl` (the upstream app by default). */
function dataDirWith(name: string, profiles: Array<{ name: string; statusUrl?: string | null; mirrorUrl?: string }>): string {
  return saveProfiles(path.join(dir, name), profiles.map((p) => ({ mirrorUrl: peers.upstream.urls.mirror, ...p })));
}

const text = async (url: string) => (await fetch(url)).text();
const accountIds = async (mirror: string) =>
  ((await (await fetch(`${mirror}/api/v1/accounts?limit=100&balance=false`)).json()) as { accounts: Array<{ account: string }> }).accounts.map((a) => a.account);
const info = (app: AppServices) => call<AppInfo>(app, 'app/info');
async function networkReady(app: AppServices): Promise<void> {
  while ((await call<{ state: string }>(app, 'network/status')).state !== 'ready') await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Every `network/changed` and `sync/status` event's profile name, from now on. */
function announcedNames(app: AppServices): string[] {
  const names: string[] = [];
  app.events.on('network/changed', (value) => names.push(value.name));
  app.events.on('sync/status', (value) => names.push(value.profile));
  return names;
}

describe('switching the network profile', () => {
  it('leaves the old profile serving, unchanged, when the new store cannot be opened; a later switch to it serves its data on the same port', async () => {
    const dataDir = dataDirWith('store-fails', [{ name: 'broken' }]);
    const app = await startApp({ dataDir, syncRate: 0 });
    await app.ready;
    const before = { mirror: await text(`${app.urls.mirror}/api/v1/accounts?limit=100`), info: await info(app) };
    // A folder where the profile's SQLite file belongs: the store cannot open.
    const storeFile = storeFileOf('broken', dataDir);
    fs.mkdirSync(storeFile);
    const announced = announcedNames(app);

    const failed = await app.dispatch('network/switch', { name: 'broken' });
    expect(failed).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringMatching(/could not open network profile "broken": .+; "demo" is still open/) } });
    // The demo's EVM chain (it signs and verifies for 298): its ids show that network's checksums.
    expect(await call(app, 'network/status')).toMatchObject({ name: 'demo', state: 'ready', chainId: 298 });
    expect(await text(`${app.urls.mirror}/api/v1/accounts?limit=100`)).toBe(before.mirror);
    expect(await info(app)).toEqual(before.info);
    expect((await fetch(`${app.urls.status}/api/v2/summary.json`)).status).toBe(200);
    expect(announced).toEqual([]);

    fs.rmdirSync(storeFile);
    expect(await app.dispatch('network/switch', { name: 'broken' })).toMatchObject({ ok: true, value: { name: 'broken', source: 'upstream' } });
    await syncFollowing(app);
    expect(await accountIds(app.urls.mirror)).toEqual(await accountIds(peers.upstream.urls.mirror));
    // Same mirror address; the profile has no status page, so app/info names none.
    expect((await info(app)).services).toEqual({ mirror: before.info.services.mirror });
    // The Host check still guards the port, whichever profile answers on it.
    expect((await getWithHost(`${app.urls.mirror}/api/v1/accounts`, 'rebind.example:80')).status).toBe(403);
  }, 60_000);

  it('leaves the old profile serving when the new profile\'s status service cannot start', async () => {
    const dataDir = dataDirWith('status-fails', [{ name: 'watched', statusUrl: peers.statusPage.url }]);
    const app = await startApp({ dataDir });
    await app.ready;
    const demoSummary = await text(`${app.urls.status}/api/v2/summary.json`);
    fs.mkdirSync(path.join(dataDir, 'watched.status.sqlite'));
    const announced = announcedNames(app);

    const failed = await app.dispatch('network/switch', { name: 'watched' });
    expect(failed).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringMatching(/"watched".*"demo" is still open/) } });
    expect(await call(app, 'network/status')).toMatchObject({ name: 'demo' });
    expect(await text(`${app.urls.status}/api/v2/summary.json`)).toBe(demoSummary);
    expect((await fetch(`${app.urls.mirror}/api/v1/accounts?limit=1`)).status).toBe(200);
    // The half-opened profile's sync was stopped before it could announce anything.
    expect(announced).toEqual([]);
  }, 60_000);

  it('fails the switch with the port named when the status port, bound only now, is taken; the old profile keeps serving', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as net.AddressInfo).port;
    const dataDir = dataDirWith('status-port', [{ name: 'plain' }]);
    // A profile without a status page: no status port yet.
    const app = await startApp({ dataDir, network: 'plain', ports: { mirror: 0, status: busy } });
    expect(app.urls.status).toBeNull();

    const failed = await app.dispatch('network/switch', { name: 'demo' });
    expect(failed).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringContaining(`port ${busy} for the status service is in use`) } });
    // A custom profile given no chain id may be any network: no chain is claimed for its ids' checksums.
    expect(await call(app, 'network/status')).toMatchObject({ name: 'plain', chainId: null });
    expect((await fetch(`${app.urls.mirror}/api/v1/accounts?limit=1`)).status).toBe(200);

    await new Promise((resolve) => blocker.close(resolve));
    await call(app, 'network/switch', { name: 'demo' });
    expect((await info(app)).services.status).toBe(`http://127.0.0.1:${busy}`);
    expect((await fetch(`http://127.0.0.1:${busy}/api/v2/summary.json`)).status).toBe(200);
    // Back on a profile without a status page, the port stays ours and says so.
    await call(app, 'network/switch', { name: 'plain' });
    expect((await info(app)).services.status).toBeUndefined();
    const vacant = await fetch(`http://127.0.0.1:${busy}/api/v2/summary.json`);
    expect(vacant.status).toBe(503);
    expect(await vacant.json()).toEqual({ error: 'The open network profile has no status page' });
  }, 60_000);

  it('lets a request in flight on the old profile finish from the old profile\'s store after the switch', async () => {
    const { app, account, byId, proxy } = await startAppWithHeldLookup(peers.upstream.urls.mirror, path.join(dir, 'in-flight'));
    try {
      // Not in the (empty) store: the answer waits on the read-through to the upstream, held by the proxy.
      const inFlight = fetch(`${app.urls.mirror}${byId}`);
      await proxy.arrived;

      expect(await app.dispatch('network/switch', { name: 'demo' })).toMatchObject({ ok: true, value: { name: 'demo' } });
      proxy.release();
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ account });
      // New requests on the same port reach the demo profile.
      expect(await call(app, 'network/status')).toMatchObject({ name: 'demo' });
      await networkReady(app);
      expect(await accountIds(app.urls.mirror)).not.toEqual([]);
    } finally {
      await closeApps();
      await proxy.close();
    }
  }, 60_000);

  it('lets a bridge mirror/get in flight on the old profile finish from the old profile\'s store after the switch', async () => {
    const { app, account, byId, proxy } = await startAppWithHeldLookup(peers.upstream.urls.mirror, path.join(dir, 'in-flight-bridge'));
    try {
      // The renderer's path: an injection into the mirror app, no socket; it is the only request in flight.
      const inFlight = app.dispatch('mirror/get', { path: byId });
      await proxy.arrived;

      expect(await app.dispatch('network/switch', { name: 'demo' })).toMatchObject({ ok: true, value: { name: 'demo' } });
      proxy.release();
      expect(await inFlight).toMatchObject({ ok: true, value: { status: 200, body: { account } } });
    } finally {
      await closeApps();
      await proxy.close();
    }
  }, 60_000);

  // The timeout is the point: the old profile waits up to 30 s for a request a client holds, and a
  // switch back to it used to wait as long.
  it('switches back to a profile whose last request a client still holds at once, and keeps a profile being opened from removal', async () => {
    const { app, byId, proxy } = await startAppWithHeldLookup(peers.upstream.urls.mirror, path.join(dir, 'held-switch-back'));
    try {
      const inFlight = fetch(`${app.urls.mirror}${byId}`).then((response) => response.status, () => 'cut');
      await proxy.arrived;
      expect(await app.dispatch('network/switch', { name: 'demo' })).toMatchObject({ ok: true, value: { name: 'demo' } });

      const back = app.dispatch('network/switch', { name: 'held' });
      expect(await app.dispatch('network/profiles/delete', { name: 'held' }))
        .toMatchObject({ ok: false, error: { code: 'invalid-input', message: '"held" is being opened; switch to another profile before removing it' } });
      expect(await back).toMatchObject({ ok: true, value: { name: 'held' } });
      expect(await app.dispatch('network/profiles/delete', { name: 'held' }))
        .toMatchObject({ ok: false, error: { message: '"held" is open; switch to another profile before removing it' } });
      expect((await call<{ profiles: Array<{ name: string }> }>(app, 'network/profiles')).profiles.map((p) => p.name)).toContain('held');
      // The request that outlived its store is told the service is unavailable, not an internal error.
      proxy.release();
      expect(await inFlight).toBe(503);
    } finally {
      proxy.release();
      await closeApps();
      await proxy.close();
    }
  }, 20_000);

  it('watches the --status-upstream page instead of the profile\'s own for whichever profile is open, after a switch too', async () => {
    const dataDir = dataDirWith('status-upstream', [{ name: 'plain' }]);
    const app = await startApp({ dataDir, network: 'plain', statusUpstream: peers.statusPage.url });
    const statusUrl = app.urls.status!;
    const watched = async () => {
      for (;;) {
        // 503 until the watched page's first poll has succeeded.
        const response = await fetch(`${statusUrl}/api/v2/incidents.json`);
        const body = (await response.json()) as { page: { name: string }; incidents: Array<{ id: string }> };
        if (response.status === 200 && body.incidents.length > 0) return body;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    expect(await watched()).toMatchObject({ page: { name: PAGE.name }, incidents: [{ id: 'inc0watched' }] });

    // Demo has a status history of its own; the named page still wins, on the same port.
    await call(app, 'network/switch', { name: 'demo' });
    expect((await info(app)).services.status).toBe(statusUrl);
    expect(await watched()).toMatchObject({ page: { name: PAGE.name }, incidents: [{ id: 'inc0watched' }] });
    expect((await call<{ source: { demo?: boolean } }>(app, 'status/snapshot')).source.demo).toBeFalsy();
  }, 60_000);
});
