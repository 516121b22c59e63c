import { ipcMain, type WebContents } from 'electron';
import { CHANNELS, EVENT_NAMES, type ApiResult } from '../common/api-contract.ts';
import type { Dispatcher } from '../bridge/dispatch.ts';
import type { ApiEventBus } from '../services/event-bus.ts';
import { callIpcChannel, eventIpcChannel } from './ipc-names.ts';
import { checkIpcSender } from './sender-check.ts';

export interface ApiIpcDeps {
  dispatch: Dispatcher;
  /** The webContents of the app window, or null while there is none. */
  trustedContents: () => WebContents | null;
  log: (line: string) => void;
}

/**
 * One `ipcMain.handle` per API channel. Each call is checked for its sender first, then goes to
 * the same validating dispatcher the HTTP bridge uses; a refused call resolves to a typed
 * `forbidden` error rather than throwing, as every call across the bridge does.
 * Returns a function that removes the handlers.
 */
export function registerApiIpc(deps: ApiIpcDeps): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(callIpcChannel(channel), async (event, request: unknown): Promise<ApiResult<unknown>> => {
      const verdict = checkIpcSender(event, deps.trustedContents()?.id ?? null);
      if (!verdict.ok) {
        deps.log(`refused IPC call ${channel}: ${verdict.reason}`);
        return { ok: false, error: { code: 'forbidden', message: verdict.reason, details: [] } };
      }
      return deps.dispatch(channel, request === undefined ? null : request);
    });
  }
  return () => {
    for (const channel of CHANNELS) ipcMain.removeHandler(callIpcChannel(channel));
  };
}

/** Pushes every service event to one window until it is destroyed. Returns the unsubscriber. */
export function forwardEvents(events: ApiEventBus, contents: WebContents): () => void {
  const unsubscribers = EVENT_NAMES.map((name) => events.on(name, (payload) => {
    if (!contents.isDestroyed()) contents.send(eventIpcChannel(name), payload);
  }));
  const stop = (): void => {
    for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
  };
  contents.once('destroyed', stop);
  return stop;
}
