import fs from 'node:fs';
import path from 'node:path';
import type { Request } from '@playwright/test';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { expect, expectTopBarFits, screenshot, syncedServes, test } from './serve-fixture.ts';

// Two real `serve` processes: an upstream on the demo profile, and the app under test syncing from it
// as a custom profile, at the polite default-like rate so the progress can be watched.
const serves = syncedServes('mirrordesk-e2e-sync-', ['--sync-rate', '15']);

test('sync panel, accounts coverage, offline upstream and profile switching', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${serves.local.instance.uiUrl}#/sync`);
  const panel = page.getByTestId('sync-panel');
  await expect(panel).toHaveAttribute('data-state', 'syncing');
  await expect(page.getByTestId('sync-chip')).toHaveAttribute('data-state', 'syncing');
  // Progress moves: the accounts phase row counts up while the crawl runs.
  const accountsRow = page.locator('[data-testid="sync-phases"] tr[data-phase="accounts"]');
  await expect(accountsRow).toBeVisible();
  await expect(page.getByTestId('sync-coverage')).toContainText(/accounts synced/);
  await expect(page.getByTestId('sync-rate')).not.toHaveText('0/s');
  await screenshot(page, 'sync-01-progress');
  // The sync chip takes room in the top bar: it still fits, Copy button included, at every window width.
  await expectTopBarFits(page, { width: 1400, height: 860 });

  await page.getByTestId('sync-pause').click();
  await expect(panel).toHaveAttribute('data-state', 'paused');
  const pausedAt = await accountsRow.locator('td').nth(1).textContent();
  await screenshot(page, 'sync-02-paused');
  // Paused means paused: the count stands still (the panel refreshes from the engine's events and a poll).
  await page.waitForTimeout(1_500);
  await expect(accountsRow.locator('td').nth(1)).toHaveText(pausedAt!);
  // The tokens' crawl comes after the accounts' (150 tokens, a request each): paused, their list says how far it is.
  await page.goto(`${serves.local.instance.uiUrl}#/tokens`);
  await expect(page.getByTestId('tokens-sync-scope')).toContainText(/the sync has not reached the tokens yet \(it is at the accounts\)|[\d,]+ tokens synced so far/);
  await screenshot(page, 'sync-02b-tokens-not-yet');
  await page.goto(`${serves.local.instance.uiUrl}#/sync`);
  await page.getByTestId('sync-resume').click();
  await expect(panel).not.toHaveAttribute('data-state', 'paused');

  // Through accounts, tokens and contracts to following the upstream's transactions. The tokens' and
  // contracts' crawls have no estimate: the chip names what it counts, a bare number read as a percentage.
  await expect(page.getByTestId('sync-chip-label')).toHaveText(/^\s*(sync\s+)?[\d,]+ (tokens|contracts)\s*$/, { timeout: 60_000 });
  await expect(panel).toHaveAttribute('data-state', 'following', { timeout: 120_000 });
  await expect(page.getByTestId('sync-state')).toHaveText('up to date');
  await expect(page.getByTestId('sync-followed')).toContainText('when following began');
  // Re-sync asks first, saying what it does: the crawls start over, the followed transactions stay. Declined
  // here, it asks main for nothing (a Re-sync started would still read "following" for a moment).
  const resyncCalls: string[] = [];
  const onRequest = (request: Request): void => {
    if (new URL(request.url()).pathname.endsWith('/bridge/call/sync/resync')) resyncCalls.push(request.url());
  };
  page.on('request', onRequest);
  const question = new Promise<string>((resolve) => page.once('dialog', (dialog) => {
    resolve(dialog.message());
    void dialog.dismiss();
  }));
  await page.getByTestId('sync-resync').click();
  expect(await question).toBe('Read every account, token and contract from the upstream again, starting from the first?'
    + ' The local mirror keeps answering from the store meanwhile, and the store keeps the transactions it has followed:'
    + ' following goes on from the last of them once the accounts, tokens and contracts are read.');
  await expect(panel).toHaveAttribute('data-state', 'following');
  // The click's handler goes on once the question is answered: a call it made would be out by now.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(resyncCalls, 'Re-sync declined sends no sync/resync call').toEqual([]);
  page.off('request', onRequest);
  // And with the chip saying "up to date".
  await expectTopBarFits(page, { width: 1400, height: 860 });
  for (const phase of ['accounts', 'tokens', 'contracts']) {
    await expect(page.locator(`[data-testid="sync-phases"] tr[data-phase="${phase}"]`)).toHaveAttribute('data-complete', 'true');
  }
  // Resumed, the crawl went on from where it stood (the pause may have come after the accounts were through).
  const synced = Number((await accountsRow.locator('td').nth(1).textContent())!.replace(/,/g, ''));
  expect(synced).toBeGreaterThanOrEqual(Number(pausedAt!.replace(/,/g, '')));
  // The header's account count follows the sync without a reload.
  await expect.poll(async () => Number((await page.getByTestId('network-accounts').textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(synced);
  await screenshot(page, 'sync-03-done');

  for (const list of ['tokens', 'contracts']) {
    await page.goto(`${serves.local.instance.uiUrl}#/${list}`);
    await expect(page.getByTestId(`${list}-sync-scope`)).toContainText(`the upstream's ${list}, kept up to date by following its transactions`);
  }
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await expect(page.getByTestId('accounts-sync-coverage')).toHaveText(/^All [\d,]+ accounts of custom synced$/);
  await expect(page.getByTestId('loaded-count')).not.toHaveAttribute('data-count', '0');
  await screenshot(page, 'sync-04-accounts');
  // The upstream's history before the sync began is not copied, and the Transactions screen says so.
  await page.goto(`${serves.local.instance.uiUrl}#/transactions`);
  await expect(page.getByTestId('transactions-sync-scope')).toContainText(`Synced from ${serves.upstream.instance.mirrorUrl}`);
  await screenshot(page, 'sync-04b-transactions-scope');
  await page.goto(`${serves.local.instance.uiUrl}#/account?id=0.0.2&tab=transactions`);
  await expect(page.getByTestId('account-history')).toContainText('Held here: its transactions after');
  // A transaction from before the sync began is read through when opened; the synced store holds
  // no history to work its balances back through, and the card says so rather than guessing.
  const older = await (await fetch(`${serves.upstream.instance.mirrorUrl}/api/v1/transactions?limit=1&transactiontype=CRYPTOTRANSFER&result=success`)).json() as { transactions: Array<{ transaction_id: string }> };
  await page.goto(`${serves.local.instance.uiUrl}#/transaction?id=${older.transactions[0]!.transaction_id}`);
  await page.getByTestId('balances-around').getByText('Balances before and after').click();
  await expect(page.getByTestId('balance-around').first()).toContainText('and none from before');
  await expect(page.getByTestId('balance-around').first().getByTestId('fetch-history-link')).toHaveAttribute('href', /#\/account\?id=0\.0\.\d+&tab=transactions$/);
  await screenshot(page, 'sync-04c-balances-before-following');
  // The network's nodes are the upstream's answer, live: nothing is said of memory.
  await page.goto(`${serves.local.instance.uiUrl}#/network`);
  await expect(page.getByTestId('node-row').first()).toBeVisible();
  const nodes = await page.getByTestId('node-row').count();
  await expect(page.getByTestId('remembered-notice')).toHaveCount(0);
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await expect(page.getByTestId('loaded-count')).not.toHaveAttribute('data-count', '0');

  // The upstream dies: the app says so and keeps serving the synced accounts.
  serves.upstream.child.kill('SIGKILL');
  await expect(page.getByTestId('sync-chip')).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
  await expect(page.getByTestId('accounts-sync-coverage')).toContainText('upstream offline');
  await page.reload();
  await expect(page.getByTestId('loaded-count')).not.toHaveAttribute('data-count', '0');
  await screenshot(page, 'sync-05-offline-accounts');
  await expectTopBarFits(page, { width: 1400, height: 860 });
  await expect(page.getByTestId('remembered-notice')).toHaveCount(0);
  // Offline, the nodes are the answer remembered when they were last shown, and the screen says so;
  // the accounts, which the store holds, do not.
  await page.goto(`${serves.local.instance.uiUrl}#/network`);
  await expect(page.getByTestId('node-row')).toHaveCount(nodes);
  await expect(page.getByTestId('remembered-notice')).toContainText(/part of this screen is its last answer, remembered (just now|\d+ min ago)/);
  await screenshot(page, 'sync-05b-offline-network');
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await expect(page.getByTestId('loaded-count')).not.toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('remembered-notice')).toHaveCount(0);
  await page.getByTestId('sync-chip').click();
  await expect(page.getByTestId('sync-offline')).toBeVisible();
  await expect(page.getByTestId('sync-last-error')).toContainText(/ECONNREFUSED|retrying/);
  await screenshot(page, 'sync-06-offline-panel');

  // Profiles: a custom one is validated and saved; switching to demo happens in place.
  await page.getByTestId('profile-switcher').click();
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await page.getByTestId('profile-add').click();
  const form = page.getByTestId('profile-form');
  await form.getByLabel('Name').fill('Bad name');
  await form.getByLabel('Mirror node REST URL').fill('ftp://nowhere');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toContainText("Start the mirror node's address with http:// or https://");
  // Check asks the typed URL what it is, before anything is saved: a web page (its UI's address),
  // nothing listening; this app's own mirror API is refused before it is asked.
  const checkUrl = async (url: string) => {
    await form.getByLabel('Mirror node REST URL').fill(url);
    await form.getByRole('button', { name: 'Check' }).click();
    return form.getByTestId('profile-check-result');
  };
  // It answers as a mirror node, but a profile syncing from it would copy the open profile into itself.
  await checkUrl(serves.local.instance.mirrorUrl);
  await expect(form.getByRole('alert')).toContainText("is this app's own mirror API");
  await expect(form.getByTestId('profile-check-result')).toHaveCount(0);
  const uiOrigin = new URL(serves.local.instance.uiUrl).origin;
  await expect(await checkUrl(uiOrigin)).toContainText(`${uiOrigin} answers`);
  await expect(form.getByTestId('profile-check-result')).toHaveAttribute('data-ok', 'false');
  await expect(await checkUrl('http://127.0.0.1:5551')).toHaveText('No answer from http://127.0.0.1:5551 (ECONNREFUSED)');
  await screenshot(page, 'sync-06b-profile-check');
  // Editing the URL drops the answer about the one before.
  await form.getByLabel('Mirror node REST URL').fill('http://127.0.0.1:5552');
  await expect(form.getByTestId('profile-check-result')).toHaveCount(0);
  await form.getByLabel('Name').fill('local-node');
  await form.getByLabel(/EVM chain id/).fill('298');
  // Save asks a URL not checked yet first: one that answers as a web page is saved only when asked again.
  await form.getByLabel('Mirror node REST URL').fill(uiOrigin);
  await form.getByTestId('profile-save').click();
  await expect(form.getByTestId('profile-check-result')).toContainText(`${uiOrigin} answers`);
  await expect(form.getByTestId('profile-save')).toHaveText('Save anyway');
  await expect(page.getByTestId('profile-local-node')).toHaveCount(0);
  await form.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-local-node')).toContainText(new URL(uiOrigin).host);
  // One that cannot be reached is saved at once: its network may just be down.
  await page.getByTestId('profile-menu').getByRole('listitem').filter({ has: page.getByTestId('profile-local-node') }).getByRole('button', { name: 'Edit' }).click();
  await form.getByLabel('Mirror node REST URL').fill('http://127.0.0.1:5551');
  await expect(form.getByTestId('profile-save')).toHaveText('Save');
  await form.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-local-node')).toContainText('127.0.0.1:5551 · chain 298');
  await screenshot(page, 'sync-07-profiles');
  expect(JSON.parse(fs.readFileSync(path.join(serves.local.dir, 'profiles.json'), 'utf8')).profiles[0]).toMatchObject({ name: 'local-node', chainId: 298 });

  await page.getByTestId('profile-demo').click();
  await expect(page.getByTestId('profile-switcher')).toContainText('demo', { timeout: 60_000 });
  await expect(page.getByTestId('sync-chip')).toHaveCount(0);
  // The demo has a status page: its dot appears next to Status.
  await expect(page.getByTestId('status-nav-dot')).toHaveCount(1);
  await page.goto(`${serves.local.instance.uiUrl}#/sync`);
  await expect(page.getByTestId('sync-panel')).toHaveAttribute('data-state', 'none');
  await screenshot(page, 'sync-08-demo');

  // Back to the synced profile (ready at once, no generation in between) with a list open: the
  // demo's transactions must give way to the synced store's. The still upstream sent none since following
  // began, and the one read through above is held alone, not listed: the list is empty.
  await page.goto(`${serves.local.instance.uiUrl}#/transactions`);
  await expect(page.getByTestId('transactions-screen').locator('tbody tr').first()).toBeVisible();
  await page.getByTestId('profile-switcher').click();
  await page.getByTestId('profile-custom').click();
  await expect(page.getByTestId('profile-switcher')).toContainText('custom', { timeout: 30_000 });
  await expect(page.getByTestId('transactions-screen').getByTestId('empty')).toBeVisible();
  await expect(page.getByTestId('transactions-screen').locator('tbody tr')).toHaveCount(0);
  // The custom profile has no status page: the demo's status dot must not stay behind.
  await expect(page.getByTestId('status-nav-dot')).toHaveCount(0);
});

test('the wait before the sync retries counts down each second, on the Sync screen and in the chip', async ({ page }) => {
  // The status says a retry is due 30 s after the error; the page's clock is the test's, and no
  // event stream brings a newer status meanwhile.
  const said = Date.parse('2026-11-27T01:00:00.000Z');
  const upstream = serves.upstream.instance.mirrorUrl;
  await page.route('**/bridge/events**', (route) => route.abort());
  await page.route('**/bridge/call/sync/status', async (route) => {
    const answer = await (await route.fetch()).json() as { ok: true; value: SyncStatus };
    answer.value = {
      ...answer.value, upstream, state: 'offline',
      lastError: { message: `connect ECONNREFUSED from ${upstream}/api/v1/accounts?limit=100`, at: new Date(said).toISOString(), retryAt: new Date(said + 30_000).toISOString(), recoveredAt: null },
    };
    return route.fulfill({ json: answer });
  });
  await page.clock.install({ time: said });
  await page.goto(`${serves.local.instance.uiUrl}#/sync`);
  const message = page.getByTestId('sync-last-error-message');
  await expect(message).toContainText('retrying in');
  await page.clock.pauseAt(said + 10_000);
  await expect(message).toHaveText(`connect ECONNREFUSED from ${upstream}/api/v1/accounts?limit=100; retrying in 20 s`);
  await expect(page.getByTestId('sync-chip').locator('[title]')).toHaveAttribute('title', /; retrying in 20 s\)/);
  await screenshot(page, 'sync-06c-retry-countdown');
  await page.clock.runFor(1000);
  await expect(message).toHaveText(/; retrying in 19 s$/);
  await expect(page.getByTestId('sync-chip').locator('[title]')).toHaveAttribute('title', /; retrying in 19 s\)/);
  await page.clock.runFor(5000);
  await expect(message).toHaveText(/; retrying in 14 s$/);
  // Once due, it says the retry is under way, not a wait that has passed.
  await page.clock.runFor(14_000);
  await expect(message).toHaveText(/; retrying now$/);
  await expect(page.getByTestId('sync-chip').locator('[title]')).toHaveAttribute('title', /; retrying now\)/);
});

