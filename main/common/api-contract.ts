/**
 * The one typed API between the renderer and the main process. Electron carries it over IPC
 * (preload exposes it as `window.mirrordesk`); `serve` mode carries the same calls over HTTP
 * for the web UI. Channel names are `area/action`; every request is validated in main.
 *
 * This file is imported by main, preload and renderer, so it imports types only.
 */
import type { AccountsResponse } from './mirror-types.ts';
import type { NotificationSettings, StatusNotification, StatusPollReply, StatusSnapshot } from './status-types.ts';
import type { SyncStatus } from './sync-types.ts';

export type { SyncStatus };

export type NetworkState = 'ready' | 'generating' | 'error';

export interface NetworkInfo {
  /** Profile name, e.g. `demo`. */
  name: string;
  /** Where the data comes from: the embedded demo ledger or an upstream mirror node. */
  source: 'demo' | 'upstream';
  chainId: number | null;
  state: NetworkState;
  /** Work in progress (demo generation), null when idle. */
  progress: { done: number; total: number; label: string } | null;
  /** Why the state is `error`, in plain words. */
  message: string | null;
  /** Accounts (and contracts) held in the local store. */
  accountCount: number;
}

export interface AppInfo {
  version: string;
  /** `desktop` inside Electron, `web` in a browser opened by `serve`. */
  shell: 'desktop' | 'web';
  network: NetworkInfo;
  /** Base URLs of the local HTTP services, for copying into other tools. */
  services: { mirror: string; status?: string };
}

/** Every request/response pair, keyed by channel. */
export interface ApiChannels {
  'app/info': { request: null; response: AppInfo };
  'network/status': { request: null; response: NetworkInfo };
  /**
   * Opens another network profile (`demo`, `mainnet`, `testnet`, `previewnet`, or the `custom` one
   * the app was started with) without a restart; the local services keep their addresses.
   */
  'network/switch': { request: { name: string }; response: NetworkInfo };
  /**
   * The accounts list. `query` is the query string of GET /api/v1/accounts (without `?`);
   * the response is exactly what that endpoint returns for it.
   */
  'accounts/list': { request: { query: string }; response: AccountsResponse };
  /** The network's status as the local feed holds it: incidents, maintenances, components, poll health. */
  'status/snapshot': { request: null; response: StatusSnapshot };
  'status/settings/get': { request: null; response: NotificationSettings };
  /** Replaces the notification settings; answers them as saved. */
  'status/settings/set': { request: NotificationSettings; response: NotificationSettings };
  /** Polls the status page now (at most every 10 s). */
  'status/poll-now': { request: null; response: StatusPollReply };
  /** The upstream sync of the open profile: state, entities synced, rate, estimate, last error. */
  'sync/status': { request: null; response: SyncStatus };
  /** Pauses the sync (kept across restarts); the local API keeps serving what is stored. */
  'sync/pause': { request: null; response: SyncStatus };
  'sync/resume': { request: null; response: SyncStatus };
  /** Forgets cursors and ETags and crawls the upstream again from the start. */
  'sync/resync': { request: null; response: SyncStatus };
}

/** Events pushed from main to the renderer. */
export interface ApiEvents {
  'network/changed': NetworkInfo;
  /** A status notification the user's settings let through (quiet mode holds all back). */
  'status/notification': StatusNotification;
  /** After every poll: the new snapshot (data, last good poll, upstream error). */
  'status/updated': StatusSnapshot;
  /** Main asks the renderer to show a place in the app, e.g. an incident from a desktop notification. */
  'app/navigate': { hash: string };
  /** Sync progress (a few times a second at most) and every change of sync state. */
  'sync/status': SyncStatus;
}

export type Channel = keyof ApiChannels;
export type EventName = keyof ApiEvents;
export type RequestOf<C extends Channel> = ApiChannels[C]['request'];
export type ResponseOf<C extends Channel> = ApiChannels[C]['response'];

export const CHANNELS = ['app/info', 'network/status', 'network/switch', 'accounts/list', 'status/snapshot', 'status/settings/get', 'status/settings/set', 'status/poll-now', 'sync/status', 'sync/pause', 'sync/resume', 'sync/resync'] as const satisfies readonly Channel[];
export const EVENT_NAMES = ['network/changed', 'status/notification', 'status/updated', 'app/navigate', 'sync/status'] as const satisfies readonly EventName[];

export type ApiErrorCode = 'invalid-input' | 'not-found' | 'unavailable' | 'forbidden' | 'internal';

export interface ApiError {
  code: ApiErrorCode;
  message: string;
  /** One line per problem, e.g. each invalid query parameter. */
  details: string[];
}

/** Calls never throw across the bridge: they resolve to a value or a typed error. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/** Carries one call to main and back (IPC in Electron, HTTP in the browser). */
export type ApiTransport = <C extends Channel>(channel: C, request: RequestOf<C>) => Promise<ApiResult<ResponseOf<C>>>;
export type EventSubscriber = <E extends EventName>(event: E, listener: (payload: ApiEvents[E]) => void) => () => void;

/** The API as the renderer calls it: `api.accounts.list({ query })`. */
export interface MirrordeskApi {
  app: { info(): Promise<ApiResult<AppInfo>> };
  network: { status(): Promise<ApiResult<NetworkInfo>>; switch(request: RequestOf<'network/switch'>): Promise<ApiResult<NetworkInfo>> };
  accounts: { list(request: RequestOf<'accounts/list'>): Promise<ApiResult<AccountsResponse>> };
  status: {
    snapshot(): Promise<ApiResult<StatusSnapshot>>;
    settings(): Promise<ApiResult<NotificationSettings>>;
    saveSettings(request: NotificationSettings): Promise<ApiResult<NotificationSettings>>;
    pollNow(): Promise<ApiResult<StatusPollReply>>;
  };
  sync: {
    status(): Promise<ApiResult<SyncStatus>>;
    pause(): Promise<ApiResult<SyncStatus>>;
    resume(): Promise<ApiResult<SyncStatus>>;
    resync(): Promise<ApiResult<SyncStatus>>;
  };
  on: EventSubscriber;
}

/** Builds the renderer-facing API over any transport; preload and the web client share it. */
export function createApiClient(transport: ApiTransport, subscribe: EventSubscriber): MirrordeskApi {
  return {
    app: { info: () => transport('app/info', null) },
    network: { status: () => transport('network/status', null), switch: (request) => transport('network/switch', request) },
    accounts: { list: (request) => transport('accounts/list', request) },
    status: {
      snapshot: () => transport('status/snapshot', null),
      settings: () => transport('status/settings/get', null),
      saveSettings: (request) => transport('status/settings/set', request),
      pollNow: () => transport('status/poll-now', null),
    },
    sync: {
      status: () => transport('sync/status', null),
      pause: () => transport('sync/pause', null),
      resume: () => transport('sync/resume', null),
      resync: () => transport('sync/resync', null),
    },
    on: subscribe,
  };
}
