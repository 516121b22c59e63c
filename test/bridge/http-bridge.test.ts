import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpBridge, RENDERER_CSP, TOKEN_HEADER } from '../../main/bridge/http-bridge.ts';
import { resolveStaticFile } from '../../main/bridge/static-files.ts';
import { listenOnLoopback } from '../../main/http/listen.ts';
import { ApiEventBus } from '../../main/services/event-bus.ts';
import { createHttpTransport } from '../../renderer/src/lib/web-transport.ts';
import { demoStatusSnapshots } from '../helpers/demo-status.ts';
import { rawExchange } from '../helpers/raw-exchange.ts';
import { bridgeFixture, READY_INFO } from './bridge-fixture.ts';

// The web bridge of `serve` mode on a real loopback socket, with a real renderer folder.
const TOKEN = 'test-token-0123456789';
const fixture = bridgeFixture();
const events = new ApiEventBus();
const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-renderer-'));
fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Mirrordesk</title>');
fs.mkdirSync(path.join(rendererDir, 'assets'));
fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
fs.writeFileSync(path.join(path.dirname(rendererDir), 'mirrordesk-secret.txt'), 'secret');
const bridge = buildHttpBridge({ dispatch: fixture.dispatch, events, token: TOKEN, rendererDir, hostCheck: true });
let base = '';

beforeAll(async () => { base = await listenOnLoopback(bridge, 0); });
afterAll(async () => {
  await bridge.close();
  await fixture.dispose();
  fs.rmSync(rendererDir, { recursive: true, force: true });
});

