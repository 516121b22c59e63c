import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { call, closeApps, saveProfiles, startApp } from './profile-switch-fixture.ts';

// The `sync/account-history` and `sync/topic-history` channels through the app's own dispatcher,
// where they cannot be met: the synced answers themselves are checked against a real upstream in
// sync-faithful and e2e.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-history-channels-'));
afterEach(closeApps);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('sync/account-history', () => {
  it('answers unavailable on the demo ledger, which holds its whole history', async () => {
    const app = await startApp({ dataDir: path.join(dir, 'demo') });
    const result = await app.dispatch('sync/account-history', { account: '0.0.2', fetch: false });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'unavailable', message: 'the demo profile holds its whole ledger: there is no older history to fetch' }) });
  });

  it('says nothing is held before the sync follows transactions, and will not fetch history it could not join up', async () => {
    // An upstream nobody listens on: the sync never gets to following.
    const app = await startApp({ dataDir: saveProfiles(path.join(dir, 'offline'), [{ name: 'gone', mirrorUrl: 'http://127.0.0.1:9' }]), network: 'gone' });
    expect(await call(app, 'sync/account-history', { account: '0.0.1234', fetch: false })).toEqual({ account: '0.0.1234', heldSince: null, complete: false, fetched: 0 });
    const fetched = await app.dispatch('sync/account-history', { account: '0.0.1234', fetch: true });
    expect(fetched).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('has not begun following transactions') } });
    expect(await app.dispatch('sync/account-history', { account: '1.2', fetch: true })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});

describe('sync/topic-history', () => {
  it('answers unavailable on the demo ledger, which holds every message', async () => {
    const app = await startApp({ dataDir: path.join(dir, 'demo-topics') });
    const result = await app.dispatch('sync/topic-history', { topic: '0.0.9000', fetch: true });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'unavailable', message: 'the demo profile holds its whole ledger: there is no older history to fetch' }) });
  });

  it('says no message is held of a topic the store lacks, and will not fetch for it', async () => {
    const app = await startApp({ dataDir: saveProfiles(path.join(dir, 'offline-topics'), [{ name: 'gone', mirrorUrl: 'http://127.0.0.1:9' }]), network: 'gone' });
    expect(await call(app, 'sync/topic-history', { topic: '0.0.9000', fetch: false })).toEqual({ topic: '0.0.9000', heldFrom: null, complete: false, fetched: 0 });
    const fetched = await app.dispatch('sync/topic-history', { topic: '0.0.9000', fetch: true });
    expect(fetched).toMatchObject({ ok: false, error: { code: 'unavailable', message: 'topic 0.0.9000 is not held here: open it first, so that its new messages are kept too' } });
    expect(await app.dispatch('sync/topic-history', { topic: '9000', fetch: true })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});
