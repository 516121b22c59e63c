import { describe, expect, it } from 'vitest';
import { decodeBase32 } from '../../../main/mirror/format/base32.ts';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import {
  insertCryptoAllowance, insertHolding, insertNft, insertReward, insertToken, insertTokenAllowance,
} from '../../helpers/token-fixture.ts';

// The account sub-resources (tokens, nfts, allowances, rewards) over a real SQLite file.
const ALIAS = 'KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ';
const EVM = 'ebb9a1be370150759408cd7af48e9eda2b8ead57';

const fixture = mirrorApiFixture(() => {
  insertAccounts(fixture.store, [{ num: 1001 }, { num: 2001 }]);
  fixture.store.db.prepare('UPDATE entity SET alias = ?, evm_address = ? WHERE id = 1001')
    .run(Buffer.from(decodeBase32(ALIAS)!), Buffer.from(EVM, 'hex'));
  insertToken(fixture.store, 300, { freeze_status: 1, kyc_status: 2 });
  insertToken(fixture.store, 301);
  insertHolding(fixture.store, 1001, 300, 5);
  insertHolding(fixture.store, 1001, 301, 6, { freeze_status: 2, kyc_status: 1, automatic_association: 1 });
  insertHolding(fixture.store, 1001, 302, 7, { associated: 0 });
  for (const token of [400, 401]) for (let serial = 1; serial <= 3; serial++) insertNft(fixture.store, token, serial, 1001, { spender: serial === 2 ? 2001 : null });
  for (const spender of [3001, 3002, 3003]) insertCryptoAllowance(fixture.store, 1001, spender, spender === 3002 ? 0 : 50);
  for (const spender of [4001, 4002]) for (const token of [500, 501]) insertTokenAllowance(fixture.store, 1001, spender, token, 9);
  for (let i = 1; i <= 3; i++) insertReward(fixture.store, 1001, 7000 + i, i * 100);
  // NFT approvals for all: 1001 grants three spenders two collections each (one revoked); 2001 grants 4001 one.
  const approve = fixture.store.db.prepare('INSERT INTO nft_allowance (owner, spender, token_id, approved_for_all, payer_account_id, timestamp_range_lower) VALUES (?, ?, ?, ?, ?, ?)');
  for (const spender of [4001, 4002, 4003]) for (const token of [600, 601]) approve.run(1001, spender, token, spender === 4002 && token === 601 ? 0 : 1, 1001, 9000 + spender);
  approve.run(2001, 4001, 602, 1, 2001, 9100);
  // The reference's own test ledgers (AllowancesControllerTest): tokenIdAllowedRange from 5001, succeedingExclusiveLink from 5002.
  approve.run(5001, 2002, 700, 1, 5001, 9200);
  approve.run(5001, 1000, 1002, 1, 5001, 9201);
  for (const spender of [99700, 99701, 99702]) approve.run(5002, spender, 99800, 1, 5002, 9300);
});

const { get } = fixture;
const json = async (url: string) => JSON.parse((await get(url)).body);