const call = (route: string, body: unknown, headers: Record<string, string> = { [TOKEN_HEADER]: TOKEN }) =>
  fetch(`${base}/bridge/call/${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('HTTP bridge', () => {
  it('carries typed calls with the launch token', async () => {
    const response = await call('accounts/list', { query: 'limit=2' });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.ok).toBe(true);
    expect(result.value.accounts.map((a: { account: string }) => a.account)).toEqual(['0.0.1', '0.0.2']);
  });

  it('answers invalid input with the typed error, not a crash', async () => {
    const result = await (await call('accounts/list', { query: 'limit=abc' })).json();
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const unknown = await (await call('files/delete', null)).json();
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it("answers a refused call with its error code's HTTP status, in the same typed body", async () => {
    const invalid = await call('accounts/list', { query: 'limit=abc' });
    expect(invalid.status).toBe(400);
    const unknown = await call('sync/nope', null);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ ok: false, error: { code: 'not-found', message: 'unknown API call "sync/nope"', details: [] } });
    // The fixture has no status service: the handler says it is unavailable.
    expect((await call('status/settings/get', null)).status).toBe(503);
    // A call that goes is still 200; and the page's transport reads the typed result whatever the status.
    expect((await call('app/info', null)).status).toBe(200);
    const transport = createHttpTransport({ baseUrl: base, token: TOKEN, fetch });
    expect(await transport('sync/nope' as 'app/info', null)).toEqual({ ok: false, error: { code: 'not-found', message: 'unknown API call "sync/nope"', details: [] } });
    expect(await transport('status/settings/get', null)).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });

  it('says it refuses a reserved key in a body, not that the body is no JSON', async () => {
    const post = (body: string) => fetch(`${base}/bridge/call/accounts/list`, { method: 'POST', headers: { 'content-type': 'application/json', [TOKEN_HEADER]: TOKEN }, body });
    const proto = await post('{"query":"limit=1","__proto__":{"polluted":true}}');
    expect(proto.status).toBe(400);
    expect(await proto.json()).toEqual({ ok: false, error: { code: 'invalid-input', message: 'Body holds the key "__proto__", which the bridge refuses (it could change what every object inherits); no call takes it', details: [] } });
    const constructor = await (await post('{"query":{"constructor":{"prototype":{"polluted":true}}}}')).json();
    expect(constructor.error.message).toMatch(/^Body holds the key "constructor" holding "prototype"/);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    // Broken JSON is still said to be that, with where it broke.
    const broken = await (await post('{"query":')).json();
    expect(broken.error.message).toMatch(/^Body is not valid JSON: /);
  });

  it('never echoes a request back whole: ten unexpected fields named, each cut short', async () => {
    const body = Object.fromEntries([['query', 'limit=1'], ...Array.from({ length: 25 }, (_, i) => [`${'x'.repeat(5000)}${i}`, 1])]);
    const response = await call('accounts/list', body);
    const text = await response.text();
    expect(text.length).toBeLessThan(2000);
    const { error } = JSON.parse(text) as { error: { code: string; details: string[] } };
    expect(error.code).toBe('invalid-input');
    expect(error.details).toHaveLength(11);
    expect(error.details[0]).toBe(`unexpected field "${'x'.repeat(40)}"`);
    expect(error.details[10]).toBe('and 15 more unexpected fields');
  });

  it('answers any other method or path as a call, without echoing its query', async () => {
    const response = await fetch(`${base}/bridge/events?token=${TOKEN}`, { method: 'POST' });
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).not.toContain(TOKEN);
    expect(JSON.parse(text)).toEqual({ ok: false, error: { code: 'not-found', message: 'no such call: POST /bridge/events', details: [] } });
  });

  it('answers a call by GET as a call, not as a missing file of the renderer', async () => {
    const response = await fetch(`${base}/bridge/call/app/info?token=${TOKEN}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ ok: false, error: { code: 'not-found', message: 'no such call: GET /bridge/call/app/info', details: [] } });
  });

  it('names an unknown channel without echoing a long one whole', async () => {
    const result = await (await call(`files/${'x'.repeat(5000)}`, null)).json() as { error: { message: string } };
    expect(result.error.message).toBe(`unknown API call "files/${'x'.repeat(74)}"`);
  });

  it('answers malformed JSON with a 400 error result', async () => {
    const response = await fetch(`${base}/bridge/call/accounts/list`, { method: 'POST', headers: { 'content-type': 'application/json', [TOKEN_HEADER]: TOKEN }, body: '{"query":' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('answers a path the router cannot decode with a 400 error result', async () => {
    const response = await fetch(`${base}/bridge/call/%ZZ`, { method: 'POST', headers: { 'content-type': 'application/json', [TOKEN_HEADER]: TOKEN }, body: '{}' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { [TOKEN_HEADER]: 'test-token-0123456780' }],
    ['a token of another length', { [TOKEN_HEADER]: 'x' }],
  ])('refuses calls with %s', async (_name, headers) => {
    const response = await call('network/status', null, headers);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('answers 408 and closes a call whose body stops arriving, rather than holding its socket for good', async () => {
    // A limit of 300 ms stands in for the real 60 s (request-receive-limit.ts).
    const strict = buildHttpBridge({ dispatch: fixture.dispatch, events, token: TOKEN, rendererDir, hostCheck: true, receiveLimitMs: 300 });
    const url = await listenOnLoopback(strict, 0);
    try {
      const halfSent = `POST /bridge/call/app/info HTTP/1.1\r\nHost: 127.0.0.1\r\n${TOKEN_HEADER}: ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"half":`;
      expect(await rawExchange(url, halfSent)).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    } finally {
      await strict.close();
    }
  });

  it('refuses a call without the token before reading its body', async () => {
    // Not JSON at all: read, it would be a 400; the token is checked first, so nothing is parsed.
    const response = await fetch(`${base}/bridge/call/network/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('refuses a Host that is not loopback (DNS rebinding)', async () => {
    const response = await bridge.inject({ method: 'POST', url: '/bridge/call/network/status', headers: { host: 'evil.example:80', [TOKEN_HEADER]: TOKEN }, payload: 'null' });
    expect(response.statusCode).toBe(403);
    const page = await bridge.inject({ method: 'GET', url: '/', headers: { host: 'evil.example' } });
    expect(page.statusCode).toBe(403);
  });

  it('serves the renderer with its CSP and nothing outside its folder', async () => {
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await fetch(`${base}/assets/app.js`)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    for (const attempt of ['/../mirrordesk-secret.txt', '/%2e%2e/mirrordesk-secret.txt', '/assets/..%2f..%2fmirrordesk-secret.txt', '/nope.js']) {
      const response = await bridge.inject({ method: 'GET', url: attempt });
      expect(response.statusCode, attempt).toBe(404);
      expect(response.body).not.toContain('secret');
    }
  });

  it('streams events to holders of the token', async () => {
    expect((await fetch(`${base}/bridge/events?token=wrong`)).status).toBe(401);
    const controller = new AbortController();
    const response = await fetch(`${base}/bridge/events?token=${TOKEN}`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain(': connected');
    events.emit('network/changed', { ...READY_INFO, state: 'generating', progress: { done: 1, total: 4, label: 'Generating' } });
    while (!text.includes('\n\ndata') && !text.includes('data:')) text += decoder.decode((await reader.read()).value);
    while (!text.endsWith('\n\n')) text += decoder.decode((await reader.read()).value);
    const data = text.split('\n').find((line) => line.startsWith('data: '))!;
    expect(text).toContain('event: network/changed');
    expect(JSON.parse(data.slice(6))).toMatchObject({ state: 'generating', progress: { done: 1, total: 4 } });
    controller.abort();
  });

  it('streams the status events too, each as its own named event', async () => {
    const { calm, raised } = await demoStatusSnapshots();
    const controller = new AbortController();
    const response = await fetch(`${base}/bridge/events?token=${TOKEN}`, { signal: controller.signal });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    events.emit('status/notification', raised[0]!);
    events.emit('status/updated', calm);
    while (!text.includes('event: status/updated') || !text.endsWith('\n\n')) text += decoder.decode((await reader.read()).value);
    controller.abort();
    const messages = text.split('\n\n').filter((block) => block.startsWith('event: ')).map((block) => {
      const [event, data] = block.split('\n');
      return { event: event!.slice(7), data: JSON.parse(data!.slice(6)) as unknown };
    });
    expect(messages).toEqual([{ event: 'status/notification', data: raised[0] }, { event: 'status/updated', data: calm }]);
  });

  it('routes channels of more than two parts, and only channels of the contract', async () => {
    // The fixture has no status service: the call reaches its handler, which says so.
    const result = await (await call('status/settings/get', null)).json();
    expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    const invalid = await (await call('status/settings/set', { quiet: 'loud' })).json();
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await (await call('status/settings/get/extra', null)).json()).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect((await call('status/settings/get', null, {})).status).toBe(401);
  });
});

describe('static file resolution', () => {
  const root = '/srv/renderer';
  it.each([
    ['/', '/srv/renderer/index.html'],
    ['/index.html?x=1', '/srv/renderer/index.html'],
    ['/assets/app.js', '/srv/renderer/assets/app.js'],
    ['/../etc/passwd', null],
    ['/assets/%2e%2e/%2e%2e/etc/passwd', null],
    ['/a\\..\\b', null],
    ['/a%00.js', null],
    ['/%E0%A4%A', null],
    ['/./index.html', null],
  ])('%s → %s', (url, expected) => {
    expect(resolveStaticFile(root, url)).toBe(expected);
  });
});
