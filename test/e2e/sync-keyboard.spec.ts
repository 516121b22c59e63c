import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request, Route } from '@playwright/test';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { leaveFreedRoom } from './freed-room.ts';
import { bridgeValue } from '../helpers/serve-process.ts';
import { expect, screenshot, syncedServes, test } from './serve-fixture.ts';

/**
 * The Sync panel and a synced account's history, from the keyboard: no control deletes anything
 * on a key that only moves through a select's options, and no control drops the focus to the
 * page's start by disabling itself or giving way to another while it works.
 */
const serves = syncedServes('mirrordesk-e2e-sync-keys-', ['--sync-rate', '0']);

const syncStatus = (): Promise<SyncStatus> => bridgeValue<SyncStatus>(serves.local.instance.uiUrl, 'sync/status', null);

/** The page's calls of one bridge channel, from now on. */
function callsOf(page: Page, channel: string): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname.endsWith(`/bridge/call/${channel}`)) calls.push(request.url());
  });
  return calls;
}

/** Holds the page's calls of one channel until `release`: the control is seen while it works, as on a slow disk or upstream. */
async function holdCalls(page: Page, channel: string): Promise<{ held: () => boolean; release: () => void }> {
  const waiting: Array<() => void> = [];
  await page.route(`**/bridge/call/${channel}`, async (route: Route) => {
    await new Promise<void>((resolve) => waiting.push(resolve));
    await route.continue();
  });
  return {
    held: () => waiting.length > 0,
    release: () => { for (const go of waiting.splice(0)) go(); },
  };
}

const focusedTestId = (page: Page): Promise<string | null> => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

async function openFollowing(page: Page, hash: string): Promise<void> {
  await page.goto(`${serves.local.instance.uiUrl}#/sync`);
  await expect(page.getByTestId('sync-panel')).toHaveAttribute('data-state', 'following', { timeout: 90_000 });
  if (hash !== '#/sync') await page.goto(`${serves.local.instance.uiUrl}${hash}`);
}

test('"Fetch older transactions" keeps the focus while it fetches, and hands it to what it fetched when it goes', async ({ page }) => {
  // A user account with a few hundred transfers, all from before the sync began: one fetch holds them all.
  const upstreamDb = new Database(path.join(serves.upstream.dir, 'demo.sqlite'), { readonly: true });
  const { id } = upstreamDb.prepare(`SELECT entity_id AS id FROM crypto_transfer WHERE entity_id > 1000 GROUP BY entity_id
    HAVING count(*) BETWEEN 100 AND 300 ORDER BY entity_id LIMIT 1`).get() as { id: number };
  upstreamDb.close();
  await openFollowing(page, `#/account?id=0.0.${id}&tab=transactions`);
  const fetchButton = page.getByTestId('account-history-fetch');
  await expect(fetchButton).toBeVisible();
  const fetchCalls = callsOf(page, 'sync/account-history');
  const fetching = await holdCalls(page, 'sync/account-history');
  await fetchButton.focus();
  await page.keyboard.press('Enter');
  await expect(fetchButton).toContainText('Fetching…');
  await expect(fetchButton).toBeFocused();
  await expect(fetchButton).toHaveAttribute('aria-disabled', 'true');
  // A second press while it fetches asks for nothing more.
  await expect.poll(fetching.held).toBe(true);
  await page.keyboard.press('Enter');
  fetching.release();
  await expect(page.getByTestId('account-history')).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
  await expect(fetchButton).toHaveCount(0);
  const note = page.getByTestId('account-history-note');
  await expect(note).toHaveText(/^Fetched [\d,]+ older transactions\.$/);
  await expect(note).toBeFocused();
  expect(fetchCalls).toHaveLength(1);
  await page.unroute('**/bridge/call/sync/account-history');
});

