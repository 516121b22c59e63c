import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { MIGRATIONS } from '../../../main/mirror/store/migrations/index.ts';

// Migration 006 replaces the crypto transfer timestamp index by a covering one. These open
// real store files left at version 5 in the states a user's machine can have them in.
const COVERING = '(consensus_timestamp, entity_id, amount, is_approval)';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A store file at schema version 5 with some transfers, shaped by `prepare`; answers its path. */
function version5Store(prepare: (db: Database.Database) => void = () => {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-migration-'));
  dirs.push(dir);
  const file = path.join(dir, 'ledger.sqlite');
  const db = new Database(file);
  applyMigrations(db, MIGRATIONS.filter((m) => m.version <= 5));
  const insert = db.prepare('INSERT INTO crypto_transfer (consensus_timestamp, entity_id, amount, is_approval) VALUES (?, ?, ?, 0)');
  for (let i = 0; i < 200; i++) insert.run(1_700_000_000_000_000_000n + BigInt(i), 1000 + (i % 7), i - 100);
  prepare(db);
  db.close();
  return file;
}

function opened(file: string): { version: number; index: string | undefined; stats: string[] } {
  const store = new LedgerStore({ file });
  try {
    const db = store.db;
    const index = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'crypto_transfer__timestamp'").pluck().get() as string | undefined;
    const hasStats = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get() !== undefined;
    const stats = hasStats ? db.prepare('SELECT idx FROM sqlite_stat1 ORDER BY idx').pluck().all() as string[] : [];
    return { version: db.pragma('user_version', { simple: true }) as number, index, stats };
  } finally {
    store.close();
  }
}

describe('migration 006: covering crypto transfer index', () => {
  it('replaces the timestamp index on a store without planner statistics, and adds none', () => {
    const result = opened(version5Store());
    expect(result.version).toBe(6);
    expect(result.index).toContain(COVERING);
    expect(result.stats).toEqual([]);
  });

  it('takes the new index\'s statistics again on a store that had statistics', () => {
    const result = opened(version5Store((db) => db.exec('ANALYZE')));
    expect(result.index).toContain(COVERING);
    expect(result.stats).toContain('crypto_transfer__timestamp');
    expect(result.stats).toContain('crypto_transfer__entity_timestamp');
  });

  it('opens a store whose demo generation stopped while its indexes were dropped', () => {
    const result = opened(version5Store((db) => db.exec('DROP INDEX crypto_transfer__timestamp')));
    expect(result.version).toBe(6);
    expect(result.index).toContain(COVERING);
  });

  it('gives a new store the covering index', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-migration-'));
    dirs.push(dir);
    expect(opened(path.join(dir, 'ledger.sqlite')).index).toContain(COVERING);
  });
});
