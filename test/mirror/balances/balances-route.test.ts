import { describe, expect, it } from 'vitest';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { insertHolding, insertSnapshot, insertToken } from '../../helpers/token-fixture.ts';

// GET /api/v1/balances over a real SQLite file, through Fastify's inject.
// A snapshot a month ago: inside the six-month window the reference looks back over.
const SNAPSHOT = BigInt(Date.now() - 30 * 86_400_000) * 1_000_000n;

const fixture = mirrorApiFixture(() => {
  insertAccounts(fixture.store, Array.from({ length: 6 }, (_, i) => ({ num: i + 1, balance: (i + 1) * 100 })));
  insertToken(fixture.store, 500);
  insertHolding(fixture.store, 3, 500, 77);
  insertHolding(fixture.store, 4, 500, 5, { associated: 0 });
  for (const num of [2, 3, 4]) insertSnapshot(fixture.store, SNAPSHOT, num, num * 10, num === 3 ? [[500, 70]] : []);
  insertSnapshot(fixture.store, SNAPSHOT - 1_000_000_000n, 5, 55);
});

const { get } = fixture;

describe('GET /api/v1/balances', () => {
  it('lists current balances newest account first, with associated token balances only', async () => {
    const response = await get('/api/v1/balances?limit=3');
    const body = JSON.parse(response.body);
    expect(body.balances.map((b: { account: string }) => b.account)).toEqual(['0.0.6', '0.0.5', '0.0.4']);
    expect(body.balances[2].tokens).toEqual([]);
    expect(body.links.next).toBe('/api/v1/balances?limit=3&account.id=lt:0.0.4');
    expect(response.headers.link).toBe('</api/v1/balances?limit=3&account.id=lt:0.0.4>; rel="next"');
    expect(response.headers['cache-control']).toBe('public, max-age=1');
    const three = JSON.parse((await get('/api/v1/balances?account.id=0.0.3')).body);
    expect(three.balances[0].tokens).toEqual([{ token_id: '0.0.500', balance: 77 }]);
  });

  it('answers a timestamp from the treasury snapshot at or before it, per account the newest row', async () => {
    const seconds = `${SNAPSHOT / 1_000_000_000n}.${(SNAPSHOT % 1_000_000_000n).toString().padStart(9, '0')}`;
    const body = JSON.parse((await get(`/api/v1/balances?timestamp=${seconds}&order=asc`)).body);
    expect(body.timestamp).toBe(seconds);
    expect(body.balances).toEqual([
      { account: '0.0.2', balance: 20, tokens: [] },
      { account: '0.0.3', balance: 30, tokens: [{ token_id: '0.0.500', balance: 70 }] },
      { account: '0.0.4', balance: 40, tokens: [] },
      { account: '0.0.5', balance: 55, tokens: [] },
    ]);
  });

  it('has no snapshot before the first one', async () => {
    const body = JSON.parse((await get('/api/v1/balances?timestamp=lt:1000')).body);
    expect(body).toEqual({ timestamp: null, balances: [], links: { next: null } });
  });

  it('takes one EVM address or alias, with equality only, and says why otherwise', async () => {
    const evm = 'ac384c53f03855fa1b3616052f8ba32c6c2a2fec';
    const onlyEq = JSON.parse((await get(`/api/v1/balances?account.id=gte:${evm}`)).body);
    expect(onlyEq._status.messages).toEqual([{ message: 'Invalid parameter: account.id', detail: 'EVM address or alias only supports equals operator' }]);
    const two = await get(`/api/v1/balances?account.id=${evm}&account.id=0x${evm.replace(/c$/, 'd')}`);
    expect(two.statusCode).toBe(400);
    expect(JSON.parse(two.body)._status.messages[0].detail).toBe('Only one EVM address or alias is allowed.');
    const unknown = JSON.parse((await get(`/api/v1/balances?account.id=${evm}`)).body);
    expect(unknown.balances).toEqual([]);
  });

  it('rejects bad values and unknown parameters in URL order', async () => {
    const response = await get('/api/v1/balances?account.balance=gt:-2&order=any&token.id=1');
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)._status.messages.map((m: { message: string }) => m.message)).toEqual([
      'Invalid parameter: account.balance', 'Invalid parameter: order', 'Unknown query parameter: token.id',
    ]);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/v1/balances?limit=2');
    const again = await get('/api/v1/balances?limit=2', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});
