import { describe, expect, it } from 'vitest';
import { BYTECODE, insertContract, insertPayer, insertResult, insertSlot, insertStateChange } from '../../helpers/contract-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { insertTransactions } from '../../helpers/transaction-fixture.ts';

const hashOf = (timestamp: number): string => `0x${timestamp.toString(16).padStart(64, '0')}`;

/** Returns the CALLER as one word. */
const RETURN_CALLER = '3360005260206000f3';
/** Creation code that deploys one word holding its own CODESIZE: 9 bytes plus the constructor arguments after them. */
const DEPLOY_CODESIZE = '3860005260206000f3';
const CONSTRUCTOR_ARGS = 'c0ffee';
const SENDER_EVM_ADDRESS = 'ab'.repeat(20);

const fixture = mirrorApiFixture((store) => {
  // Created before the traced transactions: the replay reads the entities as they stood then.
  insertContract(store, { num: 1001, runtime: BYTECODE.readSlot0, createdTimestamp: 1_000 });
  insertContract(store, { num: 1002, runtime: BYTECODE.callTokenService, createdTimestamp: 1_000 });
  insertSlot(store, 1001, 0n, 42n);
  // Slot 0 held 9 before the traced transaction and 42 after a later one.
  insertStateChange(store, 4_000, 1001, 0, 9);
  insertStateChange(store, 6_000, 1001, 0, 42);
  insertResult(store, { timestamp: 5_000, contractNum: 1001, payer: 2 });
  insertResult(store, { timestamp: 5_001, contractNum: 1002, payer: 2 });
  // The caller seen by the EVM: an account's EVM address, else its long-zero address.
  insertContract(store, { num: 1004, runtime: RETURN_CALLER, createdTimestamp: 1_000 });
  insertPayer(store, 1005, 0, SENDER_EVM_ADDRESS);
  insertPayer(store, 1006, 0);
  insertResult(store, { timestamp: 5_002, contractNum: 1004, payer: 1005, sender: 1005 });
  insertResult(store, { timestamp: 5_003, contractNum: 1004, payer: 1006, sender: 1006 });
  // HAPI creations (runtime code that would revert if called): one known by its transaction's
  // type, one only by the result listing its own contract as created.
  for (const [num, timestamp] of [[1007, 7_000], [1008, 8_000]] as const) {
    insertContract(store, { num, runtime: BYTECODE.revertNope, createdTimestamp: timestamp });
    store.db.prepare('UPDATE contract SET initcode = ? WHERE id = ?').run(Buffer.from(DEPLOY_CODESIZE, 'hex'), num);
    insertResult(store, { timestamp, contractNum: num, payer: 2 });
    store.db.prepare('UPDATE contract_result SET function_parameters = ?, created_contract_ids = ? WHERE consensus_timestamp = ?')
      .run(Buffer.from(CONSTRUCTOR_ARGS, 'hex'), String(num), timestamp);
  }
  insertTransactions(store, [{ consensus: 7_000n, payer: 2, type: 8, entity: 1007 }, { consensus: 9_000n, payer: 2, type: 8, entity: 1009 }]);
  // A creation from a file: its creation bytecode is the file's hex text (created, then appended to).
  insertContract(store, { num: 1009, runtime: BYTECODE.revertNope, createdTimestamp: 9_000 });
  store.db.prepare('UPDATE contract SET file_id = 1010 WHERE id = 1009').run();
  const fileData = store.db.prepare('INSERT INTO file_data (consensus_timestamp, entity_id, file_data, transaction_type) VALUES (?, 1010, ?, ?)');
  fileData.run(8_500, Buffer.from(DEPLOY_CODESIZE.slice(0, 8)), 17);
  fileData.run(8_600, Buffer.from(DEPLOY_CODESIZE.slice(8)), 16);
  insertResult(store, { timestamp: 9_000, contractNum: 1009, payer: 2 });
  store.db.prepare('UPDATE contract_result SET function_parameters = ? WHERE consensus_timestamp = 9000').run(Buffer.from(CONSTRUCTOR_ARGS, 'hex'));
}, { hostCheck: false });

async function get(url: string) {
  const response = await fixture.get(url);
  return { status: response.statusCode, body: JSON.parse(response.body), headers: response.headers };
}

describe('GET /api/v1/contracts/results/{id}/opcodes', () => {
  it('replays the transaction over the storage as it stood just before it', async () => {
    const { status, body, headers } = await get(`/api/v1/contracts/results/${hashOf(5_000)}/opcodes?storage=true&memory=true`);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=600');
    expect(body.failed).toBe(false);
    expect(body.contract_id).toBe('0.0.1001');
    expect(body.return_value).toBe(`0x${'09'.padStart(64, '0')}`);
    expect(body.opcodes.map((o: { op: string }) => o.op)).toEqual(['PUSH1', 'SLOAD', 'PUSH1', 'MSTORE', 'PUSH1', 'PUSH1', 'RETURN']);
    const sload = body.opcodes[1];
    expect(sload.stack).toEqual(['0'.repeat(64)]);
    expect(sload.storage).toEqual({ ['0'.repeat(64)]: '09'.padStart(64, '0') });
    expect(body.opcodes.at(-1).memory).toEqual(['09'.padStart(64, '0')]);
  });

  it('leaves out the stack when asked, and validates its flags', async () => {
    const { body } = await get(`/api/v1/contracts/results/${hashOf(5_000)}/opcodes?stack=false`);
    expect(body.opcodes[0].stack).toBeNull();
    expect((await get(`/api/v1/contracts/results/${hashOf(5_000)}/opcodes?stack=maybe`)).status).toBe(400);
    expect((await get(`/api/v1/contracts/results/${hashOf(9_999)}/opcodes`)).status).toBe(404);
  });

  it('replays as the sender the EVM saw: its EVM address, else its long-zero address', async () => {
    const withEvmAddress = (await get(`/api/v1/contracts/results/${hashOf(5_002)}/opcodes`)).body;
    expect(withEvmAddress.failed).toBe(false);
    expect(withEvmAddress.return_value).toBe(`0x${SENDER_EVM_ADDRESS.padStart(64, '0')}`);
    const longZero = (await get(`/api/v1/contracts/results/${hashOf(5_003)}/opcodes`)).body;
    expect(longZero.return_value).toBe(`0x${(1006).toString(16).padStart(64, '0')}`);
  });

  it('replays a HAPI creation as a creation: its init code or file followed by the constructor arguments', async () => {
    for (const timestamp of [7_000, 8_000, 9_000]) {
      const { status, body } = await get(`/api/v1/contracts/results/${hashOf(timestamp)}/opcodes`);
      expect(status).toBe(200);
      expect(body.failed).toBe(false);
      // No recipient, as the reference answers a creation: the zero address and no contract id.
      expect(body.address).toBe(`0x${'00'.repeat(20)}`);
      expect(body.contract_id).toBeNull();
      expect(body.opcodes.map((o: { op: string }) => o.op)).toEqual(['CODESIZE', 'PUSH1', 'MSTORE', 'PUSH1', 'PUSH1', 'RETURN']);
      expect(body.opcodes[1].stack).toEqual([(9 + CONSTRUCTOR_ARGS.length / 2).toString(16).padStart(64, '0')]);
    }
  });

  it('answers 501 when the replay reaches a Hedera system contract', async () => {
    const { status, body } = await get(`/api/v1/contracts/results/${hashOf(5_001)}/opcodes`);
    expect(status).toBe(501);
    expect(body._status.messages[0].detail).toContain('system contract');
  });
});
