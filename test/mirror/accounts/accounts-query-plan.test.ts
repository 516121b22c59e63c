import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementCache } from '../../../main/mirror/query/statement-cache.ts';
import { chooseAccountsDriver } from '../../../main/mirror/accounts/accounts-driver.ts';
import { parseAccountsParams } from '../../../main/mirror/accounts/accounts-params.ts';
import { buildAccountsSql } from '../../../main/mirror/accounts/accounts-sql.ts';
import { defaultMirrorApiConfig } from '../../../main/mirror/config.ts';
import { parseQueryString } from '../../../main/mirror/http/query-string.ts';
import { insertAccounts, skewedBalanceAccounts, tempStore } from '../../helpers/ledger-fixture.ts';
import { pagePlan } from '../query/page-plan.ts';

// Pins the SQLite plan of every filter kind on a store with realistic statistics, so a
// change that makes a filter walk a whole table fails here instead of slowing users down.
// `SCAN e` is the id-ordered walk that stops after LIMIT rows; it is only allowed where
// most rows match (no filter, broad filters), never for a selective one.
const fixture = tempStore();
const KEY = '1'.padStart(64, '0');

beforeAll(() => {
  insertAccounts(fixture.store, skewedBalanceAccounts(20_000, (i) => ({ publicKey: ((i * 7919) % 100_000).toString(16).padStart(64, '0') })));
  fixture.store.analyze();
});
afterAll(() => fixture.dispose());

/** The page walk's plan, the query around it, and apart from them the correlated token balances probe. */
function planOf(rawQuery: string): { driver: string; plan: string[]; outer: string[]; tokenPlan: string[] } {
  const parsed = parseAccountsParams(parseQueryString(rawQuery, 100), defaultMirrorApiConfig());
  if (!parsed.ok) throw new Error(parsed.messages.join('; '));
  const driver = chooseAccountsDriver(new StatementCache(fixture.store.db), parsed.query);
  const { sql, params } = buildAccountsSql(parsed.query, driver);
  const { walk, outer, tokens } = pagePlan(fixture.store.db, sql, params);
  return { driver, plan: walk, outer, tokenPlan: tokens };
}

const STAKE_JOIN = 'SEARCH es USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN';
const ORDERED_WALK = ['SCAN e', STAKE_JOIN];

describe('accounts query plans', () => {
  it.each([
    ['no filter', '', ORDERED_WALK],
    ['descending order', 'order=desc', ORDERED_WALK],
    ['balance=false', 'balance=false', ORDERED_WALK],
    ['account.id equality', 'account.id=0.0.5', ['SEARCH e USING INTEGER PRIMARY KEY (rowid=?)', STAKE_JOIN]],
    ['account.id range', 'account.id=gte:0.0.100&account.id=lt:0.0.5000', ['SEARCH e USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)', STAKE_JOIN]],
    ['account.id lower bound', 'account.id=gt:0.0.100', ['SEARCH e USING INTEGER PRIMARY KEY (rowid>?)', STAKE_JOIN]],
    ['balance equality', 'account.balance=0', ['SEARCH e USING INDEX entity__balance (balance=?)', STAKE_JOIN]],
    ['selective balance range', 'account.balance=gte:100&account.balance=lte:200',
      ['SEARCH e USING INDEX entity__balance (balance>? AND balance<?)', STAKE_JOIN, 'USE TEMP B-TREE FOR ORDER BY']],
    ['broad balance range', 'account.balance=gt:1000', ORDERED_WALK],
    ['balance range inside an id range', 'account.balance=gt:100&account.id=gt:0.0.19990',
      ['SEARCH e USING INDEX entity__balance (balance>?)', STAKE_JOIN, 'USE TEMP B-TREE FOR ORDER BY']],
    ['public key equality', `account.publickey=${KEY}`, ['SEARCH e USING INDEX entity__public_key (public_key=?)', STAKE_JOIN]],
    ['public key with id bound', `account.publickey=${KEY}&account.id=gt:0.0.10`, ['SEARCH e USING INDEX entity__public_key (public_key=? AND id>?)', STAKE_JOIN]],
    ['public key inequality', `account.publickey=ne:${KEY}`, ORDERED_WALK],
  ])('%s uses its index', (_name, query, expected) => {
    expect(planOf(query).plan).toEqual(expected);
  });

  it('never sorts an unbounded set: a temp b-tree only follows a bounded index probe', () => {
    const broad = planOf('account.balance=gte:1');
    expect(broad.driver).toBe('primary-key');
    expect(broad.plan.join('\n')).not.toContain('TEMP B-TREE');
  });

  it('token balances are one bounded primary-key probe per row, and absent with balance=false', () => {
    for (const query of ['', 'order=desc', 'account.balance=gt:1000']) {
      expect(planOf(query).tokenPlan).toEqual([
        'CO-ROUTINE t', 'SEARCH ta USING PRIMARY KEY (account_id=?)', 'USE TEMP B-TREE FOR group_concat(ORDER BY)', 'SCAN t',
      ]);
    }
    expect(planOf('balance=false').tokenPlan).toEqual([]);
  });

  // Inside the page's select list, the column would be computed for every row entering the
  // sort of a balance range page, not just the ones returned (token-balances-column.ts).
  it('computes token balances outside the page walk and its sort, once per returned row', () => {
    for (const query of ['', 'account.id=0.0.5', 'account.balance=gte:100&account.balance=lte:200', `account.publickey=${KEY}`]) {
      expect(planOf(query).outer).toEqual(['CO-ROUTINE page', 'SCAN page', expect.stringMatching(/^CORRELATED SCALAR SUBQUERY \d+$/)]);
    }
    expect(planOf('balance=false').outer).toEqual([]);
  });

  it('binds one value per placeholder', () => {
    for (const query of ['', 'account.id=0.0.5&account.id=0.0.6', 'account.id=gte:0.0.100&account.balance=lt:5000', `account.publickey=${'ab'.repeat(32)}`]) {
      const parsed = parseAccountsParams(parseQueryString(query, 100), defaultMirrorApiConfig());
      if (!parsed.ok) throw new Error(parsed.messages.join('; '));
      const { sql, params } = buildAccountsSql(parsed.query, chooseAccountsDriver(new StatementCache(fixture.store.db), parsed.query));
      expect(sql.match(/\?/g)).toHaveLength(params.length);
    }
  });
});
