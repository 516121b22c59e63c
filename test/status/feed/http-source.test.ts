import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSource } from '../../../main/status/feed/http-source.ts';

// A real Statuspage stand-in on loopback: each path answers as its name says.
let server: http.Server;
let baseUrl = '';
const asked = new Map<string, string | undefined>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    asked.set(request.url!, request.headers['if-none-match']);
    if (request.url === '/busy-seconds') response.writeHead(429, { 'retry-after': '120' }).end();
    else if (request.url === '/busy-date') response.writeHead(503, { 'retry-after': new Date(Date.now() + 90_000).toUTCString() }).end();
    else if (request.url === '/busy-unreadable') response.writeHead(503, { 'retry-after': 'later' }).end();
    else if (request.url === '/unchanged') response.writeHead(304).end();
    else response.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end('{"page":{}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const fetchFeed = (path: string, etag: string | null = null) => createHttpSource({ baseUrl }).fetchFeed(path, etag, AbortSignal.timeout(5000));

describe('the status feed read over HTTP', () => {
  it('passes on the wait a Retry-After asks for, as seconds or as an HTTP date, and none when it cannot be read', async () => {
    expect(await fetchFeed('/busy-seconds')).toEqual({ kind: 'error', error: 'upstream answered HTTP 429', status: 429, retryAfterMs: 120_000 });
    const byDate = await fetchFeed('/busy-date');
    // An HTTP date has whole seconds: the wait is up to a second shorter than asked.
    expect(byDate.kind === 'error' && byDate.retryAfterMs).toBeGreaterThan(88_000);
    expect(byDate.kind === 'error' && byDate.retryAfterMs).toBeLessThanOrEqual(90_000);
    expect(await fetchFeed('/busy-unreadable')).toEqual({ kind: 'error', error: 'upstream answered HTTP 503', status: 503 });
  });

  it('asks with the ETag it has and takes a 304 as nothing new', async () => {
    expect(await fetchFeed('/api/v2/summary.json')).toEqual({ kind: 'ok', text: '{"page":{}}', contentType: 'application/json', etag: '"v1"' });
    expect(await fetchFeed('/unchanged', '"v1"')).toEqual({ kind: 'not-modified' });
    expect(asked.get('/unchanged')).toBe('"v1"');
  });
});
