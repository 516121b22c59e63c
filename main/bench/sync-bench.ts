import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LedgerStore } from '../mirror/store/ledger-store.ts';
import { formatTimestamp } from '../mirror/format/timestamp.ts';
import { AccountWriter } from '../sync/account-writer.ts';
import type { SyncCursor } from '../sync/sync-cursor.ts';
import { FOLLOWED_TABLES } from '../sync/followed-retention.ts';
import { SyncEngine } from '../sync/sync-engine.ts';
import { prepareDataset } from './bench-dataset.ts';
import { startBenchServer } from './bench-server-process.ts';

export interface SyncBenchResult {
  accounts: number;
  following: FollowFigures;
  /** The same following into a copy of the dataset, which holds the history before those transactions. */
  followingIntoHistory: FollowFigures & { held: number };
  syncSeconds: number;
  syncAccountsPerSecond: number;
  requests: number;
  rawSeconds: number;
  rawAccountsPerSecond: number;
  rawRows: number;
  ratio: number;
}

/** The sync should reach at least this share of the raw insert rate from a local upstream. */
export const SYNC_TARGET_RATIO = 0.25;

/** Following into a store holding a long history keeps at least this share of its rate into a fresh one. */
export const FOLLOW_HISTORY_TARGET_RATIO = 0.5;

/** Accounts a public mirror node allows per second at the default rate: 20 requests of 100. */
export const POLITE_UPSTREAM_ACCOUNTS_PER_SECOND = 20 * 100;
/** The default request rate the sync keeps to (`--sync-rate`). */
export const POLITE_REQUESTS_PER_SECOND = 20;
/** The dataset's newest transactions followed once the sync has caught up, to measure following. */
const FOLLOWED_TRANSACTIONS = 5000;

export interface FollowFigures {
  transactions: number;
  seconds: number;
  /** Requests for the whole window: the transactions pages and everything each page re-fetches or reads. */
  requests: number;
}

/**
 * Syncs a demo dataset from a local upstream (the mirror API over it, in its own process) into
 * a fresh store with no rate limit, then inserts the same rows the sync stored into another
 * fresh store with plain INSERTs in transactions of one page (100 accounts) each: the raw
 * SQLite rate of the same work, measured in the same run.
 */
