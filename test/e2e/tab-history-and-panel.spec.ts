import { expect, test } from './serve-fixture.ts';
import { goBack } from './history-steps.ts';

/**
 * A row of tabs (Tabs.svelte: the account's, a token's, a contract's lists) as the WAI-ARIA
 * pattern has it: passing tabs with the arrow keys selects them without leaving one history entry
 * a tab, so Back leaves the page; the tab stays in the address for a reload or a shared link. And
 * the panel is the Tab stop after the selected tab, even with nothing in it to focus.
 */

const ACCOUNT = '0.0.1100'; // Holds no tokens in the demo ledger: its Tokens panel has no control.
const historyLength = (page: import('@playwright/test').Page): Promise<number> => page.evaluate(() => history.length);

test.describe('tab history', () => {
  test('arrowing through the account tabs adds no history entry: Back leaves the page, focus and tab restored on a return', async ({ page, openApp }) => {
    await openApp('#/accounts');
    await expect(page.getByTestId('accounts-table')).toBeVisible();
    await page.evaluate((id) => { location.hash = `#/account?id=${id}`; }, ACCOUNT);
    const tabs = page.getByRole('tablist', { name: 'Account details' });
    await tabs.getByRole('tab', { name: 'Tokens' }).focus();
    const before = await historyLength(page);
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('ArrowRight');
    const transactions = tabs.getByRole('tab', { name: 'Transactions' });
    await expect(transactions).toBeFocused();
    await expect(transactions).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`#/account\\?id=${ACCOUNT.replaceAll('.', '\\.')}&tab=transactions$`));
    expect(await historyLength(page), 'history entries added by six tab steps').toBe(before);
    // The replaced entry is keyed as any other (history-visits.ts), so a return to it finds what was noted.
    expect(await page.evaluate(() => typeof (history.state as Record<string, unknown> | null)?.mirrordeskEntry)).toBe('string');

    // A transaction opened from the tab, then Back: the tab as left, the focus on the link used.
    const link = page.getByRole('tabpanel', { name: 'Transactions' }).getByTestId('transaction-row').first().locator('a').first();
    const href = await link.getAttribute('href');
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('transaction-screen')).toBeVisible();
    await goBack(page);
    await expect(page).toHaveURL(/&tab=transactions$/);
    await expect(transactions).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator(':focus')).toHaveAttribute('href', href!);

    // A click replaces as well, and a reload keeps the tab the address names.
    await tabs.getByRole('tab', { name: 'NFTs' }).click();
    await expect(page).toHaveURL(/&tab=nfts$/);
    await page.reload();
    await expect(tabs.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true');

    // Back leaves the account page, not a tab of it.
    await goBack(page);
    await expect(page).toHaveURL(/#\/accounts$/);
  });

  test("a token's tabs replace the history entry too", async ({ page, openApp, serve }) => {
    const reply = await fetch(`${serve.mirrorUrl}/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=1`);
    const { tokens } = await reply.json() as { tokens: Array<{ token_id: string }> };
    await openApp(`#/token?id=${tokens[0]!.token_id}`);
    const tabs = page.getByRole('tablist', { name: 'Token lists' });
    await expect(tabs.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true');
    const before = await historyLength(page);
    await tabs.getByRole('tab', { name: 'Balances' }).click();
    await expect(page).toHaveURL(/&tab=holders$/);
    await tabs.getByRole('tab', { name: 'NFTs' }).click();
    await expect(page).toHaveURL(/&tab=nfts$/);
    expect(await historyLength(page)).toBe(before);
  });
});

test.describe('tab panel', () => {
  test('an empty panel is the Tab stop after the selected tab, ringed as the controls are', async ({ page, openApp }) => {
    await openApp(`#/account?id=${ACCOUNT}`);
    const panel = page.getByRole('tabpanel', { name: 'Tokens' });
    await expect(panel).toContainText('This account is associated with no tokens');
    await page.getByRole('tab', { name: 'Tokens' }).focus();
    await page.keyboard.press('Tab');
    await expect(panel).toBeFocused();
    expect(await panel.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
  });
});
