import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './serve-fixture.ts';

/**
 * The Accounts screens in a window zoomed in (WCAG 1.4.10: 1280 by 800 at 200 % is 640 by 400 CSS
 * px, at 400 % 320 px wide) or made short: the grid keeps room for its rows, the screen scrolling
 * instead; and an account's page puts its tabs under its details where beside them they would be cut.
 */

const screenBox = (page: Page) => page.getByTestId('accounts-screen');
const grid = (page: Page) => page.getByTestId('accounts-table');

/** How far the Accounts screen scrolls up and down (0: not at all). */
const screenOverflow = (page: Page): Promise<number> => screenBox(page).evaluate((el) => el.scrollHeight - el.clientHeight);

test.describe('the Accounts screen in a small window', () => {
  for (const size of [{ width: 640, height: 400 }, { width: 320, height: 640 }, { width: 1280, height: 400 }]) {
    test(`at ${size.width} by ${size.height} px the grid keeps room for rows, the screen scrolling to them`, async ({ page, openApp }) => {
      await page.setViewportSize(size);
      await openApp('#/accounts');
      await expect(grid(page).locator('[role="row"][data-account]').first()).toBeAttached();
      const height = (await grid(page).boundingBox())!.height;
      expect(height, 'the grid\'s height').toBeGreaterThanOrEqual(200);
      expect(await screenOverflow(page), 'the screen scrolls').toBeGreaterThan(0);

      // Scrolled to, the grid is in view with rows in it, and its own rows scroll on.
      await grid(page).scrollIntoViewIfNeeded();
      await expect(grid(page)).toBeInViewport({ ratio: 0.95 });
      await expect(grid(page).locator('[data-account="0.0.1"]')).toBeInViewport();
      await grid(page).focus();
      await page.keyboard.press('PageDown');
      await page.keyboard.press('PageDown');
      await expect.poll(() => grid(page).evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      await screenshot(page, `accounts-zoomed-${size.width}x${size.height}`);
    });
  }

  test('at the desktop window\'s minimum (800 by 520 px) and the default size the screen does not scroll: the grid takes the rest', async ({ page, openApp }) => {
    for (const size of [{ width: 800, height: 520 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(size);
      await openApp('#/accounts');
      await expect(grid(page).locator('[role="row"][data-account]').first()).toBeVisible();
      expect(await screenOverflow(page), `the screen at ${size.width} by ${size.height}`).toBe(0);
    }
  });
});

test.describe("an account's page in a narrow window", () => {
  for (const width of [640, 700, 737]) {
    test(`at ${width} px the tabs come under the details, the Tokens table whole`, async ({ page, openApp }) => {
      await page.setViewportSize({ width, height: 800 });
      await openApp('#/account?id=0.0.2');
      const tokens = page.getByTestId('account-tokens');
      await expect(tokens).toHaveAttribute('data-status', 'ready');
      const [info, tabs] = [(await page.locator('.info').boundingBox())!, (await page.locator('.tabs-area').boundingBox())!];
      expect(tabs.y, 'the tabs start under the details').toBeGreaterThanOrEqual(info.y + info.height);
      expect(await tokens.locator('.scroll').evaluate((el) => el.scrollWidth - el.clientWidth), 'the Tokens table scrolls sideways by').toBeLessThanOrEqual(0);
    });
  }

  test('at 800 px the tabs stay beside the details, the Tokens table whole', async ({ page, openApp }) => {
    await page.setViewportSize({ width: 800, height: 800 });
    await openApp('#/account?id=0.0.2');
    const tokens = page.getByTestId('account-tokens');
    await expect(tokens).toHaveAttribute('data-status', 'ready');
    const [info, tabs] = [(await page.locator('.info').boundingBox())!, (await page.locator('.tabs-area').boundingBox())!];
    expect(tabs.x, 'the tabs start beside the details').toBeGreaterThanOrEqual(info.x + info.width);
    expect(await tokens.locator('.scroll').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  });
});
