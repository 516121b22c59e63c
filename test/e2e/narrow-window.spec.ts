import type { Page, Route } from '@playwright/test';
import { expect, screenshot, test } from './serve-fixture.ts';

/** How far the page scrolls sideways (0 or less: not at all). */
const pageOverflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The window zoomed in (WCAG 1.4.10): a 1280 px window at 200 % is 640 CSS px wide, at 400 % 320
 * px. Nothing may need scrolling sideways there: the top bar wraps, every control of it in view.
 * From 800 px (the window's minimum) up, the bar keeps its one row (expectTopBarFits checks those
 * widths). And text fields show their edges (WCAG 1.4.11).
 */

/** Every control of the top bar that is shown. */
async function topBarControls(page: Page): Promise<string[]> {
  return page.locator('header.topbar').locator('a[href], button, input, select').evaluateAll((elements) => elements
    .filter((element) => (element as HTMLElement).offsetParent !== null)
    .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.localName));
}

test.describe('a narrow window', () => {
  for (const width of [640, 320]) {
    test(`at ${width} px nothing scrolls sideways and every top bar control is in view`, async ({ page, openApp }) => {
      await page.setViewportSize({ width, height: 600 });
      await openApp('#/accounts');
      await expect(page.getByTestId('accounts-table').locator('[role="row"][data-account]').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'the page scrolls sideways by').toBeLessThanOrEqual(0);

      const header = page.locator('header.topbar');
      const controls = header.locator('a[href], button, input, select');
      const names = await topBarControls(page);
      // The eight screen tabs, the search box, the profile menu and Copy: none hidden away.
      expect(names).toEqual(expect.arrayContaining(['Accounts', 'Status', 'Search the ledger', 'Copy API URL of the mirror']));
      expect(await header.getByTestId('profile-switcher').isVisible()).toBe(true);
      for (let i = 0; i < await controls.count(); i += 1) {
        const control = controls.nth(i);
        if (!(await control.isVisible())) continue;
        await expect(control, `${names[i]} at ${width} px`).toBeInViewport({ ratio: 1 });
      }
      await expect(header.getByTestId('profile-switcher')).toBeInViewport({ ratio: 1 });

      // The profile menu opens in sight, under its button, not off the window's left edge.
      await header.getByTestId('profile-switcher').click();
      const menu = page.getByTestId('profile-menu');
      await expect(menu).toBeInViewport({ ratio: 1 });
      const [button, opened] = [await header.getByTestId('profile-switcher').boundingBox(), await menu.boundingBox()];
      expect(opened!.y).toBeGreaterThanOrEqual(button!.y + button!.height);
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);

      // What the search box says of a miss opens in sight, not off the window's edge.
      await page.getByTestId('search-input').fill('0.0.987654321');
      await page.getByTestId('search-input').press('Enter');
      await expect(page.getByTestId('search-message')).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'with the search message, the page scrolls sideways by').toBeLessThanOrEqual(0);
      await screenshot(page, `narrow-top-bar-${width}`);
    });
  }

  test('at 320 px the bar fits while the demo ledger is being generated, its progress said in the state pill', async ({ page, openApp }) => {
    // The generator's state, as main reports it for the first minutes of a fresh demo profile.
    const generating = async (route: Route): Promise<void> => {
      const response = await route.fetch();
      const body = await response.json() as { value: { network?: Record<string, unknown> } & Record<string, unknown> };
      Object.assign(body.value.network ?? body.value, { state: 'generating', progress: { done: 123_456, total: 300_000, label: 'Generating accounts' } });
      await route.fulfill({ response, json: body });
    };
    await page.route('**/bridge/call/app/info', generating);
    await page.route('**/bridge/call/network/status', generating);
    await page.setViewportSize({ width: 320, height: 600 });
    await openApp('#/accounts');
    await expect(page.getByTestId('network-state')).toHaveText(/generating 41\s?%/);
    expect(await page.locator('header.topbar').evaluate((bar) => bar.scrollWidth - window.innerWidth), 'the top bar runs out of the window by').toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Copy API URL of the mirror' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('network-state')).toBeInViewport({ ratio: 1 });
    // The Accounts screen's own panel for this state, its progress bar in it, fits the window too.
    const panel = await page.getByTestId('generating').evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { left: box.left, right: box.right, width: window.innerWidth };
    });
    expect(panel.left, 'the progress panel\'s left edge').toBeGreaterThanOrEqual(0);
    expect(panel.right, 'the progress panel\'s right edge').toBeLessThanOrEqual(panel.width);
    await page.getByTestId('generating').scrollIntoViewIfNeeded();
    expect(await pageOverflow(page), 'with the progress panel, the page scrolls sideways by').toBeLessThanOrEqual(0);
    await screenshot(page, 'narrow-generating-320');
  });

  test('at 320 px a node\'s card and an account\'s page reflow into one column, nothing in them scrolling sideways', async ({ page, openApp }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await openApp('#/network?node=0');
    const card = page.getByTestId('node-card');
    await expect(card).toBeVisible();
    expect(await pageOverflow(page), 'with the node card, the page scrolls sideways by').toBeLessThanOrEqual(0);
    expect(await page.getByTestId('network-screen').evaluate((screen) => screen.scrollWidth - screen.clientWidth), 'the Network screen scrolls sideways by').toBeLessThanOrEqual(0);
    expect(await card.evaluate((element) => element.getBoundingClientRect().right - window.innerWidth), 'the node card runs out of the window by').toBeLessThanOrEqual(0);
    await screenshot(page, 'narrow-node-card-320');

    await openApp('#/account?id=0.0.2');
    const detail = page.getByTestId('account-detail');
    const tabs = detail.getByRole('tablist');
    await expect(tabs).toBeVisible();
    expect(await pageOverflow(page), 'with the account page, the page scrolls sideways by').toBeLessThanOrEqual(0);
    // The details and the tabs share the page's one column, the tabs under the details, each whole in the window.
    expect(await detail.evaluate((aside) => {
      const body = aside.querySelector('.body')!;
      return body.scrollWidth - body.clientWidth;
    }), 'the account page scrolls sideways inside by').toBeLessThanOrEqual(0);
    const [tabsBox, detailBox] = [await tabs.boundingBox(), await detail.boundingBox()];
    expect(tabsBox!.width, 'the tab strip\'s width').toBeGreaterThan(detailBox!.width - 60);
    await tabs.scrollIntoViewIfNeeded();
    for (const tab of await tabs.getByRole('tab').all()) {
      await expect(tab).toBeInViewport({ ratio: 1 });
      expect(await tab.evaluate((button) => button.scrollWidth - button.clientWidth), `the label of ${await tab.textContent()} runs out of its tab by`).toBeLessThanOrEqual(0);
    }
    await screenshot(page, 'narrow-account-tabs-320');
  });

  test('at 320 px a transaction\'s transfer tables and the Status screen\'s side cards fit the window', async ({ page, openApp }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await openApp('#/transactions?transactiontype=CRYPTOTRANSFER');
    await page.getByTestId('transactions-screen').locator('tbody tr a[href^="#/transaction?"]').first().click();
    const transaction = page.getByTestId('transaction-screen');
    await expect(transaction.getByRole('heading', { name: /HBAR transfers/ })).toBeVisible();
    expect(await pageOverflow(page), 'with a transaction\'s transfers, the page scrolls sideways by').toBeLessThanOrEqual(0);
    expect(await transaction.evaluate((screen) => screen.scrollWidth - screen.clientWidth), 'the transaction page scrolls sideways inside by').toBeLessThanOrEqual(0);

    await openApp('#/status');
    const status = page.getByTestId('status-screen');
    await expect(status.getByRole('heading', { name: 'Components' })).toBeVisible();
    expect(await pageOverflow(page), 'with the Status screen, the page scrolls sideways by').toBeLessThanOrEqual(0);
    expect(await status.evaluate((screen) => screen.scrollWidth - screen.clientWidth), 'the Status screen scrolls sideways inside by').toBeLessThanOrEqual(0);
  });

  test('at 320 px the Verify screen after a verification, and a contract page\'s header, fit the window', async ({ page, openApp }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 320, height: 700 });
    await openApp('#/verify');
    await page.getByTestId('add-examples').click();
    const cards = page.getByTestId('verify-contract');
    await expect(cards).toHaveCount(3);
    await page.getByTestId('verify-all').click();
    for (const card of await cards.all()) await expect(card).toHaveAttribute('data-status', 'perfect', { timeout: 120_000 });
    const screen = page.getByTestId('verify-screen');
    expect(await pageOverflow(page), 'with verified contracts, the page scrolls sideways by').toBeLessThanOrEqual(0);
    expect(await screen.evaluate((element) => element.scrollWidth - element.clientWidth), 'the Verify screen scrolls sideways inside by').toBeLessThanOrEqual(0);
    // Each card, its status badge and its result (the long 0x address among it) within the window.
    const outside = async (target: ReturnType<Page['locator']>): Promise<number> => target.evaluate((element) => element.getBoundingClientRect().right - window.innerWidth);
    for (const card of await cards.all()) {
      expect(await outside(card), 'a card runs out of the window by').toBeLessThanOrEqual(0);
      expect(await outside(card.getByTestId('contract-status')), 'a status badge runs out of the window by').toBeLessThanOrEqual(0);
      expect(await card.getByTestId('contract-result').evaluate((element) => element.scrollWidth - element.clientWidth), 'a result scrolls sideways inside by').toBeLessThanOrEqual(0);
    }
    expect(await outside(page.getByTestId('drop-zone')), 'the drop zone runs out of the window by').toBeLessThanOrEqual(0);
    await screenshot(page, 'narrow-verify-320');

    const address = await cards.first().getByTestId('contract-address').inputValue();
    await openApp(`#/contract?id=${address}`);
    const evmAddress = page.getByTestId('contract-evm-address');
    await expect(evmAddress).toBeVisible();
    expect(await pageOverflow(page), 'with a contract page, the page scrolls sideways by').toBeLessThanOrEqual(0);
    expect(await outside(evmAddress), 'the EVM address in the header runs out of the window by').toBeLessThanOrEqual(0);
    expect(await page.getByTestId('contract-screen').evaluate((element) => element.scrollWidth - element.clientWidth), 'the contract page scrolls sideways inside by').toBeLessThanOrEqual(0);
    await screenshot(page, 'narrow-contract-header-320');
  });

  test('the top bar keeps its one row from 800 px up', async ({ page, openApp }) => {
    await openApp('#/accounts');
    await expect(page.getByTestId('accounts-table').locator('[role="row"][data-account]').first()).toBeVisible();
    for (const width of [1400, 820, 640, 320]) {
      await page.setViewportSize({ width, height: 800 });
      const height = await page.locator('header.topbar').evaluate((element) => element.getBoundingClientRect().height);
      if (width >= 800) expect(height, `the bar's height at ${width} px`).toBe(52);
      else expect(height, `the bar's height at ${width} px (wrapped)`).toBeGreaterThan(52);
      await screenshot(page, `top-bar-${width}`);
    }
  });
});

