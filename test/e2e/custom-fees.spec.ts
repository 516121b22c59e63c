import { formatHbar } from '../../renderer/src/lib/format.ts';
import { formatTokenAmount } from '../../renderer/src/lib/ledger-format.ts';
import type { CustomFeeLimit, KeyWrapper, TokenInfo, TopicInfo, Transaction } from '../../renderer/src/lib/ledger-types.ts';
import { expect, mirrorJson as mirror, screenshot, test, type ServeInstance } from './serve-fixture.ts';

/**
 * HIP-991 over the demo ledger: topics that charge a flat HBAR fee per message, and submissions
 * whose payer capped what it would pay (`max_custom_fees`). Examples are found through the mirror
 * API, as a developer would, not by id: the demo's sizes decide which topics charge.
 */

type Topic = Required<Pick<TopicInfo, 'topic_id' | 'custom_fees' | 'fee_schedule_key' | 'fee_exempt_key_list'>>;

/** Every demo topic, by the transactions that created them. */
async function demoTopics(serve: ServeInstance): Promise<Topic[]> {
  const { transactions } = await mirror<{ transactions: Transaction[] }>(serve, '/api/v1/transactions?transactiontype=CONSENSUSCREATETOPIC&limit=100');
  return Promise.all(transactions.map((tx) => mirror<Topic>(serve, `/api/v1/topics/${tx.entity_id}`)));
}

/** A key as the screens begin it: `ED25519 <hex…>`. */
function keyStart(key: KeyWrapper): string {
  return `${key._type} ${key.key.slice(0, 10)}`;
}

test.describe('custom fees (HIP-991)', () => {
  test('a topic that charges for messages shows its fee, its collector and its fee keys', async ({ page, openApp, serve }) => {
    const topics = await demoTopics(serve);
    // One with fee-exempt keys where there is one: their summaries are shown too.
    const charging = topics.filter((topic) => (topic.custom_fees?.fixed_fees?.length ?? 0) > 0)
      .sort((a, b) => b.fee_exempt_key_list.length - a.fee_exempt_key_list.length)[0];
    expect(charging, 'a demo topic with a fixed fee').toBeDefined();
    const fee = charging!.custom_fees!.fixed_fees![0]!;
    await openApp(`#/topic?id=${charging!.topic_id}`);

    const row = page.getByTestId('custom-fees').getByTestId('custom-fee').first();
    await expect(row).toContainText(formatHbar(fee.amount));
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
    // The collector is credited by every paid submission: its transactions hold the limited ones.
    const topics = await demoTopics(serve);
    const collectors = topics.flatMap((topic) => topic.custom_fees?.fixed_fees?.map((fee) => fee.collector_account_id) ?? []);
    let limited: Transaction | undefined;
    for (const collector of collectors) {
      const { transactions } = await mirror<{ transactions: Transaction[] }>(serve, `/api/v1/transactions?account.id=${collector}&transactiontype=CONSENSUSSUBMITMESSAGE&limit=100`);
      limited = transactions.find((tx) => (tx.max_custom_fees?.length ?? 0) > 0);
      if (limited) break;
    }
    expect(limited, 'a demo submission with max_custom_fees').toBeDefined();
    const { transactions: [full] } = await mirror<{ transactions: Transaction[] }>(serve, `/api/v1/transactions/${limited!.transaction_id}`);
    const limit: CustomFeeLimit = full!.max_custom_fees![0]!;
    const charged = full!.assessed_custom_fees!.find((fee) => fee.collector_account_id === limit.account_id && fee.token_id === limit.denominating_token_id)!;
    await openApp(`#/transaction?id=${limited!.transaction_id}`);

    const rows = page.getByTestId('custom-fee-limits').getByTestId('custom-fee-limit');
    await expect(rows).toHaveCount(full!.max_custom_fees!.length);
    await expect(rows.first().getByRole('link', { name: limit.account_id, exact: true })).toBeVisible();
    await expect(rows.first()).toContainText(formatHbar(limit.amount));
    // The demo's payers allow twice the fee: it stayed within the limit.
    await expect(rows.first().getByTestId('custom-fee-limit-charged')).toHaveText(`${formatHbar(charged.amount)} within`);
    await screenshot(page, 'custom-fees-2-limits');
  });

  test("a token's fractional fee gives its bounds in whole tokens, by the token's decimals", async ({ page, openApp, serve }) => {
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
  });
});
