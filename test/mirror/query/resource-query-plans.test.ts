import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementCache } from '../../../main/mirror/query/statement-cache.ts';
import { chooseAccountsDriver } from '../../../main/mirror/accounts/accounts-driver.ts';
import { accountNftsSql } from '../../../main/mirror/account-nfts/account-nfts-sql.ts';
import { parseAccountNftsParams } from '../../../main/mirror/account-nfts/account-nfts-params.ts';
import { accountTokensSql } from '../../../main/mirror/account-tokens/account-tokens-sql.ts';
import { cryptoAllowancesSql, tokenAllowancesSql } from '../../../main/mirror/allowances/allowances-sql.ts';
import { nftAllowancesSql } from '../../../main/mirror/allowances/nft-allowances-sql.ts';
import { JavaBound } from '../../../main/mirror/query/java-bound.ts';
import { parseBalancesParams } from '../../../main/mirror/balances/balances-params.ts';
import { currentBalancesSql, snapshotBalancesSql, treasurySnapshotSql, type AccountConditions } from '../../../main/mirror/balances/balances-sql.ts';
import { defaultMirrorApiConfig } from '../../../main/mirror/config.ts';
import { parseQueryString } from '../../../main/mirror/http/query-string.ts';
import { Bound } from '../../../main/mirror/query/paging-bounds.ts';
import { hookStorageSql, hooksSql } from '../../../main/mirror/hooks/hooks-sql.ts';
import { rewardsSql } from '../../../main/mirror/rewards/rewards-sql.ts';
import { parseTokenNftsParams } from '../../../main/mirror/tokens/nfts-params.ts';
import { tokenNftsSql } from '../../../main/mirror/tokens/nfts-sql.ts';
import { nftEventTimestampsSql } from '../../../main/mirror/tokens/nft-transactions-sql.ts';
import { parseTokenBalancesParams } from '../../../main/mirror/tokens/token-balances-params.ts';
import { currentTokenBalancesSql, snapshotTokenBalancesSql } from '../../../main/mirror/tokens/token-balances-sql.ts';
import { chooseTokensListDriver, NAME_SEARCH_PROBE_LIMIT } from '../../../main/mirror/tokens/tokens-list-driver.ts';
import { parseTokensListParams } from '../../../main/mirror/tokens/tokens-list-params.ts';
import { tokensListSql } from '../../../main/mirror/tokens/tokens-list-sql.ts';
import { insertAccounts, tempStore } from '../../helpers/ledger-fixture.ts';
import { pagePlan, type PagePlan } from './page-plan.ts';
import type { SqlStatement } from '../../../main/mirror/query/sql-statement.ts';
import {
  insertCryptoAllowance, insertHolding, insertNft, insertReward, insertSnapshot, insertToken, insertTokenAllowance,
} from '../../helpers/token-fixture.ts';
import { explainPlan } from '../../helpers/query-plan.ts';

// Pins the SQLite plan of every filter kind of the balances, tokens and account
// sub-resource endpoints on a store with statistics, so that a change which makes a
// selective filter walk a whole table fails here. An unfiltered `SCAN` is the ordered walk
// that stops after LIMIT rows; a `TEMP B-TREE` only ever sorts a bounded set.
const fixture = tempStore();
const config = defaultMirrorApiConfig();
const KEY = 'ab'.repeat(32);

