import { describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig, mergeConfig, type MirrorApiConfig } from '../../../main/mirror/config.ts';
import { encodeEntityId } from '../../../main/mirror/format/entity-id.ts';
import { GasThrottle } from '../../../main/mirror/contracts/call/gas-throttle.ts';
import { revertReason } from '../../../main/mirror/contracts/call/call-service.ts';
import { BYTECODE, insertBlock, insertContract, insertPayer, insertSlot, insertStateChange } from '../../helpers/contract-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

let config: MirrorApiConfig = defaultMirrorApiConfig();

const address = (num: number): string => num.toString(16).padStart(40, '0');
const word = (value: bigint): string => `0x${value.toString(16).padStart(64, '0')}`;

const fixture = mirrorApiFixture((store) => {
  // Created in block 7, so the older-block tests read it there.
  insertContract(store, { num: 1001, runtime: BYTECODE.readSlot0, evmAddress: 'aa'.repeat(20), createdTimestamp: 1_200 });
  insertContract(store, { num: 1002, runtime: BYTECODE.writeThenRead });
  insertContract(store, { num: 1003, runtime: BYTECODE.revertNope });
  insertContract(store, { num: 1004, runtime: BYTECODE.callTokenService });
  insertContract(store, { num: 1005, runtime: BYTECODE.spin });
  insertSlot(store, 1001, 0n, 42n);
  insertPayer(store, 2001, 100);
  insertBlock(store, 7, 1_000, 2_000);
  insertBlock(store, 8, 2_001, 3_000);
  insertStateChange(store, 1_500, 1001, 0, 9);
}, { config: () => config, hostCheck: false });