test('"Keep followed transactions": the arrow keys only choose; Apply asks before a shorter period deletes, and keeps the focus', async ({ page }) => {
  await openFollowing(page, '#/sync');
  const retentionCalls = callsOf(page, 'sync/retention');
  const keep = page.getByTestId('sync-keep-days');
  const apply = page.getByTestId('sync-keep-days-apply');
  const outcome = page.getByTestId('sync-keep-days-outcome');
  await expect(keep).toHaveValue('all');

  // Down from "all of them" is "of the last day": chosen, not applied (Chromium says each arrow key's option is a change).
  await keep.focus();
  await page.keyboard.press('ArrowDown');
  await expect(keep).toHaveValue('1');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect(retentionCalls, 'choosing sends no sync/retention call').toEqual([]);
  expect((await syncStatus()).keepDays).toBeNull();
  await expect(keep).toBeFocused();
  await expect(keep).toBeEnabled();
  // And on to "of the last 7 days", the focus still there.
  await page.keyboard.press('ArrowDown');
  await expect(keep).toHaveValue('7');
  await expect(keep).toBeFocused();
  expect(retentionCalls).toEqual([]);

  // Apply asks first, saying what goes; declined, nothing is asked of main.
  await page.keyboard.press('Tab');
  await expect(apply).toBeFocused();
  await expect(apply).toHaveAttribute('aria-disabled', 'false');
  const questions: string[] = [];
  let answer: 'accept' | 'dismiss' = 'dismiss';
  page.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
  });
  await page.keyboard.press('Enter');
  await expect.poll(() => questions.length).toBe(1);
  expect(questions[0]).toMatch(/^Keep only the followed transactions of the last 7 days\? The store deletes the older ones now: every transaction before \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(7 days before the newest one followed\), with its transfers and contract results/);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(retentionCalls, 'Apply declined sends no sync/retention call').toEqual([]);
  await expect(apply).toBeFocused();
  await expect(keep).toHaveValue('7');

  // Accepted: it deletes, the button keeping the focus throughout, and says what it did.
  answer = 'accept';
  const applying = await holdCalls(page, 'sync/retention');
  await page.keyboard.press('Enter');
  await expect.poll(() => questions.length).toBe(2);
  await expect(outcome).toHaveText('Deleting older ones…');
  await expect(apply).toBeFocused();
  await expect(apply).toHaveAttribute('aria-disabled', 'true');
  await expect.poll(applying.held).toBe(true);
  applying.release();
  await expect(outcome).toHaveText('Only the followed transactions of the last 7 days are kept from now on.');
  await expect(apply).toBeFocused();
  await expect(apply).toHaveAttribute('aria-disabled', 'true');
  expect(retentionCalls).toHaveLength(1);
  expect((await syncStatus()).keepDays).toBe(7);
  await expect(page.getByTestId('sync-followed')).toContainText('keeping 7 days of them');
  await screenshot(page, 'sync-20-keep-days-applied');
  await page.unroute('**/bridge/call/sync/retention');

  // Back to all of them: nothing is deleted, so nothing is asked; still only on Apply.
  await page.keyboard.press('Shift+Tab');
  await expect(keep).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(keep).toHaveValue('all');
  expect(retentionCalls).toHaveLength(1);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(outcome).toHaveText('Every followed transaction is kept from now on.');
  expect(questions).toHaveLength(2);
  await expect(apply).toBeFocused();
  await expect(apply).toHaveAttribute('aria-disabled', 'true');
  expect((await syncStatus()).keepDays).toBeNull();
});

test('"Give it back to the disk" keeps the focus while it compacts, then hands it to what it gave back', async ({ page }) => {
  await openFollowing(page, '#/sync');
  // Rows of 48 MiB written and deleted stand in for the days a store that kept more has freed.
  const storeFile = path.join(serves.local.dir, fs.readdirSync(serves.local.dir).find((name) => /^custom-[^.]+\.sqlite$/.test(name))!);
  leaveFreedRoom(storeFile);
  const compact = page.getByTestId('sync-compact');
  await expect(compact).toBeVisible({ timeout: 15_000 });
  const compacting = await holdCalls(page, 'sync/compact');
  await compact.focus();
  await page.keyboard.press('Enter');
  await expect(compact).toBeFocused();
  await expect(compact).toHaveAttribute('aria-disabled', 'true');
  await expect(compact).toHaveText('Giving it back…');
  await expect.poll(compacting.held).toBe(true);
  compacting.release();
  const said = page.getByTestId('sync-compacted');
  await expect(said).toHaveText(/^Gave [\d.]+ (KiB|MiB) back to the disk: the store is [\d.]+ (KiB|MiB) now\.$/);
  await expect(compact).toHaveCount(0);
  await expect(said).toBeFocused();
  await page.unroute('**/bridge/call/sync/compact');
});

test('Pause and Resume are one button that keeps the focus, as does Re-sync', async ({ page }) => {
  await openFollowing(page, '#/sync');
  const panel = page.getByTestId('sync-panel');
  const toggle = page.getByRole('button', { name: /^(Pause|Resume)$/ });
  await expect(toggle).toHaveText('Pause');
  await toggle.focus();

  const pausing = await holdCalls(page, 'sync/pause');
  await page.keyboard.press('Enter');
  await expect.poll(pausing.held).toBe(true);
  expect(await focusedTestId(page)).toBe('sync-pause');
  await expect(toggle).toHaveAttribute('aria-disabled', 'true');
  pausing.release();
  await expect(panel).toHaveAttribute('data-state', 'paused');
  await expect(toggle).toHaveText('Resume');
  await expect(toggle).toHaveAttribute('aria-disabled', 'false');
  expect(await focusedTestId(page)).toBe('sync-resume');

  await page.keyboard.press('Enter');
  await expect(panel).not.toHaveAttribute('data-state', 'paused');
  await expect(toggle).toHaveText('Pause');
  expect(await focusedTestId(page)).toBe('sync-pause');

  // Re-sync, once its question is answered, keeps the focus through its call.
  const resync = page.getByTestId('sync-resync');
  page.once('dialog', (dialog) => void dialog.accept());
  const resyncing = await holdCalls(page, 'sync/resync');
  await page.keyboard.press('Tab');
  await expect(resync).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(resyncing.held).toBe(true);
  await expect(resync).toBeFocused();
  await expect(resync).toHaveAttribute('aria-disabled', 'true');
  await expect(toggle).toHaveAttribute('aria-disabled', 'true');
  resyncing.release();
  await expect(resync).toHaveAttribute('aria-disabled', 'false');
  await expect(resync).toBeFocused();
});
