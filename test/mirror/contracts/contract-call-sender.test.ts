import { describe, expect, it } from 'vitest';
import { BYTECODE, insertBlock, insertContract, insertPayer } from '../../helpers/contract-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

const address = (num: number): string => `0x${num.toString(16).padStart(40, '0')}`;
const FORTY_TWO = `0x${'2a'.padStart(64, '0')}`;
const ACCOUNT_EVM = 'a1'.repeat(20);
const ACCOUNT_ALIAS = 'a2'.repeat(20);
const CONTRACT_EVM = 'c1'.repeat(20);
/** Created after block 7 ends (2,000). */
const LATE_ACCOUNT = 2003;
/** Deleted after block 7 ends: there then, gone now. */
const GONE_ACCOUNT = 2004;

const fixture = mirrorApiFixture((store) => {
  insertContract(store, { num: 1001, runtime: BYTECODE.readSlot0, evmAddress: CONTRACT_EVM, createdTimestamp: 1 });
  store.db.prepare('INSERT INTO contract_state (contract_id, slot, value, created_timestamp, modified_timestamp) VALUES (1001, ?, ?, 1, 1)')
    .run(Buffer.alloc(32), Buffer.from('2a'.padStart(64, '0'), 'hex'));
  insertPayer(store, 2001, 100, ACCOUNT_EVM);
  store.db.prepare(`INSERT INTO entity (id, num, realm, shard, type, deleted, alias, balance, timestamp_range_lower)
VALUES (2002, 2002, 0, 0, 'ACCOUNT', 0, ?, 100, 0)`).run(Buffer.from(ACCOUNT_ALIAS, 'hex'));
  store.db.prepare(`INSERT INTO entity (id, num, realm, shard, type, deleted, balance, created_timestamp, timestamp_range_lower)
VALUES (${LATE_ACCOUNT}, ${LATE_ACCOUNT}, 0, 0, 'ACCOUNT', 0, 100, 2500, 2500)`).run();
  const gone = `(id, num, realm, shard, type, deleted, balance, created_timestamp, timestamp_range_lower, timestamp_range_upper)
VALUES (${GONE_ACCOUNT}, ${GONE_ACCOUNT}, 0, 0, 'ACCOUNT', ?, 100, 50, ?, ?)`;
  store.db.prepare(`INSERT INTO entity_history ${gone}`).run(0, 50, 2500);
  store.db.prepare(`INSERT INTO entity ${gone}`).run(1, 2500, null);
  store.db.prepare(`INSERT INTO entity (id, num, realm, shard, type, deleted, timestamp_range_lower) VALUES (3001, 3001, 0, 0, 'TOKEN', 0, 0)`).run();
  insertBlock(store, 7, 1_000, 2_000);
  insertBlock(store, 8, 2_001, 3_000);
}, { hostCheck: false });

async function call(body: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const response = await fixture.inject({
    method: 'POST', url: '/api/v1/contracts/call', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

const NOT_FOUND = { status: 400, body: { _status: { messages: [{ message: 'PAYER_ACCOUNT_NOT_FOUND', detail: 'Sender account not found.', data: '0x' }] } } };
const ran = { status: 200, body: { result: FORTY_TWO } };

describe('POST /api/v1/contracts/call with a sender the ledger lacks', () => {
  it('answers PAYER_ACCOUNT_NOT_FOUND for a long-zero or EVM address that names no account, estimates too', async () => {
    for (const from of [address(5000), `0x${'ee'.repeat(20)}`]) {
      expect(await call({ to: address(1001), from }), from).toEqual(NOT_FOUND);
      expect(await call({ to: address(1001), from, estimate: true }), from).toEqual(NOT_FOUND);
    }
  });

  it('runs for an account or a contract named by id, EVM address or alias', async () => {
    for (const from of [address(2001), `0x${ACCOUNT_EVM}`, `0x${ACCOUNT_ALIAS}`, address(1001), `0x${CONTRACT_EVM}`]) {
      expect(await call({ to: address(1001), from }), from).toEqual(ran);
    }
  });

  it('finds no payer in a deleted account or in an entity that is no account', async () => {
    expect(await call({ to: address(1001), from: address(GONE_ACCOUNT) })).toEqual(NOT_FOUND);
    expect(await call({ to: address(1001), from: address(3001) })).toEqual(NOT_FOUND);
  });

  it('refuses the sender before weighing its balance, and before a creation without init code', async () => {
    expect(await call({ to: address(1001), from: address(5000), value: 1 })).toEqual(NOT_FOUND);
    expect(await call({ to: address(1001), from: address(5000), gasPrice: 1 })).toEqual(NOT_FOUND);
    expect(await call({ from: address(5000) })).toEqual(NOT_FOUND);
    // An unknown block is told first: the sender is looked up in the block's state.
    expect((await call({ to: address(1001), from: address(5000), block: '99' })).body._status.messages[0].detail).toBe('Unknown block number');
  });

  it('lets the treasury pay for the zero address with no value, but not with one', async () => {
    expect(await call({ to: address(1001), from: address(0) })).toEqual(ran);
    expect(await call({ to: address(1001), from: address(0), value: 0 })).toEqual(ran);
    expect(await call({ to: address(1001), from: address(0), value: 1 })).toEqual(NOT_FOUND);
  });

  it('takes an absent system account (0.0.1 to 0.0.999) for present, as the reference stands one in', async () => {
    expect(await call({ to: address(1001), from: address(800) })).toEqual(ran);
    expect(await call({ to: address(1001), from: address(999) })).toEqual(ran);
    expect(await call({ to: address(1001), from: address(1000) })).toEqual(NOT_FOUND);
  });

  it('takes a long-zero sender a state override gives a balance or nonce for present; not a code override, nor an EVM address', async () => {
    const from = address(5000);
    expect(await call({ to: address(1001), from, state_overrides: [{ address: from, balance: '0x10' }] })).toEqual(ran);
    expect(await call({ to: address(1001), from, state_overrides: [{ address: from, nonce: '0x1' }] })).toEqual(ran);
    expect(await call({ to: address(1001), from, state_overrides: [{ address: from, code: '0x00' }] })).toEqual(NOT_FOUND);
    const evm = `0x${'ee'.repeat(20)}`;
    expect(await call({ to: address(1001), from: evm, state_overrides: [{ address: evm, balance: '0x10' }] })).toEqual(NOT_FOUND);
  });

  it('looks the sender up as it was at a past block', async () => {
    // Created after block 7: absent there, present now.
    expect(await call({ to: address(1001), from: address(LATE_ACCOUNT), block: '7' })).toEqual(NOT_FOUND);
    expect(await call({ to: address(1001), from: address(LATE_ACCOUNT), block: '7', estimate: true })).toEqual(NOT_FOUND);
    expect(await call({ to: address(1001), from: address(LATE_ACCOUNT) })).toEqual(ran);
    // Deleted after block 7: present there, absent now.
    expect((await call({ to: address(1001), from: address(GONE_ACCOUNT), block: '7' })).status).toBe(200);
    expect(await call({ to: address(1001), from: address(GONE_ACCOUNT), block: '8' })).toEqual(NOT_FOUND);
  });
});
