import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkInfo, SyncStatus } from '../../main/common/api-contract.ts';
import { damagedMarkerFile } from '../../main/mirror/store/open-or-set-aside.ts';
import type { AppServices } from '../../main/services/app-services.ts';
import { FIRST_TOKENS_PAGE } from '../../main/sync/tokens-crawl.ts';
import { overwriteTablePages } from '../helpers/overwrite-table-pages.ts';
import { call, closeApps, saveProfiles, startApp, startUpstreamApp, storeFileOf, syncFollowing } from '../services/profile-switch-fixture.ts';

// A synced store damaged where opening it does not look (pages deep in the file, as a disk fault
// leaves them) shows only when something reads or writes those pages. When it is the sync's own
// writes, or an account's older history being stored, the store must be treated as when a query
// finds it: marked to be set aside and synced again at the profile's next opening, said in the log
// and the profile's status, and not written to again meanwhile. The upstream is another app on its
// demo ledger (with tokens past its first thousand accounts), on loopback.

const MALFORMED = 'database disk image is malformed';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-sync-store-damage-'));
const dataDir = path.join(dir, 'local');
/** A store synced whole from the upstream, copied into each test's profile before it damages it. */
const syncedCopy = path.join(dir, 'synced.sqlite');
let upstream: AppServices;
let upstreamTokens: string[];

/** The ids of the newest hundred tokens an app's mirror API lists: the same as the upstream's once a crawl reached the end. */
const newestTokens = (app: AppServices) => fetch(`${app.urls.mirror}/api/v1/tokens?limit=100&order=desc`)
  .then(async (reply) => ((await reply.json()) as { tokens: Array<{ token_id: string }> }).tokens.map((token) => token.token_id));

