import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Migration } from '../../main/mirror/store/migrations/index.ts';
import { startAppServices } from '../../main/services/app-services.ts';
import { ProfileHost } from '../../main/services/profile-host.ts';
import { STATUS_MIGRATIONS } from '../../main/status/store/status-migrations.ts';
import { VERIFY_MIGRATIONS } from '../../main/verify/store/verify-migrations.ts';

// A start that fails undoes what it did as far as it can, and says what it could not: the error
// the user reads is the one that stopped the start, never the clean-up's (a file Windows holds busy).
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-failed-start-'));
afterEach(() => vi.restoreAllMocks());
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A data folder holding `name`, a store one schema version past this build's; the refusal it gets. */
function folderWithNewerStore(folder: string, name: string, migrations: readonly Migration[]): { dataDir: string; refusal: string } {
  const dataDir = path.join(root, folder);
  fs.mkdirSync(dataDir);
  const file = path.join(dataDir, name);
  const db = new Database(file);
  db.pragma(`user_version = ${migrations.at(-1)!.version + 1}`);
  db.close();
  return { dataDir, refusal: `${file} has schema version ${migrations.at(-1)!.version + 1}, newer than this build knows` };
}

function start(dataDir: string, log: string[], verify: boolean) {
  return startAppServices({ dataDir, network: 'demo', demoAccounts: 30, ports: { mirror: 0, status: 0, ...(verify ? { verify: 0 } : {}) }, hostCheck: true, log: (line) => log.push(line) });
}

describe('a start that fails', () => {
  it('throws its own error when a store it created cannot be removed, and says which is left', async () => {
    const { dataDir, refusal } = folderWithNewerStore('busy-ledger', 'demo.status.sqlite', STATUS_MIGRATIONS);
    const ledger = path.join(dataDir, 'demo.sqlite');
    const rmSync = fs.rmSync;
    vi.spyOn(fs, 'rmSync').mockImplementation((file, options) => {
      if (file === ledger) throw Object.assign(new Error(`EBUSY: resource busy or locked, unlink '${ledger}'`), { code: 'EBUSY' });
      rmSync(file, options);
    });
    const log: string[] = [];
    await expect(start(dataDir, log, false)).rejects.toThrow(refusal);
    expect(log).toContain(`the start failed, and removing the stores it had created failed too: ${ledger} could not be removed (EBUSY: resource busy or locked, unlink '${ledger}'); remove it by hand`);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['demo.sqlite', 'demo.status.sqlite']);
  });

  it('throws its own error when the services it opened fail to close, and still removes the stores it created', async () => {
    const { dataDir, refusal } = folderWithNewerStore('close-fails', 'verify.sqlite', VERIFY_MIGRATIONS);
    const close = ProfileHost.prototype.close;
    vi.spyOn(ProfileHost.prototype, 'close').mockImplementation(async function (this: ProfileHost) {
      await close.call(this);
      throw new Error('EPERM: operation not permitted');
    });
    const log: string[] = [];
    await expect(start(dataDir, log, true)).rejects.toThrow(refusal);
    expect(log).toContain('the start failed, and closing the services it had opened failed too: EPERM: operation not permitted');
    // The demo ledger (its generation begun) and its status store were opened before the verification store.
    expect(fs.readdirSync(dataDir)).toEqual(['verify.sqlite']);
  });
});
