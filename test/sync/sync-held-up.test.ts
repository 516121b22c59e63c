import type http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import type { SyncState, SyncStatus } from '../../main/common/sync-types.ts';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { accountRowsOf } from '../../main/sync/account-rows.ts';
import { AccountWriter } from '../../main/sync/account-writer.ts';
import { SyncEngine, type SyncEngineOptions } from '../../main/sync/sync-engine.ts';
import { throttledSyncLog } from '../../main/sync/sync-log-line.ts';
import { tokenRowsOf } from '../../main/sync/token-rows.ts';
import { tokenUpserter } from '../../main/sync/token-writer.ts';
import { answerTransactionsPage, ScriptedUpstreams, tokenInfo } from './scripted-upstream.ts';
import { clockTime } from '../../main/common/clock-time.ts';
import { startUntilCaughtUp } from './caught-up.ts';
import { upstreamAccount } from '../helpers/upstream-account.ts';

// Lasting upstream failures that are not network errors (500s, 429s, bodies cut short or not JSON)
// used to change nothing: following said "up to date" throughout, a crawl showed a time left that
// nothing earned, and the log repeated it. The upstream is the real mirror API over a store in
// memory, with its transactions list scripted; `trouble` breaks the requests a test picks.

/** What the upstream does instead of answering a request. */
type Trouble = 'answer' | '500' | '429' | '403' | 'cut' | 'truncate' | 'slow';


const upstreamStore = new LedgerStore({ file: ':memory:' });
new AccountWriter(upstreamStore.db).applyPage(Array.from({ length: 250 }, (_, i) => accountRowsOf(upstreamAccount(1001 + i) as unknown as Record<string, unknown>)), null);
const upsertToken = tokenUpserter(upstreamStore.db);
for (const num of [5001, 5002]) upsertToken(tokenRowsOf(tokenInfo(num)));
const upstreamApi = createMirrorApi(upstreamStore, defaultMirrorApiConfig, false);
const transactions: Array<Record<string, unknown>> = [];
/** Picks what happens to each request (by its path and query); everything is answered unless a test says otherwise. */
let trouble: (path: string) => Trouble = () => 'answer';
let retryAfter = '1';
/** Answers given in place of the mirror API's, by path and query. */
const scripted = new Map<string, unknown>();

function misbehave(req: http.IncomingMessage, res: http.ServerResponse, what: Exclude<Trouble, 'answer' | 'slow'>): void {
  const json = { 'content-type': 'application/json' };
  switch (what) {
    case '500': res.writeHead(500, json).end('{"_status":{"messages":[{"message":"Internal error"}]}}'); return;
    case '403': res.writeHead(403, json).end('{"_status":{"messages":[{"message":"Forbidden"}]}}'); return;
    case '429': res.writeHead(429, { ...json, 'retry-after': retryAfter }).end('{"_status":{"messages":[{"message":"Too many requests"}]}}'); return;
    case 'cut': res.writeHead(200, json).end('{"accounts":[{"account":"0.0.1'); return;
    case 'truncate':
      // Promises more than it sends, then drops the connection.
      res.writeHead(200, { ...json, 'content-length': '1000' });
      res.write('{"accounts":[');
      setTimeout(() => req.socket.destroy(), 5);
  }
}

const upstreams = new ScriptedUpstreams();
const ready = upstreams.start(async (req, res) => {
  const what = trouble(req.url!);
  if (what !== 'answer' && what !== 'slow') return misbehave(req, res, what);
  if (what === 'slow') await new Promise((resolve) => setTimeout(resolve, 300));
  const url = new URL(req.url!, 'http://x');
  if (scripted.has(req.url!)) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(scripted.get(req.url!)));
    return;
  }
  if (url.pathname === '/api/v1/transactions') {
    answerTransactionsPage(url, transactions, res);
    return;
  }
  const reply = await upstreamApi.server.inject({ url: req.url! });
  res.writeHead(reply.statusCode, { 'content-type': 'application/json' }).end(reply.body);
});
afterAll(() => upstreams.closeAll());

