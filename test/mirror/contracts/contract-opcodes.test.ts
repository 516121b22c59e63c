import { describe, expect, it } from 'vitest';
import { BYTECODE, insertContract, insertResult, insertSlot, insertStateChange } from '../../helpers/contract-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

const hashOf = (timestamp: number): string => `0x${timestamp.toString(16).padStart(64, '0')}`;

const fixture = mirrorApiFixture((store) => {
  insertContract(store, { num: 1001, runtime: BYTECODE.readSlot0 });
  insertContract(store, { num: 1002, runtime: BYTECODE.callTokenService });
  insertSlot(store, 1001, 0n, 42n);
  // Slot 0 held 9 before the traced transaction and 42 after a later one.
  insertStateChange(store, 4_000, 1001, 0, 9);
  insertStateChange(store, 6_000, 1001, 0, 42);
  insertResult(store, { timestamp: 5_000, contractNum: 1001, payer: 2 });
  insertResult(store, { timestamp: 5_001, contractNum: 1002, payer: 2 });
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

  it('answers 501 when the replay reaches a Hedera system contract', async () => {
    const { status, body } = await get(`/api/v1/contracts/results/${hashOf(5_001)}/opcodes`);
    expect(status).toBe(501);
    expect(body._status.messages[0].detail).toContain('system contract');
  });
});
