import { bytesToHex, base64ToBytes } from '../../renderer/src/lib/ledger-format.ts';
import type { NetworkNode, ScheduleInfo, Transaction } from '../../renderer/src/lib/ledger-types.ts';
import { formatHbar, formatTimestamp } from '../../renderer/src/lib/format.ts';
import { transferRow } from '../../renderer/src/lib/transfer-row.ts';
import { goBack } from './history-steps.ts';
import { expect, mirrorJson as mirror, screenshot, test, type ServeInstance } from './serve-fixture.ts';

/**
 * The Transactions list and a transaction's page as the mirror API's answers read there: burns,
 * mints and an NFT whose new owner paid a fee beside it in the list's one line; the list's filters
 * as an address gives them; a transaction's page opened by any form of its id, by a nonce it does
 * not have, by text that is no id; a scheduled transaction's schedule and payer; its valid start
 * and its node. Examples are found through the mirror API.
 */

const transactionsOf = async (serve: ServeInstance, query: string): Promise<Transaction[]> =>
  (await mirror<{ transactions: Transaction[] }>(serve, `/api/v1/transactions?${query}`)).transactions;

/** The first transaction of the list (newest first, pages of 100 followed) that `matches`. */
async function findTransaction(serve: ServeInstance, query: string, matches: (tx: Transaction) => boolean, pages = 30): Promise<Transaction | undefined> {
  let path: string | null = `/api/v1/transactions?${query}&limit=100`;
  for (let i = 0; i < pages && path; i += 1) {
    const body: { transactions: Transaction[]; links: { next: string | null } } = await mirror(serve, path);
    const found = body.transactions.find(matches);
    if (found) return found;
    path = body.links.next;
  }
  return undefined;
}

