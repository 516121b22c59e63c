import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopProcess } from '../helpers/serve-process.ts';
import { expect, expectTopBarFits, screenshot, startServe, stopServe, test, waitForReady } from './serve-fixture.ts';

// An upstream on the demo profile, and the app under test following it from its first transaction at
// a slow request rate: it is behind for a while, and says so, and by how much, rather than "up to date".
test('following far behind the upstream says so and by how much, not "up to date"', async ({ page }) => {
  test.setTimeout(240_000);
  const upstreamDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-e2e-behind-upstream-'));
  const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-e2e-behind-local-'));
  const upstream = await startServe(upstreamDir);
  let local: Awaited<ReturnType<typeof startServe>> | null = null;
  try {
    await waitForReady(upstream.instance);
    const sync = ['--network', 'custom', '--upstream-mirror', upstream.instance.mirrorUrl];
    local = await startServe(localDir, [...sync, '--sync-rate', '0']);
    await page.goto(`${local.instance.uiUrl}#/sync`);
    await expect(page.getByTestId('sync-panel')).toHaveAttribute('data-state', 'following', { timeout: 120_000 });
    await stopProcess(local.child);

    // Set back to before the upstream's first transaction: its whole history is to follow, a few requests a second.
    const first = await (await fetch(`${upstream.instance.mirrorUrl}/api/v1/transactions?limit=1&order=asc`)).json() as { transactions: Array<{ consensus_timestamp: string }> };
    const [seconds] = first.transactions[0]!.consensus_timestamp.split('.');
    const before = `${Number(seconds) - 1}.000000000`;
    const store = new Database(path.join(localDir, fs.readdirSync(localDir).find((name) => /^custom-.*\.sqlite$/.test(name))!));
    store.prepare(`UPDATE sync_cursor SET mark = ?, since = ?, next_url = NULL WHERE phase = 'transactions'`).run(before, before);
    store.close();
    local = await startServe(localDir, [...sync, '--sync-rate', '3']);

    await page.goto(`${local.instance.uiUrl}#/sync`);
    await expect(page.getByTestId('sync-panel')).toHaveAttribute('data-state', 'syncing', { timeout: 60_000 });
    await expect(page.getByTestId('sync-state')).toHaveText('syncing · transactions');
    await expect(page.getByTestId('sync-chip')).toHaveAttribute('data-state', 'syncing');
    // The chip says by how much too (its widest figure: the demo's history is months long), and still fits.
    await expect(page.getByTestId('sync-chip-label')).toHaveText(/^\s*(catching up\s+)?[\d.,]+ (s|min|h|d) behind\s*$/);
    await expectTopBarFits(page, { width: 1400, height: 860 });
    await expect(page.getByTestId('sync-behind')).toContainText(/Catching up: [\d.]+ (s|min|h|days) of ledger time behind the upstream's newest transaction/);
    await expect(page.locator('[data-testid="sync-phases"] tr[data-phase="transactions"]')).toContainText('in progress');
    await screenshot(page, 'sync-07-following-behind');
  } finally {
    if (local) await stopServe(local.child, localDir);
    await stopServe(upstream.child, upstreamDir);
  }
});
