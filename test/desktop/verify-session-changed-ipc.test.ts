// The Electron binary cannot run here: `electron` is replaced by a stand-in, and the window by a
// fake whose `send` hands each message to the preload's subscriber, as IPC would.
import { describe, expect, it, vi } from 'vitest';
import type { WebContents } from 'electron';
import type { VerifySessionChange } from '../../main/common/verify-types.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import { createIpcSubscriber, type IpcRendererLike } from '../../preload/ipc-client.ts';

vi.mock('electron', () => ({ ipcMain: { handle: () => undefined, removeHandler: () => undefined } }));
const { forwardEvents } = await import('../../main/desktop/ipc.ts');

type Listener = (event: unknown, ...args: unknown[]) => void;

describe('verify/session-changed in the desktop app', () => {
  it('goes from the services to a window subscribed through the preload', () => {
    const listeners = new Map<string, Set<Listener>>();
    const ipc: IpcRendererLike = {
      invoke: async () => undefined,
      on: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
      removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
    };
    const contents = {
      send: (channel: string, payload: unknown) => listeners.get(channel)?.forEach((l) => l({}, payload)),
      isDestroyed: () => false,
      once: () => undefined,
    } as unknown as WebContents;
    const events = new ApiEventBus();
    const stopForwarding = forwardEvents(events, contents);
    const heard: VerifySessionChange[] = [];
    const stop = createIpcSubscriber(ipc)('verify/session-changed', (change) => heard.push(change));
    events.emit('verify/session-changed', { profile: 'demo', revision: 3 });
    stop();
    stopForwarding();
    expect(heard).toEqual([{ profile: 'demo', revision: 3 }]);
  });
});
