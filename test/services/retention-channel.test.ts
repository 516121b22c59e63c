import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { call, closeApps, saveProfiles, startApp } from './profile-switch-fixture.ts';

// The `sync/retention` channel through the app's own dispatcher; what pruning does to a store is
// checked in test/sync/followed-retention.test.ts.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-retention-channel-'));
afterEach(closeApps);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('sync/retention', () => {
  it('answers unavailable on the demo ledger, which has no sync', async () => {
    const app = await startApp({ dataDir: path.join(dir, 'demo') });
    expect(await app.dispatch('sync/retention', { keepDays: 7 })).toMatchObject({ ok: false, error: { code: 'unavailable', message: 'the demo profile has no upstream to sync from' } });
  });

  it('keeps the days chosen for the profile, across a restart, until set back to all', async () => {
    // An upstream nobody listens on: the setting does not need it.
    const dataDir = saveProfiles(path.join(dir, 'synced'), [{ name: 'gone', mirrorUrl: 'http://127.0.0.1:9' }]);
    const first = await startApp({ dataDir, network: 'gone' });
    expect(await call<SyncStatus>(first, 'sync/status')).toMatchObject({ keepDays: null, storeBytes: expect.any(Number) });
    expect(await call<SyncStatus>(first, 'sync/retention', { keepDays: 30 })).toMatchObject({ keepDays: 30 });
    await closeApps();
    const second = await startApp({ dataDir, network: 'gone' });
    const status = await call<SyncStatus>(second, 'sync/status');
    expect(status.keepDays).toBe(30);
    expect(status.storeBytes).toBeGreaterThan(0);
    expect(await call<SyncStatus>(second, 'sync/retention', { keepDays: null })).toMatchObject({ keepDays: null });
  });
});
