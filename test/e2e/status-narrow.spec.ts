import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { StatusNotification, StatusSnapshot } from '../../main/common/status-types.ts';
import { startFakeUpstream, type FakeUpstream } from '../../main/conformance/status/fake-upstream.ts';
import { loadScenarios } from '../../main/conformance/status/scenario-files.ts';
import { bridgeValue } from '../helpers/serve-process.ts';
import { expect, screenshot, startServe, stopServe, test, waitForReady, type ServeInstance } from './serve-fixture.ts';
import { LIFECYCLE, pollUntilDone } from './status-upstream-fixture.ts';

/**
 * The Status screen of a page never read (the Statuspage stand-in answers 404 at first), then of
 * one incident with no impact given and a name of one long word, in a 320 px window; toasts and
 * "Check now" answers told to a screen reader. The audit's findings 6 to 10 and 12.
 */
const LONG_NAME = `Degraded${'Consensus'.repeat(12)}Throughput`;
let upstream: FakeUpstream;
let instance: ServeInstance;
let stopAll: () => Promise<void>;

const call = <T>(channel: string, request: unknown = null): Promise<T> => bridgeValue<T>(instance.uiUrl, channel, request);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  upstream = await startFakeUpstream();
  // Nothing served: every feed answers 404, so no poll succeeds.
  upstream.serve({});
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-e2e-status-narrow-'));
  const started = await startServe(dataDir, ['--status-upstream', upstream.url]);
  instance = started.instance;
  stopAll = async () => {
    await stopServe(started.child, dataDir);
    await upstream.close();
  };
  await waitForReady(instance);
});

test.afterAll(async () => {
  await stopAll?.();
});

/** How far the element's content reaches past its box, in px (0 when it fits). */
const overflow = (locator: Locator): Promise<number> => locator.evaluate((el) => el.scrollWidth - el.clientWidth);

/**
 * Where an element's content is drawn: the box round its text as laid out, which a shrunken box
 * (a flex item squeezed to no width) does not hold, its text spilling over its neighbour's.
 */
