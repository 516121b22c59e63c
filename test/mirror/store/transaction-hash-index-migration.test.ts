import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { MIGRATIONS } from '../../../main/mirror/store/migrations/index.ts';

// Migration 009 opens real store files left at version 8, as a user's machine has them.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-migration-009-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function storeAtVersion8(name: string, analyzed: boolean): string {
  const file = path.join(dir, `${name}.sqlite`);
  const db = new Database(file);
  applyMigrations(db, MIGRATIONS.filter((m) => m.version <= 8));
  const hash = db.prepare('INSERT INTO transaction_hash (consensus_timestamp, hash) VALUES (?, ?)');
  for (let i = 0; i < 300; i++) hash.run(1_700_000_000_000_000_000n + BigInt(i), Buffer.alloc(32, i));
  if (analyzed) db.exec('ANALYZE');
  db.close();
  return file;
}

function opened(file: string): { version: number; plan: string; stats: string[] } {
  const store = new LedgerStore({ file });
  try {
    const db = store.db;
    const plan = (db.prepare('EXPLAIN QUERY PLAN DELETE FROM transaction_hash WHERE consensus_timestamp = ?').all(1n) as Array<{ detail: string }>).map((row) => row.detail).join('; ');
    const hasStats = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get() !== undefined;
    const stats = hasStats ? db.prepare('SELECT DISTINCT idx FROM sqlite_stat1 WHERE tbl = ? ORDER BY idx').pluck().all('transaction_hash') as string[] : [];
    return { version: db.pragma('user_version', { simple: true }) as number, plan, stats };
  } finally {
    store.close();
  }
}

describe('migration 009: transaction hashes by timestamp', () => {
  it("gives a store without planner statistics the index, which a hash row's delete then uses", () => {
    expect(opened(storeAtVersion8('plain', false))).toEqual({ version: MIGRATIONS.at(-1)!.version, plan: 'SEARCH transaction_hash USING INDEX transaction_hash__timestamp (consensus_timestamp=?)', stats: [] });
  });

  it('takes the statistics of the new index on a store that had statistics', () => {
    expect(opened(storeAtVersion8('analyzed', true)).stats).toEqual(['transaction_hash__hash', 'transaction_hash__timestamp']);
  });
});
