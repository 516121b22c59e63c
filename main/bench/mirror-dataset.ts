import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DEMO_NOW_SECONDS } from '../mirror/demo/timeline.ts';
import { LedgerStore } from '../mirror/store/ledger-store.ts';
import { MIGRATIONS } from '../mirror/store/migrations/index.ts';
import { storeFileBytes } from '../mirror/store/store-size.ts';
import { prepareDataset, type DatasetReport } from './bench-dataset.ts';
import { TransactionStream, type AccountPool } from './mirror-transactions.ts';

export interface MirrorDatasetReport {
  file: string;
  accounts: number;
  /** The accounts dataset copied for this one; null when this one was reused and it was not consulted. */
  accountsDataset: DatasetReport | null;
  /** The demo generator version of the copied accounts (from the file's own meta). */
  demoVersion: string;
  /** The total transactions: the demo generator's, topped up by the benchmark's stream. */
  transactions: number;
  /** How many of them the demo generator wrote (kept as they are). */
  demoTransactions: number;
  /** False when a complete dataset of these sizes was reused. */
  generated: boolean;
  /** Rows written across transaction, transaction_hash, crypto_transfer and token_transfer. */
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  bytes: number;
  /** The accounts the stream made hot (from the stored meta, so a reused file knows them too). */
  hotAccounts: number[];
}

const META_COMPLETE = 'bench.mirror.complete';
const META_HOT = 'bench.mirror.hot';
const META_DEMO = 'bench.mirror.demo-transactions';
/** The transactions fall in the 90 days before the demo ledger's "now". */
const SPAN_NS = 90 * 86_400 * 1e9;
const START_NS = BigInt(DEMO_NOW_SECONDS) * 1_000_000_000n - BigInt(SPAN_NS);
const CHUNK = 50_000;
const FILLED_TABLES = ['transaction', 'transaction_hash', 'crypto_transfer', 'token_transfer'];

/**
 * The mirror benchmark's dataset: a copy of the accounts dataset of the same size (which is
 * reused or made by bench-dataset.ts) topped up to `transactions` transactions, in its own
 * file keyed by both counts. Written for speed: the filled tables' secondary indexes are
 * dropped and recreated from the migrations' own statements (a sort is much faster than
 * millions of random B-tree inserts), outside WAL mode and without syncs (the file only gets
 * its final name once complete), one prepared statement per table, big transactions.
 */
export async function prepareMirrorDataset(dir: string, accounts: number, transactions: number, progress: (line: string) => void): Promise<MirrorDatasetReport> {
  const file = path.join(dir, `mirror-${accounts}-${transactions}.sqlite`);
  // A complete dataset is reused as it is, even when the demo generator has changed since:
  // its account rows are only the population the transactions draw from, and rewriting ten
  // million transactions for a new demo version would cost more than it tells.
  const existing = readMeta(file);
  if (existing) {
    return { file, accounts, accountsDataset: null, demoVersion: existing.demoVersion, transactions, demoTransactions: existing.demoTransactions, generated: false, rows: existing.rows, seconds: 0, rowsPerSecond: Number.NaN, bytes: storeFileBytes(file), hotAccounts: existing.hot };
  }
  const base = await prepareDataset(dir, accounts, progress);
  const partial = `${file}.partial`;
  for (const f of [partial, `${partial}-wal`, `${partial}-shm`, `${partial}-journal`]) fs.rmSync(f, { force: true });
  const started = performance.now();
  progress(`dataset: copying ${path.basename(base.file)}`);
  const source = new Database(base.file, { readonly: true });
  // VACUUM INTO copies what the source holds, its WAL included, as one consistent file.
  source.prepare('VACUUM INTO ?').run(partial);
  source.close();
  new LedgerStore({ file: partial }).close(); // brings the copy up to the newest schema
  const { rows, hot, demoTransactions } = writeTransactions(partial, transactions, progress);
  fs.renameSync(partial, file);
  const seconds = (performance.now() - started) / 1000;
  const demoVersion = readMeta(file)?.demoVersion ?? '?';
  return { file, accounts, accountsDataset: base, demoVersion, transactions, demoTransactions, generated: true, rows, seconds, rowsPerSecond: rows / seconds, bytes: storeFileBytes(file), hotAccounts: hot };
}

