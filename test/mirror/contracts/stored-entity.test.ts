import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceAt } from '../../../main/mirror/contracts/call/historical-balance.ts';
import { entityAt } from '../../../main/mirror/contracts/call/stored-entity.ts';
import { StatementCache } from '../../../main/mirror/query/statement-cache.ts';
import { tempStore } from '../../helpers/ledger-fixture.ts';

const { store, dispose } = tempStore();
const statements = new StatementCache(store.db);

const ACCOUNT = 5001n;
/** Accounts of the balance cases below: one whose row is too old for a later snapshot, one whose transfers sum below zero. */
const STALE_ROW_ACCOUNT = 5003n;
const OVERDRAWN_ACCOUNT = 5004n;
/** 31 days in nanoseconds: how far back a historical balance looks for a snapshot, and for the account's row in it. */
const WINDOW = 31n * 24n * 3600n * 1_000_000_000n;
/** A second balance snapshot, two windows after the one at 1,000. */
const LATER_SNAPSHOT = 1_000n + 2n * WINDOW;
const EVM_ADDRESS = Buffer.from('bb'.repeat(20), 'hex');
const longZero = (id: bigint): Buffer => Buffer.from(id.toString(16).padStart(40, '0'), 'hex');

function insertVersion(table: 'entity' | 'entity_history', lower: number, upper: number | null, fields: { deleted: number; nonce: number }): void {
  store.db.prepare(`INSERT INTO ${table} (id, num, realm, shard, type, deleted, evm_address, balance, ethereum_nonce, created_timestamp, timestamp_range_lower, timestamp_range_upper)
VALUES (?, ?, 0, 0, 'ACCOUNT', ?, ?, 999999, ?, 100, ?, ?)`).run(ACCOUNT, ACCOUNT, fields.deleted, EVM_ADDRESS, fields.nonce, lower, upper);
}

beforeAll(() => {
  // Created at 100 with nonce 0, nonce 3 from 200, deleted at 5,000.
  insertVersion('entity_history', 100, 200, { deleted: 0, nonce: 0 });
  insertVersion('entity_history', 200, 5_000, { deleted: 0, nonce: 3 });
  insertVersion('entity', 5_000, null, { deleted: 1, nonce: 3 });
  store.db.prepare('INSERT INTO contract (id, runtime_bytecode) VALUES (?, ?)').run(ACCOUNT, Buffer.from('6001', 'hex'));
  // A balance snapshot at 1,000 (the treasury's row marks it), and transfers around it.
  const snapshot = store.db.prepare('INSERT INTO account_balance (consensus_timestamp, account_id, balance) VALUES (?, ?, ?)');
  snapshot.run(1_000, 2, 1);
  snapshot.run(1_000, ACCOUNT, 500);
  const transfer = store.db.prepare('INSERT INTO crypto_transfer (consensus_timestamp, entity_id, amount, errata) VALUES (?, ?, ?, ?)');
  transfer.run(150, ACCOUNT, 7, null);
  transfer.run(1_100, ACCOUNT, 10, null);
  transfer.run(1_200, ACCOUNT, -3, 'DELETE');
  transfer.run(1_300, ACCOUNT, 20, null);
  // In the snapshot at 1,000 only (unchanged since), with a transfer after it: the data before it pruned.
  snapshot.run(1_000, STALE_ROW_ACCOUNT, 500);
  transfer.run(2_000, STALE_ROW_ACCOUNT, 40, null);
  snapshot.run(LATER_SNAPSHOT, 2, 1);
  // Transfers out with nothing in: partial data.
  transfer.run(500, OVERDRAWN_ACCOUNT, -50, null);
});
afterAll(dispose);

describe('entityAt', () => {
  it('finds the entity only while it existed: not before its creation, not from its deletion', () => {
    for (const address of [longZero(ACCOUNT), EVM_ADDRESS]) {
      expect(entityAt(statements, address, 99n, 0, 0)).toBeNull();
      expect(entityAt(statements, address, 100n, 0, 0)).toMatchObject({ id: ACCOUNT, nonce: 0n, code: Buffer.from('6001', 'hex') });
      expect(entityAt(statements, address, 4_999n, 0, 0)).toMatchObject({ id: ACCOUNT, nonce: 3n, balance: 530n });
      expect(entityAt(statements, address, 5_000n, 0, 0)).toBeNull();
    }
  });

  it('goes by the creation time where a stored version claims to start earlier (a synced row without its range)', () => {
    store.db.prepare(`INSERT INTO entity (id, num, realm, shard, type, deleted, created_timestamp, timestamp_range_lower)
VALUES (5002, 5002, 0, 0, 'ACCOUNT', 0, 300, 0)`).run();
    expect(entityAt(statements, longZero(5002n), 299n, 0, 0)).toBeNull();
    expect(entityAt(statements, longZero(5002n), 300n, 0, 0)).toMatchObject({ id: 5002n });
  });
});

describe('balanceAt', () => {
  it('is the newest snapshot balance plus the transfers since, errata struck out', () => {
    expect(balanceAt(statements, ACCOUNT, 1_000n, 0, 0)).toBe(500n);
    expect(balanceAt(statements, ACCOUNT, 1_250n, 0, 0)).toBe(510n);
    expect(balanceAt(statements, ACCOUNT, 1_300n, 0, 0)).toBe(530n);
  });

  it('sums the transfers from the start when there is no snapshot by then', () => {
    expect(balanceAt(statements, ACCOUNT, 999n, 0, 0)).toBe(7n);
  });

  it('uses no snapshot older than 31 days: then the transfers from the start are the balance', () => {
    expect(balanceAt(statements, ACCOUNT, 1_000n + WINDOW - 1n, 0, 0)).toBe(530n);
    expect(balanceAt(statements, ACCOUNT, 1_000n + WINDOW, 0, 0)).toBe(37n);
  });

  it('uses no row of the account more than 31 days before the snapshot', () => {
    expect(balanceAt(statements, STALE_ROW_ACCOUNT, LATER_SNAPSHOT - 2n * WINDOW + 1n, 0, 0)).toBe(500n);
    expect(balanceAt(statements, STALE_ROW_ACCOUNT, LATER_SNAPSHOT, 0, 0)).toBe(40n);
  });

  it('is never below zero, where the data the sum is made of disagree', () => {
    expect(balanceAt(statements, OVERDRAWN_ACCOUNT, 999n, 0, 0)).toBe(0n);
  });
});
