import type { SqliteDatabase } from '../store/ledger-store.ts';
import { DAY_SECONDS, NANOS } from './timeline.ts';
import { prepareVersionCopy } from './entity-versions.ts';
import { settleRewardRates } from './reward-rates.ts';
import { dailyRewardOf, rewardForPeriods, STAKING_REWARD_ACCOUNT } from './stakes.ts';
import { RESULT } from './transaction-log.ts';

export interface StakingRewardStats {
  stakers: number;
  payouts: number;
  /** Rows added: 0.0.800's transfers, staking_reward_transfer rows, and the stakers' earlier versions in entity_history. */
  rowsAdded: number;
}

interface Payout {
  at: bigint;
  payer: bigint;
  /** Closed periods it pays for (rewardForPeriods counts a year of them at most). */
  periods: number;
  /** The staker's stake_period_start from this payout on: the last period it was paid for. */
  paidThrough: number;
}

type Staker = { id: bigint; balance: bigint | null; node: bigint; periodStart: bigint; since: bigint };

const DAY_NANOS = BigInt(DAY_SECONDS) * NANOS;

/**
 * Pays every node staker that has not declined rewards its pending reward as HIP-406 does: in any
 * successful transaction that changes its HBAR balance (its own or one that only credits it),
 * once a whole staking period (a UTC day) has closed since its stake began or it was last paid.
 * The reward covers those closed periods, at its node's reward_rate on its settled balance. The
 * payout is a transfer from 0.0.800 to the staker inside that transaction, with its
 * staking_reward_transfer row, and, as the reference's importer records it, a new version of the
 * staker with stake_period_start the period before; the staker's balance grows by it.
 *
 * A pass over the written transfers rather than a step in each writer: an account's balance is
 * touched by many of them (its own history, later accounts' transfers to it, contract calls, topic
 * fees, airdrops, resales, batches), so only the finished transfer table sees every change in time
 * order. It runs after the indexes are rebuilt (each staker's transfers are read through the
 * account/timestamp index) and after the balances are settled (reconcile-balances.ts), which the
 * rewards only add to: a node's rate is cut by the stake its stakers end with (reward-rates.ts), so
 * the payouts are laid out first (when and for how many periods), the rates set from them, and
 * only then paid.
 */
