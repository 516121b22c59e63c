import type { Worker } from 'node:worker_threads';
import { ed25519KeyBytes } from '../format/key.ts';
import { LedgerStore, type SqliteDatabase } from '../store/ledger-store.ts';
import { ActorPool, actorOf } from './actors.ts';
import { applyKey, moveCreation, needsEcdsaKey, NODE_COUNT, planAccount, planContract, systemAccount, type AccountPlan } from './accounts.ts';
import { fitAutomaticAssociationSlots, planAssociations } from './associations.ts';
import { writeAssociationTransactions } from './association-transactions.ts';
import { writeAccountHistory } from './account-history.ts';
import { reconcileAccountBalances } from './reconcile-balances.ts';
import { fundContracts } from './contract-funding.ts';
import { completeHollowAccounts } from './hollow-completion.ts';
import { keyKeylessAccounts } from './keyless-accounts.ts';
import { settleTreasuryBalance } from './treasury-balance.ts';
import { settleSystemBalances } from './system-balances.ts';
import { SupplyBudget } from './supply-budget.ts';
import { SYSTEM_ACCOUNTS, TREASURY } from './system-accounts.ts';
import { payStakingRewards } from './staking-rewards.ts';
import { recordDeletions } from './entity-deletions.ts';
import { writeBalanceSnapshots } from './balance-snapshots.ts';
import { LAST_CLOSED_PERIOD, reconcileStakes } from './stakes.ts';
import { EthereumNonces, writeContractHistory } from './contract-history.ts';
import { emptyStakeTotals, writeNetwork } from './network.ts';
import { writeNftHolding, writeTreasuryNfts } from './nfts.ts';
import { numberSerialsInMintOrder } from './nft-serial-order.ts';
import { NftResaleWriter, type NftCollector } from './nft-resales.ts';
import { writeSchedule, type SchedulePlan } from './schedules.ts';
import { writeTopic, type TopicPlan } from './topics.ts';
import { TX, writeTransaction } from './transaction-log.ts';
import { markDemoComplete, markDemoStarted } from './demo-meta.ts';
import { Ed25519Batch, startEd25519Helper } from './ed25519-batch.ts';
import { ed25519PublicKey, ed25519SeedFor, secp256k1KeysFor } from './keys.ts';
import { AirdropWriter } from './airdrops.ts';
import { writeBlocks } from './blocks.ts';
import { HOOKS_SINCE_NANOS, writeAccountHooks } from './hooks.ts';
import { planTokenFees, writeTokenFees } from './custom-fees.ts';
import { deferIndexes, restoreIndexes } from './deferred-indexes.ts';
import { HISTORY_TABLES, HistoryWriter } from './history-writer.ts';
import { DEMO_TABLES, LedgerWriter, type EntityRow } from './ledger-writer.ts';
import { Prng } from './prng.ts';
import { SharedKeys } from './shared-keys.ts';
import { DEMO_NOW_SECONDS, HISTORY_SECONDS, toNanos } from './timeline.ts';
import { distributeToHolder, settleAssociation } from './token-distribution.ts';
import { planToken, settleToken, tokenEntityRow, type DemoToken } from './tokens.ts';

