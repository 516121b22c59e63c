import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { SyncCursors } from '../../main/sync/sync-cursor.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { startAnsweringProxy, type AnsweringProxy } from './answering-proxy.ts';
import { startUntilCaughtUp } from './caught-up.ts';

// The upstream is a real second Mirrordesk serving its demo ledger. In front of it, a proxy
// answers a few list pages itself, as a misbehaving upstream or gateway might: an empty page in
// the middle of the walk, a page with no links at all. None of it looks like a failure over
// HTTP: it is a quick, well-formed 200 that says the list ends where it does not.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-sync-short-pages-'));
let upstream: ServeProcess;
const proxies: AnsweringProxy[] = [];
beforeAll(async () => {
  upstream = await startServe(['--data-dir', path.join(dir, 'upstream'), '--demo-accounts', '1300']);
  await waitForDemoReady(upstream.urls.get('ui')!);
}, 120_000);
afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
  await upstream?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function storedCounts(db: Database.Database): Record<string, number> {
  const count = (sql: string) => (db.prepare(sql).pluck().get() as number);
  return {
    accounts: count("SELECT count(*) FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT') AND NOT (num = 2 AND memo IS 'Mirror node created synthetic treasury account')"),
    tokens: count('SELECT count(*) FROM token'),
    contracts: count('SELECT count(*) FROM contract'),
  };
}

/**
 * The lies the proxy tells, each a number of times: the second accounts page after the first
 * (the third page) comes back empty twice, the page after it once without its links, and the
 * first tokens and contracts pages once each empty.
 */
function shortPagePlan(): { substitute: (path: string) => string | null; told: Map<string, number> } {
  const laterAccountsPages: string[] = [];
  const told = new Map<string, number>();
  const tell = (lie: string, times: number, body: string): string | null => {
    if ((told.get(lie) ?? 0) >= times) return null;
    told.set(lie, (told.get(lie) ?? 0) + 1);
    return body;
  };
  return {
    told,
    substitute: (url) => {
      if (url.startsWith('/api/v1/accounts?limit=100&order=asc&account.id=')) {
        if (!laterAccountsPages.includes(url)) laterAccountsPages.push(url);
        const page = laterAccountsPages.indexOf(url);
        if (page === 1) return tell('empty accounts page', 2, '{"accounts":[],"links":{"next":null}}');
        if (page === 2) return tell('accounts page without links', 1, '{"accounts":[]}');
      }
      if (url === '/api/v1/tokens?limit=100&order=asc') return tell('empty tokens page', 1, '{"tokens":[],"links":{"next":null}}');
      if (url === '/api/v1/contracts?limit=100&order=asc') return tell('empty contracts page', 1, '{"contracts":[],"links":{"next":null}}');
      return null;
    },
  };
}

