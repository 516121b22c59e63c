import type { Page } from '@playwright/test';
import type { StatusSnapshot } from '../../main/common/status-types.ts';
import type { FakeUpstream } from '../../main/conformance/status/fake-upstream.ts';
import { loadScenarios } from '../../main/conformance/status/scenario-files.ts';
import { bridgeValue } from '../helpers/serve-process.ts';
import { expect, screenshot, test, type ServeInstance } from './serve-fixture.ts';
import { LIFECYCLE, pollUntilDone, serveWithStatusUpstream } from './status-upstream-fixture.ts';

/** One typed API call over the web bridge, as the page makes it. */
const call = <T>(instance: ServeInstance, channel: string, request: unknown = null): Promise<T> => bridgeValue<T>(instance.uiUrl, channel, request);

/** The navigation dot's tone as a snapshot implies it: fine with nothing open, else the worst open impact (`none` shows as minor). */
function expectedTone(snapshot: StatusSnapshot): string {
  if (snapshot.unresolved.length === 0) return 'ok';
  return snapshot.worstImpact === 'none' ? 'minor' : snapshot.worstImpact;
}

async function openStatus(page: Page, instance: ServeInstance, query = ''): Promise<void> {
  await page.goto(`${instance.uiUrl}#/status${query}`);
  await expect(page.getByTestId('status-overall')).toBeVisible();
}

