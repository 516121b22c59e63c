import { CHANNELS, EVENT_NAMES, type ApiTransport, type EventSubscriber } from '../main/common/api-contract.ts';
import { callIpcChannel, eventIpcChannel } from '../main/desktop/ipc-names.ts';

/** The slice of `ipcRenderer` the preload uses; a fake in tests. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

const callable = new Set<string>(CHANNELS);
const subscribable = new Set<string>(EVENT_NAMES);

/**
 * Calls over `ipcRenderer.invoke`, for the listed channels only: the page cannot reach any
 * other IPC channel through us, whatever string it passes.
 */
export function createIpcTransport(ipc: IpcRendererLike): ApiTransport {
  return ((channel: string, request: unknown) => {
    if (!callable.has(channel)) {
      return Promise.resolve({ ok: false, error: { code: 'not-found', message: `unknown API call "${String(channel)}"`, details: [] } });
    }
    return ipc.invoke(callIpcChannel(channel as (typeof CHANNELS)[number]), request);
  }) as ApiTransport;
}

/**
 * Subscribes to pushed events, listed names only. The listener gets the payload alone, never
 * the IpcRendererEvent (which would hand the page `sender`). Returns the unsubscriber.
 */
export function createIpcSubscriber(ipc: IpcRendererLike): EventSubscriber {
  return ((event: string, listener: (payload: unknown) => void) => {
    if (!subscribable.has(event)) throw new Error(`unknown event "${String(event)}"`);
    if (typeof listener !== 'function') throw new Error('listener must be a function');
    const channel = eventIpcChannel(event as (typeof EVENT_NAMES)[number]);
    const wrapped = (_event: unknown, payload: unknown): void => listener(payload);
    ipc.on(channel, wrapped);
    return () => {
      ipc.removeListener(channel, wrapped);
    };
  }) as EventSubscriber;
}
