/**
 * The one typed API between the renderer and the main process. Electron carries it over IPC
 * (preload exposes it as `window.mirrordesk`); `serve` mode carries the same calls over HTTP
 * for the web UI. Channel names are `area/action`; every request is validated in main.
 *
 * This file is imported by main, preload and renderer, so it imports types only.
 */
import type { AccountsResponse } from './mirror-types.ts';

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
  services: { mirror: string };
}

/** Every request/response pair, keyed by channel. */
export interface ApiChannels {
  'app/info': { request: null; response: AppInfo };
  'network/status': { request: null; response: NetworkInfo };
  /**
   * The accounts list. `query` is the query string of GET /api/v1/accounts (without `?`);
   * the response is exactly what that endpoint returns for it.
   */
  'accounts/list': { request: { query: string }; response: AccountsResponse };
}

/** Events pushed from main to the renderer. */
export interface ApiEvents {
  'network/changed': NetworkInfo;
}

export type Channel = keyof ApiChannels;
export type EventName = keyof ApiEvents;
export type RequestOf<C extends Channel> = ApiChannels[C]['request'];
export type ResponseOf<C extends Channel> = ApiChannels[C]['response'];

export const CHANNELS = ['app/info', 'network/status', 'accounts/list'] as const satisfies readonly Channel[];
export const EVENT_NAMES = ['network/changed'] as const satisfies readonly EventName[];

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
  network: { status(): Promise<ApiResult<NetworkInfo>> };
  accounts: { list(request: RequestOf<'accounts/list'>): Promise<ApiResult<AccountsResponse>> };
  on: EventSubscriber;
}

/** Builds the renderer-facing API over any transport; preload and the web client share it. */
export function createApiClient(transport: ApiTransport, subscribe: EventSubscriber): MirrordeskApi {
  return {
    app: { info: () => transport('app/info', null) },
    network: { status: () => transport('network/status', null) },
    accounts: { list: (request) => transport('accounts/list', request) },
    on: subscribe,
  };
}
