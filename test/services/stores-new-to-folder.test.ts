import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { customProfile, profileDatabaseFile } from '../../main/services/network-profiles.ts';
import { statusPlan } from '../../main/services/profile-status.ts';
import { statusStoreFile } from '../../main/services/profile-store-files.ts';
import { removeNewStores, storesNewToFolder } from '../../main/services/stores-new-to-folder.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-new-stores-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const PAGE = 'https://status.example.com';
const profile = customProfile('https://mirror.example.com', PAGE, null, 'mine');

/** The status store the start's statusPlan names for `profile`. */
function statusFile(dataDir: string): string {
  return statusPlan(profile, dataDir, null)!.file;
}

function folder(name: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir);
  return dir;
}

describe('the stores a start creates', () => {
  it('are the ledger, the status page store and the verification store a fresh folder lacks', () => {
    const dataDir = folder('fresh');
    expect(storesNewToFolder(profile, dataDir, statusFile(dataDir), true)).toEqual([profileDatabaseFile(profile, dataDir), statusStoreFile('mine', dataDir, PAGE), path.join(dataDir, 'verify.sqlite')]);
    expect(storesNewToFolder(profile, dataDir, statusFile(dataDir), false)).toEqual([profileDatabaseFile(profile, dataDir), statusStoreFile('mine', dataDir, PAGE)]);
    // A profile without a status page: no status store.
    expect(storesNewToFolder(profile, dataDir, null, false)).toEqual([profileDatabaseFile(profile, dataDir)]);
  });

  it('leave out a store that is there, and the status store the unkeyed one may be moved into', () => {
    const dataDir = folder('existing');
    fs.writeFileSync(profileDatabaseFile(profile, dataDir), '');
    // Kept from before status stores were keyed by page: opening the profile renames it to the keyed name.
    fs.writeFileSync(statusStoreFile('mine', dataDir, null), '');
    expect(storesNewToFolder(profile, dataDir, statusFile(dataDir), true)).toEqual([path.join(dataDir, 'verify.sqlite')]);
  });

  it('are removed with their journal files, and nothing else', () => {
    const dataDir = folder('removed');
    const [ledger, status] = storesNewToFolder(profile, dataDir, statusFile(dataDir), false);
    for (const file of [ledger!, `${ledger}-wal`, `${ledger}-shm`, status!, path.join(dataDir, 'profiles.json')]) fs.writeFileSync(file, 'x');
    removeNewStores([ledger!, status!]);
    expect(fs.readdirSync(dataDir)).toEqual(['profiles.json']);
  });

  it('are all tried when one cannot be removed, which is then named', () => {
    const dataDir = folder('busy');
    const [ledger, status] = storesNewToFolder(profile, dataDir, statusFile(dataDir), false);
    for (const file of [ledger!, `${ledger}-wal`, status!]) fs.writeFileSync(file, 'x');
    const rmSync = fs.rmSync;
    const busy = vi.spyOn(fs, 'rmSync').mockImplementation((file, options) => {
      if (file === ledger) throw new Error('EBUSY: resource busy or locked');
      rmSync(file, options);
    });
    try {
      expect(() => removeNewStores([ledger!, status!])).toThrow(`${ledger} could not be removed (EBUSY: resource busy or locked); remove it by hand`);
    } finally {
      busy.mockRestore();
    }
    expect(fs.readdirSync(dataDir)).toEqual([path.basename(ledger!)]);
  });
});
