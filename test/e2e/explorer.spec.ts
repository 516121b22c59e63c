import type { Locator, Page } from '@playwright/test';
import { contractIdKeyBytes } from '../../main/mirror/demo/keys.ts';
import { withChecksum } from '../../renderer/src/lib/entity-checksum.ts';
import { scheduleState } from '../../renderer/src/lib/schedule-state.ts';
import { axeFindings } from './axe-findings.ts';
import { expect, expectTopBarFits, mirrorJson as mirror, screenshot, test } from './serve-fixture.ts';
import { goBack } from './history-steps.ts';

/**
 * The ledger explorer against a real `serve` and its demo ledger. Every target is found
 * through the mirror API first (no hard-coded ids), so the tests follow the demo generator.
 */

interface Tx {
  transaction_id: string; transaction_hash: string; consensus_timestamp: string; name: string; result: string; entity_id: string | null; nonce: number; node: string | null;
  transfers: Array<{ account: string; amount: number }>; token_transfers: Array<{ token_id: string; account: string; amount: number }>;
  nft_transfers?: Array<{ token_id: string; sender_account_id: string | null; receiver_account_id: string | null }>;
}
interface Account { account: string; evm_address: string | null; balance: { tokens: Array<{ token_id: string; balance: number }> } | null }

/** `token:amount` per token an account's holdings changed by in each transaction, as the history's Change column lists them. */
function tokenChangesOf(transactions: readonly Tx[], account: string): string[] {
  return transactions.flatMap((tx) => {
    const sums = new Map<string, bigint>();
    const add = (token: string, amount: bigint) => sums.set(token, (sums.get(token) ?? 0n) + amount);
    for (const t of tx.token_transfers ?? []) if (t.account === account) add(t.token_id, BigInt(t.amount));
    for (const n of tx.nft_transfers ?? []) {
      if (n.receiver_account_id === account) add(n.token_id, 1n);
      if (n.sender_account_id === account) add(n.token_id, -1n);
    }
    return [...sums].filter(([, amount]) => amount !== 0n).map(([token, amount]) => `${token}:${amount}`);
  });
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByTestId('search-input');
  await box.fill(text);
  await box.press('Enter');
}

const base64ToHex = (text: string): string => Buffer.from(text, 'base64').toString('hex');

/** Whether the table of the list `testid` (inside `within`, or on the page) is no wider than the list: nothing to scroll sideways. */
const tableFits = (page: Page, testid: string, within = page.locator('body')) => within.getByTestId(testid).evaluate((el) => {
  const table = el.querySelector('table');
  return table !== null && table.getBoundingClientRect().width <= el.getBoundingClientRect().width + 1;
});

interface Hook { hook_id: number; contract_id: string; admin_key: { _type: string; key: string } | null; created_timestamp: string; deleted: boolean }
interface Slot { key: string; value: string; timestamp: string }
const storageOf = async (serve: Parameters<typeof mirror>[0], owner: string, hook: number, query = ''): Promise<Slot[]> =>
  (await mirror<{ storage: Slot[] }>(serve, `/api/v1/accounts/${owner}/hooks/${hook}/storage?limit=25${query}`)).storage;

/**
 * A demo hook whose storage once held a slot it holds no more (a spender's allowance, revoked):
 * found through the mirror API, with the second of the store that wrote it partway through, the
 * time its Written cell shows. As of that second (the whole of it) the slot is there.
 */
async function hookWithRemovedSlot(serve: Parameters<typeof mirror>[0]) {
  const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=HOOKSTORE&result=success&order=asc&limit=100');
  for (const owner of new Set(transactions.map((tx) => tx.entity_id!))) {
    const { hooks } = await mirror<{ hooks: Hook[] }>(serve, `/api/v1/accounts/${owner}/hooks?limit=25`);
    for (const hook of hooks) {
      const live = await storageOf(serve, owner, hook.hook_id);
      for (const tx of transactions.filter((t) => t.entity_id === owner)) {
        const second = Number(tx.consensus_timestamp.split('.')[0]);
        const then = await storageOf(serve, owner, hook.hook_id, `&timestamp=lte:${second}.999999999`);
        const removed = then.find((slot) => !live.some((now) => now.key === slot.key) && slot.timestamp.startsWith(`${second}.`) && slot.timestamp !== `${second}.000000000`);
        if (removed) return { owner, hooks, hook, live, then, second, removed };
      }
    }
  }
  return null;
}

/** A demo account with a hook of an ECDSA_SECP256K1 admin key (the widest hooks table: its type does not break), and its hook with storage. */
async function hookOwnerWithWideKey(serve: Parameters<typeof mirror>[0]) {
  const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=HOOKSTORE&result=success&limit=100');
  for (const owner of new Set(transactions.map((tx) => tx.entity_id!))) {
    const { hooks } = await mirror<{ hooks: Hook[] }>(serve, `/api/v1/accounts/${owner}/hooks?limit=25`);
    if (!hooks.some((hook) => hook.admin_key?._type === 'ECDSA_SECP256K1')) continue;
    for (const hook of hooks) if ((await storageOf(serve, owner, hook.hook_id)).length > 0) return { owner, hook };
  }
  return null;
}

/** Whether every hook's Storage button is whole inside the hooks list (`within` the page or a panel): none cut off, none to scroll to. */
const storageButtonsInView = (within: Locator) => within.getByTestId('account-hooks').evaluate((list) => {
  const right = list.getBoundingClientRect().right;
  return [...list.querySelectorAll('[data-open-hook]')].every((button) => button.getBoundingClientRect().right <= right + 0.5);
});

/** For each storage cell, on how many lines its word, copy button and readings lie, and how many readings it has. */
const storageCellLines = (within: Locator) => within.getByTestId('hook-storage').locator('tbody td').evaluateAll((cells) => cells.map((cell) => {
  const boxes = [...cell.querySelectorAll('[data-testid="storage-word"], button, [data-testid="word-reading"]')].map((el) => el.getBoundingClientRect()).sort((a, b) => a.top - b.top);
  let lines = 0;
  let bottom = -Infinity;
  for (const box of boxes) {
    if (box.top >= bottom - 1) { lines++; bottom = box.bottom; } else bottom = Math.max(bottom, box.bottom);
  }
  return { lines, readings: cell.querySelectorAll('[data-testid="word-reading"]').length };
}));

const grouped = (word: string): string => BigInt(word).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

