import { describe, expect, it } from 'vitest';
import type { MirrordeskApi, NetworkInfo } from '../../../main/common/api-contract.ts';
import {
  createEventSourceSubscriber,
  createHttpTransport,
  onEventStreamReconnected,
  selectApi,
  takeLaunchToken,
  TOKEN_STORAGE_KEY,
  type EventSourceLike,
  type TokenEnvironment,
} from '../../../renderer/src/lib/web-transport.ts';

function fakeFetch(reply: { status: number; body: string } | Error) {
  const calls: Array<{ url: string; init: { method: string; headers: Record<string, string>; body: string } }> = [];
  const fetch = async (url: string, init: { method: string; headers: Record<string, string>; body: string }) => {
    calls.push({ url, init });
    if (reply instanceof Error) throw reply;
    return { status: reply.status, text: async () => reply.body };
  };
  return { calls, fetch };
}

function fakeEnv(href: string, stored: string | null = null): TokenEnvironment & { storage: Map<string, string>; urls: string[] } {
  const storage = new Map<string, string>();
  if (stored) storage.set(TOKEN_STORAGE_KEY, stored);
  const urls: string[] = [];
  return {
    storage,
    urls,
    location: { href },
    sessionStorage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
    history: { state: null, replaceState: (_s, _u, url) => void urls.push(url) },
  };
}

/** `emit` speaks for the stream opened last (`open`, `error` as the browser's own, with no data). */
function fakeEventSource() {
  let handlers = new Map<string, Array<(event: { data: string }) => void>>();
  let opened = 0;
  let closed = 0;
  const open = (): EventSourceLike => {
    opened += 1;
    const own = new Map<string, Array<(event: { data: string }) => void>>();
    handlers = own;
    return {
      addEventListener: (type, listener) => own.set(type, [...(own.get(type) ?? []), listener]),
      close: () => { closed += 1; },
    };
  };
  const emit = (type: string, data = '') => { for (const h of handlers.get(type) ?? []) h({ data }); };
  return { open, emit, counts: () => ({ opened, closed }) };
}

describe('HTTP transport', () => {
  it('posts the request to /bridge/call/<channel> with the token header', async () => {
    const { calls, fetch } = fakeFetch({ status: 200, body: '{"ok":true,"value":{"accounts":[],"links":{"next":null}}}' });
    const transport = createHttpTransport({ baseUrl: 'http://127.0.0.1:9', token: 'secret', fetch });
    const result = await transport('accounts/list', { query: 'limit=1' });
    expect(result).toEqual({ ok: true, value: { accounts: [], links: { next: null } } });
    expect(calls[0]!.url).toBe('http://127.0.0.1:9/bridge/call/accounts/list');
    expect(calls[0]!.init.headers['x-mirrordesk-token']).toBe('secret');
    expect(calls[0]!.init.body).toBe('{"query":"limit=1"}');
  });

  it('sends null for calls without a request', async () => {
    const { calls, fetch } = fakeFetch({ status: 200, body: '{"ok":true,"value":{}}' });
    await createHttpTransport({ baseUrl: '', token: 't', fetch })('network/status', null);
    expect(calls[0]!.init.body).toBe('null');
  });

  it('keeps int64 values beyond 2^53 exact', async () => {
    const { fetch } = fakeFetch({ status: 200, body: '{"ok":true,"value":{"n":5000000000000000001}}' });
    const result = await createHttpTransport({ baseUrl: '', token: 't', fetch })('app/info', null);
    expect(result.ok && (result.value as unknown as { n: unknown }).n).toBe(5_000_000_000_000_000_001n);
  });

  it('passes typed errors through, including a 401 for a wrong token', async () => {
    const body = '{"ok":false,"error":{"code":"forbidden","message":"missing or wrong bridge token","details":[]}}';
    const { fetch } = fakeFetch({ status: 401, body });
    const result = await createHttpTransport({ baseUrl: '', token: null, fetch })('app/info', null);
    expect(result).toEqual({ ok: false, error: { code: 'forbidden', message: 'missing or wrong bridge token', details: [] } });
  });

  it('never throws: network failures and odd replies become typed errors', async () => {
    const down = await createHttpTransport({ baseUrl: '', token: 't', fetch: fakeFetch(new Error('refused')).fetch })('app/info', null);
    expect(down.ok === false && down.error.code).toBe('unavailable');
    const html = await createHttpTransport({ baseUrl: '', token: 't', fetch: fakeFetch({ status: 502, body: '<html>' }).fetch })('app/info', null);
    expect(html.ok === false && html.error.message).toMatch(/HTTP 502/);
  });
});