beforeAll(() => {
  const store = fixture.store;
  store.db.transaction(() => {
    insertAccounts(store, Array.from({ length: 3000 }, (_, i) => ({ num: i + 1, balance: i % 7 === 0 ? 0 : i * 1000, publicKey: i === 42 ? KEY : null })));
    for (let t = 0; t < 300; t++) insertToken(store, 10_000 + t, { name: t === 7 ? 'Rare Name' : `Common token ${t}` });
    for (let a = 1; a <= 3000; a++) for (let k = 0; k < 3; k++) insertHolding(store, a, 10_000 + ((a + k * 37) % 300), a);
    for (let s = 1; s <= 5000; s++) insertNft(store, 20_000 + (s % 10), s, 1 + (s % 3000), { spender: s % 5 === 0 ? 7 : null });
    for (let ts = 1n; ts <= 3n; ts++) for (let a = 1; a <= 3000; a += 3) insertSnapshot(store, ts * 1_000_000_000n, a, a, [[10_000 + (a % 300), a]]);
    for (let s = 1; s <= 200; s++) insertCryptoAllowance(store, 1 + (s % 50), 5000 + s, 10);
    for (let s = 1; s <= 200; s++) insertTokenAllowance(store, 1 + (s % 50), 5000 + s, 10_000 + (s % 300), 10);
    for (let r = 1; r <= 2000; r++) insertReward(store, 1 + (r % 100), r, 5);
  })();
  store.analyze();
});
afterAll(() => fixture.dispose());

function planOf(sql: string, params: unknown[]): string[] {
  return explainPlan(fixture.store.db, sql, params);
}
const query = (text: string) => parseQueryString(text, 100);

const TOKEN_LIMIT = config.response.limit.tokenBalance.multipleAccounts;

function balancesPlan(text: string, snapshot = false): string[] {
  return balancesPlans(text, snapshot).walk;
}

function balancesSql(text: string, snapshot = false): SqlStatement {
  const parsed = parseBalancesParams(query(text), config);
  if (!parsed.ok) throw new Error('bad query');
  const conditions: AccountConditions = {
    ids: parsed.query.accountTerms.map((t) => ({ operator: t.operator, value: t.term.kind === 'id' ? t.term.id : 0n })),
    allowedIds: null,
    balances: parsed.query.balanceFilters,
    publicKeys: parsed.query.publicKeys,
  };
  if (snapshot) return snapshotBalancesSql(conditions, 0n, 4_000_000_000n, parsed.query.order, 25, TOKEN_LIMIT);
  const driver = chooseAccountsDriver(new StatementCache(fixture.store.db), { idFilters: conditions.ids, balanceFilters: conditions.balances, publicKeyFilters: conditions.publicKeys });
  return currentBalancesSql(conditions, parsed.query.order, 25, driver, TOKEN_LIMIT);
}

/** The page walk's plan, the query around it, and apart from them the correlated token balances probe. */
function balancesPlans(text: string, snapshot = false): PagePlan {
  const { sql, params } = balancesSql(text, snapshot);
  return pagePlan(fixture.store.db, sql, params);
}