test('a sync held up by the upstream says so in the chip and on the Sync screen, with the wait it asked for', async ({ page }) => {
  const said = Date.parse('2026-11-27T01:00:00.000Z');
  const upstream = serves.upstream.instance.mirrorUrl;
  const message = `the upstream asked to wait until 01:10:00 (Retry-After): HTTP 429 Too Many Requests from ${upstream}/api/v1/transactions?limit=100&order=asc`;
  await page.route('**/bridge/events**', (route) => route.abort());
  await page.route('**/bridge/call/sync/status', async (route) => {
    const answer = await (await route.fetch()).json() as { ok: true; value: SyncStatus };
    answer.value = {
      ...answer.value, upstream, state: 'retrying', phase: 'transactions', estimatedSecondsLeft: null,
      lastError: { message, at: new Date(said).toISOString(), retryAt: new Date(said + 600_000).toISOString(), recoveredAt: null },
    };
    return route.fulfill({ json: answer });
  });
  await page.clock.install({ time: said });
  await page.goto(`${serves.local.instance.uiUrl}#/sync`);
  const chip = page.getByTestId('sync-chip');
  await expect(chip).toHaveAttribute('data-state', 'retrying');
  await expect(chip).toContainText('retrying');
  await expect(chip).not.toContainText('up to date');
  await page.clock.pauseAt(said + 10_000);
  await expect(chip.locator('[title]')).toHaveAttribute('title', `Sync from ${upstream}: retrying (${message}; retrying in 590 s)`);
  await expect(page.getByTestId('sync-panel')).toHaveAttribute('data-state', 'retrying');
  await expect(page.getByTestId('sync-state')).toHaveText('retrying');
  await expect(page.getByTestId('sync-held-up')).toContainText('The sync is held up by the upstream.');
  await expect(page.getByTestId('sync-eta')).toHaveText('—');
  await expect(page.getByTestId('sync-last-error-message')).toHaveText(`${message}; retrying in 590 s`);
  await expectTopBarFits(page, { width: 1600, height: 860 });
  await screenshot(page, 'sync-09-held-up');
});

