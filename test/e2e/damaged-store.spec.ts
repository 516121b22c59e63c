import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { overwriteTablePages } from '../helpers/overwrite-table-pages.ts';
import { stopProcess } from '../helpers/serve-process.ts';
import { axeFindings } from './axe-findings.ts';
import { expect, screenshot, startServe, stopServe, test, waitForReady, type ServeInstance } from './serve-fixture.ts';

/**
 * A demo ledger whose schedule pages a disk fault overwrote: the store opens as ready, and the
 * damage shows once a screen reads those pages. The app then says so, in full, with what to do.
 */
let dataDir = '';
let running: { child: import('node:child_process').ChildProcess; instance: ServeInstance } | null = null;

// axe runs as an inline script, which the app's CSP forbids.
test.use({ bypassCSP: true });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-e2e-damaged-'));
  const first = await startServe(dataDir);
  await waitForReady(first.instance);
  await stopProcess(first.child);
  overwriteTablePages(path.join(dataDir, 'demo.sqlite'), 'schedule');
  running = await startServe(dataDir);
  await waitForReady(running.instance);
});

test.afterAll(async () => {
  if (running) await stopServe(running.child, dataDir);
});

test('a store found damaged is said in full under the top bar, with what to do, at a width where the bar has no room for it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${running!.instance.uiUrl}#/schedules`);
  const error = page.getByTestId('profile-error');
  await expect(error).toHaveText(/^The stored ledger is damaged \(.+\)\. Restart Mirrordesk, or open another network profile and come back to this one: the damaged file is then moved aside and the demo ledger is generated again\.$/);
  await expect(error).toHaveAttribute('role', 'alert');
  // Whole and inside the window: it wraps rather than run off the edge.
  const box = (await error.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  expect(await error.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // The bar says "error", the message in its tooltip; nothing of it is cut off in the bar.
  const state = page.getByTestId('network-state');
  await expect(state).toHaveText('error');
  await expect(state).toHaveAttribute('title', (await error.textContent())!);
  // The error stands until the profile is opened again: it cannot be closed.
  await expect(error.getByRole('button')).toHaveCount(0);
  expect(await axeFindings(page)).toEqual([]);
  await screenshot(page, '72-damaged-store-error');
});
