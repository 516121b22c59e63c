import type { Locator, Page, Route } from '@playwright/test';
import { expect, mirrorJson as mirror, test } from './serve-fixture.ts';
import { goBack, goForward } from './history-steps.ts';

/**
 * Back and Forward return to a list as it was left: the pages loaded (not asked for again), the
 * offset of what scrolls, and on Accounts the open account; a fresh visit starts at the top.
 */

const grid = (page: Page): Locator => page.getByTestId('accounts-table');
const accountRows = (page: Page): Locator => grid(page).locator('[role="row"][data-account]');
const loadedCount = (page: Page): Promise<string | null> => page.getByTestId('loaded-count').getAttribute('data-count');
const scrollTopOf = (element: Locator): Promise<number> => element.evaluate((el) => Math.round(el.scrollTop));

/** The bridge calls the page makes from now on, as `channel path` (the path of a mirror read). */
function bridgeCalls(page: Page): { readonly made: string[]; clear(): void } {
  const made: string[] = [];
  page.on('request', (request) => {
    const channel = /\/bridge\/call\/(.+)$/.exec(new URL(request.url()).pathname)?.[1];
    if (!channel) return;
    const path = (request.postDataJSON() as { path?: string } | null)?.path ?? '';
    made.push(`${channel} ${path}`.trim());
  });
  return { made, clear: () => { made.length = 0; } };
}

/** Shows the Transactions screen with `query` as a new history entry, waiting for its first page. */
async function showFilters(page: Page, query: string): Promise<void> {
  const answered = page.waitForResponse((response) => /\/bridge\/call\/mirror\/get$/.test(new URL(response.url()).pathname)
    && (response.request().postDataJSON() as { path?: string } | null)?.path === `/api/v1/transactions?${query}&limit=25`);
  await page.evaluate((hash) => { location.hash = hash; }, `#/transactions?${query}`);
  await answered;
  await expect(page.getByTestId('transactions-list')).toHaveAttribute('data-status', 'ready');
}

