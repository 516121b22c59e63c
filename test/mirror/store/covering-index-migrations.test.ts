import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { MIGRATIONS } from '../../../main/mirror/store/migrations/index.ts';

// Migrations 006 and 007 each replace an index by a covering one of the same name. These open
// real store files left at the version before, in the states a user's machine can have them in.
const NEWEST = MIGRATIONS.at(-1)!.version;
const CASES = [
  { version: 6, index: 'crypto_transfer__timestamp', covering: '(consensus_timestamp, entity_id, amount, is_approval)', other: 'crypto_transfer__entity_timestamp' },
  { version: 7, index: 'token_account__token', covering: '(token_id, account_id, associated, balance, balance_timestamp)', other: 'token_account' },
];

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A store file at schema `version` with some transfers and token relationships, shaped by `prepare`; answers its path. */
function storeAt(version: number, prepare: (db: Database.Database) => void = () => {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-migration-'));
  dirs.push(dir);
  const file = path.join(dir, 'ledger.sqlite');
  const db = new Database(file);
  applyMigrations(db, MIGRATIONS.filter((m) => m.version <= version));
  const transfer = db.prepare('INSERT INTO crypto_transfer (consensus_timestamp, entity_id, amount, is_approval) VALUES (?, ?, ?, 0)');
  const holding = db.prepare('INSERT INTO token_account (account_id, token_id, associated, balance, timestamp_range_lower) VALUES (?, ?, 1, ?, 1)');
  for (let i = 0; i < 200; i++) {
    transfer.run(1_700_000_000_000_000_000n + BigInt(i), 1000 + (i % 7), i - 100);
    holding.run(1000 + i, 5000 + (i % 3), i * 10);
  }
  prepare(db);
  db.close();
  return file;
}

function opened(file: string, index: string): { version: number; index: string | undefined; stats: string[] } {
  const store = new LedgerStore({ file });
  try {
    const db = store.db;
    const sql = db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(index) as string | undefined;
    const hasStats = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get() !== undefined;
    const stats = hasStats ? db.prepare('SELECT DISTINCT idx FROM sqlite_stat1 ORDER BY idx').pluck().all() as string[] : [];
    return { version: db.pragma('user_version', { simple: true }) as number, index: sql, stats };
  } finally {
    store.close();
  }
}

describe.each(CASES)('migration $version: covering $index', ({ version, index, covering, other }) => {
  it('replaces the index on a store without planner statistics, and adds none', () => {
    const result = opened(storeAt(version - 1), index);
    expect(result.version).toBe(NEWEST);
    expect(result.index).toContain(covering);
    expect(result.stats).toEqual([]);
  });

  it('takes the new index\'s statistics again on a store that had statistics', () => {
    const result = opened(storeAt(version - 1, (db) => db.exec('ANALYZE')), index);
    expect(result.index).toContain(covering);
    expect(result.stats).toContain(index);
    expect(result.stats).toContain(other);
  });

  it('opens a store whose demo generation stopped while its indexes were dropped', () => {
    const result = opened(storeAt(version - 1, (db) => db.exec(`DROP INDEX ${index}`)), index);
    expect(result.version).toBe(NEWEST);
    expect(result.index).toContain(covering);
  });

  it('gives a new store the covering index', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-migration-'));
    dirs.push(dir);
    expect(opened(path.join(dir, 'ledger.sqlite'), index).index).toContain(covering);
  });
});