test.describe('the Transactions list', () => {
  test('a burn reads "sender → burn" and what was burned, a fungible mint "mint → treasury"', async ({ page, openApp, serve }) => {
    const [burn] = await transactionsOf(serve, 'transactiontype=TOKENBURN&result=success&limit=1');
    expect(burn, 'a demo TOKENBURN').toBeDefined();
    const burned = burn!.nft_transfers.length || burn!.token_transfers.reduce((sum, t) => sum - Number(t.amount), 0);
    // The type and the result in the case the API also takes.
    await openApp(`#/transactions?transactiontype=tokenburn&result=SUCCESS&timestamp=${burn!.consensus_timestamp}`);
    const row = page.getByTestId('transaction-row');
    await expect(row).toHaveCount(1);
    const summary = row.getByTestId('transfer-summary');
    await expect(summary.getByTestId('supply-change')).toHaveText('burn');
    await expect(summary).toHaveAttribute('data-amount', String(burned));
    await expect(summary.getByRole('link').first()).toHaveText(burn!.nft_transfers[0]?.sender_account_id ?? burn!.token_transfers[0]!.account);
    await expect(page.getByLabel('Transaction type')).toHaveValue('TOKENBURN');
    await expect(page.getByLabel('Result')).toHaveValue('success');
    await screenshot(page, 'transaction-pages-1-burn');

    const created = await findTransaction(serve, 'transactiontype=TOKENCREATION&result=success', (tx) => tx.token_transfers.length === 1 && tx.nft_transfers.length === 0);
    expect(created, 'a demo TOKENCREATION with an initial supply').toBeDefined();
    await openApp(`#/transactions?timestamp=${created!.consensus_timestamp}`);
    const mint = page.getByTestId('transaction-row').getByTestId('transfer-summary');
    await expect(mint.getByTestId('supply-change')).toHaveText('mint');
    await expect(mint.getByRole('link').first()).toHaveText(created!.token_transfers[0]!.account);
  });

  test("an NFT whose new owner paid HBAR to others than its sender (a royalty's fallback fee) reads by the NFT, the HBAR beside it", async ({ page, openApp, serve }) => {
    const paid = await findTransaction(serve, 'transactiontype=CRYPTOTRANSFER&result=success', (tx) => {
      const row = transferRow(tx);
      return row.kind === 'token' && row.paid !== null;
    });
    expect(paid, 'a demo NFT transfer with a fallback fee').toBeDefined();
    const nft = paid!.nft_transfers[0]!;
    const row = transferRow(paid!);
    if (row.kind !== 'token' || !row.paid) throw new Error('not an NFT row');
    await openApp(`#/transactions?timestamp=${paid!.consensus_timestamp}`);
    const summary = page.getByTestId('transaction-row').getByTestId('transfer-summary');
    await expect(summary).toHaveAttribute('data-token', nft.token_id);
    await expect(summary.locator('.parties').getByRole('link')).toHaveText([nft.sender_account_id!, nft.receiver_account_id!]);
    await expect(summary.getByTestId('paid-beside')).toHaveText(`+${formatHbar(row.paid.amount)} to ${row.paid.receivers[0]}`);
    await screenshot(page, 'transaction-pages-2-nft-fallback-fee');
  });

  test("an NFT whose new owner paid its fee in a token reads by the NFT, the token beside it; a dissociation's debit names its sender alone", async ({ page, openApp, serve }) => {
    const paid = await findTransaction(serve, 'transactiontype=CRYPTOTRANSFER&result=success', (tx) => {
      const row = transferRow(tx);
      return row.kind === 'token' && row.paid !== null && row.paid.senders.length === 1 && row.paid.receivers.length === 1;
    });
    expect(paid, 'a demo NFT transfer with a fallback fee').toBeDefined();
    const row = transferRow(paid!);
    if (row.kind !== 'token' || !row.paid) throw new Error('not an NFT row');
    const [payer, collector] = [row.paid.senders[0]!, row.paid.receivers[0]!];
    const [burn] = await transactionsOf(serve, 'transactiontype=TOKENBURN&result=success&limit=1');
    const { tokens } = await mirror<{ tokens: Array<{ token_id: string }> }>(serve, '/api/v1/tokens?type=FUNGIBLE_COMMON&limit=1');
    const feeToken = tokens[0]!.token_id;
    // The demo's fallback fees are in HBAR, and its burns are burns: the answers are made to have a
    // fee in a token instead, and a one-sided debit outside a TOKENBURN (a dissociation from a deleted token).
    await page.route('**/bridge/call/mirror/get', async (route) => {
      const { path } = route.request().postDataJSON() as { path: string };
      const changed = [paid!, burn!].find((tx) => path.startsWith('/api/v1/transactions?') && path.includes(tx.consensus_timestamp));
      if (!changed) return route.continue();
      const answer = await (await route.fetch()).json() as { ok: true; value: { body: { transactions: Transaction[] } } };
      const tx = answer.value.body.transactions[0]!;
      if (changed === burn) tx.name = 'TOKENDISSOCIATE';
      else {
        tx.transfers = tx.transfers.filter((t) => t.account !== payer && t.account !== collector);
        tx.token_transfers = [{ token_id: feeToken, account: payer, amount: -5, is_approval: false }, { token_id: feeToken, account: collector, amount: 5, is_approval: false }];
      }
      return route.fulfill({ json: answer });
    });
    await openApp(`#/transactions?timestamp=${paid!.consensus_timestamp}`);
    const summary = page.getByTestId('transaction-row').getByTestId('transfer-summary');
    await expect(summary).toHaveAttribute('data-token', paid!.nft_transfers[0]!.token_id);
    const fee = summary.getByTestId('paid-token-beside');
    await expect(fee).toHaveAttribute('data-token', feeToken);
    await expect(fee.getByRole('link').last()).toHaveText(collector);
    await expect(summary.getByTestId('paid-beside')).toHaveCount(0);

    await openApp(`#/transactions?timestamp=${burn!.consensus_timestamp}`);
    const dissociated = page.getByTestId('transaction-row').getByTestId('transfer-summary');
    await expect(dissociated.getByRole('link').first()).toHaveText(burn!.nft_transfers[0]?.sender_account_id ?? burn!.token_transfers[0]!.account);
    await expect(dissociated.getByTestId('supply-change')).toHaveCount(0);
    await expect(dissociated.locator('.arrow')).toHaveCount(0);
  });

  test('a bound on the time the address gives is kept, said and removable', async ({ page, openApp, serve }) => {
    const [, second] = await transactionsOf(serve, 'limit=2');
    await openApp(`#/transactions?timestamp=lte:${second!.consensus_timestamp}`);
    const bound = page.getByTestId('time-bound');
    await expect(bound).toHaveText(new RegExp(`^up to ${formatTimestamp(second!.consensus_timestamp)}`));
    await expect(page.getByTestId('transaction-row').first().locator('td').first()).toHaveAttribute('title', second!.consensus_timestamp);
    await bound.getByRole('button', { name: /Remove the bound/ }).click();
    await expect(page).toHaveURL(/#\/transactions$/);
    await expect(page.getByTestId('time-bound')).toHaveCount(0);
    await expect(page.getByTestId('transaction-row').first().locator('td').first()).not.toHaveAttribute('title', second!.consensus_timestamp);
  });
});

test.describe("a transaction's page", () => {
  test('opens on every form of the id the search box takes, the address made plain', async ({ page, openApp, serve }) => {
    const tx = await findTransaction(serve, 'transactiontype=CRYPTOTRANSFER', (t) => t.transaction_hash.includes('/') && !t.scheduled);
    expect(tx, 'a demo transaction whose base64 hash holds a "/"').toBeDefined();
    const id = tx!.transaction_id;
    const [payer, seconds, nanos] = id.split('-') as [string, string, string];
    const hex = `0x${bytesToHex(base64ToBytes(tx!.transaction_hash)!)}`;
    const card = page.getByTestId('transaction-card').first();
    await openApp('#/transactions');
    await expect(page.getByTestId('transaction-row').first()).toBeVisible();

    const plain = new RegExp(`#/transaction\\?id=${id.replaceAll('.', '\\.')}$`);
    await page.evaluate((hash) => { window.location.hash = hash; }, `#/transaction?id=${encodeURIComponent(`${payer}@${seconds}.${nanos}`)}`);
    await expect(card.getByTestId('payer')).toHaveText(payer);
    await expect(page).toHaveURL(plain);
    // The pasted form was replaced, not added: Back leaves the page.
    await goBack(page);
    await expect(page).toHaveURL(/#\/transactions$/);
    await openApp(`#/transaction?id=${encodeURIComponent(` ${id} `)}`);
    await expect(card.getByTestId('payer')).toHaveText(payer);
    await expect(page).toHaveURL(plain);

    for (const given of [tx!.transaction_hash, hex.toUpperCase()]) {
      await openApp(`#/transaction?id=${encodeURIComponent(given)}`);
      await expect(card).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`#/transaction\\?id=${hex}$`));
      await expect(page.getByTestId('transaction-screen').locator('h1')).toHaveText(hex);
    }
  });

  test('a base64 hash pasted into the address unencoded keeps its "+"; a space typed there is never one', async ({ page, openApp, serve }) => {
    const tx = await findTransaction(serve, 'transactiontype=CRYPTOTRANSFER', (t) => /^[^+]+\+/.test(t.transaction_hash) && !t.scheduled);
    expect(tx, 'a demo transaction whose base64 hash holds a "+" after its first character').toBeDefined();
    const hex = `0x${bytesToHex(base64ToBytes(tx!.transaction_hash)!)}`;
    await openApp(`#/transaction?id=${tx!.transaction_hash}`);
    await expect(page).toHaveURL(new RegExp(`#/transaction\\?id=${hex}$`));
    await expect(page.getByTestId('transaction-card').first()).toBeVisible();
    // A slip: the hash without its first character, a space typed before it (%20), which is no "+".
    await openApp(`#/transaction?id=%20${tx!.transaction_hash.slice(1)}`);
    await expect(page.getByRole('heading', { name: /is not a transaction id/i })).toBeVisible();
    await expect(page.getByTestId('transaction-card')).toHaveCount(0);
  });

  test('a nonce the transaction has no record of is said so, with the way to the transaction', async ({ page, openApp, serve }) => {
    const [tx] = await transactionsOf(serve, 'limit=1');
    const id = tx!.transaction_id;
    await openApp(`#/transaction?id=${id}&nonce=5`);
    const missing = page.getByTestId('not-found');
    await expect(missing).toContainText(`The local mirror has no child record with nonce 5 of transaction ${id}.`);
    await expect(missing.getByTestId('missing-nonce')).toContainText(`Transaction ${id} is here`);
    await screenshot(page, 'transaction-pages-3-missing-nonce');
    await missing.getByTestId('transaction-without-nonce').click();
    await expect(page).toHaveURL(new RegExp(`#/transaction\\?id=${id.replaceAll('.', '\\.')}$`));
    await expect(page.getByTestId('transaction-card').first()).toBeVisible();
  });

  test('text that is no id is quoted as typed, not in capitals', async ({ page, openApp }) => {
    await openApp('#/transaction?id=abc');
    const heading = page.getByRole('heading', { name: /is not a transaction id/i });
    await expect(heading).toBeVisible();
    // innerText is the text as drawn, after text-transform.
    expect(await heading.innerText()).toContain('“abc”');
  });

  test("a scheduled transaction links its schedule and its creation, and names the schedule's payer apart from the id's account", async ({ page, openApp, serve }) => {
    const { schedules } = await mirror<{ schedules: ScheduleInfo[] }>(serve, '/api/v1/schedules?limit=100');
    const executed = schedules.find((s) => s.executed_timestamp !== null && s.payer_account_id !== s.creator_account_id);
    expect(executed, 'a demo schedule executed, paid by another account than its creator').toBeDefined();
    const [scheduled] = await transactionsOf(serve, `timestamp=${executed!.executed_timestamp}`);
    expect(scheduled!.scheduled).toBe(true);
    await openApp(`#/transaction?id=${scheduled!.transaction_id}`);
    const card = page.locator('[data-testid="transaction-card"]', { has: page.getByText('scheduled', { exact: true }) });
    await expect(card.getByTestId('id-account')).toContainText(executed!.creator_account_id);
    await expect(card.getByTestId('payer')).toHaveCount(0);
    await expect(card.getByTestId('schedule-link')).toHaveAttribute('href', `#/schedule?id=${executed!.schedule_id}`);
    await expect(card.getByTestId('schedule-creation-link')).toHaveAttribute('href', `#/transactions?timestamp=${executed!.consensus_timestamp}`);
    await expect(card.getByTestId('schedule-payer')).toContainText(executed!.payer_account_id);
    await screenshot(page, 'transaction-pages-4-scheduled');
    await card.getByTestId('schedule-link').click();
    await expect(page.getByTestId('schedule-id')).toHaveText(executed!.schedule_id);
  });

  test('shows the valid start as a time with the valid duration, and links the node to its Network page', async ({ page, openApp, serve }) => {
    // A node past the node list's first page, which lists 25.
    const nodes: NetworkNode[] = [];
    for (let path: string | null = '/api/v1/network/nodes?limit=25'; path;) {
      const body: { nodes: NetworkNode[]; links: { next: string | null } } = await mirror(serve, path);
      nodes.push(...body.nodes);
      path = body.links.next;
    }
    const far = nodes.slice(25).map((node) => node.node_account_id);
    const tx = await findTransaction(serve, 'transactiontype=CRYPTOTRANSFER', (t) => far.includes(t.node!));
    expect(tx, 'a demo transaction sent to a node past the first 25').toBeDefined();
    const node = nodes.find((n) => n.node_account_id === tx!.node)!;
    await openApp(`#/transaction?id=${tx!.transaction_id}`);
    const card = page.getByTestId('transaction-card').first();
    await expect(card.getByTestId('valid-start')).toHaveText(`${formatTimestamp(tx!.valid_start_timestamp)} ${tx!.valid_start_timestamp} · valid for 120 s`);
    const link = card.getByTestId('transaction-node').getByTestId('node-link');
    await expect(link).toHaveAttribute('href', `#/network?node=${node.node_id}`);
    await expect(card.getByTestId('transaction-node').getByRole('link', { name: tx!.node!, exact: true })).toHaveAttribute('href', `#/account?id=${tx!.node}`);
    await screenshot(page, 'transaction-pages-5-valid-start-and-node');
  });
});
