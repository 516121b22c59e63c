import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_BY_HASH_SQL, BLOCK_BY_NUMBER_SQL } from '../../../main/mirror/blocks/blocks-sql.ts';
import { BLOCK_AT_SQL } from '../../../main/mirror/contracts/contract-blocks.ts';
import { contractActionsSql } from '../../../main/mirror/contracts/contract-actions-service.ts';
import { contractLogsPartSql } from '../../../main/mirror/contracts/contract-logs-sql.ts';
import {
  contractResultsPageSql, ETHEREUM_TRANSACTION_SQL, LOGS_AT_SQL, RESULT_BY_HASH_SQL, RESULTS_AT_SQL, STATE_CHANGES_AT_SQL,
  type ResultConditions,
} from '../../../main/mirror/contracts/contract-results-sql.ts';
import { contractStateSql } from '../../../main/mirror/contracts/contract-state-sql.ts';
import { TRANSACTION_BY_ID_SQL } from '../../../main/mirror/contracts/contract-transaction.ts';
import { contractByIdSql, contractsPageSql, FILE_CONTENT_SQL } from '../../../main/mirror/contracts/contracts-sql.ts';
import { insertAccounts, tempStore } from '../../helpers/ledger-fixture.ts';
import { insertBlock, insertContract, insertLog, insertResult, insertStateChange } from '../../helpers/contract-fixture.ts';
import { explainPlan } from '../../helpers/query-plan.ts';

// Pins the SQLite plan of every contracts query on a store with statistics, so that a change
// which makes a filter walk a whole table fails here. Plans are read with EXPLAIN QUERY PLAN;
// "SCAN x" without an index is only allowed where the walk is the ordered page itself.
const fixture = tempStore();

beforeAll(() => {
  const { store } = fixture;
  store.db.transaction(() => {
    insertAccounts(store, Array.from({ length: 3000 }, (_, i) => ({ num: 10_000 + i, balance: i })));
    for (let c = 0; c < 50; c++) insertContract(store, { num: 1000 + c });
    for (let t = 0; t < 3000; t++) {
      insertResult(store, { timestamp: 1_000_000 + t, contractNum: 1000 + (t % 50), sender: 10_000 + (t % 300) });
      insertLog(store, 1_000_000 + t, 0, 1000 + (t % 50), 'ab');
      insertStateChange(store, 1_000_000 + t, 1000 + (t % 50), t % 7, t % 250);
    }
    for (let b = 0; b < 300; b++) insertBlock(store, b, 1_000_000 + b * 10, 1_000_000 + b * 10 + 9);
  })();
  store.analyze();
});
afterAll(() => fixture.dispose());

function plan(sql: string, params: unknown[]): string {
  return explainPlan(fixture.store.db, sql, params).join('\n');
}

const NO_CONDITIONS: ResultConditions = { contractId: null, senders: [], timestamps: [], transactionIndexes: [], internal: false };

describe('contracts query plans', () => {
  it('walks only contract entities for the contracts list', () => {
    for (const ids of [[], [{ operator: 'eq' as const, value: 1001n }], [{ operator: 'gt' as const, value: 1001n }]]) {
      const { sql, params } = contractsPageSql(ids, 'desc', 25);
      expect(plan(sql, params)).toMatch(/entity__contract/);
    }
  });

  it('looks a contract up by primary key or EVM address index', () => {
    expect(plan(contractByIdSql('id', []).sql, contractByIdSql('id', []).bind(1001n))).toMatch(/USING INTEGER PRIMARY KEY/);
    const byAddress = contractByIdSql('evm_address', [{ operator: 'lte', value: 5n }]);
    const text = plan(byAddress.sql, byAddress.bind(Buffer.alloc(20)));
    expect(text).toMatch(/entity__evm_address/);
    expect(text).not.toMatch(/SCAN e\b(?! USING)/);
  });

  it('pages contract results on the index matching the filter', () => {
    const perContract = contractResultsPageSql({ ...NO_CONDITIONS, contractId: 1001n, timestamps: [{ operator: 'gt', value: 5n }] }, 'desc', 25);
    expect(plan(perContract.sql, perContract.params)).toMatch(/contract_result__contract_timestamp/);
    const bySender = contractResultsPageSql({ ...NO_CONDITIONS, senders: [{ operator: 'eq', value: 10_001n }] }, 'asc', 25);
    expect(plan(bySender.sql, bySender.params)).toMatch(/contract_result__sender_timestamp/);
    const all = contractResultsPageSql({ ...NO_CONDITIONS, timestamps: [{ operator: 'gte', value: 1_000_100n }] }, 'asc', 25);
    expect(plan(all.sql, all.params)).toMatch(/contract_result__timestamp/);
  });

  it('reads one transaction\'s results, logs and state changes by timestamp', () => {
    expect(plan(RESULTS_AT_SQL, [1_000_010])).toMatch(/contract_result__timestamp/);
    expect(plan(LOGS_AT_SQL, [1_000_010])).toMatch(/SEARCH l USING PRIMARY KEY/);
    expect(plan(STATE_CHANGES_AT_SQL, [1_000_010])).toMatch(/contract_state_change__timestamp/);
    expect(plan(RESULT_BY_HASH_SQL, [Buffer.alloc(32)])).toMatch(/contract_result__hash/);
    expect(plan(ETHEREUM_TRANSACTION_SQL, [1_000_010, 2])).toMatch(/INTEGER PRIMARY KEY/);
    expect(plan(TRANSACTION_BY_ID_SQL, [2, 1_000_009, 0])).toMatch(/transaction__payer_valid_start/);
  });

  it('pages logs by contract or by time, never over the whole table', () => {
    const byContract = contractLogsPartSql(1001n, [{ key: 'timestamp', operator: 'gte', value: 1_000_100n }], [['AB']], 'desc', 25);
    expect(plan(byContract.sql, byContract.params)).toMatch(/contract_log__contract_timestamp/);
    const all = contractLogsPartSql(null, [{ key: 'timestamp', operator: 'eq', value: 1_000_100n }], [[], ['AB']], 'asc', 25);
    expect(plan(all.sql, all.params)).toMatch(/SEARCH l USING PRIMARY KEY/);
  });

  it('reads storage within one contract', () => {
    const now = contractStateSql(1001n, { slots: [], timestamps: [], limit: 25, order: 'asc' });
    expect(plan(now.sql, now.params)).toMatch(/SEARCH s USING PRIMARY KEY \(contract_id=\?\)/);
    const then = contractStateSql(1001n, { slots: [{ operator: 'gt', value: '0'.repeat(64) }], timestamps: [{ operator: 'lte', value: 1_000_500n }], limit: 25, order: 'asc' });
    const text = plan(then.sql, then.params);
    expect(text).toMatch(/contract_state_change__contract_slot/);
    expect(text).not.toMatch(/SCAN sc\b/);
  });

  it('finds blocks, actions and bytecode files by key', () => {
    expect(plan(BLOCK_AT_SQL, [1_000_050])).toMatch(/INTEGER PRIMARY KEY/);
    expect(plan(BLOCK_BY_NUMBER_SQL, [5])).toMatch(/record_file__index/);
    expect(plan(BLOCK_BY_HASH_SQL, ['ab', 'abg'])).toMatch(/record_file__hash/);
    expect(plan(contractActionsSql(['gte'], 'asc'), [1_000_010, 2, 0, 25])).toMatch(/SEARCH contract_action USING PRIMARY KEY/);
    expect(plan(FILE_CONTENT_SQL, [5001, 9, 5001, 9])).not.toMatch(/SCAN file_data\b(?! USING)/);
  });
});
