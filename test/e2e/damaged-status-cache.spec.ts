import fs from 'node:fs';
import path from 'node:path';
import { StatusStore } from '../../main/status/store/status-store.ts';
import { overwriteTablePages } from '../helpers/overwrite-table-pages.ts';
import { axeFindings } from './axe-findings.ts';
import { expect, ownServe, screenshot, test } from './serve-fixture.ts';

/**
 * A demo status file whose record pages a disk fault overwrote: the app starts anyway, moves the
 * file aside, polls the demo feed into a new one, and the Status screen says what happened to the
 * cache apart from the status page's own errors (there are none).
 */
const serve = ownServe('mirrordesk-e2e-damaged-status-', (dataDir) => {
  const file = path.join(dataDir, 'demo.status.sqlite');
  new StatusStore(file).close();
  overwriteTablePages(file, 'status_record');
});

// axe runs as an inline script, which the app's CSP forbids.
test.use({ bypassCSP: true });

test('the Status screen says the status cache was damaged and is rebuilt, naming where the file went, and shows the feed polled again', async ({ page }) => {
  await page.goto(`${serve.instance.uiUrl}#/status`);
  const note = page.getByTestId('status-cache-note');
  await expect(note).toHaveText(/^The status cache was damaged \(database disk image is malformed\) and is rebuilt from the status page: the damaged file was moved to \S+\/demo\.status\.sqlite\.unreadable-[0-9TZ-]+\. Past incidents the page no longer lists, and the list of notifications shown, were lost with it\.$/);
  await expect(note).toHaveAttribute('role', 'alert');
  // The demo feed was polled into the new file; nothing is wrong with the status page itself.
  await expect(page.getByTestId('upcoming-maintenance')).toBeVisible();
  await expect(page.getByTestId('upstream-error')).toHaveCount(0);
  expect(fs.readdirSync(serve.dataDir).some((name) => /^demo\.status\.sqlite\.unreadable-[0-9TZ-]+$/.test(name))).toBe(true);
  expect(await axeFindings(page)).toEqual([]);
  await screenshot(page, '74-damaged-status-cache');
});