describe('balances query plans', () => {
  it.each([
    ['no filter', '', ['SCAN entity']],
    ['account.id range', 'account.id=gte:0.0.10&account.id=lt:0.0.90', ['SEARCH entity USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)']],
    ['selective balance range', 'account.balance=gte:1000&account.balance=lte:3000', ['SEARCH entity USING INDEX entity__balance (balance>? AND balance<?)', 'USE TEMP B-TREE FOR ORDER BY']],
    ['public key', `account.publickey=${KEY}`, ['SEARCH entity USING INDEX entity__public_key (public_key=?)']],
  ])('current balances, %s', (_name, text, expected) => {
    expect(balancesPlan(text)).toEqual(expected);
  });

  it('walks snapshots in account order (a GROUP BY on the primary key, no sort)', () => {
    expect(balancesPlan('', true)).toEqual(['SCAN account_balance']);
    expect(balancesPlan('account.id=gt:0.0.100', true)).toEqual(['SEARCH account_balance USING PRIMARY KEY (account_id>?)']);
  });

  it('reads each row\'s token balances in the page statement, by one bounded primary-key probe per row', () => {
    for (const text of ['', 'order=asc', 'account.balance=gte:1000&account.balance=lte:3000']) {
      expect(balancesPlans(text).tokens).toEqual([
        'CO-ROUTINE t', 'SEARCH ta USING PRIMARY KEY (account_id=?)', 'USE TEMP B-TREE FOR group_concat(ORDER BY)', 'SCAN t',
      ]);
    }
    for (const text of ['', 'order=asc']) {
      expect(balancesPlans(text, true).tokens).toEqual([
        'CO-ROUTINE t', 'SEARCH tb USING PRIMARY KEY (account_id=?)', 'USE TEMP B-TREE FOR group_concat(ORDER BY)', 'SCAN t',
      ]);
    }
  });

  // Inside the page's select list, the column would be computed for every row entering the
  // sort of a balance range page, not just the ones returned (token-balances-column.ts).
  it('computes token balances outside the page walk and its sort, once per returned row', () => {
    const outer = ['CO-ROUTINE page', 'SCAN page', expect.stringMatching(/^CORRELATED SCALAR SUBQUERY \d+$/)];
    for (const text of ['', 'account.balance=gte:1000&account.balance=lte:3000', `account.publickey=${KEY}`]) {
      expect(balancesPlans(text).outer).toEqual(outer);
    }
    for (const text of ['', 'account.id=gt:0.0.100']) expect(balancesPlans(text, true).outer).toEqual(outer);
  });

  it('binds one value per placeholder', () => {
    const texts = ['', 'account.id=0.0.5&account.id=0.0.6', 'account.id=gte:0.0.100&account.balance=lt:5000', 'account.balance=gte:1000&account.balance=lte:3000', `account.publickey=${KEY}`];
    for (const snapshot of [false, true]) {
      for (const text of texts) {
        const { sql, params } = balancesSql(text, snapshot);
        expect(sql.match(/\?/g)).toHaveLength(params.length);
      }
    }
    const { sql, params } = snapshotBalancesSql({ ids: [], allowedIds: [5n, 6n], balances: [], publicKeys: [] }, 0n, 9n, 'asc', 25, TOKEN_LIMIT);
    expect(sql.match(/\?/g)).toHaveLength(params.length);
  });

  it('finds the treasury snapshot through the primary key', () => {
    expect(planOf(treasurySnapshotSql(0), [2, 0, 5])).toEqual(['SEARCH account_balance USING PRIMARY KEY (account_id=? AND consensus_timestamp>? AND consensus_timestamp<?)']);
  });
});

function tokensPlan(text: string): string[] {
  const parsed = parseTokensListParams(query(text), config);
  if (!parsed.ok) throw new Error('bad query');
  const { sql, params } = tokensListSql(parsed.query, chooseTokensListDriver(new StatementCache(fixture.store.db), parsed.query));
  return planOf(sql, params);
}

const ENTITY_BY_ID = 'SEARCH e USING INTEGER PRIMARY KEY (rowid=?)';

describe('token list query plans', () => {
  it.each([
    ['no filter', '', ['SCAN t', ENTITY_BY_ID]],
    ['token.id range', 'token.id=gt:0.0.10100', ['SEARCH t USING INTEGER PRIMARY KEY (rowid>?)', ENTITY_BY_ID]],
    ['account.id', 'account.id=0.0.5', ['SEARCH ta USING PRIMARY KEY (account_id=?)', 'SEARCH t USING INTEGER PRIMARY KEY (rowid=?)', ENTITY_BY_ID]],
    ['admin public key', `publickey=${KEY}`, ['SEARCH e USING INDEX entity__public_key (public_key=?)', 'SEARCH t USING INTEGER PRIMARY KEY (rowid=?)', 'USE TEMP B-TREE FOR ORDER BY']],
    ['rare name', 'name=rare', ['SEARCH t USING INTEGER PRIMARY KEY (rowid=?)', 'LIST SUBQUERY 1', 'SCAN token_name_search VIRTUAL TABLE INDEX 0:L0', ENTITY_BY_ID]],
  ])('%s', (_name, text, expected) => {
    expect(tokensPlan(text)).toEqual(expected);
  });

  it('walks tokens in id order for a name most tokens have, where a page fills quickly', () => {
    const parsed = parseTokensListParams(query('name=common'), config);
    if (!parsed.ok) throw new Error('bad query');
    expect(NAME_SEARCH_PROBE_LIMIT).toBeGreaterThan(0);
    expect(chooseTokensListDriver(new StatementCache(fixture.store.db), parsed.query)).toBe('name-search');
    const many = Array.from({ length: NAME_SEARCH_PROBE_LIMIT }, (_, i) => i);
    fixture.store.db.transaction(() => { for (const i of many) insertToken(fixture.store, 50_000 + i, { name: `Common extra ${i}` }); })();
    expect(chooseTokensListDriver(new StatementCache(fixture.store.db), parsed.query)).toBe('token-order');
    expect(tokensPlan('name=common')).toEqual(['SCAN t', ENTITY_BY_ID]);
  });
});