export function payStakingRewards(db: SqliteDatabase): StakingRewardStats {
  const stakers = db.prepare(`SELECT id, balance, staked_node_id AS node, stake_period_start AS periodStart, timestamp_range_lower AS since FROM entity
    WHERE staked_node_id >= 0 AND decline_reward = 0 AND stake_period_start >= 0 AND deleted = 0 ORDER BY id`).safeIntegers(true)
    .all() as Staker[];
  const changes = db.prepare(`SELECT ct.consensus_timestamp AS at, t.payer_account_id AS payer
    FROM crypto_transfer ct JOIN "transaction" t ON t.consensus_timestamp = ct.consensus_timestamp
    WHERE ct.entity_id = ? AND ct.consensus_timestamp > ? AND t.result = ? ORDER BY ct.consensus_timestamp`).safeIntegers(true);
  // Laid out twice rather than kept: a million-account ledger has millions of payouts.
  const payoutsDue = (staker: Staker) => payoutsOf(Number(staker.balance ?? 0n), Number(staker.periodStart),
    changes.all(staker.id, staker.since, RESULT.SUCCESS) as Array<{ at: bigint; payer: bigint }>);

  // What each node's stakers are paid at one tinybar a period per HBAR: their stake grows by the rate times that.
  const earning = new Map<number, bigint>();
  for (const staker of stakers) {
    const perTinybar = payoutsDue(staker).reduce((sum, payout) => sum + rewardForPeriods(Number(staker.balance ?? 0n), 1, payout.periods), 0);
    if (perTinybar > 0) earning.set(Number(staker.node), (earning.get(Number(staker.node)) ?? 0n) + BigInt(perTinybar));
  }
  const rateOf = settleRewardRates(db, earning);

  const credit = db.prepare('UPDATE crypto_transfer SET amount = amount + ? WHERE entity_id = ? AND consensus_timestamp = ?');
  const addTransfer = db.prepare('INSERT INTO crypto_transfer (consensus_timestamp, entity_id, amount, is_approval, payer_account_id) VALUES (?, ?, ?, 0, ?)');
  const addReward = db.prepare('INSERT INTO staking_reward_transfer (account_id, amount, consensus_timestamp, payer_account_id) VALUES (?, ?, ?, ?)');
  const addToBalance = db.prepare('UPDATE entity SET balance = balance + ? WHERE id = ?');
  const versions = new StakerVersions(db);
  let paidStakers = 0;
  let payouts = 0;
  let rowsAdded = 0;
  db.transaction(() => {
    for (const staker of stakers) {
      const rate = rateOf(Number(staker.node));
      // A node that pays nothing (its rate cut to 0) records no payouts, as none is paid.
      const paid = rate === 0 ? [] : payoutsDue(staker);
      if (paid.length === 0) continue;
      let total = 0n;
      for (const payout of paid) {
        const amount = rewardForPeriods(Number(staker.balance ?? 0n), rate, payout.periods);
        credit.run(amount, staker.id, payout.at);
        // One amount per account in a record: a transaction paying several stakers has one 0.0.800 transfer.
        if (credit.run(-amount, STAKING_REWARD_ACCOUNT, payout.at).changes === 0) rowsAdded += addTransfer.run(payout.at, STAKING_REWARD_ACCOUNT, -amount, payout.payer).changes;
        rowsAdded += addReward.run(staker.id, amount, payout.at, payout.payer).changes;
        total += BigInt(amount);
      }
      // Each version before a payout holds the balance it was paid on; the current one the rewards too.
      rowsAdded += versions.record(staker, paid);
      addToBalance.run(total, staker.id);
      paidStakers += 1;
      payouts += paid.length;
    }
  })();
  return { stakers: paidStakers, payouts, rowsAdded };
}

/**
 * The payouts among a staker's balance changes (in time order): the first change in a period at
 * least two after the last one paid for, i.e. once a whole period has closed since. A stake under
 * one HBAR earns nothing: no payout, as the network records none.
 */
function payoutsOf(balance: number, periodStart: number, changes: ReadonlyArray<{ at: bigint; payer: bigint }>): Payout[] {
  if (dailyRewardOf(balance, 1) === 0) return [];
  const payouts: Payout[] = [];
  let paidThrough = periodStart;
  // One row per account and transaction (writeTransaction merges an account's amounts): one change each.
  for (const { at, payer } of changes) {
    const closed = Number(at / DAY_NANOS) - 1;
    if (closed <= paidThrough) continue;
    payouts.push({ at, payer, periods: closed - paidThrough, paidThrough: closed });
    paidThrough = closed;
  }
  return payouts;
}

/**
 * A staker's versions as the reference's importer keeps them: each payout moves stake_period_start
 * to the period before it and starts a new version, so the current row is as of the last payout
 * and entity_history holds the one before each (from the stake's start, or the payout before).
 */
class StakerVersions {
  readonly #copy;
  readonly #update;

  constructor(db: SqliteDatabase) {
    this.#copy = prepareVersionCopy(db, 'entity', { stake_period_start: ':periodStart', timestamp_range_lower: ':from', timestamp_range_upper: ':until' }, 'id = :id');
    this.#update = db.prepare('UPDATE entity SET stake_period_start = ?, timestamp_range_lower = ? WHERE id = ?');
  }

  /** Writes the versions before each payout and moves the current row to the last one; returns the rows added. */
  record(staker: { id: bigint; periodStart: bigint; since: bigint }, payouts: readonly Payout[]): number {
    let rows = 0;
    let from = staker.since;
    let periodStart = Number(staker.periodStart);
    for (const payout of payouts) {
      rows += this.#copy.run({ periodStart, from, until: payout.at, id: staker.id }).changes;
      from = payout.at;
      periodStart = payout.paidThrough;
    }
    this.#update.run(periodStart, from, staker.id);
    return rows;
  }
}
