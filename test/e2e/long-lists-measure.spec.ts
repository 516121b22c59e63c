import type { Locator, Page } from '@playwright/test';
import { expect, test } from './serve-fixture.ts';

/**
 * A windowed list (past 200 rows) keeps its gaps true to its rows: a row whose height changes after
 * it is drawn is measured again; a scroll within the rows drawn does not walk their boxes; and
 * Back puts the focus on the very link it left, though the same link is on many rows.
 */

const PAGES = 20;
const LOADED = PAGES * 25;

const screenOf = (page: Page): Locator => page.getByTestId('transactions-screen');
const listOf = (page: Page): Locator => page.getByTestId('transactions-list');
const rowAt = (list: Locator, index: number): Locator => list.locator(`tbody tr[aria-rowindex="${index + 2}"]`);

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

/** Sets the screen's offset and waits for the rows it brings to be drawn and measured (two frames). */
async function scrollScreenTo(screen: Locator, top: number): Promise<void> {
  await screen.evaluate(async (el, to) => {
    el.scrollTop = to;
    for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(done));
  }, top);
}

test.describe('a windowed list measures its rows again', () => {
  // Twenty pages asked for one by one, and a walk down through the whole list.
  test.setTimeout(180_000);

  test('a row that grows after it is drawn leaves no gap off: the rows below stand where their heights above put them', async ({ page, openApp }) => {
    const list = await loadManyPages(page, openApp);
    const screen = screenOf(page);
    await scrollScreenTo(screen, 0);
    const GROWN = 8;
    await expect(rowAt(list, GROWN)).toBeVisible();
    // Its content grows once drawn (as a token's symbol coming in does), and stays grown when drawn again.
    const before = (await rowAt(list, GROWN).boundingBox())!.height;
    await page.addStyleTag({ content: `[data-testid="transactions-list"] tr[aria-rowindex="${GROWN + 2}"] td { padding-bottom: 120px; }` });
    await expect.poll(async () => (await rowAt(list, GROWN).boundingBox())!.height).toBeGreaterThan(before + 100);

    // Down through the whole list: every row drawn (and measured) once at least; each one's height as seen.
    const heights = new Map<number, number>();
    const { scrollHeight, clientHeight } = await screen.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
    for (let top = 0; top < scrollHeight + clientHeight; top += Math.round(clientHeight / 2)) {
      await scrollScreenTo(screen, top);
      const seen = await list.locator('tbody tr[aria-rowindex]').evaluateAll((rows) =>
        rows.map((row) => [Number(row.getAttribute('aria-rowindex')) - 2, row.getBoundingClientRect().height] as const));
      for (const [index, height] of seen) heights.set(index, height);
    }
    expect(heights.size).toBe(LOADED);

    // Far below the grown row (in the gap above the rows drawn now): each row's top is the sum of the heights above it.
    const FAR = LOADED - 20;
    await rowAt(list, FAR).scrollIntoViewIfNeeded();
    await scrollScreenTo(screen, await screen.evaluate((el) => el.scrollTop));
    expect(await list.locator('tbody tr:not([aria-rowindex])').count()).toBeGreaterThan(0);
    const top = await rowAt(list, FAR).evaluate((row) => row.getBoundingClientRect().top - row.parentElement!.getBoundingClientRect().top);
    let expected = 0;
    for (let index = 0; index < FAR; index++) expected += heights.get(index)!;
    expect(Math.abs(top - expected)).toBeLessThanOrEqual(2);
  });

  test('a scroll that changes none of the rows drawn does not look for a row to hold in place', async ({ page, openApp }) => {
    const list = await loadManyPages(page, openApp);
    const screen = screenOf(page);
    await scrollScreenTo(screen, await screen.evaluate((el) => Math.round(el.scrollHeight / 2)));
    await expect(list.locator('tbody tr.gap').first()).toBeAttached();
    // Per scroll of a pixel: how many rows' boxes were read, and whether the rows drawn changed.
    const steps = await screen.evaluate(async (el) => {
      const body = el.querySelector('[data-testid="transactions-list"] tbody')!;
      const original = Element.prototype.getBoundingClientRect;
      let rowsRead = 0;
      Element.prototype.getBoundingClientRect = function (this: Element) {
        if (this.localName === 'tr') rowsRead += 1;
        return original.call(this);
      };
      let redrawn = false;
      const watch = new MutationObserver(() => { redrawn = true; });
      watch.observe(body, { childList: true });
      const result: { rowsRead: number; redrawn: boolean }[] = [];
      try {
        for (let i = 0; i < 30; i++) {
          rowsRead = 0;
          redrawn = false;
          el.scrollTop += 1;
          for (let f = 0; f < 2; f++) await new Promise((done) => requestAnimationFrame(done));
          result.push({ rowsRead, redrawn });
        }
      } finally {
        Element.prototype.getBoundingClientRect = original;
        watch.disconnect();
      }
      return result;
    });
    // Most such scrolls stay within the rows drawn, and those read no row's box.
    expect(steps.filter((step) => !step.redrawn).length).toBeGreaterThan(10);
    expect(steps.filter((step) => !step.redrawn && step.rowsRead > 0)).toEqual([]);
  });

  test('Back focuses the very link it left, though the same link is on rows drawn before it', async ({ page, openApp }) => {
    const list = await loadManyPages(page, openApp);
    const screen = screenOf(page);
    await scrollScreenTo(screen, 0);
    // The focus in the first rows keeps them drawn, ahead of those scrolled to.
    await rowAt(list, 1).getByRole('link').first().focus();
    await scrollScreenTo(screen, await screen.evaluate((el) => Math.round(el.scrollHeight / 2)));
    await expect(rowAt(list, 1)).toBeAttached();
    // A link in view on a row in the middle that the first rows drawn have too (an account on many transfers).
    const target = await list.evaluate((el) => {
      const links = (row: Element | null): string[] => [...(row?.querySelectorAll('a[href]') ?? [])].map((a) => a.getAttribute('href')!);
      const early = new Set([0, 1, 2].flatMap((i) => links(el.querySelector(`tbody tr[aria-rowindex="${i + 2}"]`))));
      const screenBox = document.querySelector('[data-testid="transactions-screen"]')!.getBoundingClientRect();
      for (const row of el.querySelectorAll('tbody tr[aria-rowindex]')) {
        const box = row.getBoundingClientRect();
        const index = Number(row.getAttribute('aria-rowindex')) - 2;
        if (index < 3 || box.top < screenBox.top + 100 || box.bottom > screenBox.bottom - 100) continue;
        const href = links(row).find((h) => early.has(h));
        if (href) return { index, href };
      }
      return null;
    });
    expect(target, 'a link the first rows share with a row in view').not.toBeNull();
    const { index, href } = target!;
    await rowAt(list, index).locator(`a[href="${href}"]`).first().click();
    await expect(page).not.toHaveURL(/#\/transactions$/);

    await page.goBack();
    await expect(page).toHaveURL(/#\/transactions$/);
    await expect(list).toHaveAttribute('data-count', String(LOADED));
    await expect.poll(() => page.evaluate(() => ({
      row: Number(document.activeElement?.closest('tr')?.getAttribute('aria-rowindex')) - 2,
      href: document.activeElement?.getAttribute('href'),
    }))).toEqual({ row: index, href });
  });
});
