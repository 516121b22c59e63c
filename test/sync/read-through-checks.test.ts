import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { RateLimiter } from '../../main/sync/rate-limiter.ts';
import { UpstreamClient } from '../../main/sync/upstream-client.ts';
import { clockTime } from '../../main/common/clock-time.ts';
import { UpstreamReadThrough } from '../../main/sync/upstream-read-through.ts';
import { injectedGet } from './compare-mirrors.ts';
import { ScriptedUpstreams, tokenInfo } from './scripted-upstream.ts';

// By-id read-through from scripted upstreams (real HTTP on loopback) that answer what cannot be
// stored, or that answer a burst of lookups only as fast as the request budget lets them ask.
const upstreams = new ScriptedUpstreams();
afterEach(() => upstreams.closeAll());

const json = (res: http.ServerResponse, body: unknown, status = 200) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const notFound = (res: http.ServerResponse) => json(res, { _status: { messages: [{ message: 'Not found' }] } }, 404);

/**
 * An empty in-memory store reading through `base`; `limiter`, when given, is the request budget (as a
 * sync would share it). The offline memory's clock stands still: once marked, it lasts the test.
 */
function readingThrough(base: string, limiter?: RateLimiter, log?: (line: string) => void) {
  const store = new LedgerStore({ file: ':memory:' });
  const readThrough = new UpstreamReadThrough({
    db: store.db, upstreamUrl: base, deadlineMs: 1500, offlineForMs: 30_000, absentForMs: 10_000, requestsPerSecond: 0, now: () => 0,
    ...(limiter ? { limiter } : {}), ...(log ? { log } : {}),
  });
  const api = createMirrorApi(store, defaultMirrorApiConfig, false, { readThrough });
  const get = injectedGet(api);
  return { store, readThrough, api, get, close: () => { readThrough.close(); store.close(); } };
}

const messageOf = (body: string): string => (JSON.parse(body) as { _status: { messages: Array<{ message: string }> } })._status.messages[0]!.message;

function accountInfo(id: string, balance: number, memo: string): Record<string, unknown> {
  return {
    account: id, alias: null, auto_renew_period: 7776000, balance: { balance, timestamp: '1700000000.000000001', tokens: [] },
    created_timestamp: '1600000000.000000000', decline_reward: false, deleted: false, ethereum_nonce: 0, evm_address: null,
    expiry_timestamp: null, key: null, max_automatic_token_associations: 0, memo, pending_reward: 0, receiver_sig_required: false,
    staked_account_id: null, staked_node_id: null, stake_period_start: null, transactions: [], links: { next: null },
  };
}

