import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { parseJsonLossless } from '../../main/mirror/format/json-out.ts';
import { createMirrorApi, type MirrorApi } from '../../main/mirror/mirror-api.ts';
import { unreachableMessage } from '../../main/mirror/http/read-through.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { AccountWriter } from '../../main/sync/account-writer.ts';
import { AccountHistoryFetcher } from '../../main/sync/account-history.ts';
import { RateLimiter } from '../../main/sync/rate-limiter.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { TopicHistoryFetcher } from '../../main/sync/topic-history.ts';
import { UpstreamReadThrough } from '../../main/sync/upstream-read-through.ts';
import { balanceAt, followedOf, HBAR, type Asset, type Followed } from '../../renderer/src/lib/balance-at.ts';
import { nanosToTimestamp, timestampToNanos } from '../../renderer/src/lib/ledger-format.ts';
import { startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { comparePages, compareUrls, CONTRACT_QUERIES, FAITHFUL_QUERIES, httpGet, injectedGet, TOKEN_QUERIES, type Get } from './compare-mirrors.ts';
import { startUntilCaughtUp } from './caught-up.ts';

// The upstream is a real second Mirrordesk serving its demo ledger on loopback.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-sync-faithful-'));
let upstream: ServeProcess;
let remote: Get;
let local: Get;
let store: LedgerStore;
/** Transactions after this consensus timestamp are followed, and so stored, by the sync. */
let followedFrom = '';
/** Topics with messages sent after `followedFrom`: opened (read through) before following, and one not. */
let openedTopics: string[] = [];
let unopenedTopic = '';
/** What the sync status said it had followed when it caught up. */
let followed: Followed | null = null;

beforeAll(async () => {
  upstream = await startServe(['--data-dir', path.join(dir, 'upstream'), '--demo-accounts', '1500']);
  await waitForDemoReady(upstream.urls.get('ui')!);
  remote = httpGet(upstream.urls.get('mirror')!);
  store = new LedgerStore({ file: path.join(dir, 'local.sqlite') });
  // A sync follows transactions from the upstream's newest at its start; starting a few hundred
  // back makes the follow store those, as it stores whatever arrives after a real sync began.
  const newest = JSON.parse((await remote('/api/v1/transactions?limit=100&order=desc')).body) as { transactions: Array<{ consensus_timestamp: string }>; links: { next: string } };
  const older = JSON.parse((await remote(newest.links.next)).body) as { transactions: Array<{ consensus_timestamp: string }> };
  followedFrom = older.transactions.at(-1)!.consensus_timestamp;
  // Far enough back to follow a few topic messages too, which the demo sends now and then.
  const submitted = JSON.parse((await remote('/api/v1/transactions?transactiontype=CONSENSUSSUBMITMESSAGE&result=success&limit=3')).body) as { transactions: Array<{ consensus_timestamp: string }> };
  const oldestSubmitted = timestampToNanos(submitted.transactions.at(-1)!.consensus_timestamp)!;
  if (oldestSubmitted <= timestampToNanos(followedFrom)!) followedFrom = nanosToTimestamp(oldestSubmitted - 1n)!;
  // And far enough to follow the latest contract call, creation and Ethereum transaction, which are rarer still.
  for (const type of ['CONTRACTCALL', 'CONTRACTCREATEINSTANCE', 'ETHEREUMTRANSACTION']) {
    const latest = JSON.parse((await remote(`/api/v1/transactions?transactiontype=${type}&limit=1`)).body) as { transactions: Array<{ consensus_timestamp: string }> };
    const at = timestampToNanos(latest.transactions[0]!.consensus_timestamp)!;
    if (at <= timestampToNanos(followedFrom)!) followedFrom = nanosToTimestamp(at - 1n)!;
  }
  new AccountWriter(store.db).cursors.put({ phase: 'transactions', nextUrl: null, items: 0, passes: 0, mark: followedFrom, since: followedFrom });
  // Topics the user opened before the messages arrive: their messages are followed; one topic is left unopened.
  const sent = JSON.parse((await remote(`/api/v1/transactions?transactiontype=CONSENSUSSUBMITMESSAGE&result=success&timestamp=gt:${followedFrom}&limit=100`)).body) as {
    transactions: Array<{ entity_id: string }>;
  };
  const busy = [...new Set(sent.transactions.map((tx) => tx.entity_id))];
  unopenedTopic = busy.pop()!;
  openedTopics = busy;
  const opener = new UpstreamReadThrough({ db: store.db, upstreamUrl: upstream.urls.get('mirror')!, requestsPerSecond: 0 });
  for (const topic of openedTopics) expect(await opener.fetchMissing('topic', topic)).toEqual({ kind: 'stored' });
  opener.close();
  const engine = new SyncEngine({ profile: 'test', db: store.db, upstreamUrl: upstream.urls.get('mirror')!, requestsPerSecond: 0, followIntervalMs: 60_000 });
  await startUntilCaughtUp(engine);
  followed = followedOf(engine.status());
  await engine.close();
  local = injectedGet(createMirrorApi(store, defaultMirrorApiConfig, false));
}, 120_000);
afterAll(async () => {
  store?.close();
  await upstream?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A mirror read as the app's balance views read it (balance-at.ts): the answer or a typed error. */
function reader(get: Get) {
  return async (url: string) => {
    const reply = await get(url);
    return reply.status === 200 ? { ok: true as const, value: parseJsonLossless(reply.body) } : { ok: false as const, error: { code: 'not-found' as const, message: reply.body, details: [] } };
  };
}

/**
 * The synced store's own API with a read-through: to the upstream, or to an address nothing answers
 * (the upstream gone). `close` abandons the read-through; the store stays open.
 */
function servedReadingThrough(to: 'upstream' | 'nowhere'): { api: MirrorApi; get: Get; readThrough: UpstreamReadThrough; close: () => void } {
  const readThrough = new UpstreamReadThrough({ db: store.db, upstreamUrl: to === 'upstream' ? upstream.urls.get('mirror')! : 'http://127.0.0.1:9', requestsPerSecond: 0 });
  const api = createMirrorApi(store, defaultMirrorApiConfig, false, { readThrough });
  return { api, get: injectedGet(api), readThrough, close: () => readThrough.close() };
}

/**
 * Asks the synced store's API, reading through, for `urls`: each must be the upstream's answer, and
 * still be with the upstream gone (kept or remembered). Answers the API that reads through to
 * nowhere, for more checks; the caller closes it.
 */
async function upstreamsAnswersServedOnlineAndOffline(urls: string[]): Promise<ReturnType<typeof servedReadingThrough>> {
  const online = servedReadingThrough('upstream');
  expect(await compareUrls(remote, online.get, urls)).toEqual([]);
  online.close();
  const offline = servedReadingThrough('nowhere');
  expect(await compareUrls(remote, offline.get, urls)).toEqual([]);
  return offline;
}

/** Every `step`-th item of a list the upstream answers, by one field. */
async function sample(url: string, list: string, field: string, step: number): Promise<string[]> {
  const body = JSON.parse((await remote(url)).body) as Record<string, Array<Record<string, string>>>;
  return body[list]!.filter((_, i) => i % step === 0).map((item) => item[field]!);
}

describe('synced data answers exactly as the upstream does', () => {
  it('accounts list pages, links included', async () => {
    const { pages, differences } = await comparePages(remote, local, FAITHFUL_QUERIES);
    expect(pages).toBeGreaterThan(20);
    expect(differences).toEqual([]);
  });

  it('accounts by id, alias and EVM address', async () => {
    const ids = await sample('/api/v1/accounts?limit=100', 'accounts', 'account', 5);
    const page = JSON.parse((await remote('/api/v1/accounts?limit=100&order=desc')).body) as { accounts: Array<{ alias: string | null; evm_address: string }> };
    const aliases = page.accounts.filter((a) => a.alias !== null).slice(0, 5).map((a) => a.alias!);
    const evm = page.accounts.slice(0, 5).map((a) => a.evm_address);
    // Only the transactions followed since the sync began are stored, not an account's whole history: the account alone is compared.
    const urls = [...ids, ...aliases, ...evm].map((id) => `/api/v1/accounts/${id}?transactions=false`);
    expect(urls.length).toBeGreaterThan(25);
    expect(await compareUrls(remote, local, urls)).toEqual([]);
  });

  it('tokens: list pages and each token by id', async () => {
    const { pages, differences } = await comparePages(remote, local, TOKEN_QUERIES);
    expect(pages).toBeGreaterThan(5);
    expect(differences).toEqual([]);
    const tokens = await sample('/api/v1/tokens?limit=100', 'tokens', 'token_id', 1);
    expect(tokens.length).toBeGreaterThan(3);
    expect(await compareUrls(remote, local, tokens.map((id) => `/api/v1/tokens/${id}`))).toEqual([]);
  });

  it('contracts: list pages and each contract by id', async () => {
    const { differences } = await comparePages(remote, local, CONTRACT_QUERIES);
    expect(differences).toEqual([]);
    const contracts = await sample('/api/v1/contracts?limit=100', 'contracts', 'contract_id', 1);
    expect(contracts.length).toBeGreaterThan(0);
    expect(await compareUrls(remote, local, contracts.map((id) => `/api/v1/contracts/${id}`))).toEqual([]);
  });

  it('followed transactions: list pages under every filter, and each by id and by hash', async () => {
    const after = `timestamp=gt:${followedFrom}`;
    const page = JSON.parse((await remote(`/api/v1/transactions?${after}&limit=100`)).body) as {
      transactions: Array<{ transaction_id: string; transaction_hash: string; name: string; transfers: Array<{ account: string }> }>;
    };
    expect(page.transactions.length).toBe(100);
    const account = page.transactions[0]!.transfers[0]!.account;
    const type = page.transactions.at(-1)!.name;
    const { pages, differences } = await comparePages(remote, local, [
      `/api/v1/transactions?${after}`,
      `/api/v1/transactions?${after}&limit=100&order=asc`,
      `/api/v1/transactions?${after}&account.id=${account}`,
      `/api/v1/transactions?${after}&account.id=${account}&type=credit`,
      `/api/v1/transactions?${after}&transactiontype=${type}&limit=10`,
      `/api/v1/transactions?${after}&result=fail`,
    ]);
    expect(pages).toBeGreaterThan(10);
    expect(differences).toEqual([]);
    const ids = page.transactions.filter((_, i) => i % 4 === 0);
    const hashes = ids.map((tx) => `/api/v1/transactions/0x${Buffer.from(tx.transaction_hash, 'base64').toString('hex')}`);
    const lookups = [...ids.map((tx) => `/api/v1/transactions/${tx.transaction_id}`), ...hashes];
    // By id, a followed transaction is read through once for what the followed list leaves out
    // (its assessed custom fees), as the app does; from then on the store alone answers the same.
    const reading = new UpstreamReadThrough({ db: store.db, upstreamUrl: upstream.urls.get('mirror')!, requestsPerSecond: 0 });
    const lookingUp = injectedGet(createMirrorApi(store, defaultMirrorApiConfig, false, { readThrough: reading }));
    expect(await compareUrls(remote, lookingUp, lookups)).toEqual([]);
    reading.close();
    expect(await compareUrls(remote, local, lookups)).toEqual([]);
    for (const url of lookups) expect((await local(url)).status, url).toBe(200);
    // Before the follow began, nothing was copied: the store says so rather than guessing.
    expect((await local(`/api/v1/transactions?timestamp=lte:${followedFrom}`)).body).toBe('{"transactions":[],"links":{"next":null}}');
  });

  it("balances just before and after followed transactions, worked out back from the balance now, are the upstream's from its snapshots", async () => {
    // The upstream is a demo ledger with balance snapshots, which the sync does not copy: the app
    // counts the upstream's answer forwards from a snapshot, and the synced store's backwards from now.
    expect(followed).toEqual({ since: followedFrom, through: expect.any(String) });
    const page = JSON.parse((await remote(`/api/v1/transactions?timestamp=gt:${followedFrom}&limit=100&order=asc`)).body) as {
      transactions: Array<{ consensus_timestamp: string; transfers: Array<{ account: string }>; token_transfers: Array<{ account: string; token_id: string }> }>;
    };
    let checked = 0;
    let tokens = 0;
    for (const tx of page.transactions.filter((_, i) => i % 6 === 0)) {
      const lines: Array<[string, Asset]> = [
        ...tx.transfers.map((t): [string, Asset] => [t.account, HBAR]),
        ...tx.token_transfers.map((t): [string, Asset] => [t.account, { kind: 'token', token: t.token_id }]),
      ];
      const at = timestampToNanos(tx.consensus_timestamp)!;
      for (const [account, asset] of lines) {
        for (const moment of [nanosToTimestamp(at - 1n)!, tx.consensus_timestamp]) {
          const fromSnapshot = await balanceAt(reader(remote), account, asset, moment, { maxPages: 100 });
          const fromNow = await balanceAt(reader(local), account, asset, moment, { maxPages: 100, followed });
          expect(fromSnapshot).toMatchObject({ kind: 'known', value: { from: 'snapshot' } });
          expect(fromNow, `${account} ${JSON.stringify(asset)} at ${moment}`).toMatchObject({ kind: 'known', value: { from: 'now', balance: (fromSnapshot as { value: { balance: bigint } }).value.balance } });
          checked++;
          if (asset.kind === 'token') tokens++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(tokens).toBeGreaterThan(0);
    // Before following began the synced store has no history to count back through.
    expect(await balanceAt(reader(local), page.transactions[0]!.transfers[0]!.account, HBAR, followedFrom.replace(/^\d+/, (s) => String(Number(s) - 60)), { followed }))
      .toEqual({ kind: 'before-following', since: followedFrom });
  });

  it("an account's older history, fetched on request, completes its transaction list and its balances at earlier moments", async () => {
    // An account with a few hundred transfers, most of them before following began: pages of 100, one per fetch.
    const upstreamDb = new Database(path.join(dir, 'upstream', 'demo.sqlite'), { readonly: true });
    const { id } = upstreamDb.prepare(`SELECT entity_id AS id FROM crypto_transfer WHERE entity_id > 1000 GROUP BY entity_id
      HAVING count(*) BETWEEN 150 AND 400 ORDER BY entity_id LIMIT 1`).get() as { id: number };
    upstreamDb.close();
    const account = `0.0.${id}`;
    const history = new AccountHistoryFetcher({ db: store.db, upstreamUrl: upstream.urls.get('mirror')!, limiter: new RateLimiter(0), pagesPerFetch: 1 });
    expect(history.held(account)).toEqual({ account, heldSince: followedFrom, complete: false, keptFrom: null, retentionReached: false, fetched: 0 });

    const first = await history.fetch(account);
    expect(first).toMatchObject({ account, complete: false, fetched: 100 });
    // Everything after the point reached is held, page for page as the upstream lists it.
    expect((await comparePages(remote, local, [`/api/v1/transactions?account.id=${account}&timestamp=gt:${first.heldSince}&limit=100`])).differences).toEqual([]);
    let last = first;
    for (let i = 0; i < 10 && !last.complete; i++) last = await history.fetch(account);
    expect(last).toMatchObject({ account, heldSince: '0.000000000', complete: true });
    expect(await history.fetch(account)).toMatchObject({ complete: true, fetched: 0 });
    const { pages, differences } = await comparePages(remote, local, [`/api/v1/transactions?account.id=${account}`, `/api/v1/transactions?account.id=${account}&order=asc&limit=100`]);
    expect(pages).toBeGreaterThan(3);
    expect(differences).toEqual([]);

    // Its balance at any moment now works out back from now, as the upstream's from its snapshots.
    const listed = JSON.parse((await remote(`/api/v1/transactions?account.id=${account}&timestamp=lte:${followedFrom}&limit=100`)).body) as { transactions: Array<{ consensus_timestamp: string }> };
    const moments = listed.transactions.filter((_, i) => i % 15 === 0).map((tx) => nanosToTimestamp(timestampToNanos(tx.consensus_timestamp)! - 1n)!);
    expect(moments.length).toBeGreaterThan(3);
    for (const moment of moments) {
      const fromSnapshot = await balanceAt(reader(remote), account, HBAR, moment, { maxPages: 100 });
      const fromNow = await balanceAt(reader(local), account, HBAR, moment, { maxPages: 100, followed: { since: last.heldSince!, through: followed!.through } });
      expect(fromNow, `${account} at ${moment}`).toMatchObject({ kind: 'known', value: { from: 'now', balance: (fromSnapshot as { value: { balance: bigint } }).value.balance } });
    }
  });

  it("a contract result from before following began is the upstream's answer, kept and served again offline", async () => {
    const ids: string[] = [];
    for (const type of ['CONTRACTCALL', 'CONTRACTCREATEINSTANCE', 'ETHEREUMTRANSACTION']) {
      const listed = JSON.parse((await remote(`/api/v1/transactions?transactiontype=${type}&result=success&timestamp=lte:${followedFrom}&limit=2`)).body) as { transactions: Array<{ transaction_id: string }> };
      ids.push(...listed.transactions.map((tx) => tx.transaction_id));
    }
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const hashes: string[] = [];
    for (const id of ids) hashes.push((JSON.parse((await remote(`/api/v1/contracts/results/${id}`)).body) as { hash: string }).hash);
    const urls = [...ids.map((id) => `/api/v1/contracts/results/${id}`), `/api/v1/contracts/results/${ids[0]}?nonce=0`, ...hashes.map((hash) => `/api/v1/contracts/results/${hash}`)];
    for (const url of urls) expect((await local(url)).status, `${url} is not in the synced store itself`).toBe(404);
    // What the upstream has not got is not found.
    const online = servedReadingThrough('upstream');
    expect((await online.get(`/api/v1/contracts/results/${ids[0]}?nonce=7`)).status).toBe(404);
    online.close();
    // The upstream gone: what was asked for before is answered from the store; anything else is
    // unavailable (503), not "not found": the store cannot tell.
    const offline = await upstreamsAnswersServedOnlineAndOffline(urls);
    const servedOffline = offline.get;
    expect(await servedOffline(`/api/v1/contracts/results/${ids[0]}?nonce=1`)).toMatchObject({
      status: 503, body: JSON.stringify({ _status: { messages: [{ message: unreachableMessage('whole contract results (state changes, actions, opcode traces), only the fields its results lists show') }] } }),
    });
    // Only a transaction's result is taken from the upstream, never a path of another shape.
    expect(await offline.readThrough.upstreamAnswer('/api/v1/accounts/0.0.2')).toEqual({ kind: 'absent' });
    offline.close();
  });

  it('topics: each by id read through, the messages sent since following began followed, an older one by itself the upstream\'s', async () => {
    const online = servedReadingThrough('upstream');
    const served = online.get;
    const created = JSON.parse((await remote('/api/v1/transactions?transactiontype=CONSENSUSCREATETOPIC&limit=25')).body) as { transactions: Array<{ entity_id: string }> };
    const topics = [...new Set(created.transactions.map((tx) => tx.entity_id))];
    expect(topics.length).toBeGreaterThan(3);
    expect(await compareUrls(remote, served, topics.map((id) => `/api/v1/topics/${id}`))).toEqual([]);
    online.close();

    // Messages: those sent to the topics opened here are stored, page for page as the upstream lists them after
    // following began. Another topic's are not read at all (the list of them is the upstream's, below).
    expect(openedTopics.length).toBeGreaterThan(0);
    const busy = openedTopics;
    const unopened = `/api/v1/topics/${unopenedTopic}/messages?timestamp=gt:${followedFrom}`;
    expect(JSON.parse((await remote(unopened)).body).messages.length).toBeGreaterThan(0);
    expect(JSON.parse((await local(unopened)).body).messages).toEqual([]);
    const { pages, differences } = await comparePages(remote, local, busy.flatMap((topic) => [
      `/api/v1/topics/${topic}/messages?timestamp=gt:${followedFrom}`,
      `/api/v1/topics/${topic}/messages?timestamp=gt:${followedFrom}&order=desc&limit=2`,
    ]));
    expect(pages).toBeGreaterThanOrEqual(busy.length * 2);
    expect(differences).toEqual([]);
    // One sent before following began is not in the store; by its sequence number or timestamp it is the upstream's.
    const older: string[] = [];
    const withOlder: string[] = [];
    for (const topic of busy) {
      const before = JSON.parse((await remote(`/api/v1/topics/${topic}/messages?timestamp=lte:${followedFrom}&order=desc&limit=1`)).body) as {
        messages: Array<{ sequence_number: number; consensus_timestamp: string }>;
      };
      const message = before.messages[0];
      if (!message) continue;
      withOlder.push(topic);
      older.push(`/api/v1/topics/${topic}/messages/${message.sequence_number}`, `/api/v1/topics/messages/${message.consensus_timestamp}`);
    }
    expect(older.length).toBeGreaterThan(0);
    for (const url of older) expect((await local(url)).status, url).toBe(404);
    // A topic's whole list, older messages included, is the upstream's; offline, the last answer, or else what the store holds.
    const lists = withOlder.flatMap((topic) => [`/api/v1/topics/${topic}/messages`, `/api/v1/topics/${topic}/messages?order=desc&limit=3`]);
    expect((await local(lists[0]!)).body).not.toBe((await remote(lists[0]!)).body);
    const offline = await upstreamsAnswersServedOnlineAndOffline([...older, ...lists]);
    const unasked = `/api/v1/topics/${busy[0]}/messages?timestamp=gt:${followedFrom}&limit=1`;
    expect(await offline.get(unasked)).toEqual(await local(unasked));
    // An older message never asked for is unavailable offline, not "not found": the store cannot tell.
    const earlier = older.map((url) => /^(.*\/messages\/)(\d+)$/.exec(url)).find((match) => match !== null && Number(match[2]) > 1)!;
    expect(await offline.get(`${earlier[1]}${Number(earlier[2]) - 1}`)).toMatchObject({
      status: 503, body: JSON.stringify({ _status: { messages: [{ message: unreachableMessage('this topic message') }] } }),
    });
    offline.close();
  });

  it("a topic's older messages, fetched on request, complete its list, which then answers whole offline", async () => {
    // The opened topic with the most messages from before following began: several pages of 100, one per fetch.
    const olderCounts = await Promise.all(openedTopics.map(async (topic) => {
      const before = JSON.parse((await remote(`/api/v1/topics/${topic}/messages?timestamp=lte:${followedFrom}&order=desc&limit=1`)).body) as { messages: Array<{ sequence_number: number }> };
      return { topic, older: before.messages[0]?.sequence_number ?? 0 };
    }));
    const { topic, older } = olderCounts.reduce((a, b) => (b.older > a.older ? b : a));
    expect(older).toBeGreaterThan(100);
    const firstFollowed = (JSON.parse((await remote(`/api/v1/topics/${topic}/messages?timestamp=gt:${followedFrom}&limit=1`)).body) as {
      messages: Array<{ sequence_number: number; consensus_timestamp: string }>;
    }).messages[0]!;
    const history = new TopicHistoryFetcher({ db: store.db, upstreamUrl: upstream.urls.get('mirror')!, limiter: new RateLimiter(0), pagesPerFetch: 1 });
    expect(history.held(topic)).toEqual({
      topic, heldFrom: { sequenceNumber: firstFollowed.sequence_number, consensusTimestamp: firstFollowed.consensus_timestamp }, complete: false, keptFrom: null, retentionReached: false, fetched: 0,
    });
    const whole = [`/api/v1/topics/${topic}/messages?limit=100`, `/api/v1/topics/${topic}/messages?order=desc&limit=100`];
    expect((await comparePages(remote, local, whole)).differences).not.toEqual([]);

    const first = await history.fetch(topic);
    expect(first).toMatchObject({ topic, complete: false, fetched: 100, heldFrom: { sequenceNumber: firstFollowed.sequence_number - 100 } });
    let last = first;
    for (let i = 0; i < 50 && !last.complete; i++) last = await history.fetch(topic);
    expect(last).toMatchObject({ topic, heldFrom: { sequenceNumber: 1 }, complete: true });
    expect(await history.fetch(topic)).toMatchObject({ complete: true, fetched: 0 });
    const { pages, differences } = await comparePages(remote, local, whole);
    expect(pages).toBeGreaterThan(2);
    expect(differences).toEqual([]);
    // Offline, a page of it nobody asked for before is the store's, and whole.
    const offline = servedReadingThrough('nowhere');
    expect(await compareUrls(remote, offline.get, [`/api/v1/topics/${topic}/messages?sequencenumber=gt:37&limit=9`])).toEqual([]);
    offline.close();

    // A gap in what is held (a stretch the store lacks): the newer run counts, and fetching fills the gap.
    store.db.prepare('DELETE FROM topic_message WHERE topic_id = ? AND sequence_number BETWEEN 40 AND 59').run(Number(topic.split('.')[2]));
    expect(history.held(topic)).toMatchObject({ heldFrom: { sequenceNumber: 60 }, complete: false });
    expect(await history.fetch(topic)).toMatchObject({ heldFrom: { sequenceNumber: 1 }, complete: true, fetched: 59 });
    expect((await comparePages(remote, local, whole)).differences).toEqual([]);

    // A topic the store does not hold is not fetched: its new messages would not be kept.
    const unheld = '0.0.987654';
    expect(store.db.prepare('SELECT count(*) FROM topic WHERE id = 987654').pluck().get()).toBe(0);
    await expect(history.fetch(unheld)).rejects.toThrow(`topic ${unheld} is not held here`);
    history.close();
  });

  it('schedules: those the followed transactions created or signed stored, every other read through', async () => {
    const schedulesAfter = async (type: string) => (JSON.parse((await remote(`/api/v1/transactions?transactiontype=${type}&timestamp=gt:${followedFrom}&limit=100`)).body) as {
      transactions: Array<{ entity_id: string }>;
    }).transactions.map((tx) => tx.entity_id);
    const followedIds = new Set([...await schedulesAfter('SCHEDULECREATE'), ...await schedulesAfter('SCHEDULESIGN'), ...await schedulesAfter('SCHEDULEDELETE')]);
    expect(followedIds.size).toBeGreaterThan(0);
    const urls = (ids: Iterable<string>) => [...ids].map((id) => `/api/v1/schedules/${id}`);
    expect(await compareUrls(remote, local, urls(followedIds))).toEqual([]);

    const all = (JSON.parse((await remote('/api/v1/schedules?limit=100')).body) as { schedules: Array<{ schedule_id: string }> }).schedules.map((s) => s.schedule_id);
    const older = all.filter((id) => !followedIds.has(id));
    expect(older.length).toBeGreaterThan(3);
    for (const url of urls(older)) expect((await local(url)).status, url).toBe(404);
    // The list holds only those here; read through, it is the upstream's whole list.
    expect((await local('/api/v1/schedules')).body).not.toBe((await remote('/api/v1/schedules')).body);
    const lists = ['/api/v1/schedules', '/api/v1/schedules?order=desc&limit=3', '/api/v1/schedules?account.id=gte:0.0.1000'];
    (await upstreamsAnswersServedOnlineAndOffline([...urls(all), ...lists])).close();
  });

  it('contract results and logs of followed transactions: every list the upstream\'s, page for page; one result whole only ever the upstream\'s', async () => {
    const after = `timestamp=gt:${followedFrom}`;
    const listed = JSON.parse((await remote(`/api/v1/contracts/results?${after}&internal=true&limit=100`)).body) as {
      results: Array<{ contract_id: string; from: string; block_number: number; type: number | null; hash: string; timestamp: string }>;
    };
    // The window holds what the rows must carry: Ethereum transactions, logs, several contracts and blocks.
    expect(listed.results.some((r) => r.type !== null)).toBe(true);
    const logged = JSON.parse((await remote(`/api/v1/contracts/results/logs?${after}&limit=100`)).body) as { logs: unknown[] };
    expect(logged.logs.length).toBeGreaterThan(3);
    const contracts = [...new Set(listed.results.map((r) => r.contract_id))];
    expect(contracts.length).toBeGreaterThan(2);
    const first = listed.results.at(-1)!;
    const { pages, differences } = await comparePages(remote, local, [
      `/api/v1/contracts/results?${after}`,
      `/api/v1/contracts/results?${after}&order=asc&limit=3`,
      `/api/v1/contracts/results?${after}&internal=true&hbar=false&limit=4`,
      `/api/v1/contracts/results?${after}&from=${first.from}`,
      `/api/v1/contracts/results?${after}&block.number=${first.block_number}`,
      `/api/v1/contracts/results/logs?${after}`,
      `/api/v1/contracts/results/logs?${after}&order=asc&limit=4`,
      ...contracts.flatMap((id) => [`/api/v1/contracts/${id}/results?${after}`, `/api/v1/contracts/${id}/results/logs?${after}&limit=2`]),
    ]);
    expect(pages).toBeGreaterThan(contracts.length * 2 + 7);
    expect(differences).toEqual([]);

    // One result by transaction hash or by contract and timestamp: the store holds its list row, not its state
    // changes, so it is the upstream's (kept) answer; with the upstream gone and nothing kept, unavailable rather than partial.
    const single = [
      `/api/v1/contracts/results/${first.hash}`, `/api/v1/contracts/${first.contract_id}/results/${first.timestamp}`,
      `/api/v1/contracts/results/${first.hash}/actions`, `/api/v1/contracts/results/${first.hash}/opcodes?memory=true`,
    ];
    // Held rows alone would answer these partly (no state changes, no actions, a replay over storage the store lacks).
    expect((await local(single[0]!)).status).not.toBe(404);
    expect((await local(single[2]!)).body).not.toBe((await remote(single[2]!)).body);
    const offline = await upstreamsAnswersServedOnlineAndOffline(single);
    const servedOffline = offline.get;
    const other = listed.results.find((r) => r.hash !== first.hash)!;
    expect((await servedOffline(`/api/v1/contracts/results/${other.hash}`)).status).toBe(503);
    expect((await servedOffline(`/api/v1/contracts/results/${other.hash}/opcodes`)).status).toBe(503);
    expect((await servedOffline(`/api/v1/contracts/${other.contract_id}/results/${other.timestamp}`)).status).toBe(503);
    expect((await servedOffline(`/api/v1/contracts/results/${other.hash}?nonce=x`)).status).toBe(400);
    offline.close();
  });

  it("a contract's storage and read-only calls, which a synced store cannot answer, are the upstream's as they are now", async () => {
    const contracts = (JSON.parse((await remote('/api/v1/contracts?limit=3')).body) as { contracts: Array<{ contract_id: string; evm_address: string }> }).contracts;
    const stateUrls = contracts.flatMap(({ contract_id: id }) => [`/api/v1/contracts/${id}/state`, `/api/v1/contracts/${id}/state?limit=2&order=desc`]);
    // The store itself has the contracts' code, not their storage.
    expect(JSON.parse((await local(stateUrls[0]!)).body)).toEqual({ state: [], links: { next: null } });
    expect(JSON.parse((await remote(stateUrls[0]!)).body).state.length).toBeGreaterThan(0);
    const call = (api: MirrorApi, body: unknown) => api.server.inject({ method: 'POST', url: '/api/v1/contracts/call', payload: body as object })
      .then((reply) => ({ status: reply.statusCode, body: reply.body }));
    // totalSupply() and name() read storage; a call to an address with no code, and an invalid one.
    const calls: unknown[] = [
      ...contracts.flatMap(({ evm_address: to }) => [{ to, data: '0x18160ddd' }, { to, data: '0x06fdde03' }, { to, data: '0x18160ddd', estimate: true }]),
      { to: `0x${'ab'.repeat(20)}`, data: '0x18160ddd' },
    ];
    const upstreamApi = { server: { inject: async (request: { url: string; payload: object }) => {
      const response = await fetch(`${upstream.urls.get('mirror')!}${request.url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.payload) });
      return { statusCode: response.status, body: await response.text() };
    } } } as unknown as MirrorApi;

    const online = servedReadingThrough('upstream');
    const servedApi = online.api;
    expect(await compareUrls(remote, online.get, stateUrls)).toEqual([]);
    for (const body of calls) expect(await call(servedApi, body), JSON.stringify(body)).toEqual(await call(upstreamApi, body));
    expect((await call(servedApi, { to: 'nope' })).status).toBe(400);
    // Live answers: sent `no-store`, so not kept by the response cache either.
    expect((await servedApi.server.inject({ url: stateUrls[0]! })).headers['cache-control']).toBe('no-store');
    online.close();

    const offline = servedReadingThrough('nowhere');
    const offlineApi = offline.api;
    const unreachable = { status: 503, body: JSON.stringify({ _status: { messages: [{ message: unreachableMessage('contract storage') }] } }) };
    expect(await call(offlineApi, calls[0])).toEqual(unreachable);
    expect(await offline.get(stateUrls[0]!)).toMatchObject(unreachable);
    offline.close();
  });

  it("the network's nodes, stake, exchange rate and fees are the upstream's, the last answers remembered for offline", async () => {
    const urls = ['/api/v1/network/nodes', '/api/v1/network/nodes?limit=2&order=desc', '/api/v1/network/stake', '/api/v1/network/exchangerate', '/api/v1/network/fees',
      '/api/v1/network/registered-nodes'];
    // The store itself holds no address book, stake or system files.
    for (const url of urls) expect((await local(url)).body, url).not.toBe((await remote(url)).body);
    const offline = await upstreamsAnswersServedOnlineAndOffline(urls);
    const servedOffline = offline.get;
    expect(await servedOffline('/api/v1/network/nodes?limit=1')).toMatchObject({
      status: 503, body: JSON.stringify({ _status: { messages: [{ message: unreachableMessage("the network's nodes, stake, exchange rate and fees") }] } }),
    });
    offline.close();
  });

  it("NFTs, allowances, airdrops, staking rewards, hooks and token relationships, which the sync does not copy, are the upstream's", async () => {
    const json = async <T>(url: string) => JSON.parse((await remote(url)).body) as T;
    const nftToken = (await json<{ tokens: Array<{ token_id: string }> }>('/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=1')).tokens[0]!.token_id;
    const nft = (await json<{ nfts: Array<{ account_id: string; serial_number: number }> }>(`/api/v1/tokens/${nftToken}/nfts?limit=25`)).nfts.find((n) => n.account_id !== null)!;
    const accounts = (await json<{ accounts: Array<{ account: string }> }>('/api/v1/accounts?limit=100&order=desc')).accounts.map((a) => a.account);
    const having = async (list: string, suffix: string, candidates = accounts) => {
      for (const account of candidates) if ((await json<Record<string, unknown[]>>(`/api/v1/accounts/${account}/${suffix}`))[list]!.length > 0) return account;
      throw new Error(`no account among ${candidates.length} with ${suffix}`);
    };
    // Airdrops come from token treasuries.
    const tokens = (await json<{ tokens: Array<{ token_id: string }> }>('/api/v1/tokens?limit=100')).tokens;
    const treasuries = [...new Set(await Promise.all(tokens.map(async ({ token_id: id }) => (await json<{ treasury_account_id: string }>(`/api/v1/tokens/${id}`)).treasury_account_id)))];
    const sender = await having('airdrops', 'airdrops/outstanding', treasuries);
    const receiver = (await json<{ airdrops: Array<{ receiver_id: string }> }>(`/api/v1/accounts/${sender}/airdrops/outstanding`)).airdrops[0]!.receiver_id;
    const urls = [
      `/api/v1/tokens/${nftToken}/nfts`, `/api/v1/tokens/${nftToken}/nfts?limit=2&order=asc`, `/api/v1/tokens/${nftToken}/nfts/${nft.serial_number}`,
      `/api/v1/tokens/${nftToken}/nfts/${nft.serial_number}/transactions`, `/api/v1/accounts/${nft.account_id}/nfts`,
      `/api/v1/accounts/${await having('allowances', 'allowances/crypto')}/allowances/crypto`,
      `/api/v1/accounts/${await having('allowances', 'allowances/tokens')}/allowances/tokens`,
      `/api/v1/accounts/${await having('rewards', 'rewards')}/rewards`,
      `/api/v1/accounts/${await having('tokens', 'tokens')}/tokens`,
      `/api/v1/accounts/${nft.account_id}/hooks`,
      `/api/v1/accounts/${await having('allowances', 'allowances/nfts')}/allowances/nfts`,
      `/api/v1/accounts/${sender}/airdrops/outstanding`, `/api/v1/accounts/${receiver}/airdrops/pending`,
    ];
    // The store itself answers NFTs, allowances, airdrops and token relationships emptily or in part. (Rewards
    // and hooks may agree by chance: the rewards paid since following began, no hooks at all.)
    const same: string[] = [];
    for (const url of urls.filter((u) => !/\/(rewards|hooks)$/.test(u))) if ((await local(url)).body === (await remote(url)).body) same.push(url);
    expect(same).toEqual([]);
    // Offline: what was asked for before is remembered; an account's token balances fall back to the store's.
    const offline = await upstreamsAnswersServedOnlineAndOffline(urls);
    const servedOffline = offline.get;
    expect((await servedOffline(`/api/v1/accounts/${nft.account_id}/nfts?limit=1`)).status).toBe(503);
    expect(await servedOffline(`/api/v1/accounts/${nft.account_id}/tokens?limit=1`)).toEqual(await local(`/api/v1/accounts/${nft.account_id}/tokens?limit=1`));
    offline.close();
  });
});
