import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callBridge, startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-sync-offline-'));
const running: ServeProcess[] = [];
afterAll(async () => {
  for (const serve of running) serve.child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

async function serve(args: string[]): Promise<ServeProcess> {
  const started = await startServe(args);
  running.push(started);
  return started;
}

/** A loopback port that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function syncStatusWhen(uiUrl: string, done: (status: any) => boolean): Promise<any> {
  for (;;) {
    const { value } = await callBridge(uiUrl, 'sync/status');
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const PAGES = ['/api/v1/accounts?limit=100', '/api/v1/accounts?limit=25&order=desc', '/api/v1/accounts?account.id=0.0.42'];

describe('with the upstream unreachable', () => {
  it('starts, serves the (empty) store and says the upstream is unreachable', async () => {
    const port = await closedPort();
    const local = await serve(['--data-dir', path.join(dir, 'never'), '--network', 'custom', '--upstream-mirror', `http://127.0.0.1:${port}`]);
    const status = await syncStatusWhen(local.urls.get('ui')!, (s) => s.state === 'offline');
    expect(status.lastError).toMatchObject({ message: expect.stringMatching(/ECONNREFUSED/), recoveredAt: null });
    // When the request is tried again is said as a time, after the failure, for the screens to count down to.
    expect(Date.parse(status.lastError!.retryAt!)).toBeGreaterThan(Date.parse(status.lastError!.at));
    expect(status.lastError!.message).not.toMatch(/retrying/);
    const response = await fetch(`${local.urls.get('mirror')}/api/v1/accounts`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accounts: [], links: { next: null } });
    expect(local.stderr()).toContain('upstream unreachable');
    await local.stop();
  });

  it('keeps serving what was synced, unchanged, after the upstream is gone', async () => {
    const upstream = await serve(['--data-dir', path.join(dir, 'upstream'), '--demo-accounts', '300']);
    await waitForDemoReady(upstream.urls.get('ui')!);
    const dataDir = path.join(dir, 'local');
    const args = ['--data-dir', dataDir, '--network', 'custom', '--upstream-mirror', upstream.urls.get('mirror')!, '--sync-rate', '0'];
    const first = await serve(args);
    await syncStatusWhen(first.urls.get('ui')!, (s) => s.state === 'following' && s.completedPasses === 1);
    const before = await Promise.all(PAGES.map(async (p) => (await fetch(`${first.urls.get('mirror')}${p}`)).text()));
    const remote = await Promise.all(PAGES.map(async (p) => (await fetch(`${upstream.urls.get('mirror')}${p}`)).text()));
    expect(before).toEqual(remote);
    await first.stop();
    await upstream.stop();

    const second = await serve(args);
    const after = await Promise.all(PAGES.map(async (p) => (await fetch(`${second.urls.get('mirror')}${p}`)).text()));
    expect(after).toEqual(before);
    const status = await syncStatusWhen(second.urls.get('ui')!, (s) => s.state === 'offline');
    expect(status).toMatchObject({ accountsInStore: 300, completedPasses: 1 });
    await second.stop();
  }, 60_000);
});
