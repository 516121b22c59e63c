import { expect, mirrorJson as mirror, screenshot, test } from './serve-fixture.ts';
import { goBack } from './history-steps.ts';

/**
 * Small things a newcomer misread: an account's balance time (when it last changed), its key type
 * in a narrow window, an alias typed in lower case, and a failed search left in the box.
 */

const ACCOUNT = '0.0.1009';

test.describe('Account page and search details', () => {
  test('the balance says when it last changed, the time the API gives with it', async ({ page, openApp, serve }) => {
    const account = await mirror<{ balance: { timestamp: string } }>(serve, `/api/v1/accounts/${ACCOUNT}`);
    await openApp(`#/account?id=${ACCOUNT}`);
    const changed = page.getByTestId('balance-changed');
    await expect(changed).toHaveText(/^last changed \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    const seconds = Number(account.balance.timestamp.split('.')[0]);
    await expect(changed).toContainText(new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' '));
  });

  test('an ECDSA key type is shown whole in a 320 px window', async ({ page, openApp, serve }) => {
    const account = await mirror<{ key: { _type: string } }>(serve, `/api/v1/accounts/${ACCOUNT}`);
    expect(account.key._type).toBe('ECDSA_SECP256K1');
    await page.setViewportSize({ width: 320, height: 800 });
    await openApp(`#/account?id=${ACCOUNT}`);
    const type = page.getByTestId('account-key-type');
    await expect(type).toHaveText('ECDSA_SECP256K1');
    await type.scrollIntoViewIfNeeded();
    const fits = await type.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(element);
      const text = range.getBoundingClientRect();
      return { overflow: element.scrollWidth - element.clientWidth, textRight: text.right, boxRight: box.right, window: window.innerWidth };
    });
    expect(fits.overflow, 'the key type runs out of its cell by').toBeLessThanOrEqual(0);
    expect(fits.textRight).toBeLessThanOrEqual(fits.boxRight + 0.5);
    expect(fits.textRight).toBeLessThanOrEqual(fits.window);
    await screenshot(page, 'account-key-type-320');
  });

  test('an alias typed in lower case finds its account', async ({ page, openApp, serve }) => {
    const account = await mirror<{ alias: string }>(serve, `/api/v1/accounts/${ACCOUNT}`);
    await openApp('#/transactions');
    const box = page.getByTestId('search-input');
    await box.fill(account.alias.toLowerCase());
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#/account\\?id=${ACCOUNT.replaceAll('.', '\\.')}$`));
    await expect(box).toHaveValue('');
  });

  test('a failed search is cleared when another page is opened; text being typed is not', async ({ page, openApp }) => {
    await openApp('#/transactions');
    const box = page.getByTestId('search-input');
    const tabs = page.getByRole('navigation', { name: 'Screens' });
    await box.fill('no token is named like this');
    await box.press('Enter');
    await expect(page.getByTestId('search-message')).toBeVisible();
    await expect(box).toHaveValue('no token is named like this');
    await tabs.getByRole('link', { name: 'Blocks' }).click();
    await expect(page).toHaveURL(/#\/blocks$/);
    await expect(box).toHaveValue('');

    // Back, too, is moving on.
    await box.fill('still nothing like it');
    await box.press('Enter');
    await expect(page.getByTestId('search-message')).toBeVisible();
    await goBack(page);
    await expect(page).toHaveURL(/#\/transactions$/);
    await expect(box).toHaveValue('');

    // Typed, not searched yet: kept.
    await box.fill('half typ');
    await tabs.getByRole('link', { name: 'Tokens' }).click();
    await expect(page).toHaveURL(/#\/tokens$/);
    await expect(box).toHaveValue('half typ');
    // A failed search amended is being typed again: kept too.
    await box.fill('no token is named like this');
    await box.press('Enter');
    await expect(page.getByTestId('search-message')).toBeVisible();
    await box.press('End');
    await box.type(' either');
    await tabs.getByRole('link', { name: 'Blocks' }).click();
    await expect(box).toHaveValue('no token is named like this either');
  });
});
