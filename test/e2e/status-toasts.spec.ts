import type { StatusNotification, StatusSnapshot } from '../../main/common/status-types.ts';
import type { FakeUpstream } from '../../main/conformance/status/fake-upstream.ts';
import { loadScenarios } from '../../main/conformance/status/scenario-files.ts';
import { TOAST_LIFETIME_MS } from '../../renderer/src/lib/toast-queue.ts';
import { bridgeValue } from '../helpers/serve-process.ts';
import { expect, screenshot, test, type ServeInstance } from './serve-fixture.ts';
import { LIFECYCLE, pollUntilDone, serveWithStatusUpstream } from './status-upstream-fixture.ts';

/**
 * Status toasts take room of their own under the screen instead of lying over it: the audit found
 * one covering the DemoToken card's Verify button. A Statuspage stand-in opens an incident while
 * the Verify screen shows the demo's example contracts in a window where the cards reach the
 * bottom right corner, where toasts show.
 */
let upstream: FakeUpstream;
let instance: ServeInstance;
let stop: () => Promise<void>;

const call = <T>(channel: string, request: unknown = null): Promise<T> => bridgeValue<T>(instance.uiUrl, channel, request);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({ upstream, instance, stop } = await serveWithStatusUpstream('mirrordesk-e2e-toasts-'));
});

test.afterAll(async () => {
  await stop?.();
});

test('a toast sits under the screen, covers none of its controls, and can be dismissed', async ({ page }) => {
  test.setTimeout(90_000);
  const [scenario] = loadScenarios(LIFECYCLE);
  // The first poll of a new data folder is a silent baseline.
  await expect.poll(async () => (await call<StatusSnapshot>('status/snapshot')).poll.lastSuccessAt, { timeout: 20_000 }).not.toBeNull();
  await call('verify/examples/add');
  // Below 980 px the cards take the whole width: their Verify buttons sit at the right edge.
  await page.setViewportSize({ width: 960, height: 720 });
  await page.goto(`${instance.uiUrl}#/verify`);
  const verifyButton = page.locator('[data-testid="verify-contract"][data-name="DemoToken"]').getByTestId('verify-one');
  await expect(verifyButton).toBeVisible();
  const content = page.locator('main.content');
  const heightBefore = (await content.boundingBox())!.height;

  upstream.serve(scenario!.steps[1]!.upstream);
  expect(await pollUntilDone(instance)).toMatchObject({ outcome: 'ok', notifications: 1 });
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveCount(1);

  // The screen gives up the toast's height rather than lie under it.
  const area = (await content.boundingBox())!;
  const tray = (await toast.boundingBox())!;
  expect(area.height).toBeLessThan(heightBefore);
  expect(tray.y).toBeGreaterThanOrEqual(area.y + area.height);
  // So a control scrolled to the very bottom of the screen is still the one a click reaches.
  await verifyButton.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  const box = (await verifyButton.boundingBox())!;
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="verify-one"]') !== null, { x: box.x + box.width / 2, y: box.y + box.height - 2 });
  expect(hit, 'the Verify button is not covered').toBe(true);
  await screenshot(page, '12b-status-toast-verify');

  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toHaveCount(0);
  await expect.poll(async () => (await content.boundingBox())!.height).toBe(heightBefore);
});

/** Notifications as the app's event stream brings them; `retryMs` is when the stream is opened again once it ends. */
function notificationEvents(titles: string[], retryMs: number): string {
  const raisedAt = new Date().toISOString();
  return `retry: ${retryMs}\n\n` + titles.map((title) => {
    const notification: StatusNotification = { seq: 0, kind: 'incident.new', id: `e2e${title.toLowerCase()}`, updateId: null, title, body: `${title} is under investigation.`, impact: 'minor', componentIds: [], raisedAt, delivered: true };
    return `event: status/notification\ndata: ${JSON.stringify(notification)}\n\n`;
  }).join('');
}

test('a toast stays while hovered or focused; one dismissed from the keyboard hands the focus to the next, the last back to where it was', async ({ page }) => {
  // Two toasts, then two more when the test lets them come: the event stream answered by hand.
  let secondBurst: () => void = () => {};
  const secondBurstAsked = new Promise<void>((asked) => {
    let streams = 0;
    void page.route('**/bridge/events**', async (route) => {
      streams += 1;
      if (streams === 1) return route.fulfill({ headers: { 'content-type': 'text/event-stream' }, body: notificationEvents(['Alpha', 'Bravo'], 200) });
      if (streams > 2) return route.abort();
      await new Promise<void>((go) => { secondBurst = go; asked(); });
      return route.fulfill({ headers: { 'content-type': 'text/event-stream' }, body: notificationEvents(['Charlie', 'Delta'], 3_600_000) });
    });
  });
  await page.clock.install();
  await page.goto(`${instance.uiUrl}#/status`);
  const toasts = page.getByTestId('toast');
  const toast = (title: string) => toasts.filter({ hasText: title });
  const dismiss = (title: string) => toast(title).getByRole('button', { name: 'Dismiss notification' });
  await expect(toasts).toHaveCount(2);

  // From "Check now" into Alpha's link; the pointer rests on Bravo. Long past their time, both stay.
  const checkNow = page.getByTestId('check-now');
  await checkNow.focus();
  await toast('Alpha').getByRole('link').focus();
  await toast('Bravo').hover();
  await page.clock.runFor(TOAST_LIFETIME_MS * 2);
  await expect(toasts).toHaveCount(2);
  // The pointer leaves: Bravo goes on with the time it had left and goes; Alpha keeps the focus, and stays.
  await page.mouse.move(1, 1);
  await page.clock.runFor(TOAST_LIFETIME_MS);
  await expect(toasts).toHaveCount(1);
  await expect(toast('Alpha').getByRole('link')).toBeFocused();

  await secondBurstAsked;
  secondBurst();
  await expect(toasts).toHaveCount(3);
  // Dismissed from the keyboard, Alpha hands the focus to the toast after it, on the same control.
  await page.keyboard.press('Tab');
  await expect(dismiss('Alpha')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast('Alpha')).toHaveCount(0);
  await expect(dismiss('Charlie')).toBeFocused();
  // Charlie now has the focus and stays; Delta, untouched, goes.
  await page.clock.runFor(TOAST_LIFETIME_MS * 2);
  await expect(toasts).toHaveCount(1);
  await expect(dismiss('Charlie')).toBeFocused();
  // The last one dismissed: the focus goes back to where it was before it came into the toasts.
  await page.keyboard.press('Enter');
  await expect(toasts).toHaveCount(0);
  await expect(checkNow).toBeFocused();
});
