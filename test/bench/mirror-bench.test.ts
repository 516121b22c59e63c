import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBenchServer, type BenchServer } from '../../main/bench/bench-server-process.ts';
import { prepareDataset } from '../../main/bench/bench-dataset.ts';
import { migrationIndexes, prepareMirrorDataset, type MirrorDatasetReport } from '../../main/bench/mirror-dataset.ts';
import { mirrorScenarios } from '../../main/bench/mirror-scenarios.ts';
import { parseMirrorArgs } from '../../main/bench/mirror-suite.ts';
import { formatQueryCosts, IN_PROCESS_BASELINE, measureQueryCosts } from '../../main/bench/query-costs.ts';
import { SUCCESS_RESULTS } from '../../main/mirror/format/transaction-result.ts';

// The mirror benchmark's generator and scenarios at a tiny size, over real SQLite files and a
// real bench server process on loopback. No timing is asserted: only that the dataset is
// what the benchmark claims and that every URL it would load answers 200.
const ACCOUNTS = 2000;
/** The stream's share; the dataset's total adds the demo generator's own transactions. */
const GENERATED = 6000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-bench-'));
let report: MirrorDatasetReport;
let db: Database.Database;
const FILLED = ['transaction', 'transaction_hash', 'crypto_transfer', 'token_transfer'];
/** Rows the demo generator itself put in the accounts dataset's filled tables (kept next to the stream's). */
const demoRows = new Map<string, number>();

let totalTransactions = 0;

