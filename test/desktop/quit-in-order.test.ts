import { afterEach, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../main/bridge/dispatch.ts';
import { closingCalls, SHUTTING_DOWN } from '../../main/desktop/closing-calls.ts';
import { quitAfterClose } from '../../main/desktop/quit-after-close.ts';
import { startQuitting } from '../../main/desktop/quit-in-order.ts';
import { bridgeFixture } from '../bridge/bridge-fixture.ts';

// The desktop app's quit without Electron: the window is a flag, its calls go through the real
// dispatcher over a real SQLite store (the bridge fixture), and the services closing are that
// fixture's mirror server and store.
const fixtures: Array<ReturnType<typeof bridgeFixture>> = [];
afterEach(async () => {
  for (const fixture of fixtures.splice(0)) await fixture.dispose().catch(() => undefined);
});

const SHUTTING_DOWN_ANSWER = { ok: false, error: { code: 'unavailable', message: SHUTTING_DOWN, details: [] } };

/** A dispatcher that holds each call until `release()`, to have calls under way when the quit comes. */
function heldDispatch(dispatch: Dispatcher) {
  const waiting: Array<() => void> = [];
  const held: Dispatcher = async (channel, request) => {
    await new Promise<void>((resolve) => waiting.push(resolve));
    return dispatch(channel, request);
  };
  return { dispatch: held, release: () => { for (const go of waiting.splice(0)) go(); } };
}

function desktopApp(dispatch?: (real: Dispatcher) => Dispatcher) {
  const fixture = bridgeFixture();
  fixtures.push(fixture);
  const steps: string[] = [];
  let servicesClosed = false;
  const calls = closingCalls(dispatch ? dispatch(fixture.dispatch) : fixture.dispatch);
  let taken = false;
  let quit!: () => void;
  const quitted = new Promise<void>((resolve) => { quit = resolve; });
  const onBeforeQuit = quitAfterClose({
    takeServices: () => {
      if (taken) return null;
      taken = true;
      return startQuitting({
        services: { close: async () => { steps.push('services closing'); await fixture.dispose(); servicesClosed = true; } },
        calls,
        hideWindow: () => steps.push('window hidden'),
        cleanups: [() => steps.push('tray removed')],
      });
    },
    quit: () => quit(),
    log: (line) => steps.push(`log: ${line}`),
  });
  return { fixture, calls, steps, servicesClosed: () => servicesClosed, quitted, askQuit: () => onBeforeQuit({ preventDefault: () => undefined }) };
}

describe('quitting the desktop app', () => {
  it('refuses the window\'s calls and hides it as soon as the quit is asked, before the services close', async () => {
    const app = desktopApp();
    expect(await app.calls.dispatch('network/status', null)).toMatchObject({ ok: true });
    app.askQuit();
    expect(app.steps).toEqual(['window hidden', 'tray removed']);
    // A call made while the services close is told why, not sent to a database being closed.
    expect(await app.calls.dispatch('accounts/list', { query: 'limit=1' })).toEqual(SHUTTING_DOWN_ANSWER);
    await app.quitted;
    expect(app.steps).toEqual(['window hidden', 'tray removed', 'services closing']);
    expect(await app.calls.dispatch('accounts/list', { query: 'limit=1' })).toEqual(SHUTTING_DOWN_ANSWER);
    // Nothing reached the closed store: no "failed unexpectedly", no TypeError stack in the log.
    expect(app.fixture.logged).toEqual([]);
  });

  it('lets a call under way answer from the open store before the services close', async () => {
    let held!: ReturnType<typeof heldDispatch>;
    const app = desktopApp((real) => (held = heldDispatch(real)).dispatch);
    const underWay = app.calls.dispatch('accounts/list', { query: 'limit=2' });
    app.askQuit();
    // Let the close run as far as it can: it waits for the call, so the services stay open.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.servicesClosed()).toBe(false);
    held.release();
    const answer = (await underWay) as { ok: boolean; value: { accounts: unknown[] } };
    expect(answer.ok).toBe(true);
    expect(answer.value.accounts).toHaveLength(2);
    await app.quitted;
    expect(app.servicesClosed()).toBe(true);
    expect(app.fixture.logged).toEqual([]);
  });

  it('stops waiting for a call that never answers after its limit', async () => {
    const calls = closingCalls(() => new Promise(() => undefined), 100);
    void calls.dispatch('app/info', null);
    const asked = performance.now();
    await calls.close();
    expect(performance.now() - asked).toBeGreaterThanOrEqual(90);
    expect(await calls.dispatch('app/info', null)).toEqual(SHUTTING_DOWN_ANSWER);
  });
});
