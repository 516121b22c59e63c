import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeEntityId } from '../../main/mirror/format/entity-id.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';

/** A real SQLite file in a fresh temp folder; removed by `dispose`. */
export function tempStore(): { store: LedgerStore; dir: string; dispose: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-test-'));
  const store = new LedgerStore({ file: path.join(dir, 'ledger.sqlite') });
  return { store, dir, dispose: () => { store.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
}

export interface AccountSpec {
  num: number;
  balance?: bigint | number | null;
  publicKey?: string | null;
  key?: Buffer | null;
  type?: 'ACCOUNT' | 'CONTRACT' | 'TOKEN';
  memo?: string;
  deleted?: boolean;
}

/** Numbers in (0, 1) from a fixed seed (Park-Miller), so a generated fixture is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

/**
 * `count` accounts from 0.0.1 whose balances spread like a real ledger's (about 30% empty, the
 * rest a long tail), the same on every run; `extra` adds fields to account i. Query-plan tests
 * need such a spread for realistic planner statistics.
 */
export function skewedBalanceAccounts(count: number, extra: (i: number) => Partial<AccountSpec> = () => ({})): AccountSpec[] {
  const random = seededRandom(7);
  return Array.from({ length: count }, (_, i) => ({
    num: i + 1,
    balance: random() < 0.3 ? 0 : Math.floor(random() ** 4 * 1e12),
    ...extra(i),
  }));
}

/** Inserts minimal entity rows; every other column takes a plain, valid value. */
export function insertAccounts(store: LedgerStore, accounts: AccountSpec[]): void {
  const insert = store.db.prepare(`INSERT INTO entity (id, num, realm, shard, balance, balance_timestamp, public_key, key, type, memo,
      deleted, decline_reward, staked_node_id, stake_period_start, timestamp_range_lower, max_automatic_token_associations)
    VALUES (@id, @num, 0, 0, @balance, 1000, @publicKey, @key, @type, @memo, @deleted, 0, -1, -1, 0, 0)`);
  store.db.transaction(() => {
    for (const a of accounts) {
      insert.run({
        id: encodeEntityId(0, 0, a.num),
        num: a.num,
        balance: a.balance === undefined ? 100 : a.balance,
        publicKey: a.publicKey ?? null,
        key: a.key ?? null,
        type: a.type ?? 'ACCOUNT',
        memo: a.memo ?? '',
        deleted: a.deleted ? 1 : 0,
      });
    }
  })();
}

/** Associates `count` tokens with an account, token ids starting at `firstToken`. */
export function insertTokenAssociations(store: LedgerStore, accountNum: number, firstToken: number, count: number): void {
  const insert = store.db.prepare(`INSERT INTO token_account (account_id, token_id, associated, balance, created_timestamp, timestamp_range_lower)
    VALUES (?, ?, 1, ?, 1, 1)`);
  store.db.transaction(() => {
    for (let i = 0; i < count; i++) insert.run(accountNum, firstToken + i, i * 10);
  })();
}
