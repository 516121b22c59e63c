import fs from 'node:fs';
import path from 'node:path';
import { axeFindings } from './axe-findings.ts';
import { expect, ownServe, screenshot, test } from './serve-fixture.ts';

/**
 * A data folder whose saved profiles file is cut short (a write that did not finish): the network
 * menu still opens, says where the file went, and takes new profiles.
 */
const serve = ownServe('mirrordesk-e2e-unreadable-profiles-', (dataDir) => fs.writeFileSync(path.join(dataDir, 'profiles.json'), '{"profiles": [ {"name": "x", '));

// axe runs as an inline script, which the app's CSP forbids.
test.use({ bypassCSP: true });

test('the network menu says the unreadable profiles file was moved aside, lists the built-in profiles and saves a new one', async ({ page }) => {
  await page.goto(serve.instance.uiUrl);
  await page.getByTestId('profile-switcher').click();
  const menu = page.getByTestId('profile-menu');
  const notice = menu.getByTestId('profiles-notice');
  await expect(notice).toHaveText(/^Your saved network profiles could not be read \(Expected double-quoted property name in JSON at position \d+.*\)\. The file was moved to .*profiles\.json\.unreadable-[\dTZ-]+ and the list starts empty: add the profiles again, or copy them from that file\.$/);
  await expect(menu.getByTestId('profile-demo')).toBeVisible();
  await expect(menu.getByTestId('profile-mainnet')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await screenshot(page, '71-unreadable-profiles-notice');

  await menu.getByTestId('profile-add').click();
  const form = page.getByTestId('profile-form');
  await form.getByLabel('Name').fill('mine');
  // Nothing answers there: a profile whose mirror cannot be reached is saved at once.
  await form.getByLabel('Mirror node REST URL').fill('http://127.0.0.1:9');
  await form.getByTestId('profile-save').click();
  await expect(menu.getByTestId('profile-mine')).toBeVisible();
  const files = fs.readdirSync(serve.dataDir).filter((name) => name.startsWith('profiles.json')).sort();
  expect(files).toEqual([expect.stringMatching(/^profiles\.json$/), expect.stringMatching(/^profiles\.json\.unreadable-/)]);
});