export interface DemoLedgerOptions {
  /** Accounts and contracts to create, system accounts 0.0.1..0.0.1000 included. */
  accounts: number;
  /** Accounts per progress step (commits group several steps: see generateDemoLedger). */
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

type SideEntity = { kind: 'topic'; plan: TopicPlan } | { kind: 'schedule'; plan: SchedulePlan };

const SEED = 0x6d697272;
const KEY_THREAD_MIN_ACCOUNTS = 20_000;
/** Big enough to amortize commits, small enough for ~50 progress steps on a demo-sized ledger. */
function defaultChunkSize(total: number): number {
  return Math.min(10_000, Math.max(1_000, Math.ceil(total / 50)));
}
const CONTRACT_SHARE = 0.04;
/** Of the accounts that can have hooks (see #writeHooks), the share that has. */
const HOOK_OWNER_SHARE = 1 / 12;
/** Accounts holding at least this many tinybars (10k HBAR) become targets of account staking. */
const STAKE_TARGET_BALANCE = 1_000_000_000_000;

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
    const history = new HistoryWriter(db);
    // Indexes an interrupted run left dropped are rebuilt by deferIndexes, after the clear (over empty tables).
    db.transaction(() => {
      writer.clear();
      history.clear();
      markDemoStarted(db, total);
    })();
    deferIndexes(db, [...DEMO_TABLES, ...HISTORY_TABLES]);
    writer.rows = 0;
    history.rows = 0;
    const state = new GeneratorState(total, helper);
    // Progress per chunk, but a commit only every tenth of the run: each commit writes every page
    // the history's time-ordered tables touched since the last one, which is most of them.
    const commitEvery = Math.max(chunkSize, Math.ceil(total / 10));
    for (let done = 0; done < total;) {
      const commitEnd = Math.min(total, done + commitEvery);
      db.transaction(() => {
        while (done < commitEnd) {
          const end = Math.min(commitEnd, done + chunkSize);
          state.writeChunk(done, end, writer, history);
          done = end;
          onProgress?.(done, total);
        }
        history.flush();
      })();
    }
    db.transaction(() => {
      state.writeTokens(db, writer, history);
      history.flush();
      // Every serial and every transaction is written: the serials are numbered in mint order.
      numberSerialsInMintOrder(db);
    })();
    restoreIndexes(db);
    // The last transactions written, at the first free timestamps after the contracts' creations, before the blocks.
    db.transaction(() => {
      fundContracts(db, history);
      history.flush();
    })();
    // Every transaction is written: the blocks are read off them.
    history.rows += db.transaction(() => writeBlocks(db))();
    // After the indexes are back: it looks up each account's creation transfer.
    history.rows += reconcileAccountBalances(db).rowsAdded;
    // Once the balances are settled: a deleted account's version before its deletion holds what it had then.
    // Before the snapshots, which list an account only while it lives.
    history.rows += recordDeletions(db);
    // Over every transfer written, on the settled balances, which the rewards add to: a node's rate follows
    // the stake its stakers end with.
    history.rows += payStakingRewards(db).rowsAdded;
    // Once 0.0.800 has paid the rewards, and before the network's reward figures read its balance: the system
    // accounts' balances never go below zero at any snapshot either.
    settleSystemBalances(db);
    reconcileStakes(db);
    // Once every version of the accounts is written: a completion splits the version in force then.
    history.rows += completeHollowAccounts(db);
    keyKeylessAccounts(db);
    // Once every other balance is final: the treasury holds the rest of the total supply.
    settleTreasuryBalance(db);
    // From the final balances and transfers: each snapshot's balances are read backwards from them.
    // The token snapshots' secondary index is built after them, as the others were.
    deferIndexes(db, ['account_balance', 'token_balance']);
    const snapshots = db.transaction(() => writeBalanceSnapshots(db))();
    restoreIndexes(db);
    history.rows += snapshots.accountRows + snapshots.tokenRows;
    // The accounts queries pick their index from sqlite_stat1; without it, balance and
    // public-key filters can fall back to a scan. The history tables get sampled statistics
    // (analysis_limit): exact ones would cost a full pass over millions of rows.
    for (const table of DEMO_TABLES) db.exec(`ANALYZE ${table}`);
    db.pragma('analysis_limit = 2000');
    for (const table of HISTORY_TABLES) db.exec(`ANALYZE ${table}`);
    db.pragma('analysis_limit = 0');
    markDemoComplete(db);
    const seconds = (performance.now() - started) / 1000;
    const rows = writer.rows + history.rows;
    return { accounts: total, rows, seconds, rowsPerSecond: Math.round(rows / Math.max(seconds, 1e-9)) };
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
  /** The history (transactions, contract calls, messages) has its own stream, also in account order. */
  readonly #historyRng = new Prng(SEED ^ 0x27d4eb2f);
  /** Airdrops (from generator 10 on) draw from a stream of their own, so that adding them left the rest of the ledger as it was. */
  readonly #airdropRng = new Prng(SEED ^ 0x165667b1);
  /**
   * Hooks and custom fees (from generator 17 on) too. Token fees are drawn while planning, topic
   * fees while writing details: one stream each, as the two passes interleave by chunk.
   */
  readonly #hookRng = new Prng(SEED ^ 0x3c6ef372);
  readonly #tokenFeeRng = new Prng(SEED ^ 0x78dde6e4);
  readonly #topicFeeRng = new Prng(SEED ^ 0x1b873593);
  /** NFT resales (from generator 20 on), so that adding them left the rest of the ledger as it was. */
  readonly #resaleRng = new Prng(SEED ^ 0x2545f491);
  /** Per NFT collection, the user accounts the treasury delivered serials to, in account order: they resell some. */
  readonly #nftCollectors = new Map<number, NftCollector[]>();
  /** Live contracts so far, in creation order: a hook runs one of them. */
  readonly #hookContracts: number[] = [];
  readonly #actors = new ActorPool();
  readonly #nonces = new EthereumNonces();
  readonly #stakeTotals = emptyStakeTotals();
  /** The planned balances so far: rare whales are drawn only while they fit in half the total supply (supply-budget.ts). */
  readonly #budget = new SupplyBudget();
  readonly #tokenByNum = new Map<number, DemoToken>();
  /** Topics and schedules created just before an account, written in the detail pass in that order. */
  readonly #sideEntities = new Map<AccountPlan, SideEntity[]>();
  #topics = 0;
  #schedules = 0;
  readonly #systemCount: number;
  readonly #userCount: number;
  readonly #tokenCount: number;
  readonly #topicCount: number;
  readonly #scheduleCount: number;
  readonly #genesisKey: Buffer;
  readonly #tokens: DemoToken[] = [];
  readonly #stakeTargets: number[] = [];
  readonly #sharedKeys = new SharedKeys();
  #nextNum = 1;
  #lastAccountNum = 2;
  /**
   * The latest creation of a user entity so far. Entities are numbered in creation order, as the network numbers
   * them, so each is created after the one numbered before it (since generator 27; before, tokens planned in one
   * second took random nanoseconds, and 0.0.1002 could predate 0.0.1001): a drawn time that is not later moves to
   * a microsecond after that.
   */
  #lastCreatedNs = 0n;