async function call(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await fixture.inject({
    method: 'POST', url: '/api/v1/contracts/call', payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

describe('POST /api/v1/contracts/call', () => {
  it('runs the stored bytecode over the stored storage, by long-zero or EVM address', async () => {
    expect(await call({ to: address(1001) })).toEqual({ status: 200, body: { result: word(42n) } });
    expect(await call({ to: `0x${'aa'.repeat(20)}` })).toEqual({ status: 200, body: { result: word(42n) } });
  });

  it('keeps writes to the call: the store is unchanged afterwards', async () => {
    expect((await call({ to: address(1002) })).body.result).toBe(word(5n));
    const slots = fixture.store.db.prepare('SELECT count(*) AS n FROM contract_state WHERE contract_id = 1002').get() as { n: number };
    expect(slots.n).toBe(0);
  });

  it('reads an older block from the state changes up to its end', async () => {
    expect((await call({ to: address(1001), block: '7' })).body.result).toBe(word(9n));
    expect((await call({ to: address(1001), block: '0x8' })).body.result).toBe(word(42n));
    expect(await call({ to: address(1001), block: '99' })).toEqual({ status: 400, body: { _status: { messages: [{ message: 'Bad Request', detail: 'Unknown block number' }] } } });
  });

  it('estimates the least gas the call succeeds with', async () => {
    const { status, body } = await call({ to: address(1001), estimate: true });
    expect(status).toBe(200);
    const gas = BigInt(body.result);
    expect(gas).toBeGreaterThan(21_000n);
    expect((await call({ to: address(1001), gas: Number(gas) })).status).toBe(200);
    expect((await call({ to: address(1001), gas: Number(gas) - 1 })).body._status.messages[0].message).toBe('INSUFFICIENT_GAS');
  });

  it('reports a revert with its reason and raw data', async () => {
    const { status, body } = await call({ to: address(1003) });
    expect(status).toBe(400);
    expect(body._status.messages[0]).toMatchObject({ message: 'CONTRACT_REVERT_EXECUTED', detail: 'nope' });
    expect(body._status.messages[0].data).toMatch(/^0x08c379a0/);
  });

  it('answers 501 with a clear message when a Hedera system contract is reached', async () => {
    const { status, body } = await call({ to: address(1004) });
    expect(status).toBe(501);
    expect(body._status.messages[0].detail).toContain('Hedera Token Service');
  });

  it('stops a runaway call at its gas limit', async () => {
    expect((await call({ to: address(1005), gas: 50_000 })).body._status.messages[0].message).toBe('INSUFFICIENT_GAS');
  });

  it('enforces the gas and call data limits of the specification', async () => {
    expect((await call({ to: address(1001), gas: 15_000_001 })).body._status.messages).toEqual([{ message: 'Bad Request', detail: 'gas field must be less than or equal to 15000000' }]);
    expect((await call({ to: address(1001), gas: 15_000_000 })).status).toBe(200);
    expect((await call({ to: address(1001), data: `0x${'00'.repeat(131_072)}` })).status).toBe(200);
    expect((await call({ to: address(1001), data: `0x${'00'.repeat(131_073)}` })).body._status.messages).toEqual([{ message: 'Bad Request', detail: 'data field must be at most 131072 bytes' }]);
  });

  it('refuses less than 21,000 gas before running the call, as the reference\'s @Min(21_000) does', async () => {
    // Run, these would end in INSUFFICIENT_GAS (1001) and in the 501 of a system contract (1004).
    for (const to of [address(1001), address(1004)]) {
      for (const gas of [1, 0, 20_999, -1, '-5']) {
        expect(await call({ to, gas })).toEqual({ status: 400, body: { _status: { messages: [{ message: 'Bad Request', detail: 'gas field must be greater than or equal to 21000' }] } } });
      }
    }
    expect((await call({ to: address(1001), gas: 21_000 })).body._status.messages[0].message).toBe('INSUFFICIENT_GAS');
    // The configured maximum is checked after the request's own validation, alone, as the reference's controller checks it.
    expect((await call({ to: 'xyz', gas: 15_000_001 })).body._status.messages).toEqual([{ message: 'Bad Request', detail: 'to field invalid hexadecimal string' }]);
  });

  it('words a refused request as the reference\'s web3 module does: the reason phrase, then what is wrong in detail', async () => {
    const refused = async (body: unknown) => (await call(body)).body._status.messages;
    const bad = (detail: string) => [{ message: 'Bad Request', detail }];
    expect(await refused({ to: 'xyz' })).toEqual(bad('to field invalid hexadecimal string'));
    expect(await refused({ to: '0x' })).toEqual(bad('to field invalid hexadecimal string'));
    expect(await refused({ to: address(1001), from: '' })).toEqual(bad('from field invalid hexadecimal string'));
    expect(await refused({ to: address(1001), data: '0x12345z' })).toEqual(bad('data field invalid hexadecimal string'));
    expect(await refused({ to: address(1001), data: '0xabc' })).toEqual(bad('data field has an odd number of hex digits'));
    expect(await refused({ to: address(1001), value: -1 })).toEqual(bad('value field must be greater than or equal to 0'));
    expect(await refused({ to: address(1001), gasPrice: -1 })).toEqual(bad('gasPrice field must be greater than or equal to 0'));
    expect(await refused({ to: address(1001), block: 'soon' })).toEqual(bad('block field must be a block number, a block hash, or one of earliest, latest, pending, safe and finalized'));
    expect(await refused([])).toEqual(bad('The request body must be a JSON object'));
    // Every problem is said, each in its own message.
    expect(await refused({ to: 'xyz', from: 'abc' })).toEqual([...bad('to field invalid hexadecimal string'), ...bad('from field invalid hexadecimal string')]);
  });

  it('ignores query parameters, as the reference\'s web3 module does', async () => {
    const response = await fixture.inject({
      method: 'POST', url: '/api/v1/contracts/call?limit=5&whatever', payload: JSON.stringify({ to: address(1001) }), headers: { 'content-type': 'application/json' },
    });
    expect({ status: response.statusCode, body: JSON.parse(response.body) }).toEqual({ status: 200, body: { result: word(42n) } });
  });

  it('honours an operator-configured maximum gas', async () => {
    config = mergeConfig(defaultMirrorApiConfig(), { contractCall: { maxGasLimit: 100_000 } });
    try {
      expect((await call({ to: address(1001), gas: 100_001 })).status).toBe(400);
      expect((await call({ to: address(1001) })).status).toBe(200);
    } finally {
      config = defaultMirrorApiConfig();
    }
  });

  it('checks the payer balance only when from is given with gasPrice or value', async () => {
    const from = address(2001);
    expect((await call({ to: address(1001), from })).status).toBe(200);
    expect((await call({ to: address(1001), from, value: 100 })).status).toBe(200);
    expect((await call({ to: address(1001), from, value: 101 })).body._status.messages[0].message).toBe('INSUFFICIENT_PAYER_BALANCE');
    expect((await call({ to: address(1001), from, gasPrice: 1, gas: 30_000 })).body._status.messages[0].message).toBe('INSUFFICIENT_PAYER_BALANCE');
    // A value needs someone to pay it, as the reference's request check has it.
    const noPayer = await call({ to: address(1001), value: 1_000_000 });
    expect(noPayer.status).toBe(400);
    expect(noPayer.body._status.messages).toEqual([{ message: 'Bad Request', detail: 'from field must not be empty' }]);
    expect((await call({ to: address(1001), value: 0 })).status).toBe(200);
  });

  it('reads a long-zero payer in the configured shard and realm', async () => {
    // 0.5.3001 holds 100 tinybars; its long-zero address spells realm 5.
    const id = encodeEntityId(0, 5, 3001)!;
    fixture.store.db.prepare(`INSERT INTO entity (id, num, realm, shard, type, deleted, balance, timestamp_range_lower)
VALUES (?, 3001, 5, 0, 'ACCOUNT', 0, 100, 0)`).run(id);
    const from = `${'0'.repeat(8)}${(5).toString(16).padStart(16, '0')}${(3001).toString(16).padStart(16, '0')}`;
    config = mergeConfig(defaultMirrorApiConfig(), { realm: 5 });
    try {
      expect((await call({ to: address(1001), from, value: 100 })).status).toBe(200);
      expect((await call({ to: address(1001), from, value: 101 })).body._status.messages[0].message).toBe('INSUFFICIENT_PAYER_BALANCE');
    } finally {
      config = defaultMirrorApiConfig();
    }
  });

  it('validates every field', async () => {
    for (const body of [{}, { to: 'xyz' }, { to: address(1), from: 5 }, { to: address(1), gas: -1 }, { to: address(1), estimate: 'yes' },
      { to: address(1), block: 'tomorrow' }, { to: address(1), block: '12345678901234567890123' }, { to: address(1), value: 1.5 },
      { to: address(1), data: '0xabc' }, [], 'null']) {
      const { status, body: reply } = await call(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(reply._status.messages.length).toBeGreaterThan(0);
    }
  });

  it('ignores fields it does not know, as the reference does', async () => {
    // Clients pass whole transaction objects through (nonce, chainId, type...).
    expect(await call({ to: address(1001), nonce: '0x0', chainId: 298, type: 2 })).toEqual({ status: 200, body: { result: word(42n) } });
    expect((await call({ to: address(1001), state_overrides: [] })).status).toBe(200);
  });

  it('runs over the state overrides instead of the stored state, and leaves the store as it was', async () => {
    const at = (num: number) => `0x${address(num)}`;
    // state_diff patches one slot; state replaces them all (slot 0 absent: zero).
    expect((await call({ to: address(1001), state_overrides: [{ address: at(1001), state_diff: [{ key: '0x0', value: '0x07' }] }] })).body.result).toBe(word(7n));
    expect((await call({ to: address(1001), state_overrides: [{ address: at(1001), state: [{ key: '0x1', value: '0x07' }] }] })).body.result).toBe(word(0n));
    expect((await call({ to: address(1001), state_overrides: [{ address: at(1001), state: [] }] })).body.result).toBe(word(0n));
    // Code at an address the ledger does not have, with storage of its own.
    const code = (fixture.store.db.prepare('SELECT runtime_bytecode AS code FROM contract WHERE id = 1001').get() as { code: Buffer }).code.toString('hex');
    const fresh = `0x${'cd'.repeat(20)}`;
    expect((await call({ to: fresh, state_overrides: [{ address: fresh, code: `0x${code}`, state_diff: [{ key: word(0n), value: '0x2a2a' }] }] })).body.result).toBe(word(0x2a2an));
    // A payer's balance: 0.0.2001 holds 100 tinybars, the override 0x1000.
    const from = address(2001);
    expect((await call({ to: address(1001), from, value: 101 })).body._status.messages[0].message).toBe('INSUFFICIENT_PAYER_BALANCE');
    expect((await call({ to: address(1001), from, value: 101, state_overrides: [{ address: at(2001), balance: '0x1000' }] })).status).toBe(200);
    // Estimates run over the overrides too.
    expect((await call({ to: fresh, estimate: true, state_overrides: [{ address: fresh, code: `0x${code}` }] })).status).toBe(200);
    expect((await call({ to: address(1001) })).body.result).toBe(word(42n));
  });

  it('refuses state overrides it cannot read, saying what is wrong', async () => {
    const refused = async (overrides: unknown) => (await call({ to: address(1001), state_overrides: overrides })).body._status.messages[0];
    const at = `0x${address(1001)}`;
    expect(await refused({})).toEqual({ message: 'Bad Request', detail: 'state_overrides must be an array' });
    expect((await refused(Array.from({ length: 11 }, (_, i) => ({ address: `0x${address(3000 + i)}` })))).detail).toBe('state_overrides may name at most 10 addresses');
    expect((await refused([{ address: '0x12' }])).detail).toBe('state_overrides[0]: address must be 40 hex digits');
    expect((await refused([{ address: at, state: [{ key: '0x0', value: '0x1' }], state_diff: [{ key: '0x1', value: '0x1' }] }])).detail)
      .toBe('state_overrides[0]: state and state_diff are mutually exclusive');
    expect((await refused([{ address: at, balance: 'lots' }])).detail).toContain('balance must be a hex quantity');
    expect((await refused([{ address: at, state_diff: [{ key: `0x${'1'.repeat(65)}`, value: '0x1' }] }])).detail).toContain('at most 32 bytes');
    expect((await refused([{ address: at }, { address: at.toUpperCase().replace('0X', '0x') }])).detail).toContain('is overridden twice');
  });

  it('names a block by tag in any case, or by its hash (48 bytes, or the first 32 of them)', async () => {
    expect((await call({ to: address(1001), block: 'LATEST' })).body.result).toBe(word(42n));
    // Block 0 is not in this store: the tag was read, the block not found.
    expect((await call({ to: address(1001), block: 'Earliest' })).body._status.messages[0]).toEqual({ message: 'Bad Request', detail: 'Unknown block number' });
    const hash7 = (7).toString(16).padStart(96, '0');
    expect((await call({ to: address(1001), block: `0x${hash7}` })).body.result).toBe(word(9n));
    expect((await call({ to: address(1001), block: hash7.slice(0, 64).toUpperCase() })).body.result).toBe(word(9n));
    const unknown = await call({ to: address(1001), block: `0x${'ab'.repeat(48)}` });
    expect(unknown).toEqual({ status: 400, body: { _status: { messages: [{ message: 'Bad Request', detail: 'Unknown block hash' }] } } });
  });

  it('runs a creation when there is no to: the call data is init code, and the answer the code it deploys', async () => {
    // Init code that copies its last 10 bytes (a runtime returning 42) into memory and returns them.
    const runtime = '602a60005260206000f3';
    const init = `0x600a600c600039600a6000f3${runtime}`;
    expect(await call({ data: init })).toEqual({ status: 200, body: { result: `0x${runtime}` } });
    expect(await call({ to: '', data: init })).toEqual({ status: 200, body: { result: `0x${runtime}` } });
    // A creation pays 32,000 gas on top of a call's 21,000, and 2 per word of init code.
    const estimate = BigInt((await call({ data: init, estimate: true })).body.result);
    expect(estimate).toBeGreaterThan(53_000n);
    expect((await call({ data: init, gas: Number(estimate) })).status).toBe(200);
    expect((await call({ data: init, gas: Number(estimate) - 1 })).body._status.messages[0].message).toBe('INSUFFICIENT_GAS');
    // The zero address is no `to` either: the reference puts it where `to` is missing, and creates.
    expect(await call({ to: `0x${'00'.repeat(20)}`, data: init })).toEqual({ status: 200, body: { result: `0x${runtime}` } });
  });

  it('answers a creation without init code as the reference\'s EVM does, not as a missing to', async () => {
    // The reference makes each of these a ContractCreate, which the consensus node's code refuses.
    const empty = { status: 400, body: { _status: { messages: [{ message: 'CONTRACT_BYTECODE_EMPTY', detail: '', data: '0x' }] } } };
    for (const body of [{}, { data: '0x' }, { to: '', data: '0x' }, { to: null }, { to: `0x${'00'.repeat(20)}` }, { estimate: true }]) {
      expect(await call(body), JSON.stringify(body)).toEqual(empty);
    }
  });

  it('sends value to a creation only when the data looks like init code, as the reference\'s hasTo() check has it', async () => {
    const from = address(2001);
    const runtime = '602a60005260206000f3';
    // The same copying init code behind Solidity's free memory pointer setup (6080604052), which the reference looks for.
    const init = `0x6080604052600a601160003960${'0a'}6000f3${runtime}`;
    expect(await call({ from, value: 1, data: init })).toEqual({ status: 200, body: { result: `0x${runtime}` } });
    expect(await call({ from, value: 1, data: '0x600a600c600039600a6000f3' })).toEqual({ status: 400, body: { _status: { messages: [{ message: 'Bad Request', detail: 'to field must not be empty' }] } } });
    expect(await call({ from, value: 1 })).toEqual({ status: 400, body: { _status: { messages: [{ message: 'Bad Request', detail: 'to field must not be empty' }] } } });
    // Without from, it is the payer that is missing.
    expect((await call({ value: 1, data: init })).body._status.messages).toEqual([{ message: 'Bad Request', detail: 'from field must not be empty' }]);
    // A to that is no address is said to be one, not taken for a missing one as well.
    expect(await call({ to: 'xyz', from, value: 5 })).toEqual({ status: 400, body: { _status: { messages: [{ message: 'Bad Request', detail: 'to field invalid hexadecimal string' }] } } });
    // The zero address stands for a missing to, as there.
    expect(await call({ to: address(0), from, value: 1 })).toEqual({ status: 400, body: { _status: { messages: [{ message: 'Bad Request', detail: 'to field must not be empty' }] } } });
  });

  it('reads integers past 2^53 exactly, as the reference\'s longs take them, and says so for a body that is not JSON', async () => {
    // The payer holds 2^53 tinybars (an override); 2^53 + 1 as a double would round down to 2^53 and pass.
    const from = address(2001);
    const body = (value: string) => `{"to":"${address(1001)}","from":"${from}","value":${value},"state_overrides":[{"address":"0x${from}","balance":"0x20000000000000"}]}`;
    expect((await call(body('9007199254740993'))).body._status.messages[0].message).toBe('INSUFFICIENT_PAYER_BALANCE');
    expect((await call(body('9007199254740992'))).status).toBe(200);
    expect((await call(`{"to":"${address(1001)}","gas":9007199254740993}`)).body._status.messages[0]).toEqual({ message: 'Bad Request', detail: 'gas field must be less than or equal to 15000000' });
    const broken = await call('{"to":');
    expect(broken.status).toBe(400);
    expect(broken.body._status.messages).toEqual([{ message: 'Bad Request', detail: expect.stringMatching(/^JSON parse error: /) }]);
  });

  it('accepts JSON only', async () => {
    const response = await fixture.inject({ method: 'POST', url: '/api/v1/contracts/call', payload: 'to=1', headers: { 'content-type': 'text/plain' } });
    expect(response.statusCode).toBe(415);
    expect(JSON.parse(response.body)._status.messages).toEqual([{ message: 'Unsupported Media Type', detail: "Content-Type 'text/plain' is not supported; send application/json" }]);
  });
});

describe('GasThrottle', () => {
  it('lets through at most a second of gas and refills with time', () => {
    let now = 0;
    const throttle = new GasThrottle(1_000, () => now);
    expect(throttle.tryTake(600)).toBe(true);
    expect(throttle.tryTake(600)).toBe(false);
    now += 500;
    expect(throttle.tryTake(600)).toBe(true);
    now += 10_000;
    expect(throttle.tryTake(1_000)).toBe(true);
    expect(throttle.tryTake(1)).toBe(false);
  });
});

describe('revertReason', () => {
  it('decodes Error(string) and ignores anything else', () => {
    expect(revertReason(Buffer.from(BYTECODE.revertNope.slice(24), 'hex'))).toBe('nope');
    expect(revertReason(Buffer.from('deadbeef', 'hex'))).toBe('');
  });
});
