import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { Migration } from './migrations/index.ts';
import { applyMigrations, configureOrClose, type SqliteDatabase } from './ledger-store.ts';

export interface AppDatabaseOptions {
  /** Pragmas set before the migrations run (`foreign_keys = ON`). */
  pragmas?: readonly string[];
  /** Run once the schema is up to date; a throw closes the file (openOrSetAside then moves it away). */
  check?: (db: SqliteDatabase) => void;
}

/**
 * Opens one of the app's own databases beside the ledger stores (verification, network status),
 * creating it and its folder when missing: WAL (readers never wait for the writer), NORMAL
 * syncs, a 5 s wait on a lock, and the schema brought up to its newest migration.
 */
export function openAppDatabase(file: string, migrations: readonly Migration[], options: AppDatabaseOptions = {}): SqliteDatabase {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  configureOrClose(db, () => {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    for (const pragma of options.pragmas ?? []) db.pragma(pragma);
    applyMigrations(db, migrations);
    options.check?.(db);
  });
  return db;
}
