import type { SqliteDatabase } from '../store/ledger-store.ts';
import { TINYBARS_PER_HBAR } from './balances.ts';
import { consensusWeight } from './network.ts';
import { DAY_SECONDS, DEMO_NOW_SECONDS } from './timeline.ts';

/** Staking periods are UTC days; the latest closed one is yesterday. */
export const LAST_CLOSED_PERIOD = Math.floor(DEMO_NOW_SECONDS / DAY_SECONDS) - 1;
/**
 * Rewards are earned per whole HBAR staked (HIP-406): tinybars a day for each, roughly 2.5% a
 * year. Under one HBAR nothing is earned, so nothing is paid.
 */
const DAILY_REWARD_PER_HBAR = 6_800;

/** Rewards count at most this many periods back (HIP-406: a year of them is stored). */
const REWARDED_PERIODS = 365;

/** The reward of `periods` closed periods (at most a year of them) on a stake of `balance` tinybars. */
export function rewardForPeriods(balance: number, periods: number): number {
  return Math.floor(balance / TINYBARS_PER_HBAR) * DAILY_REWARD_PER_HBAR * Math.max(0, Math.min(REWARDED_PERIODS, periods));
}

/** The reward a node staker has earned since its stake period began; nothing when it declines rewards. */
export function pendingRewardOf(balance: number, stakePeriodStart: number, declineReward: boolean): number {
  return declineReward ? 0 : rewardForPeriods(balance, LAST_CLOSED_PERIOD - stakePeriodStart);
}

/**
 * After the balances were settled against the history (reconcile-balances.ts): each node staker's
 * stake and pending reward follow its settled balance and its stake period start (which its last
 * reward payout moved: staking-rewards.ts), the nodes' rewarded and not rewarded stakes move by as
 * much as the stakes, and each node's consensus weight and the network's total follow from those.
 */
export function reconcileStakes(db: SqliteDatabase): void {
  const stakers = db.prepare(`SELECT s.id, s.stake_total_start AS staked, s.staked_node_id_start AS node, e.balance, e.decline_reward AS declined,
      e.stake_period_start AS periodStart
    FROM entity_stake s JOIN entity e ON e.id = s.id WHERE e.balance IS NOT NULL`).safeIntegers(true)
    .all() as Array<{ id: bigint; staked: bigint; node: bigint; balance: bigint; declined: bigint; periodStart: bigint }>;
  const updateStaker = db.prepare('UPDATE entity_stake SET stake_total_start = ?, pending_reward = ? WHERE id = ?');
  const moveNodeStake = db.prepare('UPDATE node_stake SET stake_rewarded = stake_rewarded + ?, stake_not_rewarded = stake_not_rewarded + ? WHERE node_id = ?');
  const moved = new Map<bigint, { rewarded: bigint; notRewarded: bigint }>();
  db.transaction(() => {
    for (const staker of stakers) {
      const change = staker.balance - staker.staked;
      const declined = staker.declined === 1n;
      updateStaker.run(staker.balance, pendingRewardOf(Number(staker.balance), Number(staker.periodStart), declined), staker.id);
      if (change === 0n) continue;
      const node = moved.get(staker.node) ?? { rewarded: 0n, notRewarded: 0n };
      if (declined) node.notRewarded += change;
      else node.rewarded += change;
      moved.set(staker.node, node);
    }
    for (const [node, { rewarded, notRewarded }] of moved) moveNodeStake.run(rewarded, notRewarded, node);
    settleConsensusWeights(db);
  })();
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