export async function runSyncBench(dataDir: string, accounts: number, progress: (line: string) => void): Promise<SyncBenchResult> {
  const dataset = await prepareDataset(dataDir, accounts, progress);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-bench-sync-'));
  const server = await startBenchServer(dataset.file);
  try {
    const synced = new LedgerStore({ file: path.join(work, 'synced.sqlite') });
    const engine = new SyncEngine({ profile: 'bench', db: synced.db, upstreamUrl: server.mirrorUncached, requestsPerSecond: 0, followIntervalMs: 3_600_000, log: progress });
    const started = performance.now();
    await runUntilCaughtUp(engine);
    const requests = engine.upstreamRequests;
    const syncSeconds = (performance.now() - started) / 1000;
    // Token entities are stored too (and inserted raw below); the figure counts accounts and contracts.
    const stored = (synced.db.prepare("SELECT count(*) FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT')").pluck().get() as number);
    progress(`sync: ${stored} accounts in ${syncSeconds.toFixed(1)} s`);

    const raw = rawInsert(synced.db, path.join(work, 'raw.sqlite'));
    // The crawls' cursors, done: the copy below is to follow transactions straight away, as this store does.
    const crawled = new AccountWriter(synced.db).cursors.all().filter((cursor) => cursor.phase !== 'transactions');
    const following = await measureFollowing(synced.db, dataset.file, server.mirrorUncached, progress);
    synced.close();
    const followingIntoHistory = await measureFollowingIntoHistory(dataset.file, path.join(work, 'history.sqlite'), crawled, server.mirrorUncached, progress);
    return {
      accounts: stored,
      following,
      followingIntoHistory,
      syncSeconds,
      syncAccountsPerSecond: stored / syncSeconds,
      requests,
      rawSeconds: raw.seconds,
      rawAccountsPerSecond: stored / raw.seconds,
      rawRows: raw.rows,
      ratio: (stored / syncSeconds) / (stored / raw.seconds),
    };
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Following as a sync does once caught up, over the dataset's newest transactions: the cursor is
 * set back before them and a sync run follows them to the end, storing each page's transactions
 * with the accounts, tokens, contracts, schedules, topics, messages and contract results it
 * re-fetches or reads. What it costs in requests decides how busy a network a rate-limited
 * sync keeps up with.
 */
async function measureFollowing(db: Database.Database, datasetFile: string, upstreamUrl: string, progress: (line: string) => void): Promise<FollowFigures> {
  const dataset = new Database(datasetFile, { readonly: true });
  const before = dataset.prepare('SELECT consensus_timestamp FROM "transaction" ORDER BY consensus_timestamp DESC LIMIT 1 OFFSET ?').safeIntegers(true).pluck()
    .get(FOLLOWED_TRANSACTIONS) as bigint | undefined;
  dataset.close();
  const mark = formatTimestamp(before ?? 0n)!;
  new AccountWriter(db).cursors.put({ phase: 'transactions', nextUrl: null, items: 0, passes: 0, mark, since: mark });
  const engine = new SyncEngine({ profile: 'bench-follow', db, upstreamUrl, requestsPerSecond: 0, followIntervalMs: 3_600_000 });
  const started = performance.now();
  await runUntilCaughtUp(engine);
  const seconds = (performance.now() - started) / 1000;
  const transactions = Number(db.prepare('SELECT count(*) FROM "transaction" WHERE consensus_timestamp > ?').pluck().get(before ?? 0n));
  progress(`follow: ${transactions} transactions in ${seconds.toFixed(1)} s`);
  return { transactions, seconds, requests: engine.upstreamRequests };
}

/**
 * Following as above, into a copy of the dataset itself: a store that already holds the network's
 * history, as one that has followed a busy network for long does. The transactions to follow are
 * taken out of the copy first, so each is stored anew, as a followed transaction is. Writes that
 * read a whole table show here as a rate that falls with the store's size; against following into
 * the fresh synced store, measured just before, the ratio says how much the store's size costs.
 */
async function measureFollowingIntoHistory(datasetFile: string, copy: string, crawled: SyncCursor[], upstreamUrl: string, progress: (line: string) => void): Promise<FollowFigures & { held: number }> {
  fs.copyFileSync(datasetFile, copy);
  // Opening it brings its schema up to date first (migrations), outside the timed part.
  const store = new LedgerStore({ file: copy });
  try {
    const { db } = store;
    const from = db.prepare('SELECT consensus_timestamp FROM "transaction" ORDER BY consensus_timestamp DESC LIMIT 1 OFFSET ?').safeIntegers(true).pluck()
      .get(FOLLOWED_TRANSACTIONS) as bigint;
    const cursors = new AccountWriter(db).cursors;
    db.transaction(() => {
      for (const table of FOLLOWED_TABLES) db.prepare(`DELETE FROM ${table} WHERE consensus_timestamp > ?`).run(from);
      for (const cursor of crawled) cursors.put(cursor);
    })();
    const held = Number(db.prepare('SELECT count(*) FROM "transaction"').pluck().get());
    const following = await measureFollowing(db, datasetFile, upstreamUrl, progress);
    return { ...following, held };
  } finally {
    store.close();
  }
}

/** Starts a sync run, waits until it has caught up with the upstream, and closes it. */
async function runUntilCaughtUp(engine: SyncEngine): Promise<void> {
  try {
    const caughtUp = engine.caughtUp();
    engine.start();
    await caughtUp;
  } finally {
    await engine.close();
  }
}

/** Plain INSERTs of the synced rows into a fresh store, a page of accounts per transaction. */
function rawInsert(source: Database.Database, file: string): { seconds: number; rows: number } {
  source.defaultSafeIntegers(true);
  const entities = source.prepare('SELECT * FROM entity ORDER BY id').all() as Array<Record<string, unknown>>;
  const tokens = groupBy(source.prepare('SELECT * FROM token_account ORDER BY account_id, token_id').all() as Array<Record<string, unknown>>, 'account_id');
  const stakes = groupBy(source.prepare('SELECT * FROM entity_stake ORDER BY id').all() as Array<Record<string, unknown>>, 'id');
  source.defaultSafeIntegers(false);
  const target = new LedgerStore({ file });
  const insert = (table: string, row: Record<string, unknown>) => target.db.prepare(`INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row).map((k) => `@${k}`).join(', ')})`);
  const insertEntity = entities[0] ? insert('entity', entities[0]) : null;
  const firstToken = [...tokens.values()][0]?.[0];
  const insertToken = firstToken ? insert('token_account', firstToken) : null;
  const firstStake = [...stakes.values()][0]?.[0];
  const insertStake = firstStake ? insert('entity_stake', firstStake) : null;
  let rows = 0;
  const page = target.db.transaction((batch: Array<Record<string, unknown>>) => {
    for (const entity of batch) {
      insertEntity!.run(entity);
      rows++;
      for (const token of tokens.get(String(entity.id)) ?? []) { insertToken!.run(token); rows++; }
      for (const stake of stakes.get(String(entity.id)) ?? []) { insertStake!.run(stake); rows++; }
    }
  });
  const started = performance.now();
  for (let i = 0; i < entities.length; i += 100) page(entities.slice(i, i + 100));
  const seconds = (performance.now() - started) / 1000;
  target.close();
  return { seconds, rows };
}

function groupBy(rows: Array<Record<string, unknown>>, key: string): Map<string, Array<Record<string, unknown>>> {
  const groups = new Map<string, Array<Record<string, unknown>>>();
  for (const row of rows) {
    const k = String(row[key]);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
