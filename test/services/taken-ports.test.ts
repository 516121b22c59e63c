import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startAppServices, type AppServices } from '../../main/services/app-services.ts';
import { portListenError, refuseTakenPorts } from '../../main/services/taken-ports.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-taken-ports-'));
const blockers: net.Server[] = [];
const apps: AppServices[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(blockers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A loopback port held by another program for the rest of the test. */
async function takenPort(): Promise<number> {
  const server = net.createServer();
  blockers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

describe('the port check before a start', () => {
  it('tells a taken port from a free one, and lets the free one go', async () => {
    const port = await takenPort();
    expect(await portListenError(port)).toMatchObject({ code: 'EADDRINUSE' });
    await new Promise((resolve) => blockers.pop()!.close(resolve));
    expect(await portListenError(port)).toBeNull();
    // Checked, not held: the service can listen on it next.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses with the line of a failed listen, naming the first taken port', async () => {
    const port = await takenPort();
    await expect(refuseTakenPorts([{ service: 'mirror', port: 0 }, { service: 'status', port }])).rejects.toThrow(
      `port ${port} for the status service is in use; choose another with --status-port N (0 picks a free port)`,
    );
    await expect(refuseTakenPorts([{ service: 'mirror', port: 0 }])).resolves.toBeUndefined();
  });

  it('starts without the verification API, its store unopened, when its port is taken', async () => {
    const dataDir = path.join(root, 'verify-taken');
    const verifyPort = await takenPort();
    const lines: string[] = [];
    const app = await startAppServices({ dataDir, network: 'demo', demoAccounts: 30, ports: { mirror: 0, status: 0, verify: verifyPort }, hostCheck: true, log: (line) => lines.push(line) });
    apps.push(app);
    expect(app.urls.verify).toBeNull();
    expect(lines).toContain(`verify: port ${verifyPort} for the verify service is in use; choose another with --verify-port N (0 picks a free port); the verification API is not running`);
    expect(fs.existsSync(path.join(dataDir, 'verify.sqlite'))).toBe(false);
    // The rest run: the demo profile's mirror and status services.
    expect(app.urls).toMatchObject({ mirror: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), status: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
  });

  it('does not ask for the status port when the profile starting has no status page', async () => {
    const dataDir = path.join(root, 'no-status-page');
    const statusPort = await takenPort();
    // A mirror node that is not there: the profile starts on its (empty) store all the same.
    const app = await startAppServices({ dataDir, network: 'custom', upstreamMirror: 'http://127.0.0.1:9', demoAccounts: 30, ports: { mirror: 0, status: statusPort }, hostCheck: true, log: () => undefined });
    apps.push(app);
    expect(app.urls.status).toBeNull();
  });
});
