import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../../main/mirror/config.ts';
import { parseQueryString } from '../../../main/mirror/http/query-string.ts';
import { CRYPTO_TRANSFERS_SQL } from '../../../main/mirror/transactions/transaction-details.ts';
import { parseTransactionsParams } from '../../../main/mirror/transactions/transactions-params.ts';
import { transactionTimestampsSql, transactionsDriver } from '../../../main/mirror/transactions/transactions-sql.ts';
import { tempStore } from '../../helpers/ledger-fixture.ts';
import { generateTransactions, insertTransactions } from '../../helpers/transaction-fixture.ts';
import { explainPlan } from '../../helpers/query-plan.ts';

// Pins the SQLite plan of every transactions filter kind, so that no filter walks or sorts
// a whole table: a page is found by an index walk in time order that stops at LIMIT rows,
// or by a few such walks (one per account source or per type) merged. Sorting only ever
// happens over those bounded walks' results.
const fixture = tempStore();

beforeAll(() => {
  insertTransactions(fixture.store, generateTransactions(20_000));
  fixture.store.analyze();
});
afterAll(() => fixture.dispose());

function planOf(rawQuery: string): { driver: string; plan: string[] } {
  const parsed = parseTransactionsParams(parseQueryString(rawQuery, 100), defaultMirrorApiConfig());
  if (!parsed.ok) throw new Error(parsed.messages.map((m) => m.message).join('; '));
  const { sql, params } = transactionTimestampsSql(parsed.query, parsed.query.timestamps!);
  return { driver: transactionsDriver(parsed.query), plan: explainPlan(fixture.store.db, sql, params) };
}

/** Index walks in the plan (SEARCH / SCAN lines that read a table or index). */
const reads = (plan: string[]): string[] => plan.filter((d) => /^(SEARCH|SCAN) (t|x) /.test(d));

describe('transactions query plans', () => {
  it.each([
    ['no filter', ''],
    ['ascending', 'order=asc'],
    ['a timestamp range', 'timestamp=gt:1700000000.5&timestamp=lt:1700000100'],
    ['result=success', 'result=success'],
  ])('%s walks the rowid in time order', (_name, query) => {
    expect(planOf(query).plan).toEqual(['SEARCH t USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)']);
  });

  it('result=fail walks the small index of failures', () => {
    expect(planOf('result=fail').plan).toEqual(['SEARCH t USING INDEX transaction__failed (consensus_timestamp>? AND consensus_timestamp<?)']);
  });

  it('each transaction type is one ordered walk of the type index', () => {
    const one = planOf('transactiontype=tokenmint&result=fail');
    expect(reads(one.plan)).toEqual(['SEARCH t USING INDEX transaction__type_timestamp (type=? AND consensus_timestamp>? AND consensus_timestamp<?)']);
    const two = reads(planOf('transactiontype=tokenmint&transactiontype=cryptocreateaccount').plan);
    expect(two).toHaveLength(2);
    for (const line of two) expect(line).toMatch(/USING (COVERING )?INDEX transaction__type_timestamp \(type=\? AND consensus_timestamp>\? AND consensus_timestamp<\?\)/);
  });

  it('an account equality seeks the payer, crypto, token and NFT transfer indexes only', () => {
    const { driver, plan } = planOf('account.id=0.0.1005');
    expect(driver).toBe('account-seek');
    expect(reads(plan)).toEqual([
      'SEARCH t USING INDEX transaction__payer_timestamp (payer_account_id=? AND consensus_timestamp>? AND consensus_timestamp<?)',
      'SEARCH x USING COVERING INDEX crypto_transfer__entity_timestamp (entity_id=? AND consensus_timestamp>? AND consensus_timestamp<?)',
      'SEARCH x USING COVERING INDEX token_transfer__account_timestamp (account_id=? AND consensus_timestamp>? AND consensus_timestamp<?)',
      'SEARCH x USING COVERING INDEX nft_transfer__sender (sender_account_id=? AND consensus_timestamp>? AND consensus_timestamp<?)',
      'SEARCH x USING COVERING INDEX nft_transfer__receiver (receiver_account_id=? AND consensus_timestamp>? AND consensus_timestamp<?)',
    ]);
  });

  it('an account with type and result filters joins each transfer to its transaction by key', () => {
    const lines = reads(planOf('account.id=0.0.1005&transactiontype=cryptotransfer&result=fail&type=credit').plan);
    expect(lines.every((l) => l.startsWith('SEARCH'))).toBe(true);
    expect(lines.filter((l) => l.startsWith('SEARCH t'))).toEqual([
      'SEARCH t USING INDEX transaction__type_timestamp (type=? AND consensus_timestamp=? AND rowid>? AND rowid<?)',
      'SEARCH t USING INDEX transaction__type_timestamp (type=? AND consensus_timestamp=? AND rowid>? AND rowid<?)',
    ]);
  });

  it('account comparisons and credit/debit walk time order and probe transfers by timestamp', () => {
    for (const query of ['account.id=gt:0.0.1005', 'type=debit']) {
      const { driver, plan } = planOf(query);
      expect(driver).toBe('transfer-exists');
      expect(plan[0]).toBe('SEARCH t USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)');
      for (const probe of reads(plan).slice(1)) expect(probe).toMatch(/^SEARCH x USING ((COVERING )?INDEX \w+__timestamp|PRIMARY KEY) \(consensus_timestamp=\?( AND \w+[<>]\?)?\)$/);
    }
  });

  it('never scans a table or sorts before the page is bounded', () => {
    for (const query of ['', 'account.id=0.0.1005', 'account.id=1005&account.id=1006', 'transactiontype=tokenmint&transactiontype=cryptotransfer', 'type=credit']) {
      const { plan } = planOf(query);
      expect(plan.filter((d) => /^SCAN (t|x)\b/.test(d))).toEqual([]);
    }
  });

  it('binds one value per placeholder', () => {
    for (const query of ['', 'result=fail', 'account.id=0.0.1005&timestamp=lt:1700000100&timestamp=ne:1700000050', 'account.id=gt:0.0.1005&type=debit', 'transactiontype=tokenmint&transactiontype=cryptotransfer&result=success']) {
      const parsed = parseTransactionsParams(parseQueryString(query, 100), defaultMirrorApiConfig());
      if (!parsed.ok) throw new Error(query);
      const { sql, params } = transactionTimestampsSql(parsed.query, parsed.query.timestamps!);
      expect(sql.match(/\?/g)).toHaveLength(params.length);
    }
  });

  // A page's crypto transfers are read from the index alone, already in the order they are
  // rendered in: no search into the table per transfer, no sort afterwards (migration 006).
  it("reads a page's (or one transaction's) crypto transfers from the covering timestamp index, in order", () => {
    for (const [sql, param] of [[CRYPTO_TRANSFERS_SQL.many, '[1,2]'], [CRYPTO_TRANSFERS_SQL.one, 1]] as const) {
      const plan = explainPlan(fixture.store.db, sql, [param]);
      expect(plan.filter((d) => / crypto_transfer\b/.test(d))).toEqual(['SEARCH crypto_transfer USING COVERING INDEX crypto_transfer__timestamp (consensus_timestamp=?)']);
      expect(plan.filter((d) => /TEMP B-TREE/.test(d))).toEqual([]);
    }
  });
});
