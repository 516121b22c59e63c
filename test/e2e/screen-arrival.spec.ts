import type { Page } from '@playwright/test';
import { expect, mirrorJson as mirror, test } from './serve-fixture.ts';
import { goBack } from './history-steps.ts';

/**
 * Opening another screen or entity starts where a page load would (WCAG 2.4.3, 4.1.3, 2.4.2): the
 * focus goes to its main heading (the link that led there is gone with the screen it was on), and
 * the window title names it, so that the history and the window list tell one place from another.
 * A filter or tab of the same screen leaves the focus on the control used; Back returns to the
 * element the user left from.
 */

/** The focused element, told by its tag, its link target and text. */
const focused = (page: Page): Promise<{ tag: string; href: string | null; text: string; visible: boolean; inMain: boolean }> => page.evaluate(() => {
  const active = document.activeElement!;
  return {
    tag: active.localName,
    href: active.getAttribute('href'),
    text: active.textContent?.trim() ?? '',
    visible: active.matches(':focus-visible'),
    inMain: document.querySelector('main')!.contains(active),
  };
});

test.describe('moving to another screen', () => {
  test('a link inside a screen takes the focus to the page it opens, named in the title; Back returns it to the link', async ({ page, openApp }) => {
    await openApp('#/transactions');
    await expect(page).toHaveTitle('Transactions — Mirrordesk');
    const link = page.getByTestId('transaction-row').locator('a[href^="#/account?"]').nth(2);
    const href = (await link.getAttribute('href'))!;
    const account = new URLSearchParams(href.split('?')[1]).get('id')!;
    await link.focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(new RegExp(`#/account\\?id=${account.replaceAll('.', '\\.')}$`));
    const heading = page.getByRole('heading', { level: 1, name: account });
    await expect(heading).toBeFocused();
    await expect(page).toHaveTitle(`Account ${account} — Mirrordesk`);
    // Reached by the keyboard, it rings as the controls do; the next Tab goes on inside the page.
    expect((await focused(page)).visible).toBe(true);
    await page.keyboard.press('Tab');
    expect((await focused(page)).inMain).toBe(true);

    // Back: the list as it was, the focus on the link the user followed (not on the list's heading).
    await goBack(page);
    await expect(page).toHaveURL(/#\/transactions$/);
    await expect(page).toHaveTitle('Transactions — Mirrordesk');
    await expect.poll(async () => (await focused(page)).href).toBe(href);
  });

  test('a token from the Tokens list, by a click: the heading takes the focus without a ring', async ({ page, openApp, serve }) => {
    const { tokens } = await mirror<{ tokens: Array<{ token_id: string }> }>(serve, '/api/v1/tokens?limit=1');
    await openApp('#/tokens');
    await expect(page).toHaveTitle('Tokens — Mirrordesk');
    await page.locator(`main a[href="#/token?id=${tokens[0]!.token_id}"]`).first().click();
    await expect(page).toHaveTitle(`Token ${tokens[0]!.token_id} — Mirrordesk`);
    await expect(page.getByTestId('token-screen').getByRole('heading', { level: 1 })).toBeFocused();
    // A pointer user sees no ring jump onto the heading.
    expect((await focused(page)).visible).toBe(false);
  });

  test('a search that finds its answer leaves the box for the page it opened', async ({ page, openApp }) => {
    await openApp('#/accounts');
    const box = page.getByTestId('search-input');
    await box.fill('0.0.1234');
    await box.press('Enter');
    await expect(page).toHaveURL(/#\/account\?id=0\.0\.1234$/);
    await expect(page.getByRole('heading', { level: 1, name: '0.0.1234' })).toBeFocused();
    await expect(page).toHaveTitle('Account 0.0.1234 — Mirrordesk');
  });

  test('a search for the page already shown takes the focus to its heading too, with or without a tab open', async ({ page, openApp }) => {
    for (const start of ['#/account?id=0.0.1234', '#/account?id=0.0.1234&tab=nfts']) {
      await openApp(start);
      const heading = page.getByRole('heading', { level: 1, name: '0.0.1234' });
      await expect(heading).toBeVisible();
      const box = page.getByTestId('search-input');
      await box.fill('0.0.1234');
      await box.press('Enter');
      await expect(heading).toBeFocused();
      await expect(page).toHaveURL(/#\/account\?id=0\.0\.1234$/);
      // The box is emptied and says nothing: the search found what it was asked.
      await expect(box).toHaveValue('');
      await expect(page.getByTestId('search-message')).toHaveCount(0);
      await expect(page.getByTestId('search-choice')).toHaveCount(0);
    }
  });

  test('a screen tab takes the focus to the screen it opens', async ({ page, openApp }) => {
    await openApp('#/accounts');
    await expect(page).toHaveTitle('Accounts — Mirrordesk');
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Blocks' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Blocks' })).toBeFocused();
    await expect(page).toHaveTitle('Blocks — Mirrordesk');
  });

  test('a filter of the same list keeps the focus on the control used', async ({ page, openApp }) => {
    await openApp('#/accounts');
    await expect(page.getByTestId('accounts-table').locator('[role="row"][data-account]').first()).toBeVisible();
    await page.locator('select[name="order"]').selectOption('desc');
    const apply = page.getByRole('button', { name: 'Apply' });
    await apply.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/accounts\?.*order=desc/);
    await expect(page.getByTestId('accounts-screen')).toContainText('highest first');
    // Give a focus move the frames it would take: none comes.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(apply).toBeFocused();
    await expect(page).toHaveTitle('Accounts — Mirrordesk');
  });
});
