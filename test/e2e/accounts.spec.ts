import type { Locator, Page } from '@playwright/test';
import type { AccountsResponse } from '../../main/common/mirror-types.ts';
import { formatHbar } from '../../renderer/src/lib/format.ts';
import { formatTokenAmount } from '../../renderer/src/lib/ledger-format.ts';
import type { TokenRelationship } from '../../renderer/src/lib/ledger-types.ts';
import { expect, screenshot, test } from './serve-fixture.ts';
import { goBack, goForward } from './history-steps.ts';

const table = (page: Page): Locator => page.getByTestId('accounts-table');
const rows = (page: Page): Locator => table(page).locator('[role="row"][data-account]');
const loadedCount = async (page: Page): Promise<number> => Number(await page.getByTestId('loaded-count').getAttribute('data-count'));

/** A balance cell (`1,234.56780000`) back in tinybars. */
const tinybarsOf = (text: string): bigint => BigInt(text.replace(/[,.\s]/g, ''));

async function mirrorAccounts(mirrorUrl: string, query: string): Promise<AccountsResponse> {
  const response = await fetch(`${mirrorUrl}/api/v1/accounts?${query}`);
  return (await response.json()) as AccountsResponse;
}

test.describe('accounts screen', () => {
  test('shows the ready network, its mirror URL and the first rows; the token leaves the URL', async ({ page, openApp, serve }) => {
    await openApp();
    const indicator = page.getByTestId('network-indicator');
    await expect(page.getByTestId('network-state')).toHaveText('ready');
    await expect(indicator).toContainText('demo');
    await expect(indicator).toContainText(serve.mirrorUrl);
    await expect(page.getByTestId('network-accounts')).toHaveText(/^[\d,]+ accounts$/);
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByTestId('loaded-count')).toHaveAttribute('data-count', '100');
    // Titled in sight, as the other list screens are, above its filters.
    const title = page.getByRole('heading', { level: 1, name: 'Accounts' });
    const titleBox = (await title.boundingBox())!;
    expect(titleBox.width, 'the title is shown, not only read out').toBeGreaterThan(40);
    expect(titleBox.y + titleBox.height).toBeLessThanOrEqual((await page.getByRole('form', { name: 'Account filters' }).boundingBox())!.y);
    await expect(page.getByTestId('accounts-screen').locator('.ledger-page-header')).toContainText('lowest first');
    expect(page.url()).not.toContain('token=');
    await screenshot(page, '01-accounts-main');

    await page.reload();
    await expect(rows(page).first()).toBeVisible();
  });

  test('scrolling loads further pages by following next links', async ({ page, openApp }) => {
    await openApp();
    await expect(rows(page).first()).toBeVisible();
    for (let i = 0; i < 20 && (await loadedCount(page)) <= 300; i++) {
      await table(page).evaluate((el) => { el.scrollTop = el.scrollHeight; });
      await page.waitForTimeout(150);
    }
    expect(await loadedCount(page)).toBeGreaterThan(300);
    // Only a window of rows is in the DOM, however many are loaded.
    expect(await rows(page).count()).toBeLessThan(80);
    const ids = await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-account')!));
    const nums = ids.map((id) => Number(id.split('.')[2]));
    expect(nums).toEqual([...nums].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('a balance filter narrows the list, shows in the hash and survives reload, back and forward', async ({ page, openApp, serve }) => {
    // System accounts (0.0.1-0.0.1000) skew the first page; sample ordinary ones for the threshold.
    const sample = await mirrorAccounts(serve.mirrorUrl, 'limit=100');
    const ordinary = await mirrorAccounts(serve.mirrorUrl, 'account.id=gt:0.0.1000&limit=100');
    const balances = ordinary.accounts.map((a) => BigInt(a.balance!.balance!)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    // The API takes at most 10 digits for account.balance.
    const p60 = balances[Math.floor(balances.length * 0.6)]!;
    const threshold = p60 > 9_999_999_999n ? 9_999_999_999n : p60 < 1n ? 1n : p60;

    await openApp();
    await expect(rows(page).first()).toBeVisible();
    await page.getByLabel('Balance operator').selectOption('gte');
    await page.locator('input[name="balance"]').fill('250000000');
    await expect(page.locator('#balance-hint')).toHaveText('= 2.50000000 ℏ');
    await page.locator('input[name="balance"]').fill(threshold.toString());
    await page.getByRole('button', { name: 'Apply' }).click();

    await expect(page).toHaveURL(new RegExp(`#/accounts\\?account\\.balance=gte:${threshold}$`));
    await expect(rows(page).first()).toBeVisible();
    const cells = await rows(page).locator('[role="gridcell"]:nth-child(3)').allTextContents();
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) expect(tinybarsOf(cell)).toBeGreaterThanOrEqual(threshold);
    const lowId = sample.accounts.find((a) => BigInt(a.balance!.balance!) < threshold)!.account!;
    await expect(table(page).locator(`[data-account="${lowId}"]`)).toHaveCount(0);
    await screenshot(page, '02-accounts-filtered');

    await page.reload();
    await expect(page.locator('input[name="balance"]')).toHaveValue(threshold.toString());
    await expect(page.getByLabel('Balance operator')).toHaveValue('gte');
    await expect(rows(page).first()).toBeVisible();

    await goBack(page);
    await expect(page.locator('input[name="balance"]')).toHaveValue('');
    await expect(table(page).locator(`[data-account="${lowId}"]`)).toHaveCount(1);
    await goForward(page);
    await expect(page.locator('input[name="balance"]')).toHaveValue(threshold.toString());
  });

  test('an invalid filter shows the API error inline instead of a table', async ({ page, openApp }) => {
    await openApp();
    await expect(rows(page).first()).toBeVisible();
    await page.locator('input[name="id-lower"]').fill('bad input');
    await page.getByRole('button', { name: 'Apply' }).click();
    const error = page.getByTestId('filter-error');
    await expect(error).toContainText('Invalid parameter: account.id');
    await expect(table(page)).toHaveCount(0);
    await screenshot(page, '04-accounts-invalid-filter');

    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(error).toHaveCount(0);
    await expect(rows(page).first()).toBeVisible();
  });

  test('an id range and descending order show no rows outside the range', async ({ page, openApp, serve }) => {
    const sample = await mirrorAccounts(serve.mirrorUrl, 'limit=30');
    const low = sample.accounts[5]!.account!;
    const high = sample.accounts[20]!.account!;
    await openApp(`#/accounts?account.id=gte:${low}&account.id=lte:${high}&order=desc`);
    await expect(page.getByTestId('loaded-count')).toHaveAttribute('data-count', '16');
    await expect(rows(page).first()).toHaveAttribute('data-account', high);
    await expect(rows(page).last()).toHaveAttribute('data-account', low);
    await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue('desc');
  });

  test('filters matching nothing show an empty state with a reset button', async ({ page, openApp }) => {
    await openApp(`#/accounts?account.publickey=${'0'.repeat(64)}`);
    await expect(page.getByTestId('empty')).toContainText('No accounts match these filters');
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(rows(page).first()).toBeVisible();
  });

  test('clicking a row opens the detail panel with its token relationships, amounts in whole tokens', async ({ page, openApp, serve }) => {
    const sample = await mirrorAccounts(serve.mirrorUrl, 'account.id=gt:0.0.1000&limit=100');
    // An account holding a token with decimals, so the amount shown differs from the raw balance.
    let found: { id: string; tokens: TokenRelationship[]; held: TokenRelationship } | undefined;
    for (const candidate of sample.accounts.filter((a) => (a.balance?.tokens.length ?? 0) > 1)) {
      const { tokens } = await (await fetch(`${serve.mirrorUrl}/api/v1/accounts/${candidate.account}/tokens?limit=25`)).json() as { tokens: TokenRelationship[] };
      const held = tokens.find((t) => Number(t.decimals) > 0 && BigInt(t.balance) > 0n);
      if (held) { found = { id: candidate.account!, tokens, held }; break; }
    }
    expect(found, 'the demo ledger has accounts holding tokens with decimals').toBeTruthy();
    const { id, tokens, held } = found!;

    await openApp(`#/accounts?account.id=gte:${id}`);
    await rows(page).first().click();
    const detail = page.getByTestId('account-detail');
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText(id);
    const list = detail.getByTestId('account-tokens');
    await expect(list).toHaveAttribute('data-status', 'ready');
    await expect(list.locator('tbody tr')).toHaveCount(tokens.length);
    await expect(list.locator('tbody tr').first()).toContainText(tokens[0]!.token_id);
    const amount = list.locator(`tr[data-token="${held.token_id}"]`).getByTestId('token-amount');
    await expect(amount).toHaveText(formatTokenAmount(held.balance, held.decimals));
    expect(formatTokenAmount(held.balance, held.decimals)).toContain('.');
    // The narrow panel names the token by its symbol beside the amount.
    const { symbol } = await (await fetch(`${serve.mirrorUrl}/api/v1/tokens/${held.token_id}`)).json() as { symbol: string };
    await expect(list.locator(`tr[data-token="${held.token_id}"]`).getByTestId('token-symbol')).toHaveText(symbol);
    await expect(detail).toContainText(sample.accounts.find((a) => a.account === id)!.key?._type ?? '—');
    await list.scrollIntoViewIfNeeded();
    await screenshot(page, '03-account-detail');

    await detail.getByRole('button', { name: 'Close details' }).click();
    await expect(detail).toHaveCount(0);
  });

  test('rows are keyboard navigable and Enter opens the focused row', async ({ page, openApp }) => {
    await openApp();
    await expect(rows(page).first()).toBeVisible();
    const second = await rows(page).nth(1).getAttribute('data-account');
    await table(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('account-detail').getByRole('heading', { level: 2 })).toHaveText(second!);
  });

  test('closing the side panel, by its ✕ or Escape inside it, puts focus back on the row it was opened from', async ({ page, openApp }) => {
    await openApp();
    await expect(rows(page).nth(3)).toBeVisible();
    const grid = table(page);
    const detail = page.getByTestId('account-detail');
    /** The grid has focus, its active row the given one (aria-activedescendant), and that row is in view. */
    const focusedOn = async (row: Locator) => {
      await expect(grid).toBeFocused();
      await expect(grid).toHaveAttribute('aria-activedescendant', (await row.getAttribute('id'))!);
      await expect(row).toBeInViewport();
    };

    const [third, fourth] = await Promise.all([2, 3].map(async (i) => grid.locator(`[data-account="${await rows(page).nth(i).getAttribute('data-account')}"]`)));

    // Opened by a click, closed by its ✕ from the keyboard.
    await third!.click();
    await expect(detail).toBeVisible();
    await detail.getByRole('button', { name: 'Close details' }).focus();
    await page.keyboard.press('Enter');
    await expect(detail).toHaveCount(0);
    await focusedOn(third!);
    // The arrows go on from that row.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText((await fourth!.getAttribute('data-account'))!);

    // Escape from inside the panel closes it the same way; the grid scrolled away meanwhile brings the row back.
    await detail.getByRole('tab').first().focus();
    await grid.evaluate((el) => { el.scrollTop = 4000; });
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await focusedOn(fourth!);
  });

  test('in an 820 px window with the panel open, the table keeps the id and balance in its box, not scrolling sideways', async ({ page, openApp }) => {
    await page.setViewportSize({ width: 820, height: 800 });
    await openApp();
    await rows(page).nth(1).click();
    await expect(page.getByTestId('account-detail')).toBeVisible();
    const box = (await table(page).boundingBox())!;
    expect(box.width, 'the panel leaves the table under 400 px').toBeLessThan(400);
    expect(await table(page).evaluate((el) => el.scrollWidth - el.clientWidth), 'sideways scroll').toBeLessThanOrEqual(0);
    const second = rows(page).nth(1);
    await expect(second.locator('[role="gridcell"]').first()).toBeInViewport({ ratio: 1 });
    const balance = second.locator('[role="gridcell"]:nth-child(3)');
    await expect(balance).toBeVisible();
    expect(await balance.evaluate((el) => el.scrollWidth - el.clientWidth), 'the balance is cut by').toBeLessThanOrEqual(0);
    await expect(table(page).getByRole('columnheader')).toHaveText(['Account', 'Balance (ℏ)']);
    await screenshot(page, '03b-account-detail-820');
  });

  test('without balances the detail panel still fetches the balance, and lists the token relationships', async ({ page, openApp, serve }) => {
    const sample = await mirrorAccounts(serve.mirrorUrl, 'account.id=gt:0.0.1000&limit=100');
    const withTokens = sample.accounts.find((a) => (a.balance?.tokens.length ?? 0) > 0)!;
    const { tokens } = await (await fetch(`${serve.mirrorUrl}/api/v1/accounts/${withTokens.account}/tokens?limit=25`)).json() as { tokens: TokenRelationship[] };
    await openApp(`#/accounts?account.id=${withTokens.account}&balance=false`);
    await expect(rows(page).first().locator('[role="gridcell"]:nth-child(3)')).toHaveText('—');
    await rows(page).first().click();
    const detail = page.getByTestId('account-detail');
    await expect(detail.getByTestId('detail-balance')).toHaveText(formatHbar(withTokens.balance!.balance));
    await expect(detail.getByTestId('account-tokens').locator('tbody tr')).toHaveCount(tokens.length);
  });
});

test('dark colour scheme renders the same screen', async ({ page, openApp }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openApp();
  await expect(rows(page).first()).toBeVisible();
  await rows(page).nth(2).click();
  await expect(page.getByTestId('account-detail')).toBeVisible();
  await screenshot(page, '05-accounts-dark');
});
