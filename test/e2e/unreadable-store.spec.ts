import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { axeFindings } from './axe-findings.ts';
import { expect, screenshot, startServe, stopServe, test, waitForReady, type ServeInstance } from './serve-fixture.ts';

/**
 * A data folder whose demo ledger is no database (a copy cut short, a disk fault): the app
 * starts anyway, on a new demo ledger, and says what happened to the old file.
 */
let dataDir: string;
let child: ChildProcess;
let instance: ServeInstance;

// axe runs as an inline script, which the app's CSP forbids.
test.use({ bypassCSP: true });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-e2e-unreadable-'));
  fs.writeFileSync(path.join(dataDir, 'demo.sqlite'), Buffer.alloc(5000, 0x42));
  ({ child, instance } = await startServe(dataDir));
  await waitForReady(instance);
});

test.afterAll(async () => {
  if (child) await stopServe(child, dataDir);
});

test('the app says the unreadable ledger was moved aside and shows the new one; the notice can be closed', async ({ page }) => {
  await page.goto(instance.uiUrl);
  const notice = page.getByTestId('profile-notice');
  await expect(notice).toContainText(/^The stored ledger could not be read \(file is not a database\); it was moved to .*demo\.sqlite\.unreadable-.* and the demo ledger is generated again\./);
  await expect(page.getByTestId('accounts-table').locator('[role="row"][data-account]').first()).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await screenshot(page, '70-unreadable-store-notice');
  await notice.getByRole('button', { name: 'Dismiss this notice' }).click();
  await expect(notice).toHaveCount(0);
  expect(fs.readdirSync(dataDir).some((name) => name.startsWith('demo.sqlite.unreadable-'))).toBe(true);
});
