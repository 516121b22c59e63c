import { formatHbar, formatInteger } from '../../renderer/src/lib/format.ts';
import { formatTokenAmount } from '../../renderer/src/lib/ledger-format.ts';
import type { CustomFeeLimit, KeyWrapper, TokenInfo, TopicInfo, Transaction } from '../../renderer/src/lib/ledger-types.ts';
import { expect, mirrorJson as mirror, screenshot, test, type ServeInstance } from './serve-fixture.ts';
import type { Route } from '@playwright/test';

/**
 * HIP-991 over the demo ledger: topics that charge a flat HBAR fee per message, and submissions
 * whose payer capped what it would pay (`max_custom_fees`); and the fees assessed on a
 * transaction and scheduled on a token (HIP-18). Examples are found through the mirror
 * API, as a developer would, not by id: the demo's sizes decide which topics charge.
 */

type Topic = Required<Pick<TopicInfo, 'topic_id' | 'custom_fees' | 'fee_schedule_key' | 'fee_exempt_key_list'>>;

/** Every demo topic, by the transactions that created them. */
async function demoTopics(serve: ServeInstance): Promise<Topic[]> {
  const { transactions } = await mirror<{ transactions: Transaction[] }>(serve, '/api/v1/transactions?transactiontype=CONSENSUSCREATETOPIC&limit=100');
  return Promise.all(transactions.map((tx) => mirror<Topic>(serve, `/api/v1/topics/${tx.entity_id}`)));
}

/** A demo submission whose payer capped its custom fees (`max_custom_fees`), as its by-id answer gives it. */
async function limitedSubmission(serve: ServeInstance): Promise<Transaction> {
  // The collector is credited by every paid submission: its transactions hold the limited ones.
  const topics = await demoTopics(serve);
  const collectors = topics.flatMap((topic) => topic.custom_fees?.fixed_fees?.map((fee) => fee.collector_account_id) ?? []);
  for (const collector of collectors) {
    const { transactions } = await mirror<{ transactions: Transaction[] }>(serve, `/api/v1/transactions?account.id=${collector}&transactiontype=CONSENSUSSUBMITMESSAGE&limit=100`);
    const limited = transactions.find((tx) => (tx.max_custom_fees?.length ?? 0) > 0);
    if (limited) return (await mirror<{ transactions: Transaction[] }>(serve, `/api/v1/transactions/${limited.transaction_id}`)).transactions[0]!;
  }
  throw new Error('no demo submission with max_custom_fees');
}

/** A fee fraction in percent, to four decimals: spelled here apart from the screen's own code. */
const percentOf = (numerator: number, denominator: number): string => `${Number((numerator / denominator * 100).toFixed(4))}%`;

/** A key as the screens begin it: `ED25519 <hex…>`. */
function keyStart(key: KeyWrapper): string {
  return `${key._type} ${key.key.slice(0, 10)}`;
}

