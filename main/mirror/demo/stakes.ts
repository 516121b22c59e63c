import type { SqliteDatabase } from '../store/ledger-store.ts';
import { TINYBARS_PER_HBAR } from './balances.ts';
import { consensusWeight } from './network.ts';
import { DAY_SECONDS, DEMO_NOW_SECONDS } from './timeline.ts';

/** The staking reward account: every payout comes out of it (staking-rewards.ts), and it holds the reserve. */
export const STAKING_REWARD_ACCOUNT = 800;

/** Staking periods are UTC days; the latest closed one is yesterday. */
export const LAST_CLOSED_PERIOD = Math.floor(DEMO_NOW_SECONDS / DAY_SECONDS) - 1;

/** Rewards count at most this many periods back (HIP-406: a year of them is stored). */
const REWARDED_PERIODS = 365;

/**
 * Each node's `reward_rate` as node_stake records it (reward-rates.ts: cut for a node past its
 * maximum stake), the one rate its stakers are paid and accrue at. A node with no recorded stake
 * pays nothing.
 */
export function recordedRewardRates(db: SqliteDatabase): (node: number) => number {
  const rows = db.prepare('SELECT node_id AS node, reward_rate AS rate FROM node_stake ORDER BY consensus_timestamp').all() as Array<{ node: number; rate: number }>;
  // The latest period's row wins.
  const rates = new Map(rows.map(({ node, rate }) => [node, rate]));
  return (node) => rates.get(node) ?? 0;
}

/**
 * What a stake of `balance` tinybars earns in one period at its node's reward `rate`: the rate on
 * each whole HBAR (HIP-406). Under one HBAR nothing is earned, so nothing is paid.
 */
export function dailyRewardOf(balance: number, rate: number): number {
  return Math.floor(balance / TINYBARS_PER_HBAR) * rate;
}

/** The reward of `periods` closed periods (at most a year of them) on a stake of `balance` tinybars at its node's `rate`. */
export function rewardForPeriods(balance: number, rate: number, periods: number): number {
  return dailyRewardOf(balance, rate) * Math.max(0, Math.min(REWARDED_PERIODS, periods));
}

/**
 * Whether an account's stored `decline_reward` declines staking rewards: 1, as the ledger writes
 * true. The one rule for its pending reward, its node's rewarded stake and the network's reward
 * rate, so that these cannot disagree about a staker.
 */
export function declinesReward(declined: bigint): boolean {
  return declined === 1n;
}

/** The reward a staker at its node's `rate` has earned since its stake period began; nothing when it declines rewards. */
export function pendingRewardOf(balance: number, rate: number, stakePeriodStart: number, declineReward: boolean): number {
  return declineReward ? 0 : rewardForPeriods(balance, rate, LAST_CLOSED_PERIOD - stakePeriodStart);
}

/**
 * After the balances were settled against the history (reconcile-balances.ts): each node staker's
 * stake and pending reward follow its settled balance and its stake period start (which its last
 * reward payout moved: staking-rewards.ts), the nodes' rewarded and not rewarded stakes move by as
 * much as the stakes, each node's consensus weight and the network's total follow from those, and
 * so do the network's reward figures (settleNetworkRewards).
 */
export function reconcileStakes(db: SqliteDatabase): void {
  const stakers = db.prepare(`SELECT s.id, s.stake_total_start AS staked, s.staked_node_id_start AS node, e.balance, e.decline_reward AS declined,
      e.stake_period_start AS periodStart
    FROM entity_stake s JOIN entity e ON e.id = s.id WHERE e.balance IS NOT NULL`).safeIntegers(true)
    .all() as Array<{ id: bigint; staked: bigint; node: bigint; balance: bigint; declined: bigint; periodStart: bigint }>;
  const updateStaker = db.prepare('UPDATE entity_stake SET stake_total_start = ?, pending_reward = ? WHERE id = ?');
  const moveNodeStake = db.prepare('UPDATE node_stake SET stake_rewarded = stake_rewarded + ?, stake_not_rewarded = stake_not_rewarded + ? WHERE node_id = ?');
  const moved = new Map<bigint, { rewarded: bigint; notRewarded: bigint }>();
  const rewards: NetworkRewards = { perPeriod: 0n, reserved: 0n };
  const rateOf = recordedRewardRates(db);
  db.transaction(() => {
    for (const staker of stakers) {
      const change = staker.balance - staker.staked;
      const declined = declinesReward(staker.declined);
      const rate = rateOf(Number(staker.node));
      const pending = pendingRewardOf(Number(staker.balance), rate, Number(staker.periodStart), declined);
      updateStaker.run(staker.balance, pending, staker.id);
      if (!declined) rewards.perPeriod += BigInt(dailyRewardOf(Number(staker.balance), rate));
      rewards.reserved += BigInt(pending);
      if (change === 0n) continue;
      const node = moved.get(staker.node) ?? { rewarded: 0n, notRewarded: 0n };
      if (declined) node.notRewarded += change;
      else node.rewarded += change;
      moved.set(staker.node, node);
    }
    for (const [node, { rewarded, notRewarded }] of moved) moveNodeStake.run(rewarded, notRewarded, node);
    settleConsensusWeights(db);
    settleNetworkRewards(db, rewards);
  })();
}

/**
 * What the stakers add up to, in tinybars: `perPeriod`, what every rewarded stake earns in one
 * period at its node's rate; `reserved`, their pending rewards.
 */
interface NetworkRewards { perPeriod: bigint; reserved: bigint }

/**
 * The network's reward figures from the stakers' sums: `staking_reward_rate` (the tinybars a period
 * distributes) is their `perPeriod`, `reserved_staking_rewards` what 0.0.800 holds back for the
 * pending rewards, and `unreserved_staking_reward_balance` the rest of 0.0.800's balance.
 */
function settleNetworkRewards(db: SqliteDatabase, { perPeriod, reserved }: NetworkRewards): void {
  // A demo of the system accounts alone stops short of 0.0.800 (and has no stakers): nothing held, nothing reserved.
  const rewardFunds = (db.prepare('SELECT balance FROM entity WHERE id = ?').safeIntegers(true).pluck().get(STAKING_REWARD_ACCOUNT) as bigint | null | undefined) ?? 0n;
  db.prepare('UPDATE network_stake SET staking_reward_rate = ?, reserved_staking_rewards = ?, unreserved_staking_reward_balance = ?')
    .run(perPeriod, reserved, rewardFunds - reserved);
}

/** Each node's `stake` from what is staked to it, and the network's `stake_total` as their sum. */
function settleConsensusWeights(db: SqliteDatabase): void {
  const nodes = db.prepare(`SELECT consensus_timestamp AS at, node_id AS node, stake_rewarded + stake_not_rewarded AS staked,
      min_stake AS min, max_stake AS max FROM node_stake`).safeIntegers(true)
    .all() as Array<{ at: bigint; node: bigint; staked: bigint; min: bigint; max: bigint }>;
  const setWeight = db.prepare('UPDATE node_stake SET stake = ? WHERE consensus_timestamp = ? AND node_id = ?');
  const totals = new Map<bigint, bigint>();
  for (const { at, node, staked, min, max } of nodes) {
    const weight = consensusWeight(staked, min, max);
    setWeight.run(weight, at, node);
    totals.set(at, (totals.get(at) ?? 0n) + weight);
  }
  const setTotal = db.prepare('UPDATE network_stake SET stake_total = ? WHERE consensus_timestamp = ?');
  for (const [at, total] of totals) setTotal.run(total, at);
}
