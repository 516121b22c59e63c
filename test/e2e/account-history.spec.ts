import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { leaveFreedRoom } from './freed-room.ts';
import { parseJsonLossless } from '../../main/mirror/format/json-out.ts';
import { balanceAt, HBAR } from '../../renderer/src/lib/balance-at.ts';
import { withChecksum } from '../../renderer/src/lib/entity-checksum.ts';
import { formatHbar } from '../../renderer/src/lib/format.ts';
import { MIN_COMPACTION_GAIN_BYTES } from '../../renderer/src/lib/store-compaction-offer.ts';
import { nanosToTimestamp, timestampToNanos } from '../../renderer/src/lib/ledger-format.ts';
import { bridgeValue } from '../helpers/serve-process.ts';
import { axeFindings } from './axe-findings.ts';
import { expect, screenshot, syncedServes, test } from './serve-fixture.ts';

// An upstream on the demo profile and the app under test syncing from it: the synced store holds
// what happened after its sync began, and an account's older history is fetched on request. The
// profile says it is testnet's chain (296), whose ids carry testnet's HIP-15 checksums.
const serves = syncedServes('mirrordesk-e2e-history-', ['--sync-rate', '0', '--chain-id', '296']);
// axe-core runs as an inline script, which the app's CSP forbids.
test.use({ bypassCSP: true });

test("an account's older history is fetched on request, and its balances at earlier moments are then worked out", async ({ page }) => {
  test.setTimeout(120_000);
  // A user account with a few hundred transfers, all from before the sync began.
  const upstreamDb = new Database(path.join(serves.upstream.dir, 'demo.sqlite'), { readonly: true });
  const { id } = upstreamDb.prepare(`SELECT entity_id AS id FROM crypto_transfer WHERE entity_id > 1000 GROUP BY entity_id
    HAVING count(*) BETWEEN 100 AND 300 ORDER BY entity_id LIMIT 1`).get() as { id: number };
  upstreamDb.close();
  const account = `0.0.${id}`;
  const upstreamJson = async <T,>(url: string): Promise<T> => (await (await fetch(`${serves.upstream.instance.mirrorUrl}${url}`)).json()) as T;
  const newest = (await upstreamJson<{ transactions: Array<{ transaction_id: string; consensus_timestamp: string }> }>(`/api/v1/transactions?account.id=${account}&limit=25`)).transactions;

  await page.goto(`${serves.local.instance.uiUrl}#/sync`);
  await expect(page.getByTestId('sync-panel')).toHaveAttribute('data-state', 'following', { timeout: 90_000 });
  await page.goto(`${serves.local.instance.uiUrl}#/account?id=${account}&tab=transactions`);
  const note = page.getByTestId('account-history');
  await expect(note).toHaveAttribute('data-complete', 'false');
  await expect(note).toContainText('Held here: its transactions after');
  await expect(page.getByTestId('transaction-row')).toHaveCount(0);
  await screenshot(page, 'sync-10-account-history-before');
  expect(await axeFindings(page)).toEqual([]);

  await page.getByTestId('account-history-fetch').click();
  await expect(note).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('account-history-note')).toHaveText(/^Fetched [\d,]+ older transactions\.$/);
  await expect(note).toContainText('Its whole history is held here');
  // The list is loaded again: the account's newest page, as the upstream lists it.
  await expect(page.getByTestId('transaction-row')).toHaveCount(25);
  await expect(page.getByTestId('transaction-row').first()).toContainText(newest[0]!.transaction_id);
  await expect(page.getByTestId('transaction-row').last()).toContainText(newest[24]!.transaction_id);
  await screenshot(page, 'sync-11-account-history-fetched');
  expect(await axeFindings(page)).toEqual([]);

  // One of its older transactions: the account's balance just before it is now known, worked out
  // back from its balance now, and equals what the upstream's snapshots give.
  const older = newest[20]!;
  const before = nanosToTimestamp(timestampToNanos(older.consensus_timestamp)! - 1n)!;
  const fromSnapshot = await balanceAt(async (url) => {
    const reply = await fetch(`${serves.upstream.instance.mirrorUrl}${url}`);
    return reply.ok ? { ok: true, value: parseJsonLossless(await reply.text()) } : { ok: false, error: { code: 'not-found', message: url, details: [] } };
  }, account, HBAR, before);
  expect(fromSnapshot.kind).toBe('known');
  await page.goto(`${serves.local.instance.uiUrl}#/transaction?id=${older.transaction_id}`);
  await page.getByTestId('balances-around').getByText('Balances before and after').click();
  const line = page.locator(`[data-testid="balance-around"][data-account="${account}"][data-asset="hbar"]`);
  await expect(line.getByTestId('balance-before')).toHaveText(formatHbar((fromSnapshot as { value: { balance: bigint } }).value.balance));
  await expect(line).toContainText(/balance as of .+ less [\d,]+ later transactions?/);
  await screenshot(page, 'sync-12-balances-from-fetched-history');
});

