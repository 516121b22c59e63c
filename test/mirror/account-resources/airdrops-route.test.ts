import { describe, expect, it } from 'vitest';
import { airdropsSql } from '../../../main/mirror/airdrops/airdrops-sql.ts';
import { JavaBound } from '../../../main/mirror/query/java-bound.ts';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { explainPlan } from '../../helpers/query-plan.ts';

// GET /api/v1/accounts/{id}/airdrops/outstanding and /pending over a real SQLite file: what an
// account sent and was sent, the pending ones only, paged through (party, token, serial), all
// as the reference's Java module (TokenAirdropsController) answers it.
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
// The reference's own test ledgers (TokenAirdropsControllerTest): fungibleFollowAscendingOrderLink from 0.0.1000, allParametersFungible from 0.0.1009.
for (const [receiver, token] of [[3, 5], [3, 6], [4, 5]]) AIRDROPS.push({ sender: 1000, receiver: receiver!, token: token!, serial: 0, amount: 1 });
for (const [receiver, token] of [[2, 5], [3, 5], [3, 6], [4, 5]]) AIRDROPS.push({ sender: 1009, receiver: receiver!, token: token!, serial: 0, amount: 1 });

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
const OUTSTANDING = `/api/v1/accounts/${SENDER}/airdrops/outstanding`;

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

