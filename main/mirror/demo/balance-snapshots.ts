import type { SqliteDatabase } from '../store/ledger-store.ts';
import { BatchInsert } from './batch-insert.ts';
import { TREASURY } from './system-accounts.ts';
import { DAY_SECONDS, DEMO_NOW_SECONDS, HISTORY_SECONDS, NANOS } from './timeline.ts';

const HOUR_SECONDS = 3_600;
/** The last days before "now" get hourly snapshots: the demo's activity is densest there. */
const HOURLY_DAYS = 7;

export interface SnapshotStats {
  snapshots: number;
  accountRows: number;
  tokenRows: number;
}

/**
 * Balance snapshots of the demo ledger (account_balance, token_balance), as a mirror node's
 * importer keeps them from the network's balance files: the API answers `timestamp` queries of
 * `/balances` and `/accounts/{id}` from them. Daily at 00:00 UTC over the history, hourly over its
 * last week. The first snapshot of each month lists every account that exists then (and every
 * token relationship with a balance); the others only those whose balance changed since the
 * snapshot before, as the reference's importer deduplicates them, plus the treasury, which marks
 * each snapshot. The API looks back to the month's full snapshot for the rest.
 *
 * Balances are read backwards from the current ones: a snapshot's balance is today's minus every
 * transfer after it. Run once the ledger's transfers and balances are final.
 */
export function writeBalanceSnapshots(db: SqliteDatabase): SnapshotStats {
  const times = snapshotTimes();
  const newestFirst = times.toReversed();
  const full = fullSnapshotTimes(times);
  const isFull = (at: bigint): boolean => full.has(at);

  const accounts = db.prepare(`SELECT id, balance, created_timestamp, deleted, timestamp_range_lower FROM entity
    WHERE type IN ('ACCOUNT', 'CONTRACT')`).safeIntegers(true).all() as Array<{ id: bigint; balance: bigint | null; created_timestamp: bigint | null; deleted: bigint | null; timestamp_range_lower: bigint }>;
  const accountLife = new Map(accounts.map((a) => [Number(a.id), new Lifetime(a.created_timestamp, a.deleted === 1n ? a.timestamp_range_lower : null)]));
  const cryptoDeltas = db.prepare(`SELECT entity_id AS account, amount FROM crypto_transfer INDEXED BY crypto_transfer__timestamp
    WHERE consensus_timestamp > ? AND consensus_timestamp <= ?`).safeIntegers(true);
  const accountRows = new BatchInsert(db, 'account_balance (consensus_timestamp, account_id, balance)', 3);
  walkBack<number>({
    current: new Map(accounts.map((a) => [Number(a.id), a.balance ?? 0n])),
    deltasBetween: (after, upTo) => (cryptoDeltas.all(after, upTo) as Array<{ account: bigint; amount: bigint }>).map((row) => ({ key: Number(row.account), amount: row.amount })),
    newestFirst,
    isFull,
    inFull: (account, at) => accountLife.get(account)?.covers(at) ?? false,
    // The treasury is in every snapshot, as on a real network, so that the API can find the snapshots by it.
    always: [TREASURY],
    emit: (at, account, balance) => accountRows.add(at, account, balance),
  });
  accountRows.flush();

  const relationships = db.prepare('SELECT account_id, token_id, balance, created_timestamp, associated, timestamp_range_lower FROM token_account')
    .safeIntegers(true).all() as Array<{ account_id: bigint; token_id: bigint; balance: bigint; created_timestamp: bigint | null; associated: bigint; timestamp_range_lower: bigint }>;
  const pairLife = new Map(relationships.map((r) => [pairKey(r.account_id, r.token_id), new Lifetime(r.created_timestamp, r.associated === 0n ? r.timestamp_range_lower : null)]));
  const tokenRows = new BatchInsert(db, 'token_balance (consensus_timestamp, account_id, token_id, balance)', 4);
  // Fungible amounts, and an NFT counted into its receiver's balance and out of its sender's.
  const span = 'consensus_timestamp > :after AND consensus_timestamp <= :upTo';
  const tokenDeltas = db.prepare(`SELECT account_id AS account, token_id AS token, amount FROM token_transfer WHERE ${span}
    UNION ALL SELECT receiver_account_id, token_id, 1 FROM nft_transfer WHERE receiver_account_id IS NOT NULL AND ${span}
    UNION ALL SELECT sender_account_id, token_id, -1 FROM nft_transfer WHERE sender_account_id IS NOT NULL AND ${span}`).safeIntegers(true);
  walkBack<number>({
    current: new Map(relationships.map((r) => [pairKey(r.account_id, r.token_id), r.balance])),
    deltasBetween: (after, upTo) => (tokenDeltas.all({ after, upTo }) as Array<{ account: bigint; token: bigint; amount: bigint }>)
      .map((row) => ({ key: pairKey(row.account, row.token), amount: row.amount })),
    newestFirst,
    isFull,
    // A relationship with nothing in it is left out of the full lists (on the 20,000-account demo
    // 645,721 token rows instead of 808,024); a change to nothing is still listed when it happens.
    inFull: (pair, at, balance) => balance !== 0n && (pairLife.get(pair)?.covers(at) ?? false),
    always: [],
    emit: (at, pair, balance) => tokenRows.add(at, Math.floor(pair / PAIR_SPAN), pair % PAIR_SPAN, balance),
  });
  tokenRows.flush();
  return { snapshots: times.length, accountRows: accountRows.rows, tokenRows: tokenRows.rows };
}

