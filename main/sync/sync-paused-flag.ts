import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';

const PAUSED_META_KEY = 'sync.paused';

/**
 * Whether the user paused this profile's sync. Kept in the store's own meta rather than in the
 * engine so that a pause survives restarts: a paused profile opens paused.
 */
export function readSyncPaused(db: SqliteDatabase): boolean {
  const value = db.prepare('SELECT value FROM store_meta WHERE key = ?').pluck().get(PAUSED_META_KEY);
  return value === '1';
}

/** Remembers a pause or resume of the user's for the next opening of the store (readSyncPaused). */
export function writeSyncPaused(db: SqliteDatabase, paused: boolean): void {
  db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(PAUSED_META_KEY, paused ? '1' : '0');
}
