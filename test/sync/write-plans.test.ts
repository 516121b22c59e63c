import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { AccountHistoryFetcher } from '../../main/sync/account-history.ts';
import { FollowedRetention } from '../../main/sync/followed-retention.ts';
import { RateLimiter } from '../../main/sync/rate-limiter.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { TopicHistoryFetcher } from '../../main/sync/topic-history.ts';
import { UpstreamReadThrough } from '../../main/sync/upstream-read-through.ts';

// A statement that reads a whole ledger table costs in step with the store: run for each row a
// sync writes, it slows following down as the store grows, until it falls behind for good (the
// delete of a transaction's hash rows did, before migration 009). Every statement the sync's
// parts prepare, planned by SQLite's own EXPLAIN QUERY PLAN on a real store, finds its rows
// through a key or an index, except these, which are bounded or throttled.
const BOUNDED_SCANS: Record<string, string> = {
  'SELECT phase, next_url, items, passes, mark, since FROM sync_cursor ORDER BY phase': 'one row per sync phase',
  "SELECT count(*) FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT')": 'the accounts figure, counted at most once a second',
  'SELECT count(*) FROM upstream_answer': 'kept answers, at most 20,000',
  'SELECT account_id, held_since FROM account_history': 'accounts whose older history the user fetched, read once a prune',
  'DELETE FROM upstream_answer WHERE path IN (SELECT path FROM upstream_answer ORDER BY stored_at DESC LIMIT -1 OFFSET ?)': 'kept answers past 20,000',
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-write-plans-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every SQL text the sync engine, the read-through, the history fetchers and pruning prepare on `store`. */
function preparedBySync(store: LedgerStore): string[] {
  const prepared = new Set<string>();
  const db = new Proxy(store.db, {
    get(target, property) {
      if (property === 'prepare') return (sql: string) => { prepared.add(sql); return target.prepare(sql); };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const upstreamUrl = 'http://127.0.0.1:9';
  new SyncEngine({ profile: 'plans', db, upstreamUrl, requestsPerSecond: 0 });
  new UpstreamReadThrough({ db, upstreamUrl, requestsPerSecond: 0 }).close();
  new AccountHistoryFetcher({ db, upstreamUrl, limiter: new RateLimiter(0) }).close();
  new TopicHistoryFetcher({ db, upstreamUrl, limiter: new RateLimiter(0) }).close();
  new FollowedRetention(db);
  return [...prepared];
}

/** The tables a statement's plan reads whole. */
function scansOf(store: LedgerStore, sql: string): string[] {
  const plan = store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const names = [...sql.matchAll(/[@:$]([A-Za-z_]\w*)/g)].map((match) => match[1]!);
  const rows = (names.length > 0
    ? plan.all(Object.fromEntries(names.map((name) => [name, null])))
    : plan.all(...Array<null>((sql.match(/\?/g) ?? []).length).fill(null))) as Array<{ detail: string }>;
  return rows.map((row) => row.detail).filter((detail) => detail.startsWith('SCAN '));
}

describe("the sync's statements", () => {
  it('find their rows through keys and indexes, never by reading a ledger table whole', () => {
    const store = new LedgerStore({ file: path.join(dir, 'ledger.sqlite') });
    const statements = preparedBySync(store);
    expect(statements.length).toBeGreaterThan(50);
    const scanning = statements
      .map((sql) => ({ sql: sql.replace(/\s+/g, ' ').trim(), scans: scansOf(store, sql) }))
      .filter(({ sql, scans }) => scans.length > 0 && !(sql in BOUNDED_SCANS));
    expect(scanning).toEqual([]);
    store.close();
  });
});
