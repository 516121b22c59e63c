import type { Locator, Page } from '@playwright/test';
import { expect, test } from './serve-fixture.ts';
import { goBack } from './history-steps.ts';

/**
 * Back to an account's page: its detail scrolls inside the window (not the page around it), and
 * comes back at the offset the user left it at, with the focus on the link followed, in view.
 */

const ACCOUNT = '0.0.1009';
const body = (page: Page): Locator => page.getByTestId('account-detail').locator('.body');
const scrollTopOf = (element: Locator): Promise<number> => element.evaluate((el) => Math.round(el.scrollTop));
const transactionLinks = (page: Page): Locator => page.getByTestId('transactions-list').getByTestId('transaction-row').locator('a[data-kind="transaction"]');

/** Whether the focused element lies wholly inside the window. */
const focusInView = (page: Page): Promise<boolean> => page.evaluate(() => {
  const box = document.activeElement!.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
});

/** Opens the account's Transactions tab and scrolls its detail down by the wheel; returns the offset reached. */
async function scrollDetailDown(page: Page, openApp: (hash: string) => Promise<void>): Promise<number> {
  await openApp(`#/account?id=${ACCOUNT}&tab=transactions`);
  await expect(page.getByTestId('transactions-list')).toHaveAttribute('data-status', 'ready');
  await expect(transactionLinks(page).nth(20)).toBeAttached();
  const box = (await body(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 700);
  await expect.poll(() => scrollTopOf(body(page))).toBeGreaterThan(200);
  // The offset settled (the wheel scrolls smoothly over some frames).
  let offset = -1;
  await expect.poll(async () => {
    const before = offset;
    offset = await scrollTopOf(body(page));
    return offset === before;
  }).toBe(true);
  return offset;
}

/** The last transaction link wholly shown in the window, and its text. */
async function lastShownLink(page: Page): Promise<{ link: Locator; id: string }> {
  const count = await transactionLinks(page).count();
  const height = page.viewportSize()!.height;
  for (let index = count - 1; index >= 0; index--) {
    const link = transactionLinks(page).nth(index);
    const box = await link.boundingBox();
    if (box && box.y > 0 && box.y + box.height < height) return { link, id: (await link.textContent())! };
  }
  throw new Error('no transaction link in view');
}

test.describe('Back to an account page', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 850 });
  });

  test('the detail comes back scrolled where it was left, the focus on the transaction followed and in view', async ({ page, openApp }) => {
    const offset = await scrollDetailDown(page, openApp);
    expect(await scrollTopOf(page.getByTestId('account-screen')), 'the page around the detail does not scroll').toBe(0);
    const { link, id } = await lastShownLink(page);
    await link.click();
    await expect(page).toHaveURL(/#\/transaction\?id=/);
    await expect(page.getByTestId('transaction-card').first()).toBeVisible();

    await goBack(page);
    await expect(page).toHaveURL(new RegExp(`#/account\\?id=${ACCOUNT.replaceAll('.', '\\.')}&tab=transactions$`));
    await expect.poll(() => scrollTopOf(body(page))).toBe(offset);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(id);
    expect(await focusInView(page)).toBe(true);

    // Another account's page, a fresh visit, starts at the top.
    await page.evaluate(() => { location.hash = '#/account?id=0.0.2900&tab=transactions'; });
    await expect(page.getByTestId('account-id')).toHaveText('0.0.2900');
    await expect(page.getByTestId('transactions-list')).toHaveAttribute('data-status', 'ready');
    expect(await scrollTopOf(body(page))).toBe(0);
  });

  test('in a window made shorter meanwhile, the focused link is brought into view', async ({ page, openApp }) => {
    await scrollDetailDown(page, openApp);
    const { link, id } = await lastShownLink(page);
    // Near the window's bottom: out of a window 300 px shorter at the same offset.
    expect((await link.boundingBox())!.y).toBeGreaterThan(560);
    await link.click();
    await expect(page).toHaveURL(/#\/transaction\?id=/);
    await expect(page.getByTestId('transaction-card').first()).toBeVisible();

    await page.setViewportSize({ width: 1400, height: 550 });
    await goBack(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(id);
    await expect.poll(() => focusInView(page)).toBe(true);
  });
});