describe('token sub-resource query plans', () => {
  const holders = (text: string, snapshot: boolean): string[] => {
    const parsed = parseTokenBalancesParams(query(text), config);
    if (!parsed.ok) throw new Error('bad query');
    const { sql, params } = snapshot ? snapshotTokenBalancesSql(10_007n, parsed.query, 0n, 4_000_000_000n) : currentTokenBalancesSql(10_007n, parsed.query);
    return planOf(sql, params);
  };

  // Covering (migration 007): the page is read from the index alone, no search per holder.
  it('walks a token\'s holders through the covering token_account__token, or the key\'s accounts', () => {
    expect(holders('', false)).toEqual(['SEARCH ta USING COVERING INDEX token_account__token (token_id=?)']);
    expect(holders('order=asc&account.id=gt:0.0.50', false)).toEqual(['SEARCH ta USING COVERING INDEX token_account__token (token_id=? AND account_id>?)']);
    expect(holders('account.balance=gte:10', false)).toEqual(['SEARCH ta USING COVERING INDEX token_account__token (token_id=?)']);
    expect(holders(`account.publickey=${KEY}`, false)).toEqual([
      'SEARCH entity USING INDEX entity__public_key (public_key=?)',
      'SEARCH ta USING COVERING INDEX token_account__token (token_id=? AND account_id=? AND associated=?)',
      'USE TEMP B-TREE FOR ORDER BY',
    ]);
  });

  it('groups snapshot holders in index order', () => {
    expect(holders('account.balance=gt:5', true)).toEqual(['SEARCH tb USING INDEX token_balance__token_timestamp (token_id=?)']);
  });

  it('reads NFTs by serial, or an owner\'s NFTs of the token', () => {
    const plan = (text: string): string[] => {
      const parsed = parseTokenNftsParams(query(text), config);
      if (!parsed.ok) throw new Error('bad query');
      const { sql, params } = tokenNftsSql(20_003n, parsed.query);
      return planOf(sql, params);
    };
    const tokenLeftJoin = 'SEARCH e USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN';
    expect(plan('serialnumber=gt:100')).toEqual(['SEARCH nft USING PRIMARY KEY (token_id=? AND serial_number>?)', tokenLeftJoin]);
    expect(plan('account.id=0.0.4')).toEqual(['SEARCH nft USING INDEX nft__account_token_serial (account_id=? AND token_id=?)', tokenLeftJoin]);
  });

  it('collects an NFT\'s events through primary keys', () => {
    const plan = planOf(nftEventTimestampsSql([], 'desc'), [1, 2, 1, 2, 1, 25]);
    expect(plan.filter((line) => line.startsWith('SCAN'))).toEqual([]);
  });
});