  readonly #helper: Worker | null;

  constructor(total: number, helper: Worker | null) {
    this.#helper = helper;
    this.#systemCount = Math.min(SYSTEM_ACCOUNTS, total);
    this.#userCount = total - this.#systemCount;
    this.#tokenCount = this.#userCount > 0 ? Math.max(150, Math.round(total / 200)) : 0;
    this.#topicCount = this.#userCount > 0 ? Math.max(12, Math.round(total / 1000)) : 0;
    this.#scheduleCount = this.#userCount > 0 ? Math.max(10, Math.round(total / 2000)) : 0;
    this.#genesisKey = ed25519PublicKey(ed25519SeedFor(TREASURY));
  }

  /** Accounts [start, end) of the whole sequence, tokens interleaved where they fall. */
  writeChunk(start: number, end: number, writer: LedgerWriter, history: HistoryWriter): void {
    const plans: AccountPlan[] = [];
    for (let i = start; i < end; i++) {
      if (i < this.#systemCount) {
        const num = this.#nextNum++;
        const row = systemAccount(num, this.#genesisKey, this.#rng);
        writer.entity(row);
        // The treasury is the first actor: it funds the earliest user accounts.
        if (num === TREASURY) this.#actors.add(actorOf(row));
        if (num >= 3 && num < 3 + NODE_COUNT) this.#stakeTargets.push(num);
        continue;
      }
      const user = i - this.#systemCount;
      while (this.#tokens.length < this.#tokenCount && this.#tokenPosition(this.#tokens.length) <= user) this.#createToken(writer, user);
      const side = this.#planSideEntities(user);
      const num = this.#nextNum++;
      const fraction = user / this.#userCount;
      const plan = this.#rng.chance(CONTRACT_SHARE) ? planContract(num, fraction, this.#rng, this.#budget)
        : planAccount(num, fraction, this.#stakeTargets, this.#rng, this.#budget);
      const createdNs = this.#createdInOrder(plan.row.createdTimestamp);
      if (createdNs !== plan.row.createdTimestamp) moveCreation(plan, createdNs);
      plan.tokensAvailable = this.#tokens.length;
      if (plan.keyKind === 'ed25519') this.#sharedKeys.chooseOwner(plan, this.#rng);
      plans.push(plan);
      if (side.length > 0) this.#sideEntities.set(plan, side);
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
      this.#writeSideEntities(plan, writer, history);
      if (plan.row.type === 'CONTRACT') writeContractHistory(plan.row, plan.createdSeconds, plan.memoDraw, this.#actors, this.#nonces, history, this.#historyRng);
      // Planned before the row is written: the account's automatic association slots must fit them.
      const associations = planAssociations(plan, this.#tokens, this.#detailRng);
      fitAutomaticAssociationSlots(plan.row, associations);
      writer.entity(plan.row);
      this.#writeStake(plan, writer);
      const holdings = associations.flatMap((association) => association.holding ?? []);
      for (const association of associations) {
        const token = this.#tokenByNum.get(association.row.tokenId)!;
        const { holding } = association;
        if (holding?.nft) {
          const delivery = writeNftHolding(holding, token, this.#actors, history, this.#historyRng, plan.row.type === 'ACCOUNT');
          if (delivery && plan.row.type === 'ACCOUNT') this.#addNftCollector(token.num, { account: plan.row.num, serials: delivery.serials, receivedNs: delivery.deliveredNs });
        } else if (holding) {
          distributeToHolder(holding, history, this.#historyRng);
        }
        writeAssociationTransactions(association, plan.row.type === 'CONTRACT', token.treasuryNum, history, this.#historyRng);
      }
      if (plan.row.type === 'ACCOUNT') {
        writeAccountHistory(plan, holdings, this.#actors, history, this.#historyRng);
        if (plan.row.deleted === 0) this.#actors.add(actorOf(plan.row));
        this.#writeHooks(plan, history);
      } else if (plan.row.deleted === 0) {
        this.#hookContracts.push(plan.row.num);
      }
      for (const association of associations) writer.tokenAccount(settleAssociation(association, this.#tokenByNum.get(association.row.tokenId)!));
    }
    this.#sharedKeys.release();
  }

  /** Token rows, treasury balances, the treasuries' airdrops and the collectors' resales, once all holders are known; then the network tables. */
  writeTokens(db: SqliteDatabase, writer: LedgerWriter, history: HistoryWriter): void {
    const airdrops = new AirdropWriter(db);
    const resales = new NftResaleWriter(db);
    for (const token of this.#tokens) {
      const supplyKey = ed25519KeyBytes(ed25519PublicKey(ed25519SeedFor(token.num, 1)));
      // A token with custom fees has the key that may change them.
      const feeSchedule = token.fees ? ed25519KeyBytes(ed25519PublicKey(ed25519SeedFor(token.num, 5))) : null;
      const { token: row, treasury } = settleToken(token, { supply: supplyKey, feeSchedule }, this.#detailRng);
      writer.token(row);
      if (token.fees) writeTokenFees(history, token.num, token.treasuryNum, token.createdNs, token.fees);
      // A fungible token's initial supply is minted to its treasury by the creation itself.
      const minted = token.decimals === null ? [] : [[token.num, token.treasuryNum, row.initialSupply] as const];
      writeTransaction(history, { consensusNs: token.createdNs, payer: token.treasuryNum, type: TX.TOKEN_CREATE, fee: 1_000_000_000, entityId: token.num, tokenTransfers: minted });
      const serials = token.decimals === null ? writeTreasuryNfts(token, Number(treasury), history, this.#historyRng) : [];
      const { claimed, lastClaimNs } = airdrops.write(token, { balance: BigInt(treasury), serials }, this.#actors, writer, history, this.#airdropRng);
      writer.tokenAccount({
        accountId: token.treasuryNum, tokenId: token.num, associated: 1, automaticAssociation: 0, balance: BigInt(treasury) - claimed,
        balanceTimestamp: lastClaimNs !== null && lastClaimNs > token.movedNs ? lastClaimNs : token.movedNs, createdTimestamp: token.createdNs,
      });
      if (token.decimals === null) resales.write(token, this.#nftCollectors.get(token.num) ?? [], history, this.#resaleRng);
    }
    writeNetwork(history, this.#stakeTotals);
  }

  #addNftCollector(token: number, collector: NftCollector): void {
    const collectors = this.#nftCollectors.get(token);
    if (collectors) collectors.push(collector);
    else this.#nftCollectors.set(token, [collector]);
  }

  /** Topics and schedules due before user position `user`: numbered now, written in the detail pass. */
  #planSideEntities(user: number): SideEntity[] {
    const side: SideEntity[] = [];
    const due = (k: number, count: number) => Math.floor(this.#userCount * (k + 0.5) / count) <= user;
    const createdNs = () => this.#createdInOrder(toNanos(DEMO_NOW_SECONDS - (1 - user / this.#userCount) * HISTORY_SECONDS, this.#rng));
    while (this.#topics < this.#topicCount && due(this.#topics, this.#topicCount)) {
      side.push({ kind: 'topic', plan: { num: this.#nextNum++, createdNs: createdNs(), index: this.#topics++ } });
    }
    while (this.#schedules < this.#scheduleCount && due(this.#schedules, this.#scheduleCount)) {
      side.push({ kind: 'schedule', plan: { num: this.#nextNum++, createdNs: createdNs(), index: this.#schedules++ } });
    }
    return side;
  }

  #writeSideEntities(plan: AccountPlan, writer: LedgerWriter, history: HistoryWriter): void {
    const side = this.#sideEntities.get(plan);
    if (!side) return;
    this.#sideEntities.delete(plan);
    const writeEntity = (row: EntityRow) => writer.entity(row);
    for (const entity of side) {
      if (entity.kind === 'topic') writeTopic(entity.plan, this.#actors, history, writeEntity, this.#historyRng, this.#topicFeeRng);
      else writeSchedule(entity.plan, this.#actors, history, writeEntity, this.#historyRng);
    }
  }

  /**
   * Some live accounts created since hooks exist get hooks with their creation (about one in
   * twelve). Only accounts created by a CryptoCreate, which can carry hooks: those without an alias.
   */
  #writeHooks(plan: AccountPlan, history: HistoryWriter): void {
    const { row } = plan;
    if (row.deleted === 1 || row.alias !== null || row.createdTimestamp < HOOKS_SINCE_NANOS || this.#hookContracts.length === 0) return;
    if (!this.#hookRng.chance(HOOK_OWNER_SHARE)) return;
    const owner = { num: row.num, createdNs: row.createdTimestamp, address: actorOf(row).address, key: row.key };
    writeAccountHooks(owner, this.#hookContracts, () => this.#actors.pick(this.#hookRng), history, this.#hookRng);
  }

  /** The creation time of the next entity numbered: `drawn`, or a microsecond after the last creation where that is later. */
  #createdInOrder(drawn: bigint): bigint {
    const createdNs = drawn > this.#lastCreatedNs ? drawn : this.#lastCreatedNs + 1_000n;
    this.#lastCreatedNs = createdNs;
    return createdNs;
  }

  /** Token k appears at user position U*(k/T)^2: popular early tokens, a steady trickle later. */
  #tokenPosition(k: number): number {
    return Math.floor(this.#userCount * (k / this.#tokenCount) ** 2);
  }

  #createToken(writer: LedgerWriter, user: number): void {
    const num = this.#nextNum++;
    const createdNs = this.#createdInOrder(toNanos(DEMO_NOW_SECONDS - (1 - user / this.#userCount) * HISTORY_SECONDS, this.#rng));
    const token = planToken(this.#rng, num, createdNs, this.#lastAccountNum);
    token.fees = planTokenFees(token.decimals === null, token.treasuryNum, () => this.#feeCollector(token.treasuryNum), this.#tokenFeeRng);
    this.#tokenByNum.set(num, token);
    const adminKey = ed25519PublicKey(ed25519SeedFor(num));
    writer.entity(tokenEntityRow(token, ed25519KeyBytes(adminKey), adminKey.toString('hex')));
    this.#tokens.push(token);
  }

  /**
   * Who collects a flat fee: the treasury, or one of the large user accounts planned so far (the
   * planning order is the account order, so the choice does not depend on the chunk size).
   */
  #feeCollector(treasury: number): number {
    const large = this.#stakeTargets.filter((num) => num > SYSTEM_ACCOUNTS);
    return large.length === 0 || this.#tokenFeeRng.chance(0.5) ? treasury : this.#tokenFeeRng.pick(large);
  }

  /**
   * Node stakers get the entity_stake row the reward calculation would have written. Its pending
   * reward is settled by reconcileStakes: it needs the node's rate, which follows the stake its
   * stakers end with (reward-rates.ts), known once the balances are settled and the rewards paid.
   */
  #writeStake(plan: AccountPlan, writer: LedgerWriter): void {
    const { row } = plan;
    if (row.stakedNodeId < 0) return;
    const totals = row.declineReward === 1 ? this.#stakeTotals.notRewarded : this.#stakeTotals.rewarded;
    totals[row.stakedNodeId]! += BigInt(row.balance ?? 0);
    writer.stake({
      id: row.num,
      endStakePeriod: LAST_CLOSED_PERIOD,
      pendingReward: 0,
      stakedNodeIdStart: row.stakedNodeId,
      stakeTotalStart: row.balance ?? 0,
      timestampRangeLower: BigInt(LAST_CLOSED_PERIOD + 1) * 86_400_000_000_000n + 1n,
    });
  }
}
