import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callBridge, spawnServe, type SpawnedServe } from '../helpers/serve-process.ts';

// `npm run serve` as a user starts it: a real child process on real loopback ports.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-serve-'));
const started: SpawnedServe[] = [];
afterAll(() => {
  for (const serve of started) serve.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Exactly the given arguments: these tests are about the command line itself. */
function startServe(args: string[]): SpawnedServe {
  const serve = spawnServe(args);
  started.push(serve);
  return serve;
}

async function waitForReady(uiUrl: string): Promise<void> {
  for (;;) {
    const result = await callBridge(uiUrl, 'network/status');
    if (result.value.state === 'ready') return;
    expect(result.value.state).toBe('generating');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('serve', () => {
  it('prints one line per service, serves the demo ledger and stops cleanly on SIGTERM', async () => {
    const serve = startServe(['--data-dir', dataDir, '--ui-port', '0', '--mirror-port', '0', '--status-port', '0', '--demo-accounts', '400']);
    const lines = await serve.listening;
    expect(lines.get('mirror')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines.get('status')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines.get('ui')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/);
    await waitForReady(lines.get('ui')!);

    const response = await fetch(`${lines.get('mirror')}/api/v1/accounts?limit=5`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=10');
    const body = await response.json();
    expect(body.accounts).toHaveLength(5);
    expect(body.links.next).toMatch(/^\/api\/v1\/accounts\?limit=5&account\.id=gt:/);

    // Interface C serves the demo network's sample status feed.
    const upcoming = await fetch(`${lines.get('status')}/api/v2/scheduled-maintenances/upcoming.json`);
    expect(upcoming.status).toBe(200);
    expect(((await upcoming.json()) as { scheduled_maintenances: unknown[] }).scheduled_maintenances.length).toBeGreaterThan(0);

    serve.child.kill('SIGTERM');
    expect(await serve.exit).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'demo.sqlite'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'demo.status.sqlite'))).toBe(true);
  });

  it('exits with a one-line reason on bad arguments', async () => {
    const serve = startServe(['--mirror-port', 'eighty']);
    expect(await serve.exit).toBe(1);
    expect(serve.stderr()).toMatch(/^serve: --mirror-port must be a port number/);
  });

  it('names the flag to use when a port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const serve = startServe(['--data-dir', dataDir, '--ui-port', '0', '--mirror-port', String(port), '--status-port', '0', '--demo-accounts', '400']);
      expect(await serve.exit).toBe(1);
      expect(serve.stderr()).toContain(`port ${port} for the mirror service is in use; choose another with --mirror-port N`);
    } finally {
      blocker.close();
    }
  });

  it('names --status-port when the status port is taken, and leaves nothing listening', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const serve = startServe(['--data-dir', dataDir, '--ui-port', '0', '--mirror-port', '0', '--status-port', String(port), '--demo-accounts', '400']);
      expect(await serve.exit).toBe(1);
      expect(serve.stderr()).toContain(`port ${port} for the status service is in use; choose another with --status-port N`);
    } finally {
      blocker.close();
    }
  });
});
