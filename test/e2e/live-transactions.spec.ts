import path from 'node:path';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { insertTransactions } from '../helpers/transaction-fixture.ts';
import { expect, ownServe, screenshot, test } from './serve-fixture.ts';
import { goBack } from './history-steps.ts';

/**
 * Transactions that reach the store while the Transactions screen is open (as a sync following
 * its upstream writes them) are counted above the list and shown on request. Its own `serve`:
 * this file writes into the ledger.
 */
const serve = ownServe('mirrordesk-e2e-live-');

test('new transactions are counted above the list and shown on request, the rows being read left in place', async ({ page }) => {
  const first = async (query: string) => ((await (await fetch(`${serve.instance.mirrorUrl}/api/v1/transactions?${query}`)).json()) as { transactions: Array<{ consensus_timestamp: string; transaction_id: string }> }).transactions[0]!;
  const top = await first('limit=1');
  await page.goto(`${serve.instance.uiUrl}#/transactions`);
  const rows = page.getByTestId('transaction-row');
  await expect(rows.first()).toContainText(top.transaction_id);
  await expect(page.getByTestId('newer-transactions')).toHaveCount(0);

  // Two transactions land after the newest, written by another connection as the sync writes.
  const [seconds] = top.consensus_timestamp.split('.');
  const after = BigInt(seconds!) * 1_000_000_000n + 1_000_000_000n;
  const store = new LedgerStore({ file: path.join(serve.dataDir, 'demo.sqlite') });
  try {
    insertTransactions(store, [{ consensus: after, payer: 2, type: 14 }, { consensus: after + 1_000_000_000n, payer: 2, type: 14 }]);
  } finally {
    store.close();
  }
  const banner = page.getByTestId('newer-transactions');
  await expect(banner).toHaveText('2 new transactions since this list was loaded · show', { timeout: 15_000 });
  // The rows being read did not move.
  await expect(rows.first()).toContainText(top.transaction_id);
  await screenshot(page, 'explorer-20-new-transactions');
  await banner.click();
  const newest = await first('limit=1');
  expect(newest.consensus_timestamp).toBe(`${BigInt(seconds!) + 2n}.000000000`);
  await expect(rows.first()).toContainText(newest.transaction_id);
  await expect(banner).toHaveCount(0);
});

test("an account's history counts its own new transactions, not others'", async ({ page }) => {
  const list = async (query: string) => ((await (await fetch(`${serve.instance.mirrorUrl}/api/v1/transactions?${query}`)).json()) as { transactions: Array<{ consensus_timestamp: string; transaction_id: string }> }).transactions;
  const newestOf = async (query: string) => (await list(`${query}&limit=1`))[0];
  // A demo account that paid for a recent transaction (the test before wrote some paid by 0.0.2).
  const account = (await list('limit=25')).map((t) => t.transaction_id.split('-')[0]!).find((payer) => payer !== '0.0.2')!;
  const top = (await newestOf(`account.id=${account}`))!;
  await page.goto(`${serve.instance.uiUrl}#/account?id=${account}&tab=transactions`);
  const rows = page.getByTestId('transaction-row');
  await expect(rows.first()).toContainText(top.transaction_id);

  // After the ledger's newest: one paid by another account, then one paid by this one.
  const [seconds] = (await newestOf(''))!.consensus_timestamp.split('.');
  const after = BigInt(seconds!) * 1_000_000_000n + 1_000_000_000n;
  const store = new LedgerStore({ file: path.join(serve.dataDir, 'demo.sqlite') });
  try {
    insertTransactions(store, [{ consensus: after, payer: 2, type: 14 }, { consensus: after + 1_000_000_000n, payer: Number(account.split('.')[2]), type: 14 }]);
  } finally {
    store.close();
  }
  const banner = page.getByTestId('newer-transactions');
  await expect(banner).toHaveText('1 new transaction since this list was loaded · show', { timeout: 15_000 });
  await expect(rows.first()).toContainText(top.transaction_id);
  await banner.click();
  await expect(rows.first()).toContainText((await newestOf(`account.id=${account}`))!.transaction_id);
  await expect(banner).toHaveCount(0);
});

test('Back to the list finds the rows as they were left, and offers what arrived meanwhile above them', async ({ page }) => {
  const newestId = async () => ((await (await fetch(`${serve.instance.mirrorUrl}/api/v1/transactions?limit=1`)).json()) as { transactions: Array<{ consensus_timestamp: string; transaction_id: string }> }).transactions[0]!;
  const top = await newestId();
  await page.goto(`${serve.instance.uiUrl}#/transactions`);
  const list = page.getByTestId('transactions-list');
  const rows = page.getByTestId('transaction-row');
  await expect(rows.first()).toContainText(top.transaction_id);
  await list.getByTestId('load-more').click();
  await expect(list).toHaveAttribute('data-count', '50');
  await rows.last().locator('a[data-kind="transaction"]').first().click();
  await expect(page).toHaveURL(/#\/transaction\?id=/);

  // While the user reads the transaction, one lands after the newest.
  const [seconds] = top.consensus_timestamp.split('.');
  const store = new LedgerStore({ file: path.join(serve.dataDir, 'demo.sqlite') });
  try {
    insertTransactions(store, [{ consensus: BigInt(seconds!) * 1_000_000_000n + 1_000_000_000n, payer: 2, type: 14 }]);
  } finally {
    store.close();
  }
  await goBack(page);
  // The 50 rows as they were (the pages still follow on from the last), the new one offered above.
  await expect(list).toHaveAttribute('data-count', '50');
  await expect(rows.first()).toContainText(top.transaction_id);
  const banner = page.getByTestId('newer-transactions');
  await expect(banner).toHaveText('1 new transaction since this list was loaded · show', { timeout: 15_000 });
  await banner.click();
  await expect(list).toHaveAttribute('data-count', '25');
  await expect(rows.first()).toContainText((await newestId()).transaction_id);
});
