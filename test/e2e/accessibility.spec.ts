import type { Page } from '@playwright/test';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { nanosToTimestamp, timestampToNanos } from '../../renderer/src/lib/ledger-format.ts';
import { axeFindings } from './axe-findings.ts';
import { expect, mirrorJson as mirror, syncedServes, test, type ServeInstance } from './serve-fixture.ts';

/**
 * Every screen, in the light and the dark theme, 1400 px wide and again 820 px wide where its
 * layout changes there, checked by axe-core (Deque's accessibility rules engine, WCAG 2.x A and
 * AA plus its best practices): contrast, names of controls, roles and what they may contain, the
 * heading outline, keyboard reach of scrolling boxes.
 * The rules are axe's, not ours; a screen passes when axe finds nothing.
 *
 * The app's Content Security Policy allows no inline script, and axe runs as one, so this
 * file's pages bypass the CSP; nothing here depends on it.
 */
test.use({ bypassCSP: true });

/** Waits until the screen has its content: the given element is shown and nothing in the page is still loading. */
async function settled(page: Page, testId: string): Promise<void> {
  await expect(page.getByTestId(testId).first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"], main .spinner')).toHaveCount(0);
}

interface Ids { account: string; airdropSender: string; topic: string; fungible: string; collection: string; contract: string; contractResult: string; transaction: string; schedule: string; hookOwner: string; hook: string; hookAt: string }

async function demoIds(serve: ServeInstance): Promise<Ids> {
  const first = async <T>(path: string, key: string): Promise<T> => {
    const body = await mirror<Record<string, T[]>>(serve, path);
    const item = body[key]?.[0];
    if (!item) throw new Error(`the demo ledger has nothing at ${path}`);
    return item;
  };
  const message = await first<{ entity_id: string }>('/api/v1/transactions?transactiontype=consensussubmitmessage&limit=1', 'transactions');
  const transfer = await first<{ transaction_id: string; transfers: Array<{ account: string }> }>('/api/v1/transactions?transactiontype=cryptotransfer&limit=1', 'transactions');
  const airdrop = await first<{ transaction_id: string }>('/api/v1/transactions?transactiontype=tokenairdrop&limit=1', 'transactions');
  const hookStore = await first<{ entity_id: string; consensus_timestamp: string }>('/api/v1/transactions?transactiontype=hookstore&result=success&limit=1', 'transactions');
  return {
    account: transfer.transfers.at(-1)!.account,
    airdropSender: airdrop.transaction_id.split('-')[0]!,
    topic: message.entity_id,
    fungible: (await first<{ token_id: string }>('/api/v1/tokens?type=FUNGIBLE_COMMON&limit=1', 'tokens')).token_id,
    collection: (await first<{ token_id: string }>('/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=1', 'tokens')).token_id,
    contract: (await first<{ contract_id: string }>('/api/v1/contracts?limit=1', 'contracts')).contract_id,
    contractResult: (await first<{ hash: string }>('/api/v1/contracts/results?limit=1', 'results')).hash,
    transaction: transfer.transaction_id,
    schedule: (await first<{ schedule_id: string }>('/api/v1/schedules?limit=1', 'schedules')).schedule_id,
    hookOwner: hookStore.entity_id,
    hook: String((await first<{ hook_id: number }>(`/api/v1/accounts/${hookStore.entity_id}/hooks?limit=1`, 'hooks')).hook_id),
    hookAt: hookStore.consensus_timestamp,
  };
}

/** An account's Hooks tab with one hook's storage open, as of a moment. */
function hookStorage(ids: Ids): { route: string; ready: string } {
  return { route: `account?id=${ids.hookOwner}&tab=hooks&hook=${ids.hook}&at=${ids.hookAt}`, ready: 'hook-storage' };
}

/** Each screen by its route, and what shows that it has loaded. */
function screens(ids: Ids): Array<{ route: string; ready: string }> {
  return [
    { route: '', ready: 'accounts-table' },
    ...['tokens', 'nfts', 'allowances', 'rewards', 'transactions'].map((tab) => ({ route: `account?id=${ids.account}&tab=${tab}`, ready: 'account-detail' })),
    { route: `account?id=${ids.airdropSender}&tab=airdrops`, ready: 'airdrops-outstanding' },
    hookStorage(ids),
    { route: 'account?id=0.0.2&tab=hooks', ready: 'account-hooks' },
    { route: 'transactions', ready: 'transaction-row' },
    { route: 'blocks', ready: 'block-row' },
    { route: `transaction?id=${ids.transaction}`, ready: 'transaction-screen' },
    { route: 'tokens', ready: 'token-row' },
    { route: `token?id=${ids.fungible}`, ready: 'token-info' },
    { route: `token?id=${ids.collection}`, ready: 'token-info' },
    { route: 'contracts', ready: 'contracts-list' },
    { route: `contract?id=${ids.contract}`, ready: 'contract-info' },
    { route: `contract-result?id=${ids.contractResult}`, ready: 'contract-result-screen' },
    { route: `topic?id=${ids.topic}`, ready: 'message-row' },
    { route: `schedule?id=${ids.schedule}`, ready: 'schedule-id' },
    { route: 'schedules', ready: 'schedule-row' },
    { route: 'network', ready: 'node-row' },
    { route: 'network?node=0', ready: 'node-card' },
    { route: 'verify', ready: 'suggestions' },
    { route: 'status', ready: 'status-overall' },
    { route: 'sync', ready: 'sync-panel' },
    { route: 'account?id=0.0.987654321', ready: 'not-found' },
    { route: 'transaction?id=0.0.2-1700000000-000000001', ready: 'not-found' },
    { route: 'token?id=not-an-id', ready: 'load-error' },
    { route: 'topic', ready: 'topic-screen' },
    { route: 'entity?id=0.0.987654321', ready: 'entity-screen' },
  ];
}

/**
 * The screens checked again in an 820 px window (near the main window's 800 px minimum,
 * main/desktop/window.ts): those whose layout there differs from 1400 px in what it shows, folds or
 * scrolls sideways, not every screen, which would cost about 16 s a theme where these take about 7.
 * On every screen, the top bar gives up its name, its mirror URL and the network's state (checked
 * here, with its menu and the search box's answers, in `accountsAndTopBar`). The Accounts table
 * drops columns, more of them beside the side panel; an account's page narrows its details and
 * folds its tabs into two rows, and the tabs with rules for a narrow box (tokens, airdrops,
 * transactions) drop or fold columns; the transactions list folds the type and result under the
 * id; Schedules drops columns; the Network nodes table scrolls sideways (axeFindings checks it
 * scrolled on); Status and Verify stack their columns. The other screens, and the states reached
 * from them (contract results, balances), lay out the same content in fewer grid columns, which
 * changes nothing axe checks.
 */
function narrowScreens(ids: Ids): Array<{ route: string; ready: string }> {
  return [
    { route: '', ready: 'accounts-table' },
    ...['tokens', 'transactions'].map((tab) => ({ route: `account?id=${ids.account}&tab=${tab}`, ready: 'account-detail' })),
    { route: `account?id=${ids.airdropSender}&tab=airdrops`, ready: 'airdrops-outstanding' },
    hookStorage(ids),
    { route: 'transactions', ready: 'transaction-row' },
    { route: 'schedules', ready: 'schedule-row' },
    { route: 'network?node=0', ready: 'node-card' },
    { route: 'verify', ready: 'suggestions' },
    { route: 'status', ready: 'status-overall' },
  ];
}

const NARROW = { width: 820, height: 800 };
/** Where the top bar drops the URL text but keeps "Copy API URL" (1024 to 1399 px). */
const MIDDLE = { width: 1200, height: 800 };

/** States reached by a click: the Accounts screen's side panel, the profile menu and its form, the search box's answers. */
async function accountsAndTopBar(page: Page, openApp: (hash?: string) => Promise<void>, ids: Ids, check: (state: string) => Promise<void>): Promise<void> {
  await openApp('#/');
  await settled(page, 'accounts-table');
  await page.getByTestId('accounts-table').locator('[role="row"][data-account]').first().click();
  await settled(page, 'account-detail');
  await check('accounts with a panel');
  await page.getByTestId('profile-switcher').click();
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await check('profile menu');
  // Its form, with a URL checked (nothing listens on port 9: the answer comes at once).
  await page.getByTestId('profile-add').click();
  await page.getByTestId('profile-form').getByLabel('Mirror node REST URL').fill('http://127.0.0.1:9');
  await page.getByTestId('profile-check').click();
  await expect(page.getByTestId('profile-check-result')).toHaveAttribute('data-ok', 'false');
  await check('profile form');
  await page.keyboard.press('Escape');

  // The search box's offer of both things a number may be, and what it says when it finds nothing.
  const searchBox = page.getByTestId('search-input');
  await searchBox.fill(ids.account.split('.')[2]!);
  await searchBox.press('Enter');
  await expect(page.getByTestId('search-choice').getByRole('link')).toHaveCount(2);
  await check('search choice');
  await searchBox.fill('0.0.987654321');
  await searchBox.press('Enter');
  await expect(page.getByTestId('search-message')).toBeVisible();
  await check('search message');
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every screen passes axe-core in the ${colorScheme} theme at 1400 px, and at 820 px where its layout changes`, async ({ page, openApp, serve }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme });
    const ids = await demoIds(serve);
    const findings: string[] = [];
    let width = page.viewportSize()!.width;
    const check = async (state: string): Promise<void> => {
      findings.push(...(await axeFindings(page, { scrolledSideways: true })).map((line) => `${width} px, ${state}: ${line}`));
    };
    for (const { route, ready } of screens(ids)) {
      await openApp(`#/${route}`);
      await settled(page, ready);
      await check(`#/${route}`);
    }
    await accountsAndTopBar(page, openApp, ids, check);

    // A contract's results whose codes could not be read: each row says so, with a Retry.
    await page.route('**/bridge/call/mirror/get', (route) => /\/contracts\/[^/]+\/results\/\d+\.\d+$/.test((route.request().postDataJSON() as { path: string }).path)
      ? route.fulfill({ json: { ok: false, error: { code: 'unavailable', message: 'The upstream mirror node did not answer in time', details: [] } } })
      : route.continue());
    await openApp(`#/contract?id=${ids.contract}`);
    await settled(page, 'contract-info');
    if ((await page.getByTestId('contract-result-row').count()) > 0) {
      await expect(page.getByTestId('result-code-failed').first()).toBeVisible();
      await check('contract results not read');
    }
    await page.unroute('**/bridge/call/mirror/get');

    // The balances a transaction changed, and an account's balance at a moment, worked out.
    await openApp(`#/transaction?id=${ids.transaction}`);
    await settled(page, 'transaction-screen');
    await page.getByTestId('balances-around').getByText('Balances before and after').click();
    await expect(page.getByTestId('balance-before').first()).toBeVisible();
    await settled(page, 'balances-around');
    await check('balances before and after');
    await openApp(`#/account?id=${ids.account}`);
    await settled(page, 'account-detail');
    const atMoment = page.getByTestId('balance-at-moment');
    await atMoment.getByText('At another moment').click();
    await atMoment.getByLabel('Moment, UTC').fill('2026-10-01T12:00:00');
    await atMoment.getByRole('button', { name: 'Show' }).click();
    await expect(atMoment.getByTestId('balance-at-answer')).not.toContainText('Working out');
    await check('balance at a moment');
    // A hook's storage asked as of a time the ledger cannot have: the field says why.
    await openApp(`#/${hookStorage(ids).route}`);
    await settled(page, 'hook-storage');
    await page.getByTestId('as-of-input').fill('1969-07-20T20:17:40');
    await page.getByTestId('hook-storage-view').getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByTestId('as-of-problem')).toBeVisible();
    await check('hook storage as of a bad time');

    // The same page and server, 820 px wide: the screens and states whose layout differs there.
    await page.setViewportSize(NARROW);
    width = NARROW.width;
    for (const { route, ready } of narrowScreens(ids)) {
      await openApp(`#/${route}`);
      await settled(page, ready);
      await check(`#/${route}`);
    }
    await accountsAndTopBar(page, openApp, ids, check);

    // Between the two, the top bar has a layout of its own (its Copy button says "Copy API URL").
    await page.setViewportSize(MIDDLE);
    width = MIDDLE.width;
    await openApp('#/');
    await settled(page, 'accounts-table');
    await check('top bar');

    expect(findings).toEqual([]);
  });
}

