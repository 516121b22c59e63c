import type http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { HistoryRequests } from '../../main/sync/history-requests.ts';
import { RateLimiter } from '../../main/sync/rate-limiter.ts';
import { UpstreamClient } from '../../main/sync/upstream-client.ts';
import { UpstreamReadThrough } from '../../main/sync/upstream-read-through.ts';
import { abortSignalsLeftBy } from '../helpers/live-abort-signals.ts';
import { ScriptedUpstreams, tokenInfo } from './scripted-upstream.ts';

// Lookups, relayed requests and history fetches through real UpstreamClients against a real
// loopback upstream: once they are answered, none of their abort signals may stay behind. A
// signal combined twice with a time-out among its sources (AbortSignal.any of AbortSignal.any)
// was pinned by Node for good, one per lookup: a profile open for days grew without end.
const upstreams = new ScriptedUpstreams();
afterAll(() => upstreams.closeAll());

const ROUNDS = 100;
/** Signals a round of work may leave without leaking: far fewer than one per request. */
const SLACK = 10;

function json(res: http.ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function answering(req: http.IncomingMessage, res: http.ServerResponse): void {
  const token = /^\/api\/v1\/tokens\/0\.0\.(\d+)$/.exec(req.url!);
  if (token) return json(res, tokenInfo(Number(token[1])));
  if (req.url!.startsWith('/api/v1/transactions')) return json(res, { transactions: [], links: { next: null } });
  json(res, { _status: { messages: [{ message: 'Not found' }] } }, 404);
}

describe('abort signals of upstream requests', () => {
  it('are all let go of after lookups and relayed requests of a read-through', async () => {
    const base = await upstreams.start(answering);
    const store = new LedgerStore({ file: ':memory:' });
    // Long deadlines, as in use: a signal let go of only when its timer fires counts as kept.
    const readThrough = new UpstreamReadThrough({ db: store.db, upstreamUrl: base, deadlineMs: 60_000, requestsPerSecond: 0 });
    try {
      const left = await abortSignalsLeftBy(async () => {
        for (let n = 1; n <= ROUNDS; n++) {
          expect(await readThrough.fetchMissing('token', `0.0.${1000 + n}`)).toEqual({ kind: 'stored' });
          expect(await readThrough.relay({ method: 'GET', path: `/api/v1/network/nodes?node.id=${n}` })).toMatchObject({ kind: 'reply', status: 404 });
        }
      }, SLACK);
      expect(left).toBeLessThan(SLACK);
    } finally {
      readThrough.close();
      store.close();
    }
  });

  it('are all let go of after history fetches', async () => {
    const base = await upstreams.start(answering);
    const requests = new HistoryRequests({ upstreamUrl: base, limiter: new RateLimiter(0), deadlineMs: 60_000 });
    try {
      const left = await abortSignalsLeftBy(async () => {
        for (let n = 1; n <= ROUNDS; n++) {
          const page = await requests.once(`0.0.${n}`, (signal) => requests.page(`/api/v1/transactions?account.id=0.0.${n}`, 'transactions', signal, { stored: 0, noun: 'transaction' }));
          expect(page).toEqual({ items: [], next: null });
        }
      }, SLACK);
      expect(left).toBeLessThan(SLACK);
    } finally {
      requests.close();
    }
  });

  it("are all let go of after requests under the crawl's signal", async () => {
    const base = await upstreams.start(answering);
    const client = new UpstreamClient({ baseUrl: base, requestsPerSecond: 0, timeoutMs: 60_000 });
    const run = new AbortController();
    const left = await abortSignalsLeftBy(async () => {
      for (let n = 1; n <= ROUNDS; n++) expect(await client.get(`/api/v1/tokens/0.0.${n}`, { signal: run.signal })).toMatchObject({ status: 200 });
    }, SLACK);
    expect(left).toBeLessThan(SLACK);
  });
});
