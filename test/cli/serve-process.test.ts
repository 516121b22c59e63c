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

  it('starts on stores it cannot read: moves each aside, says so, and serves a new demo ledger', async () => {
    const brokenDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-serve-broken-'));
    try {
      // A copy cut short, a disk fault: bytes SQLite cannot read as a database, in all three stores.
      for (const name of ['demo.sqlite', 'demo.status.sqlite', 'verify.sqlite']) fs.writeFileSync(path.join(brokenDir, name), Buffer.alloc(3000, 0x5a));
      const serve = startServe(['--data-dir', brokenDir, '--ui-port', '0', '--mirror-port', '0', '--status-port', '0', '--verify-port', '0',
        '--compilers', path.join(brokenDir, 'compilers'), '--solc-bin-mirror', 'off', '--demo-accounts', '400']);
      const lines = await serve.listening;
      await waitForReady(lines.get('ui')!);
      const status = await callBridge(lines.get('ui')!, 'network/status');
      expect(status.value.message).toMatch(/^The stored ledger could not be read \(file is not a database\); it was moved to .*demo\.sqlite\.unreadable-[\dTZ-]+ and the demo ledger is generated again\.$/);
      expect((await (await fetch(`${lines.get('mirror')}/api/v1/accounts?limit=2`)).json()).accounts).toHaveLength(2);
      // The new verification store answers (nothing is verified in it yet).
      const check = await fetch(`${lines.get('verify')}/check-by-addresses?addresses=0x${'ab'.repeat(20)}&chainIds=298`);
      expect(check.status).toBe(200);
      const setAside = fs.readdirSync(brokenDir).filter((name) => name.includes('.unreadable-')).map((name) => name.replace(/\.unreadable-.*/, '')).sort();
      expect(setAside).toEqual(['demo.sqlite', 'demo.status.sqlite', 'verify.sqlite']);
      expect(serve.stderr()).toContain('could not be read as a database');
      serve.child.kill('SIGTERM');
      expect(await serve.exit).toBe(0);
    } finally {
      fs.rmSync(brokenDir, { recursive: true, force: true });
    }
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
