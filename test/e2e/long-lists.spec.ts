import type { Locator, Page } from '@playwright/test';
import { expect, test } from './serve-fixture.ts';
import { goBack } from './history-steps.ts';

/**
 * A list grown by many "Load more" renders only the rows in and near view: the DOM stays the size
 * of a few screens while the table still counts every row loaded, each row keeps its place for
 * assistive technology, and scrolling, the keyboard and Back all reach the rows not rendered.
 */

const PAGES = 40;
const LOADED = PAGES * 25;
/** A few screens of rows: far fewer than the rows loaded. */
const MOST_RENDERED = 200;

const screenOf = (page: Page): Locator => page.getByTestId('transactions-screen');
const listOf = (page: Page): Locator => page.getByTestId('transactions-list');
const rowAt = (list: Locator, index: number): Locator => list.locator(`tbody tr[aria-rowindex="${index + 2}"]`);
const scrollTopOf = (element: Locator): Promise<number> => element.evaluate((el) => Math.round(el.scrollTop));

/** The row indexes (from 0) of the rows in the DOM, in order. */
function renderedIndexes(list: Locator): Promise<number[]> {
  return list.getByTestId('transaction-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('aria-rowindex')) - 2));
}

/** The Transactions screen with `PAGES` pages loaded by "Load more". */
async function loadManyPages(page: Page, openApp: (hash?: string) => Promise<void>): Promise<Locator> {
  await openApp('#/transactions');
  const list = listOf(page);
  await expect(list).toHaveAttribute('data-count', '25');
  for (let shown = 25; shown < LOADED; shown += 25) {
    await list.getByTestId('load-more').click();
    await expect(list).toHaveAttribute('data-count', String(shown + 25));
  }
  return list;
}

test.describe('a long list renders the rows in view', () => {
  // Forty pages asked for one by one, and a walk by Tab through a few screens of rows.
  test.setTimeout(180_000);

  test('1,000 rows loaded: a bounded DOM that still counts them all, scrolled and tabbed through', async ({ page, openApp }) => {
    const list = await loadManyPages(page, openApp);
    const table = list.locator('table');
    await expect(table).toHaveAttribute('aria-rowcount', String(LOADED + 1));
    await expect(table.locator('thead tr')).toHaveAttribute('aria-rowindex', '1');
    const rendered = await renderedIndexes(list);
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(MOST_RENDERED);
    // Each row rendered says where it is in the whole list; the last page's first row (focused by Load more) among them.
    expect(rendered).toEqual([...rendered].sort((a, b) => a - b));
    expect(rendered).toContain(LOADED - 25);
    await expect(rowAt(list, LOADED - 25)).toBeFocused();

    // Scrolled to the top, the first rows are there, and few others.
    const screen = screenOf(page);
    await screen.evaluate((el) => { el.scrollTop = 0; });
    await expect(rowAt(list, 0)).toBeVisible();
    expect((await renderedIndexes(list)).length).toBeLessThan(MOST_RENDERED);

    // Scrolled by the mouse wheel all the way down, the last row loaded comes into view.
    await screen.hover();
    await expect(async () => {
      await page.mouse.wheel(0, 20_000);
      await expect(rowAt(list, LOADED - 1)).toBeInViewport({ timeout: 500 });
    }).toPass({ timeout: 20_000 });
    expect((await renderedIndexes(list)).length).toBeLessThan(MOST_RENDERED);

    // From the top again by keyboard: Tab walks on past the rows first rendered, each time into the next row.
    await screen.evaluate((el) => { el.scrollTop = 0; });
    await expect(rowAt(list, 0)).toBeVisible();
    // The rows rendered from the top (the row focused by the last Load more stays rendered apart from them).
    const firstRendered = await renderedIndexes(list);
    const lastOfTop = firstRendered.findIndex((index, i) => firstRendered[i + 1] !== index + 1);
    const beyond = firstRendered[lastOfTop]! + 5;
    await rowAt(list, 0).getByRole('link').first().focus();
    let focusedRow = 0;
    for (let presses = 0; focusedRow < beyond && presses < 600; presses++) {
      await page.keyboard.press('Tab');
      const next = await page.evaluate(() => Number(document.activeElement?.closest('tr')?.getAttribute('aria-rowindex') ?? 0) - 2);
      expect(next === focusedRow || next === focusedRow + 1, `Tab from row ${focusedRow} went to row ${next}`).toBe(true);
      focusedRow = next;
    }
    expect(focusedRow).toBe(beyond);
    await expect(rowAt(list, beyond)).toBeInViewport();

    // The row with focus stays rendered, and focus in it, however far the list is scrolled away.
    const focused = page.locator(':focus');
    await screen.evaluate((el) => { el.scrollTop = el.scrollHeight; });
    await expect(rowAt(list, LOADED - 1)).toBeInViewport();
    await expect(focused).toHaveCount(1);
    expect(await page.evaluate(() => Number(document.activeElement?.closest('tr')?.getAttribute('aria-rowindex')) - 2)).toBe(beyond);
    expect((await renderedIndexes(list)).length).toBeLessThan(MOST_RENDERED);

    // End (the screen's own key) goes to the last row; Shift+Tab from "Load more" into it.
    await screen.evaluate((el) => { el.scrollTop = 0; });
    await rowAt(list, 0).getByRole('link').first().focus();
    await page.keyboard.press('End');
    await expect(rowAt(list, LOADED - 1)).toBeInViewport();
    await list.getByTestId('load-more').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => Number(document.activeElement?.closest('tr')?.getAttribute('aria-rowindex')) - 2)).toBe(LOADED - 1);
  });

  test('Back to the list finds its 1,000 rows and its offset, on the same row, without rendering them all', async ({ page, openApp }) => {
    const list = await loadManyPages(page, openApp);
    const screen = screenOf(page);
    // Halfway down, by the wheel.
    await screen.hover();
    const half = await screen.evaluate((el) => Math.round(el.scrollHeight / 2));
    await expect(async () => {
      await page.mouse.wheel(0, half - (await scrollTopOf(screen)));
      expect(Math.abs((await scrollTopOf(screen)) - half)).toBeLessThan(400);
    }).toPass({ timeout: 10_000 });
    // Settled: the rows in view measured, the offset where they put it.
    await expect.poll(async () => { const before = await scrollTopOf(screen); await page.waitForTimeout(100); return before === (await scrollTopOf(screen)); }).toBe(true);
    const offset = await scrollTopOf(screen);
    const seen = await list.getByTestId('transaction-row').evaluateAll((rows) => {
      const top = document.querySelector('[data-testid="transactions-screen"]')!.getBoundingClientRect().top;
      const row = rows.find((r) => r.getBoundingClientRect().top > top + 200)!;
      return { index: row.getAttribute('aria-rowindex')!, top: Math.round(row.getBoundingClientRect().top), id: row.querySelector('a[data-kind="transaction"]')!.textContent };
    });
    await list.locator(`tbody tr[aria-rowindex="${seen.index}"] a[data-kind="transaction"]`).first().click();
    await expect(page).toHaveURL(/#\/transaction\?id=/);
    await expect(page.getByTestId('transaction-card').first()).toBeVisible();

    await goBack(page);
    await expect(page).toHaveURL(/#\/transactions$/);
    await expect(list).toHaveAttribute('data-count', String(LOADED));
    await expect.poll(() => scrollTopOf(screen)).toBe(offset);
    const back = list.locator(`tbody tr[aria-rowindex="${seen.index}"]`);
    await expect(back.locator('a[data-kind="transaction"]').first()).toHaveText(seen.id!);
    // Where it was: the rows above it, not rendered, stand as tall as they stood.
    expect(Math.abs((await back.boundingBox())!.y - seen.top)).toBeLessThanOrEqual(1);
    expect((await renderedIndexes(list)).length).toBeLessThan(MOST_RENDERED);
  });
});