test('the keyboard reaches the screen first and moves along tabs with the arrow keys', async ({ page, openApp, serve }) => {
  const ids = await demoIds(serve);
  await openApp(`#/account?id=${ids.account}`);
  await settled(page, 'account-detail');

  // The first Tab stop skips the top bar: Enter puts the focus on the screen, the next Tab inside it.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);

  // One Tab stop for the whole row of tabs: the selected one.
  const tabs = page.getByRole('tablist', { name: 'Account details' });
  await expect(tabs.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  await tabs.getByRole('tab', { name: 'Tokens' }).focus();
  await page.keyboard.press('ArrowRight');
  const nfts = tabs.getByRole('tab', { name: 'NFTs' });
  await expect(nfts).toBeFocused();
  await expect(nfts).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=nfts/);
  await expect(page.getByRole('tabpanel', { name: 'NFTs' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Transactions' })).toBeFocused();
  await expect(page).toHaveURL(/tab=transactions/);
  await page.keyboard.press('ArrowRight'); // wraps around
  await expect(tabs.getByRole('tab', { name: 'Tokens' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Home');
  await expect(tabs.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Tokens' })).toBeVisible();
  // Two keys in one go, before the address has changed for the first: the second steps from the
  // route the first set, not from the one shown before it.
  await page.evaluate(() => {
    for (const key of ['ArrowLeft', 'Home']) {
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
  });
  await expect(page).toHaveURL(/tab=tokens/);
  await expect(tabs.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true');
  // Tab leaves the row instead of stepping through it.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).not.toBe('tab');
});

test('the profile menu takes the focus, gives it back on Escape and closes on a click elsewhere', async ({ page, openApp }) => {
  await openApp('#/');
  await settled(page, 'accounts-table');
  const toggle = page.getByTestId('profile-switcher');
  const menu = page.getByRole('dialog', { name: 'Network profiles' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.locator('.choice[aria-current="true"]')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(toggle).toBeFocused();

  await toggle.click();
  await expect(menu).toBeVisible();
  await page.getByTestId('accounts-table').click({ position: { x: 5, y: 5 } });
  await expect(menu).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

/**
 * A synced profile, which the screens above (the demo profile) are not: the top bar has its sync
 * chip, and screens say what the sync holds. The chip is checked in each of its states, as wide as
 * the bar gets (its longer words show from 1500 px) and at the usual 1400 px: those states are the
 * status the page is given over the real one, the events that would bring a newer one cut off.
 */
test.describe('a synced profile', () => {
  const serves = syncedServes('mirrordesk-e2e-a11y-sync-', ['--sync-rate', '0']);

  const later = (timestamp: string | null, seconds: number): string => nanosToTimestamp(timestampToNanos(timestamp ?? '1700000000.000000000')! + BigInt(seconds) * 1_000_000_000n)!;
  const failure = (message: string): SyncStatus['lastError'] => ({ message, at: new Date().toISOString(), retryAt: new Date(Date.now() + 600_000).toISOString(), recoveredAt: null });
  const CHIP_STATES: Array<{ name: string; given: (real: SyncStatus) => Partial<SyncStatus> }> = [
    { name: 'crawling the accounts', given: () => ({ state: 'syncing', phase: 'accounts', entitiesSynced: 1200, estimatedTotal: 3000, estimatedSecondsLeft: 80 }) },
    { name: 'crawling the tokens', given: () => ({ state: 'syncing', phase: 'tokens', entitiesSynced: 100, estimatedTotal: null, estimatedSecondsLeft: null }) },
    { name: 'catching up', given: (real) => ({ state: 'syncing', phase: 'transactions', upstreamNewestTimestamp: later(real.lastTransactionTimestamp, 3 * 3600) }) },
    { name: 'offline', given: (real) => ({ state: 'offline', lastError: failure(`connect ECONNREFUSED from ${real.upstream}/api/v1/accounts?limit=100`) }) },
    { name: 'held up', given: (real) => ({ state: 'retrying', phase: 'transactions', lastError: failure(`HTTP 429 Too Many Requests from ${real.upstream}/api/v1/transactions`) }) },
    { name: 'low on disk', given: () => ({ diskFreeBytes: 2 ** 30 }) },
    { name: 'paused', given: () => ({ state: 'paused' }) },
  ];

  /** The words an element shows: its text less what is not displayed (at this width) or is there for screen readers only. */
  const wordsShown = (element: Element): string => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let words = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      if (parent.checkVisibility() && !parent.closest('.visually-hidden')) words += node.textContent;
    }
    return words.replace(/\s+/g, ' ').trim();
  };
  const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  async function giveStatus(page: Page, given: (real: SyncStatus) => Partial<SyncStatus>): Promise<void> {
    await page.unroute('**/bridge/call/sync/status');
    await page.route('**/bridge/call/sync/status', async (route) => {
      const answer = await (await route.fetch()).json() as { ok: true; value: SyncStatus };
      answer.value = { ...answer.value, ...given(answer.value) };
      return route.fulfill({ json: answer });
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`its screens and its sync chip in each state pass axe-core in the ${colorScheme} theme, the chip named first by what it shows`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme });
      const ui = serves.local.instance.uiUrl;
      await page.goto(`${ui}#/sync`);
      await expect(page.getByTestId('sync-panel')).toHaveAttribute('data-state', 'following', { timeout: 90_000 });
      const findings: string[] = [];
      const check = async (state: string): Promise<void> => {
        findings.push(...(await axeFindings(page)).map((line) => `${page.viewportSize()!.width} px, ${state}: ${line}`));
      };

      for (const { route, ready } of [
        { route: 'sync', ready: 'sync-store' },
        { route: '', ready: 'accounts-sync-coverage' },
        { route: 'tokens', ready: 'tokens-sync-scope' },
        { route: 'transactions', ready: 'transactions-sync-scope' },
        { route: 'account?id=0.0.2&tab=transactions', ready: 'account-history' },
      ]) {
        await page.goto(`${ui}#/${route}`);
        await settled(page, ready);
        await check(`#/${route}`);
      }

      await page.route('**/bridge/events**', (route) => route.abort());
      const chip = page.getByTestId('sync-chip');
      for (const width of [1600, 1400]) {
        await page.setViewportSize({ width, height: 860 });
        for (const { name, given } of CHIP_STATES) {
          await giveStatus(page, given);
          await page.goto(`${ui}#/sync`);
          await settled(page, 'sync-store');
          await expect(chip).toBeVisible();
          // WCAG 2.5.3: the name starts with the words the chip shows, so that one who says them reaches it.
          const shown = await chip.evaluate(wordsShown);
          expect(shown, `the chip's words when ${name}`).not.toBe('');
          await expect.soft(chip, `the chip's name when ${name} at ${width} px`).toHaveAccessibleName(new RegExp(`^${literally(shown)}\\s*,? Sync from ${literally(serves.upstream.instance.mirrorUrl)}: `));
          await check(`the sync chip ${name}`);
        }
      }
      expect(findings).toEqual([]);
    });
  }
});
