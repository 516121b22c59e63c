import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NetworkInfo } from '../../main/common/api-contract.ts';
import { damagedStoreMessage } from '../../main/mirror/http/mirror-server.ts';
import { damagedMarkerFile } from '../../main/mirror/store/open-or-set-aside.ts';
import { startAppServices, type AppServices } from '../../main/services/app-services.ts';
import { overwriteTablePages } from '../helpers/overwrite-table-pages.ts';
import { call, saveProfiles, storeFileOf } from './profile-switch-fixture.ts';

// A ledger store damaged where opening it does not look (pages deep in the file, as a disk fault
// or a copy gone wrong leaves them) shows only when a query reads those pages. The app must say
// so (answer, log, status) and rebuild the store at the profile's next opening, once.

const MALFORMED = 'database disk image is malformed';
/** Any other profile to switch to and back: its upstream is a closed port, so it opens, syncs nothing, and fails quietly. */
const ELSEWHERE = { name: 'elsewhere', mirrorUrl: 'http://127.0.0.1:9' };

let dir: string;
let file: string;
let logged: string[];
const running: AppServices[] = [];

beforeEach(() => {
  dir = saveProfiles(fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-store-damage-')), [ELSEWHERE]);
  file = storeFileOf('demo', dir);
  logged = [];
});
afterEach(async () => {
  for (const app of running.splice(0).reverse()) await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<AppServices> {
  const app = await startAppServices({ dataDir: dir, network: 'demo', demoAccounts: 30, ports: { mirror: 0, status: 0 }, hostCheck: true, log: (line) => void logged.push(line) });
  running.push(app);
  await app.ready;
  return app;
}

async function stop(app: AppServices): Promise<void> {
  running.splice(running.indexOf(app), 1);
  await app.close();
}

/** Overwrites every page of `table` with random bytes, as `dd if=/dev/urandom … conv=notrunc` does; the file must be closed. */
function damageTable(table: string): void {
  overwriteTablePages(file, table);
  // Closing the last connection wrote the WAL back into the file and removed it: every page was in the file.
  expect(fs.existsSync(`${file}-wal`)).toBe(false);
}

async function get(app: AppServices, route: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${app.urls.mirror}${route}`);
  return { status: response.status, body: await response.json() };
}

/** The set-aside ledgers (without their companions). */
const setAsideFiles = (): string[] => fs.readdirSync(dir).filter((name) => /^demo\.sqlite\.unreadable-[0-9TZ-]+$/.test(name)).sort();

/** A demo ledger generated and closed, then its schedules' pages damaged: the app opens it as it is and finds it `ready`. */
async function startOnDamagedLedger(): Promise<AppServices> {
  await stop(await start());
  damageTable('schedule');
  const app = await start();
  expect((await call<NetworkInfo>(app, 'network/status')).state).toBe('ready');
  return app;
}

describe('a ledger store found damaged by a query', () => {
  it('answers 503 saying the store is damaged, logs it once, reports it in the status, and marks the store', async () => {
    const app = await startOnDamagedLedger();
    const changes: NetworkInfo[] = [];
    app.events.on('network/changed', (info) => changes.push(info));

    const answers = await Promise.all(Array.from({ length: 5 }, () => get(app, '/api/v1/schedules')));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ _status: { messages: [{ message: damagedStoreMessage(MALFORMED) }] } });
    }
    // What the damage did not reach still answers.
    expect((await get(app, '/api/v1/accounts?limit=2')).status).toBe(200);

    // One line for the failure (not one per request), one for what becomes of the store.
    expect(logged.filter((line) => line.startsWith('mirror API:'))).toEqual([expect.stringMatching(/^mirror API: GET \/api\/v1\/schedules failed: database disk image is malformed \(SQLITE_CORRUPT\w*\)$/)]);
    expect(logged.filter((line) => line.includes('is damaged'))).toEqual([`demo: the ledger store ${file} is damaged (${MALFORMED}); it is moved aside and rebuilt when the profile is next opened`]);

    const status = await call<NetworkInfo>(app, 'network/status');
    expect(status).toMatchObject({ state: 'error', progress: null });
    expect(status.message).toBe(`The stored ledger is damaged (${MALFORMED}). Restart Mirrordesk, or open another network profile and come back to this one: the damaged file is then moved aside and the demo ledger is generated again.`);
    expect(changes.at(-1)).toMatchObject({ state: 'error', message: status.message });
    expect(fs.readFileSync(damagedMarkerFile(file), 'utf8').trim()).toBe(MALFORMED);
    // Still marked, nothing moved while the file is open.
    expect(setAsideFiles()).toEqual([]);
  });

  it('sets the marked store aside at the next start, rebuilds the demo ledger, and does so only once', async () => {
    const damaged = await startOnDamagedLedger();
    expect((await get(damaged, '/api/v1/schedules')).status).toBe(503);
    await stop(damaged);
    const damagedBytes = fs.readFileSync(file);

    logged = [];
    const rebuilt = await start();
    const [aside] = setAsideFiles();
    expect(aside).toBeDefined();
    const asidePath = path.join(dir, aside!);
    // Kept, byte for byte, with the note of why beside it; the new store carries no note.
    expect(fs.readFileSync(asidePath).equals(damagedBytes)).toBe(true);
    expect(fs.readFileSync(damagedMarkerFile(asidePath), 'utf8').trim()).toBe(MALFORMED);
    expect(fs.existsSync(damagedMarkerFile(file))).toBe(false);
    expect(logged).toContain(`${file} was found damaged while in use (${MALFORMED}); moved to ${asidePath}, starting a new one`);
    expect(await call<NetworkInfo>(rebuilt, 'network/status')).toMatchObject({
      state: 'ready',
      message: `The stored ledger could not be read (${MALFORMED}); it was moved to ${asidePath} and the demo ledger is generated again.`,
    });
    expect((await get(rebuilt, '/api/v1/schedules')).status).toBe(200);
    await stop(rebuilt);

    // The new store is healthy and unmarked: the next start opens it as it is.
    const again = await start();
    expect(setAsideFiles()).toEqual([aside]);
    expect(await call<NetworkInfo>(again, 'network/status')).toMatchObject({ state: 'ready', message: null });
  });

  it('sets the marked store aside when the user opens another profile and comes back, without a restart', async () => {
    const app = await startOnDamagedLedger();
    expect((await get(app, '/api/v1/schedules')).status).toBe(503);
    expect(await call(app, 'network/switch', { name: ELSEWHERE.name })).toMatchObject({ name: ELSEWHERE.name });
    expect(await call(app, 'network/switch', { name: 'demo' })).toMatchObject({ name: 'demo' });
    expect(setAsideFiles()).toHaveLength(1);
    for (;;) {
      const status = await call<NetworkInfo>(app, 'network/status');
      if (status.state === 'ready') break;
      expect(status.state).toBe('generating');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await get(app, '/api/v1/schedules')).status).toBe(200);
  });

  it('marks a store whose damage the demo generation finds, so that the next start rebuilds it instead of failing again', async () => {
    await stop(await start());
    // The generation reads its own bookkeeping first, to reuse a complete ledger.
    damageTable('store_meta');
    const failed = await start();
    const status = await call<NetworkInfo>(failed, 'network/status');
    expect(status.state).toBe('error');
    expect(status.message).toMatch(/^The stored ledger is damaged \(database disk image is malformed\)\. Restart Mirrordesk/);
    expect(fs.existsSync(damagedMarkerFile(file))).toBe(true);
    // Every route answers 503 while the generation has failed; they say why, and what to do.
    expect(await get(failed, '/api/v1/accounts')).toEqual({ status: 503, body: { _status: { messages: [{ message: status.message }] } } });
    await stop(failed);

    const rebuilt = await start();
    expect(setAsideFiles()).toHaveLength(1);
    expect((await call<NetworkInfo>(rebuilt, 'network/status')).state).toBe('ready');
  });
});
