import { describe, expect, it } from 'vitest';
import { generateDemoLedger } from '../../../main/mirror/demo/generate-ledger.ts';
import { nanosToTimestamp } from '../../../renderer/src/lib/ledger-format.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// The demo's deleted accounts (three in a 1,200-account ledger), topic and schedule, as a lookup
// as of a past moment sees them: there and live until their deletion, deleted from it.
const fixture = mirrorApiFixture((store) => {
  generateDemoLedger(store, { accounts: 1200, keyThread: false });
}, { hostCheck: false, seedTimeoutMs: 120_000 });
const db = fixture.store.db;
const CRYPTO_DELETE = 12n;
const SUCCESS = 22n;

type Deleted = { id: bigint; type: string; created: bigint; since: bigint };
const deletedEntities = () => db.prepare(`SELECT id, type, created_timestamp AS created, timestamp_range_lower AS since FROM entity
  WHERE deleted = 1 ORDER BY id`).safeIntegers(true).all() as Deleted[];
/** The deleted accounts, each with the timestamp of its CRYPTODELETE (none where the ledger has none). */
const deletedAccounts = () => {
  const deletion = db.prepare('SELECT consensus_timestamp FROM "transaction" WHERE type = ? AND entity_id = ? AND result = ?').safeIntegers(true).pluck();
  return deletedEntities().filter((e) => e.type === 'ACCOUNT')
    .map((e) => ({ ...e, deletedAt: (deletion.get(CRYPTO_DELETE, e.id, SUCCESS) as bigint | undefined) ?? null }));
};

/** The HBAR an account held at the end of `at`: the sum of its transfers up to then. */
const heldAt = (id: bigint, at: bigint) => db.prepare('SELECT coalesce(sum(amount), 0) FROM crypto_transfer WHERE entity_id = ? AND consensus_timestamp <= ?')
  .safeIntegers(true).pluck().get(id, at) as bigint;

const address = (id: bigint): string => `0x${id.toString(16).padStart(40, '0')}`;
const word = (value: bigint): string => `0x${value.toString(16).padStart(64, '0')}`;
/** Init code that returns BALANCE(account) as the "deployed code": a call's answer is the balance it saw. */
const balanceProbe = (id: bigint): string => `0x73${id.toString(16).padStart(40, '0')}3160005260206000f3`;

