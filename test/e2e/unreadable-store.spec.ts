import fs from 'node:fs';
import path from 'node:path';
import { axeFindings } from './axe-findings.ts';
import { expect, ownServe, screenshot, test } from './serve-fixture.ts';

/**
 * A data folder whose demo ledger is no database (a copy cut short, a disk fault): the app
 * starts anyway, on a new demo ledger, and says what happened to the old file.
 */
const serve = ownServe('mirrordesk-e2e-unreadable-', (dataDir) => fs.writeFileSync(path.join(dataDir, 'demo.sqlite'), Buffer.alloc(5000, 0x42)));

// axe runs as an inline script, which the app's CSP forbids.
test.use({ bypassCSP: true });

test('the app says the unreadable ledger was moved aside and shows the new one; the notice can be closed', async ({ page }) => {
  await page.goto(serve.instance.uiUrl);
  const notice = page.getByTestId('profile-notice');
  await expect(notice).toContainText(/^The stored ledger could not be read \(file is not a database\); it was moved to .*demo\.sqlite\.unreadable-.* and the demo ledger is generated again\./);
  await expect(page.getByTestId('accounts-table').locator('[role="row"][data-account]').first()).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await screenshot(page, '70-unreadable-store-notice');
  await notice.getByRole('button', { name: 'Dismiss this notice' }).click();
  await expect(notice).toHaveCount(0);
  expect(fs.readdirSync(serve.dataDir).some((name) => name.startsWith('demo.sqlite.unreadable-'))).toBe(true);
});