describe('account sub-resource query plans', () => {
  it('walks an account\'s NFTs through nft__account_token_serial, each range part a seek', () => {
    const plan = (text: string): string[] => {
      const parsed = parseAccountNftsParams(query(text), config);
      if (!parsed.ok) throw new Error('bad query');
      const { sql, params } = accountNftsSql(5n, parsed.query);
      return planOf(sql, params);
    };
    expect(plan('')).toEqual(['SEARCH nft USING INDEX nft__account_token_serial (account_id=?)', 'SEARCH e USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN']);
    const parts = plan('token.id=gte:0.0.20002&serialnumber=gt:5').filter((line) => line.startsWith('SEARCH nft'));
    expect(parts).toEqual([
      'SEARCH nft USING INDEX nft__account_token_serial (account_id=? AND token_id=? AND serial_number>?)',
      'SEARCH nft USING INDEX nft__account_token_serial (account_id=? AND token_id>?)',
    ]);
  });

  it('reads token relationships, allowances and rewards through their primary keys', () => {
    const tokens = accountTokensSql(5n, [{ operator: 'gt', value: 10_005n }], 'asc', 25);
    expect(planOf(tokens.sql, tokens.params)[0]).toBe('SEARCH ta USING PRIMARY KEY (account_id=? AND token_id>?)');
    const crypto = cryptoAllowancesSql(5n, [{ operator: 'gt', value: 5010n }], 'desc', 25);
    expect(planOf(crypto.sql, crypto.params)).toEqual(['SEARCH crypto_allowance USING PRIMARY KEY (owner=? AND spender>?)']);
    const bounds = { primary: new Bound('spender.id'), secondary: new Bound('token.id') };
    bounds.primary.add({ key: 'spender.id', operator: 'gte', value: 5010n });
    bounds.secondary.add({ key: 'token.id', operator: 'gt', value: 10_005n });
    const token = tokenAllowancesSql(5n, bounds, 'asc', 25);
    expect(planOf(token.sql, token.params).filter((line) => line.startsWith('SEARCH') || line.startsWith('SCAN token'))).toEqual([
      'SEARCH token_allowance USING PRIMARY KEY (owner=? AND spender=? AND token_id>?)',
      'SEARCH token_allowance USING PRIMARY KEY (owner=? AND spender>?)',
    ]);
    // NFT approvals granted by the account (the primary key) and to it (the spender's index), in sort order.
    const nftBounds = (party: string) => [
      new JavaBound([{ operator: 'gte', value: 5010n }], true, 'account.id', party), new JavaBound([{ operator: 'gt', value: 10_005n }], false, 'token.id', 'token_id'),
    ];
    const granted = nftAllowancesSql('granted', 5n, nftBounds('spender'), 'desc', 25);
    expect(planOf(granted.sql, granted.params)).toEqual(['SEARCH nft_allowance USING PRIMARY KEY (owner=? AND spender>?)']);
    const received = nftAllowancesSql('received', 5n, nftBounds('owner'), 'asc', 25);
    expect(planOf(received.sql, received.params)).toEqual(['SEARCH nft_allowance USING INDEX nft_allowance__spender (spender=? AND owner>?)']);
    const hooks = hooksSql(5n, { hookIds: [], lower: 2n, upper: 9n, limit: 25, order: 'desc' });
    expect(planOf(hooks.sql, hooks.params)).toEqual(['SEARCH hook USING PRIMARY KEY (owner_id=? AND hook_id>? AND hook_id<?)']);
    const storage = { keys: [], keyLower: Buffer.alloc(32), keyUpper: Buffer.alloc(32, 0xff), empty: false, limit: 25, order: 'asc' as const };
    const live = hookStorageSql(5n, 1n, { ...storage, timestamp: null });
    expect(planOf(live.sql, live.params)).toEqual(['SEARCH hook_storage USING PRIMARY KEY (owner_id=? AND hook_id=? AND key>? AND key<?)']);
    const past = hookStorageSql(5n, 1n, { ...storage, timestamp: { lower: 0n, upper: 9n } });
    expect(planOf(past.sql, past.params)).toEqual(['SEARCH hook_storage_change USING PRIMARY KEY (owner_id=? AND hook_id=? AND key>? AND key<?)']);
    const rewards = rewardsSql(5n, [{ operator: 'gt', value: 100n }], 'desc', 25);
    expect(planOf(rewards.sql, rewards.params)).toEqual(['SEARCH staking_reward_transfer USING PRIMARY KEY (account_id=? AND consensus_timestamp>?)']);
  });
});
