import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BYTECODE, insertBlock, insertContract, insertLog, insertResult, insertSlot, insertStateChange } from '../../helpers/contract-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// Random paths, query strings and call bodies against the real routes over a real SQLite
// file: whatever a client sends, the answer is never a 5xx, and every 4xx carries the
// mirror error body.
const fixture = mirrorApiFixture((store) => {
  for (let n = 0; n < 8; n++) insertContract(store, { num: 1001 + n, runtime: n % 2 === 0 ? BYTECODE.readSlot0 : BYTECODE.revertNope, evmAddress: n === 0 ? 'ab'.repeat(20) : undefined });
  insertBlock(store, 3, 1_000, 5_000);
  for (let t = 0; t < 20; t++) {
    insertResult(store, { timestamp: 1_000 + t, contractNum: 1001 + (t % 8), sender: 1001 });
    insertLog(store, 1_000 + t, 0, 1001 + (t % 8), 'ab');
    insertStateChange(store, 1_000 + t, 1001 + (t % 8), t % 3, t);
  }
  insertSlot(store, 1001, 0n, 5n);
});

const ids = fc.constantFrom('0.0.1001', '1001', '0.1001', `0x${'ab'.repeat(20)}`, 'ab'.repeat(20), `0.0.${'ab'.repeat(20)}`, '0.0.99999',
  '1.2.3.4', 'abc', '-1', '0.0.1000000000000000', `0x${'00'.repeat(19)}01`, '%20', '9223372036854775808');
const stamps = fc.constantFrom('1000.000001001', '0.000001005', '1', 'x', '1.2.3', '99999999999', '-5', '0.0000010001');
const txIds = fc.constantFrom(`0x${(1_005).toString(16).padStart(64, '0')}`, '0.0.2-0-1000', '0.0.2-1-0', 'nope', 'ab'.repeat(32), 'ab'.repeat(48), '0.0.x-1-2');
const path = fc.oneof(
  fc.constant('/api/v1/contracts'),
  fc.constant('/api/v1/contracts/results'),
  fc.constant('/api/v1/contracts/results/logs'),
  ids.map((id) => `/api/v1/contracts/${id}`),
  ids.map((id) => `/api/v1/contracts/${id}/results`),
  ids.map((id) => `/api/v1/contracts/${id}/results/logs`),
  ids.map((id) => `/api/v1/contracts/${id}/state`),
  fc.tuple(ids, stamps).map(([id, ts]) => `/api/v1/contracts/${id}/results/${ts}`),
  txIds.map((tx) => `/api/v1/contracts/results/${tx}`),
  txIds.map((tx) => `/api/v1/contracts/results/${tx}/actions`),
  txIds.map((tx) => `/api/v1/contracts/results/${tx}/opcodes`),
);
const names = fc.constantFrom('contract.id', 'timestamp', 'limit', 'order', 'from', 'block.number', 'block.hash', 'transaction.index',
  'internal', 'hbar', 'index', 'topic0', 'topic3', 'transaction.hash', 'slot', 'nonce', 'stack', 'memory', 'storage', 'unknown', 'LIMIT', '');
const operators = fc.constantFrom('', 'eq:', 'ne:', 'lt:', 'lte:', 'gt:', 'gte:', 'xx:', ':');
const values = fc.oneof(
  fc.constantFrom('0.0.1001', '1001', '1000.000001', '1', '0', '-1', 'true', 'false', 'asc', 'desc', '0xab', 'ab'.repeat(32),
    'ab'.repeat(48), '0x' + 'ab'.repeat(20), '99999999999999999999', '%00', '%ZZ', '0x', ' '),
  fc.string({ maxLength: 20 }),
);
const query = fc.array(fc.tuple(names, operators, values).map(([n, o, v]) => `${n}=${o}${v}`), { maxLength: 6 }).map((p) => p.join('&'));

function expectMirrorAnswer(status: number, text: string): void {
  expect(status).toBeLessThan(500);
  if (status === 304) return;
  const body = JSON.parse(text);
  if (status >= 400) {
    expect(body._status.messages.length).toBeGreaterThan(0);
    for (const message of body._status.messages) expect(typeof message.message).toBe('string');
  }
}

describe('contracts endpoints with random requests', () => {
  it('never answer 5xx to a GET, and every error carries the error body', async () => {
    await fc.assert(fc.asyncProperty(path, query, async (p, q) => {
      const url = `${p}?${encodeURI(q).replace(/%25/g, '%')}`;
      const response = await fixture.get(url);
      expectMirrorAnswer(response.statusCode, response.body);
    }), { numRuns: 500 });
  });

  it('never answer 5xx to a contract call, and every error carries the error body', async () => {
    const hex = fc.constantFrom('1001', 'ab'.repeat(20), '00'.repeat(20), 'zz', '').map((h) => (h.length === 4 ? h.padStart(40, '0') : h));
    const field = fc.record({
      to: fc.oneof(hex, hex.map((h) => `0x${h}`), fc.integer()),
      from: fc.option(fc.oneof(hex, fc.constant(null)), { nil: undefined }),
      data: fc.option(fc.oneof(fc.constantFrom('0x', '0x00', '0xabc', 'zz'), fc.stringMatching(/^[0-9a-f]{0,16}$/)), { nil: undefined }),
      gas: fc.option(fc.oneof(fc.integer({ min: -5, max: 20_000_000 }), fc.constant('21000'), fc.double()), { nil: undefined }),
      gasPrice: fc.option(fc.oneof(fc.nat(), fc.constant(-1)), { nil: undefined }),
      value: fc.option(fc.oneof(fc.nat(), fc.string()), { nil: undefined }),
      estimate: fc.option(fc.oneof(fc.boolean(), fc.constant('true')), { nil: undefined }),
      block: fc.option(fc.constantFrom('latest', 'earliest', '0x3', '3', '99', 'soon'), { nil: undefined }),
    }, { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(field, async (body) => {
      const response = await fixture.inject({ method: 'POST', url: '/api/v1/contracts/call', payload: body, headers: { 'content-type': 'application/json' } });
      expectMirrorAnswer(response.statusCode, response.body);
    }), { numRuns: 200 });
  });
});
