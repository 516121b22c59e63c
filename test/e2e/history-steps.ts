import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Back and Forward as a user presses them: only once the browser's own history holds the entry
 * the page shows. Playwright learns of a hash navigation from the page itself, a moment before the
 * browser records the new entry; a `page.goBack()` sent in that moment reads the history without
 * it and does nothing (a CI run lost a Back that way, the page left on the screen it had opened).
 */
export async function goBack(page: Page): Promise<void> {
  await stepThroughHistory(page, -1);
}

export async function goForward(page: Page): Promise<void> {
  await stepThroughHistory(page, +1);
}

async function stepThroughHistory(page: Page, delta: -1 | 1): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // Read the page's address in each poll: a replaceState meanwhile (a tab switch) changes both.
    await expect.poll(async () => {
      const { currentIndex, entries } = await cdp.send('Page.getNavigationHistory');
      return entries[currentIndex]?.url === page.url();
    }, { message: 'the browser history records the page shown' }).toBe(true);
  } finally {
    await cdp.detach();
  }
  if (delta < 0) await page.goBack();
  else await page.goForward();
}
