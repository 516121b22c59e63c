import { afterEach, describe, expect, it } from 'vitest';
import { backoffDelay } from '../../main/sync/backoff.ts';
import { RateLimiter } from '../../main/sync/rate-limiter.ts';
import { MAX_RETRY_AFTER_MS, readRetryAfter } from '../../main/http/retry-after.ts';
import { parseUpstreamJson, UpstreamClient, UpstreamError, type RetryEvent } from '../../main/sync/upstream-client.ts';
import { ScriptedUpstreams, type UpstreamHandler } from './scripted-upstream.ts';

const upstreams = new ScriptedUpstreams();
afterEach(() => upstreams.closeAll());

/** A scripted upstream: `handler` answers the n-th request. */
const upstream = (handler: UpstreamHandler): Promise<string> => upstreams.start(handler);

function client(baseUrl: string, retries: RetryEvent[] = []): UpstreamClient {
  return new UpstreamClient({ baseUrl, requestsPerSecond: 0, timeoutMs: 300, backoffBaseMs: 1, backoffCapMs: 5, onRetry: (e) => retries.push(e) });
}

describe('upstream client', () => {
  it('sends If-None-Match with a known ETag and reports 304 as unchanged', async () => {
    const seen: Array<string | undefined> = [];
    const base = await upstream((req, res) => {
      seen.push(req.headers['if-none-match'] as string | undefined);
      if (req.headers['if-none-match'] === 'W/"1"') return res.writeHead(304).end();
      res.writeHead(200, { etag: 'W/"1"', 'content-type': 'application/json' }).end('{"a":1}');
    });
    const first = await client(base).get('/api/v1/x');
    expect(first).toEqual({ status: 200, body: { a: 1 }, etag: 'W/"1"' });
    expect(await client(base).get('/api/v1/x', { etag: 'W/"1"' })).toEqual({ status: 304 });
    expect(seen).toEqual([undefined, 'W/"1"']);
  });

  it('retries 500s, resets, cut bodies and time-outs with backoff until an answer comes', async () => {
    const base = await upstream((req, res, n) => {
      if (n === 0) return res.writeHead(500).end('{}');
      if (n === 1) return req.socket.destroy();
      if (n === 2) return res.writeHead(200, { 'content-type': 'application/json' }).end('{"accounts":[');
      if (n === 3) return; // never answers
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const retries: RetryEvent[] = [];
    expect(await client(base, retries).get('/api/v1/x')).toMatchObject({ status: 200, body: { ok: true } });
    expect(retries.map((r) => r.attempt)).toEqual([0, 1, 2, 3]);
    expect(retries[0]!.error).toBe('HTTP 500 Internal Server Error');
    expect(retries[1]!.error).toMatch(/^the connection closed before the answer was complete \(UND_ERR_SOCKET\)$|^the connection was reset \(ECONNRESET\)$/);
    expect(retries[1]!.unreachable).toBe(true);
    expect(retries[2]!.error).toMatch(/not whole JSON/);
    expect(retries[3]!.error).toMatch(/no answer within/);
  });

  it('follows no link or redirect to another host, sending nothing there; redirects within its own are followed', async () => {
    const askedElsewhere: string[] = [];
    const elsewhere = await upstream((req, res) => {
      askedElsewhere.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"accounts":[],"links":{"next":null}}');
    });
    const asked: string[] = [];
    const base = await upstream((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      if (req.url === '/api/v1/moved') return res.writeHead(302, { location: `${elsewhere}/api/v1/accounts` }).end();
      if (req.url === '/api/v1/call') return res.writeHead(307, { location: `${elsewhere}/api/v1/call` }).end();
      if (req.url === '/api/v1/here') return res.writeHead(301, { location: '/api/v1/there' }).end();
      if (req.url === '/api/v1/round') return res.writeHead(302, { location: '/api/v1/round' }).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, url: req.url }));
    });
    await expect(client(base).get(`${elsewhere}/api/v1/accounts?account.id=gt:0.0.200`)).rejects.toThrow(/linked to another host/);
    const refused = `${base}/api/v1/moved redirected to another host (${elsewhere}/api/v1/accounts), which is not followed`;
    await expect(client(base).get('/api/v1/moved')).rejects.toThrow(new UpstreamError(refused, null));
    // A relayed request (a network file, a contract call) neither: its answer would be served as the upstream's.
    await expect(client(base).relay({ method: 'GET', path: '/api/v1/moved' })).rejects.toThrow(new UpstreamError(refused, null));
    await expect(client(base).relay({ method: 'POST', path: '/api/v1/call', body: { data: '0x' } })).rejects.toThrow(/\/api\/v1\/call redirected to another host/);
    expect(askedElsewhere).toEqual([]);
    // Its own absolute links are followed, and its redirects within its own origin, a few at most.
    expect(await client(base).get(`${base}/api/v1/accounts`)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await client(base).get('/api/v1/here')).toMatchObject({ status: 200, body: { url: '/api/v1/there' } });
    expect(await client(base).relay({ method: 'GET', path: '/api/v1/here' })).toEqual({ status: 200, body: { ok: true, url: '/api/v1/there' } });
    await expect(client(base).relay({ method: 'GET', path: '/api/v1/round' })).rejects.toThrow(/redirected \S+\/api\/v1\/round more than 5 times/);
    expect(asked.filter((line) => line === 'GET /api/v1/round')).toHaveLength(6);
  });

  it('turns a relayed POST into a GET without its body on a 303, 301 or 302, repeats it whole on a 307 or 308, and refuses an unreadable Location', async () => {
    const seen: string[] = [];
    const base = await upstream((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${req.headers['content-type'] ?? '-'} ${body || '-'}`);
        if (req.url === '/bad') return res.writeHead(302, { location: 'http://[bad' }).end();
        if (req.url!.startsWith('/from/')) return res.writeHead(Number(req.url!.slice(6)), { location: `/to/${req.url!.slice(6)}` }).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    for (const code of [301, 302, 303, 307, 308]) {
      expect(await client(base).relay({ method: 'POST', path: `/from/${code}`, body: { data: '0x' } })).toMatchObject({ status: 200 });
    }
    expect(seen.filter((line) => line.includes('/to/'))).toEqual([
      'GET /to/301 - -', 'GET /to/302 - -', 'GET /to/303 - -',
      'POST /to/307 application/json {"data":"0x"}', 'POST /to/308 application/json {"data":"0x"}',
    ]);
    await expect(client(base).relay({ method: 'GET', path: '/bad' })).rejects.toThrow(/\/bad redirected to an address that cannot be read \(http:\/\/\[bad\)/);
  });

  it('still backs off on repeated 429s that ask to retry at once (Retry-After: 0)', async () => {
    const base = await upstream((_req, res, n) => {
      if (n < 4) return res.writeHead(429, { 'retry-after': '0' }).end('{}');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const retries: RetryEvent[] = [];
    const slow = new UpstreamClient({ baseUrl: base, requestsPerSecond: 0, timeoutMs: 300, backoffBaseMs: 4, backoffCapMs: 1000, random: () => 1, onRetry: (e) => retries.push(e) });
    expect(await slow.get('/api/v1/x')).toMatchObject({ status: 200 });
    expect(retries.map((r) => r.delayMs)).toEqual([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, { baseMs: 4, capMs: 1000, random: () => 1 })));
    expect(retries.every((r) => r.delayMs > 0)).toBe(true);
  });

  it('takes a web page for no mirror node at all (unreachable), and cut JSON for a hiccup', async () => {
    const base = await upstream((_req, res, n) => {
      if (n === 0) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html>\n<body>Sign in to the network</body></html>');
      if (n === 1) return res.writeHead(200).end('Service moved');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const retries: RetryEvent[] = [];
    expect(await client(base, retries).get('/api/v1/x')).toMatchObject({ status: 200, body: { ok: true } });
    expect(retries.map((r) => [r.error, r.unreachable])).toEqual([
      ['HTTP 200 text/html, not a mirror node\'s JSON ("<html> <body>Sign in to the network</bod…")', true],
      ['HTTP 200 without a content type, not a mirror node\'s JSON ("Service moved")', true],
    ]);
  });

  it('waits out a 429 for its Retry-After before the next request', async () => {
    const at: number[] = [];
    const base = await upstream((_req, res, n) => {
      at.push(performance.now());
      if (n === 0) return res.writeHead(429, { 'retry-after': '1' }).end('{}');
      res.writeHead(200).end('{}');
    });
    const retries: RetryEvent[] = [];
    await client(base, retries).get('/api/v1/x');
    expect(retries[0]).toMatchObject({ error: 'HTTP 429 Too Many Requests', delayMs: 1000 });
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(950);
  });

  it('answers a 404 as such and gives up at once on other client errors', async () => {
    const base = await upstream((req, res) => {
      if (req.url!.includes('missing')) return res.writeHead(404).end('{"_status":{"messages":[{"message":"Not found"}]}}');
      res.writeHead(400).end('{"_status":{"messages":[{"message":"Invalid parameter: limit"}]}}');
    });
    expect(await client(base).get('/api/v1/missing')).toMatchObject({ status: 404 });
    await expect(client(base).get('/api/v1/bad')).rejects.toBeInstanceOf(UpstreamError);
  });

  it('stops retrying when aborted', async () => {
    const base = await upstream((_req, res) => res.writeHead(503).end('{}'));
    const abort = new AbortController();
    const pending = client(base).get('/api/v1/x', { signal: abort.signal });
    setTimeout(() => abort.abort(), 50);
    await expect(pending).rejects.toThrow();
  });

  it('keeps int64 values beyond 2^53 exact', () => {
    expect(parseUpstreamJson('{"balance":{"balance":2350000000000000000}}')).toEqual({ balance: { balance: 2350000000000000000n } });
    expect(parseUpstreamJson('{"memo":"1234567890123456789"}')).toEqual({ memo: '1234567890123456789' });
  });
});

describe('politeness helpers', () => {
  it('reads Retry-After as seconds or an HTTP date, capped', () => {
    expect(readRetryAfter('3')).toEqual({ askedMs: 3000, waitMs: 3000 });
    expect(readRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toEqual({ askedMs: 10_000, waitMs: 10_000 });
    expect(readRetryAfter('99999999')).toEqual({ askedMs: 99_999_999_000, waitMs: MAX_RETRY_AFTER_MS });
    expect(readRetryAfter('soon')).toBeNull();
    expect(readRetryAfter(null)).toBeNull();
  });

  it('backs off exponentially with full jitter up to a cap', () => {
    const options = { baseMs: 100, capMs: 5000 };
    expect(backoffDelay(0, { ...options, random: () => 0.999 })).toBe(99);
    expect(backoffDelay(3, { ...options, random: () => 0.5 })).toBe(400);
    expect(backoffDelay(20, { ...options, random: () => 0.999 })).toBe(4995);
    expect(backoffDelay(5, { ...options, random: () => 0 })).toBe(0);
  });

  it('spaces requests evenly at the configured rate', () => {
    let now = 0;
    const limiter = new RateLimiter(20, () => now);
    expect([limiter.reserve(), limiter.reserve(), limiter.reserve()]).toEqual([0, 50, 100]);
    now = 1000;
    expect(limiter.reserve()).toBe(0);
    expect(limiter.reserve()).toBe(50);
    expect(new RateLimiter(0, () => now).reserve()).toBe(0);
  });
});
