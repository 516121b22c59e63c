import { afterAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { accountRowsOf } from '../../main/sync/account-rows.ts';
import { AccountWriter } from '../../main/sync/account-writer.ts';
import { FIRST_ACCOUNTS_PAGE } from '../../main/sync/accounts-crawl.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { answerTransactionsPage, ScriptedUpstreams } from './scripted-upstream.ts';
import { upstreamAccount } from '../helpers/upstream-account.ts';

// A `links.next` that leads back to a page read before (here: the accounts' second page naming
// the first again, as a proxy in between might) used to be followed: only a page naming itself
// was refused, so the crawl went round the two pages at full rate for good, and the bad link,
// stored with the page's ETag, was walked again from the store after the fault was over.


const ACCOUNTS = 250;
const upstreamStore = new LedgerStore({ file: ':memory:' });
new AccountWriter(upstreamStore.db).applyPage(Array.from({ length: ACCOUNTS }, (_, i) => accountRowsOf(upstreamAccount(1001 + i) as unknown as Record<string, unknown>)), null);
const upstreamApi = createMirrorApi(upstreamStore, defaultMirrorApiConfig, false);
const SECOND_PAGE = `${FIRST_ACCOUNTS_PAGE}&account.id=gt:0.0.1100`;

const THIRD_PAGE = `${FIRST_ACCOUNTS_PAGE}&account.id=gt:0.0.1200`;

/** While set, the second accounts page names the first as its next, its ETag left as the upstream's. */
let loopBack = false;
/** While set, the third (last) accounts page names the second as its next, as a proxy did to a page thousands of accounts on. */
let thirdLoopsBack = false;
/** Accounts list pages asked for. */
let pagesAsked = 0;

const upstreams = new ScriptedUpstreams();
const ready = upstreams.start(async (req, res) => {
  const url = new URL(req.url!, 'http://x');
  if (url.pathname === '/api/v1/transactions') return answerTransactionsPage(url, [], res);
  if (url.pathname === '/api/v1/accounts' && url.searchParams.get('limit') === '100') pagesAsked++;
  const ifNoneMatch = req.headers['if-none-match'];
  const reply = await upstreamApi.server.inject({ url: req.url!, headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });
  const headers = { 'content-type': 'application/json', ...(reply.headers.etag ? { etag: String(reply.headers.etag) } : {}) };
  if (loopBack && req.url === SECOND_PAGE && reply.statusCode === 200) {
    const body = JSON.parse(reply.body) as { links: { next: string | null } };
    res.writeHead(200, headers).end(JSON.stringify({ ...body, links: { next: FIRST_ACCOUNTS_PAGE } }));
    return;
  }
  if (thirdLoopsBack && req.url === THIRD_PAGE && reply.statusCode === 200) {
    const body = JSON.parse(reply.body) as { links: { next: string | null } };
    res.writeHead(200, headers).end(JSON.stringify({ ...body, links: { next: SECOND_PAGE } }));
    return;
  }
  res.writeHead(reply.statusCode, headers).end(reply.body);
});
afterAll(() => upstreams.closeAll());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean, engine: SyncEngine, withinMs = 10_000): Promise<SyncStatus> {
  const deadline = performance.now() + withinMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`never ${what}: ${JSON.stringify({ ...engine.status(), phases: undefined })}`);
    await sleep(20);
  }
  return engine.status();
}

/** An engine on a fresh store that waits a minute after a failed run, as the app does. */
async function engineOnStore(log?: (line: string) => void): Promise<{ engine: SyncEngine; store: LedgerStore }> {
  const store = new LedgerStore({ file: ':memory:' });
  const engine = new SyncEngine({
    profile: 'loop', db: store.db, upstreamUrl: await ready, requestsPerSecond: 0, timeoutMs: 2000, backoffCapMs: 50, followIntervalMs: 60_000, errorRetryMs: 60_000,
    ...(log ? { log } : {}),
  });
  return { engine, store };
}

const LOOP_ERROR = /^the upstream's next link after \/api\/v1\/accounts\?\S+ leads back to a page at or before it \(\/api\/v1\/accounts\?\S+\)/;
const accountsStored = (store: LedgerStore) => Number(store.db.prepare("SELECT count(*) FROM entity WHERE type = 'ACCOUNT'").pluck().get());
const storedNextLinks = (store: LedgerStore) => store.db.prepare('SELECT url, next_url FROM sync_etag ORDER BY url').all() as Array<{ url: string; next_url: string | null }>;

