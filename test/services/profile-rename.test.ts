import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CustomProfileInput } from '../../main/common/profile-types.ts';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import type { VerifySessionView } from '../../main/common/verify-types.ts';
import type { AppServices } from '../../main/services/app-services.ts';
import { statusStoreFile } from '../../main/services/profile-status.ts';
import { call, closeApps, saveProfiles, startApp, startAppWithHeldLookup, storeFileOf, syncFollowing, useProfileSuitePeers } from './profile-switch-fixture.ts';

// Renaming a saved profile in a running app, over real stores in a temp data folder: what the
// profile had (its synced ledger, settings kept in it, its status store, its Verify session) stays its own.

const peers = useProfileSuitePeers('mirrordesk-profile-rename-', 'inc0renamed');
const { dir } = peers;

/** Saves a profile; a profile switched away from a moment ago may still be closing its files, so this asks again until it has. */
async function saveOnceClosed(app: AppServices, input: CustomProfileInput): Promise<void> {
  for (;;) {
    const result = await app.dispatch('network/profiles/save', input);
    if (result.ok) return;
    if (result.error.code !== 'unavailable') throw new Error(result.error.message);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const source = { name: 'Kept.sol', content: 'pragma solidity ^0.8.0;\ncontract Kept {}\n', encoding: 'utf8' as const };

describe('renaming a saved profile', () => {
  it('takes its synced store (and the settings kept there), its status store and its Verify session along when the mirror URL stays', async () => {
    const dataDir = saveProfiles(path.join(dir, 'same-url'), [{ name: 'up', mirrorUrl: peers.upstream.urls.mirror, statusUrl: peers.statusPage.url }]);
    const app = await startApp({ dataDir, network: 'up', syncRate: 0, ports: { mirror: 0, status: 0, verify: 0 }, verify: { solcBinMirror: null } });
    await syncFollowing(app);
    await call(app, 'sync/retention', { keepDays: 30 });
    await call(app, 'verify/files/add', { files: [source] });
    const ledger = storeFileOf('up', dataDir);
    const status = statusStoreFile('up', dataDir, peers.statusPage.url);
    expect(fs.existsSync(ledger) && fs.existsSync(status)).toBe(true);

    await call(app, 'network/switch', { name: 'demo' });
    await saveOnceClosed(app, { name: 'upx', previousName: 'up', mirrorUrl: peers.upstream.urls.mirror, statusUrl: peers.statusPage.url, chainId: null });
    // Nothing of the old name is left behind: no store to orphan, none crawled again.
    expect(fs.readdirSync(dataDir).filter((file) => /^up[.-]/.test(file))).toEqual([]);
    expect(fs.existsSync(storeFileOf('upx', dataDir))).toBe(true);
    expect(fs.existsSync(statusStoreFile('upx', dataDir, peers.statusPage.url))).toBe(true);

    await call(app, 'network/switch', { name: 'upx' });
    const synced = await call<SyncStatus>(app, 'sync/status');
    expect(synced).toMatchObject({ profile: 'upx', keepDays: 30 });
    expect(synced.completedPasses).toBeGreaterThanOrEqual(1);
    expect((await call<VerifySessionView>(app, 'verify/session')).files).toEqual([source.name]);

    // A new profile given the old name starts afresh: it finds neither the store nor the Verify session.
    await call(app, 'network/profiles/save', { name: 'up', mirrorUrl: peers.upstream.urls.mirror, statusUrl: null, chainId: null });
    await call(app, 'network/switch', { name: 'up' });
    expect(await call<SyncStatus>(app, 'sync/status')).toMatchObject({ profile: 'up', keepDays: null });
    expect((await call<VerifySessionView>(app, 'verify/session')).files).toEqual([]);
  }, 60_000);

  it('gives a renamed profile a new store when its mirror URL changes too, and keeps the old one in the data folder', async () => {
    const dataDir = saveProfiles(path.join(dir, 'new-url'), [{ name: 'up', mirrorUrl: peers.upstream.urls.mirror }]);
    const app = await startApp({ dataDir, network: 'up', syncRate: 0 });
    await syncFollowing(app);
    const ledger = storeFileOf('up', dataDir);
    await call(app, 'network/switch', { name: 'demo' });

    await saveOnceClosed(app, { name: 'elsewhere', previousName: 'up', mirrorUrl: 'http://127.0.0.1:1', statusUrl: null, chainId: null });
    expect(fs.existsSync(ledger)).toBe(true);
    expect(fs.existsSync(storeFileOf('elsewhere', dataDir))).toBe(false);
  }, 60_000);

  it('refuses to rename a profile still closing its files after a switch away from it, and renames it once it has closed them', async () => {
    const { app, byId, proxy } = await startAppWithHeldLookup(peers.upstream.urls.mirror, path.join(dir, 'closing'));
    const dataDir = path.join(dir, 'closing');
    try {
      // A request the client holds keeps the replaced profile (and its store) open for up to 30 s.
      const inFlight = fetch(`${app.urls.mirror}${byId}`).then((response) => response.status, () => 'cut');
      await proxy.arrived;
      await call(app, 'network/switch', { name: 'demo' });
      const input = { name: 'held-2', previousName: 'held', mirrorUrl: proxy.url, statusUrl: null, chainId: null };
      expect(await app.dispatch('network/profiles/save', input)).toMatchObject({
        ok: false,
        error: { code: 'unavailable', message: '"held" is still closing its files after the switch away from it; rename it again in a few seconds' },
      });
      expect(fs.existsSync(storeFileOf('held', dataDir))).toBe(true);

      proxy.release();
      await inFlight;
      await saveOnceClosed(app, input);
      expect(fs.existsSync(storeFileOf('held-2', dataDir))).toBe(true);
    } finally {
      proxy.release();
      await closeApps();
      await proxy.close();
    }
  }, 30_000);
});

describe('saving a profile', () => {
  it('refuses a built-in name as such, also the name of the profile that is open', async () => {
    const app = await startApp({ dataDir: fs.mkdtempSync(path.join(dir, 'builtin-')) });
    const add = (name: string) => app.dispatch('network/profiles/save', { name, mirrorUrl: peers.upstream.urls.mirror, statusUrl: null, chainId: null });
    expect(await add('demo')).toMatchObject({ ok: false, error: { code: 'invalid-input', message: '"demo" is a built-in profile name; choose another' } });
    expect(await add('mainnet')).toMatchObject({ ok: false, error: { code: 'invalid-input', message: '"mainnet" is a built-in profile name; choose another' } });
    expect(await add('custom')).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('"custom" is reserved') } });
  }, 30_000);
});