/**
 * An account and token pair as one number (account × span + token), a fast Map key: exact below
 * 2^53, so for entity numbers below 2^26 (67 M; the bench generates at most 50 M accounts).
 */
const PAIR_SPAN = 2 ** 26;

function pairKey(account: bigint, token: bigint): number {
  if (token >= BigInt(PAIR_SPAN) || account >= BigInt(PAIR_SPAN)) throw new RangeError(`demo entity numbers beyond the snapshot key's range: ${account}, ${token}`);
  return Number(account) * PAIR_SPAN + Number(token);
}

/** From creation (null: before any snapshot) to deletion or dissociation (null: still there). */
class Lifetime {
  readonly #from: bigint | null;
  readonly #until: bigint | null;
  constructor(from: bigint | null, until: bigint | null) {
    this.#from = from;
    this.#until = until;
  }

  covers(at: bigint): boolean {
    return (this.#from === null || this.#from <= at) && (this.#until === null || at < this.#until);
  }
}

/** The snapshot times, oldest first, in nanoseconds: daily at 00:00 UTC, hourly over the last week. */
export function snapshotTimes(): bigint[] {
  const start = Math.ceil((DEMO_NOW_SECONDS - HISTORY_SECONDS) / DAY_SECONDS) * DAY_SECONDS;
  const hourlyFrom = DEMO_NOW_SECONDS - HOURLY_DAYS * DAY_SECONDS;
  const seconds: number[] = [];
  for (let at = start; at < hourlyFrom; at += DAY_SECONDS) seconds.push(at);
  for (let at = Math.ceil(hourlyFrom / HOUR_SECONDS) * HOUR_SECONDS; at <= DEMO_NOW_SECONDS; at += HOUR_SECONDS) seconds.push(at);
  return seconds.map((at) => BigInt(at) * NANOS);
}

/** The first snapshot of each calendar month (UTC): those list every balance. */
export function fullSnapshotTimes(times: readonly bigint[]): Set<bigint> {
  const full = new Set<bigint>();
  let month = '';
  for (const at of times) {
    const date = new Date(Number(at / 1_000_000n));
    const key = `${date.getUTCFullYear()}-${date.getUTCMonth()}`;
    if (key !== month) full.add(at);
    month = key;
  }
  return full;
}

/** A change of one balance at a consensus timestamp. */
export interface Delta<K> {
  key: K;
  amount: bigint;
}

/** Before every consensus timestamp, and after: the open ends of the walk's first and last spans. */
const BEFORE_ALL = -(2n ** 63n);
const AFTER_ALL = 2n ** 63n - 1n;

export interface WalkBackOptions<K> {
  /** Every balance as it is now. */
  current: Map<K, bigint>;
  /** The changes with a consensus timestamp in (after, upTo], in any order. */
  deltasBetween: (after: bigint, upTo: bigint) => Array<Delta<K>>;
  /** Snapshot times, newest first. */
  newestFirst: readonly bigint[];
  isFull: (at: bigint) => boolean;
  /** Whether a full snapshot at that time lists a key, which has that balance then. */
  inFull: (key: K, at: bigint, balance: bigint) => boolean;
  /** Keys listed in every snapshot. */
  always: readonly K[];
  emit: (at: bigint, key: K, balance: bigint) => void;
}

/**
 * Undoes the changes from the newest back, one span between snapshots at a time: at each
 * snapshot the running balances are those of that moment. A full snapshot lists every key that
 * `inFull` takes; any snapshot lists the keys that change between it and the snapshot before (with
 * their balance at the snapshot, read before that span is undone) and the `always` keys. A change
 * at exactly a snapshot's time counts in that snapshot. Spans are read whole (not iterated while
 * the snapshot rows are written: one SQLite connection cannot do both).
 */
export function walkBack<K>(options: WalkBackOptions<K>): void {
  const { current: running, newestFirst, emit } = options;
  const balanceOf = (key: K): bigint => running.get(key) ?? 0n;
  const undo = (deltas: ReadonlyArray<Delta<K>>): void => {
    for (const delta of deltas) running.set(delta.key, balanceOf(delta.key) - delta.amount);
  };
  if (newestFirst.length === 0) return;
  undo(options.deltasBetween(newestFirst[0]!, AFTER_ALL));
  newestFirst.forEach((at, i) => {
    const listed = new Set<K>();
    const list = (key: K): void => {
      if (listed.has(key)) return;
      listed.add(key);
      emit(at, key, balanceOf(key));
    };
    if (options.isFull(at)) for (const [key, balance] of running) if (options.inFull(key, at, balance)) list(key);
    for (const key of options.always) list(key);
    const span = options.deltasBetween(newestFirst[i + 1] ?? BEFORE_ALL, at);
    for (const delta of span) list(delta.key);
    undo(span);
  });
}
