import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { RateLimiter } from '../../main/sync/rate-limiter.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { UpstreamReadThrough } from '../../main/sync/upstream-read-through.ts';
import { unreachableMessage } from '../../main/mirror/http/read-through.ts';
import { startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { compareUrls, httpGet, injectedGet, type Get } from './compare-mirrors.ts';
import { startFaultProxy, type Fault, type FaultProxy } from './fault-proxy.ts';

// A real upstream `serve` on the demo profile; a fault proxy decides whether it can be reached.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-read-through-'));
let upstream: ServeProcess;
let proxy: FaultProxy;
let mode: Fault = 'pass';
let remote: Get;

beforeAll(async () => {
  upstream = await startServe(['--data-dir', path.join(dir, 'upstream'), '--demo-accounts', '1300']);
  await waitForDemoReady(upstream.urls.get('ui')!);
  remote = httpGet(upstream.urls.get('mirror')!);
  proxy = await startFaultProxy(upstream.urls.get('mirror')!, () => mode);
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await upstream?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * An empty local store whose mirror API reads through the proxy; `clock` drives the offline memory.
 * `limiter`, when given, is the request budget the read-through shares with a sync.
 */
function emptyLocal(name: string, clock = { now: 0 }, limiter?: RateLimiter) {
  const store = new LedgerStore({ file: path.join(dir, `${name}.sqlite`) });
  const readThrough = new UpstreamReadThrough({
    db: store.db, upstreamUrl: proxy.url, deadlineMs: 1500, offlineForMs: 30_000, absentForMs: 10_000, requestsPerSecond: 0, now: () => clock.now,
    ...(limiter ? { limiter } : {}),
  });
  // The response cache stays on: it must never hand out a 404 from before a read-through.
  const api = createMirrorApi(store, defaultMirrorApiConfig, false, { readThrough });
  const get = injectedGet(api);
  return { store, readThrough, api, get, clock, close: () => { readThrough.close(); store.close(); } };
}

async function firstOf(url: string, list: string, field: string, count: number): Promise<string[]> {
  const body = JSON.parse((await remote(url)).body) as Record<string, Array<Record<string, string | null>>>;
  return body[list]!.map((item) => item[field]).filter((v): v is string => typeof v === 'string').slice(0, count);
}

describe('by-id read-through', () => {
  it('fetches, stores and answers accounts (id, alias, EVM address), tokens and contracts exactly as the upstream', async () => {
    mode = 'pass';
    const local = emptyLocal('online');
    const ids = await firstOf('/api/v1/accounts?limit=5&order=desc', 'accounts', 'account', 3);
    const aliases = await firstOf('/api/v1/accounts?limit=50&order=desc', 'accounts', 'alias', 2);
    const evm = await firstOf('/api/v1/accounts?limit=5', 'accounts', 'evm_address', 2);
    const tokens = await firstOf('/api/v1/tokens?limit=3', 'tokens', 'token_id', 3);
    const contracts = await firstOf('/api/v1/contracts?limit=2', 'contracts', 'contract_id', 2);
    expect([ids.length, aliases.length, evm.length, tokens.length, contracts.length]).toEqual([3, 2, 2, 3, 2]);
    const urls = [
      ...[...ids, ...aliases, ...evm].map((id) => `/api/v1/accounts/${id}?transactions=false`),
      ...tokens.map((id) => `/api/v1/tokens/${id}`),
      ...contracts.map((id) => `/api/v1/contracts/${id}`),
      '/api/v1/accounts/0.0.987654?transactions=false',
      '/api/v1/tokens/0.0.987654',
    ];
    expect(await compareUrls(remote, local.get, urls)).toEqual([]);
    // Stored: the accounts list now holds them, and a second lookup needs no upstream request.
    const listed = JSON.parse((await local.get('/api/v1/accounts?limit=100')).body) as { accounts: unknown[] };
    expect(listed.accounts.length).toBeGreaterThanOrEqual(3);
    const before = proxy.log.length;
    expect((await local.get(`/api/v1/tokens/${tokens[0]}`)).status).toBe(200);
    expect((await local.get('/api/v1/tokens/0.0.987654')).status).toBe(404);
    expect(proxy.log.length).toBe(before);
    local.close();
  }, 30_000);

  it('fetches transactions by id and by hash, with every transaction the id names and their assessed fees', async () => {
    mode = 'pass';
    const local = emptyLocal('transactions');
    const page = JSON.parse((await remote('/api/v1/transactions?limit=40&order=asc')).body) as { transactions: Array<{ transaction_id: string; transaction_hash: string; scheduled: boolean }> };
    const picked = page.transactions.filter((_, i) => i % 8 === 0);
    const hex = (base64: string) => `0x${Buffer.from(base64, 'base64').toString('hex')}`;
    const urls = [
      ...picked.map((tx) => `/api/v1/transactions/${tx.transaction_id}`),
      ...picked.map((tx) => `/api/v1/transactions/${hex(tx.transaction_hash)}`),
      `/api/v1/transactions/${picked[0]!.transaction_id}?scheduled=false`,
      '/api/v1/transactions/0.0.987654-1700000000-000000000',
    ];
    expect(picked.length).toBeGreaterThanOrEqual(5);
    expect(await compareUrls(remote, local.get, urls)).toEqual([]);
    for (const url of urls.slice(0, -1)) expect((await local.get(url)).status, url).toBe(200);
    // Stored: this store follows no transactions, so its list holds all it has (one that follows lists
    // only its followed window: read-through-lists.test.ts), and a second lookup asks the upstream nothing.
    const listed = JSON.parse((await local.get('/api/v1/transactions?limit=100')).body) as { transactions: unknown[] };
    expect(listed.transactions.length).toBeGreaterThanOrEqual(picked.length);
    const before = proxy.log.length;
    expect((await local.get(`/api/v1/transactions/${picked[1]!.transaction_id}`)).status).toBe(200);
    expect(proxy.log.length).toBe(before);
    // What is not an id or hash never reaches the upstream.
    expect((await local.get('/api/v1/transactions/..%2F..%2Fetc')).status).toBe(400);
    for (const id of ['..', '../accounts', '0.0.1-2', 'a'.repeat(65)]) expect(await local.readThrough.fetchMissing('transaction', id)).toEqual({ kind: 'absent' });
    expect(proxy.log.length).toBe(before);
    local.close();
  }, 30_000);

  it('while the store takes no writes (a compaction makes it query_only), says an entity it lacks is unavailable, and relays without keeping', async () => {
    mode = 'pass';
    const local = emptyLocal('compacting');
    const [account] = await firstOf('/api/v1/accounts?limit=1&order=desc', 'accounts', 'account', 1);
    const [contractTx] = await firstOf('/api/v1/contracts/results?limit=1', 'results', 'hash', 1);
    const kept = () => local.store.db.prepare('SELECT count(*) FROM upstream_answer').pluck().get() as number;
    local.store.db.pragma('query_only = 1');
    const before = proxy.log.length;
    const missing = await local.get(`/api/v1/accounts/${account}`);
    expect(missing.status).toBe(503);
    expect(JSON.parse(missing.body)).toEqual({ _status: { messages: [{ message: 'The local store is being compacted and cannot take this account from the upstream now; ask again in a moment' }] } });
    // Nothing was asked upstream for what could not be stored.
    expect(proxy.log.length).toBe(before);
    // What is relayed or served as the upstream's answer still comes, and is not kept.
    expect(await compareUrls(remote, local.get, ['/api/v1/network/nodes?limit=3', `/api/v1/contracts/results/${contractTx}`])).toEqual([]);
    expect(kept()).toBe(0);
    local.store.db.pragma('query_only = 0');
    // Once it takes writes again, the lookup reads through and stores the account (its transactions are the sync's to follow).
    expect(await compareUrls(remote, local.get, [`/api/v1/accounts/${account}?transactions=false`])).toEqual([]);
    expect(kept()).toBe(0);
    expect(await compareUrls(remote, local.get, ['/api/v1/network/nodes?limit=3'])).toEqual([]);
    expect(kept()).toBe(1);
    local.close();
  }, 30_000);

  it('still reads through while the user has paused the sync: a pause stops the crawl, not the lookups asked for', async () => {
    mode = 'pass';
    // As a profile session wires them: the sync and the read-through share one request budget.
    const limiter = new RateLimiter(20);
    const local = emptyLocal('paused', undefined, limiter);
    const engine = new SyncEngine({ profile: 'paused', db: local.store.db, upstreamUrl: proxy.url, limiter });
    try {
      // The highest token: the crawl (ascending, accounts first) cannot have stored it before the pause.
      const [token] = await firstOf('/api/v1/tokens?limit=1&order=desc', 'tokens', 'token_id', 1);
      const lookup = `/api/v1/tokens/${token}`;
      const start = proxy.log.length;
      engine.start();
      await vi.waitFor(() => expect(engine.upstreamRequests).toBeGreaterThan(0), { timeout: 10_000 });
      await engine.pause();
      const sentByEngine = engine.upstreamRequests;
      expect(await compareUrls(remote, local.get, [lookup])).toEqual([]);
      // The lookup went upstream once, through the shared limiter. Everything else the proxy saw
      // the engine sent before the pause (one in flight may arrive just after it); it sent nothing since.
      const seen = proxy.log.slice(start).map((entry) => entry.path);
      expect(seen.filter((p) => p === lookup)).toHaveLength(1);
      expect(seen.length - 1).toBeLessThanOrEqual(sentByEngine);
      expect(engine.upstreamRequests).toBe(sentByEngine);
      expect(engine.status().state).toBe('paused');
    } finally {
      await engine.close();
      local.close();
    }
  }, 30_000);

  it('answers from the store when the upstream is unreachable, remembers it, and never serves a stale answer afterwards', async () => {
    const local = emptyLocal('offline');
    const [token] = await firstOf('/api/v1/tokens?limit=1&order=desc', 'tokens', 'token_id', 1);
    mode = 'reset';
    // Not in the store, and the upstream cannot be asked: unavailable (503, saying why), not "not found".
    const unavailable = (what: string) => ({ status: 503, body: JSON.stringify({ _status: { messages: [{ message: unreachableMessage(what) }] } }) });
    expect(await local.get(`/api/v1/tokens/${token}`)).toMatchObject(unavailable('this token'));
    expect(local.readThrough.offline).toBe(true);
    // While remembered offline, lookups do not wait for the upstream at all.
    const before = proxy.log.length;
    expect(await local.get(`/api/v1/tokens/${token}`)).toMatchObject(unavailable('this token'));
    expect(await local.get('/api/v1/accounts/0.0.1001?transactions=false')).toMatchObject(unavailable('this account'));
    expect(await local.get('/api/v1/transactions/0.0.1001-1700000000-000000000')).toMatchObject(unavailable('this transaction'));
    expect(proxy.log.length).toBe(before);
    // What is not an id at all is still refused as such.
    expect((await local.get('/api/v1/tokens/x.y.z')).status).toBe(400);

    // A time-out counts as unreachable too.
    local.clock.now += 31_000;
    mode = 'timeout';
    expect((await local.get(`/api/v1/tokens/${token}`)).status).toBe(503);
    expect(local.readThrough.offline).toBe(true);

    // Back online once the memory expires: the same URL now answers the stored token.
    local.clock.now += 31_000;
    mode = 'pass';
    expect(await compareUrls(remote, local.get, [`/api/v1/tokens/${token}`])).toEqual([]);
    local.close();
  }, 30_000);

  it('relays what a synced store does not hold, and keeps at most so many answers, forgetting the oldest', async () => {
    mode = 'pass';
    const store = new LedgerStore({ file: path.join(dir, 'kept-answers.sqlite') });
    const readThrough = new UpstreamReadThrough({ db: store.db, upstreamUrl: proxy.url, requestsPerSecond: 0, maxKeptAnswers: 10 });
    const count = () => store.db.prepare('SELECT count(*) FROM upstream_answer').pluck().get() as number;
    const paths = Array.from({ length: 25 }, (_, i) => `/api/v1/network/nodes?limit=${i + 1}`);
    for (const [i, path] of paths.entries()) {
      const answer = await readThrough.relay({ method: 'GET', path }, { remember: true });
      expect(answer).toMatchObject({ kind: 'reply', status: 200 });
      expect(answer.kind === 'reply' && answer.body).toEqual(JSON.parse((await remote(path)).body));
      expect(count(), `after ${i + 1} answers`).toBeLessThanOrEqual(10);
    }
    // Offline, the newest is still remembered; the oldest was forgotten. Not remembered: not kept at all.
    mode = 'reset';
    expect(await readThrough.relay({ method: 'GET', path: paths.at(-1)! }, { remember: true })).toMatchObject({ kind: 'reply', status: 200 });
    expect(await readThrough.relay({ method: 'GET', path: paths[0]! }, { remember: true })).toEqual({ kind: 'offline' });
    expect(await readThrough.relay({ method: 'POST', path: '/api/v1/contracts/call', body: { data: '0x' } })).toEqual({ kind: 'offline' });
    mode = 'pass';
    readThrough.close();
    store.close();
  });

  it('relays balances as of a past moment, which the upstream works out from snapshots a sync does not copy; balances now stay local', async () => {
    mode = 'pass';
    const local = emptyLocal('past-balances');
    // Two days before the newest transaction: the demo keeps daily snapshots.
    const { transactions } = JSON.parse((await remote('/api/v1/transactions?limit=1')).body) as { transactions: Array<{ consensus_timestamp: string }> };
    const past = (BigInt(transactions[0]!.consensus_timestamp.replace('.', '')) - 2n * 86_400_000_000_000n).toString().replace(/(\d{9})$/, '.$1');
    const [account] = await firstOf(`/api/v1/balances?timestamp=${past}&account.id=gt:0.0.1000&account.balance=gt:0&limit=1`, 'balances', 'account', 1);
    const [token] = await firstOf('/api/v1/tokens?type=FUNGIBLE_COMMON&limit=1', 'tokens', 'token_id', 1);
    const urls = [`/api/v1/balances?timestamp=${past}&limit=5`, `/api/v1/balances?account.id=${account}&timestamp=lte:${past}`,
      `/api/v1/tokens/${token}/balances?timestamp=${past}`, `/api/v1/accounts/${account}?timestamp=${past}`];
    for (const url of urls) expect(JSON.parse((await remote(url)).body), url).not.toMatchObject({ balances: [] });
    expect(await compareUrls(remote, local.get, urls)).toEqual([]);
    // Balances now are the store's own (empty here): nothing is asked upstream for them.
    const before = proxy.log.length;
    expect(JSON.parse((await local.get('/api/v1/balances?limit=5')).body).balances).toEqual([]);
    expect(proxy.log.length).toBe(before);
    // Offline, an answer given before is remembered; one never asked for is a 503 that says what is missing.
    mode = 'reset';
    expect(await compareUrls(remote, local.get, [urls[0]!])).toEqual([]);
    const missing = await local.get(`/api/v1/balances?timestamp=${past}&limit=6`);
    expect(missing.status).toBe(503);
    expect(JSON.parse(missing.body)._status.messages[0].message).toBe(unreachableMessage('balances as of a past moment'));
    mode = 'pass';
    local.close();
  }, 30_000);

  it('relays blocks, which a synced store holds only as its contract results named them, and remembers them for offline use', async () => {
    mode = 'pass';
    const local = emptyLocal('blocks');
    const { blocks } = JSON.parse((await remote('/api/v1/blocks?limit=2')).body) as { blocks: Array<{ number: number; hash: string }> };
    const urls = ['/api/v1/blocks', '/api/v1/blocks?limit=2&order=asc', `/api/v1/blocks/${blocks[0]!.number}`, `/api/v1/blocks/${blocks[1]!.hash}`, '/api/v1/blocks/999999999'];
    expect(await compareUrls(remote, local.get, urls)).toEqual([]);
    // Refused here, as the upstream would: nothing is sent for it.
    const before = proxy.log.length;
    expect((await local.get('/api/v1/blocks/abc')).status).toBe(400);
    expect(proxy.log.length).toBe(before);
    mode = 'reset';
    expect(await compareUrls(remote, local.get, ['/api/v1/blocks'])).toEqual([]);
    expect((await local.get('/api/v1/blocks?limit=7')).status).toBe(503);
    mode = 'pass';
    local.close();
  }, 30_000);

  it('says how old a remembered answer is when it gives one offline (Age), and sends a live one without', async () => {
    mode = 'pass';
    const local = emptyLocal('remembered-age');
    const url = '/api/v1/network/nodes?limit=2';
    const online = await local.api.server.inject({ url });
    expect(online.statusCode).toBe(200);
    expect(online.headers.age).toBeUndefined();
    expect(online.headers['cache-control']).toBe('no-store');
    // Remembered an hour ago, as far as the store knows.
    const anHourAgo = Date.now() - 3_600_000;
    local.store.db.prepare('UPDATE upstream_answer SET stored_at = ? WHERE path = ?').run(anHourAgo, url);
    mode = 'reset';
    const offline = await local.api.server.inject({ url });
    expect(offline.statusCode).toBe(200);
    expect(offline.body).toBe(online.body);
    const age = Number(offline.headers.age);
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThanOrEqual(Math.ceil((Date.now() - anHourAgo) / 1000));
    expect(offline.headers['cache-control']).toBe('no-store');
    mode = 'pass';
    local.close();
  });
});