async function call(body: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const response = await fixture.inject({
    method: 'POST', url: '/api/v1/contracts/call', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

/** The block a transaction at `timestamp` is in: the first whose end is at or after it. */
const blockOf = (timestamp: bigint) => db.prepare('SELECT "index" FROM record_file WHERE consensus_end >= ? ORDER BY consensus_end LIMIT 1')
  .safeIntegers(true).pluck().get(timestamp) as bigint;
const blockEnd = (index: bigint) => db.prepare('SELECT consensus_end FROM record_file WHERE "index" = ?').safeIntegers(true).pluck().get(index) as bigint;

describe('the demo ledger\'s deleted entities', () => {
  it('deletes each deleted account by its own CRYPTODELETE, its last transaction, which sends what it held on and leaves it nothing', () => {
    const accounts = deletedEntities().filter((e) => e.type === 'ACCOUNT');
    expect(accounts.length).toBeGreaterThanOrEqual(3);
    const deletion = db.prepare('SELECT consensus_timestamp AS at, payer_account_id AS payer FROM "transaction" WHERE type = ? AND entity_id = ? AND result = ?').safeIntegers(true);
    const transfers = db.prepare('SELECT consensus_timestamp AS at, amount FROM crypto_transfer WHERE entity_id = ? ORDER BY consensus_timestamp').safeIntegers(true);
    const balance = db.prepare('SELECT balance FROM entity WHERE id = ?').safeIntegers(true).pluck();
    let swept = 0;
    for (const { id, since } of accounts) {
      const at = `0.0.${id}`;
      const deletions = deletion.all(CRYPTO_DELETE, id, SUCCESS) as Array<{ at: bigint; payer: bigint }>;
      expect(deletions, at).toEqual([{ at: since, payer: id }]);
      // Never below zero on the way, and nothing after its deletion.
      let held = 0n;
      for (const transfer of transfers.all(id) as Array<{ at: bigint; amount: bigint }>) {
        held += transfer.amount;
        expect(held >= 0n && transfer.at <= since, `${at} at ${transfer.at}`).toBe(true);
      }
      expect([held, balance.get(id)], at).toEqual([0n, 0n]);
      if (heldAt(id, since - 1n) > 0n) swept++;
    }
    expect(swept, 'deleted accounts that held HBAR until their deletion').toBeGreaterThan(0);
  });

  it('keeps each deleted entity\'s version until its deletion: live from its creation, deleted from the deletion transaction on', () => {
    const entities = deletedEntities();
    expect(new Set(entities.map((e) => e.type))).toEqual(new Set(['ACCOUNT', 'TOPIC', 'SCHEDULE']));
    const deletedBy = db.prepare('SELECT count(*) FROM "transaction" WHERE consensus_timestamp = ? AND entity_id = ? AND type IN (12, 26, 43) AND result = 22')
      .safeIntegers(true).pluck();
    const history = db.prepare('SELECT deleted, timestamp_range_lower AS lower, timestamp_range_upper AS upper FROM entity_history WHERE id = ?').safeIntegers(true);
    for (const { id, type, created, since } of entities) {
      const at = `${type} 0.0.${id}`;
      expect(deletedBy.get(since, id), at).toBe(1n);
      expect(history.all(id), at).toEqual([{ deleted: 0n, lower: created, upper: since }]);
    }
  });

  it('answers /accounts/{id}?timestamp= with the account live from its creation until its deletion, and deleted from it', async () => {
    const accounts = deletedAccounts();
    expect(accounts.length).toBeGreaterThanOrEqual(3);
    for (const { id, created, deletedAt } of accounts) {
      expect(deletedAt, `0.0.${id}: its CRYPTODELETE`).not.toBeNull();
      const asOf = async (at: bigint) => (await fixture.get(`/api/v1/accounts/0.0.${id}?transactions=false&timestamp=lte:${nanosToTimestamp(at)}`)).json() as {
        account: string; deleted: boolean };
      for (const at of [created, deletedAt! - 1n]) expect(await asOf(at), `0.0.${id} at ${at}`).toMatchObject({ account: `0.0.${id}`, deleted: false });
      expect(await asOf(deletedAt!), `0.0.${id}`).toMatchObject({ account: `0.0.${id}`, deleted: true });
    }
  });

  it('lets a contracts/call at a block before an account\'s deletion see it (its balance, as a payer) and not from the deletion\'s block', async () => {
    let seen = 0;
    const accounts = deletedAccounts();
    expect(accounts.length).toBeGreaterThanOrEqual(3);
    for (const { id, deletedAt } of accounts) {
      expect(deletedAt, `0.0.${id}: its CRYPTODELETE`).not.toBeNull();
      const deletedIn = blockOf(deletedAt!);
      const held = heldAt(id, blockEnd(deletedIn - 1n));
      if (held === 0n) continue;
      seen++;
      const at = `0.0.${id}`;
      expect((await call({ data: balanceProbe(id), block: String(deletedIn - 1n) })).body.result, at).toBe(word(held));
      expect((await call({ data: balanceProbe(id), block: String(deletedIn) })).body.result, at).toBe(word(0n));
      const pay = (block: bigint) => call({ from: address(id), to: address(id), value: '1', block: String(block) });
      expect((await pay(deletedIn - 1n)).status, at).toBe(200);
      expect((await pay(deletedIn)).body._status.messages[0].message, at).toBe('PAYER_ACCOUNT_NOT_FOUND');
    }
    expect(seen, 'deleted accounts holding HBAR in the block before their deletion').toBeGreaterThan(0);
  });
});
