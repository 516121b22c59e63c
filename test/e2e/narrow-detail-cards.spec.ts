import type { Locator, Page } from '@playwright/test';
import { expect, screenshot, test } from './serve-fixture.ts';

/**
 * A window zoomed in to 400 % (1280 px wide, 320 CSS px): the explorer's detail cards give their
 * values the card's width, each label above its value, rather than a column of 70 px beside a
 * label column of 170 (a transaction id broken in three, a hash in twelve lines); at ordinary
 * widths the labels stay beside their values. And no list scrolls the page sideways: a
 * visually-hidden label in a table's far column stays within the table's own scroll box.
 */

/** Each value's left edge and width against its list's, and whether it starts below its label. */
async function valuePlacements(list: Locator): Promise<Array<{ label: string; under: boolean; share: number }>> {
  return list.evaluate((dl) => {
    const width = dl.getBoundingClientRect().width;
    return [...dl.querySelectorAll(':scope > dd')].map((dd) => {
      const dt = dd.previousElementSibling!;
      const [label, value] = [dt.getBoundingClientRect(), dd.getBoundingClientRect()];
      return { label: dt.textContent!.trim(), under: value.top >= label.bottom - 1 && Math.abs(value.left - label.left) < 1, share: value.width / width };
    });
  });
}

async function detailPages(page: Page, mirrorUrl: string): Promise<Array<{ hash: string; list: Locator }>> {
  const reply = await fetch(`${mirrorUrl}/api/v1/transactions?limit=1`);
  const { transactions } = await reply.json() as { transactions: Array<{ transaction_id: string }> };
  return [
    { hash: '#/block?number=66', list: page.getByTestId('block-info').locator('dl') },
    { hash: `#/transaction?id=${transactions[0]!.transaction_id}`, list: page.getByTestId('transaction-card').locator('dl').first() },
    { hash: '#/network?node=0', list: page.getByTestId('node-card').locator('dl').first() },
    { hash: '#/account?id=0.0.1100', list: page.getByTestId('account-screen').locator('dl').first() },
  ];
}

test.describe('detail cards in a narrow window', () => {
  test('at 320 px each label is above its value, the value as wide as the card; at 900 and 1400 px beside it', async ({ page, openApp, serve }) => {
    for (const width of [320, 900, 1400]) {
      await page.setViewportSize({ width, height: 800 });
      for (const { hash, list } of await detailPages(page, serve.mirrorUrl)) {
        await openApp(hash);
        await expect(list.locator('dd').first()).toBeVisible();
        const placements = await valuePlacements(list);
        expect(placements.length, `${hash}: values listed`).toBeGreaterThan(3);
        for (const { label, under, share } of placements) {
          if (width === 320) {
            expect(under, `${hash} at 320 px: "${label}" above its value`).toBe(true);
            expect(share, `${hash} at 320 px: "${label}"'s value's share of the card`).toBeGreaterThan(0.95);
          } else {
            expect(under, `${hash} at ${width} px: "${label}" beside its value`).toBe(false);
          }
        }
        if (width === 320) await screenshot(page, `narrow-card-${hash.replace(/[^a-z]+/g, '-').replace(/-$/, '')}`);
      }
    }
  });
});

test.describe('lists in a narrow window', () => {
  const lists = ['#/transactions', '#/block?number=66', '#/blocks', '#/accounts', '#/tokens', '#/contracts', '#/schedules', '#/account?id=0.0.1100&tab=transactions'];
  for (const width of [320, 375]) {
    test(`at ${width} px no list scrolls the page sideways`, async ({ page, openApp }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const hash of lists) {
        await openApp(hash);
        // Rows of a paged table or of a windowed one (the Accounts screen's).
        await expect(page.locator('main').locator('tbody tr[data-testid], [role="row"][data-account]').first()).toBeVisible();
        const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
        expect(overflow, `${hash} at ${width} px scrolls sideways by`).toBeLessThanOrEqual(0);
      }
    });
  }
});