/** The answer to `url`: its status and its body. */
async function answer(url: string): Promise<{ status: number; body: any }> {
  const response = await get(url);
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

/** The Java module's error body: the reason phrase as message, what went wrong as detail. */
const javaError = (message: string, detail: string) => ({ _status: { messages: [{ data: null, detail, message }] } });

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

  it('lists what an account was sent, by sender; a page ending on a fungible airdrop links on by token, no serial', async () => {
    const body = await json(`/api/v1/accounts/${RECEIVER}/airdrops/pending`);
    expect(body.airdrops.map((a: any) => `${a.sender_id}/${a.token_id}/${a.serial_number}`))
      .toEqual(['0.0.1001/0.0.500/null', '0.0.1001/0.0.501/null', '0.0.1001/0.0.600/1', '0.0.1001/0.0.600/2', '0.0.1001/0.0.600/3', '0.0.1002/0.0.700/null', '0.0.1003/0.0.700/null']);
    const desc = await json(`/api/v1/accounts/${RECEIVER}/airdrops/pending?order=desc&limit=2`);
    expect(desc.airdrops.map((a: any) => a.sender_id)).toEqual(['0.0.1003', '0.0.1002']);
    expect(desc.links.next).toBe(`/api/v1/accounts/${RECEIVER}/airdrops/pending?order=desc&limit=2&sender.id=lte:0.0.1002&token.id=lt:0.0.700`);
    // A page ending on an NFT links on by its serial too.
    expect((await json(`${OUTSTANDING}?limit=3`)).links.next).toBe(`${OUTSTANDING}?limit=3&receiver.id=gte:0.0.2001&token.id=gte:0.0.600&serialnumber=gt:1`);
  });

  it('answers an empty page for an account that sent nothing, and the reference 404 for an unknown alias or address', async () => {
    expect(await json('/api/v1/accounts/0.0.4242/airdrops/outstanding')).toEqual({ airdrops: [], links: { next: null } });
    for (const id of ['KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ', '0xebb9a1be370150759408cd7af48e9eda2b8ead57']) {
      expect(await answer(`/api/v1/accounts/${id}/airdrops/pending`)).toEqual({ status: 404, body: javaError('Not Found', 'No account found for the given ID') });
    }
  });

  it('pages through the whole list: every page size gives it once, in order, both ways', async () => {
    const all = expectedKeys(() => true);
    for (const limit of [1, 2, 3, 4, 7]) {
      const asc = await allPages(`${OUTSTANDING}?limit=${limit}`);
      expect(asc.map(key), `limit ${limit}`).toEqual(all);
      const desc = await allPages(`${OUTSTANDING}?limit=${limit}&order=desc`);
      expect(desc.map(key), `desc limit ${limit}`).toEqual([...all].reverse());
    }
  });

  it('takes the filter combinations the reference takes, with its next links (fungibleFollowAscendingOrderLink)', async () => {
    const path = '/api/v1/accounts/1000/airdrops/outstanding';
    const first = `${path}?limit=1&receiver.id=gte:0.0.3&token.id=gt:0.0.5`;
    // No filter, every column bounded, or token.id alone: the same first page and the same link.
    for (const query of ['limit=1', 'limit=1&receiver.id=gt:2&token.id=gte:4&serialnumber=gt:0', 'limit=1&token.id=gt:4']) {
      const body = await json(`${path}?${query}`);
      expect(body.airdrops.map(key), query).toEqual(['0.0.3/0.0.5/0']);
      expect(body.links.next, query).toBe(first);
    }
    const second = await json(first);
    expect(second.airdrops.map(key)).toEqual(['0.0.3/0.0.6/0']);
    expect(second.links.next).toBe(`${path}?limit=1&receiver.id=gte:0.0.3&token.id=gt:0.0.6`);
    const third = await json(second.links.next);
    expect(third.airdrops.map(key)).toEqual(['0.0.4/0.0.5/0']);
    expect(await json(third.links.next)).toEqual({ airdrops: [], links: { next: null } });
    // The other party given with gt alongside a token filter (refused by the Node.js module's rules).
    expect((await json(`/api/v1/accounts/${RECEIVER}/airdrops/pending?sender.id=gt:1&token.id=gt:4`)).airdrops).toHaveLength(7);
  });

  it('takes two-sided ranges on both columns, keeping the bounds it does not page by (allParametersFungible)', async () => {
    const path = '/api/v1/accounts/1009/airdrops/outstanding';
    const body = await json(`${path}?limit=1&receiver.id=gte:0.0.1&receiver.id=lt:0.0.4&token.id=lte:0.0.5&token.id=gt:0.0.3`);
    expect(body.airdrops.map(key)).toEqual(['0.0.2/0.0.5/0']);
    expect(body.links.next).toBe(`${path}?limit=1&receiver.id=lt:0.0.4&receiver.id=gte:0.0.2&token.id=lte:0.0.5&token.id=gt:0.0.5`);
    const next = await json(body.links.next);
    expect(next.airdrops.map(key)).toEqual(['0.0.3/0.0.5/0']);
    expect(next.links.next).toBe(`${path}?limit=1&receiver.id=lt:0.0.4&receiver.id=gte:0.0.3&token.id=lte:0.0.5&token.id=gt:0.0.5`);
  });

  it('pages with token.id fixed as the reference does: the link moves past the receiver, skipping its later serials', async () => {
    // A defect of the reference, kept so that answers match it: the next link of an equality on
    // token.id takes receiver.id gt the last receiver, and the serial bound then applies to the next.
    const nfts = await allPages(`${OUTSTANDING}?token.id=0.0.600&limit=2`);
    expect(nfts.map(key)).toEqual(expectedKeys((a) => a.token === 600 && a.serial <= 2));
    const one = await allPages(`${OUTSTANDING}?receiver.id=2002&limit=1`);
    expect(one.map(key)).toEqual(expectedKeys((a) => a.receiver === 2002));
  });

  it('takes limit as the reference module does: 25 without one, 1 to 100 else, with its messages', async () => {
    expect((await json(`${OUTSTANDING}?limit=100`)).airdrops).toHaveLength(expectedKeys(() => true).length);
    expect((await json(`${OUTSTANDING}?limit=3`)).airdrops).toHaveLength(3);
    expect(await answer(`${OUTSTANDING}?limit=101`)).toEqual({ status: 400, body: { _status: { messages: [{ message: 'limit must be less than or equal to 100' }] } } });
    for (const limit of ['0', '-1']) {
      expect((await answer(`${OUTSTANDING}?limit=${limit}`)).body._status.messages).toEqual([{ message: 'limit must be greater than 0' }]);
    }
    expect(await answer(`${OUTSTANDING}?limit=a`)).toEqual({ status: 400, body: javaError('Bad Request', "Failed to convert 'limit'") });
  });

  it('ignores query keys it does not declare; its next link leaves out those off the reference\'s list of link keys', async () => {
    const body = await json(`${OUTSTANDING}?limit=2&foo=bar&Unknown=1`);
    expect(body.airdrops.map(key)).toEqual(expectedKeys(() => true).slice(0, 2));
    expect(body.links.next).toBe(`${OUTSTANDING}?limit=2&receiver.id=gte:0.0.2001&token.id=gt:0.0.501`);
    // That list is one for every route (LinkFactoryImpl's ALLOWED_QUERY_PARAMS): an undeclared key on it, ignored
    // by the query, is carried into the link all the same, as the reference carries it.
    const listed = await json(`${OUTSTANDING}?limit=2&timestamp=gte:1&owner=false&foo=bar`);
    expect(listed.airdrops.map(key)).toEqual(expectedKeys(() => true).slice(0, 2));
    expect(listed.links.next).toBe(`${OUTSTANDING}?limit=2&timestamp=gte:1&owner=false&receiver.id=gte:0.0.2001&token.id=gt:0.0.501`);
  });

  it('refuses what the reference refuses, in its error shape', async () => {
    const cases: Array<[string, object]> = [
      ['receiver.id=abc', javaError('Bad Request', "Failed to convert 'receiver.id'")],
      ['serialnumber=-1', javaError('Bad Request', "Failed to convert 'serialnumber'")],
      ['order=up', javaError('Bad Request', "Failed to convert 'order'")],
      ['receiver.id=gt:2002&receiver.id=lt:2002', javaError('Bad Request', 'Invalid range provided for receiver.id')],
      ['token.id=1&token.id=2&token.id=3', { _status: { messages: [{ message: 'token.id size must be between 0 and 2' }] } }],
    ];
    for (const [query, body] of cases) expect(await answer(`${OUTSTANDING}?${query}`), query).toEqual({ status: 400, body });
    expect(await answer('/api/v1/accounts/abc/airdrops/outstanding')).toEqual({ status: 400, body: javaError('Bad Request', "Failed to convert 'id'") });
  });

  it('seeks the party column of its index in sort order, whatever the bounds', () => {
    for (const [side, party] of [['outstanding', 'receiver_account_id'], ['pending', 'sender_account_id']] as const) {
      const range = (name: string, column: string, primary: boolean) => new JavaBound([{ operator: 'gte', value: 2002n }, { operator: 'lt', value: 3000n }], primary, name, column);
      for (const order of ['asc', 'desc'] as const) {
        const bounds = [range('party', party, true), range('token.id', 'token_id', false), new JavaBound([], false, 'serialnumber', 'serial_number')];
        const { sql, params } = airdropsSql(side, 1001n, bounds, order, 25);
        const plan = explainPlan(fixture.store.db, sql, params).join('\n');
        const index = side === 'outstanding' ? 'PRIMARY KEY (sender_account_id' : 'INDEX token_airdrop__receiver (receiver_account_id';
        expect(plan, `${side} ${order}`).toContain(`SEARCH token_airdrop USING ${index}=? AND ${party}>? AND ${party}<?)`);
        expect(plan).not.toMatch(/TEMP B-TREE/);
      }
    }
  });

  it('walks the account\'s airdrops in sort order when only token.id or serialnumber bound them: nothing to seek, no sort step', async () => {
    const bound = (name: string, column: string, ...filters: Array<['eq' | 'gt' | 'gte' | 'lt' | 'lte', bigint]>) =>
      new JavaBound(filters.map(([operator, value]) => ({ operator, value })), false, name, column);
    // The bounds as the service passes them (requestBounds): the token's bound both primary and second, or the serial's alone.
    const shapes = {
      'token.id=eq': () => { const token = bound('token.id', 'token_id', ['eq', 600n]); return [token, token, bound('serialnumber', 'serial_number')]; },
      'token.id range': () => { const token = bound('token.id', 'token_id', ['gte', 500n], ['lt', 600n]); return [token, token, bound('serialnumber', 'serial_number')]; },
      'token.id=eq, serialnumber range': () => {
        const token = bound('token.id', 'token_id', ['eq', 600n]);
        return [token, token, bound('serialnumber', 'serial_number', ['gt', 1n], ['lte', 3n])];
      },
      'serialnumber=eq': () => [bound('serialnumber', 'serial_number', ['eq', 2n])],
    };
    for (const [side, index] of [['outstanding', 'PRIMARY KEY (sender_account_id=?)'], ['pending', 'INDEX token_airdrop__receiver (receiver_account_id=?)']] as const) {
      for (const [shape, bounds] of Object.entries(shapes)) {
        for (const order of ['asc', 'desc'] as const) {
          const { sql, params } = airdropsSql(side, 1001n, bounds(), order, 25);
          expect(explainPlan(fixture.store.db, sql, params), `${side} ${shape} ${order}`).toEqual([`SEARCH token_airdrop USING ${index}`]);
        }
      }
    }
    // And the rows are those the filters name.
    const keys = async (query: string) => (await json(`${OUTSTANDING}?${query}`)).airdrops.map(key);
    expect(await keys('token.id=0.0.600')).toEqual(expectedKeys((a) => a.token === 600));
    expect(await keys('token.id=gte:0.0.500&token.id=lt:0.0.600')).toEqual(expectedKeys((a) => a.token >= 500 && a.token < 600));
    expect(await keys('token.id=0.0.600&serialnumber=gt:1&serialnumber=lte:3')).toEqual(expectedKeys((a) => a.token === 600 && a.serial > 1));
    expect(await keys('serialnumber=2')).toEqual(expectedKeys((a) => a.serial === 2));
  });
});
