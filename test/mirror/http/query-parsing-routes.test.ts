import { describe, expect, it } from 'vitest';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// How routes answer queries the reference's parser (qs) reads in its own way: bracketed keys, several spellings of a key.
const fixture = mirrorApiFixture(() => {
  insertAccounts(fixture.store, [{ num: 3, balance: 10 }, { num: 4, balance: 0 }, { num: 5, balance: 7 }]);
});

const get = async (url: string) => {
  const response = await fixture.get(url);
  return { status: response.statusCode, body: JSON.parse(response.body) };
};
const messages = async (url: string) => (await get(url)).body._status?.messages;

describe('query keys as the reference parses them', () => {
  it('takes limit[0] as limit, and refuses a named bracket as a bad value of its key', async () => {
    const page = await get('/api/v1/accounts?limit[0]=1');
    expect(page.status).toBe(200);
    expect(page.body.accounts).toHaveLength(1);
    expect(await messages('/api/v1/accounts?account.balance[$ne]=0')).toEqual([{ message: 'Invalid parameter: account.balance' }]);
  });

  it('refuses a key two brackets deep with qs\'s message', async () => {
    const answer = await get('/api/v1/accounts?limit[a][b]=1');
    expect(answer.status).toBe(400);
    expect(answer.body._status.messages).toEqual([{ message: 'Input depth exceeded depth option of 1 and strictDepth is true' }]);
  });

  it('counts limit and LIMIT together against the repeat limit, with the reference\'s wording', async () => {
    const query = [...Array.from({ length: 60 }, () => 'limit=1'), ...Array.from({ length: 60 }, () => 'LIMIT=1')].join('&');
    expect(await messages(`/api/v1/accounts?${query}`))
      .toEqual([{ message: 'Parameter values count exceeds maximum number allowed: limit count: 120 max: 100' }]);
  });

  it('keeps refusing an operator on the balances list\'s limit, which the reference reads from the raw query', async () => {
    expect((await get('/api/v1/balances?limit=1')).status).toBe(200);
    expect(await messages('/api/v1/balances?limit=gt:1')).toEqual([{ message: 'Invalid parameter: limit' }]);
  });
});
