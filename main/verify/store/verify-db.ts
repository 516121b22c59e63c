import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { applyMigrations, configureOrClose, type SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import { VERIFY_MIGRATIONS } from './verify-migrations.ts';

/** Opens (creating when needed) the verification database in WAL mode at the newest schema. */
export function openVerifyDb(file: string): SqliteDatabase {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  configureOrClose(db, () => {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    applyMigrations(db, VERIFY_MIGRATIONS);
  });
  return db;
}
