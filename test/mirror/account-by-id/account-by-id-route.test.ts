import { describe, expect, it } from 'vitest';
import { encodeBase32 } from '../../../main/mirror/format/base32.ts';
import { insertAccounts, insertTokenAssociations } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { insertTransactions } from '../../helpers/transaction-fixture.ts';

// GET /api/v1/accounts/{idOrAliasOrEvmAddress} over a real SQLite file.
const T0 = 1_700_000_000_000_000_000n;
const ALIAS = Buffer.from('12'.repeat(16), 'hex');
const EVM = 'ac384c53f03855fa1b3616052f8ba32c6c2a2fec';

const fixture = mirrorApiFixture(() => {
  insertAccounts(fixture.store, [{ num: 1001, balance: 500 }, { num: 1002, balance: 7 }]);
  fixture.store.db.prepare('UPDATE entity SET alias = ?, evm_address = ? WHERE id = 1001').run(ALIAS, Buffer.from(EVM, 'hex'));
  // An older version of 1002, valid until T0.
  fixture.store.db.prepare(`INSERT INTO entity_history (id, num, realm, shard, balance, memo, type, decline_reward, deleted,
      staked_node_id, stake_period_start, timestamp_range_lower, timestamp_range_upper)
    VALUES (1002, 1002, 0, 0, 3, 'before', 'ACCOUNT', 0, 0, -1, -1, 0, ?)`).run(T0);
  fixture.store.db.prepare('UPDATE entity SET timestamp_range_lower = ? WHERE id = 1002').run(T0);
  insertTokenAssociations(fixture.store, 1001, 5000, 3);
  insertTransactions(fixture.store, [
    { consensus: T0 + 1n, payer: 1001 },
    { consensus: T0 + 2n, payer: 1002, transfers: [[1002, -1], [1001, 1]] },
    { consensus: T0 + 3n, payer: 1002, type: 27 },
  ]);
});

const get = async (url: string) => {
  const response = await fixture.get(url);
  return { response, body: JSON.parse(response.body) };
};

describe('GET /api/v1/accounts/{idOrAliasOrEvmAddress}', () => {
  it('answers the same account by id, alias and EVM address, with its tokens and transactions', async () => {
    for (const id of ['0.0.1001', '1001', encodeBase32(ALIAS), `0.0.${encodeBase32(ALIAS)}`, EVM, `0x${EVM}`]) {
      const { response, body } = await get(`/api/v1/accounts/${id}`);
      expect(response.statusCode).toBe(200);
      expect(body.account).toBe('0.0.1001');
      expect(body.balance.tokens).toHaveLength(3);
      expect(body.transactions.map((t: { consensus_timestamp: string }) => t.consensus_timestamp)).toEqual(['1700000000.000000002', '1700000000.000000001']);
      expect(response.headers['cache-control']).toBe('public, max-age=2');
    }
  });

  it('leaves the transactions out with transactions=false, and pages them with limit', async () => {
    expect((await get('/api/v1/accounts/1001?transactions=false')).body.transactions).toEqual([]);
    const { body } = await get('/api/v1/accounts/1002?limit=1');
    expect(body.links.next).toBe('/api/v1/accounts/1002?limit=1&timestamp=lt:1700000000.000000003');
    expect((await get('/api/v1/accounts/1002?transactiontype=consensussubmitmessage')).body.transactions).toHaveLength(1);
  });

  it('answers as the account was at a historical timestamp', async () => {
    const { body } = await get(`/api/v1/accounts/1002?timestamp=lt:${T0 / 1_000_000_000n}.000000000`);
    expect(body.memo).toBe('before');
    expect(body.balance.balance).toBe(3);
    expect(body.transactions).toEqual([]);
  });

  it('distinguishes bad ids (400), unknown accounts (404) and empty ranges (404)', async () => {
    expect((await get('/api/v1/accounts/0.5.6.7')).body).toEqual({ _status: { messages: [{ message: 'Invalid parameter: idOrAliasOrEvmAddress' }] } });
    expect((await get('/api/v1/accounts/0.0.4242')).response.statusCode).toBe(404);
    expect((await get(`/api/v1/accounts/${encodeBase32(Buffer.alloc(20, 9))}`)).body._status.messages[0].message).toBe('No account with a matching alias found');
    expect((await get('/api/v1/accounts/1001?timestamp=gt:2&timestamp=lt:1')).body._status.messages[0].message).toBe('Timestamp range is empty');
    expect((await get('/api/v1/accounts/1001?balance=true')).body._status.messages[0].message).toBe('Unknown query parameter: balance');
  });
});
