import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { MIGRATIONS } from '../../../main/mirror/store/migrations/index.ts';
import { SyncCursors } from '../../../main/sync/sync-cursor.ts';

// Migration 008 keeps where a sync began following transactions. A store synced before it has a
// real file at version 7 with its cursors; opening it must keep every cursor and start `since`
// at the transactions cursor's mark, the earliest moment after which that store holds everything.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function storeAtVersion7(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-migration-008-'));
  dirs.push(dir);
  const file = path.join(dir, 'ledger.sqlite');
  const db = new Database(file);
  applyMigrations(db, MIGRATIONS.filter((m) => m.version <= 7));
  const put = db.prepare('INSERT INTO sync_cursor (phase, next_url, items, passes, mark, updated_at) VALUES (?, ?, ?, ?, ?, 1)');
  put.run('accounts', '/api/v1/accounts?limit=100&account.id=gt:0.0.500', 500, 1, null);
  put.run('transactions', null, 1234, 0, '1790000000.000000001');
  db.close();
  return file;
}

describe('migration 008: followed since', () => {
  it("starts a synced store's following at its current mark and keeps every cursor", () => {
    const store = new LedgerStore({ file: storeAtVersion7() });
    try {
      const cursors = new SyncCursors(store.db);
      expect(cursors.get('transactions')).toEqual({ phase: 'transactions', nextUrl: null, items: 1234, passes: 0, mark: '1790000000.000000001', since: '1790000000.000000001' });
      expect(cursors.get('accounts')).toEqual({ phase: 'accounts', nextUrl: '/api/v1/accounts?limit=100&account.id=gt:0.0.500', items: 500, passes: 1, mark: null, since: null });
    } finally {
      store.close();
    }
  });

  it('keeps since as following moves the mark on, and through a re-sync, with the accounts\' fetched histories', () => {
    const store = new LedgerStore({ file: ':memory:' });
    const cursors = new SyncCursors(store.db);
    cursors.put({ phase: 'transactions', nextUrl: null, items: 0, passes: 0, mark: '100.000000000', since: '100.000000000' });
    const started = cursors.get('transactions')!;
    cursors.put({ ...started, items: 25, mark: '250.000000000' });
    expect(cursors.get('transactions')).toMatchObject({ mark: '250.000000000', since: '100.000000000' });
    // A re-sync crawls again; following, and an account's older history fetched back from its start, stay.
    store.db.prepare("INSERT INTO account_history (account_id, held_since, next_url, complete, updated_at) VALUES (1234, '50.000000000', '/next', 0, 1)").run();
    cursors.put({ phase: 'accounts', nextUrl: null, items: 500, passes: 1, mark: null });
    cursors.clearCrawls();
    expect(cursors.get('accounts')).toBeNull();
    expect(cursors.get('transactions')).toMatchObject({ mark: '250.000000000', since: '100.000000000' });
    expect(store.db.prepare('SELECT count(*) FROM account_history').pluck().get()).toBe(1);
    store.close();
  });
});
