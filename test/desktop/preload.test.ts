import { describe, expect, it, vi } from 'vitest';
import { createIpcSubscriber, createIpcTransport, type IpcRendererLike } from '../../preload/ipc-client.ts';

type Listener = (event: unknown, ...args: unknown[]) => void;

function fakeIpc() {
  const invoked: [string, unknown][] = [];
  const listeners = new Map<string, Set<Listener>>();
  const ipc: IpcRendererLike = {
    invoke: async (channel, request) => {
      invoked.push([channel, request]);
      return { ok: true, value: `answer from ${channel}` };
    },
    on: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
  };
  const emit = (channel: string, payload: unknown) => listeners.get(channel)?.forEach((l) => l({ sender: 'ipc internals' }, payload));
  return { ipc, invoked, listeners, emit };
}

describe('the preload transport', () => {
  it('invokes listed channels with the request', async () => {
    const fake = fakeIpc();
    const transport = createIpcTransport(fake.ipc);
    expect(await transport('accounts/list', { query: 'limit=1' })).toEqual({ ok: true, value: 'answer from accounts/list' });
    expect(fake.invoked).toEqual([['accounts/list', { query: 'limit=1' }]]);
  });

  it('never reaches an unlisted IPC channel', async () => {
    const fake = fakeIpc();
    const transport = createIpcTransport(fake.ipc) as (channel: string, request: unknown) => Promise<unknown>;
    for (const channel of ['event:network/changed', 'ELECTRON_BROWSER_REQUIRE', 'accounts/delete', '__proto__', 'constructor']) {
      expect(await transport(channel, null)).toMatchObject({ ok: false, error: { code: 'not-found' } });
    }
    expect(fake.invoked).toEqual([]);
  });
});

describe('the preload event subscription', () => {
  it('delivers the payload only, and stops after unsubscribe', () => {
    const fake = fakeIpc();
    const subscribe = createIpcSubscriber(fake.ipc);
    const received: unknown[] = [];
    const unsubscribe = subscribe('network/changed', (payload) => received.push(payload));
    fake.emit('event:network/changed', { state: 'ready' });
    unsubscribe();
    fake.emit('event:network/changed', { state: 'error' });
    expect(received).toEqual([{ state: 'ready' }]);
    expect(fake.listeners.get('event:network/changed')?.size).toBe(0);
  });

  it('refuses unlisted events', () => {
    const subscribe = createIpcSubscriber(fakeIpc().ipc) as (event: string, listener: () => void) => () => void;
    expect(() => subscribe('accounts/list', () => undefined)).toThrow(/unknown event/);
    expect(() => subscribe('ELECTRON_GUEST_VIEW', () => undefined)).toThrow(/unknown event/);
  });
});

describe('preload.ts', () => {
  it('exposes the typed API as window.mirrordesk and nothing else', async () => {
    // Electron cannot run here: contextBridge and ipcRenderer are stand-ins that record calls.
    const exposed = new Map<string, unknown>();
    const invoke = vi.fn(async () => ({ ok: true, value: null }));
    vi.doMock('electron', () => ({
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
      ipcRenderer: { invoke, on: vi.fn(), removeListener: vi.fn() },
    }));
    await import('../../preload/preload.ts');
    expect([...exposed.keys()]).toEqual(['mirrordesk']);
    const api = exposed.get('mirrordesk') as {
      app: { info(): Promise<unknown> };
      accounts: { list(r: unknown): Promise<unknown> };
      status: { settings(): Promise<unknown>; saveSettings(r: unknown): Promise<unknown> };
      on: (event: string, listener: () => void) => () => void;
    };
    expect(Object.keys(api).sort()).toEqual(['accounts', 'app', 'mirror', 'network', 'on', 'status', 'sync', 'verify']);
    await api.accounts.list({ query: 'limit=2' });
    await api.app.info();
    expect(invoke.mock.calls).toEqual([['accounts/list', { query: 'limit=2' }], ['app/info', null]]);
    // New channels and events of the contract are reachable without touching the preload.
    const settings = { quiet: true, impacts: null, componentIds: null };
    await api.status.settings();
    await api.status.saveSettings(settings);
    expect(invoke.mock.calls.slice(2)).toEqual([['status/settings/get', null], ['status/settings/set', settings]]);
    for (const event of ['status/notification', 'status/updated', 'app/navigate']) expect(typeof api.on(event, () => undefined)).toBe('function');
  });
});
