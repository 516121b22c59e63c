import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { airdropsSql } from '../../../main/mirror/airdrops/airdrops-sql.ts';
import { Bound } from '../../../main/mirror/query/paging-bounds.ts';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { expectRefused, mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { explainPlan } from '../../helpers/query-plan.ts';

// GET /api/v1/accounts/{id}/airdrops/outstanding and /pending over a real SQLite file: what an
// account sent and was sent, the pending ones only, and paging through (party, token, serial).
const SENDER = 1001;
const RECEIVER = 2001;

interface Airdrop { sender: number; receiver: number; token: number; serial: number; amount: number | null; state?: string }

// The sender's airdrops: three receivers, fungible tokens 500/501 and NFT collection 600 with several serials each.
const AIRDROPS: Airdrop[] = [];
for (const receiver of [2001, 2002, 2003]) {
  for (const token of [500, 501]) AIRDROPS.push({ sender: SENDER, receiver, token, serial: 0, amount: receiver + token });
  for (const serial of [1, 2, 3]) AIRDROPS.push({ sender: SENDER, receiver, token: 600, serial, amount: null });
}
// Not pending: neither list shows them.
AIRDROPS.push({ sender: SENDER, receiver: 2004, token: 500, serial: 0, amount: 5, state: 'CANCELLED' });
AIRDROPS.push({ sender: SENDER, receiver: 2002, token: 502, serial: 0, amount: 5, state: 'CLAIMED' });
// What others sent to RECEIVER.
for (const sender of [1002, 1003]) AIRDROPS.push({ sender, receiver: RECEIVER, token: 700, serial: 0, amount: 9 });

const fixture = mirrorApiFixture((store) => {
  insertAccounts(store, [{ num: SENDER }, { num: RECEIVER }]);
  const insert = store.db.prepare(`INSERT INTO token_airdrop (sender_account_id, receiver_account_id, token_id, serial_number, amount, state, timestamp_range_lower)
VALUES (?, ?, ?, ?, ?, ?, ?)`);
  AIRDROPS.forEach((a, i) => insert.run(a.sender, a.receiver, a.token, a.serial, a.amount, a.state ?? 'PENDING', 1_700_000_000_000_000_000n + BigInt(i)));
});

const { get } = fixture;
const json = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return JSON.parse(response.body);
};
const key = (a: { receiver_id: string; token_id: string; serial_number: number | null }) => `${a.receiver_id}/${a.token_id}/${a.serial_number ?? 0}`;
const expectedKeys = (filter: (a: Airdrop) => boolean) => AIRDROPS.filter((a) => a.sender === SENDER && !a.state && filter(a))
  .sort((x, y) => x.receiver - y.receiver || x.token - y.token || x.serial - y.serial)
  .map((a) => `0.0.${a.receiver}/0.0.${a.token}/${a.serial}`);

/** Every page from `url` on, following links.next. */
async function allPages(url: string): Promise<any[]> {
  const items: any[] = [];
  for (let next: string | null = url, pages = 0; next; pages++) {
    expect(pages).toBeLessThan(100);
    const body = await json(next);
    items.push(...body.airdrops);
    next = body.links.next;
  }
  return items;
}

