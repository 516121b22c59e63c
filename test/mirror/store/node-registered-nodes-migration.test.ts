import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../../main/mirror/config.ts';
import { createMirrorApi } from '../../../main/mirror/mirror-api.ts';
import { applyMigrations, LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { MIGRATIONS } from '../../../main/mirror/store/migrations/index.ts';

// Migration 011 opens a real store file left at version 10, as a user's machine has it.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-migration-011-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('migration 011: the registered nodes a consensus node names', () => {
  it('adds the column to node and node_history, keeping their rows, which then name none', async () => {
    const file = path.join(dir, 'v10.sqlite');
    const old = new Database(file);
    applyMigrations(old, MIGRATIONS.filter((m) => m.version <= 10));
    old.prepare('INSERT INTO address_book (start_consensus_timestamp, file_id, node_count) VALUES (10, 102, 1)').run();
    old.prepare(`INSERT INTO address_book_entry (consensus_timestamp, node_id, description, memo, node_account_id, stake) VALUES (10, 0, 'node zero', '0.0.3', 3, 0)`).run();
    old.prepare('INSERT INTO node (node_id, account_id, decline_reward, timestamp_range_lower) VALUES (0, 3, 1, 10)').run();
    old.prepare('INSERT INTO node_history (node_id, account_id, decline_reward, timestamp_range_lower, timestamp_range_upper) VALUES (0, 3, 0, 5, 10)').run();
    old.close();

    const store = new LedgerStore({ file });
    const api = createMirrorApi(store, defaultMirrorApiConfig, false);
    try {
      const db = store.db;
      expect(db.prepare('SELECT decline_reward, associated_registered_nodes FROM node').get()).toEqual({ decline_reward: 1, associated_registered_nodes: null });
      expect(db.prepare('SELECT associated_registered_nodes FROM node_history').pluck().get()).toBeNull();
      const { nodes } = (await api.server.inject({ url: '/api/v1/network/nodes' })).json() as { nodes: Array<Record<string, unknown>> };
      expect(nodes).toHaveLength(1);
      expect(nodes[0]).toMatchObject({ node_id: 0, decline_reward: true });
      expect(nodes[0]).not.toHaveProperty('associated_registered_nodes');
    } finally {
      await api.server.close();
      store.close();
    }
  });
});