describe('sync through an upstream that answers a page short', () => {
  it('does not end a pass on an empty page or one without links: it asks again and ends with every account, token and contract', async () => {
    const plan = shortPagePlan();
    const proxy = await startAnsweringProxy(upstream.urls.get('mirror')!, plan.substitute);
    proxies.push(proxy);
    const store = new LedgerStore({ file: path.join(dir, 'local.sqlite') });
    const logged: string[] = [];
    const engine = new SyncEngine({
      profile: 'test', db: store.db, upstreamUrl: proxy.url, requestsPerSecond: 0, timeoutMs: 2000, backoffCapMs: 100,
      errorRetryMs: 100, followIntervalMs: 60_000, log: (line) => logged.push(line),
    });
    try {
      await startUntilCaughtUp(engine);
    } finally {
      await engine.close();
    }

    // Every lie was told as planned, and none of them ended a walk.
    expect(Object.fromEntries(plan.told)).toEqual({
      'empty accounts page': 2, 'accounts page without links': 1, 'empty tokens page': 1, 'empty contracts page': 1,
    });
    const upstreamDb = new Database(path.join(dir, 'upstream', 'demo.sqlite'), { readonly: true });
    const expected = storedCounts(upstreamDb);
    upstreamDb.close();
    expect(expected.accounts).toBeGreaterThan(1200);
    expect(expected.tokens).toBeGreaterThan(0);
    expect(expected.contracts).toBeGreaterThan(0);
    expect(storedCounts(store.db)).toEqual(expected);
    // One pass each, counted once, and over.
    const cursors = new SyncCursors(store.db);
    expect(cursors.get('accounts')).toMatchObject({ nextUrl: null, passes: 1 });
    expect(cursors.get('tokens')).toMatchObject({ nextUrl: null, passes: 1, items: expected.tokens });
    expect(cursors.get('contracts')).toMatchObject({ nextUrl: null, passes: 1, items: expected.contracts });
    // The page without links was refused as malformed, saying so.
    expect(logged.some((line) => /has no "links"/.test(line)), logged.join('\n')).toBe(true);
    store.close();
  }, 120_000);

  it('says so as its last error while it asks a page again, with when, until the page comes whole', async () => {
    // The second accounts page after the first comes back empty three times, then whole.
    const laterAccountsPages: string[] = [];
    const lies: number[] = [];
    const proxy = await startAnsweringProxy(upstream.urls.get('mirror')!, (url) => {
      if (!url.startsWith('/api/v1/accounts?limit=100&order=asc&account.id=')) return null;
      if (!laterAccountsPages.includes(url)) laterAccountsPages.push(url);
      if (laterAccountsPages.indexOf(url) !== 1 || lies.length >= 3) return null;
      lies.push(performance.now());
      return '{"accounts":[],"links":{"next":null}}';
    });
    proxies.push(proxy);
    const store = new LedgerStore({ file: ':memory:' });
    const statuses: Array<{ at: number; status: SyncStatus }> = [];
    const engine = new SyncEngine({
      profile: 'test', db: store.db, upstreamUrl: proxy.url, requestsPerSecond: 0, timeoutMs: 2000, backoffCapMs: 100, followIntervalMs: 60_000,
      onStatus: (status) => statuses.push({ at: performance.now(), status }),
    });
    try {
      await startUntilCaughtUp(engine);
    } finally {
      await engine.close();
      store.close();
    }
    expect(lies).toHaveLength(3);

    const shortPage = /^the upstream's accounts page \/api\/v1\/accounts\?limit=100&order=asc&account\.id=gt:(0\.0\.\d+) ended the list( \d times in a row)?, yet it lists 0\.0\.\d+ after \1; it is asked for again, up to 8 times in all$/;
    const said = statuses.filter(({ status }) => shortPage.test(status.lastError?.message ?? ''));
    // Each time it is asked again, said as it happens, with when it is asked again.
    const inARow = said.map(({ status }) => Number(/(\d) times in a row/.exec(status.lastError!.message)?.[1] ?? 1));
    expect([...new Set(inARow)]).toEqual([1, 2, 3]);
    const first = said[0]!;
    expect(first.at).toBeGreaterThanOrEqual(lies[0]!);
    expect(first.status.lastError!.recoveredAt).toBeNull();
    expect(Date.parse(first.status.lastError!.retryAt!)).toBeGreaterThanOrEqual(Date.parse(first.status.lastError!.at));
    // It stands while the page is asked again (the answers to those asks do not end it), and is over once the page came whole.
    const whileAsked = statuses.filter(({ at }) => at >= first.at && at <= lies.at(-1)!);
    expect(whileAsked.every(({ status }) => status.lastError?.recoveredAt === null)).toBe(true);
    const last = statuses.at(-1)!.status;
    expect(last.lastError!.message).toMatch(shortPage);
    expect(last.lastError!.recoveredAt).not.toBeNull();
    expect(last).toMatchObject({ state: 'following' });
  }, 120_000);
});