test.describe('status screen', () => {
  test('shows the demo network feed: indicator, components, history, upcoming maintenance, last poll', async ({ page, serve }) => {
    await page.goto(serve.uiUrl);
    await page.getByRole('link', { name: 'Status' }).click();
    await expect(page).toHaveURL(/#\/status$/);
    const overall = page.getByTestId('status-overall');
    await expect(overall).toContainText('Demo Network (sample status data)');
    await expect(overall).toContainText('sample data');
    // The demo feed opens a live incident two minutes after the profile's first use and every six
    // hours after that, so whether one is open depends on how long this run has been going (the
    // serve is shared by every spec): the dot must say what the service's snapshot says.
    const dot = page.getByTestId('status-nav-dot');
    await expect.poll(async () => {
      const expected = expectedTone(await call<StatusSnapshot>(serve, 'status/snapshot'));
      const shown = await dot.getAttribute('data-tone');
      return shown === expected ? 'agree' : `dot ${shown}, snapshot ${expected}`;
    }).toBe('agree');
    await expect(page.getByTestId('last-success')).not.toHaveText('never');
    await expect(page.getByTestId('components')).toContainText('Mirror Node REST API');
    await expect(page.getByTestId('upcoming-maintenance')).toContainText('Demo network node software upgrade');
    const history = page.getByTestId('incident-history');
    await expect(history).toContainText('Consensus submissions timing out');
    // A past incident's timeline opens on click and lists its updates newest first.
    const critical = history.locator('[data-incident="mdkdemoinc04"]');
    await critical.getByText(/5 updates/).click();
    await expect(critical.locator('.timeline li').first()).toContainText('postmortem');
    await expect(page.getByTestId('notify-settings')).toBeVisible();
    await screenshot(page, '10-status-demo-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, '11-status-demo-dark');
  });

  test('in an 820 px window the incidents take the whole width, the panels under them', async ({ page, serve }) => {
    await page.setViewportSize({ width: 820, height: 800 });
    await openStatus(page, serve);
    const overall = (await page.getByTestId('status-overall').boundingBox())!;
    const history = (await page.getByTestId('incident-history').boundingBox())!;
    expect(Math.abs(history.width - overall.width), 'the incidents as wide as the page').toBeLessThanOrEqual(1);
    const components = (await page.getByTestId('components').boundingBox())!;
    expect(components.y).toBeGreaterThan(history.y + history.height);
    await screenshot(page, '10b-status-820');
  });

  test('"Check now" keeps keyboard focus while it checks and after', async ({ page, serve }) => {
    await openStatus(page, serve);
    const poll = page.getByTestId('poll-state');
    const button = poll.getByTestId('check-now');
    await expect(button).toHaveText('Check now');
    // The check is held a moment, as a slow upstream would hold it.
    const held: { release?: () => void } = {};
    await page.route('**/bridge/call/status/poll-now', async (route) => {
      await new Promise<void>((resolve) => { held.release = resolve; });
      await route.continue();
    });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveText('Checking…');
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect.poll(() => held.release !== undefined).toBe(true);
    held.release!();
    await expect(poll.getByRole('status')).not.toBeEmpty();
    await expect(button).toHaveText('Check now');
    await expect(button).toBeFocused();
  });

  test('"Check now" asked too soon counts the wait down each second, then says a check may be asked again', async ({ page, serve }) => {
    await page.clock.install();
    await openStatus(page, serve);
    await page.route('**/bridge/call/status/poll-now', (route) => route.fulfill({ json: { ok: true, value: { outcome: 'too-soon', retryInMs: 4200 } } }));
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByTestId('check-now').click();
    const reply = page.getByTestId('check-now-reply');
    await expect(reply).toHaveText('Checked moments ago; try again in 5 s');
    await screenshot(page, '10c-status-check-too-soon');
    // Said once to screen readers, as it came: not again each second.
    await expect(page.getByTestId('poll-state').getByRole('status')).toHaveText('Checked moments ago; try again in 5 s');
    await page.clock.runFor(1000);
    await expect(reply).toHaveText('Checked moments ago; try again in 4 s');
    await page.clock.runFor(3000);
    await expect(reply).toHaveText('Checked moments ago; try again in 1 s');
    await page.clock.runFor(1000);
    await expect(reply).toHaveText('Checked moments ago; you can check again now');
    await expect(page.getByTestId('poll-state').getByRole('status')).toHaveText('Checked moments ago; try again in 5 s');
  });

  test('notification settings are saved and read back', async ({ page, serve }) => {
    await openStatus(page, serve);
    const form = page.getByTestId('notify-settings');
    await form.getByLabel('Minor', { exact: true }).uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved');
    expect(await call(serve, 'status/settings/get')).toEqual({ quiet: false, impacts: ['critical', 'major', 'none', 'maintenance'], componentIds: null });
    await page.reload();
    await expect(page.getByTestId('notify-settings').getByLabel('Minor', { exact: true })).not.toBeChecked();
    await page.getByTestId('notify-settings').getByLabel('Minor', { exact: true }).check();
    await page.getByTestId('notify-settings').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('notify-settings').getByRole('status')).toHaveText('Saved');
    expect(await call(serve, 'status/settings/get')).toEqual({ quiet: false, impacts: null, componentIds: null });
  });

  test('notification settings: Save keeps the keyboard focus while it saves and after, and says it saved', async ({ page, serve }) => {
    await openStatus(page, serve);
    const form = page.getByTestId('notify-settings');
    const save = form.getByRole('button', { name: /^(Save|Saving…)$/ });
    const minor = form.getByLabel('Minor', { exact: true });
    await minor.focus();
    await page.keyboard.press('Space');
    await expect(minor).not.toBeChecked();
    // The save is held a moment, as a slow disk would hold it.
    const held: { release?: () => void } = {};
    await page.route('**/bridge/call/status/settings/set', async (route) => {
      await new Promise<void>((resolve) => { held.release = resolve; });
      await route.continue();
    });
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(save).toHaveText('Saving…');
    await expect(save).toBeFocused();
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expect.poll(() => held.release !== undefined).toBe(true);
    held.release!();
    await expect(form.getByRole('status')).toHaveText('Saved');
    await expect(save).toHaveText('Save');
    await expect(save).toBeFocused();
    // Nothing to save now, and it says so without giving up the focus.
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(await call(serve, 'status/settings/get')).toEqual({ quiet: false, impacts: ['critical', 'major', 'none', 'maintenance'], componentIds: null });
    await page.unroute('**/bridge/call/status/settings/set');
    // As the other tests found them.
    await minor.check();
    await save.click();
    await expect.poll(() => call(serve, 'status/settings/get')).toEqual({ quiet: false, impacts: null, componentIds: null });
  });

  test.describe('against a Statuspage upstream', () => {
    let upstream: FakeUpstream;
    let instance: ServeInstance;
    let stop: () => Promise<void>;

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      ({ upstream, instance, stop } = await serveWithStatusUpstream('mirrordesk-e2e-status-'));
    });

    test.afterAll(async () => {
      await stop?.();
    });

    test('a toast appears when the scenario opens an incident, and opens it on the Status screen', async ({ page }) => {
      test.setTimeout(90_000);
      const [scenario] = loadScenarios(LIFECYCLE);
      // The first poll of a new data folder is a silent baseline.
      await expect.poll(async () => (await call<StatusSnapshot>(instance, 'status/snapshot')).poll.lastSuccessAt, { timeout: 20_000 }).not.toBeNull();
      await openStatus(page, instance);
      await expect(page.getByTestId('no-open-incidents')).toBeVisible();
      await expect(page.getByTestId('toast')).toHaveCount(0);

      upstream.serve(scenario!.steps[1]!.upstream);
      expect(await pollUntilDone(instance)).toMatchObject({ outcome: 'ok', changed: true, notifications: 1 });

      const toast = page.getByTestId('toast');
      await expect(toast).toHaveCount(1);
      const opened = (await call<StatusSnapshot>(instance, 'status/snapshot')).unresolved[0]!;
      await expect(toast).toContainText(opened.name);
      // The open incident appears on the screen from the same poll, without a reload.
      await expect(page.getByTestId('open-incidents').locator(`[data-incident="${opened.id}"]`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Check now' })).toBeEnabled();
      // The navigation shows the state on every screen.
      await expect(page.getByTestId('status-nav-dot')).toHaveAttribute('data-tone', 'major');
      await screenshot(page, '12-status-toast');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, '12-status-toast-dark');
      await page.emulateMedia({ colorScheme: 'light' });

      await toast.locator('a').click();
      await expect(page).toHaveURL(new RegExp(`#/status\\?incident=${opened.id}$`));
      await expect(page.locator(`[data-incident="${opened.id}"]`)).toHaveClass(/focused/);
      await expect(toast).toHaveCount(0);
      await screenshot(page, '14-status-incident-opened');
    });

    test('an upstream error is shown with the last good data kept', async ({ page }) => {
      test.setTimeout(90_000);
      upstream.serve({ '/api/v2/incidents.json': { status: 200, body: '<html>maintenance</html>', headers: { 'content-type': 'text/html' } } });
      expect(await pollUntilDone(instance)).toMatchObject({ outcome: 'failed' });
      await openStatus(page, instance);
      await expect(page.getByTestId('upstream-error')).toContainText('could not be read');
      await expect(page.getByTestId('open-incidents')).toBeVisible();
      await screenshot(page, '13-status-upstream-error');
    });

    test('a maintenance the page lists among its incidents reads as a maintenance in the history, never as an open incident', async ({ page }) => {
      test.setTimeout(90_000);
      const feeds = structuredClone(loadScenarios(LIFECYCLE)[0]!.steps[0]!.upstream) as Record<string, { page: Record<string, unknown>; incidents?: Record<string, unknown>[] }>;
      const listed = feeds['/api/v2/incidents.json']!;
      const at = '2026-11-20T08:00:00.000-06:00';
      const update = { id: 'upd0mnt0listed', incident_id: 'mnt0listed01', status: 'in_progress', body: 'Upgrading the database.', created_at: at, updated_at: at, display_at: at, affected_components: null };
      listed.incidents = [
        { id: 'mnt0listed01', name: 'Database upgrade', status: 'in_progress', impact: 'maintenance', created_at: at, updated_at: at, monitoring_at: null, resolved_at: null, shortlink: null, page_id: listed.page.id, scheduled_for: '2026-11-20T08:00:00.000-06:00', scheduled_until: '2026-11-20T12:00:00.000-06:00', incident_updates: [update], components: [] },
        ...listed.incidents!,
      ];
      upstream.serve(feeds);
      expect(await pollUntilDone(instance)).toMatchObject({ outcome: 'ok' });
      await openStatus(page, instance);
      const card = page.getByTestId('incident-history').locator('[data-incident="mnt0listed01"]');
      await expect(card).toHaveAttribute('data-tone', 'maintenance');
      await expect(card.locator('.badge')).toHaveText('Maintenance');
      // Its window, as upcoming maintenance shows it; not "open for" as an incident nobody closed.
      await expect(card).toContainText('2026-11-20 14:00');
      await expect(card).not.toContainText('open for');
      await expect(page.getByTestId('open-incidents').locator('[data-incident="mnt0listed01"]')).toHaveCount(0);
    });
  });
});