const drawn = (locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> => locator.evaluate((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const { x, y, width, height } = range.getBoundingClientRect();
  return { x, y, width, height };
});

/** Whether the content of two elements is drawn over each other. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await drawn(a), await drawn(b)];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

async function openStatus(page: Page): Promise<void> {
  await page.goto(`${instance.uiUrl}#/status`);
  await expect(page.getByTestId('status-overall')).toBeVisible();
}

test('before any good poll every section says nothing is known yet, and the error alert does not change as time passes', async ({ page }) => {
  // Up to a minute goes to waiting for a later minute (below).
  test.setTimeout(150_000);
  await expect.poll(async () => (await call<StatusSnapshot>('status/snapshot')).poll.lastError, { timeout: 20_000 }).not.toBeNull();
  await page.clock.install();
  await page.setViewportSize({ width: 320, height: 700 });
  await openStatus(page);
  for (const id of ['no-open-incidents', 'no-upcoming', 'no-history', 'no-components']) {
    await expect(page.getByTestId(id), id).toHaveText('Nothing known yet.');
  }
  const alert = page.getByTestId('upstream-error-alert');
  await expect(alert).toContainText('The status page could not be read');
  await expect(alert).toContainText('HTTP 404');
  const said = await alert.textContent();
  expect(said, 'the alert holds no relative time').not.toMatch(/ago|just now/);
  // Two minutes on: the relative time outside the alert moves on, the alert's text does not.
  // (How long ago the first poll failed depends on the machine's pace: only the change is asserted.)
  const ago = page.getByTestId('upstream-error-ago');
  const agoAtFirst = (await ago.textContent())!;
  await page.clock.fastForward('02:00');
  await expect(ago).not.toHaveText(agoAtFirst);
  await expect(ago).toHaveText(/min ago/);
  expect(await alert.textContent()).toBe(said);
  // Another poll failing the same way moves lastErrorAt: the alert keeps the instant it first showed.
  const firstFailure = (await call<StatusSnapshot>('status/snapshot')).poll.lastErrorAt;
  // The alert gives its instant to the minute: the second failure must fall in a later minute to tell.
  const nextMinute = (Math.floor(Date.parse(firstFailure!) / 60_000) + 1) * 60_000;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextMinute - Date.now()) + 200));
  expect((await pollUntilDone(instance)).outcome).toBe('failed');
  expect((await call<StatusSnapshot>('status/snapshot')).poll.lastErrorAt).not.toBe(firstFailure);
  const secondFailure = (await call<StatusSnapshot>('status/snapshot')).poll.lastErrorAt!;
  await expect(ago, 'the screen has the second failure').toHaveAttribute('title', secondFailure);
  expect(await alert.textContent()).toBe(said);

  // The headline and the poll note share no pixel; nothing reaches past the screen.
  const screen = page.getByTestId('status-screen');
  expect(await overlap(page.getByTestId('status-overall').locator('h1'), page.getByTestId('poll-state'))).toBe(false);
  expect(await overflow(screen), 'the screen scrolls sideways by').toBeLessThanOrEqual(0);
  await screenshot(page, '13a-status-waiting-320');
});

test('at 320 px an open incident of one long word and no impact fits, and reads the same in its badge and the headline', async ({ page }) => {
  // The lifecycle's open incident, with no impact given and a name with nowhere to break.
  const answers = structuredClone(loadScenarios(LIFECYCLE)[0]!.steps[1]!.upstream) as Record<string, { incidents?: Record<string, unknown>[] }>;
  for (const feed of Object.values(answers)) {
    for (const incident of feed.incidents ?? []) {
      if (incident.id === 'inc0new0001') Object.assign(incident, { name: LONG_NAME, impact: null });
    }
  }
  upstream.serve(answers);
  expect(await pollUntilDone(instance)).toMatchObject({ outcome: 'ok' });

  await page.setViewportSize({ width: 320, height: 700 });
  await openStatus(page);
  const card = page.locator('[data-incident="inc0new0001"]');
  await expect(card).toContainText(LONG_NAME);
  await expect(card.locator('.badge')).toHaveText('No impact');
  const headline = page.getByTestId('status-overall').locator('h1');
  await expect(headline).toHaveText('1 open incident (no impact)');

  const screen = page.getByTestId('status-screen');
  expect(await overflow(screen), 'the screen scrolls sideways by').toBeLessThanOrEqual(0);
  expect(await overflow(card.locator('h3')), 'the name reaches past its card by').toBeLessThanOrEqual(0);
  expect(await overlap(headline, page.getByTestId('poll-state')), 'the headline and the poll note overlap').toBe(false);
  expect(await overlap(page.getByTestId('status-overall').locator('.summary'), page.getByTestId('poll-state'))).toBe(false);
  await screenshot(page, '13b-status-open-320');
});

test('a toast with a title of one long word stays inside the window', async ({ page }) => {
  const notification: StatusNotification = {
    seq: 0, kind: 'incident.new', id: 'e2elongtitle', updateId: null, title: `Demo Network Status: ${LONG_NAME}`, body: 'Investigating.',
    impact: null, componentIds: [], raisedAt: new Date().toISOString(), delivered: true,
  };
  let streams = 0;
  await page.route('**/bridge/events**', (route) => {
    streams += 1;
    if (streams > 1) return route.abort();
    return route.fulfill({ headers: { 'content-type': 'text/event-stream' }, body: `retry: 3600000\n\nevent: status/notification\ndata: ${JSON.stringify(notification)}\n\n` });
  });
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 800 });
  await openStatus(page);
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the document is wider than the window').toBeLessThanOrEqual(1280);
  expect(await overflow(toast.locator('strong'))).toBeLessThanOrEqual(0);
  await screenshot(page, '13c-status-toast-long-title');
});

test('"Check now" answered the same twice is said twice to a screen reader', async ({ page }) => {
  // Polls are 10 s apart at least: the same answer twice in a row is given here, as the service gives it.
  await page.route('**/bridge/call/status/poll-now', (route) =>
    route.fulfill({ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ok: true, value: { outcome: 'ok', changed: false, notifications: 0 } }) }));
  await openStatus(page);
  const live = page.getByTestId('check-now-announcement');
  await live.evaluate((el) => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => said.push(el.textContent ?? '')).observe(el, { childList: true, characterData: true, subtree: true });
  });
  const checkNow = page.getByTestId('check-now');
  await checkNow.click();
  await expect(live).toHaveText('No changes');
  await expect(checkNow).toHaveText('Check now');
  await checkNow.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { said: string[] }).said.filter((text) => text === 'No changes').length)).toBe(2);
  await expect(live).toHaveText('No changes');
});
