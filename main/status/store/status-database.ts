import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { applyMigrations, configureOrClose, type SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import { STATUS_MIGRATIONS } from './status-migrations.ts';

/**
 * Opens a status database file (created when missing) in WAL mode with its schema brought up to
 * date, and checks it whole (`PRAGMA quick_check`): damage in a page opening does not read (a
 * record's, a feed's, the notification log's) shows here, as SQLITE_CORRUPT, so that
 * `openOrSetAside` moves the file aside at once instead of a later query failing in the middle of
 * a poll. Unlike a ledger store, a status cache holds a page's feeds and their history: kilobytes
 * to a few megabytes, which the check reads in a few milliseconds.
 */
export function openStatusDatabase(file: string): SqliteDatabase {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  configureOrClose(db, () => {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    applyMigrations(db, STATUS_MIGRATIONS);
    const problems = db.pragma('quick_check') as Array<{ quick_check: string }>;
    const first = problems[0]?.quick_check ?? 'ok';
    if (first !== 'ok') throw new Database.SqliteError(`database disk image is malformed (${first.replace(/\s+/g, ' ').trim()})`, 'SQLITE_CORRUPT');
  });
  return db;
}
