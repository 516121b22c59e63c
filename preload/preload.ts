/**
 * Runs in the sandboxed renderer before the page: exposes the typed API as `window.mirrordesk`
 * and nothing else (never `ipcRenderer` itself). Bundled to dist/preload/preload.cjs, because a
 * sandboxed preload can require only `electron` and a few built-ins, not our modules.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createApiClient } from '../main/common/api-contract.ts';
import { createIpcSubscriber, createIpcTransport } from './ipc-client.ts';

contextBridge.exposeInMainWorld('mirrordesk', createApiClient(createIpcTransport(ipcRenderer), createIpcSubscriber(ipcRenderer)));
