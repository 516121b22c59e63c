import {
  createApiClient,
  type ApiError,
  type ApiEvents,
  type ApiResult,
  type ApiTransport,
  type EventName,
  type EventSubscriber,
  type MirrordeskApi,
} from '../../../main/common/api-contract.ts';
// The same lossless parser main uses, so int64 values beyond 2^53 stay exact as bigint.
import { parseJsonLossless } from '../../../main/mirror/format/json-out.ts';

export const TOKEN_HEADER = 'x-mirrordesk-token';
export const TOKEN_STORAGE_KEY = 'mirrordesk.token';

type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ status: number; text(): Promise<string> }>;

function failure(code: ApiError['code'], message: string): ApiResult<never> {
  return { ok: false, error: { code, message, details: [] } };
}

function isApiResult(value: unknown): value is ApiResult<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}

/**
 * The typed API over the web bridge: POST /bridge/call/:area/:action with the launch token.
 * Like IPC, it never throws: network failures and odd replies become typed errors.
 */
export function createHttpTransport(options: { baseUrl: string; token: string | null; fetch: FetchLike }): ApiTransport {
  return (async (channel: string, request: unknown) => {
    let response;
    try {
      response = await options.fetch(`${options.baseUrl}/bridge/call/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: options.token ?? '' },
        body: JSON.stringify(request ?? null),
      });
    } catch {
      return failure('unavailable', 'The Mirrordesk service is not reachable. Is `serve` still running?');
    }
    let body: unknown;
    try {
      body = parseJsonLossless(await response.text());
    } catch {
      body = null;
    }
    if (isApiResult(body)) return body;
    return failure(response.status === 401 ? 'forbidden' : 'internal', `Unexpected reply from the service (HTTP ${response.status})`);
  }) as ApiTransport;
}

/** What the subscriber needs of EventSource; lets tests pass a fake. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { data: string }) => void): void;
  close(): void;
}

/**
 * Events over server-sent events (`event: <name>` / `data: <json>`). One EventSource is
 * opened on the first subscription and closed when the last listener leaves; the browser
 * reconnects it on its own after a drop, and `reconnected` is called then: the events sent while
 * it was down are lost (a stream that never opened and then does counts too).
 */
export function createEventSourceSubscriber(open: () => EventSourceLike, reconnected: () => void = () => undefined): EventSubscriber {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const attached = new Set<EventName>();
  let source: EventSourceLike | null = null;
  let count = 0;

  const openWatched = (): EventSourceLike => {
    const opened = open();
    let dropped = false;
    opened.addEventListener('error', () => { dropped = true; });
    opened.addEventListener('open', () => {
      if (!dropped) return;
      dropped = false;
      reconnected();
    });
    return opened;
  };

  return (<E extends EventName>(event: E, listener: (payload: ApiEvents[E]) => void) => {
    source ??= openWatched();
    if (!attached.has(event)) {
      attached.add(event);
      source.addEventListener(event, (message) => {
        let payload: unknown;
        try {
          payload = parseJsonLossless(message.data);
        } catch {
          return;
        }
        for (const each of listeners.get(event) ?? []) (each as (p: unknown) => void)(payload);
      });
    }
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener as (payload: never) => void);
    count += 1;
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      set.delete(listener as (payload: never) => void);
      count -= 1;
      if (count === 0 && source) {
        source.close();
        source = null;
        attached.clear();
      }
    };
  }) as EventSubscriber;
}

export interface TokenEnvironment {
  location: { href: string };
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void };
}

/**
 * The launch token `serve` puts in the page URL. It moves to sessionStorage and leaves the
 * visible URL (and so history, bookmarks and screenshots); reloads read it back from storage.
 */
export function takeLaunchToken(env: TokenEnvironment): string | null {
  const url = new URL(env.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    env.sessionStorage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    url.searchParams.delete('token');
    env.history.replaceState(env.history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return env.sessionStorage.getItem(TOKEN_STORAGE_KEY);
}

const reconnectListeners = new Set<() => void>();

/**
 * Calls `listener` each time the web UI's event stream is back after a drop: a screen that keeps
 * what main tells it up to date reads it again, as what was told meanwhile is lost. Inside
 * Electron, never: IPC does not drop. Returns the function that stops it.
 */
export function onEventStreamReconnected(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => { reconnectListeners.delete(listener); };
}

/** Preload's API inside Electron; otherwise the same API over the web bridge. */
export function selectApi(win: TokenEnvironment & { mirrordesk?: MirrordeskApi; location: { href: string; origin: string } }, deps: {
  fetch: FetchLike;
  openEvents: (url: string) => EventSourceLike;
}): MirrordeskApi {
  if (win.mirrordesk) return win.mirrordesk;
  const token = takeLaunchToken(win);
  const baseUrl = win.location.origin;
  const transport = createHttpTransport({ baseUrl, token, fetch: deps.fetch });
  const subscribe = createEventSourceSubscriber(
    () => deps.openEvents(`${baseUrl}/bridge/events?token=${encodeURIComponent(token ?? '')}`),
    () => { for (const listener of [...reconnectListeners]) listener(); },
  );
  return createApiClient(transport, subscribe);
}
