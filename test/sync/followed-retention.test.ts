import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { formatTimestamp } from '../../main/mirror/format/timestamp.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { storeReusableBytes } from '../../main/mirror/store/store-size.ts';
import { AccountHistoryFetcher } from '../../main/sync/account-history.ts';
import { AccountWriter } from '../../main/sync/account-writer.ts';
import { RateLimiter } from '../../main/sync/rate-limiter.ts';
import { FollowedRetention } from '../../main/sync/followed-retention.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { TopicHistoryFetcher } from '../../main/sync/topic-history.ts';
import { UpstreamReadThrough } from '../../main/sync/upstream-read-through.ts';
import { startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { tempStore } from '../helpers/ledger-fixture.ts';
import { followedDemoLedger } from '../helpers/followed-demo-ledger.ts';
import { comparePages, httpGet, injectedGet, type Get } from './compare-mirrors.ts';
import { startUntilCaughtUp } from './caught-up.ts';

const DAY = 86_400n * 1_000_000_000n;
/** Every table holding rows of a transaction (a topic message too), by its consensus timestamp (named here, not taken from the code under test). */
const TRANSACTION_TABLES = ['"transaction"', 'crypto_transfer', 'token_transfer', 'nft_transfer', 'staking_reward_transfer', 'transaction_hash',
  'assessed_custom_fee', 'contract_result', 'ethereum_transaction', 'contract_log', 'topic_message'];

describe('pruning the followed transactions a store no longer keeps', () => {
  // A generated demo ledger stands in for a synced store that followed its whole history.
  const fixture = tempStore();
  const { db } = fixture.store;
  const count = (sql: string, ...params: unknown[]) => Number(db.prepare(sql).pluck().get(...params));
  let oldest = 0n;
  let newest = 0n;
  beforeAll(() => {
    ({ oldest, newest } = followedDemoLedger(fixture.store, 1200));
  }, 60_000);
  afterAll(() => fixture.dispose());

  it('deletes what is older than the days kept, in batches, and leaves everything newer answering as before', async () => {
    // Days that put the cutoff about halfway through the ledger's history.
    const days = Number((newest - oldest) / DAY / 2n);
    const cutoff = newest - BigInt(days) * DAY;
    const older = count('SELECT count(*) FROM "transaction" WHERE consensus_timestamp < ?', cutoff);
    expect(older).toBeGreaterThan(1000);
    expect(count('SELECT count(*) FROM "transaction" WHERE consensus_timestamp >= ?', cutoff)).toBeGreaterThan(1000);
    const newer = Object.fromEntries(TRANSACTION_TABLES.map((table) => [table, count(`SELECT count(*) FROM ${table} WHERE consensus_timestamp >= ?`, cutoff)]));
    const untouched = () => ({
      topics: count('SELECT count(*) FROM topic'),
      entities: count('SELECT count(*) FROM entity'),
      tokenHoldings: count('SELECT count(*) FROM token_account'),
    });
    const before = untouched();
    // The store as it was, to compare answers with: a copy of the file.
    db.pragma('wal_checkpoint(TRUNCATE)');
    const copyFile = path.join(fixture.dir, 'before.sqlite');
    fs.copyFileSync(db.name, copyFile);
    const copy = new LedgerStore({ file: copyFile });
    // Fetched histories: one reaching back past the cutoff (all of it), one that does not.
    db.prepare('INSERT INTO account_history (account_id, held_since, next_url, complete, updated_at) VALUES (?, ?, ?, ?, 0)').run(1001, '0.000000000', null, 1);
    db.prepare('INSERT INTO account_history (account_id, held_since, next_url, complete, updated_at) VALUES (?, ?, ?, ?, 0)').run(1002, formatTimestamp(cutoff + DAY), '/api/v1/transactions?account.id=0.0.1002', 0);

    const retention = new FollowedRetention(db, { batch: 500 });
    expect(retention.keepDays()).toBeNull();
    expect(await retention.prune()).toEqual({ transactions: 0, before: null });
    retention.setKeepDays(days);
    expect(new FollowedRetention(db).keepDays()).toBe(days);
    expect(await retention.prune()).toEqual({ transactions: older, before: formatTimestamp(cutoff) });

    for (const table of TRANSACTION_TABLES) {
      expect(count(`SELECT count(*) FROM ${table} WHERE consensus_timestamp < ?`, cutoff), table).toBe(0);
      expect(count(`SELECT count(*) FROM ${table} WHERE consensus_timestamp >= ?`, cutoff), table).toBe(newer[table]);
    }
    expect(count('SELECT count(*) FROM record_file WHERE consensus_end < ?', cutoff)).toBe(0);
    expect(untouched()).toEqual(before);
    // The room the deleted rows took stays in the file, to be filled again.
    expect(storeReusableBytes(db)).toBeGreaterThan(100_000);
    expect(retention.heldSince()).toBe(formatTimestamp(cutoff - 1n));
    // The account whose whole history was held now holds all from the cutoff on; the other is as it was.
    expect(db.prepare('SELECT account_id, held_since, next_url, complete FROM account_history ORDER BY account_id').all()).toEqual([
      { account_id: 1001, held_since: formatTimestamp(cutoff - 1n), next_url: null, complete: 0 },
      { account_id: 1002, held_since: formatTimestamp(cutoff + DAY), next_url: '/api/v1/transactions?account.id=0.0.1002', complete: 0 },
    ]);

    const after = formatTimestamp(cutoff);
    const { pages, differences } = await comparePages(injectedGet(createMirrorApi(copy, defaultMirrorApiConfig, false)), injectedGet(createMirrorApi(fixture.store, defaultMirrorApiConfig, false)), [
      `/api/v1/transactions?timestamp=gte:${after}&limit=100`,
      `/api/v1/transactions?timestamp=gte:${after}&limit=100&order=asc&transactiontype=CRYPTOTRANSFER`,
      `/api/v1/contracts/results?timestamp=gte:${after}&limit=100`,
      `/api/v1/contracts/results/logs?timestamp=gte:${after}&limit=100`,
      ...(db.prepare('SELECT DISTINCT topic_id FROM topic_message').pluck().all() as number[]).map((topic) => `/api/v1/topics/0.0.${topic}/messages?timestamp=gte:${after}&limit=100`),
    ]);
    expect(pages).toBeGreaterThan(10);
    expect(differences).toEqual([]);
    copy.close();
    // Nothing more to delete until following moves on.
    expect(await retention.prune()).toEqual({ transactions: 0, before: formatTimestamp(cutoff) });
    expect(() => retention.setKeepDays(0)).toThrow(RangeError);
    expect(() => retention.setKeepDays(2.5)).toThrow(RangeError);
  });

  it('stops between batches when told to, and a sync engine closing stops the prune it was asked for', async () => {
    // A quarter of what is left falls out of the days kept now.
    const left = db.prepare('SELECT min(consensus_timestamp) FROM "transaction"').safeIntegers(true).pluck().get() as bigint;
    const days = Number((newest - left) / DAY * 3n / 4n);
    const retention = new FollowedRetention(db, { batch: 100 });
    retention.setKeepDays(days);
    const older = count('SELECT count(*) FROM "transaction" WHERE consensus_timestamp < ?', retention.cutoff());
    expect(older).toBeGreaterThan(300);
    const stop = new AbortController();
    const pruning = retention.prune(stop.signal);
    stop.abort();
    expect((await pruning).transactions).toBe(100);
    // The boundary was written first: the store vouches for nothing it no longer has.
    expect(retention.heldSince()).toBe(formatTimestamp(retention.cutoff()! - 1n));

    const engine = new SyncEngine({ profile: 'closing', db, upstreamUrl: 'http://127.0.0.1:9', requestsPerSecond: 0 });
    const kept = engine.keepDays(days);
    await engine.close();
    await kept;
    // The close came before the prune's first batch: it deleted nothing more, and the store is open and whole.
    expect(count('SELECT count(*) FROM "transaction" WHERE consensus_timestamp < ?', retention.cutoff())).toBe(older - 100);
    expect(count('SELECT count(*) FROM "transaction" WHERE consensus_timestamp >= ?', retention.cutoff())).toBeGreaterThan(0);
    expect(await retention.prune()).toEqual({ transactions: older - 100, before: formatTimestamp(retention.cutoff()) });
  });
});

/** The first of `ids` for which the upstream lists anything at `url(id)`. */
async function firstListed(remote: Get, ids: Iterable<string>, url: (id: string) => string, list: string): Promise<string | undefined> {
  for (const id of ids) {
    const body = JSON.parse((await remote(url(id))).body) as Record<string, unknown[]>;
    if (body[list]!.length > 0) return id;
  }
  return undefined;
}

describe('a sync keeping only some days', () => {
  // The upstream is a real second Mirrordesk serving its demo ledger on loopback.
  let upstream: ServeProcess;
  const local = tempStore();
  beforeAll(async () => {
    upstream = await startServe(['--data-dir', path.join(local.dir, 'upstream'), '--demo-accounts', '1500']);
    await waitForDemoReady(upstream.urls.get('ui')!);
  }, 60_000);
  afterAll(async () => {
    await upstream?.stop();
    local.dispose();
  });

  it('deletes as it follows what falls out of the days kept, and says from when it holds every transaction', async () => {
    const remote = httpGet(upstream.urls.get('mirror')!);
    const newest = (JSON.parse((await remote('/api/v1/transactions?limit=1')).body) as { transactions: Array<{ consensus_timestamp: string }> }).transactions[0]!.consensus_timestamp;
    const seconds = BigInt(newest.split('.')[0]!);
    // Following began ten days of ledger time back; the store keeps three of them (a setting kept in the store).
    const since = `${seconds - 10n * 86_400n}.000000000`;
    const { db } = local.store;
    new AccountWriter(db).cursors.put({ phase: 'transactions', nextUrl: null, items: 0, passes: 0, mark: since, since });
    for (const phase of ['accounts', 'tokens', 'contracts'] as const) new AccountWriter(db).cursors.put({ phase, nextUrl: null, items: 0, passes: 1, mark: null });
    new FollowedRetention(db).setKeepDays(3);
    const statuses: SyncStatus[] = [];
    const engine = new SyncEngine({ profile: 'kept', db, upstreamUrl: upstream.urls.get('mirror')!, requestsPerSecond: 0, followIntervalMs: 60_000, onStatus: (s) => statuses.push(s) });
    await startUntilCaughtUp(engine);
    const status = engine.status();
    await engine.close();

    const followed = JSON.parse((await remote(`/api/v1/transactions?timestamp=gt:${since}&limit=100`)).body) as { transactions: unknown[] };
    expect(followed.transactions.length).toBeGreaterThan(20);
    expect(status.keepDays).toBe(3);
    expect(status.storeBytes).toBeGreaterThan(0);
    // Held from three days before a followed transaction, not from where following began.
    const heldSince = status.followedSince!;
    expect(BigInt(heldSince.split('.')[0]!)).toBeGreaterThan(seconds - 10n * 86_400n);
    expect(BigInt(heldSince.split('.')[0]!)).toBeLessThanOrEqual(seconds - 3n * 86_400n);
    expect(Number(db.prepare('SELECT count(*) FROM "transaction" WHERE consensus_timestamp <= ?').pluck().get(BigInt(heldSince.replace('.', ''))))).toBe(0);
    // Everything after it answers as the upstream does.
    const { pages, differences } = await comparePages(remote, injectedGet(createMirrorApi(local.store, defaultMirrorApiConfig, false)), [
      `/api/v1/transactions?timestamp=gt:${heldSince}&limit=100`,
    ]);
    expect(pages).toBeGreaterThan(0);
    expect(differences).toEqual([]);
    expect(statuses.some((s) => s.followedSince === since)).toBe(true);
  }, 60_000);

  it("fetches an account's older history only as far back as the store keeps", async () => {
    const remote = httpGet(upstream.urls.get('mirror')!);
    const { db } = local.store;
    const retention = new FollowedRetention(db);
    // Thirty days kept: the store holds three days (pruned above), and an account's history may reach back 27 more.
    retention.setKeepDays(30);
    const floor = retention.cutoff()!;
    const heldSince = retention.heldSince()!;
    // An account with transactions in the window and before it.
    const inWindow = JSON.parse((await remote(`/api/v1/transactions?timestamp=gte:${formatTimestamp(floor)}&timestamp=lte:${heldSince}&transactiontype=CRYPTOTRANSFER&limit=100`)).body) as {
      transactions: Array<{ transaction_id: string }>;
    };
    const payers = new Set(inWindow.transactions.map((tx) => tx.transaction_id.split('-')[0]!));
    const account = (await firstListed(remote, payers, (id) => `/api/v1/transactions?account.id=${id}&timestamp=lt:${formatTimestamp(floor)}&limit=1`, 'transactions'))!;
    expect(account).toBeDefined();
    const history = new AccountHistoryFetcher({ db, upstreamUrl: upstream.urls.get('mirror')!, limiter: new RateLimiter(0) });
    expect(history.held(account)).toEqual({ account, heldSince, complete: false, keptFrom: formatTimestamp(floor), retentionReached: false, fetched: 0 });
    const fetched = await history.fetch(account);
    expect(fetched).toMatchObject({ account, heldSince: formatTimestamp(floor - 1n), complete: false, keptFrom: formatTimestamp(floor), retentionReached: true });
    expect(fetched.fetched).toBeGreaterThan(0);
    // Held as the upstream lists them from the floor on, and nothing older.
    const { differences } = await comparePages(remote, injectedGet(createMirrorApi(local.store, defaultMirrorApiConfig, false)), [`/api/v1/transactions?account.id=${account}&timestamp=gte:${formatTimestamp(floor)}&limit=100`]);
    expect(differences).toEqual([]);
    expect(Number(db.prepare('SELECT count(*) FROM "transaction" WHERE consensus_timestamp < ?').pluck().get(floor))).toBe(0);
    // Nothing more to fetch; and keeping fewer days again, the account holds all the store keeps at once.
    expect(await history.fetch(account)).toMatchObject({ retentionReached: true, fetched: 0 });
    retention.setKeepDays(3);
    expect(history.held(account)).toMatchObject({ complete: false, keptFrom: formatTimestamp(retention.cutoff()), retentionReached: true });
    history.close();
  }, 60_000);

  it("fetches a topic's older messages only as far back as the store keeps", async () => {
    const remote = httpGet(upstream.urls.get('mirror')!);
    const { db } = local.store;
    const retention = new FollowedRetention(db);
    retention.setKeepDays(30);
    const floor = formatTimestamp(retention.cutoff())!;
    // A topic with messages both before the floor and after it, opened here (read through).
    const sent = JSON.parse((await remote(`/api/v1/transactions?transactiontype=CONSENSUSSUBMITMESSAGE&result=success&timestamp=gte:${floor}&limit=100`)).body) as { transactions: Array<{ entity_id: string }> };
    const topics = new Set(sent.transactions.map((tx) => tx.entity_id));
    const topic = await firstListed(remote, topics, (id) => `/api/v1/topics/${id}/messages?timestamp=lt:${floor}&limit=1`, 'messages');
    expect(topic).toBeDefined();
    const opener = new UpstreamReadThrough({ db, upstreamUrl: upstream.urls.get('mirror')!, requestsPerSecond: 0 });
    expect(await opener.fetchMissing('topic', topic!)).toEqual({ kind: 'stored' });
    opener.close();
    const history = new TopicHistoryFetcher({ db, upstreamUrl: upstream.urls.get('mirror')!, limiter: new RateLimiter(0) });
    expect(history.held(topic!)).toMatchObject({ keptFrom: floor, retentionReached: false });
    const fetched = await history.fetch(topic!);
    expect(fetched).toMatchObject({ topic, complete: false, keptFrom: floor, retentionReached: true });
    expect(fetched.fetched).toBeGreaterThan(0);
    // Every message from the floor on, as the upstream lists them, and none older.
    const { differences } = await comparePages(remote, injectedGet(createMirrorApi(local.store, defaultMirrorApiConfig, false)), [`/api/v1/topics/${topic}/messages?timestamp=gte:${floor}&limit=100`]);
    expect(differences).toEqual([]);
    expect(Number(db.prepare('SELECT count(*) FROM topic_message WHERE consensus_timestamp < ?').pluck().get(retention.cutoff()))).toBe(0);
    history.close();
  }, 60_000);
});
