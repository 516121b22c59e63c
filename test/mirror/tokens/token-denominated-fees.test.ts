import { describe, expect, it } from 'vitest';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { insertToken } from '../../helpers/token-fixture.ts';
import { insertTransactions } from '../../helpers/transaction-fixture.ts';
import { ReferenceDocument } from '../reference-openapi/reference-document.ts';

// Fixed custom fees paid in a token (`denominating_token_id`), not in HBAR, through the real mirror
// API over a real SQLite file: as a token's fee schedule shows them, and as a transaction that
// paid one assesses them (the reference's rest/viewmodel/customFeeViewModel.js and
// assessedCustomFeeViewModel.js: ids as shard.realm.num, amounts as numbers).
const FEE_TOKEN = 5000;
const FUNGIBLE = 6000;
const COLLECTION = 7000;
const T0 = 1_700_000_000_000_000_000n;
const TRANSFER_ID = '0.0.1002-1700000000-000000000';

const fixture = mirrorApiFixture((store) => {
  insertAccounts(store, [{ num: 1001 }, { num: 1002 }, { num: 1003 }]);
  insertToken(store, FEE_TOKEN);
  insertToken(store, FUNGIBLE);
  insertToken(store, COLLECTION, { type: 'NON_FUNGIBLE_UNIQUE', decimals: 0 });
  // Stored as the sync stores an upstream's schedule (sync/token-rows.ts): entity ids as numbers.
  const setFees = store.db.prepare('UPDATE custom_fee SET fixed_fees = ?, royalty_fees = ? WHERE entity_id = ?');
  setFees.run(JSON.stringify([
    { all_collectors_are_exempt: false, amount: 3, collector_account_id: 1001, denominating_token_id: FEE_TOKEN },
    { all_collectors_are_exempt: true, amount: 50, collector_account_id: 1001, denominating_token_id: null },
  ]), null, FUNGIBLE);
  setFees.run(
    JSON.stringify([{ all_collectors_are_exempt: false, amount: 4, collector_account_id: 1003, denominating_token_id: FEE_TOKEN }]),
    JSON.stringify([{ all_collectors_are_exempt: false, numerator: 1, denominator: 10, collector_account_id: 1003, fallback_fee: { amount: 2, denominating_token_id: FEE_TOKEN } }]),
    COLLECTION,
  );
  // 0.0.1002 sends 10 of the fungible token to 0.0.1003 and pays both fixed fees: 3 of the fee token, 50 tinybars.
  insertTransactions(store, [{
    consensus: T0 + 1n, payer: 1002, validStart: T0, transfers: [[3, 2], [98, 1], [1001, 50], [1002, -53]],
    tokenTransfers: [[FUNGIBLE, 1002, -10], [FUNGIBLE, 1003, 10], [FEE_TOKEN, 1002, -3], [FEE_TOKEN, 1001, 3]],
  }]);
  const assessed = store.db.prepare(`INSERT INTO assessed_custom_fee (consensus_timestamp, amount, collector_account_id, effective_payer_account_ids,
    payer_account_id, token_id) VALUES (?, ?, ?, ?, ?, ?)`);
  assessed.run(T0 + 1n, 50, 1001, '[1002]', 1002, null);
  assessed.run(T0 + 1n, 3, 1001, '[1002]', 1002, FEE_TOKEN);
});

const reference = new ReferenceDocument();
const answer = async (url: string) => {
  const response = await fixture.get(url);
  expect(response.statusCode, url).toBe(200);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(reference.problems(new URL(url, 'http://x').pathname, 200, body), url).toEqual([]);
  return body;
};

describe('fixed custom fees denominated in a token', () => {
  it('are listed in a fungible token\'s schedule with the token they are paid in, beside an HBAR one', async () => {
    const { custom_fees: fees } = await answer(`/api/v1/tokens/0.0.${FUNGIBLE}`) as { custom_fees: { fixed_fees: Array<Record<string, unknown>> } };
    expect(fees).toEqual({
      created_timestamp: '0.000001000',
      fixed_fees: [
        { all_collectors_are_exempt: false, amount: 3, collector_account_id: '0.0.1001', denominating_token_id: '0.0.5000' },
        { all_collectors_are_exempt: true, amount: 50, collector_account_id: '0.0.1001', denominating_token_id: null },
      ],
      fractional_fees: [],
    });
    expect(Object.keys(fees.fixed_fees[0]!)).toEqual(['all_collectors_are_exempt', 'amount', 'collector_account_id', 'denominating_token_id']);
  });

  it('are listed in an NFT collection\'s schedule, and a royalty\'s fallback fee names its token too', async () => {
    const { custom_fees: fees } = await answer(`/api/v1/tokens/0.0.${COLLECTION}`);
    expect(fees).toEqual({
      created_timestamp: '0.000001000',
      fixed_fees: [{ all_collectors_are_exempt: false, amount: 4, collector_account_id: '0.0.1003', denominating_token_id: '0.0.5000' }],
      royalty_fees: [{
        all_collectors_are_exempt: false, amount: { denominator: 10, numerator: 1 }, collector_account_id: '0.0.1003',
        fallback_fee: { amount: 2, denominating_token_id: '0.0.5000' },
      }],
    });
  });

  it('are assessed on a transaction by its id with the token paid in, ordered by collector then amount, an HBAR fee without one', async () => {
    const { transactions } = await answer(`/api/v1/transactions/${TRANSFER_ID}`) as { transactions: Array<Record<string, unknown>> };
    expect(transactions).toHaveLength(1);
    const fees = transactions[0]!.assessed_custom_fees as Array<Record<string, unknown>>;
    expect(fees).toEqual([
      { amount: 3, collector_account_id: '0.0.1001', effective_payer_account_ids: ['0.0.1002'], token_id: '0.0.5000' },
      { amount: 50, collector_account_id: '0.0.1001', effective_payer_account_ids: ['0.0.1002'], token_id: null },
    ]);
    expect(Object.keys(fees[0]!)).toEqual(['amount', 'collector_account_id', 'effective_payer_account_ids', 'token_id']);
    // The fee token moves as any token does, beside the token transferred.
    expect(transactions[0]!.token_transfers).toEqual(expect.arrayContaining([
      { token_id: '0.0.5000', account: '0.0.1001', amount: 3, is_approval: false },
      { token_id: '0.0.5000', account: '0.0.1002', amount: -3, is_approval: false },
    ]));
  });
});