describe('the account path parameter', () => {
  it('accepts an id, a long-zero address, the EVM address and the alias', async () => {
    for (const id of ['1001', '0.0.1001', '0x00000000000000000000000000000000000003e9', EVM, `0x${EVM}`, ALIAS, `0.0.${ALIAS}`]) {
      const body = await json(`/api/v1/accounts/${id}/tokens`);
      expect(body.tokens).toHaveLength(2);
    }
  });

  it('is 400 when malformed and 404 for an unknown alias or address', async () => {
    const bad = await get('/api/v1/accounts/0.0.x/nfts');
    expect(JSON.parse(bad.body)._status.messages).toEqual([{ message: 'Invalid parameter: idOrAliasOrEvmAddress' }]);
    const alias = await get(`/api/v1/accounts/${ALIAS.replace('K', 'L')}/nfts`);
    expect(alias.statusCode).toBe(404);
    expect(JSON.parse(alias.body)._status.messages[0].message).toBe('No account with a matching alias found');
    expect((await get(`/api/v1/accounts/${EVM.replace('e', 'f')}/rewards`)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/accounts/{id}/tokens', () => {
  it('lists associated tokens with their own or the token\'s freeze and KYC status', async () => {
    const body = await json('/api/v1/accounts/1001/tokens');
    expect(body.tokens).toEqual([
      { automatic_association: false, balance: 5, created_timestamp: '0.000001500', decimals: 2, freeze_status: 'FROZEN', kyc_status: 'REVOKED', token_id: '0.0.300' },
      { automatic_association: true, balance: 6, created_timestamp: '0.000001500', decimals: 2, freeze_status: 'UNFROZEN', kyc_status: 'GRANTED', token_id: '0.0.301' },
    ]);
    expect((await get('/api/v1/accounts/0.0.999/tokens')).statusCode).toBe(404);
  });
});

describe('GET /api/v1/accounts/{id}/nfts', () => {
  it('walks (token, serial) pairs in order and continues from the last pair', async () => {
    const body = await json('/api/v1/accounts/1001/nfts?limit=4');
    const pairs = body.nfts.map((n: { token_id: string; serial_number: number }) => `${n.token_id}/${n.serial_number}`);
    expect(pairs).toEqual(['0.0.401/3', '0.0.401/2', '0.0.401/1', '0.0.400/3']);
    expect(body.links.next).toBe('/api/v1/accounts/1001/nfts?limit=4&token.id=lte:0.0.400&serialnumber=lt:3');
    const next = await json(body.links.next);
    expect(next.nfts.map((n: { serial_number: number }) => n.serial_number)).toEqual([2, 1]);
  });

  it('pages a range over both columns to its end, every page size giving the one long page once', async () => {
    const pairsOf = (body: { nfts: Array<{ token_id: string; serial_number: number }> }) => body.nfts.map((n) => `${n.token_id}/${n.serial_number}`);
    for (const filters of ['token.id=gte:0.0.400&serialnumber=gte:2', 'token.id=gte:0.0.400&token.id=lte:0.0.401&serialnumber=gte:2&serialnumber=lte:2', 'order=asc&token.id=gte:0.0.400&serialnumber=gte:2']) {
      const whole = pairsOf(await json(`/api/v1/accounts/1001/nfts?${filters}`));
      for (const limit of [1, 2, 3]) {
        const seen: string[] = [];
        let next: string | null = `/api/v1/accounts/1001/nfts?limit=${limit}&${filters}`;
        // A next link that repeats its own range would page forever: ten pages are more than enough.
        for (let page = 0; next && page < 10; page++) {
          const body = await json(next);
          seen.push(...pairsOf(body));
          next = body.links.next;
        }
        expect(next, `${filters}, limit ${limit}: still a next link after ten pages`).toBeNull();
        expect(seen, `${filters}, limit ${limit}`).toEqual(whole);
      }
    }
    expect(pairsOf(await json('/api/v1/accounts/1001/nfts?token.id=gte:0.0.400&token.id=lte:0.0.400&serialnumber=gte:2&serialnumber=lt:3'))).toEqual(['0.0.400/2']);
    expect(pairsOf(await json('/api/v1/accounts/1001/nfts?token.id=gte:0.0.401&token.id=lte:0.0.400&serialnumber=gte:1&serialnumber=lte:3'))).toEqual([]);
  });

  it('filters by spender and refuses combinations the reference refuses', async () => {
    const body = await json('/api/v1/accounts/1001/nfts?spender.id=2001');
    expect(body.nfts).toHaveLength(2);
    const serialOnly = await json('/api/v1/accounts/1001/nfts?serialnumber=2');
    expect(serialOnly._status.messages[0].message).toBe('serialnumber without a token.id parameter filter');
    const twoLower = await json('/api/v1/accounts/1001/nfts?token.id=gt:1&token.id=gte:2');
    expect(twoLower._status.messages[0].message).toBe('Only one gt/gte operator is allowed for token.id');
  });
});

describe('GET /api/v1/accounts/{id}/allowances', () => {
  it('lists active hbar allowances only, newest spender first', async () => {
    const body = await json('/api/v1/accounts/1001/allowances/crypto');
    expect(body.allowances.map((a: { spender: string }) => a.spender)).toEqual(['0.0.3003', '0.0.3001']);
    expect(body.allowances[0]).toEqual({
      amount: 50, amount_granted: 60, owner: '0.0.1001', spender: '0.0.3003', timestamp: { from: '0.000008003', to: null },
    });
  });

  it('pages token allowances by (spender, token)', async () => {
    const body = await json('/api/v1/accounts/1001/allowances/tokens?limit=3');
    expect(body.allowances.map((a: { spender: string; token_id: string }) => `${a.spender}/${a.token_id}`))
      .toEqual(['0.0.4001/0.0.500', '0.0.4001/0.0.501', '0.0.4002/0.0.500']);
    expect(body.links.next).toBe('/api/v1/accounts/1001/allowances/tokens?limit=3&spender.id=gte:0.0.4002&token.id=gt:0.0.500');
    const next = await json(body.links.next);
    expect(next.allowances.map((a: { token_id: string }) => a.token_id)).toEqual(['0.0.501']);
  });
});

describe('GET /api/v1/accounts/{id}/allowances/nfts', () => {
  const pairs = (body: { allowances: Array<{ owner: string; spender: string; token_id: string }> }, party: 'owner' | 'spender') =>
    body.allowances.map((a) => `${a[party]}/${a.token_id}`);

  it('lists the approvals an owner granted by (spender, token), revoked ones left out, in the reference shape', async () => {
    const body = await json('/api/v1/accounts/1001/allowances/nfts');
    expect(pairs(body, 'spender')).toEqual(['0.0.4001/0.0.600', '0.0.4001/0.0.601', '0.0.4002/0.0.600', '0.0.4003/0.0.600', '0.0.4003/0.0.601']);
    expect(body.allowances[0]).toEqual({
      approved_for_all: true, owner: '0.0.1001', spender: '0.0.4001', timestamp: { from: '0.000013001', to: null }, token_id: '0.0.600',
    });
    expect(body.links.next).toBeNull();
  });

  it('with owner=false lists the approvals granted to the account, by (owner, token)', async () => {
    const body = await json('/api/v1/accounts/4001/allowances/nfts?owner=false');
    expect(pairs(body, 'owner')).toEqual(['0.0.1001/0.0.600', '0.0.1001/0.0.601', '0.0.2001/0.0.602']);
    const desc = await json('/api/v1/accounts/4001/allowances/nfts?owner=FALSE&order=desc&limit=2');
    expect(pairs(desc, 'owner')).toEqual(['0.0.2001/0.0.602', '0.0.1001/0.0.601']);
    expect(desc.links.next).toBe('/api/v1/accounts/4001/allowances/nfts?owner=FALSE&order=desc&limit=2&account.id=lte:0.0.1001&token.id=lt:0.0.601');
    expect(pairs(await json(desc.links.next), 'owner')).toEqual(['0.0.1001/0.0.600']);
  });

  it('pages by (account, token), every page size giving the whole list once', async () => {
    for (const limit of [1, 2, 3]) {
      const seen: string[] = [];
      for (let next: string | null = `/api/v1/accounts/1001/allowances/nfts?limit=${limit}`; next;) {
        const body = await json(next);
        seen.push(...pairs(body, 'spender'));
        next = body.links.next;
      }
      expect(seen, `limit ${limit}`).toEqual(pairs(await json('/api/v1/accounts/1001/allowances/nfts'), 'spender'));
    }
    expect(pairs(await json('/api/v1/accounts/1001/allowances/nfts?account.id=gte:0.0.4002&token.id=gt:0.0.600'), 'spender')).toEqual(['0.0.4003/0.0.600', '0.0.4003/0.0.601']);
    expect(pairs(await json('/api/v1/accounts/1001/allowances/nfts?account.id=4003&token.id=601'), 'spender')).toEqual(['0.0.4003/0.0.601']);
  });

  it('keeps the bounds it does not page by, and pages on past an equality (tokenIdAllowedRange, succeedingExclusiveLink)', async () => {
    const path = '/api/v1/accounts/5001/allowances/nfts';
    const ranged = await json(`${path}?account.id=gte:0.0.1000&account.id=lte:0.0.2002&owner=true&token.id=gt:0.0.1000&&token.id=lt:0.0.800&limit=2&order=asc`);
    expect(pairs(ranged, 'spender')).toEqual(['0.0.1000/0.0.1002', '0.0.2002/0.0.700']);
    expect(ranged.links.next).toBe(`${path}?account.id=lte:0.0.2002&account.id=gte:0.0.2002&owner=true&token.id=lt:0.0.800&token.id=gt:0.0.700&limit=2&order=asc`);
    const exclusive = await json('/api/v1/accounts/5002/allowances/nfts?limit=2&account.id=gte:0.0.99700&token.id=0.0.99800');
    expect(pairs(exclusive, 'spender')).toEqual(['0.0.99700/0.0.99800', '0.0.99701/0.0.99800']);
    expect(exclusive.links.next).toBe('/api/v1/accounts/5002/allowances/nfts?limit=2&token.id=0.0.99800&account.id=gt:0.0.99701');
    const last = await json(exclusive.links.next);
    expect(pairs(last, 'spender')).toEqual(['0.0.99702/0.0.99800']);
    expect(last.links.next).toBeNull();
  });

  it('ignores query keys it does not declare, and leaves them out of the next link', async () => {
    const body = await json('/api/v1/accounts/1001/allowances/nfts?limit=1&spender.id=4001&foo=bar');
    expect(pairs(body, 'spender')).toEqual(['0.0.4001/0.0.600']);
    expect(body.links.next).toBe('/api/v1/accounts/1001/allowances/nfts?limit=1&account.id=gte:0.0.4001&token.id=gt:0.0.600');
  });

  it('refuses what the reference refuses, in its error shapes (AllowancesControllerTest)', async () => {
    const javaError = (detail: string) => ({ _status: { messages: [{ data: null, detail, message: 'Bad Request' }] } });
    const cases: Array<[string, object]> = [
      ['owner=true&token.id=gt:0.0.1000', javaError('token.id parameter must have account.id present')],
      ['account.id=gte:0.0.1000&token.id=ne:0.0.1000', javaError('Unsupported range operator ne for token.id')],
      ['account.id=gte:0.0.1000&account.id=lte:0.0.999&token.id=eq:0.0.1000', javaError('Invalid range provided for account.id')],
      ['account.id=gte:0.0.1000&token.id=gt:0.0.1000&token.id=lt:0.0.800', javaError('Invalid range provided for token.id')],
      ['account.id=gt:4001&token.id=lt:600', javaError('Requires the presence of an lte or eq account.id parameter')],
      ['account.id=4001&account.id=gt:4000', javaError("Can't support both range and equal for account.id")],
      ['owner=maybe', javaError("Failed to convert 'owner'")],
      ['account.id=0.0.', javaError("Failed to convert 'account.id'")],
      ['order=ascending', javaError("Failed to convert 'order'")],
      ['limit=a', javaError("Failed to convert 'limit'")],
      ['limit=101', { _status: { messages: [{ message: 'limit must be less than or equal to 100' }] } }],
      ['limit=-1', { _status: { messages: [{ message: 'limit must be greater than 0' }] } }],
    ];
    for (const [query, body] of cases) {
      const response = await get(`/api/v1/accounts/1001/allowances/nfts?${query}`);
      expect({ status: response.statusCode, body: JSON.parse(response.body) }, query).toEqual({ status: 400, body });
    }
    const unknown = await get(`/api/v1/accounts/${ALIAS.replace('K', 'L')}/allowances/nfts`);
    expect({ status: unknown.statusCode, body: JSON.parse(unknown.body) })
      .toEqual({ status: 404, body: { _status: { messages: [{ data: null, detail: 'No account found for the given ID', message: 'Not Found' }] } } });
  });
});

describe('GET /api/v1/accounts/{id}/rewards', () => {
  it('lists payouts newest first, cached for a minute, and refuses ne', async () => {
    const response = await get('/api/v1/accounts/1001/rewards?limit=2');
    const body = JSON.parse(response.body);
    expect(body.rewards).toEqual([
      { account_id: '0.0.1001', amount: 300, timestamp: '0.000007003' },
      { account_id: '0.0.1001', amount: 200, timestamp: '0.000007002' },
    ]);
    expect(body.links.next).toBe('/api/v1/accounts/1001/rewards?limit=2&timestamp=lt:0.000007002');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect((await json('/api/v1/accounts/1001/rewards?timestamp=ne:1'))._status.messages[0].message)
      .toBe('Not equals (ne) operator is not supported for timestamp');
  });
});
