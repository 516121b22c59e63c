import { describe, expect, it } from 'vitest';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { insertHolding, insertNft, insertToken } from '../../helpers/token-fixture.ts';

// The /api/v1/tokens endpoints over a real SQLite file.
const fixture = mirrorApiFixture(() => {
  insertAccounts(fixture.store, [{ num: 7 }, { num: 8 }]);
  for (let id = 100; id < 106; id++) insertToken(fixture.store, id, { name: id === 103 ? 'Special Coin' : `Token ${id}` });
  insertToken(fixture.store, 200, { type: 'NON_FUNGIBLE_UNIQUE', decimals: 0 });
  fixture.store.db.prepare("UPDATE custom_fee SET fixed_fees = ? WHERE entity_id = 101")
    .run(JSON.stringify([{ amount: 5, collector_account_id: 7 }]));
  insertHolding(fixture.store, 7, 101, 10);
  insertHolding(fixture.store, 8, 101, 20);
  insertHolding(fixture.store, 7, 104, 30, { associated: 0 });
  for (let serial = 1; serial <= 4; serial++) insertNft(fixture.store, 200, serial, serial % 2 === 0 ? 7 : 8);
  // A token whose fee schedule row is missing still shows an empty current schedule.
  fixture.store.db.prepare('DELETE FROM custom_fee WHERE entity_id = 105').run();
});

const { get } = fixture;
const json = async (url: string) => JSON.parse((await get(url)).body);

describe('GET /api/v1/tokens', () => {
  it('pages by token id with a next link, cached for ten seconds', async () => {
    const response = await get('/api/v1/tokens?limit=2');
    const body = JSON.parse(response.body);
    expect(body.tokens.map((t: { token_id: string }) => t.token_id)).toEqual(['0.0.100', '0.0.101']);
    expect(body.links.next).toBe('/api/v1/tokens?limit=2&token.id=gt:0.0.101');
    expect(response.headers['cache-control']).toBe('public, max-age=10');
  });

  it('lists an account\'s associated tokens only', async () => {
    const body = await json('/api/v1/tokens?account.id=0.0.7');
    expect(body.tokens.map((t: { token_id: string }) => t.token_id)).toEqual(['0.0.101']);
  });

  it('finds names anywhere, ignoring case, and never pages a name search', async () => {
    const body = await json('/api/v1/tokens?name=SPECIAL&limit=1');
    expect(body.tokens.map((t: { name: string }) => t.name)).toEqual(['Special Coin']);
    expect(body.links.next).toBeNull();
    expect((await get('/api/v1/tokens?name=ab')).statusCode).toBe(400);
    expect((await json('/api/v1/tokens?name=abc&token.id=1'))._status.messages[0].message).toContain('can not be used together');
  });

  it('filters by type, any case', async () => {
    const body = await json('/api/v1/tokens?type=non_fungible_unique');
    expect(body.tokens.map((t: { token_id: string }) => t.token_id)).toEqual(['0.0.200']);
  });
});

describe('GET /api/v1/tokens/{id}', () => {
  it('takes an id or a long-zero EVM address and renders the fee schedule', async () => {
    for (const id of ['0.0.101', '101', '0x0000000000000000000000000000000000000065']) {
      const body = await json(`/api/v1/tokens/${id}`);
      expect(body.token_id).toBe('0.0.101');
      expect(body.decimals).toBe('2');
      expect(body.custom_fees.fixed_fees).toEqual([
        { all_collectors_are_exempt: false, amount: 5, collector_account_id: '0.0.7', denominating_token_id: null },
      ]);
    }
    expect((await get('/api/v1/tokens/101')).headers['cache-control']).toBe('public, max-age=5');
  });

  it('is 404 for an unknown token or a time before its fee schedule, 400 for an id that is no token id', async () => {
    expect((await get('/api/v1/tokens/0.0.999')).statusCode).toBe(404);
    expect((await json('/api/v1/tokens/0.0.105')).custom_fees).toEqual({ created_timestamp: '0.000001000', fixed_fees: [], fractional_fees: [] });
    expect((await get('/api/v1/tokens/0.0.105?timestamp=0.000001000')).statusCode).toBe(404);
    expect((await get('/api/v1/tokens/0.0.101?timestamp=lt:0.000001000')).statusCode).toBe(404);
    expect((await json('/api/v1/tokens/0.0.101?timestamp=0.000001000')).token_id).toBe('0.0.101');
    const invalid = await get('/api/v1/tokens/06bd279138d5918402fc8ad500526cb2ee0eb985');
    expect(invalid.statusCode).toBe(400);
    expect(JSON.parse(invalid.body)._status.messages).toEqual([{ message: 'Invalid parameter: tokenid' }]);
  });
});

describe('GET /api/v1/tokens/{id}/balances', () => {
  it('lists holders newest account first with the token decimals', async () => {
    const body = await json('/api/v1/tokens/0.0.101/balances');
    expect(body.balances).toEqual([
      { account: '0.0.8', balance: 20, decimals: 2 },
      { account: '0.0.7', balance: 10, decimals: 2 },
    ]);
    expect(body.timestamp).toBe('0.000002000');
  });

  it('filters holders by balance', async () => {
    const body = await json('/api/v1/tokens/0.0.101/balances?account.balance=gt:15');
    expect(body.balances.map((b: { account: string }) => b.account)).toEqual(['0.0.8']);
  });
});

describe('GET /api/v1/tokens/{id}/nfts', () => {
  it('pages NFTs by serial number, newest first', async () => {
    const body = await json('/api/v1/tokens/0.0.200/nfts?limit=2');
    expect(body.nfts.map((n: { serial_number: number }) => n.serial_number)).toEqual([4, 3]);
    expect(body.links.next).toBe('/api/v1/tokens/0.0.200/nfts?limit=2&serialnumber=lt:3');
    expect(body.nfts[0]).toMatchObject({ account_id: '0.0.7', metadata: Buffer.from('nft-4').toString('base64'), deleted: false });
  });

  it('serves one NFT, 404 for an unknown serial, 400 for a bad one', async () => {
    expect((await json('/api/v1/tokens/0.0.200/nfts/3')).serial_number).toBe(3);
    expect((await get('/api/v1/tokens/0.0.200/nfts/9')).statusCode).toBe(404);
    expect(JSON.parse((await get('/api/v1/tokens/0.0.200/nfts/zero')).body)._status.messages).toEqual([{ message: 'Invalid parameter: serialnumber' }]);
  });

  it('has an empty transaction history for an NFT nothing happened to', async () => {
    const body = await json('/api/v1/tokens/0.0.200/nfts/77/transactions');
    expect(body).toEqual({ transactions: [], links: { next: null } });
  });
});
