import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { MIGRATIONS } from '../../../main/mirror/store/migrations/index.ts';

// Migration 010 opens a real store file left at version 9, as a user's machine has it.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-migration-010-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('migration 010: airdrops, NFT allowances and registered nodes', () => {
  it('adds the three tables and their indexes to a version 9 store, keeping what it held', () => {
    const file = path.join(dir, 'v9.sqlite');
    const old = new Database(file);
    applyMigrations(old, MIGRATIONS.filter((m) => m.version <= 9));
    old.prepare('INSERT INTO crypto_allowance (owner, spender, amount, amount_granted, timestamp_range_lower) VALUES (1, 2, 3, 4, 5)').run();
    old.close();

    const store = new LedgerStore({ file });
    try {
      const db = store.db;
      // Opened, a store takes every migration since, this one among them.
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
      const names = db.prepare("SELECT name FROM sqlite_master WHERE tbl_name IN ('token_airdrop', 'nft_allowance', 'registered_node') ORDER BY name").pluck().all();
      expect(names).toEqual(expect.arrayContaining(['nft_allowance', 'nft_allowance__spender', 'registered_node', 'token_airdrop', 'token_airdrop__receiver']));
      expect(db.prepare('SELECT amount FROM crypto_allowance').pluck().get()).toBe(3);
      // The receiver's index serves the pending list in its sort order.
      const plan = (db.prepare("EXPLAIN QUERY PLAN SELECT * FROM token_airdrop WHERE receiver_account_id = 1 AND state = 'PENDING' ORDER BY sender_account_id, token_id, serial_number").all() as Array<{ detail: string }>).map((r) => r.detail);
      expect(plan).toEqual(['SEARCH token_airdrop USING INDEX token_airdrop__receiver (receiver_account_id=?)']);
    } finally {
      store.close();
    }
  });
});
