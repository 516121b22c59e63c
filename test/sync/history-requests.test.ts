import { afterAll, describe, expect, it } from 'vitest';
import { HistoryFetchError, historyIdOf, HistoryRequests } from '../../main/sync/history-requests.ts';
import { RateLimiter } from '../../main/sync/rate-limiter.ts';
import { UpstreamClient } from '../../main/sync/upstream-client.ts';
import { NextLinkLoopError } from '../../main/sync/next-page.ts';
import { LOOKUP_HOLD_CAP_MS } from '../../main/sync/upstream-hold.ts';
import { UpstreamFormatError } from '../../main/sync/upstream-values.ts';
import { ScriptedUpstreams } from './scripted-upstream.ts';

// What fetching an entity's older history meets on the way, against real servers on loopback.
const upstreams = new ScriptedUpstreams();
afterAll(() => upstreams.closeAll());

const json = (status: number, body: unknown) => (_req: unknown, res: import('node:http').ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function requestsTo(upstreamUrl: string, deadlineMs = 5000): HistoryRequests {
  return new HistoryRequests({ upstreamUrl, limiter: new RateLimiter(0), deadlineMs });
}

describe('history requests', () => {
  it('reads a page of a list and the link to the next one; an empty page ends a list only when read without a walk', async () => {
    const url = await upstreams.start((req, res) => json(200, req.url!.includes('empty')
      ? { messages: [], links: { next: '/api/v1/more' } }
      : req.url!.startsWith('/api/v1/transactions')
        ? { transactions: [], links: { next: req.url!.includes('back') ? '/api/v1/transactions?timestamp=lt:300' : '/api/v1/transactions?timestamp=lt:100' } }
        : { messages: [{ sequence_number: 3 }], links: { next: '/api/v1/topics/0.0.9/messages?sequencenumber=lt:3' } })(req, res));
    const requests = requestsTo(url);
    const page = await requests.once('0.0.9', (signal) => requests.page('/api/v1/topics/0.0.9/messages', 'messages', signal, { stored: 0, noun: 'message' }));
    expect(page).toEqual({ items: [{ sequence_number: 3 }], next: '/api/v1/topics/0.0.9/messages?sequencenumber=lt:3' });
    // Without a walk (a topic's messages, which the reference bounds by no window of time), an empty page is the end.
    expect(await requests.once('0.0.9', (signal) => requests.page('/api/v1/empty', 'messages', signal, { stored: 0, noun: 'message' }))).toEqual({ items: [], next: null });
    // Along a walk it is not: a mirror node binding each transactions query to a window (the reference's
    // bindTimestampRange) answers a window without any of the list's items with an empty page linking to the
    // window before it. A link that goes no further along the walk is still refused.
    const walk = { param: 'timestamp', order: 'desc' } as const;
    expect(await requests.once('0.0.9', (signal) => requests.page('/api/v1/transactions?timestamp=lte:200', 'transactions', signal, { stored: 0, noun: 'transaction' }, walk)))
      .toEqual({ items: [], next: '/api/v1/transactions?timestamp=lt:100' });
    await expect(requests.once('0.0.9', (signal) => requests.page('/api/v1/transactions?timestamp=lte:200&back', 'transactions', signal, { stored: 0, noun: 'transaction' }, walk)))
      .rejects.toThrow(NextLinkLoopError);
  });

  it('says the upstream has no such list, names an answer without it, and that the upstream could not be read', async () => {
    const missing = requestsTo(await upstreams.start(json(404, { _status: { messages: [{ message: 'Not found' }] } })));
    await expect(missing.once('a', (signal) => missing.page('/api/v1/topics/0.0.9/messages', 'messages', signal, { stored: 0, noun: 'message' })))
      .rejects.toThrow(new HistoryFetchError('the upstream has no such messages list (HTTP 404 for /api/v1/topics/0.0.9/messages)'));
    const other = requestsTo(await upstreams.start(json(200, { transactions: [] })));
    await expect(other.once('a', (signal) => other.page('/api/v1/topics/0.0.9/messages', 'messages', signal, { stored: 0, noun: 'message' })))
      .rejects.toThrow(new UpstreamFormatError('the messages page /api/v1/topics/0.0.9/messages has no "messages" array'));
    const closed = requestsTo('http://127.0.0.1:9', 300);
    await expect(closed.once('a', (signal) => closed.page('/api/v1/transactions', 'transactions', signal, { stored: 200, noun: 'transaction' })))
      .rejects.toThrow('the upstream did not answer within 0.3 s (200 older transactions were stored)');
  });

  it("waits for the upstream's Retry-After only as long as a lookup, then says when to fetch again if the upstream still refuses", async () => {
    // The sync was told to wait ten minutes; the upstream refuses the fetch's own request as well.
    const asked: Array<{ path: string; at: number }> = [];
    const url = await upstreams.start((req, res) => {
      asked.push({ path: req.url!, at: performance.now() });
      res.writeHead(429, { 'retry-after': '600', 'content-type': 'application/json' }).end('{"_status":{"messages":[{"message":"Too many requests"}]}}');
    });
    const limiter = new RateLimiter(0);
    const stopCrawl = new AbortController();
    const crawl = new UpstreamClient({ baseUrl: url, requestsPerSecond: 0, limiter }).get('/api/v1/accounts?limit=100', { signal: stopCrawl.signal }).catch(() => undefined);
    while (limiter.hold.until() === null) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(limiter.hold.until()! - Date.now()).toBeGreaterThan(590_000);

    const requests = new HistoryRequests({ upstreamUrl: url, limiter, deadlineMs: LOOKUP_HOLD_CAP_MS + 10_000 });
    const started = performance.now();
    const failure = await requests.once('0.0.1001', (signal) => requests.page('/api/v1/transactions?account.id=0.0.1001', 'transactions', signal, { stored: 0, noun: 'transaction' }))
      .catch((error: unknown) => error);
    stopCrawl.abort();
    await crawl;
    expect(failure).toBeInstanceOf(HistoryFetchError);
    expect((failure as Error).message).toMatch(/^the upstream asked to wait \(Retry-After\); fetch again after \d\d:\d\d:\d\d \(0 older transactions were stored\)$/);
    // Asked once, after the lookups' hold (a lower bound proving the wait), not the sync's ten minutes (the
    // test's own time-out bounds that), and refused after that rather than waited out again.
    const fetched = asked.filter(({ path }) => path.startsWith('/api/v1/transactions'));
    expect(fetched).toHaveLength(1);
    expect(fetched[0]!.at - started).toBeGreaterThan(LOOKUP_HOLD_CAP_MS - 1000);
  }, LOOKUP_HOLD_CAP_MS + 20_000);

  it('runs one fetch per entity at a time, and stops those under way when closed', async () => {
    const silent = requestsTo(await upstreams.start(() => { /* never answers */ }));
    let started = 0;
    const fetch = (signal: AbortSignal) => { started++; return silent.page('/api/v1/transactions', 'transactions', signal, { stored: 0, noun: 'transaction' }); };
    const first = silent.once('0.0.5', fetch);
    const again = silent.once('0.0.5', fetch);
    expect(again).toBe(first);
    const other = silent.once('0.0.6', fetch);
    expect(started).toBe(2);
    silent.close();
    await expect(first).rejects.toThrow(/^the upstream could not be read: /);
    await expect(other).rejects.toThrow(HistoryFetchError);
  });

  it('takes only entity ids', () => {
    expect(historyIdOf('0.0.1234', 'account')).toBe(1234n);
    expect(() => historyIdOf('1234', 'account')).toThrow('not an account id: 1234');
    expect(() => historyIdOf('0.0.x', 'topic')).toThrow('not a topic id: 0.0.x');
  });
});