/** Presses End in the accounts grid until every account matching is loaded. */
async function loadAllAccounts(page: Page): Promise<void> {
  await grid(page).focus();
  await expect(async () => {
    await grid(page).press('End');
    await expect(page.getByTestId('accounts-screen').locator('.status-line')).toContainText('all matching accounts', { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await grid(page).press('End');
}

/** A token no demo transaction moves: one row is made to move it, and its look-up is answered here. */
const SLOW_TOKEN = '0.0.999999';

/**
 * Makes the 11th transaction of the list's second page move `SLOW_TOKEN` alone (no HBAR): its row
 * says `9 A` once the token's decimals (18) and symbol are known, and, until then, the raw units
 * and the token's id (`9,000,000,000,000,000,000 0.0.999999`), which take a second line. The
 * token's look-ups are answered at once, or, once `hold` is called, only at its `release`: Back
 * then draws the row taller than it was left, until the answer comes.
 */
async function rowWithSlowToken(page: Page): Promise<{ hold(): void; release(): void }> {
  let chosen: string | null = null;
  let held: Promise<void> | null = null;
  let release = (): void => {};
  const answered = async (route: Route, change: (body: Record<string, unknown[]>) => void): Promise<void> => {
    const response = await route.fetch();
    const answer = await response.json() as { ok: boolean; value?: { body: Record<string, unknown[]> } };
    if (answer.ok && answer.value) change(answer.value.body);
    await route.fulfill({ response, json: answer });
  };
  await page.route('**/bridge/call/mirror/get', async (route) => {
    const { path } = route.request().postDataJSON() as { path: string };
    if (path.startsWith('/api/v1/transactions?')) {
      return answered(route, (body) => {
        const transactions = body.transactions as Array<Record<string, unknown>>;
        if (chosen === null && path.includes('timestamp=lt:')) chosen = String(transactions[10]?.consensus_timestamp);
        const tx = transactions.find((t) => t.consensus_timestamp === chosen);
        if (!tx) return;
        const payer = String(tx.transaction_id).split('-')[0];
        Object.assign(tx, {
          transfers: [], staking_reward_transfers: [], nft_transfers: [],
          token_transfers: [{ token_id: SLOW_TOKEN, account: payer, amount: -9e18, is_approval: false }, { token_id: SLOW_TOKEN, account: '0.0.1001', amount: 9e18, is_approval: false }],
        });
      });
    }
    if (!path.startsWith('/api/v1/tokens?') || !path.includes(`token.id=${SLOW_TOKEN}`)) return route.continue();
    if (held) await held;
    return answered(route, (body) => {
      body.tokens!.push({ token_id: SLOW_TOKEN, name: 'Slow to look up', symbol: 'A', decimals: '18', type: 'FUNGIBLE_COMMON' });
    });
  });
  return {
    hold: () => { held = new Promise((resolve) => { release = resolve; }); },
    release: () => release(),
  };
}

test.describe('Back returns to a list where it was left', () => {
  test('accounts: the pages loaded, the offset and the open account come back, without asking again', async ({ page, openApp }) => {
    const calls = bridgeCalls(page);
    await openApp('#/accounts?account.id=gte:0.0.2900');
    await expect(accountRows(page).first()).toBeVisible();
    await loadAllAccounts(page);
    const loaded = await loadedCount(page);
    expect(Number(loaded)).toBeGreaterThan(100);
    const offset = await scrollTopOf(grid(page));
    expect(offset).toBeGreaterThan(1000);
    // Enter opens the last row (End's), in the side panel; then its own page.
    const last = await accountRows(page).last().getAttribute('data-account');
    await grid(page).press('Enter');
    await expect(page.getByTestId('account-detail').getByTestId('account-id')).toHaveText(last!);
    await page.getByTestId('open-account-page').click();
    await expect(page).toHaveURL(new RegExp(`#/account\\?id=${last!.replaceAll('.', '\\.')}$`));
    await expect(page.getByTestId('account-id')).toHaveText(last!);

    calls.clear();
    await goBack(page);
    await expect(page).toHaveURL(/#\/accounts\?account\.id=gte:0\.0\.2900$/);
    await expect(page.getByTestId('loaded-count')).toHaveAttribute('data-count', loaded!);
    await expect(page.getByTestId('accounts-screen').locator('.status-line')).toContainText('all matching accounts');
    await expect.poll(() => scrollTopOf(grid(page))).toBe(offset);
    await expect(grid(page).locator(`[data-account="${last}"]`)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('account-detail').getByTestId('account-id')).toHaveText(last!);
    expect(calls.made.filter((call) => call.startsWith('accounts/list')), 'no page of the list is asked for again').toEqual([]);

    // Forward, and Back again: the same.
    await goForward(page);
    await expect(page).toHaveURL(/#\/account\?id=/);
    await goBack(page);
    await expect(page.getByTestId('loaded-count')).toHaveAttribute('data-count', loaded!);
    await expect.poll(() => scrollTopOf(grid(page))).toBe(offset);
    await expect(page.getByTestId('account-detail').getByTestId('account-id')).toHaveText(last!);
  });

  test('accounts: a fresh visit (the Accounts tab) starts at the top with the first page; Back still returns', async ({ page, openApp }) => {
    await openApp('#/accounts');
    await expect(accountRows(page).first()).toBeVisible();
    // End goes to the last of the first 100 rows, which brings the second page (and no more).
    await grid(page).focus();
    await grid(page).press('End');
    await expect(page.getByTestId('loaded-count')).toHaveAttribute('data-count', '200');
    const loaded = await loadedCount(page);
    const offset = await scrollTopOf(grid(page));
    const opened = await grid(page).locator('[role="row"].active').getAttribute('data-account');
    await grid(page).press('Enter');
    await page.getByTestId('open-account-page').click();
    await expect(page).toHaveURL(/#\/account\?id=/);

    // The Accounts tab names the same route, but as a new visit: the list as it is now, from its top.
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Accounts' }).click();
    await expect(page).toHaveURL(/#\/accounts$/);
    await expect(page.getByTestId('loaded-count')).toHaveAttribute('data-count', '100');
    expect(await scrollTopOf(grid(page))).toBe(0);
    await expect(page.getByTestId('account-detail')).toHaveCount(0);

    // Back twice, past the account's page, to the list left with its pages loaded.
    await goBack(page);
    await expect(page).toHaveURL(/#\/account\?id=/);
    await goBack(page);
    await expect(page).toHaveURL(/#\/accounts$/);
    await expect(page.getByTestId('loaded-count')).toHaveAttribute('data-count', loaded!);
    await expect.poll(() => scrollTopOf(grid(page))).toBe(offset);
    await expect(page.getByTestId('account-detail').getByTestId('account-id')).toHaveText(opened!);
  });

  test('transactions: the rows loaded with "Load more" and the page offset come back, without asking again', async ({ page, openApp }) => {
    const calls = bridgeCalls(page);
    const slowToken = await rowWithSlowToken(page);
    await openApp('#/transactions');
    const list = page.getByTestId('transactions-list');
    await expect(list).toHaveAttribute('data-count', '25');
    await list.getByTestId('load-more').click();
    await expect(list).toHaveAttribute('data-count', '50');
    const screen = page.getByTestId('transactions-screen');
    // The row moving the slow token, one line tall with its symbol in.
    const slowRow = list.getByTestId('transaction-row').filter({ has: page.locator(`[data-token="${SLOW_TOKEN}"]`) });
    await expect(slowRow.getByRole('link', { name: 'A', exact: true })).toBeVisible();
    const heightOf = (row: Locator): Promise<number> => row.evaluate((el) => Math.round(el.getBoundingClientRect().height));
    const leftHeight = await heightOf(slowRow);
    const lastRow = list.getByTestId('transaction-row').last();
    await lastRow.scrollIntoViewIfNeeded();
    const offset = await scrollTopOf(screen);
    expect(offset).toBeGreaterThan(200);
    const lastId = await lastRow.locator('a[data-kind="transaction"]').first().textContent();
    await lastRow.locator('a[data-kind="transaction"]').first().click();
    await expect(page).toHaveURL(/#\/transaction\?id=/);
    await expect(page.getByTestId('transaction-card').first()).toBeVisible();

    calls.clear();
    slowToken.hold();
    await goBack(page);
    await expect(page).toHaveURL(/#\/transactions$/);
    await expect(list).toHaveAttribute('data-count', '50');
    await expect.poll(() => scrollTopOf(screen)).toBe(offset);
    // Drawn again without its symbol, the row is taller than it was left; as it settles, the offset stays the one left.
    expect(await heightOf(slowRow)).toBeGreaterThan(leftHeight);
    slowToken.release();
    await expect(slowRow.getByRole('link', { name: 'A', exact: true })).toBeVisible();
    await expect.poll(() => heightOf(slowRow)).toBe(leftHeight);
    await expect.poll(() => scrollTopOf(screen)).toBe(offset);
    await expect(list.getByTestId('transaction-row').last().locator('a[data-kind="transaction"]').first()).toHaveText(lastId!);
    expect(calls.made.filter((call) => call.startsWith('mirror/get /api/v1/transactions?limit=')), 'no page of the list is asked for again').toEqual([]);

    // From the transaction, the Transactions tab: a fresh visit, from the first page.
    await goForward(page);
    await expect(page).toHaveURL(/#\/transaction\?id=/);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Transactions' }).click();
    await expect(page).toHaveURL(/#\/transactions$/);
    await expect(list).toHaveAttribute('data-count', '25');
    expect(await scrollTopOf(screen)).toBe(0);
  });

  test('transactions: Back to a list left at its top finds it at the top, though the screen stayed and was scrolled meanwhile', async ({ page, openApp }) => {
    await openApp('#/transactions');
    const list = page.getByTestId('transactions-list');
    const screen = page.getByTestId('transactions-screen');
    await expect(list).toHaveAttribute('data-count', '25');
    expect(await scrollTopOf(screen)).toBe(0);

    // New filters: the same screen shows them (it is not opened again), from the top; scrolled there.
    await showFilters(page, 'result=success');
    await expect(list).toHaveAttribute('data-count', '25');
    await screen.evaluate((element) => { element.scrollTop = 150; });
    await expect.poll(() => scrollTopOf(screen)).toBe(150);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    // Other filters still: a fresh visit, at the top.
    await showFilters(page, 'transactiontype=CRYPTOTRANSFER&result=success');
    await expect(list).toHaveAttribute('data-status', 'ready');
    expect(await scrollTopOf(screen)).toBe(0);
    await screen.evaluate((element) => { element.scrollTop = 150; });
    await expect.poll(() => scrollTopOf(screen)).toBe(150);

    // Back twice: each list as it was left, the first at its top (its rows are shown at once, tall enough to stay scrolled).
    await goBack(page);
    await expect(page).toHaveURL(/#\/transactions\?result=success$/);
    await expect.poll(() => scrollTopOf(screen)).toBe(150);
    await goBack(page);
    await expect(page).toHaveURL(/#\/transactions$/);
    await expect(list).toHaveAttribute('data-count', '25');
    await expect.poll(() => scrollTopOf(screen)).toBe(0);
  });

  test('contracts: two history entries listing the same contracts (newest first, said or not) each keep their own rows', async ({ page, openApp }) => {
    await openApp('#/contracts');
    const list = page.getByTestId('contracts-list');
    await expect(list).toHaveAttribute('data-count', '25');
    await list.getByTestId('load-more').click();
    await expect.poll(async () => Number(await list.getAttribute('data-count'))).toBeGreaterThan(25);
    const left = await list.getAttribute('data-count');

    // The same list, as a new entry of the same page: the rows shown stay, and one more page is loaded there.
    await page.evaluate(() => { location.hash = '#/contracts?order=desc'; });
    await expect(page).toHaveURL(/#\/contracts\?order=desc$/);
    await expect(list).toHaveAttribute('data-count', left!);
    await list.getByTestId('load-more').click();
    await expect.poll(async () => Number(await list.getAttribute('data-count'))).toBeGreaterThan(Number(left));
    const more = await list.getAttribute('data-count');

    // Each entry as it was left.
    await goBack(page);
    await expect(page).toHaveURL(/#\/contracts$/);
    await expect(list).toHaveAttribute('data-count', left!);
    await goForward(page);
    await expect(page).toHaveURL(/#\/contracts\?order=desc$/);
    await expect(list).toHaveAttribute('data-count', more!);
  });

  test('token page: the offset of the page over its NFTs comes back from an owner\'s page', async ({ page, openApp, serve }) => {
    const { tokens } = await mirror<{ tokens: Array<{ token_id: string }> }>(serve, '/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=25');
    let tokenId: string | null = null;
    for (const token of tokens) {
      const { links } = await mirror<{ links: { next: string | null } }>(serve, `/api/v1/tokens/${token.token_id}/nfts?limit=25`);
      if (links.next !== null) { tokenId = token.token_id; break; }
    }
    expect(tokenId, 'the demo has an NFT collection of more than a page').not.toBeNull();
    await openApp(`#/token?id=${tokenId}`);
    const list = page.getByTestId('token-nfts');
    await expect(list).toHaveAttribute('data-count', '25');
    await list.getByTestId('load-more').click();
    await expect.poll(async () => Number(await list.getAttribute('data-count'))).toBeGreaterThan(25);
    const loaded = await list.getAttribute('data-count');
    const screen = page.getByTestId('token-screen');
    const owner = list.getByTestId('nft-row').last().locator('a[data-kind="account"]').first();
    await owner.scrollIntoViewIfNeeded();
    const offset = await scrollTopOf(screen);
    expect(offset).toBeGreaterThan(200);
    await owner.click();
    await expect(page).toHaveURL(/#\/account\?id=/);

    await goBack(page);
    await expect(page).toHaveURL(new RegExp(`#/token\\?id=${tokenId!.replaceAll('.', '\\.')}$`));
    await expect(list).toHaveAttribute('data-count', loaded!);
    await expect.poll(() => scrollTopOf(screen)).toBe(offset);
  });

  test('blocks (and every other paged list page): the rows loaded and the page offset come back from a block', async ({ page, openApp }) => {
    await openApp('#/blocks');
    const list = page.getByTestId('blocks-list');
    await expect(list).toHaveAttribute('data-count', '25');
    await list.getByTestId('load-more').click();
    await expect(list).toHaveAttribute('data-count', '50');
    const screen = page.getByTestId('blocks-screen');
    const last = list.getByTestId('block-row').last();
    await last.scrollIntoViewIfNeeded();
    const offset = await scrollTopOf(screen);
    expect(offset).toBeGreaterThan(200);
    const number = await last.getAttribute('data-block');
    await last.locator('a').first().click();
    await expect(page).toHaveURL(new RegExp(`#/block\\?number=${number}$`));

    await goBack(page);
    await expect(page).toHaveURL(/#\/blocks$/);
    await expect(list).toHaveAttribute('data-count', '50');
    await expect.poll(() => scrollTopOf(screen)).toBe(offset);
  });
});
