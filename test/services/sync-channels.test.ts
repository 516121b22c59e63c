import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { compactionCopyFile } from '../../main/mirror/store/compact-store.ts';
import { call, closeApps, saveProfiles, startApp, storeFileOf } from './profile-switch-fixture.ts';

// The `sync/account-history`, `sync/topic-history`, `sync/retention` and `sync/compact` channels
// through the app's own dispatcher: where they cannot be met, and what a profile keeps. The synced answers themselves
// are checked against a real upstream in sync-faithful, followed-retention and e2e.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-sync-channels-'));
afterEach(closeApps);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const gone = (name: string) => saveProfiles(path.join(dir, name), [{ name: 'gone', mirrorUrl: 'http://127.0.0.1:9' }]);

describe('on the demo ledger, which has no sync', () => {
  it('answers each unavailable, saying why', async () => {
    const app = await startApp({ dataDir: path.join(dir, 'demo') });
    const unavailable = (message: string) => ({ ok: false, error: expect.objectContaining({ code: 'unavailable', message }) });
    const whole = 'the demo profile holds its whole ledger: there is no older history to fetch';
    expect(await app.dispatch('sync/account-history', { account: '0.0.2', fetch: false })).toEqual(unavailable(whole));
    expect(await app.dispatch('sync/topic-history', { topic: '0.0.9000', fetch: true })).toEqual(unavailable(whole));
    expect(await app.dispatch('sync/retention', { keepDays: 7 })).toEqual(unavailable('the demo profile has no upstream to sync from'));
    expect(await app.dispatch('sync/compact', null)).toEqual(unavailable('the demo profile has no upstream to sync from'));
  });
});

// An upstream nobody listens on: the sync never gets to following.
describe('on a synced profile whose upstream is gone', () => {
  it('an account: nothing is held before the sync follows transactions, and no history is fetched that could not be joined up', async () => {
    const app = await startApp({ dataDir: gone('accounts'), network: 'gone' });
    expect(await call(app, 'sync/account-history', { account: '0.0.1234', fetch: false })).toEqual({ account: '0.0.1234', heldSince: null, complete: false, keptFrom: null, retentionReached: false, fetched: 0 });
    const fetched = await app.dispatch('sync/account-history', { account: '0.0.1234', fetch: true });
    expect(fetched).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('has not begun following transactions') } });
    expect(await app.dispatch('sync/account-history', { account: '1.2', fetch: true })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('a topic the store lacks: none of its messages is held, and none is fetched for it', async () => {
    const app = await startApp({ dataDir: gone('topics'), network: 'gone' });
    expect(await call(app, 'sync/topic-history', { topic: '0.0.9000', fetch: false })).toEqual({ topic: '0.0.9000', heldFrom: null, complete: false, keptFrom: null, retentionReached: false, fetched: 0 });
    const fetched = await app.dispatch('sync/topic-history', { topic: '0.0.9000', fetch: true });
    expect(fetched).toMatchObject({ ok: false, error: { code: 'unavailable', message: 'topic 0.0.9000 is not held here: open it first, so that its new messages are kept too' } });
    expect(await app.dispatch('sync/topic-history', { topic: '9000', fetch: true })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('the days of followed transactions kept stay with the profile, across a restart, until set back to all', async () => {
    const dataDir = gone('retention');
    const first = await startApp({ dataDir, network: 'gone' });
    expect(await call<SyncStatus>(first, 'sync/status')).toMatchObject({ keepDays: null, storeBytes: expect.any(Number), diskFreeBytes: expect.any(Number) });
    expect(await call<SyncStatus>(first, 'sync/retention', { keepDays: 30 })).toMatchObject({ keepDays: 30 });
    await closeApps();
    const second = await startApp({ dataDir, network: 'gone' });
    const status = await call<SyncStatus>(second, 'sync/status');
    expect(status.keepDays).toBe(30);
    expect(status.storeBytes).toBeGreaterThan(0);
    expect(await call<SyncStatus>(second, 'sync/retention', { keepDays: null })).toMatchObject({ keepDays: null });
  });

  it('while the store is compacted, what would write to it is refused in words, and the sync goes on afterwards', async () => {
    const dataDir = gone('compaction');
    // What a compaction the app did not live to finish left behind goes when the profile opens.
    const leftover = compactionCopyFile(storeFileOf('gone', dataDir));
    fs.writeFileSync(leftover, 'a compact copy cut short');
    const app = await startApp({ dataDir, network: 'gone' });
    expect(fs.existsSync(leftover)).toBe(false);
    const compacting = app.dispatch('sync/compact', null);
    const busy = { ok: false, error: expect.objectContaining({ code: 'unavailable', message: 'the local store is being compacted; try again once that is done' }) };
    expect(await app.dispatch('sync/retention', { keepDays: 7 })).toEqual(busy);
    expect(await app.dispatch('sync/pause', null)).toEqual(busy);
    expect(await app.dispatch('sync/resync', null)).toEqual(busy);
    expect(await app.dispatch('sync/account-history', { account: '0.0.1234', fetch: true })).toEqual(busy);
    // What is held can still be read meanwhile.
    expect(await call(app, 'sync/account-history', { account: '0.0.1234', fetch: false })).toMatchObject({ account: '0.0.1234', heldSince: null });
    expect(await compacting).toMatchObject({ ok: true, value: { compaction: null, storeReusableBytes: 0 } });
    expect((await call<SyncStatus>(app, 'sync/status')).state).not.toBe('compacting');
    expect(await call<SyncStatus>(app, 'sync/retention', { keepDays: 7 })).toMatchObject({ keepDays: 7 });
  });
});
