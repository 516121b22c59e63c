import type { SqliteDatabase } from '../store/ledger-store.ts';

/**
 * Bump when the generator's output changes: a stored dataset of an older version is then
 * regenerated instead of reused.
 */
export const DEMO_GENERATOR_VERSION = 28;

const KEY_VERSION = 'demo.version';
const KEY_ACCOUNTS = 'demo.accounts';
const KEY_COMPLETE = 'demo.complete';

/** True when the database holds a finished demo ledger of this size and generator version. */
export function isDemoLedgerCurrent(db: SqliteDatabase, accounts: number): boolean {
  const hasMeta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'store_meta'").get();
  if (!hasMeta) return false;
  const rows = db.prepare('SELECT key, value FROM store_meta WHERE key IN (?, ?, ?)').all(KEY_VERSION, KEY_ACCOUNTS, KEY_COMPLETE) as Array<{ key: string; value: string }>;
  const meta = new Map(rows.map((row) => [row.key, row.value]));
  return meta.get(KEY_VERSION) === String(DEMO_GENERATOR_VERSION)
    && meta.get(KEY_ACCOUNTS) === String(accounts)
    && meta.get(KEY_COMPLETE) === '1';
}

/** Records that generation of `accounts` started (incomplete until markDemoComplete). */
export function markDemoStarted(db: SqliteDatabase, accounts: number): void {
  const upsert = db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  upsert.run(KEY_VERSION, String(DEMO_GENERATOR_VERSION));
  upsert.run(KEY_ACCOUNTS, String(accounts));
  upsert.run(KEY_COMPLETE, '0');
}

export function markDemoComplete(db: SqliteDatabase): void {
  db.prepare('UPDATE store_meta SET value = ? WHERE key = ?').run('1', KEY_COMPLETE);
}
