import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { relayedOutcome } from '../../main/mirror/http/read-through.ts';
import { networkFailureInWords } from '../../main/sync/network-failure-words.ts';
import { QueueFullError, RateLimiter } from '../../main/sync/rate-limiter.ts';
import { readRetryAfter } from '../../main/http/retry-after.ts';
import { UpstreamClient, UpstreamHoldError, type RetryEvent } from '../../main/sync/upstream-client.ts';
import { LOOKUP_HOLD_CAP_MS, UpstreamHold } from '../../main/sync/upstream-hold.ts';
import { LASTING_FAILURE_MS, UpstreamTrouble } from '../../main/sync/upstream-trouble.ts';
import { ScriptedUpstreams } from './scripted-upstream.ts';

const upstreams = new ScriptedUpstreams();
afterEach(() => upstreams.closeAll());

const clock = /\d\d:\d\d:\d\d/.source;

describe("the upstream's Retry-After hold", () => {
  it('holds the crawl as long as asked (capped), and lookups at most LOOKUP_HOLD_CAP_MS', () => {
    let now = 1_000_000;
    const hold = new UpstreamHold({ now: () => now });
    expect(hold.until()).toBeNull();
    hold.hold(600_000);
    expect(hold.until()).toBe(1_600_000);
    expect(hold.until(true)).toBe(1_000_000 + LOOKUP_HOLD_CAP_MS);
    // A shorter wait asked for later does not shorten it.
    now += 1000;
    hold.hold(2000);
    expect(hold.until()).toBe(1_600_000);
    // Past the lookups' cap they may go; a 429 to one of them holds them again, from then.
    now = 1_000_000 + LOOKUP_HOLD_CAP_MS;
    expect(hold.until(true)).toBeNull();
    expect(hold.remainingMs()).toBe(600_000 - LOOKUP_HOLD_CAP_MS);
    hold.hold(600_000);
    expect(hold.until(true)).toBe(now + LOOKUP_HOLD_CAP_MS);
    expect(hold.until()).toBe(now + 600_000);
  });

  it('reads what Retry-After asked for beside the wait kept', () => {
    expect(readRetryAfter('600')).toEqual({ askedMs: 600_000, waitMs: 600_000 });
    expect(readRetryAfter('3600')).toEqual({ askedMs: 3_600_000, waitMs: 600_000 });
    expect(readRetryAfter('soon')).toBeNull();
  });

  it('refuses a lookup at once while the crawl waits out a long Retry-After, saying until when; the crawl waits', async () => {
    let refusing = true;
    const base = await upstreams.start((_req, res) => {
      if (refusing) return res.writeHead(429, { 'retry-after': '600', 'content-type': 'application/json' }).end('{}');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const limiter = new RateLimiter(0);
    const retries: RetryEvent[] = [];
    const held: number[] = [];
    const crawl = new UpstreamClient({ baseUrl: base, requestsPerSecond: 0, limiter, onRetry: (e) => retries.push(e), onHeld: (until) => held.push(until) });
    const lookups = new UpstreamClient({ baseUrl: base, requestsPerSecond: 0, limiter, backoffBaseMs: 100, backoffCapMs: 1000 });
    const stop = new AbortController();
    const crawling = crawl.get('/api/v1/accounts', { signal: stop.signal }).catch((error: unknown) => error);
    while (retries.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    refusing = false;
    expect(retries[0]).toMatchObject({ error: 'HTTP 429 Too Many Requests', delayMs: 600_000 });
    expect(retries[0]!.heldUntil! - Date.now()).toBeGreaterThan(590_000);

    const refusal = await lookups.get('/api/v1/accounts/0.0.99999', { queueForMs: 1500 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UpstreamHoldError);
    expect(refusal).toBeInstanceOf(QueueFullError);
    expect((refusal as UpstreamHoldError).message).toMatch(new RegExp(`^the upstream asked to wait until ${clock} \\(Retry-After\\)$`));
    // The lookups' hold is the shorter one.
    expect((refusal as UpstreamHoldError).until - Date.now()).toBeLessThanOrEqual(LOOKUP_HOLD_CAP_MS);
    await expect(lookups.relay({ method: 'GET', path: '/api/v1/network/nodes' }, undefined, 1500)).rejects.toBeInstanceOf(UpstreamHoldError);

    // Another request of the crawl waits for the hold too, and says so.
    const another = crawl.get('/api/v1/tokens', { signal: stop.signal }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held).toEqual([retries[0]!.heldUntil]);
    stop.abort();
    await crawling;
    await another;
  });

  it("holds a lookup for the upstream's Retry-After at most its queueForMs in all, its own 429s' waits included", async () => {
    let asked = 0;
    const base = await upstreams.start((_req, res) => {
      asked++;
      res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' }).end('{}');
    });
    const lookups = new UpstreamClient({ baseUrl: base, requestsPerSecond: 0, limiter: new RateLimiter(0), backoffBaseMs: 1, backoffCapMs: 5 });
    const started = performance.now();
    // A wait of a second fits in 1.5 s once; a second one does not: refused, saying until when, not waited out again.
    const refusal = await lookups.get('/api/v1/accounts/0.0.2', { queueForMs: 1500, signal: AbortSignal.timeout(5000) }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UpstreamHoldError);
    // Asked twice: the first wait was kept (a lower bound proving it), the second refused rather than waited out.
    expect(asked).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect((refusal as UpstreamHoldError).until - Date.now()).toBeGreaterThan(500);
  });

  it('lets lookups woken together at the end of a hold take their turns in the request budget, each with its own allowance', async () => {
    const base = await upstreams.start((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    // Two requests a second: three lookups woken at once go 0, 0.5 and 1 s after the hold, within their 1.5 s to queue.
    const limiter = new RateLimiter(2);
    const lookups = new UpstreamClient({ baseUrl: base, requestsPerSecond: 2, limiter });
    limiter.hold.hold(1000);
    const answers = await Promise.allSettled([1, 2, 3].map((n) => lookups.get(`/api/v1/accounts/0.0.${n}`, { queueForMs: 1500 })));
    // Had the hold used up their allowance, the later ones would be refused for the budget (QueueFullError).
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
  });

  it('lets relays woken together at the end of a hold take their turns in the request budget, each with its own allowance', async () => {
    const base = await upstreams.start((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    const limiter = new RateLimiter(2);
    const lookups = new UpstreamClient({ baseUrl: base, requestsPerSecond: 2, limiter });
    limiter.hold.hold(1000);
    const answers = await Promise.allSettled([1, 2, 3].map(() => lookups.relay({ method: 'GET', path: '/api/v1/network/nodes' }, undefined, 1500)));
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
  });

  it("takes a relayed 429's Retry-After as a hold for the others", async () => {
    const base = await upstreams.start((_req, res) => res.writeHead(429, { 'retry-after': '30', 'content-type': 'application/json' }).end('{"_status":{"messages":[{"message":"Too many requests"}]}}'));
    const limiter = new RateLimiter(0);
    const lookups = new UpstreamClient({ baseUrl: base, requestsPerSecond: 0, limiter });
    expect(await lookups.relay({ method: 'GET', path: '/api/v1/network/nodes' }, undefined, 1500)).toMatchObject({ status: 429 });
    expect(limiter.hold.until()! - Date.now()).toBeGreaterThan(29_000);
    await expect(lookups.get('/api/v1/accounts/0.0.2', { queueForMs: 1500 })).rejects.toBeInstanceOf(UpstreamHoldError);
  });

  it('answers a lookup refused for it 503, saying until when, with Retry-After', () => {
    const until = Date.now() + 12_400;
    const outcome = relayedOutcome({ kind: 'held', until }, "the network's nodes");
    expect(outcome).toMatchObject({ status: 503, retryAfterSeconds: 13 });
    expect((outcome as { messages: Array<{ message: string }> }).messages[0]!.message).toMatch(new RegExp(
      `^The upstream mirror node asked to wait until ${clock} before it is asked again \\(Retry-After\\), and this synced store does not hold the network's nodes; ask again then$`,
    ));
  });
});

describe('failures in words', () => {
  it('says what the common network codes mean, keeping the code', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const refused = await fetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
    expect(networkFailureInWords(refused)).toBe('the connection was refused (ECONNREFUSED)');

    const loop = await upstreams.start((req, res) => res.writeHead(302, { location: req.url! }).end());
    const redirected = await fetch(`${loop}/api/v1/x`).catch((error: unknown) => error);
    expect(networkFailureInWords(redirected)).toBe('the upstream redirected too many times (redirect count exceeded)');

    const fetchFailed = (cause: object) => Object.assign(new TypeError('fetch failed'), { cause });
    expect(networkFailureInWords(fetchFailed({ code: 'UND_ERR_SOCKET', message: 'other side closed' }))).toBe('the connection closed before the answer was complete (UND_ERR_SOCKET)');
    expect(networkFailureInWords(fetchFailed({ code: 'ENOTFOUND' }))).toBe('no such host name (ENOTFOUND)');
    expect(networkFailureInWords(fetchFailed({ code: 'CERT_HAS_EXPIRED' }))).toBe("the upstream's TLS certificate is not trusted (CERT_HAS_EXPIRED)");
    expect(networkFailureInWords(fetchFailed({ code: 'EWHATEVER' }))).toBe('the request failed (EWHATEVER)');
  });

  it('names an HTTP status by its reason, and a Retry-After longer than the sync waits', async () => {
    const base = await upstreams.start((_req, res, n) => {
      if (n === 0) return res.writeHead(503).end('{}');
      if (n === 1) return res.writeHead(429, { 'retry-after': '3600' }).end('{}');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const retries: RetryEvent[] = [];
    const client = new UpstreamClient({ baseUrl: base, requestsPerSecond: 0, backoffBaseMs: 1, backoffCapMs: 5, onRetry: (e) => retries.push(e) });
    const stop = new AbortController();
    const pending = client.get('/api/v1/x', { signal: stop.signal }).catch(() => undefined);
    while (retries.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    stop.abort();
    await pending;
    expect(retries.map((r) => r.error)).toEqual(['HTTP 503 Service Unavailable', 'HTTP 429 Too Many Requests, asking for 60 min (the sync waits 10 min at most)']);
  });
});

describe("the sync's standing failures", () => {
  it('last once they have gone on, or will by their retry, for LASTING_FAILURE_MS', () => {
    const trouble = new UpstreamTrouble();
    expect(trouble.failed(10, 0, 250)).toBe(false);
    expect(trouble.failed(11, 1000, 3000)).toBe(false);
    expect(trouble.failed(12, 3000, 3000 + LASTING_FAILURE_MS)).toBe(true);
    expect(new UpstreamTrouble().failed(1, 0, 600_000)).toBe(true);
  });

  it('end only with an answer to a request sent after the latest failure was seen', () => {
    const trouble = new UpstreamTrouble();
    expect(trouble.answered(3)).toBe(false);
    trouble.failed(10, 0, 100);
    // Sent before (up to 10): under way meanwhile, it says nothing of the failure.
    expect(trouble.answered(9)).toBe(false);
    expect(trouble.answered(10)).toBe(false);
    expect(trouble.since).toBe(0);
    expect(trouble.answered(11)).toBe(true);
    expect(trouble.since).toBeNull();
  });

  it('that waited for a usable answer (a page that ended its list early) end only with one, not with any answer', () => {
    const trouble = new UpstreamTrouble();
    expect(trouble.usable()).toBe(false);
    trouble.failed(10, 0, 100, 'a usable answer');
    expect(trouble.answered(11)).toBe(false);
    expect(trouble.since).toBe(0);
    expect(trouble.usable()).toBe(true);
    expect(trouble.since).toBeNull();
    // A failure over HTTP meanwhile (the page's retry answered 500 once) does not make any answer end
    // them: the page is still to come whole.
    trouble.failed(20, 1000, 1100, 'a usable answer');
    trouble.failed(21, 1050, 1300);
    expect(trouble.answered(22)).toBe(false);
    expect(trouble.since).toBe(1000);
    expect(trouble.usable()).toBe(true);
    // Once over, a plain failure is ended by an answer again.
    trouble.failed(30, 2000, 2100);
    expect(trouble.answered(31)).toBe(true);
  });
});
