import type { SqliteDatabase } from '../store/ledger-store.ts';
import { nodeFullRewardRate, rewardRateOf } from './network.ts';
import { declinesReward } from './stakes.ts';

/**
 * Sets each node's `reward_rate` in node_stake (writeNetwork wrote the full rate) and returns it by
 * node: the full rate, cut as HIP-406 cuts it for a node whose rewarded stake passes its max_stake
 * (rewardRateOf). That stake is what reconcileStakes records, its rewarded stakers' balances once
 * paid, and what they are paid follows the rate: given `earning`, per node, what its stakers'
 * payouts come to at one tinybar per HBAR, the stake at rate r is their settled balances plus
 * r × earning. The rate is the least r that its own cut does not fall below, so that the stakers
 * together earn what the node's max_stake would at the full rate, to the tinybar per HBAR that
 * rounding leaves.
 */
export function settleRewardRates(db: SqliteDatabase, earning: ReadonlyMap<number, bigint>): (node: number) => number {
  // The stakers reconcileStakes counts as rewarded, by the same rule.
  const stakers = db.prepare(`SELECT s.staked_node_id_start AS node, e.balance, e.decline_reward AS declined
    FROM entity_stake s JOIN entity e ON e.id = s.id WHERE e.balance IS NOT NULL`).safeIntegers(true)
    .all() as Array<{ node: bigint; balance: bigint; declined: bigint }>;
  const settled = new Map<number, bigint>();
  for (const { node, balance, declined } of stakers) {
    if (!declinesReward(declined)) settled.set(Number(node), (settled.get(Number(node)) ?? 0n) + balance);
  }
  const nodes = db.prepare('SELECT consensus_timestamp AS at, node_id AS node, max_stake AS max FROM node_stake').safeIntegers(true)
    .all() as Array<{ at: bigint; node: bigint; max: bigint }>;
  const setRate = db.prepare('UPDATE node_stake SET reward_rate = ? WHERE consensus_timestamp = ? AND node_id = ?');
  const rates = new Map<number, number>();
  db.transaction(() => {
    for (const { at, node, max } of nodes) {
      const rate = rateFor(nodeFullRewardRate(Number(node)), settled.get(Number(node)) ?? 0n, earning.get(Number(node)) ?? 0n, max);
      setRate.run(rate, at, node);
      rates.set(Number(node), rate);
    }
  })();
  return (node) => rates.get(node) ?? 0;
}

/**
 * The least rate r up to `full` with r ≥ rewardRateOf(full, stake + r × earning, max): a binary
 * search, as that cut only falls while r rises. A node under its max_stake at the full rate keeps it.
 */
function rateFor(full: number, stake: bigint, earning: bigint, max: bigint): number {
  let low = 0;
  let high = full;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (mid >= rewardRateOf(full, stake + BigInt(mid) * earning, max)) high = mid;
    else low = mid + 1;
  }
  return low;
}
