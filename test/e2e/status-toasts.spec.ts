import type { StatusSnapshot } from '../../main/common/status-types.ts';
import type { FakeUpstream } from '../../main/conformance/status/fake-upstream.ts';
import { loadScenarios } from '../../main/conformance/status/scenario-files.ts';
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
