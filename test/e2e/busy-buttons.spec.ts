import { expect, test } from './serve-fixture.ts';

/**
 * A busy button is `aria-disabled="true"`, not `disabled`: it keeps the focus it was pressed with
 * (a disabled one drops it to the page's start). One guard in the renderer (main.ts) makes a press
 * of it do nothing, by pointer, Enter or Space, and Enter in its form's field (which presses the
 * form's submit button); handlers do not check it themselves. The guard is tried on buttons put in
 * the page here, with listeners of each kind a screen uses; the screens' own busy buttons are
 * tried in their specs (ErrorNote's Retry in explorer, Check and Save in profiles, Apply and
 * Compact in sync-keyboard, Download, Import, Call and Simulate in verify, Check now and Save in status).
 */

test('a press of an aria-disabled button does nothing, and the button keeps the focus', async ({ page, openApp }) => {
  await openApp('#/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await page.evaluate(() => {
    const counts = { clicks: 0, submits: 0, delegated: 0 };
    (window as unknown as { counts: typeof counts }).counts = counts;
    const form = document.createElement('form');
    form.innerHTML = '<input name="q" aria-label="Field"><button type="button" aria-disabled="true" data-testid="busy"><span>Busy</span></button>'
      + '<button type="submit" aria-disabled="true" data-testid="busy-submit">Save</button>';
    form.addEventListener('submit', (event) => { event.preventDefault(); counts.submits++; });
    for (const button of form.querySelectorAll('button')) button.addEventListener('click', () => { counts.clicks++; });
    // As Svelte's delegated handlers listen: on an ancestor, in the bubble phase.
    document.body.addEventListener('click', (event) => { if ((event.target as Element).closest('form button')) counts.delegated++; });
    document.body.append(form);
  });
  const counts = (): Promise<{ clicks: number; submits: number; delegated: number }> => page.evaluate(() => (window as unknown as { counts: { clicks: number; submits: number; delegated: number } }).counts);

  const busy = page.getByTestId('busy');
  // Forced: Playwright waits for an aria-disabled control to be enabled; a user's pointer does not.
  await busy.click({ force: true });
  await busy.locator('span').click({ force: true });
  await busy.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(busy).toBeFocused();
  await page.getByTestId('busy-submit').click({ force: true });
  await page.getByLabel('Field').fill('x');
  await page.getByLabel('Field').press('Enter');
  expect(await counts()).toEqual({ clicks: 0, submits: 0, delegated: 0 });

  // The same buttons once no longer busy: each press arrives (what was ignored above was ignored by the guard).
  await page.evaluate(() => { for (const button of document.querySelectorAll('form button[aria-disabled]')) button.setAttribute('aria-disabled', 'false'); });
  await busy.click();
  await busy.focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Field').press('Enter');
  expect(await counts()).toEqual({ clicks: 3, submits: 1, delegated: 3 });
});
