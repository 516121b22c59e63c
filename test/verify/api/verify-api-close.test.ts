import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { startVerifyApi, type RunningVerifyApi } from '../../../main/verify/start-verify-api.ts';
import { stalledUpload, type StalledUpload } from '../stalled-upload.ts';
import { tempDir } from '../verify-fixture.ts';

// Closing the verification API (real HTTP on loopback) while clients hold connections open.
let store: LedgerStore | undefined;
const held: Array<{ destroy(): void }> = [];
afterEach(() => {
  for (const client of held.splice(0)) client.destroy();
  store?.close();
});

async function startApi(closeLimitMs: number): Promise<RunningVerifyApi> {
  const dataDir = tempDir();
  store = new LedgerStore({ file: path.join(dataDir, 'demo.sqlite') });
  const api = await startVerifyApi({
    dataDir, port: 0, hostCheck: true, profileChainId: 298, mirrorDb: () => store!.db, log: () => undefined,
    compilersDir: path.join(dataDir, 'compilers'), solcBinMirror: null, closeLimitMs,
  });
  return api;
}

async function stalled(api: RunningVerifyApi): Promise<StalledUpload> {
  const upload = await stalledUpload(api.url);
  held.push(upload.socket);
  return upload;
}

/** One finished request on a keep-alive socket that then stays open, idle, as a browser's does. */
async function idleKeepAlive(api: RunningVerifyApi): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true });
  held.push(agent);
  await new Promise<void>((resolve, reject) => {
    http.get(`${api.url}/session/data`, { agent }, (response) => {
      response.resume();
      response.on('end', resolve);
    }).on('error', reject);
  });
  return agent;
}

/** How long `close()` took (a close that never ends is caught by the test's timeout). */
async function timeClose(api: RunningVerifyApi): Promise<number> {
  const started = performance.now();
  await api.close();
  return performance.now() - started;
}

/** Longer than any test may run: a close that waited for it would fail by the test's timeout, not by a clock here. */
const LIMIT_NEVER_REACHED_MS = 10 * 60_000;

describe('closing the verification API', () => {
  it('cuts a stalled upload once its limit has passed, then closes the database', async () => {
    const api = await startApi(300);
    const upload = await stalled(api);
    await idleKeepAlive(api);
    const took = await timeClose(api);
    // A lower bound, not a speed limit: the close waited for the stalled upload until its 300 ms limit (less timer slack).
    expect(took).toBeGreaterThanOrEqual(250);
    await upload.closed;
    expect(api.service.db.open).toBe(false);
  });

  it('answers an upload that completes while closing, telling its client to close the connection, and does not wait for the limit', async () => {
    const api = await startApi(LIMIT_NEVER_REACHED_MS);
    const upload = await stalled(api);
    const closing = api.close();
    upload.finish();
    // Closed at all proves it: waiting for the limit, it would still be closing when the test times out.
    await closing;
    await upload.closed;
    expect(upload.received()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    expect(upload.received().toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(api.service.db.open).toBe(false);
  });
});
