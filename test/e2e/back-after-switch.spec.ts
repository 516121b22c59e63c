import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { expect, ownServe, test } from './serve-fixture.ts';
import { goBack, goForward } from './history-steps.ts';

/**
 * Back and Forward after a switch of network profile show the open profile's lists, asked for
 * afresh: what the lists held on the profile before says nothing of this one's (App.svelte
 * forgets it at the switch). A `serve` of the file's own, as the test switches its profile.
 */

const app = ownServe('mirrordesk-e2e-back-after-switch-');

/**
 * A mirror node that holds nothing: every list is empty and ends there, anything else is not
 * found. A profile synced from it stores nothing, so each of its lists shows empty.
 */
async function emptyMirror(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const list = /^\/api\/v1\/(?:[\w.-]+\/)*([a-z]+)$/.exec(new URL(request.url!, 'http://mirror').pathname)?.[1];
    response.writeHead(list ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(list ? { [list]: [], links: { next: null } } : { _status: { messages: [{ message: 'Not found' }] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The paths of the mirror reads the page makes from now on (bridge `mirror/get`). */
function mirrorReads(page: Page): string[] {
  const made: string[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.endsWith('/bridge/call/mirror/get')) return;
    made.push((request.postDataJSON() as { path?: string } | null)?.path ?? '');
  });
  return made;
}

const scrollTopOf = (element: Locator): Promise<number> => element.evaluate((el) => Math.round(el.scrollTop));

/** Loads a second page of the list, and scrolls its last row into view: the screen left scrolled. */
async function loadMoreAndScroll(page: Page): Promise<void> {
  const list = page.getByTestId('transactions-list');
  await expect(list).toHaveAttribute('data-count', '25');
  await list.getByTestId('load-more').click();
  await expect(list).toHaveAttribute('data-count', '50');
  await list.getByTestId('transaction-row').last().scrollIntoViewIfNeeded();
  expect(await scrollTopOf(page.getByTestId('transactions-screen'))).toBeGreaterThan(200);
}

/** Saves a custom profile named `name` syncing from `mirrorUrl`, and opens it. */
async function switchToNewProfile(page: Page, name: string, mirrorUrl: string): Promise<void> {
  await page.getByTestId('profile-switcher').click();
  await page.getByTestId('profile-add').click();
  const form = page.getByTestId('profile-form');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Mirror node REST URL').fill(mirrorUrl);
  await form.getByTestId('profile-save').click();
  await page.getByTestId(`profile-${name}`).click();
  await expect(page.getByTestId('profile-switcher')).toContainText(name, { timeout: 30_000 });
}

test('Back and Forward after a profile switch show the new profile\'s lists, asked for afresh, not the old one\'s rows', async ({ page }) => {
  const mirror = await emptyMirror();
  try {
    const list = page.getByTestId('transactions-list');
    const screen = page.getByTestId('transactions-screen');
    // On the demo: two lists left with two pages loaded and scrolled, and a transaction between them.
    await page.goto(`${app.instance.uiUrl}#/transactions`);
    await loadMoreAndScroll(page);
    await list.getByTestId('transaction-row').last().locator('a[data-kind="transaction"]').first().click();
    await expect(page).toHaveURL(/#\/transaction\?id=/);
    await page.evaluate(() => { location.hash = '#/transactions?result=success'; });
    await loadMoreAndScroll(page);
    // Back to the transaction, between the two lists; there, another profile.
    await goBack(page);
    await expect(page).toHaveURL(/#\/transaction\?id=/);
    await switchToNewProfile(page, 'empty-mirror', mirror.url);
    const reads = mirrorReads(page);

    await goBack(page);
    await expect(page).toHaveURL(/#\/transactions$/);
    await expect(list).toHaveAttribute('data-status', 'ready');
    await expect(list).toHaveAttribute('data-count', '0');
    await expect(list.getByTestId('empty')).toBeVisible();
    expect(await scrollTopOf(screen)).toBe(0);
    expect(reads, 'the list is asked of the new profile').toContain('/api/v1/transactions?limit=25');

    await goForward(page);
    await expect(page).toHaveURL(/#\/transaction\?id=/);
    reads.length = 0;
    await goForward(page);
    await expect(page).toHaveURL(/#\/transactions\?result=success$/);
    await expect(list).toHaveAttribute('data-status', 'ready');
    await expect(list).toHaveAttribute('data-count', '0');
    expect(await scrollTopOf(screen)).toBe(0);
    expect(reads, 'the list is asked of the new profile').toContain('/api/v1/transactions?result=success&limit=25');
  } finally {
    await mirror.close();
  }
});