/** An engine on a fresh store, with what it logged: its own lines and `serve`'s throttled progress lines. */
async function engineWithLog(options: Partial<SyncEngineOptions> = {}): Promise<{ engine: SyncEngine; lines: string[]; statuses: Array<{ at: number; status: SyncStatus }> }> {
  const lines: string[] = [];
  const statuses: Array<{ at: number; status: SyncStatus }> = [];
  const progress = throttledSyncLog((line) => lines.push(line));
  const local = new LedgerStore({ file: ':memory:' });
  const engine = new SyncEngine({
    profile: 't', db: local.db, upstreamUrl: await ready, requestsPerSecond: 0, timeoutMs: 1000, backoffCapMs: 800, followIntervalMs: 100,
    log: (line) => lines.push(line),
    onStatus: (status) => {
      statuses.push({ at: performance.now(), status });
      progress(status);
    },
    ...options,
  });
  return { engine, lines, statuses };
}

async function stateBecomes(engine: SyncEngine, state: SyncState, withinMs = 15_000): Promise<SyncStatus> {
  const deadline = performance.now() + withinMs;
  while (performance.now() < deadline) {
    const status = engine.status();
    if (status.state === state) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the state stayed ${engine.status().state}, never ${state} (last error: ${engine.status().lastError?.message})`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A backlog of transfers after those there are: `pages` pages of 100. */
function addBacklog(pages: number): Array<Record<string, unknown>> {
  const start = 3000 + transactions.length;
  const backlog = Array.from({ length: pages * 100 }, (_, i) => ({
    consensus_timestamp: `${start + i}.000000000`, name: 'CRYPTOTRANSFER', result: 'SUCCESS', transaction_id: `0.0.1001-${start + i}-000000000`,
    transfers: [{ account: '0.0.1001', amount: -1 }, { account: '0.0.1002', amount: 1 }],
  }));
  transactions.push(...backlog);
  return backlog;
}

describe('a sync held up by an upstream that answers, but not usably', () => {
  const LAST_ERROR: Record<string, RegExp> = {
    '500': /^HTTP 500 Internal Server Error from http:\/\/127\.0\.0\.1:\d+\/api\/v1\//,
    '429': /^the upstream asked to wait until \d\d:\d\d:\d\d \(Retry-After\): HTTP 429 Too Many Requests from http:\/\/127\.0\.0\.1:\d+\/api\/v1\//,
    cut: /^HTTP 200 with a body that is not whole JSON \(\d+ characters\) from http/,
    truncate: /^body cut off: the connection closed before the answer was complete \((UND_ERR_SOCKET|other side closed)\) from http/,
  };

  for (const fault of ['500', 'truncate'] as const) {
    it(`says so while crawling (${fault}), with no time left, once in the log, and crawls on once it answers`, async () => {
      trouble = () => 'answer';
      const { engine, lines } = await engineWithLog();
      // The accounts' first page comes; every page after it fails.
      trouble = (path) => (path.startsWith('/api/v1/accounts?') && path.includes('account.id=gt') ? fault : 'answer');
      const caughtUp = engine.caughtUp();
      engine.start();
      const held = await stateBecomes(engine, 'retrying');
      expect(held).toMatchObject({ phase: 'accounts', estimatedSecondsLeft: null });
      expect(held.lastError!.message).toMatch(LAST_ERROR[fault]!);
      expect(Date.parse(held.lastError!.retryAt!)).toBeGreaterThan(Date.parse(held.lastError!.at));
      // Held up a while longer: the log says it once, and no crawl with a time left meanwhile.
      await sleep(3000);
      expect(engine.status().state).toBe('retrying');
      const heldFrom = lines.findIndex((line) => line.includes('keeps failing'));
      expect(lines.filter((line) => line.includes('keeps failing'))).toEqual([
        expect.stringMatching(new RegExp(`^sync: the upstream keeps failing \\(since \\d\\d:\\d\\d:\\d\\d\\): ${LAST_ERROR[fault]!.source.slice(1)}`)),
      ]);
      const progressSince = lines.slice(heldFrom).filter((line) => line.startsWith('t sync:'));
      expect(progressSince).toEqual([expect.stringMatching(/^t sync: retrying, \d+ accounts in the local store, last error: .*; retrying in \d+\.\d s$/)]);

      trouble = () => 'answer';
      await caughtUp;
      expect(engine.status()).toMatchObject({ state: 'following', accountsInStore: 250 });
      expect(lines.filter((line) => line.includes('answers again'))).toEqual(['sync: the upstream answers again']);
      expect(engine.status().lastError!.recoveredAt).not.toBeNull();
      await engine.close();
    }, 30_000);
  }

  for (const fault of ['429', 'cut'] as const) {
    it(`says so while following (${fault}), not "up to date", and follows again once it answers`, async () => {
      trouble = () => 'answer';
      retryAfter = '1';
      const { engine, lines } = await engineWithLog();
      await startUntilCaughtUp(engine);
      expect(engine.status().state).toBe('following');

      trouble = (path) => (path.startsWith('/api/v1/transactions?') ? fault : 'answer');
      const held = await stateBecomes(engine, 'retrying');
      expect(held.lastError!.message).toMatch(LAST_ERROR[fault]!);
      expect(lines.filter((line) => line.includes('keeps failing'))).toHaveLength(1);

      trouble = () => 'answer';
      await stateBecomes(engine, 'following');
      await sleep(500);
      expect(engine.status().state).toBe('following');
      expect(lines.filter((line) => line.includes('answers again'))).toEqual(['sync: the upstream answers again']);
      expect(lines.filter((line) => line.includes('keeps failing'))).toHaveLength(1);
      await engine.close();
    }, 30_000);
  }

  it('after a pause and resume, or an answer after failures, while following is behind, says syncing, not "up to date"', async () => {
    trouble = () => 'answer';
    const { engine, statuses } = await engineWithLog();
    await startUntilCaughtUp(engine);
    // Three pages waiting: the second one fails, after the first said following is behind.
    const backlog = addBacklog(3);
    const secondPage = `timestamp=gt:${backlog[99]!.consensus_timestamp as string}`;
    trouble = (path) => (path.includes(secondPage) ? '500' : 'answer');
    await stateBecomes(engine, 'syncing', 5000);
    while (!engine.status().lastError?.message.includes(secondPage)) await sleep(20);
    await engine.pause();
    engine.resume();
    expect(engine.status().state).toBe('syncing');
    await sleep(300);
    expect(engine.status().state).not.toBe('following');
    // Held up a while, then answered: the state is what is true, catching up, not "up to date".
    await stateBecomes(engine, 'retrying');
    const heldAt = statuses.length;
    trouble = () => 'answer';
    await engine.caughtUp();
    const afterHeld = statuses.slice(heldAt).map(({ status }) => status.state).filter((state) => state !== 'retrying');
    expect(afterHeld[0]).toBe('syncing');
    expect(engine.status()).toMatchObject({ state: 'following', lastTransactionTimestamp: backlog.at(-1)!.consensus_timestamp });
    await engine.close();
  }, 30_000);

  it("after a pause and resume while the upstream's Retry-After holds, says so, and goes on after it", async () => {
    trouble = () => 'answer';
    const { engine, lines } = await engineWithLog();
    await startUntilCaughtUp(engine);
    const backlog = addBacklog(3);
    const secondPage = `timestamp=gt:${backlog[99]!.consensus_timestamp as string}`;
    retryAfter = '6';
    let refused = 0;
    trouble = (path) => (path.includes(secondPage) && refused++ === 0 ? '429' : 'answer');
    const held = await stateBecomes(engine, 'retrying', 5000);
    // Said as the time to wait until, on this machine's clock.
    expect(held.lastError!.message).toMatch(/^the upstream asked to wait until \d\d:\d\d:\d\d \(Retry-After\): HTTP 429 Too Many Requests from http/);
    expect(Date.parse(held.lastError!.retryAt!) - Date.parse(held.lastError!.at)).toBeGreaterThan(5000);
    expect(lines.filter((line) => line.startsWith('sync: waiting, the upstream asked to wait until'))).toHaveLength(1);

    await engine.pause();
    engine.resume();
    // The hold stands through a pause: it is the upstream's, and the state says so.
    expect(engine.status()).toMatchObject({ state: 'retrying', lastError: { retryAt: held.lastError!.retryAt } });
    await sleep(300);
    expect(engine.status().state).toBe('retrying');

    await engine.caughtUp();
    expect(engine.status()).toMatchObject({ state: 'following', lastTransactionTimestamp: backlog.at(-1)!.consensus_timestamp });
    expect(engine.status().lastError!.recoveredAt).not.toBeNull();
    await engine.close();
  }, 30_000);
});

describe("the sync's last error", () => {
  it('in the error state, says when the run is tried again', async () => {
    trouble = (path) => (path.startsWith('/api/v1/transactions') ? '403' : 'answer');
    const { engine, lines } = await engineWithLog({ errorRetryMs: 60_000 });
    engine.start();
    const failed = await stateBecomes(engine, 'error', 5000);
    expect(failed.lastError!.message).toMatch(/^HTTP 403 for http:\/\/127\.0\.0\.1:\d+\/api\/v1\/transactions/);
    expect(Date.parse(failed.lastError!.retryAt!) - Date.parse(failed.lastError!.at)).toBe(60_000);
    expect(lines).toContainEqual(expect.stringMatching(/^sync: HTTP 403 for .*; trying again at \d\d:\d\d:\d\d$/));
    await engine.close();
  });

  it('after a failed run, says the upstream keeps failing since its failures began, not since the run failed', async () => {
    trouble = (path) => (path.startsWith('/api/v1/transactions') ? '403' : 'answer');
    const { engine, lines } = await engineWithLog({ errorRetryMs: 2000 });
    engine.start();
    await stateBecomes(engine, 'error', 5000);
    // The run goes again two seconds later, and every request fails from then on: a different fault.
    let failingSince: number | null = null;
    trouble = () => {
      failingSince ??= Date.now();
      return '500';
    };
    await stateBecomes(engine, 'retrying', 15_000);
    const heldAt = Date.now();
    // Said once the failures lasted, not at the first of them as failures that had gone on since the run failed.
    expect(heldAt - failingSince!).toBeGreaterThanOrEqual(4000);
    const line = lines.find((text) => text.includes('keeps failing'))!;
    const since = /\(since (\d\d:\d\d:\d\d)\)/.exec(line)![1]!;
    const secondsOf = (clock: string) => clock.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
    // Not before the first 500 (in seconds of the day, a day's wrap aside): it used to be the run's failure, two seconds earlier.
    expect((secondsOf(since) - secondsOf(clockTime(failingSince!)) + 86_400) % 86_400, `${line}; the 500s began ${clockTime(failingSince!)}`).toBeLessThan(60);
    trouble = () => 'answer';
    await engine.close();
  }, 30_000);

  it("names the answer an item that cannot be stored came in", async () => {
    trouble = () => 'answer';
    scripted.set('/api/v1/contracts?limit=100&order=asc', { contracts: [{ contract_id: '0.0.7001' }], links: { next: null } });
    scripted.set('/api/v1/contracts/0.0.7001', { contract_id: '0.0.7001', created_timestamp: 'yesterday', bytecode: '0x', runtime_bytecode: '0x' });
    try {
      const { engine } = await engineWithLog();
      engine.start();
      const failed = await stateBecomes(engine, 'error', 10_000);
      expect(failed.lastError!.message).toMatch(/^not a timestamp: "yesterday", in the upstream's answer to http:\/\/127\.0\.0\.1:\d+\/api\/v1\/contracts\/0\.0\.7001$/);
      await engine.close();
    } finally {
      scripted.clear();
    }
  });

  it('stands until the failing request, or one sent after it, is answered: not one still under way from before', async () => {
    // The tokens' records are fetched a few at a time: one fails for a second, while another, sent
    // with it, is answered slowly, after the failure was seen: that answer does not end the failure.
    let failingUntil = Infinity;
    let failingAnsweredAt = Infinity;
    trouble = (path) => {
      if (path === '/api/v1/tokens/0.0.5002') return 'slow';
      if (path !== '/api/v1/tokens/0.0.5001') return 'answer';
      if (failingUntil === Infinity) failingUntil = performance.now() + 1000;
      if (performance.now() < failingUntil) return '500';
      failingAnsweredAt = Math.min(failingAnsweredAt, performance.now());
      return 'answer';
    };
    const { engine, statuses } = await engineWithLog();
    await startUntilCaughtUp(engine);
    const failed = statuses.findIndex(({ status }) => status.lastError?.message.includes('/api/v1/tokens/0.0.5001'));
    expect(failed).toBeGreaterThan(-1);
    const recovered = statuses.find(({ status }) => status.lastError?.recoveredAt != null);
    expect(recovered!.at).toBeGreaterThanOrEqual(failingAnsweredAt);
    expect(Date.parse(recovered!.status.lastError!.recoveredAt!)).toBeGreaterThanOrEqual(Date.parse(recovered!.status.lastError!.at));
    await engine.close();
  }, 30_000);
});