// What a test needs of the demo ledger is asserted, never a reason to skip: its absence means the
// generator changed, and a skipped test would pass that by unseen.
test.describe('ledger explorer', () => {
  test('search opens an account page whose tabs load what the API holds', async ({ page, openApp, serve }) => {
    const { accounts } = await mirror<{ accounts: Account[] }>(serve, '/api/v1/accounts?account.id=gt:0.0.1000&limit=100');
    const account = accounts.find((a) => a.balance?.tokens.some((t) => t.balance > 0)) ?? accounts[0]!;
    await openApp();
    // By its full id: its number alone is a block's too (a later test).
    await search(page, account.account);
    await expect(page).toHaveURL(new RegExp(`#/account\\?id=${account.account.replaceAll('.', '\\.')}$`));
    const detail = page.getByTestId('account-detail');
    await expect(detail.getByTestId('account-id')).toHaveText(account.account);
    // The demo is a local network (chain 298, ledger id 0x03): its ids carry that network's checksum,
    // which the search box takes back.
    const checksummed = withChecksum(account.account, 298)!;
    await expect(detail.getByTestId('account-checksummed')).toHaveText(checksummed);
    await page.goto(page.url().replace(/#.*$/, '#/accounts'));
    await search(page, checksummed);
    await expect(page).toHaveURL(new RegExp(`#/account\\?id=${account.account.replaceAll('.', '\\.')}$`));
    const tokens = await mirror<{ tokens: unknown[] }>(serve, `/api/v1/accounts/${account.account}/tokens?limit=25`);
    await expect(detail.getByTestId('account-tokens')).toHaveAttribute('data-status', 'ready');
    await expect(detail.getByTestId('account-tokens').locator('a[data-kind="token"]')).toHaveCount(tokens.tokens.length);
    // Names come from the token list, asked for all the tab's tokens at once.
    await expect(detail.getByTestId('token-name')).toHaveCount(tokens.tokens.length);
    await screenshot(page, 'explorer-01-account-page');

    const nfts = await mirror<{ nfts: unknown[] }>(serve, `/api/v1/accounts/${account.account}/nfts?limit=25`);
    await detail.getByRole('tab', { name: 'NFTs' }).click();
    await expect(page).toHaveURL(/tab=nfts/);
    await expect(detail.getByTestId('account-nfts')).toHaveAttribute('data-count', String(nfts.nfts.length));
    await expect(detail.getByTestId('account-nfts')).toHaveAttribute('data-status', 'ready');

    await detail.getByRole('tab', { name: 'Allowances' }).click();
    await expect(detail.getByTestId('crypto-allowances')).toHaveAttribute('data-status', 'ready');
    await expect(detail.getByTestId('token-allowances')).toHaveAttribute('data-status', 'ready');

    const rewards = await mirror<{ rewards: unknown[] }>(serve, `/api/v1/accounts/${account.account}/rewards?limit=25`);
    await detail.getByRole('tab', { name: 'Rewards' }).click();
    await expect(detail.getByTestId('account-rewards')).toHaveAttribute('data-count', String(rewards.rewards.length));

    const txs = await mirror<{ transactions: Tx[] }>(serve, `/api/v1/transactions?account.id=${account.account}&limit=25`);
    await detail.getByRole('tab', { name: 'Transactions' }).click();
    const list = detail.getByTestId('transactions-list');
    await expect(list).toHaveAttribute('data-status', 'ready');
    await expect(list).toHaveAttribute('data-count', String(txs.transactions.length));
    // Each row shows this account's HBAR change: the sum of its transfers in the API's answer.
    const changes = txs.transactions.map((tx) => (tx.transfers ?? []).filter((t) => t.account === account.account).reduce((sum, t) => sum + BigInt(t.amount), 0n).toString());
    await expect(list.getByTestId('hbar-change')).toHaveCount(changes.length);
    expect(await list.getByTestId('hbar-change').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-amount')))).toEqual(changes);
    // And its token changes: the demo's holders get their tokens from the treasury, so there is at least one.
    const tokenChanges = tokenChangesOf(txs.transactions, account.account);
    expect(tokenChanges.length).toBeGreaterThan(0);
    await expect(list.getByTestId('token-change')).toHaveCount(tokenChanges.length);
    expect(await list.getByTestId('token-change').evaluateAll((cells) => cells.map((cell) => `${cell.getAttribute('data-token')}:${cell.getAttribute('data-amount')}`))).toEqual(tokenChanges);
    const firstToken = tokenChanges[0]!.split(':')[0]!;
    const { symbol } = await mirror<{ symbol: string }>(serve, `/api/v1/tokens/${firstToken}`);
    await expect(list.getByTestId('token-change').first().locator('a[data-kind="token"]')).toHaveText(symbol);
    await screenshot(page, 'explorer-02-account-transactions');

    // The tab is part of the address: reload keeps it.
    await page.reload();
    await expect(page.getByTestId('transactions-list')).toHaveAttribute('data-count', String(txs.transactions.length));
  });

  test('an account whose key is a contract id key names it as the contract page does, on its page and in the accounts list', async ({ page, openApp, serve }) => {
    const { accounts } = await mirror<{ accounts: Array<Account & { key: { _type: string; key: string } | null }> }>(serve, '/api/v1/accounts?account.id=gt:0.0.1000&limit=100');
    // The demo gives some accounts their own id as a contract id key, which the mirror sends as ProtobufEncoded bytes.
    const account = accounts.find((a) => a.key?._type === 'ProtobufEncoded' && a.key.key === contractIdKeyBytes(Number(a.account.split('.')[2])).toString('hex'));
    expect(account, 'an account with a contract id key among the demo\'s first 100').toBeDefined();
    await openApp(`#/account?id=${account!.account}`);
    const detail = page.getByTestId('account-detail');
    await expect(detail.getByTestId('account-key-type')).toHaveText('contract');
    await expect(detail.getByTestId('account-key').locator('span.mono')).toHaveText(`contract ${account!.account}`);
    // The bytes themselves are on hover and a click away.
    await expect(detail.getByTestId('account-key').locator('span.mono')).toHaveAttribute('title', new RegExp(account!.key!.key));
    await expect(detail).not.toContainText('ProtobufEncoded');
    expect(await axeFindings(page)).toEqual([]);
    await openApp(`#/accounts?account.id=gte:${account!.account}`);
    await expect(page.locator(`[data-account="${account!.account}"] .key-type`)).toHaveText('contract');
  });

  test('a token relationship links to the transaction that made it: a TOKENASSOCIATE (or an airdrop claim), or the first transfer when automatic', async ({ page, openApp, serve }) => {
    type Relationship = { token_id: string; automatic_association: boolean; created_timestamp: string };
    const { accounts } = await mirror<{ accounts: Account[] }>(serve, '/api/v1/accounts?account.id=gt:0.0.1000&limit=100');
    let found: { account: string; relationships: Relationship[] } | undefined;
    for (const candidate of accounts.filter((a) => (a.balance?.tokens.length ?? 0) > 1)) {
      const { tokens } = await mirror<{ tokens: Relationship[] }>(serve, `/api/v1/accounts/${candidate.account}/tokens?limit=25`);
      if (tokens.some((t) => t.automatic_association) && tokens.some((t) => !t.automatic_association)) found = { account: candidate.account, relationships: tokens };
      if (found) break;
    }
    expect(found, 'the demo has accounts with both kinds of association').toBeTruthy();
    for (const automatic of [false, true]) {
      const relationship = found!.relationships.find((t) => t.automatic_association === automatic)!;
      await openApp(`#/account?id=${found!.account}&tab=tokens`);
      await page.getByTestId('account-tokens').locator(`tr[data-token="${relationship.token_id}"]`).getByTestId('associated-link').click();
      const row = page.getByTestId('transaction-row');
      await expect(row).toHaveCount(1);
      await expect(row.locator(`td[title="${relationship.created_timestamp}"]`)).toHaveCount(1);
      if (automatic) await expect(row.getByTestId('transfer-summary')).toHaveAttribute('data-token', relationship.token_id);
      // A manual one: the account's TOKENASSOCIATE, or its claim of an airdrop, which associates it too.
      else await expect(row).toContainText(/TOKENASSOCIATE|TOKENCLAIMAIRDROP/);
    }
  });

  test("the app's default window (1280 px) shows every column of the transaction lists, and the whole top bar down to 800 px", async ({ page, openApp, serve }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const fits = (testid: string) => tableFits(page, testid);
    await openApp('#/transactions');
    await expect(page.getByTestId('transactions-list')).toHaveAttribute('data-status', 'ready');
    expect(await fits('transactions-list'), 'the transactions list fits').toBe(true);
    // The top bar at every window width.
    await expectTopBarFits(page, { width: 1280, height: 800 });

    // An account history beside the account's details, with a failure's long result code in it.
    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?result=fail&limit=25');
    const failed = transactions.find((tx) => tx.result.length > 20 && /^0\.0\.\d+-/.test(tx.transaction_id));
    expect(!failed, 'the demo has no failure with a long result code').toBe(false);
    const payer = failed!.transaction_id.split('-')[0]!;
    await openApp(`#/account?id=${payer}&tab=transactions`);
    await expect(page.getByTestId('transactions-list')).toHaveAttribute('data-status', 'ready');
    expect(await fits('transactions-list'), 'the account history fits').toBe(true);

    // And in the Accounts screen's side panel, where type and failures go under the transaction id.
    await openApp(`#/accounts?account.id=gte:${payer}`);
    await page.locator(`[data-account="${payer}"]`).click();
    const detail = page.getByTestId('account-detail');
    await detail.getByRole('tab', { name: 'Transactions' }).click();
    await expect(detail.getByTestId('transactions-list')).toHaveAttribute('data-status', 'ready');
    expect(await fits('transactions-list'), 'the side panel history fits').toBe(true);
    await expect(detail.getByTestId('transaction-kind').filter({ hasText: failed!.result })).not.toHaveCount(0);
  });

  test('in an 820 px window the transaction lists fit: type and result go under the id, then the entity goes', async ({ page, openApp, serve }) => {
    await page.setViewportSize({ width: 820, height: 800 });
    // Failures, whose long result codes take the most room.
    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?result=fail&limit=25');
    expect(transactions.length === 0, 'the demo has no failed transactions').toBe(false);
    await openApp('#/transactions?result=fail');
    const list = page.getByTestId('transactions-list');
    await expect(list).toHaveAttribute('data-status', 'ready');
    expect(await tableFits(page, 'transactions-list'), 'the transactions list fits').toBe(true);
    await expect(list.getByRole('columnheader', { name: 'Result' })).toBeHidden();
    await expect(list.getByRole('columnheader', { name: 'Entity' })).toBeHidden();
    await expect(list.getByRole('columnheader', { name: 'Transfer' })).toBeVisible();
    const failed = transactions[0]!;
    const row = list.getByTestId('transaction-row').filter({ has: page.locator('a[data-kind="transaction"]', { hasText: failed.transaction_id }) });
    await expect(row.getByTestId('transaction-kind')).toBeVisible();
    await expect(row.getByTestId('transaction-kind')).toHaveText(`${failed.name} ${failed.result}`);
    await screenshot(page, 'explorer-02c-transactions-820');

    // An account's history beside its details, and a block's transactions.
    const payer = failed.transaction_id.split('-')[0]!;
    await openApp(`#/account?id=${payer}&tab=transactions`);
    await expect(page.getByTestId('transactions-list')).toHaveAttribute('data-status', 'ready');
    expect(await tableFits(page, 'transactions-list'), 'the account history fits').toBe(true);
    const { blocks: [block] } = await mirror<{ blocks: Array<{ number: number }> }>(serve, '/api/v1/blocks?limit=1');
    await openApp(`#/block?number=${block!.number}`);
    await expect(page.getByTestId('transactions-list')).toHaveAttribute('data-status', 'ready');
    expect(await tableFits(page, 'transactions-list'), "a block's transactions fit").toBe(true);
  });

  test('the Accounts side panel has the tabs and opens as its own page', async ({ page, openApp }) => {
    // The app's narrowest usual window: the panel keeps its width, the list beside it gives way.
    await page.setViewportSize({ width: 820, height: 800 });
    await openApp();
    const row = page.locator('[role="row"][data-account]').nth(3);
    const id = await row.getAttribute('data-account');
    await row.click();
    const detail = page.getByTestId('account-detail');
    // Every tab is in sight in the narrow panel: they wrap to a second row rather than scroll away.
    const panel = (await detail.boundingBox())!;
    const tabs = await detail.getByRole('tab').all();
    expect(tabs.length).toBe(7);
    const strip = (await detail.getByRole('tablist').boundingBox())!;
    const rows = new Map<number, number>();
    for (const tab of tabs) {
      const box = (await tab.boundingBox())!;
      expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(panel.x + panel.width);
      rows.set(Math.round(box.y), (rows.get(Math.round(box.y)) ?? 0) + box.width);
    }
    // Two rows (four tabs and three), each across the whole strip, so the selected tab's underline sits on a row's baseline.
    expect([...rows.values()].map((width) => Math.abs(width - strip.width) <= 2)).toEqual([true, true]);
    expect((await detail.getByRole('tab', { name: 'Hooks' }).boundingBox())!.y).toBeLessThan((await detail.getByRole('tab', { name: 'Airdrops' }).boundingBox())!.y);
    // The arrow keys still run along both rows and round.
    await detail.getByRole('tab', { name: 'Airdrops' }).click();
    await page.keyboard.press('ArrowLeft');
    await expect(detail.getByRole('tab', { name: 'Hooks' })).toBeFocused();
    await expect(detail.getByRole('tab', { name: 'Hooks' })).toHaveAttribute('aria-selected', 'true');
    await expect(detail.getByTestId('account-hooks')).toHaveAttribute('data-status', 'ready');
    await detail.getByRole('tab', { name: 'Rewards' }).click();
    await expect(detail.getByTestId('account-rewards')).toHaveAttribute('data-status', /ready|error/);
    await expect(detail.getByTestId('account-rewards')).toHaveAttribute('data-status', 'ready');
    await screenshot(page, 'explorer-03-side-panel-tabs');
    // The page opens on the tab the panel had.
    await detail.getByTestId('open-account-page').click();
    await expect(page).toHaveURL(new RegExp(`#/account\\?id=${id!.replaceAll('.', '\\.')}&tab=rewards$`));
    await expect(page.getByTestId('account-screen').getByTestId('account-id')).toHaveText(id!);
    await expect(page.getByTestId('account-screen').getByRole('tab', { name: 'Rewards' })).toHaveAttribute('aria-selected', 'true');
  });

  test('search by EVM address opens the account or contract at that address', async ({ page, openApp, serve }) => {
    const { accounts } = await mirror<{ accounts: Account[] }>(serve, '/api/v1/accounts?account.id=gt:0.0.1000&limit=100');
    const withAddress = accounts.find((a) => a.evm_address && !/^0x0{24}/.test(a.evm_address));
    expect(!withAddress, 'the demo has no account with a key-derived EVM address').toBe(false);
    await openApp();
    await search(page, withAddress!.evm_address!.slice(2).toUpperCase());
    await expect(page).toHaveURL(/#\/(account|contract)\?id=/);
    await expect(page.getByTestId(/account-screen|contract-screen/)).toContainText(withAddress!.account);
  });

  test('search by key alias opens the account holding it', async ({ page, openApp, serve }) => {
    const { accounts } = await mirror<{ accounts: Array<Account & { alias: string | null }> }>(serve, '/api/v1/accounts?account.id=gt:0.0.1000&limit=100');
    const withAlias = accounts.find((a) => a.alias);
    expect(!withAlias, 'the demo has no account with an alias').toBe(false);
    await openApp();
    await search(page, withAlias!.alias!);
    await expect(page).toHaveURL(new RegExp(`#/account\\?id=${withAlias!.account.replaceAll('.', '\\.')}$`));
    await expect(page.getByTestId('account-id')).toHaveText(withAlias!.account);
  });

  test('a token page shows info, keys, fees and its holders; holder links open accounts', async ({ page, openApp, serve }) => {
    const { tokens } = await mirror<{ tokens: Array<{ token_id: string }> }>(serve, '/api/v1/tokens?type=FUNGIBLE_COMMON&limit=1');
    const tokenId = tokens[0]!.token_id;
    const holders = await mirror<{ balances: Array<{ account: string }> }>(serve, `/api/v1/tokens/${tokenId}/balances?limit=25`);
    await openApp();
    await search(page, tokenId);
    await expect(page).toHaveURL(new RegExp(`#/token\\?id=${tokenId.replaceAll('.', '\\.')}$`));
    await expect(page.getByTestId('token-id')).toHaveText(tokenId);
    await expect(page.getByTestId('token-info')).toBeVisible();
    await expect(page.getByTestId('token-keys')).toBeVisible();
    await expect(page.getByTestId('custom-fees')).toBeVisible();
    const holderRows = page.getByTestId('holder-row');
    await expect(holderRows).toHaveCount(holders.balances.length);
    await screenshot(page, 'explorer-04-token');
    if (holders.balances.length > 0) {
      await holderRows.first().locator('a[data-kind="account"]').click();
      await expect(page).toHaveURL(new RegExp(`#/account\\?id=${holders.balances[0]!.account.replaceAll('.', '\\.')}$`));
    }
  });

  test('an NFT collection lists its NFTs', async ({ page, openApp, serve }) => {
    const { tokens } = await mirror<{ tokens: Array<{ token_id: string }> }>(serve, '/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=1');
    expect(tokens.length === 0, 'the demo has no NFT collection yet').toBe(false);
    const tokenId = tokens[0]!.token_id;
    const nfts = await mirror<{ nfts: unknown[] }>(serve, `/api/v1/tokens/${tokenId}/nfts?limit=25`);
    await openApp(`#/token?id=${tokenId}`);
    await expect(page.getByTestId('token-nfts')).toHaveAttribute('data-count', String(nfts.nfts.length));
    await expect(page.getByTestId('nft-row')).toHaveCount(nfts.nfts.length);
    await screenshot(page, 'explorer-05-nft-collection');
  });

  test('a transaction opens by id (both forms) and by hash, and its ids are links', async ({ page, openApp, serve }) => {
    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?limit=1');
    expect(transactions.length === 0, 'the demo has no transactions yet').toBe(false);
    const tx = transactions[0]!;
    await openApp();
    await search(page, tx.transaction_id);
    await expect(page).toHaveURL(/#\/transaction\?id=/);
    const card = page.getByTestId('transaction-card').first();
    await expect(card).toContainText(tx.name);
    await expect(card.getByTestId('result-badge')).toHaveText(tx.result);
    await expect(card.getByTestId('hbar-transfers').locator('tbody tr')).toHaveCount(tx.transfers.length);
    await screenshot(page, 'explorer-06-transaction');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'explorer-06-transaction-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The SDK form `0.0.x@sss.nnn` and the 48-byte hash open the same transaction.
    const [payer, seconds, nanos] = tx.transaction_id.split('-');
    await search(page, `${payer}@${seconds}.${nanos}`);
    await expect(page.getByTestId('transaction-card').first()).toContainText(tx.transaction_id);
    await search(page, base64ToHex(tx.transaction_hash));
    await expect(page).toHaveURL(new RegExp(`#/transaction\\?id=0x${base64ToHex(tx.transaction_hash)}$`));
    await expect(page.getByTestId('transaction-card').first()).toContainText(tx.transaction_id);

    // The entity of unknown kind resolves to its own screen, replacing the lookup step in history.
    if (tx.entity_id) {
      await page.getByTestId('transaction-card').first().locator(`a[data-kind="entity"]:text-is("${tx.entity_id}")`).click();
      await expect(page).toHaveURL(new RegExp(`#/(contract|account|token|topic|schedule)\\?id=${tx.entity_id.replaceAll('.', '\\.')}$`));
      await goBack(page);
      await expect(page).toHaveURL(/#\/transaction\?id=0x/);
    }

    // Every account in the transfers table is a link to its page.
    const target = tx.transfers[tx.transfers.length - 1]!.account;
    await page.getByTestId('hbar-transfers').locator(`a[data-kind="account"]:text-is("${target}")`).first().click();
    await expect(page).toHaveURL(new RegExp(`#/account\\?id=${target.replaceAll('.', '\\.')}$`));
  });

  test('token and NFT transfers link to the token and both parties', async ({ page, openApp, serve }) => {
    const { transactions } = await mirror<{ transactions: Array<Tx & { nft_transfers: Array<{ token_id: string; receiver_account_id: string | null }> }> }>(serve, '/api/v1/transactions?transactiontype=TOKENMINT&limit=25');
    const mint = transactions.find((t) => t.nft_transfers.length > 0);
    expect(!mint, 'the demo has no NFT mints yet').toBe(false);
    await openApp(`#/transaction?id=${mint!.transaction_id}`);
    const nfts = page.getByTestId('nft-transfers');
    await expect(nfts.locator('tbody tr')).toHaveCount(mint!.nft_transfers.length);
    await expect(nfts.locator('tbody tr').first()).toContainText('mint');
    await screenshot(page, 'explorer-13-nft-mint');
    await nfts.locator('a[data-kind="token"]').first().click();
    await expect(page).toHaveURL(new RegExp(`#/token\\?id=${mint!.nft_transfers[0]!.token_id.replaceAll('.', '\\.')}$`));
    await expect(page.getByTestId('nft-row').first()).toBeVisible();
    await screenshot(page, 'explorer-14-nft-collection-rows');
  });

  test('token transfer amounts show in whole tokens with the symbol, by the token\'s decimals', async ({ page, openApp, serve }) => {
    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=CRYPTOTRANSFER&limit=100');
    const moved = transactions.find((t) => t.token_transfers.length > 0);
    expect(!moved, 'the demo has no token transfers').toBe(false);
    const first = moved!.token_transfers[0]!;
    const token = await mirror<{ symbol: string; decimals: string }>(serve, `/api/v1/tokens/${first.token_id}`);
    const units = BigInt(first.amount);
    const places = Number(token.decimals);
    const digits = (units < 0n ? -units : units).toString().padStart(places + 1, '0');
    const whole = BigInt(digits.slice(0, digits.length - places)).toLocaleString('en-US');
    const expected = `${units < 0n ? '-' : ''}${whole}${places > 0 ? `.${digits.slice(digits.length - places)}` : ''}`;
    await openApp(`#/transaction?id=${moved!.transaction_id}`);
    const amount = page.getByTestId('token-transfer-amount').first();
    await expect(amount.locator('a[data-kind="token"]')).toHaveText(token.symbol);
    await expect(amount.locator('span.mono')).toHaveText(expected);
  });

  test("a transaction's balances before and after, and an account's at any moment: its newest transaction ends at its balance now", async ({ page, openApp, serve }) => {
    // A user account's newest transaction: what it holds now is what that transaction left it.
    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=CRYPTOTRANSFER&result=success&limit=25');
    // One holding HBAR now, so that "now" and "before its creation" differ.
    let payer = '';
    let now = 0;
    for (const id of new Set(transactions.map((tx) => tx.transaction_id.split('-')[0]!).filter((id) => Number(id.split('.')[2]) > 1000))) {
      now = (await mirror<{ balance: { balance: number } }>(serve, `/api/v1/accounts/${id}?transactions=false`)).balance.balance;
      payer = id;
      if (now > 0) break;
    }
    expect(now, 'a recent payer holding HBAR').toBeGreaterThan(0);
    const newest = (await mirror<{ transactions: Tx[] }>(serve, `/api/v1/transactions?account.id=${payer}&limit=1`)).transactions[0]!;
    const change = newest.transfers.filter((t) => t.account === payer).reduce((sum, t) => sum + t.amount, 0);
    const hbar = (tinybars: number): string => {
      const sign = tinybars < 0 ? '-' : '';
      const abs = Math.abs(tinybars);
      return `${sign}${Math.floor(abs / 1e8).toLocaleString('en-US')}.${String(abs % 1e8).padStart(8, '0')} ℏ`;
    };
    await openApp(`#/transaction?id=${newest.transaction_id}`);
    await page.getByTestId('balances-around').getByText('Balances before and after').click();
    const row = page.locator(`[data-testid="balance-around"][data-account="${payer}"][data-asset="hbar"]`);
    await expect(row.getByTestId('balance-after')).toHaveText(hbar(now));
    await expect(row.getByTestId('balance-before')).toHaveText(hbar(now - change));
    await expect(row).toContainText('snapshot of');
    await expect(page.locator('[data-testid="balance-around"][data-asset="hbar"]')).toHaveCount(new Set(newest.transfers.map((t) => t.account)).size);
    await screenshot(page, 'explorer-07b-balances-around');

    // A token transfer's lines: the receiver's token balance after its newest change of that token is what it holds now.
    const { transactions: tokenMoves } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=CRYPTOTRANSFER&result=success&limit=100');
    const move = tokenMoves.find((tx) => tx.token_transfers?.some((t) => t.amount > 0))!;
    const received = move.token_transfers.find((t) => t.amount > 0)!;
    const { transactions: laterOfAccount } = await mirror<{ transactions: Tx[] }>(serve, `/api/v1/transactions?account.id=${received.account}&timestamp=gt:${move.consensus_timestamp}&limit=100`);
    const laterChange = laterOfAccount.flatMap((tx) => tx.token_transfers ?? []).filter((t) => t.account === received.account && t.token_id === received.token_id).reduce((sum, t) => sum + t.amount, 0);
    const held = (await mirror<{ tokens: Array<{ balance: number }> }>(serve, `/api/v1/accounts/${received.account}/tokens?token.id=${received.token_id}`)).tokens[0]?.balance ?? 0;
    await openApp(`#/transaction?id=${move.transaction_id}`);
    await page.getByTestId('balances-around').getByText('Balances before and after').click();
    const tokenRow = page.locator(`[data-testid="balance-around"][data-account="${received.account}"][data-asset="${received.token_id}"]`);
    const { decimals } = await mirror<{ decimals: string }>(serve, `/api/v1/tokens/${received.token_id}`);
    const whole = (units: number): string => {
      const d = Number(decimals);
      const text = String(units).padStart(d + 1, '0');
      const integer = Number(text.slice(0, text.length - d)).toLocaleString('en-US');
      return d > 0 ? `${integer}.${text.slice(-d)}` : integer;
    };
    await expect(tokenRow.getByTestId('balance-after')).toHaveText(whole(held - laterChange));

    // The account page works out the balance at any moment: after that transaction, what it holds now; before its creation, nothing.
    const created = (await mirror<{ created_timestamp: string }>(serve, `/api/v1/accounts/${payer}?transactions=false`)).created_timestamp;
    const input = (timestamp: string, offsetSeconds: number) => new Date((Number(timestamp.split('.')[0]) + offsetSeconds) * 1000).toISOString().slice(0, 19);
    await openApp(`#/account?id=${payer}`);
    const atMoment = page.getByTestId('balance-at-moment');
    await atMoment.getByText('At another moment').click();
    await atMoment.getByLabel('Moment, UTC').fill(input(newest.consensus_timestamp, 1));
    await atMoment.getByRole('button', { name: 'Show' }).click();
    await expect(atMoment.getByTestId('balance-at-value')).toHaveText(hbar(now));
    await atMoment.getByLabel('Moment, UTC').fill(input(created, -2));
    await atMoment.getByRole('button', { name: 'Show' }).click();
    await expect(atMoment.getByTestId('balance-at-value')).toHaveText(hbar(0));
    await expect(atMoment.getByTestId('balance-at-answer')).toContainText('before the account was created');
    await screenshot(page, 'explorer-07c-balance-at-moment');
  });

  test('a memo shows as decoded text', async ({ page, openApp, serve }) => {
    const { transactions } = await mirror<{ transactions: Array<Tx & { memo_base64: string }> }>(serve, '/api/v1/transactions?transactiontype=CRYPTOTRANSFER&limit=100');
    const withMemo = transactions.find((t) => t.memo_base64);
    expect(!withMemo, 'the demo has no transfer with a memo').toBe(false);
    await openApp(`#/transaction?id=${withMemo!.transaction_id}`);
    await expect(page.getByTestId('memo').first()).toHaveText(Buffer.from(withMemo!.memo_base64, 'base64').toString('utf8'));
  });

  test('a batch lists its inner transactions', async ({ page, openApp, serve }) => {
    const batches = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=ATOMICBATCH&limit=1');
    expect(batches.transactions.length === 0, 'the demo has no atomic batches').toBe(false);
    const batchId = batches.transactions[0]!.transaction_id;
    const all = await mirror<{ transactions: Tx[] }>(serve, `/api/v1/transactions/${batchId}`);
    const inner = all.transactions.filter((t) => t.transaction_id !== batchId);
    await openApp(`#/transaction?id=${batchId}`);
    await expect(page.getByTestId('batch-inner').locator('tbody tr')).toHaveCount(inner.length);
    await screenshot(page, 'explorer-17-batch');

    // An inner transaction's page names its batch by consensus time only: the time leads back to it.
    await page.getByTestId('batch-inner').getByRole('link', { name: inner[0]!.transaction_id, exact: true }).click();
    const parent = page.getByTestId('parent-transaction');
    const link = parent.getByRole('link', { name: batches.transactions[0]!.consensus_timestamp, exact: true });
    await expect(link).toHaveAttribute('href', `#/transaction?id=${batchId}`);
    await expect(parent).toContainText('ATOMICBATCH');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#/transaction\\?id=${batchId.replaceAll('.', '\\.')}$`));
    await expect(page.getByTestId('batch-inner').locator('tbody tr')).toHaveCount(inner.length);
  });

  test('an account that granted allowances lists them', async ({ page, openApp, serve }) => {
    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=CRYPTOAPPROVEALLOWANCE&limit=1');
    expect(transactions.length === 0, 'the demo has no allowances yet').toBe(false);
    const owner = transactions[0]!.transaction_id.split('-')[0]!;
    const crypto = await mirror<{ allowances: unknown[] }>(serve, `/api/v1/accounts/${owner}/allowances/crypto?limit=25`);
    const tokens = await mirror<{ allowances: unknown[] }>(serve, `/api/v1/accounts/${owner}/allowances/tokens?limit=25`);
    const nfts = await mirror<{ allowances: unknown[] }>(serve, `/api/v1/accounts/${owner}/allowances/nfts?limit=25`);
    await openApp(`#/account?id=${owner}&tab=allowances`);
    await expect(page.getByTestId('crypto-allowances')).toHaveAttribute('data-count', String(crypto.allowances.length));
    await expect(page.getByTestId('token-allowances')).toHaveAttribute('data-count', String(tokens.allowances.length));
    await expect(page.getByTestId('nft-allowances')).toHaveAttribute('data-count', String(nfts.allowances.length));
    await screenshot(page, 'explorer-15-allowances');
  });

  test("an account's Hooks tab lists its hooks and opens one's storage, now and as of a moment, when a since-removed slot was there", async ({ page, openApp, serve }) => {
    const found = await hookWithRemovedSlot(serve);
    expect(found, 'a demo hook with a removed storage slot').not.toBeNull();
    const { owner, hooks, hook, live, then, second, removed } = found!;
    const id = String(hook.hook_id);
    await openApp(`#/account?id=${owner}`);
    await page.getByRole('tab', { name: 'Hooks' }).click();
    await expect(page).toHaveURL(/tab=hooks/);

    // Each hook as the API lists it: id, contract (a link), admin key summarised, created time, deleted or not.
    const list = page.getByTestId('account-hooks');
    await expect(list).toHaveAttribute('data-count', String(hooks.length));
    expect(await list.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-hook')))).toEqual(hooks.map((h) => String(h.hook_id)));
    for (const listed of hooks) {
      const row = list.locator(`tr[data-hook="${listed.hook_id}"]`);
      await expect(row.locator('a[data-kind="contract"]')).toHaveAttribute('href', `#/contract?id=${listed.contract_id}`);
      await expect(row.locator('td').nth(2)).toHaveText(listed.admin_key ? `${listed.admin_key._type} ${listed.admin_key.key.slice(0, 12)}…${listed.admin_key.key.slice(-10)}` : 'none');
      await expect(row.locator('td').nth(3)).toHaveAttribute('title', listed.created_timestamp);
      await expect(row.getByTestId('hook-deleted')).toHaveCount(listed.deleted ? 1 : 0);
    }

    // Its storage now: the heading takes the focus, every live slot and not the removed one.
    const open = list.getByRole('button', { name: `Storage of hook ${id}`, exact: true });
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('heading', { name: `Storage of hook ${id}` })).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`tab=hooks&hook=${id}$`));
    const storage = page.getByTestId('hook-storage');
    await expect(storage).toHaveAttribute('data-count', String(live.length));
    await expect(page.getByTestId('hook-storage-as-of')).toHaveText('Current storage: each slot as last written.');
    await expect(storage.locator(`tr[data-key="${removed.key}"]`)).toHaveCount(0);
    // Words shortened, whole on hover and on the copy button. Slot 0 holds the owner's address, its
    // long-zero one left-padded: read both as the number it also is and as the owner's id, a link.
    const ownerSlot = live.find((slot) => BigInt(slot.key) === 0n);
    expect(ownerSlot, 'the demo hook\'s slot 0 (its owner)').toBeDefined();
    expect(BigInt(ownerSlot!.value), 'the demo hook\'s slot 0 holds its owner\'s long-zero address').toBe(BigInt(owner.split('.')[2]!));
    const ownerRow = storage.locator(`tr[data-key="${ownerSlot!.key}"]`);
    await expect(ownerRow.getByTestId('storage-word').first()).toHaveText(`${ownerSlot!.key.slice(0, 8)}…${ownerSlot!.key.slice(-6)}`);
    await expect(ownerRow.getByTestId('storage-word').first()).toHaveAttribute('title', ownerSlot!.key);
    await expect(ownerRow.getByTestId('storage-word').nth(1)).toHaveAttribute('title', ownerSlot!.value);
    await expect(ownerRow.getByRole('button', { name: 'Copy storage value' })).toHaveAttribute('title', `Copy ${ownerSlot!.value}`);
    await expect(ownerRow.getByTestId('word-reading')).toHaveText(['slot 0', grouped(ownerSlot!.value), owner]);
    await expect(ownerRow.getByTestId('word-reading').nth(2)).toHaveAttribute('title', `the long-zero address 0x${ownerSlot!.value.slice(-40)} of ${owner}`);
    const ownerLink = ownerRow.getByRole('link', { name: owner, exact: true });
    await expect(ownerLink).toHaveAttribute('href', `#/entity?id=${owner}`);
    await expect(ownerRow.locator('a[href^="#/transactions"]')).toHaveAttribute('href', `#/transactions?timestamp=${ownerSlot!.timestamp}`);

    // As of the second its write shows in (the store that wrote it partway through it): it shows again, the time said.
    const view = page.getByTestId('hook-storage-view');
    const field = view.getByLabel('As of (UTC)');
    const typed = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19);
    await field.fill(typed(second));
    await view.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByTestId('hook-storage-as-of')).toHaveText(`As of ${typed(second).replace('T', ' ')} UTC: each slot as last written at or before then.`);
    await expect(storage).toHaveAttribute('data-count', String(then.length));
    const removedRow = storage.locator(`tr[data-key="${removed.key}"]`);
    await expect(removedRow).toHaveCount(1);
    await expect(removedRow.getByTestId('storage-word').nth(1)).toHaveAttribute('title', removed.value);
    await expect(removedRow.locator('a[href^="#/transactions"]')).toHaveAttribute('href', `#/transactions?timestamp=${removed.timestamp}`);
    await expect(removedRow.locator('a[href^="#/transactions"]')).toHaveText(typed(second).replace('T', ' '));
    // The whole second typed: through its last nanosecond.
    await expect(page).toHaveURL(new RegExp(`hook=${id}&at=${second}\\.999999999$`));
    await screenshot(page, 'explorer-15b-hook-storage');

    // The address opens the same storage as of the same moment; Now goes back to the live one, the focus to the field.
    await page.reload();
    await expect(page.getByTestId('hook-storage')).toHaveAttribute('data-count', String(then.length));
    await expect(page.getByTestId('hook-storage-as-of')).toHaveText(`As of ${typed(second).replace('T', ' ')} UTC: each slot as last written at or before then.`);
    // (The browser leaves out a whole minute's :00.)
    const moment = new Date(second * 1000).toISOString();
    await expect(field).toHaveValue(new RegExp(`^${moment.slice(0, 16)}(:${moment.slice(17, 19)})?$`));
    await view.getByRole('button', { name: 'Now' }).click();
    await expect(page.getByTestId('hook-storage')).toHaveAttribute('data-count', String(live.length));
    await expect(page.getByTestId('hook-storage').locator(`tr[data-key="${removed.key}"]`)).toHaveCount(0);
    await expect(view.getByRole('button', { name: 'Now' })).toHaveCount(0);
    await expect(field).toBeFocused();

    // As of the second the hook was created in, before anything was stored: the hook was there, holding nothing.
    const created = Number(hook.created_timestamp.split('.')[0]);
    expect(await storageOf(serve, owner, hook.hook_id, `&timestamp=lte:${created}.999999999`), 'the demo hook stored nothing in the second of its creation').toEqual([]);
    await field.fill(typed(created));
    await field.press('Enter');
    await expect(storage.getByTestId('empty')).toHaveText(`Hook ${id} held no storage as of ${typed(created).replace('T', ' ')} UTC`);

    // Close gives the focus back to the hook's button.
    await page.getByRole('button', { name: `Close the storage of hook ${id}` }).click();
    await expect(view).toHaveCount(0);
    await expect(open).toBeFocused();
    // Opened from the keyboard, the heading takes the app's focus ring, around its text only.
    await open.press('Enter');
    const heading = page.getByRole('heading', { name: `Storage of hook ${id}` });
    await expect(heading).toBeFocused();
    const ring = await heading.evaluate((h) => {
      const probe = document.body.appendChild(Object.assign(document.createElement('span'), { style: 'color: var(--accent)' }));
      const accent = getComputedStyle(probe).color;
      probe.remove();
      const style = getComputedStyle(h);
      return { style: style.outlineStyle, color: style.outlineColor, accent, width: h.getBoundingClientRect().width, section: h.closest('section')!.getBoundingClientRect().width };
    });
    expect(ring.style).toBe('solid');
    expect(ring.color).toBe(ring.accent);
    expect(ring.width).toBeLessThan(ring.section / 2);
    // Escape anywhere in it closes it as Close does.
    await field.press('Escape');
    await expect(view).toHaveCount(0);
    await expect(open).toBeFocused();

    // Another tab drops the open hook from the address.
    await open.click();
    await page.getByRole('tab', { name: 'Rewards' }).click();
    await expect(page).toHaveURL(/tab=rewards$/);

    // The owner's id read from slot 0 opens its account page.
    await page.getByRole('tab', { name: 'Hooks' }).click();
    await open.click();
    await page.getByTestId('hook-storage').locator(`tr[data-key="${ownerSlot!.key}"]`).getByRole('link', { name: owner, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/account\\?id=${owner.replaceAll('.', '\\.')}$`));
    await expect(page.getByTestId('account-id')).toHaveText(owner);
  });

  test("an account's Hooks tab keeps each Storage button in view in the side panel and at 820 px, where the storage drops its write times to fit", async ({ page, openApp, serve }) => {
    const found = await hookOwnerWithWideKey(serve);
    expect(found, 'a demo hook owner with an ECDSA_SECP256K1 admin key').not.toBeNull();
    const { owner, hook } = found!;
    const id = String(hook.hook_id);

    // The Accounts side panel (366 px, at any window size): no creation time, no write time, two lines a slot at most.
    await openApp(`#/accounts?account.id=gte:${owner}`);
    await page.locator(`[data-account="${owner}"]`).click();
    const detail = page.getByTestId('account-detail');
    await detail.getByRole('tab', { name: 'Hooks' }).click();
    await expect(detail.getByTestId('account-hooks')).toHaveAttribute('data-status', 'ready');
    expect(await tableFits(page, 'account-hooks', detail), 'the hooks fit the side panel').toBe(true);
    expect(await storageButtonsInView(detail), 'the Storage buttons in the side panel').toBe(true);
    await detail.getByRole('button', { name: `Storage of hook ${id}`, exact: true }).click();
    const storage = detail.getByTestId('hook-storage');
    await expect(storage).toHaveAttribute('data-status', 'ready');
    expect(await tableFits(page, 'hook-storage', detail), 'the storage fits the side panel').toBe(true);
    await expect(storage.getByRole('columnheader', { name: 'Written (UTC)' })).toBeHidden();
    // The word and its copy button on one line, each reading (a number, an address) on one line at most.
    expect((await storageCellLines(detail)).every(({ lines, readings }) => lines <= 1 + Math.max(readings, 1)), 'each storage cell on a line and one a reading at most').toBe(true);
    await screenshot(page, 'explorer-15d-hooks-side-panel');

    // The account page beside its details at 820 px: the creation time goes, the write time stays.
    await page.setViewportSize({ width: 820, height: 800 });
    await openApp(`#/account?id=${owner}&tab=hooks&hook=${id}`);
    await expect(page.getByTestId('account-hooks')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('hook-storage')).toHaveAttribute('data-status', 'ready');
    expect(await tableFits(page, 'account-hooks'), 'the hooks fit at 820 px').toBe(true);
    expect(await storageButtonsInView(page.locator('body')), 'the Storage buttons at 820 px').toBe(true);
    await expect(page.getByTestId('account-hooks').getByRole('columnheader', { name: 'Created (UTC)' })).toBeHidden();
    expect(await tableFits(page, 'hook-storage'), 'the storage fits at 820 px').toBe(true);
    await expect(page.getByTestId('hook-storage').getByRole('columnheader', { name: 'Written (UTC)' })).toBeVisible();
    await screenshot(page, 'explorer-15e-hooks-820');
  });

  test('an account without hooks says so, and a bad as-of time says what is wrong without asking the mirror', async ({ page, openApp, serve }) => {
    // The treasury is older than hooks.
    expect((await mirror<{ hooks: Hook[] }>(serve, '/api/v1/accounts/0.0.2/hooks')).hooks).toEqual([]);
    await openApp('#/account?id=0.0.2&tab=hooks');
    await expect(page.getByTestId('account-hooks')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('account-hooks').getByTestId('empty')).toHaveText('This account has no hooks');

    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=HOOKSTORE&result=success&limit=1');
    expect(transactions.length, 'a demo HOOKSTORE').toBeGreaterThan(0);
    const owner = transactions[0]!.entity_id!;
    const { hooks } = await mirror<{ hooks: Hook[] }>(serve, `/api/v1/accounts/${owner}/hooks?limit=1`);
    const live = await storageOf(serve, owner, hooks[0]!.hook_id);
    await openApp(`#/account?id=${owner}&tab=hooks&hook=${hooks[0]!.hook_id}`);
    const view = page.getByTestId('hook-storage-view');
    const field = view.getByLabel('As of (UTC)');
    await expect(view.getByTestId('hook-storage')).toHaveAttribute('data-count', String(live.length));
    let asked = 0;
    page.on('request', (request) => { if (request.url().includes('/bridge/call/mirror/get')) asked++; });

    // Empty, then a time before 1970.
    await view.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(view.getByTestId('as-of-problem')).toHaveText('Give a whole date and time (UTC), to the minute or second, to see the storage as of then.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/whole date and time/);
    await field.fill('1969-07-20T20:17:40');
    await field.press('Enter');
    await expect(view.getByTestId('as-of-problem')).toHaveText('1969-07-20 20:17:40 is not a time the ledger can have: pick a date and time from 1970 on, in UTC.');
    // The storage shown stays the current one, and the mirror was not asked.
    await expect(view.getByTestId('hook-storage-as-of')).toHaveText('Current storage: each slot as last written.');
    await expect(page).toHaveURL(new RegExp(`hook=${hooks[0]!.hook_id}$`));
    expect(asked).toBe(0);
    await screenshot(page, 'explorer-15c-hook-as-of-problem');

    // A good one clears the message.
    await field.fill('2026-01-01T00:00:00');
    await field.press('Enter');
    await expect(view.getByTestId('as-of-problem')).toHaveCount(0);
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await expect(view.getByTestId('hook-storage-as-of')).toContainText('As of 2026-01-01 00:00:00 UTC');

    // A date typed only in part (the browser gives an empty value and would block the form with its own bubble): the app's message.
    await field.fill('');
    await field.focus();
    await page.keyboard.type('08');
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.badInput)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(view.getByTestId('as-of-problem')).toHaveText('Give a whole date and time (UTC), to the minute or second, to see the storage as of then.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/whole date and time/);
    await expect(view.getByTestId('hook-storage-as-of')).toContainText('As of 2026-01-01 00:00:00 UTC');

    // An as-of time in the address the mirror refuses: its refusal, with no Retry.
    await openApp(`#/account?id=${owner}&tab=hooks&hook=${hooks[0]!.hook_id}&at=yesterday`);
    await expect(page.getByTestId('hook-storage').getByTestId('load-error')).toHaveAttribute('data-code', 'invalid-input');
    await expect(page.getByTestId('hook-storage').getByTestId('load-error')).toContainText('timestamp');

    // A hook the account has not (its whole list loaded without it): said so, not shown as an empty storage.
    const all = await mirror<{ hooks: Hook[]; links: { next: string | null } }>(serve, `/api/v1/accounts/${owner}/hooks?limit=25`);
    expect(all.links.next, 'the demo owner lists its hooks on one page').toBeNull();
    expect(all.hooks.map((hook) => hook.hook_id)).not.toContain(999);
    await openApp(`#/account?id=${owner}&tab=hooks&hook=999`);
    await expect(page.getByTestId('hook-missing')).toHaveText(`${owner} has no hook 999`);
    await expect(page.getByTestId('hook-storage')).toHaveCount(0);
  });

  test('an account lists the airdrops waiting for it and those it sent, each linking to its transaction', async ({ page, openApp, serve }) => {
    type Airdrop = { sender_id: string; receiver_id: string; token_id: string; serial_number: number | null; timestamp: { from: string } };
    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=TOKENAIRDROP&limit=25');
    // A sender with an airdrop still pending (some are cancelled).
    let sender: string | undefined;
    let sent: Airdrop[] = [];
    for (const payer of new Set(transactions.map((tx) => tx.transaction_id.split('-')[0]!))) {
      sent = (await mirror<{ airdrops: Airdrop[] }>(serve, `/api/v1/accounts/${payer}/airdrops/outstanding?limit=25`)).airdrops;
      if (sent.length > 0) { sender = payer; break; }
    }
    expect(sender === undefined, 'the demo has no pending airdrops').toBe(false);
    const receiver = sent[0]!.receiver_id;
    const waiting = (await mirror<{ airdrops: Airdrop[] }>(serve, `/api/v1/accounts/${receiver}/airdrops/pending?limit=25`)).airdrops;

    await openApp(`#/account?id=${receiver}&tab=airdrops`);
    const pending = page.getByTestId('airdrops-pending');
    await expect(pending).toHaveAttribute('data-count', String(waiting.length));
    await expect(pending.locator('tbody tr').first()).toContainText(waiting[0]!.sender_id);
    await screenshot(page, 'explorer-18-airdrops');
    // The sent time opens the airdrop transaction, of the sender's.
    const row = pending.locator('tbody tr').filter({ hasText: sender! }).first();
    await row.getByTestId('airdrop-sent').click();
    await expect(page).toHaveURL(/#\/transactions\?timestamp=/);
    await expect(page.getByTestId('transaction-row').filter({ hasText: 'TOKENAIRDROP' }).first()).toContainText(sender!);

    await openApp(`#/account?id=${sender}&tab=airdrops`);
    await expect(page.getByTestId('airdrops-outstanding')).toHaveAttribute('data-count', String(sent.length));
    await expect(page.getByTestId('airdrops-outstanding').locator('tbody tr').first()).toContainText(receiver);

    // In an 820 px window, beside the account's details, its airdrops and tokens keep to their box:
    // the times break between day and time, the tokens' freeze and KYC states go.
    await page.setViewportSize({ width: 820, height: 800 });
    await expect(page.getByTestId('airdrops-outstanding')).toHaveAttribute('data-status', 'ready');
    expect(await tableFits(page, 'airdrops-outstanding'), 'the airdrops sent fit').toBe(true);
    await page.getByRole('tab', { name: 'Tokens' }).click();
    const tokens = page.getByTestId('account-tokens');
    await expect(tokens).toHaveAttribute('data-status', 'ready');
    expect((await tokens.locator('tbody tr').count()) === 0, 'the sender holds no tokens').toBe(false);
    expect(await tableFits(page, 'account-tokens'), 'the tokens fit').toBe(true);
    await expect(tokens.getByRole('columnheader', { name: 'Freeze' })).toBeHidden();
    await expect(tokens.getByTestId('associated-link').first()).toBeInViewport();
  });

  test('the Transactions list goes back in time: Before (UTC) lists what came before that second', async ({ page, openApp, serve }) => {
    // A time some way back in the history: the consensus second of the 60th newest transaction.
    const { transactions: latest } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?limit=60');
    expect(latest.length < 60, 'the demo has too few transactions').toBe(false);
    const seconds = Number(latest[59]!.consensus_timestamp.split('.')[0]);
    const expected = await mirror<{ transactions: Tx[] }>(serve, `/api/v1/transactions?timestamp=lt:${seconds}.000000000&limit=25`);
    await openApp('#/transactions');
    await expect(page.getByTestId('transaction-row').first()).toBeVisible();
    await page.getByLabel('Before, UTC').fill(new Date(seconds * 1000).toISOString().slice(0, 19));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`#/transactions\\?timestamp=lt%3A${seconds}\\.000000000$`));
    const times = page.getByTestId('transaction-row').locator('td:first-child');
    await expect(times).toHaveCount(expected.transactions.length);
    expect(await times.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title')))).toEqual(expected.transactions.map((tx) => tx.consensus_timestamp));
    // The form shows the bound it lists by, and Reset lets it go.
    await expect(page.getByLabel('Before, UTC')).toHaveValue(new Date(seconds * 1000).toISOString().slice(0, 19));
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/#\/transactions$/);
    await expect(page.getByLabel('Before, UTC')).toHaveValue('');
  });

  test('the Transactions list filters by type, result and account', async ({ page, openApp, serve }) => {
    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?limit=1');
    expect(transactions.length === 0, 'the demo has no transactions yet').toBe(false);
    const { name } = transactions[0]!;
    const expected = await mirror<{ transactions: Tx[] }>(serve, `/api/v1/transactions?transactiontype=${name}&result=success&limit=25`);
    await openApp('#/transactions');
    await expect(page.getByTestId('transaction-row').first()).toBeVisible();
    // A plain HBAR transfer's row names who paid whom and how much, the fee taken out.
    const { transactions: transfers } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=cryptotransfer&result=success&limit=25');
    // (payer, receiver, the node and 0.0.98: the demo's plain transfers)
    const plain = transfers.find((tx) => tx.transfers.length === 4 && tx.token_transfers.length === 0)!;
    expect(plain, 'a plain HBAR transfer among the latest 25').toBeDefined();
    await openApp('#/transactions?transactiontype=CRYPTOTRANSFER&result=success');
    const payer = plain.transaction_id.split('-')[0]!;
    const receiver = plain.transfers.find((t) => t.account !== plain.node && t.account !== '0.0.98' && t.amount > 0)!;
    const row = page.getByTestId('transaction-row').filter({ has: page.locator('a[data-kind="transaction"]', { hasText: plain.transaction_id }) });
    await expect(row.getByTestId('transfer-summary')).toHaveAttribute('data-amount', String(receiver.amount));
    await expect(row.getByTestId('transfer-summary').locator('a[data-kind="account"]')).toHaveText([payer, receiver.account]);
    // Where only tokens moved (the demo's distributions), the row says who sent whom how much of which token.
    const { transactions: recent } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=cryptotransfer&result=success&limit=100');
    const tokenOnly = recent.find((tx) => tx.transfers.length <= 3 && tx.token_transfers.length === 2);
    expect(tokenOnly, 'a transfer of tokens only among the latest 100').toBeDefined();
    const [from, to] = [...tokenOnly!.token_transfers].sort((a, b) => a.amount - b.amount);
    const { symbol } = await mirror<{ symbol: string }>(serve, `/api/v1/tokens/${to!.token_id}`);
    await openApp(`#/transactions?transactiontype=CRYPTOTRANSFER&result=success&account.id=${to!.account}&timestamp=${tokenOnly!.consensus_timestamp}`);
    const tokenRow = page.getByTestId('transaction-row').filter({ has: page.locator('a[data-kind="transaction"]', { hasText: tokenOnly!.transaction_id }) });
    const cell = tokenRow.getByTestId('transfer-summary');
    await expect(cell).toHaveAttribute('data-token', to!.token_id);
    await expect(cell).toHaveAttribute('data-amount', String(to!.amount));
    await expect(cell.locator('a[data-kind="account"]')).toHaveText([from!.account, to!.account]);
    await expect(cell.locator('a[data-kind="token"]')).toHaveText(symbol);
    await openApp('#/transactions');
    await page.getByLabel('Transaction type').selectOption(name);
    await page.getByLabel('Result').selectOption('success');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`#/transactions\\?transactiontype=${name}&result=success$`));
    await expect(page.getByTestId('transactions-list')).toHaveAttribute('data-count', String(expected.transactions.length));
    for (const cell of await page.getByTestId('transaction-row').locator('td:nth-child(3)').allTextContents()) expect(cell).toBe(name);
    await screenshot(page, 'explorer-07-transactions-filtered');

    // "Load more" follows links.next: the second page is exactly the API's second page.
    const first = await mirror<{ transactions: Tx[]; links: { next: string | null } }>(serve, `/api/v1/transactions?transactiontype=${name}&result=success&limit=25`);
    if (first.links.next) {
      const second = await mirror<{ transactions: Tx[] }>(serve, first.links.next);
      await page.getByTestId('load-more').click();
      await expect(page.getByTestId('transactions-list')).toHaveAttribute('data-count', String(25 + second.transactions.length));
      await expect(page.getByTestId('transaction-row').nth(25).locator('a[data-kind="transaction"]')).toHaveText(second.transactions[0]!.transaction_id);
    }

    // What is no account is refused beside the field, the list kept; held in the address, it lists nothing, and says why.
    const shown = (await page.getByTestId('transactions-list').getAttribute('data-count'))!;
    await page.getByLabel('Account id').fill('not-an-account');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('account-filter-refused')).toHaveText('“not-an-account” is not an account id (0.0.1234), EVM address or alias');
    await expect(page).toHaveURL(new RegExp(`#/transactions\\?transactiontype=${name}&result=success$`));
    await expect(page.getByTestId('transactions-list')).toHaveAttribute('data-count', shown);
    await openApp(`#/transactions?transactiontype=${name}&account.id=nonsense`);
    await expect(page.getByTestId('account-filter-refused')).toHaveText('“nonsense” is not an account id (0.0.1234), EVM address or alias');
    await expect(page.getByTestId('filters-invalid')).toContainText('These filters are not valid');
    await expect(page.getByTestId('load-error')).toHaveCount(0);
    await page.getByTestId('filters-invalid').getByRole('button', { name: 'Reset filters' }).click();
    await expect(page).toHaveURL(/#\/transactions$/);
    await expect(page.getByTestId('transactions-list')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('account-filter-refused')).toHaveCount(0);
    await openApp(`#/transactions?transactiontype=${name}&result=success`);

    // An EVM address, as MetaMask or Hardhat shows an ECDSA account, is the account it names.
    const { accounts } = await mirror<{ accounts: Account[] }>(serve, '/api/v1/accounts?account.id=gt:0.0.1000&limit=100&balance=false');
    const ecdsa = accounts.find((a) => a.evm_address !== null && !a.evm_address.startsWith('0x000000000000000000000000'))!;
    expect(ecdsa, 'an account with an EVM address of its own among 100').toBeDefined();
    await page.getByLabel('Account id').fill(ecdsa.evm_address!);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`#/transactions\\?transactiontype=${name}&result=success&account\\.id=${ecdsa.account.replaceAll('.', '\\.')}$`));
    const unknown = `0x${'5a'.repeat(20)}`;
    await page.getByLabel('Account id').fill(unknown);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('account-filter-refused')).toHaveText(`No account in the local mirror has the EVM address ${unknown}`);
  });

  test('a contract page shows bytecode, results, logs and state; Ethereum hashes open results', async ({ page, openApp, serve }) => {
    const { contracts } = await mirror<{ contracts: Array<{ contract_id: string }> }>(serve, '/api/v1/contracts?limit=1&order=desc');
    expect(contracts.length === 0, 'the demo has no contracts yet').toBe(false);
    const contractId = contracts[0]!.contract_id;
    const contract = await mirror<{ runtime_bytecode: string | null; admin_key: { _type: string; key: string } | null }>(serve, `/api/v1/contracts/${contractId}`);
    const results = await mirror<{ results: Array<{ hash: string }> }>(serve, `/api/v1/contracts/${contractId}/results?limit=25`);
    await openApp();
    await search(page, contractId);
    await expect(page).toHaveURL(new RegExp(`#/contract\\?id=${contractId.replaceAll('.', '\\.')}$`));
    await expect(page.getByTestId('contract-id')).toHaveText(contractId);
    const bytes = contract.runtime_bytecode ? (contract.runtime_bytecode.length - 2) / 2 : 0;
    await expect(page.getByTestId('runtime-size')).toHaveAttribute('data-bytes', String(bytes));
    await expect(page.getByTestId('contract-results')).toHaveAttribute('data-count', String(results.results.length));
    // A demo contract has no admin key or its own contract id as one (a protobuf Key), which is named as such.
    await expect(page.getByTestId('contract-admin-key')).toHaveText(contract.admin_key === null ? 'none' : `contract ${contractId}`);
    await screenshot(page, 'explorer-08-contract');
    await page.getByRole('tab', { name: 'Logs' }).click();
    await expect(page.getByTestId('contract-logs')).toHaveAttribute('data-status', 'ready');
    await page.getByRole('tab', { name: 'State' }).click();
    await expect(page.getByTestId('contract-state')).toHaveAttribute('data-status', 'ready');
    await screenshot(page, 'explorer-09-contract-state');

    expect(results.results.length === 0, 'the demo contract has no results yet').toBe(false);
    await search(page, results.results[0]!.hash);
    await expect(page).toHaveURL(/#\/contract-result\?id=0x/);
    await expect(page.getByTestId('contract-result-info')).toContainText(contractId);
    await screenshot(page, 'explorer-10-contract-result');
  });

  test("a contract's results name their result code as transactions do, a failure's too", async ({ page, openApp, serve }) => {
    type Result = { contract_id: string; hash: string; result: string };
    const { results } = await mirror<{ results: Result[] }>(serve, '/api/v1/contracts/results?limit=100');
    // A failure among its contract's latest 25 results, which the contract's page lists first.
    let failed: Result | null = null;
    for (const candidate of results.filter((r) => r.result !== 'SUCCESS')) {
      const own = await mirror<{ results: Array<{ hash: string; result?: string }> }>(serve, `/api/v1/contracts/${candidate.contract_id}/results?limit=25`);
      // The contract's own list carries no code (as the reference's): the page reads it from each result.
      expect(own.results[0]?.result).toBeUndefined();
      if (own.results.some((r) => r.hash === candidate.hash)) { failed = candidate; break; }
    }
    expect(failed === null, 'the demo has no failed contract result among the latest').toBe(false);
    await openApp(`#/contract?id=${failed!.contract_id}`);
    await expect(page.getByTestId('contract-results')).toHaveAttribute('data-status', 'ready');
    const rows = page.getByTestId('contract-result-row');
    const row = rows.filter({ has: page.locator(`a[href$="${failed!.hash}"]`) });
    await expect(row.getByTestId('result-badge')).toHaveText(failed!.result);
    await expect(row.getByTestId('result-badge')).toHaveAttribute('data-tone', 'critical');
    await expect(page.getByTestId('contract-results').getByRole('columnheader', { name: 'Result' })).toBeVisible();
    const codes = await rows.getByTestId('result-badge').allTextContents();
    expect(codes.length).toBe(await rows.count());
    for (const code of codes) expect(code).toMatch(/^[A-Z_]+$/);
  });

  test("a contract result whose code could not be read says so in its row, with a Retry; at most 4 are read at a time", async ({ page, openApp, serve }) => {
    const { contracts } = await mirror<{ contracts: Array<{ contract_id: string }> }>(serve, '/api/v1/contracts?limit=25');
    let contract: string | null = null;
    for (const { contract_id } of contracts) {
      const { results } = await mirror<{ results: unknown[] }>(serve, `/api/v1/contracts/${contract_id}/results?limit=25`);
      if (results.length >= 6) { contract = contract_id; break; }
    }
    expect(contract === null, 'the demo has no contract with 6 results').toBe(false);
    // Each result's read is held a moment (to see how many run at once); the first fails, until retried.
    let running = 0;
    let most = 0;
    let failFirst = true;
    await page.route('**/bridge/call/mirror/get', async (route) => {
      const { path } = route.request().postDataJSON() as { path: string };
      if (!/\/contracts\/[^/]+\/results\/\d+\.\d+$/.test(path)) return route.continue();
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 150));
      running--;
      if (failFirst) {
        failFirst = false;
        return route.fulfill({ json: { ok: false, error: { code: 'unavailable', message: 'The upstream mirror node did not answer in time', details: [] } } });
      }
      return route.continue();
    });
    await openApp(`#/contract?id=${contract}`);
    const failed = page.getByTestId('result-code-failed');
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText('not read');
    const rows = page.getByTestId('contract-result-row');
    await expect(rows.getByTestId('result-badge')).toHaveCount((await rows.count()) - 1);
    expect(most).toBeLessThanOrEqual(4);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(failed).toHaveCount(0);
    await expect(rows.getByTestId('result-badge')).toHaveCount(await rows.count());
  });

  test("a contract result names its input and output boxes with their sizes, the empty one too", async ({ page, openApp, serve }) => {
    type Result = { hash: string; function_parameters: string; call_result: string; contract_id: string; created_contract_ids: string[] };
    const { results } = await mirror<{ results: Result[] }>(serve, '/api/v1/contracts/results?limit=100');
    const call = (r: Result) => !r.created_contract_ids.includes(r.contract_id) && r.function_parameters.length > 2;
    const bytes = (hex: string) => (hex.length - 2) / 2;
    const inputOnly = results.find((r) => call(r) && r.call_result === '0x');
    const both = results.find((r) => call(r) && r.call_result.length > 2);
    expect(inputOnly && both, 'the demo has calls with and without output among the latest contract results').toBeTruthy();
    // Without output, the one box is the input, and is named so: not read as the (empty) output.
    await openApp(`#/contract-result?id=${inputOnly!.hash}`);
    const input = page.getByTestId('result-input');
    const output = page.getByTestId('result-output');
    await expect(input).toHaveAccessibleName(`Input (function parameters, ${bytes(inputOnly!.function_parameters)} bytes)`);
    await expect(input.locator('pre')).toHaveText(inputOnly!.function_parameters);
    await expect(output).toHaveAccessibleName('Output (call result, 0 bytes)');
    await expect(output.locator('pre')).toHaveCount(0);
    await expect(output).toContainText('None');
    await expect(page.getByRole('figure')).toHaveCount(2);
    // With both, each box under its own name.
    await openApp(`#/contract-result?id=${both!.hash}`);
    await expect(page.getByRole('figure', { name: /^Input / }).locator('pre')).toHaveText(both!.function_parameters);
    await expect(page.getByRole('figure', { name: `Output (call result, ${bytes(both!.call_result)} bytes)` }).locator('pre')).toHaveText(both!.call_result);
    await screenshot(page, 'explorer-10c-contract-result-io');
    expect(await axeFindings(page)).toEqual([]);
  });

  test('a contract result address that is no transaction id or 32-byte hash says so in terms of what was given', async ({ page, openApp }) => {
    await openApp('#/contract-result?id=0xdead');
    await expect(page.getByTestId('bad-result-id')).toContainText('Not a transaction id or hash');
    await expect(page.getByTestId('bad-result-id')).toContainText('0xdead is neither a transaction id nor a 32-byte Ethereum hash: a hash has 64 hex digits after 0x, this has 4.');
    await expect(page.getByTestId('contract-result-screen')).not.toContainText('Invalid Transaction id');
    expect(await axeFindings(page)).toEqual([]);
    await page.evaluate(() => { window.location.hash = '#/contract-result?id=0.0.1234'; });
    await expect(page.getByTestId('bad-result-id')).toContainText('0.0.1234 is neither a transaction id (like 0.0.1234-1700000000-000000000) nor a 32-byte Ethereum hash');
    // A well-formed one that is not there is still the mirror's "not found".
    await page.evaluate(() => { window.location.hash = `#/contract-result?id=0x${'ab'.repeat(32)}`; });
    await expect(page.getByTestId('not-found')).toContainText('No contract result here');
    await expect(page.getByTestId('bad-result-id')).toHaveCount(0);
  });

  test('a contract call transaction links to its contract result', async ({ page, openApp, serve }) => {
    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=CONTRACTCALL&limit=1');
    expect(transactions.length === 0, 'the demo has no contract calls yet').toBe(false);
    await openApp(`#/transaction?id=${transactions[0]!.transaction_id}`);
    await page.getByTestId('contract-result-link').first().click();
    await expect(page).toHaveURL(/#\/contract-result\?id=/);
    await expect(page.getByTestId('contract-result-info')).toBeVisible();
    // The caller, an account without an EVM alias, is the mirror's long-zero address: shown as its id, the payer.
    const { from } = await mirror<{ from: string }>(serve, `/api/v1/contracts/results/${transactions[0]!.transaction_id}`);
    expect(from).toMatch(/^0x0{24}[0-9a-f]{16}$/);
    const payer = transactions[0]!.transaction_id.split('-')[0]!;
    await expect(page.getByTestId('result-from').getByRole('link')).toHaveText(payer);
    await expect(page.getByTestId('result-from')).toContainText(from);
    // And back: the result names its transaction, found by the result's timestamp.
    await expect(page.getByTestId('result-transaction')).toHaveText(transactions[0]!.transaction_id);
    await page.getByTestId('result-transaction').getByRole('link').click();
    await expect(page.getByTestId('transaction-screen').locator('h1')).toHaveText(transactions[0]!.transaction_id);
    await expect(page.getByTestId('transaction-card').first()).toContainText('CONTRACTCALL');
  });

  test('a transaction and a contract result name their block, whose page lists what it holds and leads to its neighbours', async ({ page, openApp, serve }) => {
    const { results } = await mirror<{ results: Array<{ timestamp: string; block_number: number; block_hash: string; transaction_index: number }> }>(serve, '/api/v1/contracts/results?limit=1');
    const [result] = results;
    expect(result === undefined, 'the demo has no contract results').toBe(false);
    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, `/api/v1/transactions?timestamp=${result!.timestamp}`);
    const tx = transactions[0]!;
    const block = await mirror<{ number: number; hash: string; count: number; timestamp: { from: string; to: string } }>(serve, `/api/v1/blocks/${result!.block_number}`);
    await openApp(`#/transaction?id=${tx.transaction_id}`);
    await expect(page.getByTestId('transaction-block').first()).toHaveText(block.number.toLocaleString('en-US'));
    await page.getByTestId('contract-result-link').first().click();
    await expect(page.getByTestId('result-block')).toHaveText(block.number.toLocaleString('en-US'));
    await expect(page.getByTestId('contract-result-info')).toContainText(`transaction ${result!.transaction_index} in it`);
    await page.getByTestId('result-block').click();
    await expect(page).toHaveURL(new RegExp(`#/block\\?number=${block.number}$`));
    await expect(page.getByTestId('block-number')).toHaveText(block.number.toLocaleString('en-US'));
    await expect(page.getByTestId('block-info')).toContainText(block.hash);
    // Its transactions, as the mirror lists them between its first and last consensus time.
    await expect(page.getByTestId('transaction-row')).toHaveCount(block.count);
    await expect(page.getByTestId('transactions-list')).toContainText(tx.transaction_id);
    await screenshot(page, 'explorer-10b-block');
    expect(await axeFindings(page)).toEqual([]);
    await page.getByTestId('block-previous').click();
    await expect(page.getByTestId('block-number')).toHaveText((block.number - 1).toLocaleString('en-US'));
    const previous = await mirror<{ hash: string }>(serve, `/api/v1/blocks/${block.number - 1}`);
    await expect(page.getByTestId('block-info')).toContainText(previous.hash);
    // The search box opens a block by its hash, or by its first 32 bytes as Ethereum tools show a block hash.
    await search(page, block.hash);
    await expect(page.getByTestId('block-number')).toHaveText(block.number.toLocaleString('en-US'));
    await openApp('#/accounts');
    await search(page, block.hash.slice(0, 66));
    await expect(page).toHaveURL(new RegExp(`#/block\\?number=${block.number}$`));
    // The block after the newest is not there yet: the newest says it is, with no link forward.
    const { blocks } = await mirror<{ blocks: Array<{ number: number }> }>(serve, '/api/v1/blocks?limit=2');
    await openApp(`#/block?number=${blocks[0]!.number}`);
    await expect(page.getByTestId('block-newest')).toHaveText('Newest block');
    await expect(page.getByTestId('block-next')).toHaveCount(0);
    await expect(page.getByTestId('block-previous')).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    // The one before it links forward to it.
    await page.getByTestId('block-previous').click();
    await expect(page.getByTestId('block-number')).toHaveText(blocks[1]!.number.toLocaleString('en-US'));
    await expect(page.getByTestId('block-newest')).toHaveCount(0);
    await page.getByTestId('block-next').click();
    await expect(page.getByTestId('block-number')).toHaveText(blocks[0]!.number.toLocaleString('en-US'));
  });

  test('the Blocks screen lists the newest blocks page by page, each opening its Block page, and opens one by number', async ({ page, openApp, serve }) => {
    type Block = { number: number; count: number; hash: string; timestamp: { from: string; to: string } };
    const first = await mirror<{ blocks: Block[]; links: { next: string | null } }>(serve, '/api/v1/blocks?limit=25');
    const second = await mirror<{ blocks: Block[] }>(serve, first.links.next!);
    await openApp();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Blocks', exact: true }).click();
    await expect(page).toHaveURL(/#\/blocks$/);
    const list = page.getByTestId('blocks-list');
    await expect(list).toHaveAttribute('data-status', 'ready');
    const rows = list.getByTestId('block-row');
    await expect(rows).toHaveCount(first.blocks.length);
    await expect(rows.first()).toHaveAttribute('data-block', String(first.blocks[0]!.number));
    await expect(rows.first()).toContainText(first.blocks[0]!.hash.slice(0, 10));
    await screenshot(page, 'explorer-19-blocks');
    // Older blocks behind "Load more", as the next link gives them.
    await list.getByTestId('load-more').click();
    await expect(rows).toHaveCount(first.blocks.length + second.blocks.length);
    await expect(rows.nth(first.blocks.length)).toHaveAttribute('data-block', String(second.blocks[0]!.number));
    // A row opens its block.
    await rows.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`#/block\\?number=${first.blocks[0]!.number}$`));
    await expect(page.getByTestId('block-number')).toHaveText(first.blocks[0]!.number.toLocaleString('en-US'));
    // By number, and what a number that is not one says.
    await goBack(page);
    const form = page.getByTestId('block-open');
    await form.getByLabel('Block number').fill('12x');
    await form.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByTestId('block-open-problem')).toContainText('is not a block number');
    await expect(page).toHaveURL(/#\/blocks$/);
    await form.getByLabel('Block number').fill('1,000');
    await form.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(/#\/block\?number=1000$/);
    await expect(page.getByTestId('block-number')).toHaveText('1,000');
    // By a moment: the block that holds it, or the first after it (a block's time filter is on its end).
    await goBack(page);
    const seconds = Math.floor(Number(second.blocks[3]!.timestamp.to));
    const { blocks: [at] } = await mirror<{ blocks: Block[] }>(serve, `/api/v1/blocks?timestamp=gte:${seconds}&order=asc&limit=1`);
    expect(Number(at!.timestamp.to)).toBeGreaterThanOrEqual(seconds);
    const atForm = page.getByTestId('block-open-at');
    await atForm.getByLabel('At (UTC)').fill(new Date(seconds * 1000).toISOString().slice(0, 19));
    await atForm.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`#/block\\?number=${at!.number}$`));
    // After the newest block there is none to open.
    await goBack(page);
    await atForm.getByLabel('At (UTC)').fill(new Date((Math.floor(Number(first.blocks[0]!.timestamp.to)) + 60) * 1000).toISOString().slice(0, 19));
    await atForm.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByTestId('block-open-problem')).toHaveText('The local mirror holds no block at or after that moment.');
  });

  test('a by-id page folds the mirror API answer it shows: the JSON the REST port sends, and its URL to copy', async ({ page, openApp, serve, context }) => {
    const { tokens } = await mirror<{ tokens: Array<{ token_id: string }> }>(serve, '/api/v1/tokens?limit=1');
    const tokenId = tokens[0]!.token_id;
    await openApp(`#/token?id=${tokenId}`);
    const answer = page.getByTestId('api-answer');
    await expect(answer).toContainText(`GET /api/v1/tokens/${tokenId}`);
    await expect(answer.getByTestId('api-answer-json')).toHaveCount(0);
    await answer.locator('summary').click();
    const shown = JSON.parse((await answer.getByTestId('api-answer-json').textContent())!) as unknown;
    expect(shown).toEqual(await mirror<unknown>(serve, `/api/v1/tokens/${tokenId}`));

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await answer.getByRole('button', { name: 'Copy URL' }).click();
    await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${serve.mirrorUrl}/api/v1/tokens/${tokenId}`);

    // The account page is drawn from the accounts list: its /accounts/{id} answer is asked for when opened.
    const { accounts } = await mirror<{ accounts: Account[] }>(serve, '/api/v1/accounts?account.id=gt:0.0.1000&limit=1');
    const accountId = accounts[0]!.account;
    await openApp(`#/account?id=${accountId}`);
    await expect(answer).toContainText(`GET /api/v1/accounts/${accountId}`);
    await answer.locator('summary').click();
    const account = JSON.parse((await answer.getByTestId('api-answer-json').textContent())!) as unknown;
    expect(account).toEqual(await mirror<unknown>(serve, `/api/v1/accounts/${accountId}`));
  });

  test('ids, addresses, keys and hashes copy with one click, each what is shown', async ({ page, openApp, serve, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    const copy = async (name: string, expected: string) => {
      await page.getByRole('button', { name: `Copy ${name}`, exact: true }).first().click();
      await expect.poll(clipboard, `copied ${name}`).toBe(expected);
      // Said to screen readers too, and shown as a tick on the button until it fades.
      await expect(page.getByRole('status').filter({ hasText: `${name} copied` })).toHaveCount(1);
    };

    type Keyed = Account & { alias: string | null; key: { key: string } | null };
    const { accounts } = await mirror<{ accounts: Keyed[] }>(serve, '/api/v1/accounts?account.id=gt:0.0.1000&limit=1');
    const account = accounts[0]!;
    await openApp(`#/account?id=${account.account}`);
    await expect(page.getByTestId('account-id')).toHaveText(account.account);
    await copy('account id', account.account);
    await copy('EVM address', account.evm_address!);
    await copy('public key', account.key!.key);
    // A value that is not there ("—") offers nothing to copy.
    if (account.alias === null) await expect(page.getByRole('button', { name: 'Copy alias', exact: true })).toHaveCount(0);

    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=CRYPTOTRANSFER&limit=1');
    const tx = transactions[0]!;
    await openApp(`#/transaction?id=${tx.transaction_id}`);
    await copy('transaction id', tx.transaction_id);
    await copy('transaction hash', `0x${Buffer.from(tx.transaction_hash, 'base64').toString('hex')}`);
    await screenshot(page, 'explorer-22-copied');

    const { contracts } = await mirror<{ contracts: Array<{ contract_id: string; evm_address: string }> }>(serve, '/api/v1/contracts?limit=1');
    await openApp(`#/contract?id=${contracts[0]!.contract_id}`);
    await copy('contract id', contracts[0]!.contract_id);
    await copy('EVM address', contracts[0]!.evm_address);
  });

  test("the top bar's Copy API URL button keeps its width when it says Copied, so that nothing beside it moves", async ({ page, openApp, serve, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const button = page.getByRole('button', { name: 'Copy API URL of the mirror' });
    /** What the button shows, as rendered (its hidden label left out). */
    const shown = () => button.evaluate((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
    // With the URL text beside it, and without it (below 1400 px), where the button names what it copies.
    for (const [width, label] of [[1400, ''], [1280, ' API URL']] as const) {
      await page.setViewportSize({ width, height: 860 });
      await openApp('#/accounts');
      await expect.poll(shown).toBe(`Copy${label}`);
      const before = (await button.boundingBox())!;
      const bar = (await page.getByTestId('network-indicator').boundingBox())!;
      await button.click();
      await expect.poll(shown).toBe('Copied');
      expect((await button.boundingBox())!, `the button at ${width} px`).toEqual(before);
      expect((await page.getByTestId('network-indicator').boundingBox())!, `the bar at ${width} px`).toEqual(bar);
      await expect(page.getByRole('status').filter({ hasText: 'Mirror API URL copied' })).toHaveCount(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(serve.mirrorUrl);
      await expect.poll(shown).toBe(`Copy${label}`);
    }
  });

  test('a topic page shows its messages, text decoded', async ({ page, openApp, serve }) => {
    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=CONSENSUSSUBMITMESSAGE&limit=1');
    expect(transactions.length === 0 || !transactions[0]!.entity_id, 'the demo has no topic messages yet').toBe(false);
    const topicId = transactions[0]!.entity_id!;
    const messages = await mirror<{ messages: Array<{ message: string }> }>(serve, `/api/v1/topics/${topicId}/messages?limit=25`);
    await openApp();
    await search(page, topicId);
    await expect(page).toHaveURL(new RegExp(`#/topic\\?id=${topicId.replaceAll('.', '\\.')}$`));
    await expect(page.getByTestId('topic-id')).toHaveText(topicId);
    await expect(page.getByTestId('message-row')).toHaveCount(messages.messages.length);
    const first = Buffer.from(messages.messages[0]!.message, 'base64').toString('utf8');
    if (/^[\P{C}\n\t]*$/u.test(first)) await expect(page.getByTestId('message-row').first()).toContainText(first.trim().slice(0, 40));
    await screenshot(page, 'explorer-11-topic');
  });

  test('a long topic message stops at the end of a line, and unfolds whole', async ({ page, openApp, serve }) => {
    type Message = { message: string; sequence_number: number };
    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=CONSENSUSSUBMITMESSAGE&limit=100');
    let found: { topicId: string; long: Message; short: Message } | null = null;
    const text = (m: Message) => Buffer.from(m.message, 'base64').toString('utf8');
    for (const topicId of new Set(transactions.map((tx) => tx.entity_id!))) {
      const { messages } = await mirror<{ messages: Message[] }>(serve, `/api/v1/topics/${topicId}/messages?limit=25`);
      const long = messages.find((m) => text(m).split('\n').length > 10);
      const short = messages.find((m) => /^[\x20-\x7e]{1,20}$/.test(text(m)));
      if (long && short) { found = { topicId, long, short }; break; }
    }
    expect(found, 'a topic with a message of many lines and a short one among its first 25').not.toBeNull();
    await openApp(`#/topic?id=${found!.topicId}`);
    const rowOf = (m: Message) => page.getByTestId('message-row').filter({ has: page.locator('td.num', { hasText: new RegExp(`^${m.sequence_number}$`) }) });
    const textOf = (m: Message) => rowOf(m).getByTestId('message-text');
    const row = rowOf(found!.long);
    const long = textOf(found!.long);
    await expect(long).toHaveAttribute('data-clamped', 'true');
    // Six whole lines of the height one line takes, not a box cut through a line.
    const lineHeight = await textOf(found!.short).evaluate((el) => el.getBoundingClientRect().height);
    const height = await long.evaluate((el) => el.getBoundingClientRect().height);
    expect(height / lineHeight).toBeCloseTo(6, 1);
    // The hidden part is still there to read aloud and copy.
    await expect(long).toHaveText(text(found!.long));
    await row.getByRole('button', { name: 'Show all lines' }).click();
    await expect(long).toHaveAttribute('data-clamped', 'false');
    expect(await long.evaluate((el) => el.scrollHeight - el.clientHeight), 'nothing left hidden').toBeLessThanOrEqual(1);
    expect(await long.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(height * 1.5);
    // Folded from its end, the message's button is brought back into sight rather than left above the screen.
    const fewer = row.getByRole('button', { name: 'Show fewer lines' });
    await fewer.scrollIntoViewIfNeeded();
    await fewer.click();
    await expect(long).toHaveAttribute('data-clamped', 'true');
    await expect(row.getByRole('button', { name: 'Show all lines' })).toBeInViewport({ ratio: 0.9 });
  });

  test('a message submitted in chunks is shown whole from its first chunk, the chunks joined', async ({ page, openApp, serve }) => {
    type Message = { message: string; sequence_number: number; chunk_info: { number: number; total: number; initial_transaction_id: { transaction_valid_start: string } } | null };
    const { transactions } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=CONSENSUSSUBMITMESSAGE&limit=100');
    let found: { topicId: string; first: Message; chunks: Message[] } | null = null;
    for (const topicId of new Set(transactions.map((tx) => tx.entity_id!))) {
      const { messages } = await mirror<{ messages: Message[] }>(serve, `/api/v1/topics/${topicId}/messages?limit=25`);
      const first = messages.find((m) => m.chunk_info?.number === 1 && m.chunk_info.total > 1);
      if (!first) continue;
      const start = first.chunk_info!.initial_transaction_id.transaction_valid_start;
      const chunks = messages.filter((m) => m.chunk_info?.initial_transaction_id.transaction_valid_start === start).sort((a, b) => a.chunk_info!.number - b.chunk_info!.number);
      if (chunks.length === first.chunk_info!.total) found = { topicId, first, chunks };
      if (found) break;
    }
    expect(found, 'a chunked message among the first 25 of a demo topic').not.toBeNull();
    const whole = Buffer.concat(found!.chunks.map((m) => Buffer.from(m.message, 'base64'))).toString('utf8');
    await openApp(`#/topic?id=${found!.topicId}`);
    const row = page.getByTestId('message-row').filter({ has: page.locator('td.num', { hasText: new RegExp(`^${found!.first.sequence_number}$`) }) });
    await row.getByTestId('chunked-toggle').click();
    await expect(page.getByTestId('chunked-text')).toHaveText(whole);
    await expect(page.getByTestId('chunked-whole')).toContainText(`Whole message, ${found!.chunks.length} chunks joined`);
    await screenshot(page, 'explorer-11b-topic-whole-message');
    await row.getByTestId('chunked-toggle').click();
    await expect(page.getByTestId('chunked-whole')).toHaveCount(0);
  });

  test('a schedule page shows its signers, what it executes, and links to its execution', async ({ page, openApp, serve }) => {
    const { schedules } = await mirror<{ schedules: Array<{ schedule_id: string; executed_timestamp: string | null; signatures: Array<{ public_key_prefix: string }> }> }>(serve, '/api/v1/schedules?limit=25');
    const executed = schedules.find((s) => s.executed_timestamp && s.signatures.length > 0);
    expect(!executed, 'the demo has no executed schedule yet').toBe(false);
    await openApp();
    await search(page, executed!.schedule_id);
    await expect(page).toHaveURL(new RegExp(`#/schedule\\?id=${executed!.schedule_id.replaceAll('.', '\\.')}$`));
    await expect(page.getByTestId('schedule-id')).toHaveText(executed!.schedule_id);
    // The demo schedules HBAR transfers: the body reads as one, a debit and a credit.
    await expect(page.getByTestId('scheduled-type')).toHaveText('CRYPTOTRANSFER');
    await expect(page.getByTestId('scheduled-transaction').getByTestId('hbar-transfers').locator('tbody tr')).toHaveCount(2);
    // Its signers' key prefixes in hex, as every other key is shown (the API gives them in base64).
    await expect(page.getByTestId('signature-key-prefix')).toHaveText(executed!.signatures.map((s) => Buffer.from(s.public_key_prefix, 'base64').toString('hex')));
    await screenshot(page, 'explorer-16-schedule');
    await page.getByTestId('executed-link').click();
    await expect(page.getByTestId('transaction-row')).toHaveCount(1);
    await expect(page.getByTestId('transaction-row').first().locator(`td[title="${executed!.executed_timestamp}"]`)).toHaveCount(1);
  });

  test('a schedule the network dropped says it never executed; only a pending one says "not yet"', async ({ page, openApp, serve }) => {
    type Schedule = { schedule_id: string; executed_timestamp: string | null; deleted: boolean; expiration_time: string | null; consensus_timestamp: string };
    const { schedules } = await mirror<{ schedules: Schedule[] }>(serve, '/api/v1/schedules?limit=100');
    const inState = (state: string) => schedules.find((s) => scheduleState(s, Date.now()) === state);
    const deleted = inState('deleted');
    const expired = inState('expired');
    expect(deleted && expired, 'the demo has a deleted and an expired schedule').toBeTruthy();
    const expectations: Array<[Schedule, string, string]> = [[deleted!, 'deleted', 'never (deleted)'], [expired!, 'expired', 'never (expired)']];
    // A schedule still waiting to run, when the demo's clock leaves one.
    const pending = inState('pending');
    if (pending) expectations.push([pending, 'pending', 'not yet']);
    await openApp();
    for (const [schedule, state, executed] of expectations) {
      await page.evaluate((id) => { window.location.hash = `#/schedule?id=${id}`; }, schedule.schedule_id);
      await expect(page.getByTestId('schedule-id')).toHaveText(schedule.schedule_id);
      await expect(page.getByTestId('schedule-state')).toHaveText(state);
      await expect(page.getByTestId('not-executed')).toHaveText(executed);
      await expect(page.getByTestId('executed-link')).toHaveCount(0);
    }
  });

  test('the Schedules screen lists schedules newest first with where each stands, by creator and in either order', async ({ page, openApp, serve }) => {
    type Schedule = { schedule_id: string; creator_account_id: string; executed_timestamp: string | null; deleted: boolean };
    const { schedules } = await mirror<{ schedules: Schedule[] }>(serve, '/api/v1/schedules?order=desc&limit=25');
    expect(schedules.length, 'the demo holds schedules').toBeGreaterThan(2);
    await openApp('#/transactions');
    await page.getByTestId('schedules-link').click();
    await expect(page).toHaveURL(/#\/schedules$/);
    const rows = page.getByTestId('schedule-row');
    await expect(rows).toHaveCount(schedules.length);
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-schedule')))).toEqual(schedules.map((s) => s.schedule_id));
    // Executed and deleted as the mirror says; the rest pending or, once their expiry has passed, expired.
    for (const [i, schedule] of schedules.entries()) {
      const state = rows.nth(i).getByTestId('schedule-state');
      if (schedule.executed_timestamp) await expect(state).toHaveText('executed');
      else if (schedule.deleted) await expect(state).toHaveText('deleted');
      else await expect(state).toHaveText(/^(pending|expired)$/);
    }
    // The demo schedules HBAR transfers, read from each schedule's body.
    await expect(rows.first().getByTestId('schedule-operation')).toHaveText('CRYPTOTRANSFER');
    await screenshot(page, 'explorer-16b-schedules');

    const creator = schedules.at(-1)!.creator_account_id;
    const created = await mirror<{ schedules: Schedule[] }>(serve, `/api/v1/schedules?account.id=${creator}&order=asc&limit=25`);
    await page.getByLabel('Creator account id').fill(creator);
    await page.getByLabel('Order').selectOption('asc');
    await page.getByTestId('schedules-filters').getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`#/schedules\\?account\\.id=${creator.replaceAll('.', '\\.')}&order=asc$`));
    await expect(rows).toHaveCount(created.schedules.length);
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-schedule')))).toEqual(created.schedules.map((s) => s.schedule_id));

    // A creator that made none says so; a malformed one is refused beside the field, as on the Transactions screen.
    await page.getByLabel('Creator account id').fill('0.0.2');
    await page.getByTestId('schedules-filters').getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('schedules-list').getByTestId('empty')).toHaveText('0.0.2 created no schedule the local mirror holds');
    await page.getByLabel('Creator account id').fill('0.0.x');
    await page.getByTestId('schedules-filters').getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('creator-filter-refused')).toHaveText('“0.0.x” is not an account id (0.0.1234), EVM address or alias');
    await expect(page).toHaveURL(/#\/schedules\?account\.id=0\.0\.2&order=asc$/);

    // Reset, then a row opens its schedule page, which leads back to the list and to its creator's schedules.
    await page.getByTestId('schedules-filters').getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/#\/schedules$/);
    await rows.first().getByRole('link', { name: schedules[0]!.schedule_id }).click();
    await expect(page.getByTestId('schedule-id')).toHaveText(schedules[0]!.schedule_id);
    await page.getByTestId('creator-schedules').click();
    await expect(page).toHaveURL(new RegExp(`#/schedules\\?account\\.id=${schedules[0]!.creator_account_id.replaceAll('.', '\\.')}$`));
    await expect(rows.first()).toHaveAttribute('data-schedule', schedules[0]!.schedule_id);
  });

  test('/ puts the cursor in the search box, except while typing in another field', async ({ page, openApp }) => {
    await openApp('#/tokens');
    await expect(page.getByTestId('tokens-screen')).toBeVisible();
    await page.locator('h1').click();
    await page.keyboard.press('/');
    await expect(page.getByTestId('search-input')).toBeFocused();
    await expect(page.getByTestId('search-input')).toHaveValue('');
    // In a field, / is a character like any other.
    await page.getByLabel('Token name').fill('a');
    await page.getByLabel('Token name').press('/');
    await expect(page.getByLabel('Token name')).toBeFocused();
    await expect(page.getByLabel('Token name')).toHaveValue('a/');
  });

  test('a bad search says so next to the box and stays on the screen', async ({ page, openApp }) => {
    await openApp('#/accounts');
    await search(page, '0.0.1.2');
    await expect(page.getByTestId('search-message')).toContainText('is not an entity id');
    await expect(page).toHaveURL(/#\/accounts$/);
    await screenshot(page, 'explorer-12-bad-search');
    await search(page, 'no token is named like this');
    await expect(page.getByTestId('search-message')).toHaveText('No token whose name contains “no token is named like this” in the local mirror');
    await expect(page).toHaveURL(/#\/accounts$/);
    await search(page, '0.0.987654321');
    await expect(page.getByTestId('search-message')).toHaveText('No account, contract, token, topic or schedule 0.0.987654321 in the local mirror');
    await page.getByTestId('search-input').fill('0.0.98');
    await expect(page.getByTestId('search-message')).toHaveCount(0);
  });

  test('the search box takes a consensus time and a base64 transaction hash, and keeps a long refusal inside its box', async ({ page, openApp, serve }) => {
    const { transactions: [batch] } = await mirror<{ transactions: Tx[] }>(serve, '/api/v1/transactions?transactiontype=ATOMICBATCH&limit=1');
    const inner = (await mirror<{ transactions: Tx[] }>(serve, `/api/v1/transactions/${batch!.transaction_id}`)).transactions.find((t) => t.transaction_id !== batch!.transaction_id)!;
    await openApp('#/accounts');
    // A consensus time, as a transaction's Parent row shows it, opens the transaction of that time.
    await search(page, inner.consensus_timestamp);
    await expect(page).toHaveURL(new RegExp(`#/transaction\\?id=${inner.transaction_id.replaceAll('.', '\\.')}$`));
    await expect(page.getByTestId('transaction-card').first()).toHaveAttribute('data-name', inner.name);
    const [seconds] = inner.consensus_timestamp.split('.');
    const { transactions: at } = await mirror<{ transactions: Tx[] }>(serve, `/api/v1/transactions?timestamp=${seconds}.000000001`);
    expect(at, 'no demo transaction at the first nanosecond of a second').toEqual([]);
    await search(page, `${seconds}.000000001`);
    await expect(page.getByTestId('search-message')).toHaveText(`No transaction at consensus time ${seconds}.000000001 in the local mirror`);

    // The hash as the mirror API answers it (base64), and in base64url, opens the transaction.
    await openApp('#/accounts');
    await search(page, batch!.transaction_hash);
    await expect(page).toHaveURL(new RegExp(`#/transaction\\?id=0x${base64ToHex(batch!.transaction_hash)}$`));
    await openApp('#/accounts');
    await search(page, Buffer.from(batch!.transaction_hash, 'base64').toString('base64url'));
    await expect(page).toHaveURL(new RegExp(`#/transaction\\?id=0x${base64ToHex(batch!.transaction_hash)}$`));

    // What is refused is quoted: a long string without spaces wraps inside the message.
    await search(page, `0x${'z'.repeat(120)}`);
    const message = page.getByTestId('search-message');
    await expect(message).toContainText('is not an entity id');
    expect(await message.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the message keeps its text inside').toBe(true);
  });

  test('a whole number alone opens the block or the entity of that number, and offers both where both exist', async ({ page, openApp, serve }) => {
    // The newest block's number is past every entity's in the demo: only the block has it.
    const { blocks: [newest] } = await mirror<{ blocks: Array<{ number: number }> }>(serve, '/api/v1/blocks?limit=1');
    const entity = await fetch(`${serve.mirrorUrl}/api/v1/accounts/0.0.${newest!.number}`);
    test.skip(entity.ok, 'the demo has an account numbered like its newest block');
    await openApp('#/accounts');
    await search(page, String(newest!.number));
    await expect(page).toHaveURL(new RegExp(`#/block\\?number=${newest!.number}$`));

    // An account's number that is also a block's.
    const { accounts: [account] } = await mirror<{ accounts: Account[] }>(serve, '/api/v1/accounts?account.id=gte:0.0.1001&limit=1&balance=false');
    const number = account!.account.split('.')[2]!;
    await mirror(serve, `/api/v1/blocks/${number}`);
    await openApp('#/accounts');
    await search(page, number);
    const choice = page.getByTestId('search-choice');
    await expect(choice).toContainText(`“${number}” could be`);
    await expect(choice.getByRole('link')).toHaveText([new RegExp(` 0\\.0\\.${number}$`), `block ${number}`]);
    await expect(page).toHaveURL(/#\/accounts$/);
    await screenshot(page, 'explorer-12b-search-choice');
    // Tab leads into the offered links; Escape there closes the offer and goes back to the box, text kept.
    const box = page.getByTestId('search-input');
    await page.keyboard.press('Tab');
    await expect(choice.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(choice).toHaveCount(0);
    await expect(box).toBeFocused();
    await expect(box).toHaveValue(number);
    // Tabbing past the links closes the offer rather than leave it over the screen.
    await box.press('Enter');
    await expect(choice.getByRole('link')).toHaveCount(2);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(choice).toHaveCount(0);
    await search(page, number);
    await choice.getByRole('link', { name: `block ${number}` }).click();
    await expect(page).toHaveURL(new RegExp(`#/block\\?number=${number}$`));
    await expect(choice).toHaveCount(0);
    await expect(page.getByTestId('search-input')).toHaveValue('');
    // A full id is an entity's only.
    await search(page, `0.0.${number}`);
    await expect(page).toHaveURL(new RegExp(`#/(account|contract)\\?id=0\\.0\\.${number}$`));
  });

  test('the search box takes part of a token name: one match opens the token, several the Tokens screen', async ({ page, openApp, serve }) => {
    const { tokens: [collection] } = await mirror<{ tokens: Array<{ token_id: string; name: string }> }>(serve, '/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=1');
    const named = await mirror<{ tokens: Array<{ token_id: string }> }>(serve, `/api/v1/tokens?name=${encodeURIComponent(collection!.name)}&limit=2`);
    await openApp('#/accounts');
    await search(page, collection!.name.toLowerCase());
    if (named.tokens.length === 1) {
      await expect(page).toHaveURL(new RegExp(`#/token\\?id=${collection!.token_id.replaceAll('.', '\\.')}$`));
    } else {
      // The demo may reuse a name: the list shows them all.
      await expect(page).toHaveURL(/#\/tokens\?name=/);
      await expect(page.getByTestId('tokens-list').locator(`[data-token="${collection!.token_id}"]`)).toBeVisible();
    }
    // A word many names share opens the list, filtered by it.
    const word = collection!.name.split(' ')[0]!.slice(0, 3);
    const many = await mirror<{ tokens: unknown[] }>(serve, `/api/v1/tokens?name=${encodeURIComponent(word)}&limit=2`);
    expect(many.tokens.length < 2, 'only one token name holds the word').toBe(false);
    await search(page, word);
    await expect(page).toHaveURL(new RegExp(`#/tokens\\?name=${word}$`));
    await expect(page.getByTestId('tokens-list')).toHaveAttribute('data-status', 'ready');
  });

  test('a by-id page says when the address has no id, the id is unknown or malformed, and follows id changes', async ({ page, openApp, serve }) => {
    const { tokens } = await mirror<{ tokens: Array<{ token_id: string }> }>(serve, '/api/v1/tokens?limit=1');
    await openApp('#/token');
    await expect(page.getByTestId('token-screen')).toContainText('No token id in the address.');
    // The mirror's 404 and the accounts list's empty answer both read as "not found".
    await page.evaluate(() => { window.location.hash = '#/token?id=0.0.987654321'; });
    await expect(page.getByTestId('not-found')).toContainText('No token here');
    await expect(page.getByTestId('not-found')).toContainText('The local mirror has no token 0.0.987654321.');
    await openApp('#/account?id=0.0.987654321');
    await expect(page.getByTestId('not-found')).toContainText('The local mirror has no account 0.0.987654321.');
    await expect(page.getByTestId('found-elsewhere')).toHaveCount(0);
    // An id that is something else (a token opened as an account): the page says what, with a way there.
    await openApp(`#/account?id=${tokens[0]!.token_id}`);
    await expect(page.getByTestId('not-found')).toContainText(`The local mirror has no account ${tokens[0]!.token_id}.`);
    await expect(page.getByTestId('found-elsewhere')).toHaveText(`${tokens[0]!.token_id} is a token: open the token.`);
    await page.getByTestId('found-elsewhere').getByRole('link', { name: 'open the token' }).click();
    await expect(page.getByTestId('token-id')).toHaveText(tokens[0]!.token_id);
    await page.evaluate(() => { window.location.hash = '#/token?id=not-an-id'; });
    await expect(page.getByTestId('load-error')).toHaveAttribute('data-code', 'invalid-input');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“not-an-id” is not a token id');
    // Refused as it stands: asking again cannot help, so there is no Retry, and it says what would.
    await expect(page.getByTestId('load-error').getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(page.getByTestId('load-error')).toContainText('change the address or filter it came from');
    await screenshot(page, 'explorer-18-malformed-id');
    await page.evaluate((id) => { window.location.hash = `#/token?id=${id}`; }, tokens[0]!.token_id);
    await expect(page.getByTestId('token-id')).toHaveText(tokens[0]!.token_id);
    // The same on the screens of the reference's Java module, whose refusal is worded otherwise.
    await openApp('#/topic?id=abc');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“abc” is not a topic id');
    await expect(page.getByTestId('load-error')).toContainText("Invalid value for path variable 'id'");
    await openApp('#/account?id=abc');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“abc” is not an account id');
  });

  test("Retry of a by-id page that failed keeps keyboard focus: on the button while it loads or fails again, then on the page's heading", async ({ page, openApp, serve }) => {
    const { tokens } = await mirror<{ tokens: Array<{ token_id: string; name: string }> }>(serve, '/api/v1/tokens?type=FUNGIBLE_COMMON&limit=1');
    const token = tokens[0]!;
    // The token's own answer fails twice, then comes; each is held until released.
    let failures = 2;
    let asked = 0;
    let release: () => void = () => {};
    await page.route('**/bridge/call/mirror/get', async (route) => {
      if ((route.request().postDataJSON() as { path: string }).path !== `/api/v1/tokens/${token.token_id}`) return route.continue();
      asked++;
      if (asked > 1) await new Promise<void>((resolve) => { release = resolve; });
      if (failures-- > 0) return route.fulfill({ json: { ok: false, error: { code: 'unavailable', message: 'The store is busy', details: [] } } });
      return route.continue();
    });
    await openApp(`#/token?id=${token.token_id}`);
    const retry = page.getByTestId('load-error').getByRole('button', { name: 'Retry' });
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => asked).toBe(2);
    // While it loads the button stays, says so and keeps focus; pressed again, nothing more is asked.
    const button = page.getByTestId('load-error').getByRole('button');
    await expect(button).toHaveText('Retrying…');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toBeFocused();
    await screenshot(page, 'explorer-23-by-id-retrying');
    await page.keyboard.press('Enter');
    release();
    // Failed again: focus is still on it, and it offers to try again.
    await expect(button).toHaveText('Retry');
    await expect(button).toBeFocused();
    expect(asked).toBe(2);

    await page.keyboard.press('Enter');
    await expect.poll(() => asked).toBe(3);
    await expect(button).toBeFocused();
    release();
    // The token came: focus is on the page's heading, where reading starts, and the next Tab goes on into the page.
    const heading = page.getByTestId('token-screen').getByRole('heading', { level: 1 });
    await expect(heading).toContainText(token.name);
    await expect(heading).toBeFocused();
    await screenshot(page, 'explorer-23b-by-id-retried');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="token-screen"]') !== null)).toBe(true);
  });
});
