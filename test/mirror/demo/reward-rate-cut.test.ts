import { afterAll, describe, expect, it } from 'vitest';
import { TINYBARS_PER_HBAR } from '../../../main/mirror/demo/balances.ts';
import { nodeFullRewardRate } from '../../../main/mirror/demo/network.ts';
import { payStakingRewards } from '../../../main/mirror/demo/staking-rewards.ts';
import { LAST_CLOSED_PERIOD, STAKING_REWARD_ACCOUNT, reconcileStakes } from '../../../main/mirror/demo/stakes.ts';
import { tempStore } from '../../helpers/ledger-fixture.ts';
import { insertRow } from '../../verify/verify-fixture.ts';

// A node whose rewarded stake passes its max_stake pays its stakers a rate cut to full × max_stake /
// stake_rewarded (HIP-406). The stake recorded is what they hold once paid, so the payouts are part of
// it: a rate set from their balances before the payouts would pay a year's rewards (a percent or two
// of the stake) more than the node's max_stake earns.

const { store, dispose } = tempStore();
afterAll(dispose);

const CUT_NODE = 4;
const FULL_NODE = 5;
const MAX_STAKE = 10n ** 15n;
const HBAR = BigInt(TINYBARS_PER_HBAR);
const DAY_NANOS = 86_400n * 1_000_000_000n;
/** A transaction of today: the first to change a staker's balance since its stake began, a year and more ago. */
const PAID_AT = BigInt(LAST_CLOSED_PERIOD + 1) * DAY_NANOS + 7n;

let nextId = 1001;
/** A node staker holding `balance`, paid in a transaction at PAID_AT for the 365 periods it is owed. */
function staker(node: number, balance: bigint): void {
  const id = nextId++;
  insertRow(store.db, 'entity', { id, num: id, type: 'ACCOUNT', balance, created_timestamp: 1, timestamp_range_lower: 1,
    stake_period_start: LAST_CLOSED_PERIOD - 400, staked_node_id: node, decline_reward: 0, deleted: 0 });
  insertRow(store.db, 'entity_stake', { id, staked_node_id_start: node, stake_total_start: balance });
  const at = PAID_AT + BigInt(id);
  insertRow(store.db, '"transaction"', { consensus_timestamp: at, payer_account_id: id, result: 22, type: 14 });
  insertRow(store.db, 'crypto_transfer', { consensus_timestamp: at, entity_id: id, amount: -1_000, payer_account_id: id });
}

function node(nodeId: number, stakeRewarded: bigint): void {
  insertRow(store.db, 'node_stake', { consensus_timestamp: 1, node_id: nodeId, max_stake: MAX_STAKE, reward_rate: nodeFullRewardRate(nodeId), stake_rewarded: stakeRewarded });
}

describe('the demo\'s reward rate of a node past its max_stake', () => {
  it('is cut so that its stakers, paid at it, earn what its max_stake would at the full rate; a node under its max keeps the full rate', () => {
    insertRow(store.db, 'entity', { id: STAKING_REWARD_ACCOUNT, num: STAKING_REWARD_ACCOUNT, type: 'ACCOUNT', balance: 10n ** 17n });
    insertRow(store.db, 'network_stake', { consensus_timestamp: 1 });
    // Twice its maximum: about half the full rate.
    node(CUT_NODE, 2n * MAX_STAKE);
    staker(CUT_NODE, MAX_STAKE);
    staker(CUT_NODE, MAX_STAKE);
    node(FULL_NODE, MAX_STAKE / 4n);
    staker(FULL_NODE, MAX_STAKE / 4n);
    payStakingRewards(store.db);
    reconcileStakes(store.db);

    const recorded = (nodeId: number) => store.db.prepare('SELECT reward_rate AS rate, stake_rewarded AS rewarded FROM node_stake WHERE node_id = ?')
      .safeIntegers(true).get(nodeId) as { rate: bigint; rewarded: bigint };
    const paid = (nodeId: number) => store.db.prepare(`SELECT coalesce(sum(r.amount), 0) FROM staking_reward_transfer r JOIN entity e ON e.id = r.account_id
      WHERE e.staked_node_id = ?`).safeIntegers(true).pluck().get(nodeId) as bigint;

    const cut = recorded(CUT_NODE);
    const full = BigInt(nodeFullRewardRate(CUT_NODE));
    expect(cut.rate < full / 2n + 1n).toBe(true);
    // Each staker paid 365 periods at the cut rate on its whole HBARs, and the stake recorded holds the payouts.
    expect(paid(CUT_NODE)).toBe(2n * (MAX_STAKE / HBAR) * cut.rate * 365n);
    expect(cut.rewarded).toBe(2n * MAX_STAKE + paid(CUT_NODE));
    // full × max / rewarded, to the tinybar per HBAR that rounding leaves.
    expect((cut.rate - 1n) * cut.rewarded <= full * MAX_STAKE, `${cut.rate} pays more than the max_stake earns`).toBe(true);
    expect(full * MAX_STAKE < (cut.rate + 1n) * cut.rewarded, `${cut.rate} pays less than the max_stake earns`).toBe(true);

    expect(recorded(FULL_NODE).rate).toBe(BigInt(nodeFullRewardRate(FULL_NODE)));
    expect(paid(FULL_NODE)).toBe(MAX_STAKE / 4n / HBAR * BigInt(nodeFullRewardRate(FULL_NODE)) * 365n);
  });
});