test('a last error naming a long URL wraps inside the Sync panel rather than running past its edge', async ({ page }) => {
  const said = Date.parse('2026-11-27T01:00:00.000Z');
  const upstream = serves.upstream.instance.mirrorUrl;
  // A URL has no place to break a line at: it used to run on past the panel's right edge.
  const answer = `${upstream}/api/v1/accounts?limit=100&order=asc&account.id=gt:0.0.2906&${'token.id=gt:0.0.1000&'.repeat(12)}balance=true`;
  const message = `the upstream's next link after /api/v1/accounts?limit=100&order=asc&account.id=gt:0.0.2906 leads back to a page at or before it (/api/v1/accounts?limit=100&order=asc&account.id=gt:0.0.100), in the upstream's answer to ${answer}`;
  await page.route('**/bridge/events**', (route) => route.abort());
  await page.route('**/bridge/call/sync/status', async (route) => {
    const reply = await (await route.fetch()).json() as { ok: true; value: SyncStatus };
    reply.value = { ...reply.value, upstream, state: 'error', lastError: { message, at: new Date(said).toISOString(), retryAt: new Date(said + 60_000).toISOString(), recoveredAt: null } };
    return route.fulfill({ json: reply });
  });
  await page.clock.install({ time: said });
  await page.setViewportSize({ width: 1100, height: 860 });
  await page.goto(`${serves.local.instance.uiUrl}#/sync`);
  const shown = page.getByTestId('sync-last-error-message');
  await expect(shown).toContainText(answer);
  const panel = (await page.getByTestId('sync-panel').boundingBox())!;
  const text = (await shown.boundingBox())!;
  expect(text.x + text.width).toBeLessThanOrEqual(panel.x + panel.width);
  // Wrapped, not cut off: the whole message is on several lines within the panel.
  expect(text.height).toBeGreaterThan(30);
  await screenshot(page, 'sync-10-long-last-error');
});

