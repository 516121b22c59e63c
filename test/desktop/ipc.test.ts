// The Electron binary cannot run here (it is not downloadable on this machine), so `electron` is
// replaced by a stand-in: ipcMain records its handlers and BrowserWindow is never constructed.
// What is exercised is our code: the sender check, the dispatcher and the event forwarding.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebContents } from 'electron';
import { CHANNELS } from '../../main/common/api-contract.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import { bridgeFixture, READY_INFO } from '../bridge/bridge-fixture.ts';

const handlers = vi.hoisted(() => new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>());
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => Promise<unknown>) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, handler);
    },
    removeHandler: (channel: string) => handlers.delete(channel),
  },
}));

const { forwardEvents, registerApiIpc } = await import('../../main/desktop/ipc.ts');

const fixture = bridgeFixture();
afterAll(() => fixture.dispose());

const WINDOW = { id: 1 } as WebContents;
const goodEvent = { sender: { id: 1 }, senderFrame: { url: 'app://mirrordesk/index.html', parent: null } };
const logged: string[] = [];
let unregister: () => void = () => undefined;

beforeEach(() => {
  unregister();
  logged.length = 0;
  unregister = registerApiIpc({ dispatch: fixture.dispatch, trustedContents: () => WINDOW, log: (line) => logged.push(line) });
});

const call = (channel: string, event: unknown, request: unknown) => handlers.get(channel)!(event, request);

describe('the API over IPC', () => {
  it('handles exactly the channels of the contract', () => {
    expect([...handlers.keys()].sort()).toEqual([...CHANNELS].sort());
  });

  it('returns for a valid call exactly what the dispatcher returns', async () => {
    for (const [channel, request] of [['accounts/list', { query: 'limit=3&order=desc' }], ['network/status', null], ['app/info', null]] as const) {
      expect(await call(channel, goodEvent, request)).toEqual(await fixture.dispatch(channel, request));
    }
    expect(await call('network/status', goodEvent, null)).toEqual({ ok: true, value: READY_INFO });
  });

  it('turns invalid input into a typed invalid-input error', async () => {
    const result = await call('accounts/list', goodEvent, { query: 'limit=0' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input', details: [expect.stringMatching(/limit/)] } });
    expect(await call('accounts/list', goodEvent, 'limit=1')).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it.each([
    ['another webContents', { sender: { id: 2 }, senderFrame: { url: 'app://mirrordesk/index.html', parent: null } }],
    ['a remote page in our window', { sender: { id: 1 }, senderFrame: { url: 'https://evil.example/', parent: null } }],
    ['a sub-frame', { sender: { id: 1 }, senderFrame: { url: 'app://mirrordesk/index.html', parent: {} } }],
    ['a destroyed frame', { sender: { id: 1 }, senderFrame: null }],
  ])('rejects a forged sender: %s', async (_name, event) => {
    const dispatch = vi.fn(fixture.dispatch);
    unregister();
    unregister = registerApiIpc({ dispatch, trustedContents: () => WINDOW, log: (line) => logged.push(line) });
    expect(await call('accounts/list', event, { query: '' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(dispatch).not.toHaveBeenCalled();
    expect(logged).toEqual([expect.stringMatching(/^refused IPC call accounts\/list: /)]);
  });

  it('rejects every call while there is no window', async () => {
    unregister();
    unregister = registerApiIpc({ dispatch: fixture.dispatch, trustedContents: () => null, log: () => undefined });
    expect(await call('app/info', goodEvent, null)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('removes its handlers when asked', () => {
    unregister();
    expect(handlers.size).toBe(0);
    unregister = () => undefined;
  });
});

describe('events to the window', () => {
  function fakeContents() {
    const sent: [string, unknown][] = [];
    let destroyed = false;
    let onDestroyed: () => void = () => undefined;
    const contents = {
      send: (channel: string, payload: unknown) => sent.push([channel, payload]),
      isDestroyed: () => destroyed,
      once: (_name: 'destroyed', listener: () => void) => { onDestroyed = listener; },
    } as unknown as WebContents;
    return { contents, sent, destroy: () => { destroyed = true; onDestroyed(); } };
  }

  it('sends each service event on event:<name> until the window is destroyed', () => {
    const events = new ApiEventBus();
    const window = fakeContents();
    forwardEvents(events, window.contents);
    events.emit('network/changed', READY_INFO);
    expect(window.sent).toEqual([['event:network/changed', READY_INFO]]);
    window.destroy();
    events.emit('network/changed', READY_INFO);
    expect(window.sent).toHaveLength(1);
  });
});
