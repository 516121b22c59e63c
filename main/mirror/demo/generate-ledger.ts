import type { Worker } from 'node:worker_threads';
import { ed25519KeyBytes } from '../format/key.ts';
import { LedgerStore, type SqliteDatabase } from '../store/ledger-store.ts';
import { applyKey, needsEcdsaKey, NODE_COUNT, planAccount, planContract, systemAccount, type AccountPlan } from './accounts.ts';
import { writeAssociations } from './associations.ts';
import { markDemoComplete, markDemoStarted } from './demo-meta.ts';
import { Ed25519Batch, startEd25519Helper } from './ed25519-batch.ts';
import { ed25519PublicKey, ed25519SeedFor, secp256k1KeysFor } from './keys.ts';
import { LedgerWriter } from './ledger-writer.ts';
import { Prng } from './prng.ts';
import { SharedKeys } from './shared-keys.ts';
import { DAY_SECONDS, DEMO_NOW_SECONDS, HISTORY_SECONDS, toNanos } from './timeline.ts';
import { planToken, settleToken, tokenEntityRow, type DemoToken } from './tokens.ts';

export interface DemoLedgerOptions {
  /** Accounts and contracts to create, system accounts 0.0.1..0.0.1000 included. */
  accounts: number;
  /** Accounts per transaction; progress is reported once per chunk. */
  chunkSize?: number;
  /**
   * Derive ED25519 keys on a helper thread (the output is the same either way). Default:
   * from KEY_THREAD_MIN_ACCOUNTS accounts on, where it outweighs the thread's start-up.
   */
  keyThread?: boolean;
}

export interface DemoLedgerStats {
  accounts: number;
  /** Rows written across entity, entity_stake, token and token_account. */
  rows: number;
  seconds: number;
  rowsPerSecond: number;
}

const SEED = 0x6d697272;
const KEY_THREAD_MIN_ACCOUNTS = 20_000;
const SYSTEM_ACCOUNTS = 1000;
/** Big enough to amortize commits, small enough for ~50 progress steps on a demo-sized ledger. */
function defaultChunkSize(total: number): number {
  return Math.min(10_000, Math.max(1_000, Math.ceil(total / 50)));
}
const CONTRACT_SHARE = 0.04;
/** Accounts holding at least this many tinybars (10k HBAR) become targets of account staking. */
const STAKE_TARGET_BALANCE = 1_000_000_000_000;
/** Staking periods are UTC days; the latest closed one is yesterday. */
const LAST_CLOSED_PERIOD = Math.floor(DEMO_NOW_SECONDS / DAY_SECONDS) - 1;
/** Roughly 2.5% a year, per day. */
const DAILY_REWARD_RATE = 0.000068;

/**
 * Replaces the store's ledger tables with a deterministic demo ledger of `options.accounts`
 * accounts: the same seed gives the same rows on every run and machine. Synchronous and
 * CPU-bound: call it in a worker (see generate-in-worker.ts) when a UI must stay responsive.
 */
export function generateDemoLedger(
  target: LedgerStore | SqliteDatabase,
  options: DemoLedgerOptions,
  onProgress?: (done: number, total: number) => void,
): DemoLedgerStats {
  const started = performance.now();
  const db = target instanceof LedgerStore ? target.db : target;
  const total = Math.max(0, Math.floor(options.accounts));
  const chunkSize = options.chunkSize ?? defaultChunkSize(total);
  const restore = useBulkLoadSettings(db);
  const helper = options.keyThread ?? total >= KEY_THREAD_MIN_ACCOUNTS ? startEd25519Helper() : null;
  try {
    const writer = new LedgerWriter(db);
    db.transaction(() => {
      writer.clear();
      markDemoStarted(db, total);
    })();
    writer.rows = 0;
    const state = new GeneratorState(total, helper);
    for (let done = 0; done < total;) {
      const end = Math.min(total, done + chunkSize);
      db.transaction(() => state.writeChunk(done, end, writer))();
      done = end;
      onProgress?.(done, total);
    }
    db.transaction(() => state.writeTokens(writer))();
    // The accounts queries pick their index from sqlite_stat1; without it, balance and
    // public-key filters can fall back to a scan.
    db.exec('ANALYZE');
    markDemoComplete(db);
    const seconds = (performance.now() - started) / 1000;
    return { accounts: total, rows: writer.rows, seconds, rowsPerSecond: Math.round(writer.rows / Math.max(seconds, 1e-9)) };
  } finally {
    void helper?.terminate();
    restore();
  }
}

/**
 * Durability is pointless while bulk loading a dataset that is regenerated when
 * incomplete, and a cache of up to 1 GiB (filled only by million-account loads) keeps the
 * randomly ordered secondary indexes (public key, alias, EVM address, balance) in memory.
 */
function useBulkLoadSettings(db: SqliteDatabase): () => void {
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -1048576');
  return () => {
    if (!db.open) return;
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma(`cache_size = ${cacheSize}`);
    db.pragma('wal_checkpoint(PASSIVE)');
  };
}

/** The running state of one generation: PRNG, next entity number, tokens so far. */
class GeneratorState {
  // Two streams: one consumed while planning accounts, one while writing their details.
  // Each is consumed in account order, so the output does not depend on the chunk size.
  readonly #rng = new Prng(SEED);
  readonly #detailRng = new Prng(SEED ^ 0x5bd1e995);
  readonly #systemCount: number;
  readonly #userCount: number;
  readonly #tokenCount: number;
  readonly #genesisKey: Buffer;
  readonly #tokens: DemoToken[] = [];
  readonly #stakeTargets: number[] = [];
  readonly #sharedKeys = new SharedKeys();
  #nextNum = 1;
  #lastAccountNum = 2;