test("a contract call from before the sync began shows the upstream's contract result, logs included, and the contract's storage is the upstream's", async ({ page }) => {
  const listed = await (await fetch(`${serves.upstream.instance.mirrorUrl}/api/v1/contracts/results?limit=25`)).json() as { results: Array<{ contract_id: string; hash: string; timestamp: string }> };
  const withLogs = await Promise.all(listed.results.map(async (r) => ({ r, logs: ((await (await fetch(`${serves.upstream.instance.mirrorUrl}/api/v1/contracts/results/${r.hash}`)).json()) as { logs: unknown[] }).logs.length })));
  const { r: result } = withLogs.find((entry) => entry.logs > 0)!;
  await page.goto(`${serves.local.instance.uiUrl}#/contract-result?id=${result.hash}`);
  await expect(page.getByTestId('contract-result-info')).toContainText(result.contract_id);
  await expect(page.getByTestId('result-logs')).toBeVisible();
  await screenshot(page, 'sync-13-contract-result-read-through');
  // The contract's own results list holds what was followed, and says so.
  await page.goto(`${serves.local.instance.uiUrl}#/contract?id=${result.contract_id}`);
  await expect(page.getByTestId('contract-results-sync-scope')).toContainText('this list holds the results of the contract transactions followed since the sync began');
  // Its storage is not copied: the State tab shows the upstream's slots, read as it opens, and says so.
  const state = await (await fetch(`${serves.upstream.instance.mirrorUrl}/api/v1/contracts/${result.contract_id}/state?limit=25`)).json() as { state: Array<{ slot: string }> };
  expect(state.state.length).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'State' }).click();
  await expect(page.getByTestId('contract-state-sync-scope')).toContainText("these slots are the upstream's");
  await expect(page.getByTestId('state-row')).toHaveCount(state.state.length);
  await expect(page.getByTestId('state-row').first().getByTestId('storage-word').first()).toHaveAttribute('title', state.state[0]!.slot);
});

test("a topic on a synced profile is read from the upstream when opened, says which of its messages are held, and fetches the older ones on request", async ({ page }) => {
  // The upstream's busiest topic that one click (2,000 messages) holds whole.
  const upstreamDb = new Database(path.join(serves.upstream.dir, 'demo.sqlite'), { readonly: true });
  const { id, messages } = upstreamDb.prepare(`SELECT topic_id AS id, count(*) AS messages FROM topic_message GROUP BY topic_id
    HAVING count(*) <= 2000 ORDER BY count(*) DESC LIMIT 1`).get() as { id: number; messages: number };
  upstreamDb.close();
  expect(messages).toBeGreaterThan(100);
  const topic = `0.0.${id}`;
  await page.goto(`${serves.local.instance.uiUrl}#/topic?id=${topic}`);
  await expect(page.getByTestId('topic-id')).toHaveText(topic);
  await expect(page.getByTestId('topics-sync-scope')).toContainText("the messages listed are the upstream's");
  const note = page.getByTestId('topic-history');
  await expect(note).toHaveAttribute('data-complete', 'false');
  await expect(note).toContainText('Held here for offline use:');
  await screenshot(page, 'sync-14-topic-read-through');
  expect(await axeFindings(page)).toEqual([]);

  // The upstream is quiet, so following has kept none of its messages yet: the first fetch starts from its newest.
  await expect(page.getByTestId('topic-history-fetch')).toHaveText('Fetch its messages');
  await page.getByTestId('topic-history-fetch').click();
  await expect(note).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('topic-history-note')).toHaveText(/^Fetched [\d,]+ older messages\.$/);
  await expect(note).toContainText('Every message of this topic is held here');
  // Every one of them is in the synced store, and the page says so again when opened afresh.
  const localFile = fs.readdirSync(serves.local.dir).find((name) => /^custom-[^.]+\.sqlite$/.test(name))!;
  const localDb = new Database(path.join(serves.local.dir, localFile), { readonly: true });
  expect(localDb.prepare('SELECT count(DISTINCT sequence_number) FROM topic_message WHERE topic_id = ?').pluck().get(id)).toBe(messages);
  localDb.close();
  await page.reload();
  await expect(note).toHaveAttribute('data-complete', 'true');
  await screenshot(page, 'sync-14b-topic-history-fetched');
});

