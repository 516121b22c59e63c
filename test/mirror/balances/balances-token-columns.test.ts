import { describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig, type MirrorApiConfig } from '../../../main/mirror/config.ts';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { insertHolding, insertSnapshot } from '../../helpers/token-fixture.ts';

// GET /api/v1/balances reads each page's token balances in the page statement (one
// correlated probe per row, not one statement per row). These pages mix rows with and
// without token balances, cap the tokens per account, and pin the exact response text.

/** At most two tokens per account, so that the cap is visible with a few rows. */
const config = (): MirrorApiConfig => {
  const base = defaultMirrorApiConfig();
  return { ...base, response: { ...base.response, limit: { ...base.response.limit, tokenBalance: { multipleAccounts: 2, singleAccount: 1000 } } } };
};

// Two snapshots a month ago (inside the six-month window), one second apart.
const LATEST = BigInt(Date.now() - 30 * 86_400_000) * 1_000_000n;
const EARLIER = LATEST - 1_000_000_000n;
const BEYOND_2_53 = 9_007_199_254_740_993;

const fixture = mirrorApiFixture((store) => {
  insertAccounts(store, Array.from({ length: 5 }, (_, i) => ({ num: i + 1, balance: (i + 1) * 100 })));
  insertHolding(store, 1, 700, 7);
  insertHolding(store, 1, 701, 0);
  insertHolding(store, 1, 702, 9);
  insertHolding(store, 3, 701, 31);
  insertHolding(store, 3, 705, 99, { associated: 0 });
  // better-sqlite3 binds a JS number beyond 2^53 imprecisely: bind it as a bigint.
  insertHolding(store, 4, 703, 0);
  store.db.prepare('UPDATE token_account SET balance = ? WHERE account_id = 4').run(BigInt(BEYOND_2_53));

  insertSnapshot(store, EARLIER, 1, 10, [[700, 1], [701, 2]]);
  insertSnapshot(store, EARLIER, 2, 19);
  insertSnapshot(store, EARLIER, 3, 30, [[701, 3]]);
  insertSnapshot(store, LATEST, 1, 11, [[700, 5]]);
  insertSnapshot(store, LATEST, 2, 20);
  insertSnapshot(store, LATEST, 4, 40, [[700, 1], [701, 1], [702, 1]]);
}, { config });

const seconds = (ns: bigint): string => `${ns / 1_000_000_000n}.${(ns % 1_000_000_000n).toString().padStart(9, '0')}`;

describe('GET /api/v1/balances token balances per page', () => {
  it('gives each current row its associated tokens, capped per account, in the page order', async () => {
    const asc = await fixture.get('/api/v1/balances?order=asc&limit=5');
    expect(asc.body).toBe('{"timestamp":"0.000001000","balances":['
      + '{"account":"0.0.1","balance":100,"tokens":[{"token_id":"0.0.700","balance":7},{"token_id":"0.0.701","balance":0}]},'
      + '{"account":"0.0.2","balance":200,"tokens":[]},'
      + '{"account":"0.0.3","balance":300,"tokens":[{"token_id":"0.0.701","balance":31}]},'
      + `{"account":"0.0.4","balance":400,"tokens":[{"token_id":"0.0.703","balance":${BEYOND_2_53}}]},`
      + '{"account":"0.0.5","balance":500,"tokens":[]}'
      + '],"links":{"next":"/api/v1/balances?order=asc&limit=5&account.id=gt:0.0.5"}}');

    const desc = JSON.parse((await fixture.get('/api/v1/balances?account.id=lte:0.0.3')).body);
    expect(desc.balances).toEqual([
      { account: '0.0.3', balance: 300, tokens: [{ token_id: '0.0.701', balance: 31 }] },
      { account: '0.0.2', balance: 200, tokens: [] },
      { account: '0.0.1', balance: 100, tokens: [{ token_id: '0.0.702', balance: 9 }, { token_id: '0.0.701', balance: 0 }] },
    ]);
  });

  it('keeps the token balances when a balance filter walks the balance index', async () => {
    const body = JSON.parse((await fixture.get('/api/v1/balances?account.balance=gte:300&account.balance=lte:400&order=asc')).body);
    expect(body.balances.map((b: { account: string; tokens: unknown[] }) => [b.account, b.tokens.length])).toEqual([['0.0.3', 1], ['0.0.4', 1]]);
  });

  it('gives each snapshot row the newest balance per token inside the snapshot range, capped per account', async () => {
    const asc = await fixture.get(`/api/v1/balances?timestamp=${seconds(LATEST)}&order=asc`);
    expect(asc.body).toBe(`{"timestamp":"${seconds(LATEST)}","balances":[`
      + '{"account":"0.0.1","balance":11,"tokens":[{"token_id":"0.0.700","balance":5},{"token_id":"0.0.701","balance":2}]},'
      + '{"account":"0.0.2","balance":20,"tokens":[]},'
      + '{"account":"0.0.3","balance":30,"tokens":[{"token_id":"0.0.701","balance":3}]},'
      + '{"account":"0.0.4","balance":40,"tokens":[{"token_id":"0.0.700","balance":1},{"token_id":"0.0.701","balance":1}]}'
      + '],"links":{"next":null}}');

    const desc = JSON.parse((await fixture.get(`/api/v1/balances?timestamp=${seconds(LATEST)}&limit=2`)).body);
    expect(desc.balances).toEqual([
      { account: '0.0.4', balance: 40, tokens: [{ token_id: '0.0.702', balance: 1 }, { token_id: '0.0.701', balance: 1 }] },
      { account: '0.0.3', balance: 30, tokens: [{ token_id: '0.0.701', balance: 3 }] },
    ]);
  });

  it('reads an earlier snapshot without the token balances written after it', async () => {
    const earlier = await fixture.get(`/api/v1/balances?timestamp=lt:${seconds(LATEST)}&order=asc`);
    expect(earlier.body).toBe(`{"timestamp":"${seconds(EARLIER)}","balances":[`
      + '{"account":"0.0.1","balance":10,"tokens":[{"token_id":"0.0.700","balance":1},{"token_id":"0.0.701","balance":2}]},'
      + '{"account":"0.0.2","balance":19,"tokens":[]},'
      + '{"account":"0.0.3","balance":30,"tokens":[{"token_id":"0.0.701","balance":3}]}'
      + '],"links":{"next":null}}');
  });
});
