import { describe, expect, it } from 'vitest';
import { ed25519KeyBytes } from '../../../main/mirror/format/key.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { insertTransactions } from '../../helpers/transaction-fixture.ts';

// The transactions routes over a real SQLite file, through Fastify's inject.
const T0 = 1_700_000_000_000_000_000n;
const KEY = 'ab'.repeat(32);
const HASH = Buffer.from(Array.from({ length: 48 }, (_, i) => i + 1));

const fixture = mirrorApiFixture(() => {
  insertTransactions(fixture.store, [
    { consensus: T0 + 1n, payer: 1001, transfers: [[1001, -10], [1002, 10]], batchKey: ed25519KeyBytes(Buffer.from(KEY, 'hex')), highVolume: true },
    { consensus: T0 + 2n, payer: 1002, type: 37, result: 11, tokenTransfers: [[5000, 1003, 7]] },
    { consensus: T0 + 3n, payer: 1003, type: 27, nftTransfers: [[6000, 1, 1003, 1001]] },
    // A batch: the outer transaction lists its inner ones as [payer, valid start] pairs.
    { consensus: T0 + 10n, payer: 1005, type: 74, validStart: T0, innerTransactions: `[1006,${T0 + 5n}]`, hash: HASH },
    { consensus: T0 + 11n, payer: 1006, validStart: T0 + 5n, parent: T0 + 10n, nonce: 0 },
  ]);
});

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fixture.get(url, headers);
  return { response, body: JSON.parse(response.body || 'null') };
};
const ids = (body: { transactions: Array<{ consensus_timestamp: string }> }) => body.transactions.map((t) => t.consensus_timestamp);

describe('GET /api/v1/transactions', () => {
  it('lists newest first and pages with a timestamp anchor, in links.next and the Link header', async () => {
    const { response, body } = await get('/api/v1/transactions?limit=2');
    expect(ids(body)).toEqual(['1700000000.000000011', '1700000000.000000010']);
    expect(body.links.next).toBe('/api/v1/transactions?limit=2&timestamp=lt:1700000000.000000010');
    expect(response.headers.link).toBe('</api/v1/transactions?limit=2&timestamp=lt:1700000000.000000010>; rel="next"');
    expect(response.headers['cache-control']).toBe('public, max-age=2');
    const next = await get(body.links.next);
    expect(ids(next.body)).toEqual(['1700000000.000000003', '1700000000.000000002']);
  });

  it('renders batch_key as the Key wrapper and high_volume as a boolean', async () => {
    const { body } = await get('/api/v1/transactions?timestamp=1700000000.000000001');
    const [tx] = body.transactions;
    expect(tx.batch_key).toEqual({ _type: 'ED25519', key: KEY });
    expect(tx.high_volume).toBe(true);
    expect(tx.transaction_id).toBe('0.0.1001-1700000000-000000000');
    expect(tx.transfers).toEqual([{ account: '0.0.1001', amount: -10, is_approval: false }, { account: '0.0.1002', amount: 10, is_approval: false }]);
  });

  it('finds an account through its payments, crypto, token and NFT transfers', async () => {
    expect(ids((await get('/api/v1/transactions?account.id=0.0.1001')).body)).toEqual(['1700000000.000000003', '1700000000.000000001']);
    expect(ids((await get('/api/v1/transactions?account.id=1003&order=asc')).body)).toEqual(['1700000000.000000002', '1700000000.000000003']);
    expect(ids((await get('/api/v1/transactions?account.id=0.0.1002&type=credit')).body)).toEqual(['1700000000.000000001']);
  });

  it('takes account.id as an EVM address, as the reference does: a long-zero one is its id, any other matches nothing', async () => {
    const longZero = '0x00000000000000000000000000000000000003e9';
    const other = '0xebb9a1be370150759408cd7af48e9eda2b8ead57';
    expect(ids((await get(`/api/v1/transactions?account.id=${longZero}`)).body)).toEqual(['1700000000.000000003', '1700000000.000000001']);
    expect(ids((await get(`/api/v1/transactions?account.id=${other}`)).body)).toEqual([]);
    // One equality of several that spells no id drops out; a range bound that spells none leaves nothing.
    expect(ids((await get(`/api/v1/transactions?account.id=${other}&account.id=1003&order=asc`)).body)).toEqual(['1700000000.000000002', '1700000000.000000003']);
    expect(ids((await get(`/api/v1/transactions?account.id=gt:${other}`)).body)).toEqual([]);
    expect((await get('/api/v1/transactions?account.id=0xebb9a1be37')).body._status.messages).toEqual([{ message: 'Invalid parameter: account.id' }]);
  });

  it('reads a key sent as key[] (axios\'s way with lists) as that key, and key[x] as a bad value of it, as the reference\'s query parser does', async () => {
    const list = await get('/api/v1/transactions?account.id[]=0.0.1001&account.id%5B%5D=1003&limit=2');
    expect(ids(list.body)).toEqual(ids((await get('/api/v1/transactions?account.id=0.0.1001&account.id=1003&limit=2')).body));
    expect(list.body.links.next).toBe('/api/v1/transactions?account.id=0.0.1001&account.id=1003&limit=2&timestamp=lt:1700000000.000000002');
    expect((await get('/api/v1/transactions?account.id[x]=1')).body._status.messages).toEqual([{ message: 'Invalid parameter: account.id' }]);
  });

  it('filters by type and result', async () => {
    expect(ids((await get('/api/v1/transactions?transactiontype=TOKENMINT')).body)).toEqual(['1700000000.000000002']);
    expect(ids((await get('/api/v1/transactions?result=fail')).body)).toEqual(['1700000000.000000002']);
    const { body } = await get('/api/v1/transactions?result=fail');
    expect(body.transactions[0].result).toBe('DUPLICATE_TRANSACTION');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/v1/transactions?limit=1');
    const again = await get('/api/v1/transactions?limit=1', { 'if-none-match': String(first.response.headers.etag) });
    expect(again.response.statusCode).toBe(304);
  });

  it.each([
    ['limit=0', 'Invalid parameter: limit'],
    ['account.id=0.x', 'Invalid parameter: account.id'],
    ['timestamp=-1', 'Invalid parameter: timestamp'],
    ['transactiontype=teleport', 'Invalid parameter: transactiontype'],
    ['result=maybe', 'Invalid parameter: result'],
    ['nonce=1', 'Unknown query parameter: nonce'],
  ])('%s is a 400 naming the parameter', async (query, message) => {
    const { response, body } = await get(`/api/v1/transactions?${query}`);
    expect(response.statusCode).toBe(400);
    expect(body._status.messages).toEqual([{ message }]);
  });
});