/**
 * Brings the (already migrated) file to `total` transactions: those the demo generator
 * wrote stay, with what hangs off them (NFT transfers, contract results), and the stream
 * adds the rest. Returns the rows written, the demo's transaction count and the hot accounts.
 */
export function writeTransactions(file: string, total: number, progress: (line: string) => void): { rows: number; demoTransactions: number; hot: number[] } {
  const db = new Database(file);
  try {
    // Out of WAL mode: a rollback journal only keeps the few pre-existing pages a load
    // changes (the filled tables start empty and grow at the file's end), where WAL would
    // write every new page twice. (better-sqlite3's defensive mode refuses journal_mode=OFF.)
    db.pragma('journal_mode = DELETE');
    db.pragma('synchronous = OFF');
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('cache_size = -1048576');
    const demoTransactions = db.prepare('SELECT count(*) FROM "transaction"').pluck().get() as number;
    const count = Math.max(0, total - demoTransactions);
    if (demoTransactions > 0) progress(`dataset: ${demoTransactions} demo transactions kept, ${count} to generate`);
    const pool = loadPool(db);
    const stream = new TransactionStream(pool, count, SPAN_NS);
    const existing = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
      AND tbl_name IN (${FILLED_TABLES.map(() => '?').join(', ')})`).pluck().all(...FILLED_TABLES) as string[];
    const indexes = migrationIndexes(FILLED_TABLES);
    db.transaction(() => {
      for (const name of existing) db.exec(`DROP INDEX "${name}"`);
    })();

    const insertTransaction = db.prepare(`INSERT OR IGNORE INTO "transaction" (consensus_timestamp, charged_tx_fee, entity_id, max_fee, memo,
        node_account_id, payer_account_id, result, transaction_hash, type, valid_duration_seconds, valid_start_ns)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 120, ?)`);
    const insertHash = db.prepare('INSERT INTO transaction_hash (consensus_timestamp, hash, hash_suffix, payer_account_id) VALUES (?, ?, ?, ?)');
    const insertCrypto = db.prepare('INSERT INTO crypto_transfer (consensus_timestamp, entity_id, amount, is_approval, payer_account_id) VALUES (?, ?, ?, 0, ?)');
    const insertToken = db.prepare('INSERT INTO token_transfer (consensus_timestamp, token_id, account_id, amount, is_approval, payer_account_id) VALUES (?, ?, ?, ?, 0, ?)');
    const memo = Buffer.from('bench');
    let rows = 0;
    let skipped = 0;
    const writeChunk = db.transaction((n: number) => {
      for (let i = 0; i < n; i++) {
        const t = stream.next();
        const ts = START_NS + BigInt(t.offsetNs);
        const written = insertTransaction.run(ts, t.fee, t.entity, t.fee * 2, t.offsetNs % 10 === 0 ? memo : null, t.node, t.payer, t.result, t.hash, t.type, ts - BigInt(t.validLagNs));
        // The one case a demo transaction holds the same nanosecond: leave it be.
        if (written.changes === 0) {
          skipped++;
          continue;
        }
        insertHash.run(ts, t.hash.subarray(0, 32), t.hash.subarray(32), t.payer);
        for (const [account, amount] of t.transfers) insertCrypto.run(ts, account, amount, t.payer);
        for (const [token, account, amount] of t.tokenTransfers) insertToken.run(ts, token, account, amount, t.payer);
        rows += 2 + t.transfers.length + t.tokenTransfers.length;
      }
    });
    for (let done = 0; done < count;) {
      const n = Math.min(CHUNK, count - done);
      writeChunk(n);
      done += n;
      if (done % (CHUNK * 20) === 0 || done === count) progress(`dataset: ${done}/${count} transactions`);
    }
    progress(`dataset: building ${indexes.length} indexes`);
    for (const sql of indexes) db.exec(sql);
    db.exec('ANALYZE');
    const hot = stream.hotAccounts;
    const setMeta = db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
    setMeta.run(META_HOT, JSON.stringify(hot));
    setMeta.run(META_DEMO, String(demoTransactions));
    setMeta.run(META_COMPLETE, String(rows));
    if (skipped > 0) progress(`dataset: ${skipped} generated transactions left out, their timestamp held a demo transaction`);
    return { rows, demoTransactions, hot: [...hot] };
  } finally {
    db.close();
  }
}

/**
 * The CREATE INDEX statements the migrations define on these tables. Taken from the
 * migrations rather than from the copied file, so that an accounts dataset written by an
 * older build still gets today's indexes.
 */
export function migrationIndexes(tables: readonly string[]): string[] {
  // An index a later migration drops or redefines counts in its last definition only.
  const byName = new Map<string, string>();
  for (const sql of MIGRATIONS.flatMap((m) => m.sql.match(/(?:CREATE (?:UNIQUE )?|DROP )INDEX [^;]+;/g) ?? [])) {
    const name = /INDEX (?:IF (?:NOT )?EXISTS )?"?(\w+)"?/.exec(sql)![1]!;
    byName.delete(name);
    if (sql.startsWith('CREATE')) byName.set(name, sql);
  }
  return [...byName.values()].filter((sql) => {
    const table = /\bON "?(\w+)"? \(/.exec(sql)?.[1];
    return table !== undefined && tables.includes(table);
  });
}

/** The ids the stream draws from, read once into typed arrays. */
function loadPool(db: Database.Database): AccountPool {
  const ids = (sql: string): Int32Array => {
    const values = db.prepare(sql).pluck().all() as number[];
    for (const v of values) if (v > 0x7fffffff) throw new Error(`entity id ${v} does not fit the generator's 32-bit pool`);
    return Int32Array.from(values);
  };
  const accounts = ids("SELECT id FROM entity WHERE type = 'ACCOUNT' AND id > 1000 AND coalesce(deleted, 0) = 0 ORDER BY id");
  const contracts = ids("SELECT id FROM entity WHERE type = 'CONTRACT' ORDER BY id");
  const byToken = new Map<number, number[]>();
  for (const [token, account] of db.prepare('SELECT token_id, account_id FROM token_account WHERE associated = 1').raw().iterate() as Iterable<[number, number]>) {
    const list = byToken.get(token);
    if (list) list.push(account);
    else byToken.set(token, [account]);
  }
  // The most held tokens first: the stream's popularity skew favours the start of the list.
  const tokens = [...byToken.entries()].filter(([, list]) => list.length >= 2).sort((a, b) => b[1].length - a[1].length || a[0] - b[0]);
  const tokenStart = new Int32Array(tokens.length + 1);
  const holders = new Int32Array(tokens.reduce((sum, [, list]) => sum + list.length, 0));
  let at = 0;
  tokens.forEach(([, list], i) => {
    tokenStart[i] = at;
    holders.set(list, at);
    at += list.length;
  });
  tokenStart[tokens.length] = at;
  return { accounts, contracts, tokens: Int32Array.from(tokens.map(([token]) => token)), tokenStart, holders };
}

/** The stored completion mark: rows written and hot accounts; null when absent or unfinished. */
function readMeta(file: string): { rows: number; hot: number[]; demoVersion: string; demoTransactions: number } | null {
  if (!fs.existsSync(file)) return null;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const get = (key: string) => (db.prepare('SELECT value FROM store_meta WHERE key = ?').pluck().get(key) as string | undefined);
    const hot = get(META_HOT);
    const rows = get(META_COMPLETE);
    return rows !== undefined && hot ? { rows: Number(rows), hot: JSON.parse(hot) as number[], demoVersion: get('demo.version') ?? '?', demoTransactions: Number(get(META_DEMO) ?? 0) } : null;
  } catch {
    return null;
  } finally {
    db.close();
  }
}