beforeAll(async () => {
  upstream = await startUpstreamApp(path.join(dir, 'upstream'), 1100);
  saveProfiles(dataDir, ['synced', 'fetched', 'unmarkable'].map((name) => ({ name, mirrorUrl: upstream.urls.mirror })));
  upstreamTokens = await newestTokens(upstream);
  expect(upstreamTokens.length).toBeGreaterThan(0);
  const app = await startApp({ dataDir, network: 'synced' });
  await syncFollowing(app);
  expect(await newestTokens(app)).toEqual(upstreamTokens);
  // Closed, its WAL is written back into the file: the file is the whole store.
  await closeApps();
  fs.renameSync(storeFileOf('synced', dataDir), syncedCopy);
}, 60_000);
afterEach(closeApps);
afterAll(async () => {
  await upstream?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Profile `name`'s store: the synced copy, with `change` made to it, then every page of `table` overwritten with random bytes, as a disk fault would. */
function damagedStore(name: string, table: string, change: (db: Database.Database) => void = () => undefined): string {
  const file = storeFileOf(name, dataDir);
  fs.copyFileSync(syncedCopy, file);
  const db = new Database(file);
  change(db);
  db.close();
  overwriteTablePages(file, table);
  return file;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs = 20_000): Promise<T> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || performance.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the profile says once its store is marked damaged, and the log line that goes with it. */
function expectMarkedDamaged(info: NetworkInfo, name: string, file: string, logged: string[]): void {
  expect(info).toMatchObject({ state: 'error' });
  expect(info.message).toBe(`The stored ledger is damaged (${MALFORMED}). Restart Mirrordesk, or open another network profile and come back to this one: the damaged file is then moved aside and the sync starts over.`);
  expect(fs.readFileSync(damagedMarkerFile(file), 'utf8').trim()).toBe(MALFORMED);
  expect(logged.filter((line) => line.includes('is damaged'))).toContain(`${name}: the ledger store ${file} is damaged (${MALFORMED}); it is moved aside and rebuilt when the profile is next opened`);
}

/** Resume, re-sync, retention and compaction each answer `unavailable` with the damage, and the sync stays stopped. */
async function expectWritesRefused(app: AppServices, message: RegExp): Promise<void> {
  for (const [channel, request] of [['sync/resume', null], ['sync/resync', null], ['sync/retention', { keepDays: 1 }], ['sync/compact', null]] as const) {
    const result = await app.dispatch(channel, request);
    expect(!result.ok && result.error, channel).toMatchObject({ code: 'unavailable', message: expect.stringMatching(message) });
  }
  expect((await call<SyncStatus>(app, 'sync/status')).state).toBe('error');
}

const DAMAGED_SYNC = /^the local store is damaged: database disk image is malformed \(SQLITE_CORRUPT\w*\)$/;

describe('a synced store found damaged by what the sync writes', () => {
  it('is marked to be set aside and said (log, sync status, profile status); the sync stops; the next opening syncs it again', async () => {
    // The tokens are to be crawled again, into a table whose pages are damaged.
    const file = damagedStore('synced', 'token', (db) => db.prepare("UPDATE sync_cursor SET next_url = ?, items = 0 WHERE phase = 'tokens'").run(FIRST_TOKENS_PAGE));
    const logged: string[] = [];
    const damaged = await startApp({ dataDir, network: 'synced', log: (line) => void logged.push(line) });
    expectMarkedDamaged(await eventually(() => call<NetworkInfo>(damaged, 'network/status'), (info) => info.state === 'error'), 'synced', file, logged);

    // The sync says what happened in the profile's words (what becomes of the store), and is not tried again.
    const sync = await eventually(() => call<SyncStatus>(damaged, 'sync/status'), (status) => status.lastError?.message.startsWith('The stored') === true);
    expect(sync).toMatchObject({ state: 'error', phase: 'tokens' });
    expect(sync.lastError).toMatchObject({ retryAt: null, recoveredAt: null, message: (await call<NetworkInfo>(damaged, 'network/status')).message });
    expect(logged.filter((line) => line.startsWith('sync: the local store is damaged'))).toEqual([expect.stringMatching(new RegExp(`^sync: ${DAMAGED_SYNC.source.slice(1, -1)}; the sync stops$`))]);
    // Nor written to again at the user's word: whatever would write is refused, saying why.
    await expectWritesRefused(damaged, /^The stored ledger is damaged/);
    await closeApps();

    // Opened again: set aside, synced again from the start, whole.
    const rebuilt = await startApp({ dataDir, network: 'synced' });
    expect((await call<NetworkInfo>(rebuilt, 'network/status')).message).toMatch(/^The stored ledger could not be read \(database disk image is malformed\); it was moved to .+\.unreadable-[0-9TZ-]+ and the sync starts over\.$/);
    await syncFollowing(rebuilt);
    expect(await newestTokens(rebuilt)).toEqual(upstreamTokens);
    expect(fs.existsSync(damagedMarkerFile(file))).toBe(false);
  }, 60_000);

  it("is marked and said when an account's older history is stored into it", async () => {
    const file = damagedStore('fetched', 'transaction');
    const logged: string[] = [];
    const app = await startApp({ dataDir, network: 'fetched', log: (line) => void logged.push(line) });
    await syncFollowing(app);
    expect((await call<NetworkInfo>(app, 'network/status')).state).toBe('ready');

    // An account of the upstream's newest transaction: it has older history to store.
    const newest = await (await fetch(`${upstream.urls.mirror}/api/v1/transactions?limit=1`)).json() as { transactions: Array<{ transfers: Array<{ account: string }> }> };
    const account = newest.transactions[0]!.transfers.map((transfer) => transfer.account).find((id) => Number(id.split('.')[2]) > 1000)!;
    const result = await app.dispatch('sync/account-history', { account, fetch: true });
    expect(result.ok).toBe(false);
    const info = await call<NetworkInfo>(app, 'network/status');
    expectMarkedDamaged(info, 'fetched', file, logged);
    expect(!result.ok && result.error).toMatchObject({ code: 'unavailable', message: info.message });
    // The sync stops for it too, and writes nothing more.
    const sync = await eventually(() => call<SyncStatus>(app, 'sync/status'), (status) => status.state === 'error');
    expect(sync.lastError).toMatchObject({ retryAt: null, message: expect.stringMatching(/^The stored ledger is damaged/) });
    await expectWritesRefused(app, /^The stored ledger is damaged/);
  }, 60_000);

  it('says so, and what to do by hand, when the store cannot be marked to be set aside', async () => {
    const file = damagedStore('unmarkable', 'transaction');
    const logged: string[] = [];
    const app = await startApp({ dataDir, network: 'unmarkable', log: (line) => void logged.push(line) });
    await syncFollowing(app);
    // Where the note would go, a folder: the note cannot be written (as on a read-only disk).
    fs.mkdirSync(damagedMarkerFile(file));

    const newest = await (await fetch(`${upstream.urls.mirror}/api/v1/transactions?limit=1`)).json() as { transactions: Array<{ transfers: Array<{ account: string }> }> };
    const account = newest.transactions[0]!.transfers.map((transfer) => transfer.account).find((id) => Number(id.split('.')[2]) > 1000)!;
    const result = await app.dispatch('sync/account-history', { account, fetch: true });
    const info = await call<NetworkInfo>(app, 'network/status');
    expect(info.message).toMatch(new RegExp(`^The stored ledger is damaged \\(${MALFORMED}\\) and could not be marked to be rebuilt \\(.*EISDIR.*\\)\\. Quit Mirrordesk and move .+ aside: the sync starts over at the next start\\.$`));
    expect(logged).toContainEqual(expect.stringMatching(/is damaged \(database disk image is malformed\), and it could not be marked to be moved aside/));
    // Nothing says it will be set aside on its own: the refusal and the sync both say what the profile says.
    expect(!result.ok && result.error).toMatchObject({ code: 'unavailable', message: info.message });
    const sync = await eventually(() => call<SyncStatus>(app, 'sync/status'), (status) => status.state === 'error');
    expect(sync.lastError).toMatchObject({ retryAt: null, message: info.message });
  }, 60_000);
});
