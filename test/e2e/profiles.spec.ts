import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProfileList } from '../../main/common/api-contract.ts';
import { bridgeValue } from '../helpers/serve-process.ts';
import { holdRequests } from './held-requests.ts';
import { expect, screenshot, syncedServes, test } from './serve-fixture.ts';

// An upstream on the demo profile and the app under test syncing from it (custom profile); the
// profiles these tests add point at the same upstream, some through a gate that holds its accounts.
const serves = syncedServes('mirrordesk-e2e-profiles-', ['--sync-rate', '0']);

/**
 * A proxy to `target` that holds every accounts request until `open()`: a profile synced through it
 * stays empty for as long as a test needs to see the Accounts list before the crawl brings any.
 */
async function accountsGate(target: string): Promise<{ url: string; open: () => void; close: () => Promise<void> }> {
  let opened = false;
  const held: Array<() => void> = [];
  const server = http.createServer((request, response) => {
    const forward = (): void => {
      const upstream = http.request(new URL(request.url!, target), { method: request.method, headers: { ...request.headers, host: new URL(target).host } }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    };
    if (!opened && request.url!.startsWith('/api/v1/accounts')) held.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    open: () => {
      opened = true;
      for (const forward of held.splice(0)) forward();
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

test('the Accounts list fills in as a newly opened synced profile brings its accounts, without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const gate = await accountsGate(serves.upstream.instance.mirrorUrl);
  try {
    await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
    await expect(page.getByTestId('loaded-count')).not.toHaveAttribute('data-count', '0');
    // A reload would drop this mark.
    await page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });

    await page.getByTestId('profile-switcher').click();
    await page.getByTestId('profile-add').click();
    const form = page.getByTestId('profile-form');
    await form.getByLabel('Name').fill('gated');
    await form.getByLabel('Mirror node REST URL').fill(gate.url);
    await form.getByTestId('profile-save').click();
    await page.getByTestId('profile-gated').click();
    await expect(page.getByTestId('profile-switcher')).toContainText('gated', { timeout: 30_000 });
    // Open and ready at once, with nothing stored yet: the list is empty.
    await expect(page.getByTestId('empty')).toBeVisible();
    await screenshot(page, 'profiles-01-synced-empty');

    gate.open();
    await expect(page.getByTestId('loaded-count')).toHaveAttribute('data-count', '100', { timeout: 30_000 });
    await expect(page.getByTestId('accounts-sync-coverage')).toHaveText(/^All [\d,]+ accounts of gated synced$/, { timeout: 60_000 });
    await expect(page.getByTestId('loaded-count')).toHaveAttribute('data-count', '100');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await screenshot(page, 'profiles-02-synced-filled');
  } finally {
    await gate.close();
  }
});

test("a token's Holders tab fills in as the crawl of a newly opened synced profile brings the accounts holding it, without a reload", async ({ page }) => {
  test.setTimeout(120_000);
  // A token the upstream's accounts hold: the synced store learns of its holders from the accounts' crawl.
  const upstream = serves.upstream.instance.mirrorUrl;
  const { tokens } = (await (await fetch(`${upstream}/api/v1/tokens?type=FUNGIBLE_COMMON&limit=25`)).json()) as { tokens: Array<{ token_id: string }> };
  let token: string | undefined;
  for (const { token_id: id } of tokens) {
    const { balances } = (await (await fetch(`${upstream}/api/v1/tokens/${id}/balances?limit=25`)).json()) as { balances: unknown[] };
    if (balances.length > 0) { token = id; break; }
  }
  expect(token, 'a demo token with holders').toBeDefined();
  const gate = await accountsGate(upstream);
  try {
    await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
    await expect(page.getByTestId('loaded-count')).not.toHaveAttribute('data-count', '0');
    await page.getByTestId('profile-switcher').click();
    await page.getByTestId('profile-add').click();
    const form = page.getByTestId('profile-form');
    await form.getByLabel('Name').fill('gated-holders');
    await form.getByLabel('Mirror node REST URL').fill(gate.url);
    await form.getByTestId('profile-save').click();
    await page.getByTestId('profile-gated-holders').click();
    await expect(page.getByTestId('profile-switcher')).toContainText('gated-holders', { timeout: 30_000 });
    // The token itself is read through from the upstream; who holds it, nobody yet: no account is stored.
    await page.evaluate((id) => { location.hash = `#/token?id=${id}&tab=holders`; }, token!);
    const holders = page.getByTestId('token-holders');
    await expect(holders.getByTestId('empty')).toHaveText('No account holds this token', { timeout: 30_000 });
    await page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });
    await screenshot(page, 'profiles-05-synced-holders-empty');

    gate.open();
    await expect(holders.getByTestId('holder-row').first()).toBeVisible({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await screenshot(page, 'profiles-06-synced-holders-filled');
  } finally {
    await gate.close();
  }
});

test('a mirror URL with /api/v1 on it stops the form, which offers the base URL instead', async ({ page }) => {
  const base = serves.upstream.instance.mirrorUrl;
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await page.getByTestId('profile-switcher').click();
  await page.getByTestId('profile-add').click();
  const form = page.getByTestId('profile-form');
  await form.getByLabel('Name').fill('with-api-path');
  await form.getByLabel('Mirror node REST URL').fill(`${base}/api/v1`);
  await form.getByTestId('profile-save').click();
  // Not saved: the answer stays on screen with its hint, Save asks to be pressed again, and the fix is offered.
  await expect(form.getByTestId('profile-check-result')).toContainText("Give the mirror node's base URL, without /api/v1");
  await expect(form.getByTestId('profile-save')).toHaveText('Save anyway');
  await expect(page.getByTestId('profile-with-api-path')).toHaveCount(0);
  await screenshot(page, 'profiles-03-api-path');
  await form.getByRole('button', { name: `Use ${base} instead` }).click();
  await expect(form.getByLabel('Mirror node REST URL')).toHaveValue(base);
  await expect(form.getByTestId('profile-check-result')).toHaveAttribute('data-ok', 'true');
  await expect(form.getByTestId('profile-save')).toHaveText('Save');
  await form.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-with-api-path')).toContainText(new URL(base).host);
  await expect(form).toHaveCount(0);
});

test('the form says plainly what to type, once, and drops what it said of an earlier try', async ({ page }) => {
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await page.getByTestId('profile-switcher').click();
  await page.getByTestId('profile-add').click();
  const form = page.getByTestId('profile-form');
  const problems = form.getByRole('alert').getByRole('listitem');
  await form.getByLabel('Name').fill('no-scheme');
  for (const typed of ['127.0.0.1:48921', 'localhost:48921']) {
    await form.getByLabel('Mirror node REST URL').fill(typed);
    await form.getByTestId('profile-check').click();
    await expect(problems).toHaveText(["Start the mirror node's address with http:// or https://, e.g. http://127.0.0.1:5551"]);
    await form.getByTestId('profile-save').click();
    await expect(problems).toHaveText(["Start the mirror node's address with http:// or https://, e.g. http://127.0.0.1:5551"]);
    await expect(form).not.toContainText('network/profiles');
    await expect(form.getByTestId('profile-check-result')).toHaveCount(0);
  }
  await screenshot(page, 'profiles-04-no-scheme');

  // A save main refuses (the app's own mirror API as the status page: only main knows its ports)
  // after "Save anyway"; then another URL: its check is what the form says, not the refusal of the one before.
  const uiOrigin = new URL(serves.local.instance.uiUrl).origin;
  await form.getByLabel('Name').fill('own-status');
  await form.getByLabel('Mirror node REST URL').fill(uiOrigin);
  await form.getByLabel('Status page URL').fill(serves.local.instance.mirrorUrl);
  await form.getByTestId('profile-save').click();
  await expect(form.getByTestId('profile-save')).toHaveText('Save anyway');
  await form.getByTestId('profile-save').click();
  await expect(problems).toContainText([/own mirror API, not a network's status page/]);
  await form.getByLabel('Mirror node REST URL').fill(`${serves.upstream.instance.mirrorUrl}/api/v1`);
  await form.getByTestId('profile-save').click();
  await expect(form.getByTestId('profile-save')).toHaveText('Save anyway');
  await expect(form.getByRole('alert')).toHaveCount(0);
});

test('a problem the form showed goes once its field is edited; the others stay until theirs are', async ({ page }) => {
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await page.getByTestId('profile-switcher').click();
  await page.getByTestId('profile-add').click();
  const form = page.getByTestId('profile-form');
  const problems = form.getByRole('alert').getByRole('listitem');
  await form.getByLabel('Name').fill('edited-fields');
  await form.getByLabel('Mirror node REST URL').fill(serves.upstream.instance.mirrorUrl);
  await form.getByLabel('Status page URL').fill('status.example.com');
  await form.getByLabel('EVM chain id').fill('abc');
  await form.getByTestId('profile-save').click();
  const chainIdProblem = 'The chain id must be a whole number, e.g. 298.';
  const statusProblem = "Start the status page's address with http:// or https://, e.g. https://status.hedera.com";
  await expect(problems).toHaveText([statusProblem, chainIdProblem]);
  // Another field typed in (the name) leaves both; the chain id fixed takes its own away at once.
  await form.getByLabel('Name').fill('edited-fields-2');
  await expect(problems).toHaveText([statusProblem, chainIdProblem]);
  await form.getByLabel('EVM chain id').fill('298');
  await expect(problems).toHaveText([statusProblem]);
  await form.getByTestId('profile-check').click();
  await expect(form.getByTestId('profile-check-result')).toHaveAttribute('data-ok', 'true');
  await expect(problems).toHaveText([statusProblem]);
  await form.getByLabel('Status page URL').fill('');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test("the form refuses the app's own mirror API as a profile's mirror node, at Check and at Save", async ({ page }) => {
  const own = new URL(serves.local.instance.mirrorUrl);
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await page.getByTestId('profile-switcher').click();
  await page.getByTestId('profile-add').click();
  const form = page.getByTestId('profile-form');
  const problems = form.getByRole('alert').getByRole('listitem');
  await form.getByLabel('Name').fill('loopback');
  for (const url of [`http://127.0.0.1:${own.port}`, `http://localhost:${own.port}`]) {
    await form.getByLabel('Mirror node REST URL').fill(url);
    await form.getByTestId('profile-check').click();
    const said = `${url} is this app's own mirror API: it serves the open profile's data, not a network, so a profile syncing from it would copy from itself. Give the address of a network's mirror node, e.g. http://127.0.0.1:5551 for a local node.`;
    await expect(problems).toHaveText([said]);
    // Not an answer from the URL: no "a mirror node" line, and no "Save anyway".
    await expect(form.getByTestId('profile-check-result')).toHaveCount(0);
    await form.getByTestId('profile-save').click();
    await expect(problems).toHaveText([said]);
    await expect(form.getByTestId('profile-save')).toHaveText('Save');
    await expect(page.getByTestId('profile-loopback')).toHaveCount(0);
  }
  await screenshot(page, 'profiles-07-own-mirror');
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test('a check that could not be asked (the call failed, not the URL) saves nothing and says so; asked again, the URL is checked as usual', async ({ page }) => {
  // The app's own web page: it answers, but is no mirror node, so it is saved only on "Save anyway".
  const notMirror = new URL(serves.local.instance.uiUrl).origin;
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await page.getByTestId('profile-switcher').click();
  await page.getByTestId('profile-add').click();
  const form = page.getByTestId('profile-form');
  const problems = form.getByRole('alert').getByRole('listitem');
  await form.getByLabel('Name').fill('never-checked');
  await form.getByLabel('Mirror node REST URL').fill(notMirror);
  // The bridge call itself fails, as while the page reloads or main cannot be reached.
  await page.route('**/bridge/call/network/profiles/check', (route) => route.abort());
  await form.getByTestId('profile-save').click();
  await expect(problems).toHaveText([/^The mirror URL was not checked, so nothing was saved \(The Mirrordesk service is not reachable\..*\)\. Press Check or Save to try again\.$/]);
  await expect(form.getByTestId('profile-check-result')).toHaveCount(0);
  await expect(form.getByTestId('profile-save')).toHaveText('Save');
  await expect(page.getByTestId('profile-never-checked')).toHaveCount(0);

  // Asked again with the bridge back: the answer is what the URL is, and Save waits for "Save anyway".
  await page.unroute('**/bridge/call/network/profiles/check');
  await form.getByTestId('profile-save').click();
  await expect(form.getByTestId('profile-check-result')).toHaveAttribute('data-ok', 'false');
  await expect(form.getByTestId('profile-save')).toHaveText('Save anyway');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('profile-never-checked')).toHaveCount(0);
  const saved = await bridgeValue<ProfileList>(serves.local.instance.uiUrl, 'network/profiles');
  expect(saved.profiles.map((profile) => profile.name)).not.toContain('never-checked');
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test('the profile form takes the focus from the keyboard, and gives it to the saved profile', async ({ page }) => {
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await page.getByTestId('profile-switcher').focus();
  await page.keyboard.press('Enter');
  // The menu gives the focus to the open profile's entry (another test may have opened another).
  await expect(page.getByTestId('profile-menu').locator('.choice[aria-current="true"]')).toBeFocused();
  await page.getByTestId('profile-add').focus();
  await page.keyboard.press('Enter');
  const form = page.getByTestId('profile-form');
  await expect(form.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('keyboard');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Mirror node REST URL')).toBeFocused();
  await page.keyboard.type(serves.upstream.instance.mirrorUrl);
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('profile-keyboard')).toBeFocused();
  // Edit from the keyboard lands in the form too; Cancel gives the focus back to that Edit button.
  const edit = page.getByTestId('profile-menu').getByRole('listitem').filter({ has: page.getByTestId('profile-keyboard') }).getByRole('button', { name: 'Edit' });
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(edit).toBeFocused();
  // Cancel on "+ Add custom profile"'s form gives it back to that button.
  await page.getByTestId('profile-add').click();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('profile-add')).toBeFocused();
});

test('Escape in the profile form closes the form alone, the focus back on what opened it; a second closes the menu', async ({ page }) => {
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await page.getByTestId('profile-switcher').click();
  const menu = page.getByTestId('profile-menu');
  const form = page.getByTestId('profile-form');
  await page.getByTestId('profile-add').click();
  await form.getByLabel('Name').fill('escaped');
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(menu).toBeVisible();
  await expect(page.getByTestId('profile-add')).toBeFocused();

  // From an Edit form, back to that Edit button.
  await page.getByTestId('profile-add').click();
  await form.getByLabel('Name').fill('escape-edit');
  await form.getByLabel('Mirror node REST URL').fill(serves.upstream.instance.mirrorUrl);
  await form.getByTestId('profile-save').click();
  await expect(form).toHaveCount(0);
  const edit = page.getByTestId('profile-edit-escape-edit');
  await edit.click();
  await expect(form.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(edit).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(page.getByTestId('profile-switcher')).toBeFocused();
});

test('a name, a URL or a chain id main would refuse is said at once, at its field, before the mirror URL is asked', async ({ page }) => {
  const checks: string[] = [];
  page.on('request', (request) => { if (request.url().endsWith('/bridge/call/network/profiles/check')) checks.push(request.url()); });
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await page.getByTestId('profile-switcher').click();
  await page.getByTestId('profile-add').click();
  const form = page.getByTestId('profile-form');
  const name = form.getByLabel('Name');
  const chainId = form.getByLabel('EVM chain id');
  await name.fill('Local Node');
  await form.getByLabel('Mirror node REST URL').fill(serves.upstream.instance.mirrorUrl);
  await chainId.fill('0');
  await form.getByTestId('profile-save').click();
  const nameProblem = 'The name must start with a lower-case letter and hold only a-z, 0-9 and "-" (at most 32 characters), e.g. local-node.';
  const chainProblem = 'The chain id must be from 1 to 4294967295, e.g. 298.';
  await expect(form.getByRole('alert').getByRole('listitem')).toHaveText([nameProblem, chainProblem]);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(nameProblem);
  await expect(chainId).toHaveAttribute('aria-invalid', 'true');
  await expect(chainId).toHaveAccessibleDescription(chainProblem);
  await expect(form.getByLabel('Mirror node REST URL')).not.toHaveAttribute('aria-invalid', 'true');
  expect(checks, 'mirror URL checks asked').toEqual([]);
  await screenshot(page, 'profiles-08-name-chain-id');

  // Fixed, each field's problem goes with it, and it is no longer marked.
  await name.fill('local-node-x');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert').getByRole('listitem')).toHaveText([chainProblem]);

  // A built-in profile's name, a name too long (kept whole in the field: pasted with a space, it would
  // have been cut unsaid) and a status page URL main would not save are said at once too.
  await chainId.fill('');
  await name.fill('mainnet');
  const statusUrl = form.getByLabel('Status page URL');
  await statusUrl.fill('https://user:secret@status.example.com');
  await form.getByTestId('profile-save').click();
  const reserved = '"mainnet" is a built-in profile name; choose another, e.g. local-node.';
  const credentials = "The status page's address must not carry a user name or password.";
  await expect(form.getByRole('alert').getByRole('listitem')).toHaveText([reserved, credentials]);
  await expect(statusUrl).toHaveAccessibleDescription(credentials);
  await name.fill(` ${'a'.repeat(33)}`);
  await expect(name).toHaveValue(` ${'a'.repeat(33)}`);
  await statusUrl.fill('');
  await form.getByTestId('profile-save').click();
  await expect(form.getByRole('alert').getByRole('listitem')).toHaveText(['The name has 33 characters; it may have at most 32, e.g. local-node.']);
  expect(checks, 'mirror URL checks asked').toEqual([]);
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test('a profile saved though its mirror URL did not answer says so once the form has closed, until the next action', async ({ page }) => {
  // A port nothing listens on: the check finds no answer, and the profile is saved at once.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await page.getByTestId('profile-switcher').click();
  await page.getByTestId('profile-add').click();
  const form = page.getByTestId('profile-form');
  await form.getByLabel('Name').fill('unanswered');
  await form.getByLabel('Mirror node REST URL').fill(url);
  await form.getByTestId('profile-save').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('profile-unanswered')).toBeFocused();
  const note = page.getByTestId('profile-saved-note');
  await expect(note).toHaveText(`Saved; ${url} did not answer (ECONNREFUSED).`);
  await expect(note).toHaveAttribute('role', 'status');
  await screenshot(page, 'profiles-09-saved-unanswered');
  await page.getByTestId('profile-add').click();
  await expect(note).toHaveText('');
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test('a list naming a built-in profile and a saved one alike still opens the menu', async ({ page }) => {
  // main lists each name once (profiles.json's entries of a name taken are left out); the menu
  // does not rely on it: one name twice used to leave it at "Loading profiles…" for good.
  await page.route('**/bridge/call/network/profiles', async (route) => {
    const answer = await (await route.fetch()).json() as { ok: true; value: ProfileList };
    const demo = answer.value.profiles.find((profile) => profile.name === 'demo')!;
    answer.value.profiles.push({ ...demo, kind: 'saved', source: 'upstream', mirrorUrl: 'http://127.0.0.1:5551' });
    return route.fulfill({ json: answer });
  });
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await page.getByTestId('profile-switcher').click();
  const menu = page.getByTestId('profile-menu');
  await expect(menu.getByTestId('profile-demo')).toHaveCount(2);
  await expect(menu).not.toContainText('Loading profiles');
  await expect(menu.getByTestId('profile-add')).toBeVisible();
});

test('Check and Save keep the keyboard focus while the mirror URL is asked and after, and ignore a press meanwhile', async ({ page }) => {
  // The app's own UI port answers, but not as a mirror node: Save then asks to be pressed again.
  const ui = new URL(serves.local.instance.uiUrl);
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await page.getByTestId('profile-switcher').click();
  await page.getByTestId('profile-add').click();
  const form = page.getByTestId('profile-form');
  await form.getByLabel('Name').fill('held-check');
  await form.getByLabel('Mirror node REST URL').fill(ui.origin);
  const asked = await holdRequests(page, 'network/profiles/check');

  const check = form.getByTestId('profile-check');
  await check.focus();
  await page.keyboard.press('Enter');
  await expect(form.getByTestId('profile-check-result')).toHaveText('Asking it…');
  await expect(check).toBeFocused();
  await expect(check).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await asked.release();
  await expect(form.getByTestId('profile-check-result')).toHaveAttribute('data-ok', 'false');
  await expect(check).toBeFocused();
  await expect(check).toHaveAttribute('aria-disabled', 'false');
  expect(asked.count, 'checks asked').toBe(1);

  // Save on a URL not checked yet asks it first, then asks to be pressed again: the focus stays on it throughout.
  await form.getByLabel('Mirror node REST URL').fill(`http://localhost:${ui.port}`);
  const save = form.getByTestId('profile-save');
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(form.getByTestId('profile-check-result')).toHaveText('Asking it…');
  await expect(save).toBeFocused();
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await asked.release();
  await expect(save).toHaveText('Save anyway');
  await expect(save).toBeFocused();
  await expect(save).toHaveAttribute('aria-disabled', 'false');
  expect(asked.count, 'checks asked').toBe(2);
  await expect(page.getByTestId('profile-held-check')).toHaveCount(0);
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test('a profile chosen keeps the keyboard focus while it opens and when it cannot; a removed one leaves it on the entry in its place', async ({ page }) => {
  const menu = page.getByTestId('profile-menu');
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await page.getByTestId('profile-switcher').click();
  // Two saved profiles of the same mirror, the first to be removed.
  for (const name of ['removed-first', 'removed-second']) {
    await page.getByTestId('profile-add').click();
    const form = page.getByTestId('profile-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Mirror node REST URL').fill(serves.upstream.instance.mirrorUrl);
    await form.getByTestId('profile-save').click();
    await expect(form).toHaveCount(0);
  }

  const switching = await holdRequests(page, 'network/switch');
  const entry = page.getByTestId('profile-removed-first');
  await entry.focus();
  await page.keyboard.press('Enter');
  await expect(entry).toContainText('switching…');
  await expect(entry).toBeFocused();
  await expect(entry).toHaveAttribute('aria-disabled', 'true');
  await switching.release({ ok: false, error: { code: 'unavailable', message: 'Could not open removed-first', details: [] } });
  await expect(menu.getByRole('alert')).toHaveText('Could not open removed-first');
  await expect(entry).toBeFocused();
  await expect(entry).toHaveAttribute('aria-disabled', 'false');

  const entries = menu.locator('.choice');
  const names = await entries.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-testid')));
  const next = names[names.indexOf('profile-removed-first') + 1];
  expect(next, 'the entry after the one removed').toBeDefined();
  page.once('dialog', (dialog) => void dialog.accept());
  await menu.getByRole('listitem').filter({ has: entry }).getByRole('button', { name: 'Remove', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(entry).toHaveCount(0);
  await expect(page.getByTestId(next!)).toBeFocused();
  await expect(menu).toBeVisible();
});
