import type { Route } from '@playwright/test';
import { expect, mirrorJson as mirror, screenshot, test } from './serve-fixture.ts';
import { goBack } from './history-steps.ts';

/** The Tokens and Contracts screens against a real `serve`: each list is the mirror's own answer for the same query. */

interface Token { token_id: string; name: string; symbol: string; type: string }
interface Contract { contract_id: string; evm_address: string }
interface Holders { balances: Array<{ account: string }>; links: { next: string | null } }

test.describe('ledger lists', () => {
  test('the Tokens screen finds tokens by part of their name and by type, as /api/v1/tokens does', async ({ page, openApp, serve }) => {
    const { tokens: all } = await mirror<{ tokens: Token[] }>(serve, '/api/v1/tokens?limit=25');
    await openApp();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Tokens', exact: true }).click();
    const list = page.getByTestId('tokens-list');
    await expect(list).toHaveAttribute('data-status', 'ready');
    await expect(list.getByTestId('token-row')).toHaveCount(all.length);
    expect(await list.getByTestId('token-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-token')))).toEqual(all.map((t) => t.token_id));

    // Part of an NFT collection's name, typed in another case: the mirror matches without regard to case.
    const { tokens: [collection] } = await mirror<{ tokens: Token[] }>(serve, '/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=1');
    const fragment = collection!.name.slice(0, 4).toUpperCase();
    const named = await mirror<{ tokens: Token[] }>(serve, `/api/v1/tokens?name=${encodeURIComponent(fragment)}&type=NON_FUNGIBLE_UNIQUE&limit=25`);
    await page.getByLabel('Token name').fill(fragment);
    await page.getByLabel('Token type').selectOption('NON_FUNGIBLE_UNIQUE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`#/tokens\\?name=${fragment}&type=NON_FUNGIBLE_UNIQUE$`));
    expect(named.tokens.map((t) => t.token_id)).toContain(collection!.token_id);
    await expect(list.getByTestId('token-row')).toHaveCount(named.tokens.length);
    for (const token of named.tokens) {
      const row = list.locator(`[data-token="${token.token_id}"]`);
      await expect(row).toContainText(token.name);
      await expect(row).toContainText('NFT collection');
    }
    await screenshot(page, 'lists-01-tokens');

    // Too short a name is said in the app's words, before asking the mirror.
    await page.getByLabel('Token name').fill('ab');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('tokens-filter-problem')).toHaveText('Type at least 3 characters of the name');
    await expect(page.getByTestId('tokens-list')).toHaveCount(0);

    // A row opens its token's page.
    await page.getByRole('button', { name: 'Reset' }).click();
    await list.locator(`[data-token="${all[0]!.token_id}"]`).getByRole('link', { name: all[0]!.token_id }).click();
    await expect(page.getByTestId('token-id')).toHaveText(all[0]!.token_id);
  });

  test('Retry of a list whose first page failed leaves keyboard focus on the list, and the next Tab goes into it', async ({ page, openApp, serve }) => {
    const { tokens } = await mirror<{ tokens: Token[] }>(serve, '/api/v1/tokens?type=FUNGIBLE_COMMON&limit=1');
    const token = tokens[0]!.token_id;
    let failed = false;
    await page.route('**/bridge/call/mirror/get', async (route: Route) => {
      const { path } = route.request().postDataJSON() as { path: string };
      if (failed || !path.startsWith(`/api/v1/tokens/${token}/balances?`)) return route.continue();
      failed = true;
      return route.fulfill({ json: { ok: false, error: { code: 'internal', message: 'The store broke', details: [] } } });
    });
    await openApp(`#/token?id=${token}&tab=holders`);
    const list = page.getByTestId('token-holders');
    const retry = list.getByRole('button', { name: 'Retry' });
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect(list.getByTestId('holder-row').first()).toBeVisible();
    await expect(list).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="token-holders"]') !== null)).toBe(true);
  });

  test('"Load more" keeps keyboard focus: on the button while its page loads or fails, then on the first row it brought; its count says what is shown', async ({ page, openApp, serve }) => {
    // A token whose holders take three pages or more: every page of them, as the mirror gives it.
    const { tokens } = await mirror<{ tokens: Token[] }>(serve, '/api/v1/tokens?type=FUNGIBLE_COMMON&limit=25');
    let token: string | undefined;
    let pages: Holders[] = [];
    for (const { token_id: id } of tokens) {
      pages = [await mirror<Holders>(serve, `/api/v1/tokens/${id}/balances?limit=25`)];
      while (pages.at(-1)!.links.next) pages.push(await mirror<Holders>(serve, pages.at(-1)!.links.next!));
      if (pages.length >= 3) { token = id; break; }
    }
    expect(token, 'a demo token with three pages of holders').toBeDefined();
    const total = pages.reduce((sum, p) => sum + p.balances.length, 0);

    // Each next page is held until released; the first asked for fails once.
    let release: () => void = () => {};
    let failNext = true;
    let asked = 0;
    await page.route('**/bridge/call/mirror/get', async (route: Route) => {
      const { path } = route.request().postDataJSON() as { path: string };
      if (!path.startsWith(`/api/v1/tokens/${token}/balances?`) || !path.includes('account.id=')) return route.continue();
      asked++;
      await new Promise<void>((resolve) => { release = resolve; });
      if (failNext) {
        failNext = false;
        return route.fulfill({ json: { ok: false, error: { code: 'internal', message: 'The store broke', details: [] } } });
      }
      return route.continue();
    });

    await openApp(`#/token?id=${token}&tab=holders`);
    const list = page.getByTestId('token-holders');
    const rows = list.getByTestId('holder-row');
    const more = list.getByTestId('load-more');
    await expect(rows).toHaveCount(25);
    // Not a total: what is shown so far.
    await expect(list.getByTestId('paged-count')).toHaveText('25 accounts shown');

    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => asked).toBe(1);
    await expect(more).toBeFocused();
    await expect(more).toHaveAttribute('aria-disabled', 'true');
    await expect(more).toHaveText('Loading…');
    // Pressed again while it loads: nothing more is asked.
    await page.keyboard.press('Enter');
    // The page fails: focus stays on the button, which offers to try again.
    release();
    await expect(list.getByRole('alert')).toContainText('Next page failed: The store broke');
    await expect(more).toHaveText('Retry');
    await expect(more).toBeFocused();
    expect(asked).toBe(1);

    let shown = 25;
    for (const [i, next] of pages.slice(1).entries()) {
      await page.keyboard.press('Enter');
      await expect.poll(() => asked).toBe(i + 2);
      await expect(more).toBeFocused();
      release();
      await expect(list).toHaveAttribute('data-count', String(shown + next.balances.length));
      // Focus is on the first row the page brought; the next Tab goes on into it. (The row is found
      // by its place in the whole list, which holds whether the list is drawn whole, as this short
      // one is, or only near the view.)
      const first = list.locator(`tbody tr[aria-rowindex="${shown + 2}"]`);
      await expect(first).toBeFocused();
      await expect(first).toContainText(next.balances[0]!.account);
      await page.keyboard.press('Tab');
      await expect(first.getByRole('link', { name: next.balances[0]!.account, exact: true })).toBeFocused();
      shown += next.balances.length;
      if (i < pages.length - 2) {
        await expect(list.getByTestId('paged-count')).toHaveText(`${shown} accounts shown`);
        await more.focus();
      }
    }
    await expect(more).toHaveCount(0);
    await expect(list.getByTestId('paged-count')).toHaveText(`${total} accounts · all loaded`);
  });

  test('the Contracts screen lists the contracts newest or oldest first, each with its verification here', async ({ page, openApp, serve }) => {
    const newest = await mirror<{ contracts: Contract[] }>(serve, '/api/v1/contracts?order=desc&limit=25');
    const oldest = await mirror<{ contracts: Contract[] }>(serve, '/api/v1/contracts?order=asc&limit=25');
    expect(newest.contracts.length === 0, 'the demo has no contracts').toBe(false);
    await openApp('#/contracts');
    const list = page.getByTestId('contracts-list');
    await expect(list).toHaveAttribute('data-status', 'ready');
    const ids = () => list.getByTestId('contract-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-contract')));
    expect(await ids()).toEqual(newest.contracts.map((c) => c.contract_id));
    // Nothing is verified on a fresh profile: each badge says so and offers Verify with the address filled in.
    const first = newest.contracts[0]!;
    const badge = list.locator(`[data-contract="${first.contract_id}"]`).getByTestId('verification-status');
    await expect(badge).toHaveAttribute('data-state', 'none');
    await screenshot(page, 'lists-02-contracts');

    await page.getByLabel('Order').selectOption('asc');
    await expect(page).toHaveURL(/#\/contracts\?order=asc$/);
    await expect.poll(ids).toEqual(oldest.contracts.map((c) => c.contract_id));

    await goBack(page);
    await expect.poll(ids).toEqual(newest.contracts.map((c) => c.contract_id));
    await badge.click();
    await expect(page).toHaveURL(new RegExp(`#/verify\\?address=${first.evm_address.toLowerCase()}$`));
  });
});
