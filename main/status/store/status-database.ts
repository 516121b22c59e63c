import Database from 'better-sqlite3';
import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import { openAppDatabase } from '../../mirror/store/open-app-database.ts';
import { STATUS_MIGRATIONS } from './status-migrations.ts';

/**
 * Opens a status database file (created when missing) as the app's databases are opened
 * (openAppDatabase), and checks it whole (`PRAGMA quick_check`): damage in a page opening does not read (a
 * record's, a feed's, the notification log's) shows here, as SQLITE_CORRUPT, so that
 * `openOrSetAside` moves the file aside at once instead of a later query failing in the middle of
 * a poll. Unlike a ledger store, a status cache holds a page's feeds and their history: kilobytes
 * to a few megabytes, which the check reads in a few milliseconds.
 */
export function openStatusDatabase(file: string): SqliteDatabase {
  return openAppDatabase(file, STATUS_MIGRATIONS, { check: requireWholeFile });
}

function requireWholeFile(db: SqliteDatabase): void {
  const problems = db.pragma('quick_check') as Array<{ quick_check: string }>;
  const first = problems[0]?.quick_check ?? 'ok';
  if (first !== 'ok') throw new Database.SqliteError(`database disk image is malformed (${first.replace(/\s+/g, ' ').trim()})`, 'SQLITE_CORRUPT');
}