test.describe('text fields and list boxes', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`show their edge at 3:1 against their background and what they sit on, in the ${colorScheme} theme`, async ({ page, openApp }) => {
      await page.emulateMedia({ colorScheme });
      await openApp('#/accounts');
      await expect(page.getByTestId('accounts-table').locator('[role="row"][data-account]').first()).toBeVisible();
      // Computed, as drawn: the border colour against the field's own fill and the nearest opaque fill behind it.
      const findings = await page.locator('input:not([type="checkbox"]):not([type="radio"]), select, textarea').evaluateAll((fields) => {
        const rgb = (colour: string): [number, number, number, number] => {
          const parts = colour.match(/[\d.]+/g)!.map(Number);
          return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
        };
        const luminance = ([r, g, b]: number[]): number => [r!, g!, b!]
          .map((channel) => { const c = channel / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
          .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
        const contrast = (a: number[], b: number[]): number => {
          const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
          return (high! + 0.05) / (low! + 0.05);
        };
        const fillBehind = (element: Element | null): number[] => {
          for (let at = element; at; at = at.parentElement) {
            const fill = rgb(getComputedStyle(at).backgroundColor);
            if (fill[3] === 1) return fill;
          }
          return rgb(getComputedStyle(document.documentElement).backgroundColor);
        };
        return fields.filter((field) => (field as HTMLElement).offsetParent !== null).flatMap((field) => {
          const style = getComputedStyle(field);
          if (style.borderTopStyle === 'none' || parseFloat(style.borderTopWidth) === 0) return [];
          const border = rgb(style.borderTopColor);
          const own = fillBehind(field);
          const around = fillBehind(field.parentElement);
          const name = field.getAttribute('aria-label') ?? field.getAttribute('name') ?? field.localName;
          return [['its fill', own], ['what it sits on', around]]
            .map(([what, fill]) => ({ what, ratio: contrast(border, fill as number[]) }))
            .filter(({ ratio }) => ratio < 3)
            .map(({ what, ratio }) => `${name}: ${ratio.toFixed(2)}:1 against ${what as string}`);
        });
      });
      expect(findings).toEqual([]);
    });
  }
});
