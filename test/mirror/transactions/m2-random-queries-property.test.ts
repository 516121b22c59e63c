import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { hapiTransaction } from '../../helpers/protobuf-writer.ts';
import { generateTransactions, insertTransactions } from '../../helpers/transaction-fixture.ts';

// Random paths and query strings against every transactions, account-by-id, topics,
// schedules, network and blocks route, over a real SQLite file: the answer is a 200, a 404 or a
// 400 carrying the mirror error body; never a 5xx.
const fixture = mirrorApiFixture(() => {
  insertAccounts(fixture.store, Array.from({ length: 40 }, (_, i) => ({ num: 1000 + i, balance: i })));
  insertTransactions(fixture.store, generateTransactions(300));
  const message = fixture.store.db.prepare(`INSERT INTO topic_message (consensus_timestamp, message, running_hash, sequence_number, topic_id)
    VALUES (?, X'6869', X'00', ?, 7)`);
  for (let i = 1; i <= 30; i++) message.run(1_700_000_000_000_000_000n + BigInt(i), i);
  const block = fixture.store.db.prepare(`INSERT INTO record_file (consensus_end, consensus_start, count, digest_algorithm, hash, "index", name)
    VALUES (?, ?, 1, 0, ?, ?, 'f.rcd')`);
  for (let i = 0; i < 30; i++) block.run(1_700_000_000_000_000_000n + BigInt(i), 1_700_000_000_000_000_000n + BigInt(i), (i % 2 ? 'ab' : 'cd').repeat(48), i);
});

const ids = fc.constantFrom('0.0.1005', '1005', '0.1005', '7', '0.0.7', '0x' + '0'.repeat(36) + '03ed', 'AAAQEAYEAUDAOCAJ', '0.0.-1', '9999999999999999999999',
  '0.0.1005-1700000000-000000001', '0.0.1-9223372036-854775807', 'ab'.repeat(48), 'x', '%20', '1700000000.000000001',
  '9999999999.999999999', '9223372036854775808', '0.0.1.2', '');
const names = fc.constantFrom('account.id', 'timestamp', 'limit', 'order', 'result', 'type', 'transactiontype', 'transactions', 'nonce',
  'scheduled', 'sequencenumber', 'encoding', 'schedule.id', 'node.id', 'file.id', 'block.number', 'q', 'mode', 'Timestamp', 'unknown', '');
const operators = fc.constantFrom('', 'eq:', 'ne:', 'lt:', 'lte:', 'gt:', 'gte:', 'EQ:', 'x:', ':');
const values = fc.oneof(
  fc.constantFrom('0.0.1005', '1005', '1700000000', '1700000000.000000100', '1.2.3', 'true', 'FALSE', 'asc', 'desc', 'success', 'fail',
    'credit', 'debit', 'cryptotransfer', '0x1f', '0xffffffffffffffffff', 'TOKENMINT', 'base64', 'utf-8', 'circulating', 'totalcoins', '0', '-1', '100', '101',
    '9223372036854775807', '9223372036854775808', '9999999999.999999999', '9223372036.854775808', '%00', '%ZZ', ' '),
  fc.string({ maxLength: 16 }),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String),
);
const query = fc.array(fc.tuple(names, operators, values).map(([n, o, v]) => `${n}=${o}${v}`), { maxLength: 6 }).map((p) => p.join('&'));
const path = fc.oneof(
  fc.constant('/api/v1/transactions'),
  ids.map((id) => `/api/v1/transactions/${id}`),
  ids.map((id) => `/api/v1/accounts/${id}`),
  fc.constant('/api/v1/schedules'),
  ids.map((id) => `/api/v1/schedules/${id}`),
  ids.map((id) => `/api/v1/topics/${id}`),
  ids.map((id) => `/api/v1/topics/${id}/messages`),
  fc.tuple(ids, ids).map(([a, b]) => `/api/v1/topics/${a}/messages/${b}`),
  ids.map((id) => `/api/v1/topics/messages/${id}`),
  fc.constant('/api/v1/blocks'),
  ids.map((id) => `/api/v1/blocks/${id}`),
  fc.constantFrom('/api/v1/network/supply', '/api/v1/network/exchangerate', '/api/v1/network/fees', '/api/v1/network/stake', '/api/v1/network/nodes'),
);

describe('M2 endpoints with random requests', () => {
  it('answer 200, 404 or a 400 with the error body, never a 5xx', async () => {
    await fc.assert(fc.asyncProperty(path, query, async (p, q) => {
      const url = `${p}?${encodeURI(q).replace(/%25/g, '%')}`;
      const response = await fixture.get(url);
      expect([200, 400, 404]).toContain(response.statusCode);
      if (response.statusCode === 400) {
        const body = JSON.parse(response.body);
        expect(body._status.messages.length).toBeGreaterThan(0);
        for (const message of body._status.messages) expect(typeof message.message).toBe('string');
      }
    }), { numRuns: 600 });
  });

  it('POST /network/fees answers any body with 200 or a 400 that explains, never a 5xx', async () => {
    const bodies = fc.oneof(fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)), fc.integer({ min: 1, max: 80 }).map((t) => hapiTransaction(t)));
    await fc.assert(fc.asyncProperty(bodies, async (payload) => {
      const response = await fixture.inject({ method: 'POST', url: '/api/v1/network/fees', payload, headers: { 'content-type': 'application/protobuf' } });
      expect([200, 400]).toContain(response.statusCode);
      if (response.statusCode === 400) expect(JSON.parse(response.body)._status.messages[0].message).toBeTruthy();
    }), { numRuns: 300 });
  });
});
