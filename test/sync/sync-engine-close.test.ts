import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';

// A closed engine never starts crawling again: a network switch closes the replaced profile's
// sync, possibly while a resync or resume from the UI is still under way, then closes its store.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-sync-close-'));
/** An upstream that never answers: every request it gets stays in flight, and is counted. */
let upstream: { url: string; requests: () => number; close: () => Promise<void> };
const opened: Array<{ engine: SyncEngine; store: LedgerStore }> = [];

beforeAll(async () => {
  let requests = 0;
  const server = http.createServer(() => {
    requests++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
});
afterEach(async () => {
  for (const { engine, store } of opened.splice(0)) {
    await engine.close();
    store.close();
  }
});
afterAll(async () => {
  await upstream.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An engine whose first upstream request is in flight (and held). */
async function crawlingEngine(name: string): Promise<SyncEngine> {
  const store = new LedgerStore({ file: path.join(dir, `${name}.sqlite`) });
  const engine = new SyncEngine({ profile: name, db: store.db, upstreamUrl: upstream.url, requestsPerSecond: 0, timeoutMs: 60_000 });
  opened.push({ engine, store });
  const before = upstream.requests();
  engine.start();
  while (upstream.requests() === before) await new Promise((resolve) => setTimeout(resolve, 10));
  return engine;
}

/** Long enough for a crawl started by mistake to have sent its first request to the local upstream. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('closing the sync engine', () => {
  it('stays closed when it closes while a resync is stopping the previous run', async () => {
    const engine = await crawlingEngine('resync');
    const requests = upstream.requests();
    const sent = engine.upstreamRequests;
    const resync = engine.resync();
    // A profile switch retires the session now, before the old run has finished stopping.
    await engine.close();
    await resync;
    await settle();
    expect(upstream.requests()).toBe(requests);
    expect(engine.upstreamRequests).toBe(sent);
  });

  it('does not start crawling when resumed after it was closed', async () => {
    const engine = await crawlingEngine('resume');
    await engine.pause();
    await engine.close();
    const sent = engine.upstreamRequests;
    engine.resume();
    await settle();
    expect(engine.upstreamRequests).toBe(sent);
  });
});
