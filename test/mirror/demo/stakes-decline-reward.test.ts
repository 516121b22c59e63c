import { afterAll, describe, expect, it } from 'vitest';
import { LAST_CLOSED_PERIOD, STAKING_REWARD_ACCOUNT, dailyRewardOf, reconcileStakes } from '../../../main/mirror/demo/stakes.ts';
import { TINYBARS_PER_HBAR } from '../../../main/mirror/demo/balances.ts';
import { tempStore } from '../../helpers/ledger-fixture.ts';
import { insertRow } from '../../verify/verify-fixture.ts';

// Reconciling the demo's stakes settles each staker's pending reward and the network's reward
// rate: the two must read an account's decline_reward by the same rule (1 declines), else one
// staker earns a pending reward that the rate leaves out, or the other way round.

const { store, dispose } = tempStore();
afterAll(dispose);

const NODE = 3;
const BALANCE = 100n * BigInt(TINYBARS_PER_HBAR);
const RATE = 6_400;

/** A staker to NODE whose stake follows its balance, with `declineReward` as stored. */
function staker(id: number, declineReward: number): void {
  insertRow(store.db, 'entity', { id, num: id, type: 'ACCOUNT', balance: BALANCE, decline_reward: declineReward, stake_period_start: LAST_CLOSED_PERIOD - 3, staked_node_id: NODE });
  insertRow(store.db, 'entity_stake', { id, staked_node_id_start: NODE, stake_total_start: BALANCE });
}

describe('reconciling stakes', () => {
  it('counts in the network\'s reward rate exactly the stakers it gives a pending reward', () => {
    insertRow(store.db, 'entity', { id: STAKING_REWARD_ACCOUNT, num: STAKING_REWARD_ACCOUNT, type: 'ACCOUNT', balance: 10n ** 15n });
    insertRow(store.db, 'node_stake', { consensus_timestamp: 1, node_id: NODE, max_stake: 10n ** 18n, reward_rate: RATE });
    insertRow(store.db, 'network_stake', { consensus_timestamp: 1 });
    // Rewarded (0), declining (1), and a value neither writes: whatever a staker is taken for, both settlements take it alike.
    staker(1001, 0);
    staker(1002, 1);
    staker(1003, 2);
    reconcileStakes(store.db);
    const pending = store.db.prepare('SELECT id, pending_reward FROM entity_stake ORDER BY id').safeIntegers(true).all() as Array<{ id: bigint; pending_reward: bigint }>;
    const rewarded = pending.filter((row) => row.pending_reward > 0n);
    expect(pending.find((row) => row.id === 1001n)!.pending_reward).toBeGreaterThan(0n);
    expect(pending.find((row) => row.id === 1002n)!.pending_reward).toBe(0n);
    const rate = store.db.prepare('SELECT staking_reward_rate FROM network_stake').safeIntegers(true).pluck().get() as bigint;
    expect(rate).toBe(BigInt(rewarded.length * dailyRewardOf(Number(BALANCE), RATE)));
  });
});
