import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import type { AppServicesOptions } from '../../main/services/app-services-types.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import { ProfileSession } from '../../main/services/profile-session.ts';
import { closeProfileParts, openProfileParts, type ProfileParts } from '../../main/services/profile-parts.ts';
import { resolveProfile } from '../../main/services/profile-switch.ts';

// A part of a profile that fails to close (a file Windows holds busy) must not leave the others
// open: the ledger store above all, which would stay locked until the app quits.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-parts-close-'));
afterEach(() => vi.restoreAllMocks());
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The demo profile's parts, opened for real in a data folder of their own (`prepare` readies the folder first). */
async function openDemoParts(folder: string, log: (line: string) => void = () => undefined, prepare: (dataDir: string) => void = () => undefined): Promise<ProfileParts> {
  const dataDir = path.join(root, folder);
  fs.mkdirSync(dataDir);
  prepare(dataDir);
  const options: AppServicesOptions = { dataDir, network: 'demo', demoAccounts: 20, ports: { mirror: 0, status: 0 }, hostCheck: true, log };
  const mirrorConfig = defaultMirrorApiConfig();
  return openProfileParts(resolveProfile('demo', options), { options, events: new ApiEventBus(), mirrorConfig: () => mirrorConfig });
}

/** `close` of `target` closes, then fails as a busy file makes it fail. */
function closeFails(target: { close: () => PromiseLike<unknown> }, message: string): void {
  const closable = target as { close: () => Promise<unknown> };
  const close = closable.close.bind(target);
  vi.spyOn(closable, 'close').mockImplementation(async () => {
    await close();
    throw new Error(message);
  });
}

describe('closeProfileParts', () => {
  it('closes the mirror server and the ledger store when the status service fails to close, and throws that failure', async () => {
    const parts = await openDemoParts('status-fails');
    expect(parts.status).not.toBeNull();
    closeFails(parts.status!.service, 'EBUSY: the status store is busy');
    const mirrorClose = vi.spyOn(parts.mirror.server, 'close');

    await expect(closeProfileParts(parts)).rejects.toThrow('EBUSY: the status store is busy');
    expect(mirrorClose).toHaveBeenCalledTimes(1);
    expect(parts.session.store.db.open).toBe(false);
  });

  it('throws the first failure when several parts fail to close, having tried them all', async () => {
    const parts = await openDemoParts('two-fail');
    closeFails(parts.mirror.server, 'the mirror server failed to close');
    closeFails(parts.session, 'EBUSY: the ledger store is busy');

    await expect(closeProfileParts(parts)).rejects.toThrow('the mirror server failed to close');
    expect(parts.session.store.db.open).toBe(false);
  });
});

describe('openProfileParts', () => {
  it('throws why the profile could not be opened, not the failure of closing what it had opened, which it logs', async () => {
    const log: string[] = [];
    // A folder where the demo's status store is to be: the status part cannot open, after the ledger and mirror did.
    const statusStoreInTheWay = (dataDir: string) => fs.mkdirSync(path.join(dataDir, 'demo.status.sqlite'));
    const close = ProfileSession.prototype.close;
    vi.spyOn(ProfileSession.prototype, 'close').mockImplementation(async function (this: ProfileSession) {
      await close.call(this);
      throw new Error('EBUSY: the ledger store is busy');
    });
    const opening = openDemoParts('status-cannot-open', (line) => log.push(line), statusStoreInTheWay);
    await expect(opening).rejects.toThrow('unable to open database file');
    expect(log).toContain('opening the profile demo failed, and closing its ledger store failed too: EBUSY: the ledger store is busy');
  });
});