test('at 320 px (a window zoomed to 400 %) the figures, the phases and the state are shown whole, none cut', async ({ page }) => {
  const upstream = serves.upstream.instance.mirrorUrl;
  // Figures as wide as a busy sync makes them: five cards to a row cut "1,200/s" to "1,20".
  await page.route('**/bridge/events**', (route) => route.abort());
  await page.route('**/bridge/call/sync/status', async (route) => {
    const answer = await (await route.fetch()).json() as { ok: true; value: SyncStatus };
    answer.value = {
      ...answer.value, upstream, state: 'retrying', phase: 'accounts', ratePerSecond: 1200, entitiesSynced: 1_234_567, estimatedTotal: 12_345_678,
      estimatedSecondsLeft: 987_654, accountsInStore: 123_456_789, completedPasses: 1234, lastError: null,
      phases: answer.value.phases.map((phase) => ({ ...phase, synced: 123_456_789, passes: 1234, complete: false })),
    };
    return route.fulfill({ json: answer });
  });
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`${serves.local.instance.uiUrl}#/sync`);
  await expect(page.getByTestId('sync-state')).toHaveText('retrying');
  const cut = (selector: string) => page.locator(selector).evaluateAll((elements) => elements
    .filter((element) => element.scrollWidth > element.clientWidth)
    .map((element) => `${element.textContent?.trim()} (${element.scrollWidth} > ${element.clientWidth})`));
  expect(await page.locator('.figures > div').count()).toBe(5);
  expect(await cut('.figures > div'), 'figure cards cut').toEqual([]);
  expect(await cut('[data-testid="sync-phases"] th, [data-testid="sync-phases"] td'), 'phase cells cut').toEqual([]);
  expect(await cut('[data-testid="sync-state"]'), 'state cut').toEqual([]);
  // Nor does any of them run past the panel: the panel itself does not scroll sideways.
  expect(await cut('[data-testid="sync-panel"]'), 'the panel scrolls sideways').toEqual([]);
  await screenshot(page, 'sync-11-320px');
});
