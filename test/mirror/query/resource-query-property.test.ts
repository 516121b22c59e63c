import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import {
  insertCryptoAllowance, insertHolding, insertNft, insertReward, insertSnapshot, insertToken, insertTokenAllowance,
} from '../../helpers/token-fixture.ts';

// Random query strings and path ids against the balances, tokens and account sub-resource
// routes over a real SQLite file: whatever a client sends, the answer is a 2xx, a 400 that
// says what is wrong, or a 404 with the error body; never a 5xx.
const fixture = mirrorApiFixture((store) => {
  insertAccounts(store, Array.from({ length: 30 }, (_, i) => ({ num: i + 1, balance: i * 10 })));
  for (let t = 100; t < 110; t++) insertToken(store, t, { type: t >= 105 ? 'NON_FUNGIBLE_UNIQUE' : 'FUNGIBLE_COMMON' });
  for (let a = 1; a <= 30; a++) insertHolding(store, a, 100 + (a % 10), a);
  for (let s = 1; s <= 40; s++) insertNft(store, 105 + (s % 5), s, 1 + (s % 30), { spender: s % 4 === 0 ? 3 : null });
  for (let a = 1; a <= 30; a += 2) insertSnapshot(store, 5_000_000_000n, a, a, [[100, a]]);
  insertSnapshot(store, 5_000_000_000n, 2, 2);
  for (let s = 1; s <= 10; s++) insertCryptoAllowance(store, 1, 100 + s, s);
  for (let s = 1; s <= 10; s++) insertTokenAllowance(store, 1, 100 + (s % 3), 100 + s, s);
  for (let r = 1; r <= 10; r++) insertReward(store, 1, r, r);
  const airdrop = store.db.prepare("INSERT INTO token_airdrop (sender_account_id, receiver_account_id, token_id, serial_number, amount, state, timestamp_range_lower) VALUES (?, ?, ?, ?, ?, 'PENDING', ?)");
  for (let a = 1; a <= 20; a++) airdrop.run(1 + (a % 3), 10 + a, 100 + (a % 10), a % 10 >= 5 ? a : 0, a % 10 >= 5 ? null : a, a);
  const approve = store.db.prepare('INSERT INTO nft_allowance (owner, spender, token_id, approved_for_all, timestamp_range_lower) VALUES (?, ?, ?, 1, ?)');
  for (let a = 1; a <= 10; a++) approve.run(1, 100 + a, 105 + (a % 5), a);
  const node = store.db.prepare("INSERT INTO registered_node (registered_node_id, description, service_endpoints, type, timestamp_range_lower) VALUES (?, 'node', '[]', ?, ?)");
  for (let n = 0; n < 6; n++) node.run(n, `[${n % 4}]`, n);
});

const ids = fc.constantFrom('1', '0.0.1', '0.0.105', '105', '0.0.100', '0x0000000000000000000000000000000000000069',
  'ebb9a1be370150759408cd7af48e9eda2b8ead57', 'KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ', 'x', '0.0.x', '-1',
  '1.2.3.4', '9223372036854775808', '%20', '0.0.274877906944',
  // Malformed percent-encoding and an over-long id fail in the router, before any handler.
  '%ZZ', '0.0.%E2%28', 'A'.repeat(2_000));
const serials = fc.constantFrom('1', '3', '0', '-1', 'abc', '9223372036854775807', '9223372036854775808');
const paths = fc.oneof(
  fc.constant('/api/v1/balances'),
  fc.constant('/api/v1/tokens'),
  ids.map((id) => `/api/v1/tokens/${id}`),
  ids.map((id) => `/api/v1/tokens/${id}/balances`),
  ids.map((id) => `/api/v1/tokens/${id}/nfts`),
  fc.tuple(ids, serials).map(([id, s]) => `/api/v1/tokens/${id}/nfts/${s}`),
  fc.tuple(ids, serials).map(([id, s]) => `/api/v1/tokens/${id}/nfts/${s}/transactions`),
  fc.tuple(ids, serials).map(([id, s]) => `/api/v1/accounts/${id}/hooks/${s}/storage`),
  fc.constant('/api/v1/network/registered-nodes'),
  fc.tuple(ids, fc.constantFrom('tokens', 'nfts', 'rewards', 'allowances/crypto', 'allowances/tokens', 'allowances/nfts', 'airdrops/outstanding', 'airdrops/pending', 'hooks'))
    .map(([id, sub]) => `/api/v1/accounts/${id}/${sub}`),
);
const names = fc.constantFrom('account.id', 'account.balance', 'account.publickey', 'timestamp', 'limit', 'order', 'token.id',
  'serialnumber', 'spender.id', 'name', 'type', 'publickey', 'ACCOUNT.ID', 'Limit', 'unknown', '', 'hook.id', 'key', 'receiver.id',
  'sender.id', 'owner', 'registerednode.id');