describe('GET /api/v1/transactions/{transactionIdOrHash}', () => {
  it('returns a batch with its inner transactions, and caches for 10 minutes', async () => {
    const { response, body } = await get(`/api/v1/transactions/0.0.1005-${T0 / 1_000_000_000n}-000000000`);
    expect(ids(body)).toEqual(['1700000000.000000010', '1700000000.000000011']);
    expect(body.transactions[1].parent_consensus_timestamp).toBe('1700000000.000000010');
    // As the reference: assessed_custom_fees only when the transaction charged custom fees.
    expect(body.transactions[0]).not.toHaveProperty('assessed_custom_fees');
    expect(response.headers['cache-control']).toBe('public, max-age=600');
  });

  it('finds a transaction by its hash (hex, 0x hex or base64url), without inner transactions', async () => {
    for (const form of [HASH.toString('hex'), `0x${HASH.toString('hex')}`, HASH.toString('base64url')]) {
      expect(ids((await get(`/api/v1/transactions/${form}`)).body)).toEqual(['1700000000.000000010']);
    }
  });

  it('narrows by nonce and scheduled, and says Not found when nothing matches', async () => {
    const { response, body } = await get('/api/v1/transactions/0.0.1005-1700000000-000000000?scheduled=true');
    expect(response.statusCode).toBe(404);
    expect(body).toEqual({ _status: { messages: [{ message: 'Not found' }] } });
  });

  it('rejects an id that is neither a transaction id nor a hash', async () => {
    const { response, body } = await get('/api/v1/transactions/0.0.1005@1700000000.0');
    expect(response.statusCode).toBe(400);
    expect(body._status.messages[0].message).toContain('Invalid Transaction id');
    expect((await get('/api/v1/transactions/0.0.1005-1700000000-000000000?nonce=lt:1')).response.statusCode).toBe(400);
  });
});
