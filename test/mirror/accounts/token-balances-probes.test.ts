import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseAccountsDriver } from '../../../main/mirror/accounts/accounts-driver.ts';
import { parseAccountsParams } from '../../../main/mirror/accounts/accounts-params.ts';
import { buildAccountsSql } from '../../../main/mirror/accounts/accounts-sql.ts';
import { currentBalancesSql, snapshotBalancesSql } from '../../../main/mirror/balances/balances-sql.ts';
import { defaultMirrorApiConfig } from '../../../main/mirror/config.ts';
import type { Filter } from '../../../main/mirror/http/filter-operator.ts';
import { parseQueryString } from '../../../main/mirror/http/query-string.ts';
import { StatementCache } from '../../../main/mirror/query/statement-cache.ts';
import type { SqlStatement } from '../../../main/mirror/query/sql-statement.ts';
import { insertAccounts, insertTokenAssociations, skewedBalanceAccounts, tempStore } from '../../helpers/ledger-fixture.ts';
import { insertSnapshot } from '../../helpers/token-fixture.ts';
import { pagePlan } from '../query/page-plan.ts';

// The token balances column (token-balances-column.ts) is a correlated subquery; SQLite
// evaluates it once per row of the query it sits in. These tests count the evaluations of a
// page statement directly: the connection's group_concat, which only the column calls, is
// replaced by a counting one with the same result. A balance range walks the balance index
// and sorts the matches by id, so a column inside that query would run for every match
// (96 for this page of 25); attached outside the page it runs once per returned row.
const fixture = tempStore();
const PAGE = 25;
const TOKEN_LIMIT = defaultMirrorApiConfig().response.limit.tokenBalance.multipleAccounts;
let evaluations = 0;

beforeAll(() => {
  insertAccounts(fixture.store, skewedBalanceAccounts(20_000));
  for (let account = 1; account <= 3000; account += 7) insertTokenAssociations(fixture.store, account, 1000, 2);
  fixture.store.db.transaction(() => {
    for (let account = 1; account <= 200; account++) insertSnapshot(fixture.store, 1_000_000_000n, account, account, [[1000, account]]);
  })();
  fixture.store.analyze();
  // group_concat(value, separator): better-sqlite3 counts the arguments of `step`, which its
  // types declare with one.
  const step = (list: string | null, value: string, separator: string): string => (list === null ? value : `${list}${separator}${value}`);
  fixture.store.db.aggregate<string | null>('group_concat', {
    start: () => {
      evaluations++;
      return null;
    },
    step: step as (list: string | null, value: string | null) => string,
    result: (list) => list,
  });
});
afterAll(() => fixture.dispose());

const BALANCE_RANGE: Filter<bigint>[] = [{ operator: 'gte', value: 100n }, { operator: 'lte', value: 200_000n }];

/** The rows of a page statement and how often it computed a token balances column. */
function run({ sql, params }: SqlStatement): { rows: Array<{ token_balances: string | null }>; evaluations: number } {
  evaluations = 0;
  const rows = fixture.store.db.prepare(sql).safeIntegers(true).all(...params) as Array<{ token_balances: string | null }>;
  return { rows, evaluations };
}

describe('token balances column', () => {
  it('matches more rows than a page with the balance range, and sorts them after the walk', () => {
    const matches = fixture.store.db.prepare('SELECT count(*) AS n FROM entity WHERE balance >= 100 AND balance <= 200000').get() as { n: number };
    expect(matches.n).toBeGreaterThan(2 * PAGE);
    const driver = chooseAccountsDriver(new StatementCache(fixture.store.db), { idFilters: [], balanceFilters: BALANCE_RANGE, publicKeyFilters: [] });
    expect(driver).toBe('balance-index');
    const { sql, params } = currentBalancesSql({ ids: [], allowedIds: null, balances: BALANCE_RANGE, publicKeys: [] }, 'asc', PAGE, driver, TOKEN_LIMIT);
    expect(pagePlan(fixture.store.db, sql, params).walk).toContain('USE TEMP B-TREE FOR ORDER BY');
  });

  it('is computed once per returned row of an accounts page with a balance range', () => {
    const parsed = parseAccountsParams(parseQueryString('account.balance=gte:100&account.balance=lte:200000', 100), defaultMirrorApiConfig());
    if (!parsed.ok) throw new Error('bad query');
    const driver = chooseAccountsDriver(new StatementCache(fixture.store.db), parsed.query);
    expect(driver).toBe('balance-index');
    const page = run(buildAccountsSql(parsed.query, driver, TOKEN_LIMIT));
    expect(page.rows).toHaveLength(PAGE);
    expect(page.rows.some((row) => row.token_balances !== null)).toBe(true);
    expect(page.evaluations).toBe(PAGE);
  });

  it('is computed once per returned row of a balances page with a balance range, in either order', () => {
    for (const order of ['asc', 'desc'] as const) {
      const page = run(currentBalancesSql({ ids: [], allowedIds: null, balances: BALANCE_RANGE, publicKeys: [] }, order, PAGE, 'balance-index', TOKEN_LIMIT));
      expect(page.rows).toHaveLength(PAGE);
      expect(page.evaluations).toBe(PAGE);
    }
  });

  it('is computed once per returned row of a snapshot balances page', () => {
    const balances: Filter<bigint>[] = [{ operator: 'gt', value: 20n }];
    const page = run(snapshotBalancesSql({ ids: [], allowedIds: null, balances, publicKeys: [] }, 0n, 2_000_000_000n, 'desc', PAGE, TOKEN_LIMIT));
    expect(page.rows).toHaveLength(PAGE);
    expect(page.rows.every((row) => row.token_balances !== null)).toBe(true);
    expect(page.evaluations).toBe(PAGE);
  });
});