const operators = fc.constantFrom('', 'eq:', 'ne:', 'lt:', 'lte:', 'gt:', 'gte:', 'like:', 'EQ:', ':');
const values = fc.oneof(
  fc.constantFrom('0.0.5', '5', '1.2.3', '0.0.274877906943', '1024.0.1', 'true', 'asc', 'desc', 'DESC', '100', '101', '0', '-1',
    '1566560004.000000000', '12.5', '99999999999', '0x' + 'ab'.repeat(32), 'ab'.repeat(33), '%00', '%ZZ', '%E2%84%8F', ' ',
    'all', 'NON_FUNGIBLE_UNIQUE', 'abc', 'ac384c53f03855fa1b3616052f8ba32c6c2a2fec', 'AAAQEAYEAUDAOCAJCAIREEYUCULBOGAZ', '%25'),
  fc.string({ maxLength: 24 }),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String),
);
const pair = fc.tuple(names, operators, values).map(([name, op, value]) => `${name}=${op}${value}`);
const queryString = fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join('&'));

describe('balances, tokens and account sub-resources with random requests', () => {
  it('answer 2xx, 400 or 404, and every error carries the error body', async () => {
    await fc.assert(fc.asyncProperty(paths, queryString, async (path, query) => {
      const url = `${path}?${encodeURI(query).replace(/%25/g, '%')}`;
      const response = await fixture.get(url);
      expect(response.statusCode, url).toBeLessThan(500);
      expect([200, 206, 400, 404], url).toContain(response.statusCode);
      const body = JSON.parse(response.body);
      if (response.statusCode >= 400) {
        expect(body._status.messages.length, url).toBeGreaterThan(0);
        for (const message of body._status.messages) expect(typeof message.message).toBe('string');
      }
    }), { numRuns: 600 });
  });

  it('names every unknown parameter in the 400 (the routes the Node.js module serves)', async () => {
    const validPaths = fc.constantFrom('/api/v1/balances', '/api/v1/tokens', '/api/v1/tokens/0.0.100', '/api/v1/tokens/100/balances',
      '/api/v1/tokens/105/nfts', '/api/v1/tokens/105/nfts/5', '/api/v1/tokens/105/nfts/5/transactions', '/api/v1/accounts/1/tokens',
      '/api/v1/accounts/1/nfts', '/api/v1/accounts/1/rewards', '/api/v1/accounts/1/allowances/crypto', '/api/v1/accounts/1/allowances/tokens');
    await fc.assert(fc.asyncProperty(validPaths, fc.stringMatching(/^[a-z]{3,10}$/).filter((n) => !['limit', 'order', 'name', 'type', 'timestamp', 'publickey', 'serialnumber', 'key', 'owner'].includes(n)), async (path, name) => {
      const response = await fixture.get(`${path}?${name}=1`);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(`Unknown query parameter: ${name}`);
    }), { numRuns: 100 });
  });

  it('ignores unknown parameters where the reference serves the route from its Java module, and keeps them out of links', async () => {
    const javaPaths = fc.constantFrom('/api/v1/accounts/1/allowances/nfts', '/api/v1/accounts/1/airdrops/outstanding', '/api/v1/accounts/1/airdrops/pending',
      '/api/v1/network/registered-nodes', '/api/v1/accounts/1/hooks', '/api/v1/accounts/1/hooks/1/storage', '/api/v1/network/stake', '/api/v1/topics/1');
    const declared = ['limit', 'order', 'type', 'timestamp', 'serialnumber', 'key', 'owner', 'account.id', 'token.id', 'receiver.id', 'sender.id', 'hook.id', 'registerednode.id'];
    await fc.assert(fc.asyncProperty(javaPaths, fc.stringMatching(/^[a-z]{3,10}$/).filter((n) => !declared.includes(n)), async (path, name) => {
      const plain = await fixture.get(`${path}?limit=1`);
      const withUnknown = await fixture.get(`${path}?limit=1&${name}=1`);
      expect(withUnknown.statusCode, name).toBe(plain.statusCode);
      expect(withUnknown.body, name).toBe(plain.body);
    }), { numRuns: 100 });
  });
});
