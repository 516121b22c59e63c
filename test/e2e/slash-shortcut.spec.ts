import type { Page } from '@playwright/test';
import { expect, test } from './serve-fixture.ts';

/**
 * `/` puts the cursor in the search box; a one-key shortcut may be turned off (WCAG 2.1.4): a
 * switch in the profile menu, kept across reloads (localStorage).
 */

/** Presses `/` with the focus on the page's heading, outside any field. */
async function pressSlashOnPage(page: Page): Promise<void> {
  await page.locator('h1').click();
  await page.keyboard.press('/');
}

test('the / shortcut can be turned off in the profile menu, stays off after a reload, and on again', async ({ page, openApp }) => {
  await openApp('#/tokens');
  await expect(page.getByTestId('tokens-screen')).toBeVisible();
  const box = page.getByTestId('search-input');
  await pressSlashOnPage(page);
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-keyshortcuts', '/');

  const toggleShortcut = async (on: boolean): Promise<void> => {
    await page.getByTestId('profile-switcher').click();
    const shortcut = page.getByRole('checkbox', { name: 'Press / to jump to the search box' });
    await expect(shortcut).toBeChecked({ checked: !on });
    await shortcut.setChecked(on);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('profile-menu')).toHaveCount(0);
  };
  await toggleShortcut(false);
  await pressSlashOnPage(page);
  await expect(box).not.toBeFocused();
  await expect(box).not.toHaveAttribute('aria-keyshortcuts', /./);
  await expect(box).not.toHaveAttribute('title', /press \//);

  await page.reload();
  await expect(page.getByTestId('tokens-screen')).toBeVisible();
  await pressSlashOnPage(page);
  await expect(box).not.toBeFocused();

  await toggleShortcut(true);
  await pressSlashOnPage(page);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('');
});