beforeAll(async () => {
  const base = await prepareDataset(dir, ACCOUNTS, () => {});
  const accounts = new Database(base.file, { readonly: true });
  for (const table of FILLED) {
    const exists = accounts.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
    demoRows.set(table, exists ? accounts.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number : 0);
  }
  accounts.close();
  totalTransactions = demoRows.get('transaction')! + GENERATED;
  report = await prepareMirrorDataset(dir, ACCOUNTS, totalTransactions, () => {});
  db = new Database(report.file, { readonly: true });
}, 120_000);
afterAll(() => {
  db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = (sql: string, ...params: unknown[]): number => db.prepare(sql).pluck().get(...params) as number;

describe('mirror benchmark dataset', () => {
  it('adds the transactions to a copy of the accounts dataset, keyed by both counts', () => {
    expect(report.generated).toBe(true);
    expect(path.basename(report.file)).toBe(`mirror-${ACCOUNTS}-${totalTransactions}.sqlite`);
    expect(fs.existsSync(path.join(dir, `accounts-${ACCOUNTS}.sqlite`))).toBe(true);
    expect(report.demoTransactions).toBe(demoRows.get('transaction'));
    expect(count('SELECT count(*) FROM "transaction"')).toBe(totalTransactions);
    expect(count('SELECT count(*) FROM transaction_hash')).toBe(GENERATED + demoRows.get('transaction_hash')!);
    const added = FILLED.reduce((sum, t) => sum + count(`SELECT count(*) FROM "${t}"`) - demoRows.get(t)!, 0);
    expect(report.rows).toBe(added);
    expect(report.rows).toBeGreaterThan(GENERATED * 4);
    expect(count("SELECT count(*) FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT')")).toBe(ACCOUNTS);
  });

  it('moves balanced amounts between existing accounts, token transfers between holders of the token', () => {
    expect(count('SELECT count(*) FROM (SELECT consensus_timestamp FROM crypto_transfer GROUP BY consensus_timestamp HAVING sum(amount) != 0)')).toBe(0);
    expect(count('SELECT count(*) FROM crypto_transfer c LEFT JOIN entity e ON e.id = c.entity_id WHERE e.id IS NULL')).toBe(0);
    expect(count('SELECT count(*) FROM "transaction" t LEFT JOIN entity e ON e.id = t.payer_account_id WHERE e.id IS NULL')).toBe(0);
    expect(count('SELECT count(*) FROM token_transfer')).toBeGreaterThan(0);
    expect(count(`SELECT count(*) FROM token_transfer x LEFT JOIN token_account ta ON ta.account_id = x.account_id AND ta.token_id = x.token_id
      WHERE ta.account_id IS NULL`)).toBe(0);
  });

  it('mixes types, has some failures, and a few hot payers', () => {
    expect(count('SELECT count(DISTINCT type) FROM "transaction"')).toBeGreaterThanOrEqual(8);
    const failures = count(`SELECT count(*) FROM "transaction" WHERE result NOT IN (${SUCCESS_RESULTS.join(', ')})`);
    expect(failures).toBeGreaterThan(0);
    expect(failures).toBeLessThan(totalTransactions * 0.1);
    const hotPaid = count(`SELECT count(*) FROM "transaction" WHERE payer_account_id IN (SELECT value FROM json_each(?))`, JSON.stringify(report.hotAccounts));
    expect(hotPaid).toBeGreaterThan(GENERATED * 0.15);
    expect(count('SELECT count(DISTINCT payer_account_id) FROM "transaction"')).toBeGreaterThan(report.hotAccounts.length * 10);
  });

  it('has exactly the indexes the migrations define on the filled tables', () => {
    const names = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
      AND tbl_name IN ('transaction', 'transaction_hash', 'crypto_transfer', 'token_transfer') ORDER BY name`).pluck().all() as string[]);
    const expected = migrationIndexes(['transaction', 'transaction_hash', 'crypto_transfer', 'token_transfer']).map((sql) => /CREATE (?:UNIQUE )?INDEX (\w+)/.exec(sql)![1]!).sort();
    expect(names).toEqual(expected);
    expect(expected).toContain('transaction__failed');
    // Migration 006 redefines the timestamp index: the dataset gets the covering definition only.
    const timestampIndex = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'crypto_transfer__timestamp'").pluck().get() as string;
    expect(timestampIndex).toContain('(consensus_timestamp, entity_id, amount, is_approval)');
  });

  it('reuses a complete dataset without writing it again', async () => {
    const again = await prepareMirrorDataset(dir, ACCOUNTS, totalTransactions, () => {});
    expect(again.generated).toBe(false);
    expect(again.rows).toBe(report.rows);
    expect(again.hotAccounts).toEqual(report.hotAccounts);
    expect(again.accountsDataset).toBeNull();
  });
});

describe('mirror benchmark scenarios', () => {
  let server: BenchServer;
  beforeAll(async () => {
    server = await startBenchServer(report.file);
  }, 60_000);
  afterAll(async () => server?.stop());

  it('every scenario URL answers 200 from the mirror API without its cache', async () => {
    const scenarios = mirrorScenarios(db, report.hotAccounts, 8);
    expect(scenarios.map((s) => s.name)).toEqual(expect.arrayContaining([
      'account by id', 'account by EVM address', 'account by alias', 'account tokens', 'token balances', 'balances account.id',
      'transactions', 'transactions hot account.id', 'transactions long-tail account.id', 'transactions transactiontype',
      'transactions result=fail', 'transactions timestamp range', 'transactions order=asc', 'transaction by id', 'transaction by hash',
    ]));
    const failed: string[] = [];
    for (const scenario of scenarios) {
      for (const p of scenario.paths) {
        const { status, body } = await get(`${server.mirrorUncached}${p}`);
        if (status !== 200) failed.push(`${scenario.name}: ${p} -> ${status} ${body.slice(0, 200)}`);
      }
    }
    expect(failed).toEqual([]);
    expect((await get(`${server.trivial}/hello`)).status).toBe(200);
  }, 60_000);

  it('lookups draw many distinct targets, so the response cache cannot answer them all', () => {
    const byName = new Map(mirrorScenarios(db, report.hotAccounts, 200).map((s) => [s.name, s.paths]));
    expect(new Set(byName.get('account by id')).size).toBeGreaterThan(100);
    expect(new Set(byName.get('transaction by id')).size).toBeGreaterThan(100);
  });
});

describe('where the time goes', () => {
  it('runs every scenario in process and counts the statements each request runs', async () => {
    const scenarios = mirrorScenarios(db, report.hotAccounts, 8);
    const costs = await measureQueryCosts(report.file, scenarios, 4);
    expect(costs.map((c) => c.name)).toEqual([IN_PROCESS_BASELINE, ...scenarios.map((s) => s.name)]);
    expect(costs.filter((c) => c.failures > 0)).toEqual([]);
    expect(costs[0]).toMatchObject({ statements: 0, rows: 0, sqliteUs: 0 });
    for (const cost of costs.slice(1)) {
      expect(cost.statements, cost.name).toBeGreaterThanOrEqual(1);
      expect(cost.sqliteUs, cost.name).toBeGreaterThan(0);
      expect(cost.handlerUs, cost.name).toBeGreaterThan(cost.sqliteUs);
    }
    // An account with its transactions reads its row, its token balances and a page of transactions.
    const account = costs.find((c) => c.name === 'account by id')!;
    expect(account.statements).toBeGreaterThanOrEqual(4);
    expect(account.rows).toBeGreaterThan(1);
  }, 60_000);

  it('names the queries whose statements alone exceed the budget the baseline leaves', () => {
    const cost = (name: string, sqliteUs: number) => ({ name, requests: 10, failures: 0, handlerUs: sqliteUs * 2, sqliteUs, statements: 2, rows: 5 });
    // A baseline of 10,000 req/s leaves 100 us per request.
    const text = formatQueryCosts([cost('cheap', 40), cost('dear', 250)], 10_000);
    expect(text).toContain('budget: 100 us');
    expect(text).toMatch(/cheap +80 +40 +2\.0 +5\.0 +0\.40x +0/);
    expect(text).toMatch(/dear +500 +250 +2\.0 +5\.0 +2\.50x +0/);
    expect(text.split('\n').at(-1)).toMatch(/their statements alone exceed the budget: dear$/);
    expect(formatQueryCosts([cost('cheap', 40)], 10_000).split('\n').at(-1)).toMatch(/^answered from the store, every query's statements fit/);
  });
});

describe('parseMirrorArgs', () => {
  it('defaults to the issue sizes and validates flags', () => {
    expect(parseMirrorArgs([])).toMatchObject({ accounts: 1_000_000, transactions: 10_000_000, durationMs: 5000, connections: 20 });
    expect(parseMirrorArgs(['--accounts', '100000', '--transactions', '1000000', '--duration', '3'])).toMatchObject({ accounts: 100_000, transactions: 1_000_000, durationMs: 3000 });
    expect(() => parseMirrorArgs(['--transactions', '12x'])).toThrow('--transactions must be a whole number');
    expect(() => parseMirrorArgs(['--accounts'])).toThrow('--accounts needs a value');
    expect(() => parseMirrorArgs(['--nope', '1'])).toThrow('unknown option --nope');
  });
});

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http.get(url, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}
