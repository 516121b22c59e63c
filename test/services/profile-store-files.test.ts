import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CustomProfiles, ProfileConflict } from '../../main/services/custom-profiles.ts';
import { profileDatabaseFile } from '../../main/services/network-profiles.ts';
import { resolveProfile } from '../../main/services/profile-switch.ts';

// Renaming a saved profile (CustomProfiles.save with previousName) over real files in a temp data
// folder: the files its stores are kept in move to the new name, whole, or not at all.

/** Set to make writing `profiles.json` fail, as a full disk would. */
const writes = vi.hoisted(() => ({ fail: false }));
vi.mock('../../main/files/write-json-file.ts', async (original) => {
  const actual = await original<typeof import('../../main/files/write-json-file.ts')>();
  return {
    writeJsonFile: (file: string, value: unknown) => {
      if (writes.fail) throw new Error('disk full');
      return actual.writeJsonFile(file, value);
    },
  };
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-profile-stores-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the stores of a renamed profile', () => {
  const URL = 'http://127.0.0.1:48921';
  /** A data folder with profile `up` saved and these files of it (empty stand-ins) in it. */
  const folderWith = (files: (ledger: string) => string[]): { folder: string; saved: CustomProfiles; ledger: (name: string) => string } => {
    const folder = fs.mkdtempSync(path.join(dir, 'stores-'));
    const saved = new CustomProfiles(folder);
    saved.save({ name: 'up', mirrorUrl: URL, statusUrl: null, chainId: null });
    const ledger = (name: string) => path.basename(profileDatabaseFile(resolveProfile(name, { dataDir: folder }), folder));
    for (const file of files(ledger('up'))) fs.writeFileSync(path.join(folder, file), file);
    return { folder, saved, ledger };
  };
  const rename = (saved: CustomProfiles, mirrorUrl = URL) => saved.save({ name: 'upx', previousName: 'up', mirrorUrl, statusUrl: null, chainId: null });
  const listing = (folder: string) => fs.readdirSync(folder).filter((file) => file !== 'profiles.json').sort();

  it('moves every file of the profile to the new name, contents unchanged: ledger with its WAL files and damage note, status stores of its own page and of named pages', () => {
    const key = 'ab1a6afc5771';
    const { folder, saved, ledger } = folderWith((store) => [store, `${store}-shm`, `${store}.damaged`, 'up.status.sqlite', `up.status-${key}.sqlite`, `up.status-${key}.sqlite-wal`, 'upper.status.sqlite']);
    const before = ledger('up');
    rename(saved);
    const after = ledger('upx');
    expect(after).toBe(before.replace(/^up-/, 'upx-'));
    expect(listing(folder)).toEqual([after, `${after}-shm`, `${after}.damaged`, 'upper.status.sqlite', 'upx.status-ab1a6afc5771.sqlite', 'upx.status-ab1a6afc5771.sqlite-wal', 'upx.status.sqlite'].sort());
    expect(fs.readFileSync(path.join(folder, after), 'utf8')).toBe(before);
    expect(saved.list().map((p) => p.name)).toEqual(['upx']);
  });

  it('leaves the ledger store where it is when the mirror URL changes (another ledger), and still moves the status store', () => {
    const { folder, saved, ledger } = folderWith((store) => [store, 'up.status.sqlite']);
    const before = ledger('up');
    rename(saved, 'http://127.0.0.1:5551');
    expect(listing(folder)).toEqual([before, 'upx.status.sqlite'].sort());
  });

  it('refuses, moving nothing and keeping the old name, when a file of the new name is in the data folder already', () => {
    const { folder, saved, ledger } = folderWith((store) => [store, 'up.status.sqlite', store.replace(/^up-/, 'upx-')]);
    const before = listing(folder);
    expect(() => rename(saved)).toThrow(ProfileConflict);
    expect(() => rename(saved)).toThrow(`"up" was not renamed: the data folder holds ${ledger('up').replace(/^up-/, 'upx-')} already`);
    expect(listing(folder)).toEqual(before);
    expect(fs.readFileSync(path.join(folder, ledger('up')), 'utf8')).toBe(ledger('up'));
    expect(saved.list().map((p) => p.name)).toEqual(['up']);
  });

  it('completes a rename cut short (a crash after some files moved): saving it again moves the rest', () => {
    const { folder, saved, ledger } = folderWith((store) => [store, 'up.status.sqlite']);
    const store = ledger('up');
    fs.renameSync(path.join(folder, store), path.join(folder, store.replace(/^up-/, 'upx-')));
    rename(saved);
    expect(listing(folder)).toEqual([ledger('upx'), 'upx.status.sqlite'].sort());
  });

  it('puts the files back when the profile list cannot be written', () => {
    const { folder, saved } = folderWith((store) => [store, 'up.status.sqlite']);
    const before = listing(folder);
    writes.fail = true;
    try {
      expect(() => rename(saved)).toThrow('disk full');
    } finally {
      writes.fail = false;
    }
    expect(listing(folder)).toEqual(before);
    expect(saved.list().map((p) => p.name)).toEqual(['up']);
  });

  it('writes the WAL a crash left back into the store first, so the store moves as one file with all its rows', () => {
    const folder = fs.mkdtempSync(path.join(dir, 'wal-'));
    const saved = new CustomProfiles(folder);
    saved.save({ name: 'up', mirrorUrl: URL, statusUrl: null, chainId: null });
    const file = profileDatabaseFile(resolveProfile('up', { dataDir: folder }), folder);
    // A store as a crash leaves it: its last rows only in the WAL (copied while the connection is open).
    const open = new Database(file);
    open.pragma('journal_mode = WAL');
    open.pragma('wal_autocheckpoint = 0');
    open.exec('CREATE TABLE kept (v TEXT); INSERT INTO kept VALUES (\'in the log\')');
    const crashed = path.join(folder, 'crashed');
    fs.mkdirSync(crashed);
    for (const part of ['', '-wal']) fs.copyFileSync(file + part, path.join(crashed, path.basename(file) + part));
    open.close();
    for (const part of ['', '-wal']) fs.renameSync(path.join(crashed, path.basename(file) + part), file + part);
    fs.rmdirSync(crashed);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);

    rename(saved);
    const moved = profileDatabaseFile(resolveProfile('upx', { dataDir: folder }), folder);
    expect(fs.readdirSync(folder).filter((f) => f.endsWith('-wal') || f.endsWith('-shm'))).toEqual([]);
    const reopened = new Database(moved, { readonly: true });
    expect(reopened.prepare('SELECT v FROM kept').pluck().all()).toEqual(['in the log']);
    reopened.close();
  });
});
