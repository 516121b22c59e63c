import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../../main/mirror/config.ts';
import { parseQueryString } from '../../../main/mirror/http/query-string.ts';
import { StatementCache } from '../../../main/mirror/query/statement-cache.ts';
import { parseTransactionsParams, type TransactionsQuery } from '../../../main/mirror/transactions/transactions-params.ts';
import { chooseTimestampsPlan } from '../../../main/mirror/transactions/transactions-plan-probe.ts';
import { transactionTimestampsSql, type TimestampsPlan } from '../../../main/mirror/transactions/transactions-sql.ts';
import { tempStore } from '../../helpers/ledger-fixture.ts';
import { generateTransactions, insertTransactions } from '../../helpers/transaction-fixture.ts';
import { explainPlan } from '../../helpers/query-plan.ts';

// Account equalities with transaction types have two ways to their page: seek the accounts'
// histories, or walk the types' index and probe each transaction for the accounts. 0.0.98
// takes part in all 20,000 transactions here and CRYPTOCREATEACCOUNT is 1% of them.
const fixture = tempStore();
let statements: StatementCache;

beforeAll(() => {
  insertTransactions(fixture.store, generateTransactions(20_000));
  fixture.store.analyze();
  statements = new StatementCache(fixture.store.db);
});
afterAll(() => fixture.dispose());

function parse(rawQuery: string): TransactionsQuery {
  const parsed = parseTransactionsParams(parseQueryString(rawQuery, 100), defaultMirrorApiConfig());
  if (!parsed.ok) throw new Error(parsed.messages.map((m) => m.message).join('; '));
  return parsed.query;
}

function timestamps(query: TransactionsQuery, plan: TimestampsPlan): string[] {
  const { sql, params } = transactionTimestampsSql(query, query.timestamps!, plan);
  return (fixture.store.db.prepare(sql).safeIntegers(true).all(...params) as Array<{ consensus_timestamp: bigint }>).map((r) => String(r.consensus_timestamp));
}

describe('transactions of busy accounts by type', () => {
  it('walks the type index when the account is busy and the types rare, and seeks the account otherwise', () => {
    const plan = (q: string) => chooseTimestampsPlan(statements, parse(q), parse(q).timestamps!);
    expect(plan('account.id=0.0.98&transactiontype=cryptocreateaccount')).toEqual({ typeWalk: true });
    expect(plan('account.id=0.0.98&transactiontype=cryptotransfer')).toEqual({});
    expect(plan('account.id=0.0.20999&transactiontype=cryptocreateaccount')).toEqual({});
    expect(plan('transactiontype=cryptocreateaccount')).toEqual({});
    expect(plan('account.id=0.0.98')).toEqual({});
  });

  it('the type walk reads the type index and probes each row by its timestamp: no scan, no account history', () => {
    const query = parse('account.id=0.0.98&transactiontype=cryptocreateaccount&type=credit');
    const { sql, params } = transactionTimestampsSql(query, query.timestamps!, { typeWalk: true });
    const plan = explainPlan(fixture.store.db, sql, params);
    const reads = plan.filter((d) => /^(SEARCH|SCAN) (t|x) /.test(d));
    expect(reads[0]).toMatch(/^SEARCH t USING (COVERING )?INDEX transaction__type_timestamp \(type=\? AND consensus_timestamp>\? AND consensus_timestamp<\?\)$/);
    expect(reads.length).toBeGreaterThan(1);
    for (const probe of reads.slice(1)) expect(probe).toMatch(/^SEARCH x USING (COVERING )?(INDEX \w+|PRIMARY KEY) \((consensus_timestamp=\?( AND entity_id=\?( AND amount[<>]\?)?)?|entity_id=\? AND consensus_timestamp=\?|account_id=\? AND consensus_timestamp=\?)\)$/);
    expect(sql.match(/\?/g)).toHaveLength(params.length);
  });

  it('finds exactly the page the account seek finds, for every filter combination', () => {
    const accounts = ['0.0.98', '0.0.1000', '0.0.1001', '0.0.3', '0.0.7777'];
    const types = ['cryptocreateaccount', 'tokenmint', 'consensussubmitmessage', 'cryptotransfer'];
    const extras = ['', '&type=credit', '&type=debit', '&result=fail', '&result=success', '&order=asc', '&limit=7',
      '&timestamp=gt:1700000500&timestamp=lte:1700015000', '&timestamp=lt:1700009000.5&order=asc&limit=3'];
    let compared = 0;
    let nonEmpty = 0;
    for (const account of accounts) {
      for (const [i, type] of types.entries()) {
        for (const extra of extras) {
          const second = i % 2 === 0 ? '' : `&transactiontype=${types[(i + 1) % types.length]}`;
          const twoAccounts = extra === '&limit=7' ? '&account.id=0.0.1002' : '';
          const query = parse(`account.id=${account}${twoAccounts}&transactiontype=${type}${second}${extra}`);
          const seek = timestamps(query, {});
          expect(timestamps(query, { typeWalk: true }), `${account} ${type}${second}${extra}`).toEqual(seek);
          compared++;
          if (seek.length > 0) nonEmpty++;
        }
      }
    }
    expect(compared).toBe(180);
    expect(nonEmpty).toBeGreaterThan(90);
  });
});
