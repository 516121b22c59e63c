import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import type { AppServicesOptions } from '../../main/services/app-services-types.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import { ProfileHost } from '../../main/services/profile-host.ts';
import { ProfileSession } from '../../main/services/profile-session.ts';
import { resolveProfile } from '../../main/services/profile-switch.ts';

// A port the start-up profile cannot be served on: the parts opened for it are closed, and what the
// user reads is the busy port (with the flag to change it), even when closing them fails as well.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-host-open-'));
const blockers: net.Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(blockers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A loopback port another server holds. */
async function busyPort(): Promise<number> {
  const server = net.createServer();
  blockers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** Closing the profile's session fails (a file Windows holds busy), once it has closed. */
function sessionCloseFails(): void {
  const close = ProfileSession.prototype.close;
  vi.spyOn(ProfileSession.prototype, 'close').mockImplementation(async function (this: ProfileSession) {
    await close.call(this);
    throw new Error('EBUSY: resource busy or locked');
  });
}

function openDemo(folder: string, ports: AppServicesOptions['ports'], log: string[]): Promise<ProfileHost> {
  const dataDir = path.join(root, folder);
  fs.mkdirSync(dataDir);
  const options: AppServicesOptions = { dataDir, network: 'demo', demoAccounts: 20, ports, hostCheck: true, log: (line) => log.push(line) };
  const mirrorConfig = defaultMirrorApiConfig();
  return ProfileHost.open(resolveProfile('demo', options), { options, events: new ApiEventBus(), mirrorConfig: () => mirrorConfig });
}

describe('ProfileHost.open on a busy port', () => {
  it('throws the mirror port\'s error, not the failure of closing the profile, which it logs', async () => {
    const port = await busyPort();
    sessionCloseFails();
    const log: string[] = [];
    await expect(openDemo('mirror-busy', { mirror: port, status: 0 }, log)).rejects.toThrow(`port ${port} for the mirror service is in use; choose another with --mirror-port N`);
    expect(log).toContain('the start failed, and closing the profile demo failed too: EBUSY: resource busy or locked');
  });

  it('throws the status port\'s error, not the failure of closing the profile, which it logs', async () => {
    const port = await busyPort();
    sessionCloseFails();
    const log: string[] = [];
    await expect(openDemo('status-busy', { mirror: 0, status: port }, log)).rejects.toThrow(`port ${port} for the status service is in use; choose another with --status-port N`);
    expect(log).toContain('the start failed, and closing the profile demo failed too: EBUSY: resource busy or locked');
  });
});