describe('outstanding and pending airdrops', () => {
  it('lists the pending airdrops an account sent, in (receiver, token, serial) order, in the reference shape', async () => {
    const body = await json(`/api/v1/accounts/0.0.${SENDER}/airdrops/outstanding`);
    expect(body.airdrops.map(key)).toEqual(expectedKeys(() => true));
    expect(body.airdrops[0]).toEqual({
      amount: 2501, receiver_id: '0.0.2001', sender_id: '0.0.1001', serial_number: null,
      timestamp: { from: '1700000000.000000000', to: null }, token_id: '0.0.500',
    });
    // An NFT airdrop has a serial number and no amount.
    expect(body.airdrops[2]).toMatchObject({ amount: null, serial_number: 1, token_id: '0.0.600' });
    expect(body.links.next).toBeNull();
  });

  it('lists what an account was sent, by sender', async () => {
    const body = await json(`/api/v1/accounts/${RECEIVER}/airdrops/pending`);
    expect(body.airdrops.map((a: any) => `${a.sender_id}/${a.token_id}/${a.serial_number}`))
      .toEqual(['0.0.1001/0.0.500/null', '0.0.1001/0.0.501/null', '0.0.1001/0.0.600/1', '0.0.1001/0.0.600/2', '0.0.1001/0.0.600/3', '0.0.1002/0.0.700/null', '0.0.1003/0.0.700/null']);
    const desc = await json(`/api/v1/accounts/${RECEIVER}/airdrops/pending?order=desc&limit=2`);
    expect(desc.airdrops.map((a: any) => a.sender_id)).toEqual(['0.0.1003', '0.0.1002']);
    expect(desc.links.next).toBe(`/api/v1/accounts/${RECEIVER}/airdrops/pending?order=desc&limit=2&sender.id=lte:0.0.1002&token.id=lte:0.0.700&serialnumber=lt:0`);
  });

  it('answers an empty page for an account that sent nothing, and 404 for an unknown alias', async () => {
    expect(await json('/api/v1/accounts/0.0.4242/airdrops/outstanding')).toEqual({ airdrops: [], links: { next: null } });
    expect((await get('/api/v1/accounts/KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ/airdrops/pending')).statusCode).toBe(404);
  });

  it('pages through the tuple: every page size gives the whole list once, in order, both ways', async () => {
    const all = expectedKeys(() => true);
    for (const limit of [1, 2, 3, 4, 7]) {
      const asc = await allPages(`/api/v1/accounts/${SENDER}/airdrops/outstanding?limit=${limit}`);
      expect(asc.map(key), `limit ${limit}`).toEqual(all);
      const desc = await allPages(`/api/v1/accounts/${SENDER}/airdrops/outstanding?limit=${limit}&order=desc`);
      expect(desc.map(key), `desc limit ${limit}`).toEqual([...all].reverse());
    }
  });

  it('keeps an equality filter while paging, and pages the remaining columns as a tuple', async () => {
    // token.id fixed: (receiver, serial) is the tuple, so a receiver's other serials are not skipped.
    const nfts = await allPages(`/api/v1/accounts/${SENDER}/airdrops/outstanding?token.id=0.0.600&limit=2`);
    expect(nfts.map(key)).toEqual(expectedKeys((a) => a.token === 600));
    const one = await allPages(`/api/v1/accounts/${SENDER}/airdrops/outstanding?receiver.id=2002&limit=1`);
    expect(one.map(key)).toEqual(expectedKeys((a) => a.receiver === 2002));
  });

  it('reads range filters on later columns as a start and an end of the tuple', async () => {
    const from = await json(`/api/v1/accounts/${SENDER}/airdrops/outstanding?receiver.id=gte:0.0.2002&token.id=gte:0.0.600&serialnumber=gt:1`);
    expect(from.airdrops.map(key)).toEqual(expectedKeys((a) => a.receiver > 2002 || (a.receiver === 2002 && (a.token > 600 || (a.token === 600 && a.serial > 1)))));
    const upTo = await json(`/api/v1/accounts/${SENDER}/airdrops/outstanding?receiver.id=lte:2002&token.id=lt:0.0.600`);
    expect(upTo.airdrops.map(key)).toEqual(expectedKeys((a) => a.receiver < 2002 || (a.receiver === 2002 && a.token < 600)));
    // An equality takes its column out of the tuple: (receiver, serial) of the token's airdrops starts at (2001, 2).
    const serials = await json(`/api/v1/accounts/${SENDER}/airdrops/outstanding?receiver.id=gte:2001&token.id=600&serialnumber=gte:2`);
    expect(serials.airdrops.map(key)).toEqual(expectedKeys((a) => a.token === 600 && (a.receiver > 2001 || a.serial >= 2)));
  });

  it('takes limit as the reference module does: 25 without one, the configured maximum at most', async () => {
    const body = await json(`/api/v1/accounts/${SENDER}/airdrops/outstanding?limit=1000`);
    expect(body.airdrops).toHaveLength(expectedKeys(() => true).length);
    expect((await json(`/api/v1/accounts/${SENDER}/airdrops/outstanding?limit=3`)).airdrops).toHaveLength(3);
  });

  it('refuses what the tuple cannot express, naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['receiver.id=ne:2001', 'Not equal (ne) operator is not supported for receiver.id'],
      ['receiver.id=2001&receiver.id=gt:2000', "Can't support both range and equal for receiver.id"],
      ['receiver.id=gt:2001&receiver.id=gte:2002', 'Only one gt/gte operator is allowed for receiver.id'],
      ['receiver.id=gt:2001&token.id=gte:500', 'receiver.id must have gte or eq operator'],
      ['receiver.id=lte:2001&token.id=gte:500', 'receiver.id must have gte or eq operator'],
      ['receiver.id=gte:2001&token.id=lt:600', 'receiver.id must have lte or eq operator'],
      ['token.id=gt:500&serialnumber=gt:1&receiver.id=lt:3000', 'receiver.id must have gte or eq operator'],
      // Read flat, these would match differently on the first page than the next link's tuple bound does.
      ['token.id=gt:500', 'token.id without a receiver.id parameter filter'],
      ['serialnumber=lte:2', 'serialnumber without a receiver.id parameter filter'],
      ['receiver.id=gte:2001&serialnumber=gt:1', 'serialnumber without a token.id parameter filter'],
      ['sender.id=1', 'Unknown query parameter: sender.id'],
      ['receiver.id=0x0000000000000000000000000000000000000001abc', 'Invalid parameter: receiver.id'],
      ['serialnumber=-1', 'Invalid parameter: serialnumber'],
      ['limit=0', 'Invalid parameter: limit'],
    ];
    await expectRefused(fixture, `/api/v1/accounts/${SENDER}/airdrops/outstanding`, cases);
    expect((await get(`/api/v1/accounts/${RECEIVER}/airdrops/pending?receiver.id=1`)).statusCode).toBe(400);
  });

  it('walks one index range in sort order, whatever the bounds', () => {
    const bound = (key: string, ...filters: Array<['eq' | 'gt' | 'gte' | 'lt' | 'lte', bigint]>) => {
      const b = new Bound(key);
      for (const [operator, value] of filters) b.add({ key, operator, value });
      return b;
    };
    for (const [side, party] of [['outstanding', 'receiver_account_id'], ['pending', 'sender_account_id']] as const) {
      const columns = [
        { bound: bound('party', ['gte', 2002n], ['lte', 2003n]), column: party },
        { bound: bound('token.id', ['gt', 500n], ['lt', 700n]), column: 'token_id' },
        { bound: bound('serialnumber'), column: 'serial_number' },
      ];
      for (const order of ['asc', 'desc'] as const) {
        const { sql, params } = airdropsSql(side, 1001n, columns, order, 25);
        const plan = explainPlan(fixture.store.db, sql, params).join('\n');
        // Both tuple bounds are the index range itself, not a filter on the rows it reads.
        const index = side === 'outstanding' ? 'PRIMARY KEY (sender_account_id' : 'INDEX token_airdrop__receiver (receiver_account_id';
        expect(plan, `${side} ${order}`).toContain(`SEARCH token_airdrop USING ${index}=? AND (${party},token_id)>(?,?) AND (${party},token_id)<(?,?))`);
        expect(plan).not.toMatch(/TEMP B-TREE/);
      }
    }
  });
});

describe('tuple paging, for any filters the API accepts', () => {
  it('gives the same rows page by page as in one page', async () => {
    const value = fc.constantFrom('2001', '2002', '2003', '0.0.500', '0.0.600', '1', '2', '0');
    const op = fc.constantFrom('', 'gt:', 'gte:', 'lt:', 'lte:');
    const filter = fc.tuple(fc.constantFrom('receiver.id', 'token.id', 'serialnumber'), op, value).map(([k, o, v]) => `${k}=${o}${v}`);
    await fc.assert(fc.asyncProperty(fc.array(filter, { maxLength: 4 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom('asc', 'desc'), async (filters, limit, order) => {
      const query = [...filters, `order=${order}`].join('&');
      const whole = await get(`/api/v1/accounts/${SENDER}/airdrops/outstanding?${query}&limit=100`);
      expect(whole.statusCode).toBeLessThan(500);
      if (whole.statusCode !== 200) return;
      const paged = await allPages(`/api/v1/accounts/${SENDER}/airdrops/outstanding?${query}&limit=${limit}`);
      expect(paged.map(key), query).toEqual(JSON.parse(whole.body).airdrops.map(key));
    }), { numRuns: 150 });
  });
});