test.describe('custom fees (HIP-991)', () => {
  test('a topic that charges for messages shows its fee per message, its collector and its fee keys', async ({ page, openApp, serve }) => {
    const topics = await demoTopics(serve);
    // One with fee-exempt keys where there is one: their summaries are shown too.
    const charging = topics.filter((topic) => (topic.custom_fees?.fixed_fees?.length ?? 0) > 0)
      .sort((a, b) => b.fee_exempt_key_list.length - a.fee_exempt_key_list.length)[0];
    expect(charging, 'a demo topic with a fixed fee').toBeDefined();
    const fee = charging!.custom_fees!.fixed_fees![0]!;
    await openApp(`#/topic?id=${charging!.topic_id}`);

    const row = page.getByTestId('custom-fees').getByTestId('custom-fee').first();
    await expect(row).toContainText(`${formatHbar(fee.amount)} per message`);
    const collector = row.getByRole('link', { name: fee.collector_account_id, exact: true });
    await expect(collector).toHaveAttribute('href', `#/account?id=${fee.collector_account_id}`);
    await expect(page.getByTestId('topic-no-fees')).toHaveCount(0);

    await expect(page.getByTestId('topic-fee-schedule-key')).toContainText(keyStart(charging!.fee_schedule_key!));
    const exempt = page.getByTestId('topic-fee-exempt-keys');
    if (charging!.fee_exempt_key_list.length === 0) await expect(exempt).toHaveText('none');
    for (const key of charging!.fee_exempt_key_list) await expect(exempt).toContainText(keyStart(key));
    await screenshot(page, 'custom-fees-1-topic');

    const free = topics.find((topic) => (topic.custom_fees?.fixed_fees?.length ?? 0) === 0);
    await openApp(`#/topic?id=${free!.topic_id}`);
    await expect(page.getByTestId('topic-no-fees')).toHaveText('none');
    await expect(page.getByTestId('topic-fee-exempt-keys')).toHaveText('none');
    await expect(page.getByTestId('custom-fees')).toHaveCount(0);
  });

  test('a submission with custom fee limits shows each limit and what was charged against it', async ({ page, openApp, serve }) => {
    const full = await limitedSubmission(serve);
    const limit: CustomFeeLimit = full.max_custom_fees![0]!;
    const charged = full.assessed_custom_fees!.find((fee) => fee.collector_account_id === limit.account_id && fee.token_id === limit.denominating_token_id)!;
    await openApp(`#/transaction?id=${full.transaction_id}`);

    const rows = page.getByTestId('custom-fee-limits').getByTestId('custom-fee-limit');
    await expect(rows).toHaveCount(full.max_custom_fees!.length);
    await expect(rows.first().getByRole('link', { name: limit.account_id, exact: true })).toBeVisible();
    await expect(rows.first()).toContainText(formatHbar(limit.amount));
    // The demo's payers allow twice the fee: it stayed within the limit.
    await expect(rows.first().getByTestId('custom-fee-limit-charged')).toHaveText(`${formatHbar(charged.amount)} within limit`);
    await screenshot(page, 'custom-fees-2-limits');
  });

  test('each assessed custom fee names the accounts it was charged to, several where several paid', async ({ page, openApp, serve }) => {
    const full = await limitedSubmission(serve);
    const fees = full.assessed_custom_fees!;
    await openApp(`#/transaction?id=${full.transaction_id}`);
    const section = page.getByTestId('assessed-custom-fees');
    await expect(section.getByRole('heading')).toHaveText(`Assessed custom fees ${fees.length}`);
    const payers = section.getByTestId('assessed-fee-payers');
    await expect(payers).toHaveCount(fees.length);
    for (const [i, fee] of fees.entries()) {
      expect(fee.effective_payer_account_ids?.length, 'a demo fee with its payer').toBeGreaterThan(0);
      for (const payer of fee.effective_payer_account_ids!) {
        await expect(payers.nth(i).getByRole('link', { name: payer, exact: true })).toHaveAttribute('href', `#/account?id=${payer}`);
      }
    }

    // The demo's fees each have one effective payer. A fractional fee on a transfer with several
    // senders is paid by each of them: the answer is given two payers, neither the transaction's payer.
    const others = ['0.0.98', '0.0.800'];
    await page.route('**/bridge/call/mirror/get', async (route: Route) => {
      if ((route.request().postDataJSON() as { path: string }).path !== `/api/v1/transactions/${full.transaction_id}`) return route.continue();
      const answer = await (await route.fetch()).json() as { ok: true; value: { body: { transactions: Transaction[] } } };
      answer.value.body.transactions[0]!.assessed_custom_fees![0]!.effective_payer_account_ids = others;
      return route.fulfill({ json: answer });
    });
    await page.reload();
    await expect(payers.first().getByRole('link')).toHaveText(others);
    await expect(payers.first().getByRole('link', { name: full.transaction_id.split('-')[0]!, exact: true })).toHaveCount(0);
  });

  test('a fee assessed in a token shows in whole tokens with its symbol, as the transfers beside it do', async ({ page, openApp, serve }) => {
    // The demo charges a token's fractional fee when a holder returns tokens to its treasury.
    const { tokens } = await mirror<{ tokens: Array<{ token_id: string }> }>(serve, '/api/v1/tokens?type=FUNGIBLE_COMMON&limit=100');
    let found: { token: TokenInfo; tx: Transaction } | undefined;
    for (const { token_id: id } of tokens) {
      const token = await mirror<TokenInfo>(serve, `/api/v1/tokens/${id}`);
      if ((token.custom_fees?.fractional_fees?.length ?? 0) === 0 || Number(token.decimals) === 0) continue;
      const { transactions } = await mirror<{ transactions: Transaction[] }>(serve, `/api/v1/transactions?account.id=${token.treasury_account_id}&transactiontype=CRYPTOTRANSFER&limit=50`);
      for (const listed of transactions) {
        const [tx] = (await mirror<{ transactions: Transaction[] }>(serve, `/api/v1/transactions/${listed.transaction_id}`)).transactions;
        if (tx!.assessed_custom_fees?.some((fee) => fee.token_id === id)) { found = { token, tx: tx! }; break; }
      }
      if (found) break;
    }
    expect(found, 'a demo transfer charged a fee in a token with decimals').toBeDefined();
    const { token, tx } = found!;
    await openApp(`#/transaction?id=${tx.transaction_id}`);
    const section = page.getByTestId('assessed-custom-fees');
    const amounts = section.getByTestId('assessed-fee-amount');
    await expect(amounts).toHaveCount(tx.assessed_custom_fees!.length);
    // What a fee is paid in shows once, as its amount's unit (as the limits under it show theirs), not again in a column of its own.
    await expect(section.getByRole('columnheader')).toHaveText(['Collector', 'Amount', 'Paid by']);
    const rows = section.locator('tbody tr');
    for (const [i, fee] of tx.assessed_custom_fees!.entries()) {
      if (fee.token_id === null) await expect(amounts.nth(i)).toHaveText(formatHbar(fee.amount));
      if (fee.token_id !== token.token_id) continue;
      await expect(amounts.nth(i)).toHaveText(`${formatTokenAmount(String(fee.amount), Number(token.decimals))}${token.symbol}`);
      await expect(amounts.nth(i).getByRole('link', { name: token.symbol, exact: true })).toHaveAttribute('href', `#/token?id=${token.token_id}`);
      await expect(rows.nth(i).locator(`a[href="#/token?id=${token.token_id}"]`)).toHaveCount(1);
    }
    await screenshot(page, 'custom-fees-3-assessed-in-token');
  });

  test("a token's fractional fee gives its share in percent, its bounds in whole tokens with the symbol, and that the sender pays it on top", async ({ page, openApp, serve }) => {
    // The list leaves fees out: each token is asked in turn until one has a fractional fee.
    const { tokens } = await mirror<{ tokens: Array<{ token_id: string }> }>(serve, '/api/v1/tokens?type=FUNGIBLE_COMMON&limit=100');
    let token: TokenInfo | undefined;
    for (const { token_id: id } of tokens) {
      const info = await mirror<TokenInfo>(serve, `/api/v1/tokens/${id}`);
      if ((info.custom_fees?.fractional_fees?.length ?? 0) > 0 && Number(info.decimals) > 0) { token = info; break; }
    }
    expect(token, 'a demo token with a fractional fee and decimals').toBeDefined();
    const fee = token!.custom_fees!.fractional_fees![0]!;
    await openApp(`#/token?id=${token!.token_id}`);
    const row = page.getByTestId('custom-fees').getByTestId('custom-fee').filter({ hasText: 'fractional' });
    await expect(row).toContainText(`min ${formatTokenAmount(String(fee.minimum), Number(token!.decimals))}`);
    await expect(row).toContainText(`max ${formatTokenAmount(String(fee.maximum), Number(token!.decimals))}`);
    // Each bound is followed by the token's symbol, linking to the token, as other token amounts are.
    const symbols = row.getByRole('link', { name: token!.symbol, exact: true });
    await expect(symbols).toHaveCount(fee.maximum ? 2 : 1);
    await expect(symbols.first()).toHaveAttribute('href', `#/token?id=${token!.token_id}`);
    const { numerator, denominator } = fee.amount;
    await expect(row).toContainText(`${formatInteger(numerator)}/${formatInteger(denominator)} (${percentOf(Number(numerator), Number(denominator))})`);
    // The demo's fractional fees are all net of transfers: the sender pays on top.
    expect(fee.net_of_transfers).toBe(true);
    await expect(row.getByText('charged on top', { exact: true })).toHaveAttribute('title', /in addition to the amount sent/);
    await expect(row).not.toContainText('net of transfers');
    // A token's fixed fee is per transfer, not per message.
    await expect(page.getByTestId('custom-fees')).not.toContainText('per message');
  });
});
