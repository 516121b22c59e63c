import { expect, mirrorJson as mirror, screenshot, test } from './serve-fixture.ts';

/** The Tokens and Contracts screens against a real `serve`: each list is the mirror's own answer for the same query. */

interface Token { token_id: string; name: string; symbol: string; type: string }
interface Contract { contract_id: string; evm_address: string }

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

    await page.goBack();
    await expect.poll(ids).toEqual(newest.contracts.map((c) => c.contract_id));
    await badge.click();
    await expect(page).toHaveURL(new RegExp(`#/verify\\?address=${first.evm_address.toLowerCase()}$`));
  });
});