describe('a next link back to a page the crawl has read', () => {
  it('is refused and said, the crawl waits instead of going round, and goes on once the upstream links on again', async () => {
    loopBack = true;
    const { engine, store } = await engineOnStore();
    engine.start();
    const refused = await until('refused the loop', () => LOOP_ERROR.test(engine.status().lastError?.message ?? ''), engine);
    expect(refused).toMatchObject({ state: 'error', phase: 'accounts' });
    expect(refused.lastError!.retryAt).not.toBeNull();
    // Waiting for the retry, not going round the two pages.
    const asked = pagesAsked;
    await sleep(500);
    expect(pagesAsked).toBe(asked);

    // Tried again (as Resume does) while the loop stands: refused again, after at most the loop's pages once more.
    await engine.pause();
    engine.resume();
    await until('refused the loop again', () => engine.status().state === 'error', engine);
    expect(pagesAsked - asked).toBeLessThanOrEqual(3);
    expect(engine.status().lastError!.message).toMatch(LOOP_ERROR);

    // The upstream links on again: the next run finishes the pass, and no stored page keeps the link back.
    loopBack = false;
    const caughtUp = engine.caughtUp();
    await engine.pause();
    engine.resume();
    await caughtUp;
    expect(accountsStored(store)).toBe(ACCOUNTS);
    expect(storedNextLinks(store).find((row) => row.url === SECOND_PAGE)?.next_url ?? null).not.toBe(FIRST_ACCOUNTS_PAGE);
    await engine.close();
    store.close();
  }, 30_000);

  it('stored with a page\'s ETag by an earlier run, is not walked again from the store: the pages are read whole again', async () => {
    loopBack = false;
    const { engine, store } = await engineOnStore();
    const caughtUp = engine.caughtUp();
    engine.start();
    await caughtUp;
    await engine.pause();
    // What a run before loops were refused left: the second page stored with the first as its next, and a new pass begun.
    const writer = new AccountWriter(store.db);
    store.db.prepare('UPDATE sync_etag SET next_url = ? WHERE url = ?').run(FIRST_ACCOUNTS_PAGE, SECOND_PAGE);
    writer.cursors.put({ ...writer.cursors.get('accounts')!, nextUrl: FIRST_ACCOUNTS_PAGE, items: 0 });

    // Both pages answer 304 (unchanged): the stored link back is refused, and the loop's ETags forgotten.
    engine.resume();
    await until('refused the stored loop', () => LOOP_ERROR.test(engine.status().lastError?.message ?? ''), engine);
    expect(storedNextLinks(store).map((row) => row.url)).not.toContain(SECOND_PAGE);

    // The next run reads them whole, with the upstream's own links, and finishes the pass.
    const again = engine.caughtUp();
    await engine.pause();
    engine.resume();
    await again;
    expect(writer.cursors.get('accounts')).toMatchObject({ nextUrl: null, passes: 2 });
    expect(storedNextLinks(store).find((row) => row.url === SECOND_PAGE)?.next_url).toMatch(/account\.id=gt:0\.0\.1200/);
    await engine.close();
    store.close();
  }, 30_000);

  it('many pages back, is refused at once on each retry: the pages since are not walked, stored or counted again, and the pass ends once the upstream links on', async () => {
    thirdLoopsBack = true;
    const lines: string[] = [];
    const { engine, store } = await engineOnStore((line) => lines.push(line));
    engine.start();
    const refused = await until('refused the link back', () => LOOP_ERROR.test(engine.status().lastError?.message ?? ''), engine);
    expect(refused.lastError!.message).toContain(`after ${THIRD_PAGE} leads back to a page at or before it (${SECOND_PAGE})`);
    const accountsPhase = (status: SyncStatus) => status.phases.find((phase) => phase.name === 'accounts');
    expect(accountsPhase(refused)).toMatchObject({ synced: 200, complete: false });

    // Each retry (as Resume does) resumes at the third page. It used to follow its link back to the
    // second, which that run had not read, storing and counting both pages again before the loop closed.
    for (let retry = 0; retry < 2; retry++) {
      const asked = pagesAsked;
      await engine.pause();
      engine.resume();
      const again = await until('refused the link back again', () => engine.status().state === 'error', engine);
      expect(again.lastError!.message).toMatch(LOOP_ERROR);
      expect(pagesAsked - asked).toBe(1);
      expect(accountsPhase(again)).toMatchObject({ synced: 200, complete: false });
    }

    // Fixed upstream: the third page's own end is taken, and the pass counts each account once.
    thirdLoopsBack = false;
    const caughtUp = engine.caughtUp();
    await engine.pause();
    engine.resume();
    await caughtUp;
    expect(accountsStored(store)).toBe(ACCOUNTS);
    expect(accountsPhase(engine.status())).toMatchObject({ synced: ACCOUNTS, complete: true, passes: 1 });
    expect(lines.filter((line) => /leads back/.test(line))).toHaveLength(3);
    await engine.close();
    store.close();
  }, 30_000);
});