  readonly #helper: Worker | null;

  constructor(total: number, helper: Worker | null) {
    this.#helper = helper;
    this.#systemCount = Math.min(SYSTEM_ACCOUNTS, total);
    this.#userCount = total - this.#systemCount;
    this.#tokenCount = this.#userCount > 0 ? Math.max(150, Math.round(total / 200)) : 0;
    this.#genesisKey = ed25519PublicKey(ed25519SeedFor(2));
  }

  /** Accounts [start, end) of the whole sequence, tokens interleaved where they fall. */
  writeChunk(start: number, end: number, writer: LedgerWriter): void {
    const plans: AccountPlan[] = [];
    for (let i = start; i < end; i++) {
      if (i < this.#systemCount) {
        const num = this.#nextNum++;
        writer.entity(systemAccount(num, this.#genesisKey, this.#rng));
        if (num >= 3 && num < 3 + NODE_COUNT) this.#stakeTargets.push(num);
        continue;
      }
      const user = i - this.#systemCount;
      while (this.#tokens.length < this.#tokenCount && this.#tokenPosition(this.#tokens.length) <= user) this.#createToken(writer, user);
      const num = this.#nextNum++;
      const fraction = user / this.#userCount;
      const plan = this.#rng.chance(CONTRACT_SHARE) ? planContract(num, fraction, this.#rng) : planAccount(num, fraction, this.#stakeTargets, this.#rng);
      plan.tokensAvailable = this.#tokens.length;
      if (plan.keyKind === 'ed25519') this.#sharedKeys.chooseOwner(plan, this.#rng);
      plans.push(plan);
      if (plan.row.type === 'ACCOUNT' && plan.row.deleted === 0) {
        this.#lastAccountNum = num;
        if (Number(plan.row.balance) >= STAKE_TARGET_BALANCE) this.#stakeTargets.push(num);
      }
    }
    const ecdsaPlans = plans.filter(needsEcdsaKey);
    const ecdsaKeys = secp256k1KeysFor(ecdsaPlans.map((plan) => plan.row.num));
    const keyByNum = new Map(ecdsaPlans.map((plan, i) => [plan.row.num, ecdsaKeys[i]!]));
    const ownEd25519 = plans.filter((plan) => plan.keyKind === 'ed25519' && plan.keyOwner === plan.row.num);
    const ed25519 = new Ed25519Batch(ownEd25519.map((plan) => plan.row.num), this.#helper);
    let nextOwn = 0;
    for (const plan of plans) {
      let edKey: Buffer | undefined;
      if (plan.keyKind === 'ed25519') {
        if (plan.keyOwner === plan.row.num) {
          edKey = ed25519.get(nextOwn++);
          this.#sharedKeys.remember(plan.row.num, edKey);
        } else {
          edKey = this.#sharedKeys.keyOf(plan.keyOwner);
        }
      }
      applyKey(plan, keyByNum.get(plan.row.num), edKey, this.#detailRng);
      writer.entity(plan.row);
      this.#writeStake(plan, writer);
      writeAssociations(plan, this.#tokens, writer, this.#detailRng);
    }
    this.#sharedKeys.release();
  }

  /** Token rows and treasury balances, once all holders are known. */
  writeTokens(writer: LedgerWriter): void {
    for (const token of this.#tokens) {
      const supplyKey = ed25519KeyBytes(ed25519PublicKey(ed25519SeedFor(token.num, 1)));
      const { token: row, treasury } = settleToken(token, supplyKey, this.#detailRng);
      writer.token(row);
      writer.tokenAccount({
        accountId: token.treasuryNum, tokenId: token.num, associated: 1, automaticAssociation: 0, balance: treasury,
        balanceTimestamp: token.createdNs, createdTimestamp: token.createdNs,
      });
    }
  }

  /** Token k appears at user position U*(k/T)^2: popular early tokens, a steady trickle later. */
  #tokenPosition(k: number): number {
    return Math.floor(this.#userCount * (k / this.#tokenCount) ** 2);
  }

  #createToken(writer: LedgerWriter, user: number): void {
    const num = this.#nextNum++;
    const createdNs = toNanos(DEMO_NOW_SECONDS - (1 - user / this.#userCount) * HISTORY_SECONDS, this.#rng);
    const token = planToken(this.#rng, num, createdNs, this.#lastAccountNum);
    const adminKey = ed25519PublicKey(ed25519SeedFor(num));
    writer.entity(tokenEntityRow(token, ed25519KeyBytes(adminKey), adminKey.toString('hex')));
    this.#tokens.push(token);
  }

  /** Node stakers get the entity_stake row the reward calculation would have written. */
  #writeStake(plan: AccountPlan, writer: LedgerWriter): void {
    const { row } = plan;
    if (row.stakedNodeId < 0) return;
    const periods = Math.min(365, LAST_CLOSED_PERIOD - row.stakePeriodStart);
    const balance = Number(row.balance ?? 0);
    writer.stake({
      id: row.num,
      endStakePeriod: LAST_CLOSED_PERIOD,
      pendingReward: row.declineReward === 1 ? 0 : Math.floor(balance * DAILY_REWARD_RATE * Math.max(0, periods)),
      stakedNodeIdStart: row.stakedNodeId,
      stakeTotalStart: row.balance ?? 0,
      timestampRangeLower: BigInt(LAST_CLOSED_PERIOD + 1) * 86_400_000_000_000n + 1n,
    });
  }
}