describe('event subscriber', () => {
  it('opens one stream, delivers parsed payloads, and closes after the last listener leaves', () => {
    const source = fakeEventSource();
    const subscribe = createEventSourceSubscriber(source.open);
    const a: NetworkInfo[] = [];
    const b: NetworkInfo[] = [];
    const offA = subscribe('network/changed', (info) => a.push(info));
    const offB = subscribe('network/changed', (info) => b.push(info));
    source.emit('network/changed', '{"name":"demo","state":"ready"}');
    source.emit('network/changed', 'not json');
    expect(a).toEqual([{ name: 'demo', state: 'ready' }]);
    expect(b).toHaveLength(1);
    offA();
    offA();
    expect(source.counts()).toEqual({ opened: 1, closed: 0 });
    offB();
    expect(source.counts()).toEqual({ opened: 1, closed: 1 });
  });
});

describe('event stream reconnects', () => {
  it('are told once the stream is open again after a drop, once per drop, and not at its first opening', () => {
    const source = fakeEventSource();
    let reconnects = 0;
    const subscribe = createEventSourceSubscriber(source.open, () => { reconnects += 1; });
    const off = subscribe('verify/session-changed', () => undefined);
    source.emit('open');
    expect(reconnects).toBe(0);
    // Dropped; the browser's first attempts to reconnect fail too.
    source.emit('error');
    source.emit('error');
    expect(reconnects).toBe(0);
    source.emit('open');
    expect(reconnects).toBe(1);
    source.emit('error');
    source.emit('open');
    expect(reconnects).toBe(2);
    // Closed with its last listener, then opened anew: a first opening, not a reconnect.
    off();
    subscribe('verify/session-changed', () => undefined);
    source.emit('open');
    expect(source.counts()).toEqual({ opened: 2, closed: 1 });
    expect(reconnects).toBe(2);
  });

  it('are told when a stream that could not open at first opens: events sent meanwhile are lost too', () => {
    const source = fakeEventSource();
    let reconnects = 0;
    createEventSourceSubscriber(source.open, () => { reconnects += 1; })('network/changed', () => undefined);
    source.emit('error');
    source.emit('open');
    expect(reconnects).toBe(1);
  });

  it("reach the listeners of onEventStreamReconnected from the web UI's stream, until they stop", () => {
    const source = fakeEventSource();
    const env = { ...fakeEnv('http://127.0.0.1:7/?token=t'), location: { href: 'http://127.0.0.1:7/?token=t', origin: 'http://127.0.0.1:7' } };
    const api = selectApi(env, { fetch: fakeFetch(new Error('unused')).fetch, openEvents: source.open });
    let reconnects = 0;
    const stop = onEventStreamReconnected(() => { reconnects += 1; });
    api.on('verify/session-changed', () => undefined);
    source.emit('error');
    source.emit('open');
    expect(reconnects).toBe(1);
    stop();
    source.emit('error');
    source.emit('open');
    expect(reconnects).toBe(1);
  });
});

describe('launch token', () => {
  it('moves the token from the URL to sessionStorage and out of the visible URL', () => {
    const env = fakeEnv('http://127.0.0.1:5/?token=abc&x=1#/accounts?order=desc');
    expect(takeLaunchToken(env)).toBe('abc');
    expect(env.storage.get(TOKEN_STORAGE_KEY)).toBe('abc');
    expect(env.urls).toEqual(['/?x=1#/accounts?order=desc']);
  });

  it('reads the stored token after a reload', () => {
    const env = fakeEnv('http://127.0.0.1:5/#/accounts', 'stored');
    expect(takeLaunchToken(env)).toBe('stored');
    expect(env.urls).toEqual([]);
  });
});

describe('selectApi', () => {
  it('uses the preload API when Electron provides one', () => {
    const preload = {} as MirrordeskApi;
    const env = { ...fakeEnv('app://mirrordesk/'), location: { href: 'app://mirrordesk/', origin: 'app://mirrordesk' }, mirrordesk: preload };
    expect(selectApi(env, { fetch: fakeFetch(new Error('unused')).fetch, openEvents: fakeEventSource().open })).toBe(preload);
  });

  it('otherwise builds the API over the bridge of the page origin, events included', async () => {
    const { calls, fetch } = fakeFetch({ status: 200, body: '{"ok":true,"value":{}}' });
    const urls: string[] = [];
    const source = fakeEventSource();
    const env = { ...fakeEnv('http://127.0.0.1:7/?token=t%2B1'), location: { href: 'http://127.0.0.1:7/?token=t%2B1', origin: 'http://127.0.0.1:7' } };
    const api = selectApi(env, { fetch, openEvents: (url) => { urls.push(url); return source.open(); } });
    await api.network.status();
    expect(calls[0]!.url).toBe('http://127.0.0.1:7/bridge/call/network/status');
    expect(calls[0]!.init.headers['x-mirrordesk-token']).toBe('t+1');
    api.on('network/changed', () => undefined);
    expect(urls).toEqual(['http://127.0.0.1:7/bridge/events?token=t%2B1']);
  });
});
