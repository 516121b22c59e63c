import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureOrClose, LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { openOrSetAside } from '../../../main/mirror/store/open-or-set-aside.ts';

// Opening a store on a full disk. A new file cannot grow past its first page: SQLite's own
// SQLITE_FULL, made by PRAGMA max_page_count as a full disk makes it. An existing file opens until
// SQLite extends its -shm, which a full disk refuses (pwrite ENOSPC): SQLite says only "disk I/O
// error" (SQLITE_IOERR_SHMSIZE), and the room left on the disk (fs.statfsSync) tells it apart.
let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-open-full-'));
  file = path.join(dir, 'demo.sqlite');
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fullDiskLine = (room: string) => new RegExp(`^cannot open ${escaped(file)}: the disk is full \\(${room} free in ${escaped(dir)}\\); free some space on that disk, then try again$`);
const thrownBy = (open: () => unknown): Error & { cause?: { code?: string } } => {
  try {
    open();
  } catch (error) {
    return error as Error & { cause?: { code?: string } };
  }
  throw new Error('it opened');
};

/** A new store that cannot have a second page, as on a disk with no room left. */
function openCannotGrow(at: string): Database.Database {
  const db = new Database(at);
  configureOrClose(db, () => {
    db.pragma('max_page_count = 1');
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE a (x); CREATE TABLE b (y)');
  });
  return db;
}

/** SQLite's error for a -shm a full disk did not let it extend, after it created the journal files missing, as it does. */
function openShmRefused(at: string): never {
  if (!fs.existsSync(`${at}-wal`)) fs.writeFileSync(`${at}-wal`, '');
  if (!fs.existsSync(`${at}-shm`)) fs.writeFileSync(`${at}-shm`, Buffer.alloc(3));
  throw new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_SHMSIZE');
}

/** The disk under the data folder reports `bavail` blocks of 4 KiB free. */
function diskReports(bavail: number): void {
  const statfs = fs.statfsSync.bind(fs);
  vi.spyOn(fs, 'statfsSync').mockImplementation(((at: string) => ({ ...statfs(at), bsize: 4096, bavail })) as typeof fs.statfsSync);
}

describe('opening a store on a full disk', () => {
  it('names the file, says the disk is full with the room left, and leaves no journal files of its own', () => {
    const error = thrownBy(() => openOrSetAside(file, openCannotGrow, () => undefined));
    expect(error.message).toMatch(fullDiskLine(String.raw`\d+(\.\d)? [KMG]iB`));
    expect(error.cause?.code).toBe('SQLITE_FULL');
    expect(fs.readdirSync(dir).filter((name) => name !== 'demo.sqlite')).toEqual([]);
  });

  it('says an I/O error is the disk being full when the disk has no room left, keeping journal files that were there before', () => {
    // A store left by a process that did not close it: its log holds a committed write.
    const before = new Database(file);
    before.pragma('journal_mode = WAL');
    before.pragma('wal_autocheckpoint = 0');
    before.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    const wal = fs.readFileSync(`${file}-wal`);
    before.close();
    fs.writeFileSync(`${file}-wal`, wal);
    diskReports(0);
    const error = thrownBy(() => openOrSetAside(file, openShmRefused, () => undefined));
    expect(error.message).toMatch(fullDiskLine('0 KiB'));
    expect(error.cause?.code).toBe('SQLITE_IOERR_SHMSIZE');
    expect(fs.readFileSync(`${file}-wal`)).toEqual(wal);
    expect(fs.existsSync(`${file}-shm`)).toBe(false);
  });

  it('keeps a log the failed open committed pages into, and the store opens whole from it once there is room', () => {
    new LedgerStore({ file }).close();
    const probe = new Database(file);
    const tablesBefore = probe.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number };
    probe.close();
    // One migration commits into a new log, the next fails; the checkpoint at the close could not
    // grow the file, so the committed pages are in the log alone (the database file as before).
    const committedThenFull = (at: string): never => {
      const untouched = fs.readFileSync(at);
      const db = new Database(at);
      db.pragma('wal_autocheckpoint = 0');
      db.exec('CREATE TABLE migrated (x)');
      const log = fs.readFileSync(`${at}-wal`);
      db.close();
      fs.writeFileSync(at, untouched);
      fs.writeFileSync(`${at}-wal`, log);
      throw new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
    };
    const error = thrownBy(() => openOrSetAside(file, committedThenFull, () => undefined));
    expect(error.message).toMatch(fullDiskLine(String.raw`\d+(\.\d)? [KMG]iB`));
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    const reopened = new Database(file);
    expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((reopened.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }).n).toBe(tablesBefore.n + 1);
    reopened.close();
  });

  it('leaves an I/O error as it is while the disk has room', () => {
    new LedgerStore({ file }).close();
    diskReports(1000);
    const error = thrownBy(() => openOrSetAside(file, openShmRefused, () => undefined));
    expect(error.message).toBe('disk I/O error');
  });
});