test('a schedule from before the sync began is found by the search box, read from the upstream', async ({ page }) => {
  const upstream = serves.upstream.instance.mirrorUrl;
  const executed = (await (await fetch(`${upstream}/api/v1/schedules?limit=100`)).json() as { schedules: Array<{ schedule_id: string; executed_timestamp: string | null }> })
    .schedules.find((s) => s.executed_timestamp !== null)!;
  const signatures = (await (await fetch(`${upstream}/api/v1/schedules/${executed.schedule_id}`)).json() as { signatures: unknown[] }).signatures.length;
  await page.goto(serves.local.instance.uiUrl);
  const box = page.getByTestId('search-input');
  await box.fill(executed.schedule_id);
  await box.press('Enter');
  await expect(page.getByTestId('schedule-id')).toHaveText(executed.schedule_id);
  await expect(page.getByText('executed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('executed-link')).toBeVisible();
  await expect(page.locator('.ledger-card', { hasText: 'Signatures' }).locator('tbody tr')).toHaveCount(signatures);
  await screenshot(page, 'sync-15-schedule-read-through');
});

test('on a testnet profile an account shows its id with the checksum, which the search box takes, and a mainnet id is named as one', async ({ page }) => {
  await page.goto(`${serves.local.instance.uiUrl}#/account?id=0.0.123`);
  // HIP-15's own example: 0.0.123 is -esxsf on testnet and -vfmkw on mainnet.
  await expect(page.getByTestId('account-checksummed')).toHaveText('0.0.123-esxsf');
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  const box = page.getByTestId('search-input');
  await box.fill('0.0.123-esxsf');
  await box.press('Enter');
  await expect(page).toHaveURL(/#\/account\?id=0\.0\.123$/);
  await box.fill('0.0.123-vfmkw');
  await box.press('Enter');
  await expect(page.getByTestId('search-message')).toHaveText("0.0.123-vfmkw is an id of mainnet (its checksum is that network's); this profile is testnet");
  await screenshot(page, 'sync-16-checksum-of-another-network');
  // A token's page too (wallets associate tokens by id); the checksum itself is tested against the SDKs' vectors.
  const { tokens } = (await (await fetch(`${serves.upstream.instance.mirrorUrl}/api/v1/tokens?limit=1`)).json()) as { tokens: Array<{ token_id: string }> };
  await page.goto(`${serves.local.instance.uiUrl}#/token?id=${tokens[0]!.token_id}`);
  await expect(page.getByTestId('token-checksummed')).toHaveText(withChecksum(tokens[0]!.token_id, 296)!);

  // The lists' account filters take an id as pasted from a wallet, and apply it without its checksum
  // (the mirror API refuses that form); another network's is refused in words, and nothing is applied.
  await page.goto(`${serves.local.instance.uiUrl}#/transactions`);
  const filters = page.getByTestId('transactions-filters');
  await filters.getByLabel('Account id').fill(withChecksum('0.0.98', 295)!);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('account-filter-refused')).toContainText('is an id of mainnet');
  await screenshot(page, 'sync-17-filter-checksum-refused');
  await expect(page).toHaveURL(/#\/transactions$/);
  await filters.getByLabel('Account id').fill(withChecksum('0.0.98', 296)!);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/#\/transactions\?account\.id=0\.0\.98$/);
  await expect(page.getByTestId('account-filter-refused')).toHaveCount(0);
  await expect(page.getByTestId('load-error')).toHaveCount(0);
  await page.goto(`${serves.local.instance.uiUrl}#/accounts`);
  await page.locator('input[name="id-lower"]').fill(withChecksum('0.0.100', 296)!);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/#\/accounts\?account\.id=gte%3A0\.0\.100$|#\/accounts\?account\.id=gte:0\.0\.100$/);
  await expect(page.getByTestId('loaded-count')).not.toHaveAttribute('data-count', '0');
});

test('an account the synced store does not hold opens from the upstream, as its link or the search would lead there', async ({ page }) => {
  await page.goto(`${serves.local.instance.uiUrl}#/sync`);
  await expect(page.getByTestId('sync-panel')).toHaveAttribute('data-state', 'following', { timeout: 90_000 });
  const { accounts } = (await (await fetch(`${serves.upstream.instance.mirrorUrl}/api/v1/accounts?account.id=gt:0.0.1000&account.balance=gt:0&limit=1`)).json()) as { accounts: Array<{ account: string; balance: { balance: number } }> };
  const [{ account, balance }] = accounts as [{ account: string; balance: { balance: number } }];
  // The store forgets it, as one whose crawl has not come to it yet (the upstream is quiet: nothing follows it back in).
  const store = fs.readdirSync(serves.local.dir).find((name) => /^custom-[^.]+\.sqlite$/.test(name))!;
  const local = new Database(path.join(serves.local.dir, store), { fileMustExist: true });
  expect(local.prepare('DELETE FROM entity WHERE id = ?').run(Number(account.split('.')[2])).changes).toBe(1);
  local.close();
  await page.goto(`${serves.local.instance.uiUrl}#/account?id=${account}`);
  await expect(page.getByTestId('detail-balance')).toHaveText(formatHbar(balance.balance));
});

test('the Sync panel shows the store\'s size, and keeping only the last day deletes the older transactions the store held', async ({ page }) => {
  await page.goto(`${serves.local.instance.uiUrl}#/sync`);
  await expect(page.getByTestId('sync-panel')).toHaveAttribute('data-state', 'following', { timeout: 90_000 });
  await expect(page.getByTestId('sync-store-size')).toHaveText(/^[\d.]+ (KiB|MiB|GiB)$/);
  await expect(page.getByTestId('sync-disk-free')).toHaveText(/^\([\d.]+ (KiB|MiB|GiB) free on its disk\)$/);
  // Earlier tests read older transactions through and fetched an account's whole history: all from before
  // following began, and held (though not in the network's list, which starts where following began).
  const storeFile = path.join(serves.local.dir, fs.readdirSync(serves.local.dir).find((name) => /^custom-[^.]+\.sqlite$/.test(name))!);
  const oldest = (): number | null => {
    const db = new Database(storeFile, { readonly: true, fileMustExist: true });
    try {
      const ns = db.prepare('SELECT min(consensus_timestamp) FROM "transaction"').pluck().safeIntegers(true).get() as bigint | null;
      return ns === null ? null : Number(ns / 1_000_000_000n);
    } finally {
      db.close();
    }
  };
  const upstreamNewest = await (await fetch(`${serves.upstream.instance.mirrorUrl}/api/v1/transactions?limit=1`)).json() as { transactions: Array<{ consensus_timestamp: string }> };
  const newestSeconds = Number(upstreamNewest.transactions[0]!.consensus_timestamp.split('.')[0]);
  expect(oldest()).toBeLessThan(newestSeconds - 86_400);
  const keep = page.getByTestId('sync-keep-days');
  await expect(keep).toHaveValue('all');
  // Chosen, then applied: a shorter period asks first (sync-keyboard.spec.ts reads the question).
  await keep.selectOption('1');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('sync-keep-days-apply').click();
  await expect(page.getByTestId('sync-store')).toContainText('are deleted as following moves on');
  await expect(page.getByTestId('sync-followed')).toContainText('keeping 1 day of them');
  const kept = oldest();
  expect(kept === null || kept >= newestSeconds - 86_400 - 1).toBe(true);
  // The demo's deleted transactions freed a few KiB: not worth compacting the store for, and not offered.
  const reusable = async () => (await bridgeValue<SyncStatus>(serves.local.instance.uiUrl, 'sync/status', null)).storeReusableBytes;
  await expect.poll(reusable).toBeGreaterThan(0);
  expect(await reusable()).toBeLessThan(MIN_COMPACTION_GAIN_BYTES);
  await expect(page.getByTestId('sync-store-reusable')).toHaveCount(0);
  await expect(page.getByTestId('sync-compact')).toHaveCount(0);
  await screenshot(page, 'sync-18-store-keeps-a-day');
  expect(await axeFindings(page)).toEqual([]);
  // A store that kept more frees tens of MiB as its days go: rows of that size, written and deleted, stand in for them.
  leaveFreedRoom(storeFile);
  await expect(page.getByTestId('sync-store-reusable')).toContainText(/^[\d.]+ MiB of the store is room freed by deletions, which the store fills again before it grows\./, { timeout: 15_000 });
  await screenshot(page, 'sync-18a-store-compaction-offered');
  // The room goes back to the disk on request.
  const onDisk = () => fs.statSync(storeFile).size + (fs.existsSync(`${storeFile}-wal`) ? fs.statSync(`${storeFile}-wal`).size : 0);
  const sizeBefore = onDisk();
  await page.getByTestId('sync-compact').click();
  await expect(page.getByTestId('sync-compacted')).toHaveText(/^Gave [\d.]+ (KiB|MiB) back to the disk: the store is [\d.]+ (KiB|MiB) now\.$/);
  expect(onDisk()).toBeLessThan(sizeBefore);
  await expect(page.getByTestId('sync-panel')).toHaveAttribute('data-state', 'following');
  await expect(page.getByTestId('sync-pause')).toBeEnabled();
  await screenshot(page, 'sync-18b-store-compacted');
  // The account whose whole history the first test fetched holds all the store keeps now, and offers to fetch nothing older.
  const upstreamDb = new Database(path.join(serves.upstream.dir, 'demo.sqlite'), { readonly: true });
  const { id } = upstreamDb.prepare(`SELECT entity_id AS id FROM crypto_transfer WHERE entity_id > 1000 GROUP BY entity_id
    HAVING count(*) BETWEEN 100 AND 300 ORDER BY entity_id LIMIT 1`).get() as { id: number };
  upstreamDb.close();
  await page.goto(`${serves.local.instance.uiUrl}#/account?id=0.0.${id}&tab=transactions`);
  await expect(page.getByTestId('account-history-kept')).toContainText('That is all this store keeps: transactions from');
  await expect(page.getByTestId('account-history-fetch')).toHaveCount(0);
  await screenshot(page, 'sync-19-account-history-as-far-as-kept');
  // Kept with the profile.
  await page.goto(`${serves.local.instance.uiUrl}#/sync`);
  await expect(keep).toHaveValue('1');
  await keep.selectOption('all');
  await page.getByTestId('sync-keep-days-apply').click();
  await expect(page.getByTestId('sync-store')).toContainText('Every followed transaction is kept');
});

test("the Schedules and Blocks screens of a synced profile list the upstream's, and say so", async ({ page }) => {
  const upstreamJson = async <T,>(url: string): Promise<T> => (await (await fetch(`${serves.upstream.instance.mirrorUrl}${url}`)).json()) as T;
  const { schedules } = await upstreamJson<{ schedules: Array<{ schedule_id: string }> }>('/api/v1/schedules?order=desc&limit=25');
  expect(schedules.length).toBeGreaterThan(0);
  await page.goto(`${serves.local.instance.uiUrl}#/schedules`);
  await expect(page.getByTestId('schedules-sync-scope')).toContainText(`Synced from ${serves.upstream.instance.mirrorUrl}: the schedules listed are the upstream's`);
  const rows = page.getByTestId('schedule-row');
  await expect(rows).toHaveCount(schedules.length);
  expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-schedule')))).toEqual(schedules.map((s) => s.schedule_id));
  await page.goto(`${serves.local.instance.uiUrl}#/blocks`);
  await expect(page.getByTestId('blocks-sync-scope')).toContainText("the sync does not copy blocks, so these are the upstream's");
  await expect(page.getByTestId('block-row').first()).toBeVisible();
});