describe('by-id read-through checks', () => {
  it('stores nothing of an answer that names another entity than the one asked for', async () => {
    const base = await upstreams.start((req, res) => {
      const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url?.startsWith('/api/v1/accounts/0.0.30002')) return json(accountInfo('0.0.2', 1, 'injected'));
      if (req.url?.startsWith('/api/v1/accounts/0.0.30003')) return json(accountInfo('0.0.30003', 7, 'honest'));
      if (req.url?.startsWith('/api/v1/accounts/0.0.30003/tokens')) return json({ tokens: [], links: { next: null } });
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"_status":{"messages":[{"message":"Not found"}]}}');
    });
    const { store, readThrough, get, close } = readingThrough(base);
    try {
      const wrong = await get('/api/v1/accounts/0.0.30002?transactions=false');
      // The upstream answered, wrongly: a bad gateway saying so, not "not found" (it may well exist).
      expect(wrong.status).toBe(502);
      expect(messageOf(wrong.body)).toBe("The upstream mirror node's answer for this account could not be read: the upstream answered account 0.0.30002 with another account (0.0.2)");
      expect(store.db.prepare('SELECT count(*) FROM entity').pluck().get()).toBe(0);
      expect(readThrough.offline).toBe(false);
      // The same upstream's honest answer is stored and served.
      const honest = await get('/api/v1/accounts/0.0.30003?transactions=false');
      expect(honest.status).toBe(200);
      expect(JSON.parse(honest.body)).toMatchObject({ account: '0.0.30003', memo: 'honest' });
    } finally {
      close();
    }
  });

  it('answers 502 naming the fault for an answer that is not an entity, holds a value out of range, or refuses', async () => {
    const base = await upstreams.start((req, res) => {
      if (req.url === '/api/v1/tokens/0.0.5001') return json(res, [tokenInfo(5001)]);
      if (req.url === '/api/v1/tokens/0.0.5002') return json(res, tokenInfo(5002, { created_timestamp: '99999999999999999999.000000000' }));
      if (req.url === '/api/v1/tokens/0.0.5003') return json(res, { _status: { messages: [{ message: 'Forbidden' }] } }, 403);
      if (req.url === '/api/v1/tokens/0.0.5004') return json(res, tokenInfo(5004, { treasury_account_id: '123456789012345678901' }));
      if (req.url === '/api/v1/tokens/0.0.5005') return json(res, tokenInfo(5005));
      notFound(res);
    });
    const { store, readThrough, get, close } = readingThrough(base);
    try {
      const answers = await Promise.all([5001, 5002, 5003, 5004].map((num) => get(`/api/v1/tokens/0.0.${num}`)));
      expect(answers.map((a) => a.status)).toEqual([502, 502, 502, 502]);
      expect(answers.map((a) => messageOf(a.body).replace(/^The upstream mirror node's answer for this token could not be read: /, ''))).toEqual([
        'the upstream answered token 0.0.5001 with a list, not an object',
        'a timestamp out of the 64-bit range: "99999999999999999999.000000000"',
        expect.stringMatching(/^HTTP 403 for http:\/\/127\.0\.0\.1:\d+\/api\/v1\/tokens\/0\.0\.5003: /),
        'an entity id out of the 64-bit range: "123456789012345678901"',
      ]);
      expect(store.db.prepare('SELECT count(*) FROM token').pluck().get()).toBe(0);
      // None of that makes the upstream unreachable: the next lookup is read through and stored.
      expect(readThrough.offline).toBe(false);
      expect((await get('/api/v1/tokens/0.0.5005')).status).toBe(200);
      expect((await get('/api/v1/tokens/0.0.5999')).status).toBe(404);
    } finally {
      close();
    }
  });

  it('a burst of lookups beyond the request budget answers "not in time" for those it cannot send, and leaves the upstream reachable', async () => {
    const asked: string[] = [];
    const base = await upstreams.start((req, res) => {
      asked.push(req.url ?? '');
      notFound(res);
    });
    // 4 requests a second and a 1.5 s deadline: a lookup may wait 0.75 s for its turn, so four of
    // the burst are sent. Before, every lookup queued, those past the deadline gave up, and the
    // upstream (answering each request at once) was marked unreachable for every lookup after.
    const { readThrough, get, close } = readingThrough(base, new RateLimiter(4));
    try {
      const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => get(`/api/v1/tokens/0.0.${6000 + i}`)));
      const statuses = burst.map((a) => a.status);
      expect(statuses.filter((s) => s === 404)).toHaveLength(4);
      expect(statuses.filter((s) => s === 503)).toHaveLength(16);
      expect(new Set(burst.filter((a) => a.status === 503).map((a) => messageOf(a.body)))).toEqual(new Set([
        "The upstream mirror node did not answer for this token in time (lookups wait their turn in the profile's request rate); ask again in a moment",
      ]));
      expect(asked).toHaveLength(4);
      expect(readThrough.offline).toBe(false);
      // The budget was not claimed for lookups that gave up: the next one is sent within its wait.
      expect((await get('/api/v1/tokens/0.0.6100')).status).toBe(404);
      expect(asked).toHaveLength(5);
    } finally {
      close();
    }
  });

  it('a lookup whose retries of the upstream\'s failures run past its deadline says what it answered, and leaves it reachable', async () => {
    const asked: string[] = [];
    const base = await upstreams.start((req, res) => {
      asked.push(req.url ?? '');
      if (req.url === '/api/v1/tokens/0.0.7000') return json(res, { _status: { messages: [{ message: 'Internal error' }] } }, 503);
      notFound(res);
    });
    const lines: string[] = [];
    const { readThrough, get, close } = readingThrough(base, new RateLimiter(4), (line) => lines.push(line));
    // Another profile's, whose request budget the lookup above did not spend.
    const busier = readingThrough(base, new RateLimiter(4));
    const failingMessage = 'The upstream mirror node answered HTTP 503 Service Unavailable when asked for this token, and this synced store does not hold it; ask again in a moment';
    try {
      // Alone, its deadline ran out while it retried: it used to be said unreachable, and every lookup with it for 30 s.
      const alone = await get('/api/v1/tokens/0.0.7000');
      expect(alone.status).toBe(503);
      expect(messageOf(alone.body)).toBe(failingMessage);
      expect(readThrough.offline).toBe(false);
      expect(lines).toEqual(['read-through: token 0.0.7000: the upstream answered HTTP 503 Service Unavailable each time within 1.5 s']);
      // Said in the log once a minute, not per lookup.
      expect((await get('/api/v1/tokens/0.0.7000')).status).toBe(503);
      expect(lines).toHaveLength(1);
      // The next lookup still asks the upstream.
      const before = asked.length;
      expect((await get('/api/v1/tokens/0.0.7004')).status).toBe(404);
      expect(asked.length).toBe(before + 1);

      // Waiting its retries' turns behind others that are answered, it is still failing (not busy).
      const [failing, ...others] = await Promise.all([7000, 7001, 7002, 7003].map((num) => busier.get(`/api/v1/tokens/0.0.${num}`)));
      expect(others.map((a) => a.status)).toEqual([404, 404, 404]);
      expect(failing!.status).toBe(503);
      expect(messageOf(failing!.body)).toBe(failingMessage);
      expect(busier.readThrough.offline).toBe(false);
    } finally {
      close();
      busier.close();
    }
  });

  it('while the upstream is remembered unreachable, a wait it asked for since is what a lookup says, with when to ask again', async () => {
    let reachable = false;
    const base = await upstreams.start((req, res) => {
      if (!reachable) return req.socket.destroy();
      if (req.url === '/api/v1/accounts?limit=100&order=asc') return res.writeHead(429, { 'retry-after': '60', 'content-type': 'application/json' }).end('{}');
      notFound(res);
    });
    const limiter = new RateLimiter(0);
    const { readThrough, api, close } = readingThrough(base, limiter);
    const lookUp = async () => {
      const reply = await api.server.inject({ url: '/api/v1/tokens/0.0.7100' });
      return { status: reply.statusCode, message: messageOf(reply.body), retryAfter: reply.headers['retry-after'] ?? null };
    };
    const crawl = new AbortController();
    try {
      expect(await lookUp()).toMatchObject({ status: 503, message: 'The upstream mirror node cannot be reached; this synced store does not hold this token', retryAfter: null });
      expect(readThrough.offline).toBe(true);
      // The sync, sharing the request budget, is asked to wait a minute.
      reachable = true;
      let heldUntil: number | null = null;
      const sync = new UpstreamClient({ baseUrl: base, requestsPerSecond: 0, limiter, onRetry: (event) => { heldUntil = event.heldUntil; } });
      const crawling = sync.get('/api/v1/accounts?limit=100&order=asc', { signal: crawl.signal }).catch(() => undefined);
      while (heldUntil === null) await new Promise((resolve) => setTimeout(resolve, 10));
      const refused = await lookUp();
      expect(refused.status).toBe(503);
      // A lookup is held 15 s at most, not the crawl's minute.
      expect(refused.message).toMatch(/^The upstream mirror node asked to wait until \d\d:\d\d:\d\d before it is asked again \(Retry-After\), and this synced store does not hold this token; ask again then$/);
      expect(refused.message).toContain(clockTime(limiter.hold.until(true)!));
      expect(Number(refused.retryAfter)).toBeGreaterThan(10);
      crawl.abort();
      await crawling;
    } finally {
      crawl.abort();
      close();
    }
  });

  it('a relayed route redirected to another host answers 502 saying so, sends nothing there, and keeps nothing to serve offline', async () => {
    const nodes = { nodes: [{ node_id: 0, node_account_id: '0.0.3' }], links: { next: null } };
    const askedElsewhere: string[] = [];
    const elsewhere = await upstreams.start((req, res) => {
      askedElsewhere.push(req.url ?? '');
      json(res, nodes);
    });
    let redirect = `${elsewhere}/api/v1/network/nodes`;
    const base = await upstreams.start((req, res) => {
      if (req.url === '/api/v1/network/nodes') return res.writeHead(302, { location: redirect }).end();
      if (req.url === '/api/v1/network/nodes/') return json(res, nodes);
      notFound(res);
    });
    const { store, get, close } = readingThrough(base);
    try {
      const refused = await get('/api/v1/network/nodes');
      expect(refused.status).toBe(502);
      expect(messageOf(refused.body)).toMatch(/^The upstream mirror node's answer for the network's .* could not be read: /);
      expect(messageOf(refused.body)).toContain(`: ${base}/api/v1/network/nodes redirected to another host (${elsewhere}/api/v1/network/nodes), which is not followed`);
      expect(askedElsewhere).toEqual([]);
      expect(store.db.prepare('SELECT count(*) FROM upstream_answer').pluck().get()).toBe(0);
      // A redirect within the upstream's own origin is followed, and its answer kept.
      redirect = '/api/v1/network/nodes/';
      const moved = await get('/api/v1/network/nodes');
      expect(moved.status).toBe(200);
      expect(JSON.parse(moved.body)).toEqual(nodes);
      expect(store.db.prepare('SELECT count(*) FROM upstream_answer').pluck().get()).toBe(1);
    } finally {
      close();
    }
  });
});
