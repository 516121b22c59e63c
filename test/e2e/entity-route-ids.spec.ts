import type { AccountsResponse } from '../../main/common/mirror-types.ts';
import { checkEntityChecksum, withChecksum } from '../../renderer/src/lib/entity-checksum.ts';
import { holdRequests } from './held-requests.ts';
import { goBack } from './history-steps.ts';
import { expect, mirrorJson, screenshot, test } from './serve-fixture.ts';

/**
 * An entity page's address as people come by it: pasted with the checksum the account page shows
 * to copy, with a space, or edited by hand; the top bar's tab it belongs under; and moving from one
 * account to another while the first is still loading.
 */

/** The demo is a local network, chain 298 (its ids carry that network's checksum). */
const CHAIN = 298;

test.describe('entity page addresses', () => {
  test('an id with its checksum or spaces opens the entity, the address made plain; a wrong checksum and a path are refused in words', async ({ page, openApp, serve }) => {
    const { accounts } = await mirrorJson<AccountsResponse>(serve, '/api/v1/accounts?limit=1&account.id=gte:0.0.1009');
    const id = accounts[0]!.account!;
    const plain = new RegExp(`#/account\\?id=${id.replaceAll('.', '\\.')}$`);

    await openApp('#/accounts');
    await expect(page.getByTestId('accounts-table').locator('[data-account]').first()).toBeVisible();
    // The form the page shows under "With checksum", pasted into the address.
    await page.evaluate((hash) => { window.location.hash = hash; }, `#/account?id=${withChecksum(id, CHAIN)}`);
    await expect(page.getByTestId('account-id')).toHaveText(id);
    await expect(page).toHaveURL(plain);
    // The pasted form was replaced, not added: Back leaves the page.
    await goBack(page);
    await expect(page).toHaveURL(/#\/accounts$/);

    await openApp(`#/account?id=%20${id}%20&tab=nfts`);
    await expect(page.getByTestId('account-id')).toHaveText(id);
    await expect(page).toHaveURL(new RegExp(`#/account\\?id=${id.replaceAll('.', '\\.')}&tab=nfts$`));

    // A checksum that does not fit: said so, in the search box's words.
    const wrong = withChecksum(id, CHAIN)!.endsWith('-aaaaa') ? 'bbbbb' : 'aaaaa';
    const check = checkEntityChecksum(id, wrong, CHAIN);
    expect(check.ok).toBe(false);
    await openApp(`#/account?id=${id}-${wrong}`);
    const refused = page.getByTestId('id-refused');
    await expect(refused.getByRole('heading', { level: 1 })).toHaveText(`“${id}-${wrong}” is not an account id`);
    await expect(refused).toContainText(check.ok ? '' : check.message);

    // More than an id: refused plainly, no word of the app's internal request.
    await openApp(`#/account?id=${id}/tokens`);
    await expect(refused.getByRole('heading', { level: 1 })).toHaveText(`“${id}/tokens” is not an account id`);
    await expect(refused).not.toContainText('mirror/get');
    await screenshot(page, 'entity-route-ids-01-refused-path');

    // Every entity page reads its id the same way: a token's, and a path on a transaction's page.
    const { tokens } = await mirrorJson<{ tokens: Array<{ token_id: string }> }>(serve, '/api/v1/tokens?limit=1');
    const token = tokens[0]!.token_id;
    await openApp(`#/token?id=${withChecksum(token, CHAIN)}`);
    await expect(page.getByTestId('token-id')).toHaveText(token);
    await expect(page).toHaveURL(new RegExp(`#/token\\?id=${token.replaceAll('.', '\\.')}$`));
    await openApp(`#/transaction?id=${token}/x`);
    await expect(page.getByTestId('id-refused')).toContainText(`“${token}/x” is not a transaction id`);
    await expect(page.getByTestId('id-refused')).not.toContainText('mirror/get');
  });

  test('an entity page marks the top bar tab of the list it belongs under as current', async ({ page, openApp, serve }) => {
    const { accounts } = await mirrorJson<AccountsResponse>(serve, '/api/v1/accounts?limit=1&account.id=gte:0.0.1009');
    const { tokens } = await mirrorJson<{ tokens: Array<{ token_id: string }> }>(serve, '/api/v1/tokens?limit=1');
    const nav = page.getByRole('navigation', { name: 'Screens' });
    const current = () => nav.locator('a[aria-current]').evaluateAll((links) => links.map((link) => `${link.textContent?.trim()}=${link.getAttribute('aria-current')}`));
    for (const [hash, expected] of [
      ['#/accounts', ['Accounts=page']],
      [`#/account?id=${accounts[0]!.account}`, ['Accounts=true']],
      [`#/token?id=${tokens[0]!.token_id}`, ['Tokens=true']],
      ['#/block?number=1', ['Blocks=true']],
      ['#/schedules', ['Transactions=true']],
    ] as const) {
      await openApp(hash);
      await expect.poll(current, hash).toEqual(expected);
    }
  });

  test('moving from one account to another while the first is still loading warns of nothing', async ({ page, openApp, serve }) => {
    const warnings: string[] = [];
    page.on('console', (message) => { if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text()); });
    const { accounts } = await mirrorJson<AccountsResponse>(serve, '/api/v1/accounts?limit=2&account.id=gte:0.0.1009');
    const [first, second] = accounts.map((account) => account.account!);
    // Each account's transactions tab asks how much of its history the store holds: held, the
    // first answer arrives once its page has gone.
    const history = await holdRequests(page, 'sync/account-history');
    await openApp(`#/account?id=${first}&tab=transactions`);
    await expect.poll(() => history.count).toBe(1);
    await page.evaluate((hash) => { window.location.hash = hash; }, `#/account?id=${second}&tab=transactions`);
    await expect(page.getByTestId('account-id')).toHaveText(second!);
    await expect.poll(() => history.count).toBe(2);
    // Answers as a synced profile gives them: the second account's note shows once its answer, the later one, is read.
    const held = (account: string) => ({ ok: true, value: { account, heldSince: '1700000000.000000000', complete: false, keptFrom: null, retentionReached: false, fetched: 0 } });
    // The first answer read (a frame after it came) before the second is let through, so the check
    // below runs after the gone page had its chance to warn.
    const firstRead = page.waitForEvent('requestfinished', (request) => request.url().includes('sync/account-history'));
    await history.release(held(first!));
    await firstRead;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await history.release(held(second!));
    await expect(page.getByTestId('account-history')).toContainText('Held here');
    expect(warnings.filter((text) => text.includes('derived_inert'))).toEqual([]);
  });
});
